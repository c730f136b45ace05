// A match page: join it from an invite link (or a join code typed on the home page), play it (or watch it) as it
// changes, or play it at a table passed round. A seat link read from a QR code ends `&qr` (see privateQr): the device
// that showed the code holds the seat too.
import {go} from "../router.js";
import {seatOf, tableOf} from "../seat-store.js";
import join from "./join.js";
import play from "./play.js";
import table from "./table.js";

export default function match(id) {
  const secrets = new URLSearchParams(location.hash.slice(1));
  const token = secrets.get("seat");
  // Keep secrets out of the address bar; the invite (or code) stays in this history entry's state, so Back from
  // the rules page (linked from the join screen) opens the join screen again.
  const invite = secrets.get("invite") || history.state?.invite;
  const code = secrets.get("code") || history.state?.code;
  if (token || invite || code) {
    history.replaceState({...history.state, invite: token ? undefined : invite, code: token ? undefined : code}, "", `/g/${id}`);
  }
  const joining = invite ? {invite} : code ? {join_code: code} : null;
  if (joining && !token && !seatOf(id)) return join(id, joining, () => go(`/g/${id}`, {replace: true}));
  if (!token && tableOf(id)) return table(id); // the seats this device holds together, passed round
  return play(id, token, secrets.has("qr"));
}
