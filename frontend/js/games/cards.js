// A card or tile on screen: a button when it can be chosen, a labelled picture otherwise.
import {html, literally} from "../html.js";

/** `label`, after the words `shown` unless it says them already (as words: "impair" is not in "impaire"); a game names
 * its hand's cards so that they do ("7 total card"), as words put before the name said the card twice to a screen
 * reader ("7 total, Total card 7"). */
function named(label, shown) {
  const says = shown && new RegExp(`(^|[^\\p{L}\\p{N}])${literally(shown)}($|[^\\p{L}\\p{N}])`, "iu").test(label);
  return shown && !says ? `${shown}, ${label}` : label;
}

/**
 * card({id, label, face, kind, action, selected, disabled, key, data, shown})
 * `label` is what a screen reader says ("Total card 7"); `kind` adds a class for colour and shape cues. `shown`: the
 * words the face shows ("7 total"), which a button's `label` should say in one phrase ("7 total card"), so that a voice
 * control user can say what they see ("tap 7 total"; WCAG's label in name); else they are put before it.
 */
export function card({id, label, face, kind = "", action = null, selected = false, disabled = false, key = null, data = {},
  shown = null}) {
  const attrs = Object.entries(data).map(([name, value]) => html` data-${name}="${value}"`);
  if (action) {
    return html`<button type="button" class="card ${kind} ${selected ? "selected" : ""}" data-action="${action}"
      data-card="${id}" data-key="${key || `card-${id}`}" aria-pressed="${selected ? "true" : "false"}"
      aria-label="${named(label, shown)}" ${disabled ? "disabled" : ""}${attrs}>${face}</button>`;
  }
  return html`<span class="card ${kind}" role="img" aria-label="${label}" data-card="${id || ""}"${attrs}>${face}</span>`;
}

/** Whether the play screen is laid out for a phone held sideways, the table beside the status, in a screen's height
 * (css/app.css's query): a game may keep less of its table in sight there (`keptInSight`) to show the move's buttons. */
export const heldSideways = () => matchMedia("(orientation: landscape) and (max-height: 32rem) and (min-width: 30rem)").matches;

/** A row of cards under a heading; a row given a `scrollKey` is one line that scrolls sideways, and so takes
 * focus (for keys) under that data-key. */
export function cardRow(title, cards, extra = "", scrollKey = null) {
  const keys = scrollKey ? html` tabindex="0" role="group" aria-label="${title}" data-key="${scrollKey}"` : "";
  return html`<div class="card-row"><h3>${title}${extra}</h3><div class="cards"${keys}>${cards.length ? cards : html`<span class="empty">—</span>`}</div></div>`;
}

/** The hand area: its cards, and what may be done with the chosen one; no heading over no cards (a hand
 * played out at the end of the match, or at a step of its replay). */
export function handArea(title, cards, controls) {
  if (!cards.length) return controls || "";
  return html`<div class="hand"><h3>${title}</h3><div class="cards">${cards}</div>${controls || ""}</div>`;
}

/** Whether a card was chosen with a key (Enter or Space make a click of detail 0; a tap's is 1): the cells or cards to
 * pick next then take the focus, as they sit above the hand, out of Tab's way. */
export const chosenWithKey = (event) => event?.type === "click" && event.detail === 0;
