// A class sheet followed from another device (the teacher's phone): the sheet lives on the device that made it, with
// the pupils' private links. *Follow on another device* gives a link to it that holds only what a spectator may know,
// each match's id and the pupils' names (anyone with a match's address watches it), so that the phone shows the same
// results and projector board, read as the matches go on, and nothing that plays for a pupil. No QR code: the link of
// a class of 30 is longer than the app's QR encoder takes (version 10); it is shared or copied to the phone.
import {keepSheet, sheetOf} from "../class-store.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {notice} from "./invite.js";

const PREFIX = "#follow=";
const WORD = /^[\w-]+$/; // a game's key, a level, a match's id: nothing else is part of them

/** `sheet`'s follow link: the game, the level, the day it was made, then each match made, its id and its pupils; every
 * part URI-encoded, so that the `;` and `,` between them never occur inside one. */
function followLink(sheet) {
  const made = sheet.groups.filter((group) => group.match).map((group) => [group.match.id, ...group.pupils]);
  const parts = [[sheet.game, sheet.level, sheet.at], ...made].map((part) => part.map(encodeURIComponent).join(","));
  return `${location.origin}/sheets/${sheet.id}${PREFIX}${parts.join(";")}`;
}

/** The sheet `id` a follow link carries (the address's hash), kept on this device unless it holds it already (the
 * device that made it keeps its own); the address then loses it. A link cut short or mangled keeps nothing. */
export function takeFollowed(id) {
  if (!location.hash.startsWith(PREFIX)) return;
  const hash = location.hash.slice(PREFIX.length);
  history.replaceState(history.state, "", location.pathname + location.search);
  let parts;
  try {
    parts = hash.split(";").map((part) => part.split(",").map(decodeURIComponent));
  } catch {
    return; // a stray % the message that carried it added
  }
  const [[game, level, at], ...made] = parts;
  const matches = made.filter(([match, ...pupils]) => WORD.test(match) && pupils.length);
  if (sheetOf(id) || !WORD.test(game) || !WORD.test(level ?? "") || !matches.length) return;
  keepSheet({id, game, level, at: Number(at) || Date.now(), followed: true,
    groups: matches.map(([match, ...pupils]) => ({pupils, body: {bots: []}, match: {id: match}, links: {}}))});
}

/** *Follow on another device* and, once pressed (`open`), the link to share or copy: {button, panel}; `current`: the
 * notice of the link's sharing (invite.js). Escape in the panel closes it (the sheet's closeFollow). */
export function followPanel(sheet, open, current) {
  const button = html`<button type="button" data-action="toggleFollow" data-key="follow" aria-controls="follow-panel"
    aria-expanded="${open ? "true" : "false"}">${t("follow.open")}</button>`;
  if (!open) return {button, panel: ""};
  return {button, panel: html`<div id="follow-panel" class="follow panel" data-escape="closeFollow"><p>${t("follow.hint")}</p>
    <label class="field">${t("follow.label")}
      <input id="follow-link" class="link" readonly value="${followLink(sheet)}" data-key="follow-link"></label>
    <p class="actions"><button type="button" class="primary" data-action="share" data-target="follow-link"
      data-message="${t("follow.message")}" data-key="share-follow">${t("invite.share")}</button>
      <button type="button" data-action="copy" data-target="follow-link" data-key="copy-follow">${t("invite.copy")}</button></p>
    ${notice(current, "follow-link")}</div>`};
}
