// ADD UP: two rows with their sums; play a card on one of them, a joker with the value you choose.
import {html, render} from "../html.js";
import {t} from "../i18n.js";
import {equation, expression, minus} from "../numbers.js";
import {announce} from "../ui.js";
import {card, cardRow, handArea, heldSideways} from "./cards.js";
import {helpsWithSums} from "./help.js";

const ROWS = ["top", "bottom"];
// A joker's value out of range is said once typing pauses this long: "1 is not from 10 to 999.", said at the 1 of 12,
// came after the 2 (a screen reader echoes the keys first) and told the player 12 was refused
const TYPING_PAUSE_MS = 800;
let rangeTold = null;

function cardWords(face, value, inSentence = false) {
  if (face.kind === "number") return inSentence ? String(face.value) : t("addup.card", {value: face.value});
  const kind = face.kind === "white_joker" ? "white" : "yellow";
  return value === undefined ? t(`addup.${kind}Joker`) : t(`addup.${kind}JokerAs`, {value});
}

const rangeOf = (face) => (face.kind === "white_joker" ? "0–5" : "10+");
const jokerShown = (face) => `J ${rangeOf(face)}`; // the words a joker's face shows

function faceOf(face, value) {
  if (face.kind === "number") return html`<span class="value">${face.value}</span>`;
  const range = rangeOf(face);
  return html`<span class="value">${value ?? "J"}</span> <span class="corner">${value === undefined ? range : "J"}</span>`;
}

/** A card of the hand, a button, is named by what it shows in one phrase: "J 0–5, white joker" ("J 0–5, White joker,
 * 0 to 5" said its range twice to a screen reader). */
function handName(face) {
  if (face.kind === "number") return cardWords(face);
  return t(`addup.${face.kind === "white_joker" ? "white" : "yellow"}JokerCard`, {shown: jokerShown(face)});
}

const jokerClass = (face) => (face.kind === "number" ? "addup-number" : `addup-${face.kind.replace("_", "-")}`);

/** The two rows; with help with the sums, each row's sum and whether they are equal between them. */
function rowsOf(view) {
  const {top, bottom} = view.state.rows;
  const sums = helpsWithSums(view);
  const relation = top.cards.length && bottom.cards.length && top.sum === bottom.sum ? "=" : "≠";
  return ROWS.map((row) => {
    // Newest first in the page, drawn right to left: a long row scrolls sideways and opens on its newest cards.
    const cards = [...view.state.rows[row].cards].reverse().map(({card: face, value}) =>
      card({id: face.id, label: cardWords(face, face.kind === "number" ? undefined : value), face: faceOf(face, face.kind === "number" ? undefined : value), kind: jokerClass(face)}));
    const sum = sums ? html` <span class="sum">${t("addup.sum", {sum: view.state.rows[row].sum})}</span>` : "";
    return cardRow(t(`addup.${row}Row`), cards, sum, `row-${row}`);
  }).reduce((a, b) => html`${a}${sums ? html`<p class="relation" aria-hidden="true">${relation}</p>` : ""}${b}`);
}

/** Two rows of one card each, equal: opening cards (a card played onto an equal row would have captured), which
 * capture nothing, though the rows show "=" (said with help with the sums, where the sums are shown). */
function equalOpenings(view) {
  const {top, bottom} = view.state.rows;
  return helpsWithSums(view) && top.cards.length === 1 && bottom.cards.length === 1 && top.sum === bottom.sum;
}

const inRange = (offer, value) => !offer.value || (Number.isInteger(value) && value >= offer.value.min && value <= offer.value.max);

/** "Top row: 15 -> 18", and whether that captures, for the value the card (or the typed joker value) adds;
 * "Top row" alone without help with the sums. */
function playLabel(view, offer, row, value) {
  if (!helpsWithSums(view)) return t(`addup.${row}Row`);
  const captures = offer.captures.some((c) => c.row === row && c.value === value);
  const from = view.state.rows[row].sum;
  return html`${t(`addup.playOn.${row}`, {from, to: inRange(offer, value) ? from + value : "?"})}${
    captures ? html` <strong class="capture">${t("addup.captures")}</strong>` : ""}`;
}

/** Why the rows' buttons are off for a typed joker value: "6 is not from 0 to 5" (empty when it fits). */
function rangeWords(offer, value) {
  return inRange(offer, value) || Number.isNaN(value) ? "" : t("addup.notInRange", {value, min: offer.value.min, max: offer.value.max});
}

function controls(ctx, offer, face) {
  const {view, ui} = ctx;
  const joker = face.kind !== "number";
  const value = joker ? ui.value : face.value;
  // A joker's rows are off while its value is out of range: the line under the field says why (empty otherwise)
  const buttons = offer.rows.map((row) => html`<button type="button" class="primary" data-action="play" data-row="${row}"
      data-key="play-${row}" ${joker ? html`aria-describedby="joker-range"` : ""} ${ctx.busy || !inRange(offer, value) ? "disabled" : ""}>${playLabel(view, offer, row, value)}</button>`);
  const hints = joker && helpsWithSums(view) ? offer.captures.map((c) => html`<button type="button" data-action="play" data-row="${c.row}"
      data-value="${c.value}" data-key="hint-${c.row}-${c.value}">${t(`addup.captureWith.${c.row}`, {value: c.value})}</button>`) : [];
  return html`<div class="controls">
    ${joker ? html`<label class="field">${t("addup.jokerValue", {min: offer.value.min, max: offer.value.max})}
      <input type="number" inputmode="numeric" min="${offer.value.min}" max="${offer.value.max}" value="${Number.isNaN(ui.value) ? "" : ui.value}"
        data-input="value" data-key="joker-value" aria-describedby="joker-range"></label>
      <p class="joker-range" id="joker-range">${rangeWords(offer, value)}</p>` : ""}
    <div class="actions">${buttons}</div>
    ${hints.length ? html`<div class="actions hints">${hints}</div>` : ""}
  </div>`;
}

function hand(ctx) {
  const {view, legal, ui} = ctx;
  const faces = view.state.hand || [];
  const offers = legal?.play || [];
  const cards = faces.map((face) => {
    const offer = offers.find((o) => o.card === face.id);
    return card({id: face.id, label: handName(face), face: faceOf(face), kind: jokerClass(face),
      shown: face.kind === "number" ? null : jokerShown(face),
      action: offer && !ctx.readOnly ? "select" : null, selected: ui.card === face.id, disabled: ctx.busy});
  });
  const offer = offers.find((o) => o.card === ui.card);
  const face = faces.find((f) => f.id === ui.card);
  const hint = legal && !ui.card ? html`<p class="hint">${t("addup.pick")}</p>` : "";
  return handArea(t("play.yourHand"), cards, offer && face ? controls(ctx, offer, face) : hint);
}

/** The value a joker's field opens with: one that captures, with help with the sums; else none, to type. */
function jokerValue(view, offer) {
  return helpsWithSums(view) ? offer.captures[0]?.value ?? offer.value.min : NaN;
}

const sum = (values) => values.reduce((a, b) => a + b, 0);

/** "5 + 2 = 7", a row of one card "7": a row captured, its sum as it was built. */
const rowSum = (values) => (values.length > 1 ? equation(values, sum(values)) : minus(sum(values)));

export default {
  fresh: () => ({card: null, value: 0}),
  // Held sideways, with help with the sums, each row's sum and what the card makes of it are on the move's buttons:
  // the card picked stays in sight rather than the top row's title (views/play.js); without, the rows, to count
  keptInSight: (table) => (heldSideways() && table.querySelector(".addup .sum") && table.querySelector(".hand [aria-pressed=true]")) || null,

  seatInfo: (view, n) => t("addup.seatInfo", {count: view.state.seats[n].hand_count}),
  score: (view, n) => ({text: t("score.seat.addup", {count: view.scores[n]})}),

  board(ctx) {
    const {view} = ctx;
    return html`<div class="addup" data-version="${view.version}">
      ${rowsOf(view)}
      ${equalOpenings(view) ? html`<p class="note" id="addup-equal-openings">${t("addup.equalOpenings")}</p>` : ""}
      <p class="pile">${t("play.pile", {count: view.state.pile_count})}</p>
      ${view.state.hand ? hand(ctx) : ""}
    </div>`;
  },

  actions: {
    select(ctx, button) {
      const id = button.dataset.card;
      ctx.ui.card = ctx.ui.card === id ? null : id;
      const offer = ctx.legal.play.find((o) => o.card === id);
      if (offer?.value) ctx.ui.value = jokerValue(ctx.view, offer);
      ctx.repaint();
    },
    /** Typing a joker's value updates the buttons in place: a repaint on "change" would replace the
     * button under the finger as it is tapped, and the tap would be lost. */
    value(ctx, input) {
      ctx.ui.value = input.value === "" ? NaN : Number(input.value);
      const offer = ctx.legal.play.find((o) => o.card === ctx.ui.card);
      for (const button of input.closest(".controls").querySelectorAll('[data-action="play"]:not([data-value])')) {
        render(button, playLabel(ctx.view, offer, button.dataset.row, ctx.ui.value));
        button.disabled = ctx.busy || !inRange(offer, ctx.ui.value);
      }
      // Said as it changes, once typing pauses: a live region of its own was drawn anew, and said again, at each repaint.
      const range = input.closest(".controls").querySelector("#joker-range");
      const words = rangeWords(offer, ctx.ui.value);
      clearTimeout(rangeTold);
      if (words && words !== range.textContent) {
        rangeTold = setTimeout(() => { // unless a move (a hint's capture) took the field away meanwhile
          if (document.getElementById("joker-range")?.textContent === words) announce(words);
        }, TYPING_PAUSE_MS);
      }
      range.textContent = words;
    },
    play(ctx, button) {
      const move = {type: "play", card: ctx.ui.card, row: button.dataset.row};
      const face = ctx.view.state.hand.find((f) => f.id === ctx.ui.card);
      if (face.kind !== "number") move.value = button.dataset.value ? Number(button.dataset.value) : ctx.ui.value;
      ctx.play(move);
    },
  },

  describe(entry, {name}) {
    const what = {name, card: cardWords(entry.card, entry.card.kind === "number" ? undefined : entry.value, true),
      row: t(`addup.in.${entry.row}`), count: entry.captured};
    const said = [t(entry.captured ? "log.addup.capture" : "log.addup.play", what)];
    if (entry.row_values) { // the sums that balanced the rows, for a child following the other player's arithmetic
      said.push(t("log.addup.balanced", {parts: expression(entry.row_values), total: minus(sum(entry.row_values)),
        row: t(`addup.in.${entry.row === "top" ? "bottom" : "top"}`), other: rowSum(entry.other_values)}));
    }
    return said;
  },
};
