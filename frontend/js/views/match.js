// A match page: join it from an invite link (or a join code typed on the home page), play it (or watch it) as it
// changes, or play it at a table passed round. A seat link read from a QR code ends `&qr` (see privateQr): the device
// that showed the code holds the seat too.
import {inAppBrowser} from "../in-app.js";
import {go} from "../router.js";
import {seatOf, tableOf} from "../seat-store.js";
import join from "./join.js";
import play from "./play.js";
import table from "./table.js";

export default function match(id) {
  const secrets = new URLSearchParams(location.hash.slice(1));
  const token = secrets.get("seat");
  // Keep secrets out of the address bar; the invite (or code) stays in this history entry's state, so Back from
  // the rules page (linked from the join screen) opens the join screen again. In a chat app's own browser the invite
  // stays in the address too: the app's "Open in browser", which the join screen advises, opens the address as it is.
  const invite = secrets.get("invite") || history.state?.invite;
  const code = secrets.get("code") || history.state?.code;
  if (token || invite || code) {
    const kept = !token && inAppBrowser() ? location.hash : "";
    history.replaceState({...history.state, invite: token ? undefined : invite, code: token ? undefined : code}, "", `/g/${id}${kept}`);
  }
  const joining = invite ? {invite} : code ? {join_code: code} : null;
  if (joining && !token && !seatOf(id)) return join(id, joining, () => go(`/g/${id}`, {replace: true}));
  if (!token && tableOf(id)) return table(id); // the seats this device holds together, passed round
  return play(id, token, secrets.has("qr"));
}
