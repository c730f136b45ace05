// Moving to a new device (a phone replaced, the old one wiped and given away): one private link carries all that this
// device keeps of the app in its browser, every seat (a table's seats too, and the devices said to be the player's),
// the matches it watches, the class sheets with their pupils' cards, the leagues, the name typed and the language. The
// new device keeps what it has not already; notifications do not move (each device signs up for its own), which the
// new device says. No QR code: a dozen seats make a link longer than the app's QR encoder takes (version 10).
// Loaded by the home page only when asked (views/home.js): a first visit has nothing to move.
import {fromBase64url, toBase64url} from "../base64url.js";
import {SHEETS} from "../class-store.js";
import {html} from "../html.js";
import {chooseLanguage, language, listing, t} from "../i18n.js";
import {LEAGUES} from "../league.js";
import {route} from "../router.js";
import {SEATS, WATCHED, lastName, loadStored, rememberName, saveStored} from "../seat-store.js";
import {inviteActions, notice} from "./invite.js";

const PREFIX = "#move=";
const STORES = {seats: SEATS, watched: WATCHED, sheets: SHEETS, leagues: LEAGUES}; // the part of the link: its key

/** UTF-8 JSON as base64url: no character a message's punctuation or a mail client's line break could be taken for. */
const encode = (data) => toBase64url(new TextEncoder().encode(JSON.stringify(data)));
const decode = (text) => JSON.parse(new TextDecoder().decode(fromBase64url(text)));

function moveLink() {
  const carried = Object.fromEntries(Object.entries(STORES).map(([part, key]) => [part, loadStored(key)]));
  return `${location.origin}/${PREFIX}${encode({...carried, name: lastName(), language: language()})}`;
}

/** Keep what a moving link (the address's hash) carries, beside what this device holds already (which stays as it is),
 * but the old device's notifications, which are its browser's; the address then loses it, and its history entry keeps what moved (`moved`: {counts} or {broken}), said on the page.
 * Each seat moved is `moved` too: at its first showing here, the other device the server names is the old one
 * (views/seat-links.js). The link's language becomes this device's. */
export function takeMoved() {
  if (!location.hash.startsWith(PREFIX)) return;
  const text = location.hash.slice(PREFIX.length);
  let carried;
  try {
    carried = decode(text);
  } catch {
    carried = null; // cut short on its way: nothing kept
  }
  const counts = carried && Object.fromEntries(Object.entries(STORES).map(([part, key]) => {
    const here = loadStored(key);
    const brought = Object.entries(carried[part] || {}).filter(([id]) => !here[id])
      .map(([id, kept]) => [id, part === "seats" ? {...kept, push: null, pushLang: undefined, moved: true} : kept]);
    saveStored({...Object.fromEntries(brought), ...here}, key);
    return [part, Object.keys(carried[part] || {}).length];
  }));
  const moved = counts && Object.values(counts).some(Boolean) ? {counts} : {broken: true};
  history.replaceState({...history.state, moved}, "", location.pathname + location.search);
  if (carried?.name && !lastName()) rememberName(carried.name);
  if (carried?.language && carried.language !== language()) chooseLanguage(carried.language).then(() => route({inPlace: true}));
}

/** On the home page: what the moving link opened here moved, and what it could not. */
export function movedNote() {
  const arrived = history.state?.moved;
  if (!arrived) return "";
  if (arrived.broken) return html`<p class="error" id="moved" data-say>${t("move.broken")}</p>`;
  const said = Object.entries(arrived.counts).filter(([, count]) => count)
    .map(([part, count]) => t(`move.${part}`, {count}));
  return html`<div class="note" id="moved"><p data-say>${t("move.done", {what: listing(said)})}</p>
    <p>${t("move.notMoved", {button: t("push.on")})}</p></div>`;
}

/** What *Move everything to a new device* shows once opened: the private link to share or copy there. */
export function movePanel(current) {
  return html`<p><span class="tag private-tag">${t("seatLink.private")}</span> ${t("move.hint")}</p>
    <label class="field">${t("move.label")}
      <input id="move-link" class="link" readonly value="${moveLink()}" data-key="move-link"></label>
    <p class="actions"><button type="button" class="primary" data-action="share" data-target="move-link"
      data-message="${t("move.message")}" data-key="share-move">${t("invite.share")}</button>
      <button type="button" data-action="copy" data-target="move-link" data-key="copy-move">${t("invite.copy")}</button></p>
    ${notice(current, "move-link")}`;
}

/** The link's Share and Copy, for `screen` (its `notice` says what happened). */
export function moveActions(screen) {
  const {share, copy} = inviteActions(screen);
  return {share, copy};
}
