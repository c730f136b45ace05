// ADD-IT: tap a card of your hand, tap the table cards of a group that adds up to it, and collect them.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {seatName, totalsAfter} from "../views/words.js";
import {card, cardRow, chosenWithKey, handArea} from "./cards.js";
import {helpsWithSums} from "./help.js";
import {suitIcon} from "./suits.js";

const label = (face) => t("addit.card", {suit: t(`addit.suit.${face.suit}`), value: face.value});
const faceOf = (face) => html`<span class="value">${face.value}</span>${suitIcon(face.suit)}`;
const LONG_TARGET = 201; // engine/addit.py's TARGET: a long match ends after the deal that takes a total there
const sameGroup = (a, b) => a.length === b.length && a.every((id) => b.includes(id));
/** A group captured, in a sentence: "2 + 3 + 4 = 9" (one card alone: "9"), its sum shown as it was built. */
const group = (faces, value) => (faces.length > 1 ? `${faces.map((f) => f.value).join(" + ")} = ${value}` : String(value));

function table(ctx, offer) {
  const {view, ui} = ctx;
  const cards = view.state.table.map((face) => card({id: face.id, label: label(face), face: faceOf(face),
    kind: `addit-${face.suit}`, action: offer ? "pick" : null, selected: ui.group.includes(face.id), disabled: ctx.busy,
    key: `table-${face.id}`, data: {value: face.value}}));
  return cardRow(t("addit.table"), cards);
}

/** How many groups make the card's number, told apart by their numbers as the rules sheet counts them (with 2, 3,
 * 3, 4, 4, 5, 6, 8, 8 an 8 has five: one 8, 2 + 3 + 3, 2 + 6, 3 + 5, 4 + 4), where the legal moves list a group
 * for each choice of cards (3 + 5 once per 3). */
function groupCount(offer, table) {
  const value = Object.fromEntries(table.map((face) => [face.id, face.value]));
  return new Set(offer.captures.map((group) => group.map((id) => value[id]).sort((a, b) => a - b).join("+"))).size;
}

/** The running sum of the picked group, whether it makes the card's number, and how many groups do. */
function sumLines(offer, picked, right, table) {
  const sum = picked.reduce((total, face) => total + face.value, 0);
  const sumLine = picked.length
    ? t("addit.sum", {parts: picked.map((f) => f.value).join(" + "), sum, target: offer.value})
    : t("addit.pickGroup", {target: offer.value});
  return html`<p class="live-sum ${right ? "ok" : ""}" id="addit-sum">${sumLine}${right ? html` <span aria-hidden="true">✓</span>` : ""}</p>
    <p class="hint">${offer.captures.length ? t("addit.groups", {count: groupCount(offer, table), target: offer.value})
      : t("addit.noGroup", {target: offer.value})}</p>`;
}

function controls(ctx, offer) {
  const {view, ui} = ctx;
  const sums = helpsWithSums(view);
  const picked = view.state.table.filter((face) => ui.group.includes(face.id));
  // Without help with the sums the server sends no captures (a counting test): any group may be sent, and the
  // server says why one does not add up.
  const right = sums && ui.group.length > 0 && offer.captures.some((group) => sameGroup(group, ui.group));
  const sendable = sums ? right : ui.group.length > 0;
  return html`<div class="controls">
    ${sums ? sumLines(offer, picked, right, view.state.table) : html`<p class="hint" id="addit-sum">${t("addit.pickGroup", {target: offer.value})}</p>`}
    <div class="actions">
      <button type="button" class="primary" data-action="capture" data-key="capture" ${sendable ? "" : html`aria-describedby="addit-sum"`}
        ${sendable && !ctx.busy ? "" : "disabled"}>
        ${picked.length ? t("addit.capture", {count: picked.length + 1}) : t("addit.captureNone")}</button>
      <button type="button" data-action="lay" data-key="lay" ${ctx.busy ? "disabled" : ""}>${t("addit.lay")}</button>
      ${sums && offer.captures.length ? html`<button type="button" data-action="best" data-key="best">${t("addit.best")}</button>` : ""}
    </div></div>`;
}

function hand(ctx) {
  const {view, legal, ui} = ctx;
  const offers = legal?.play || [];
  const cards = view.state.hand.map((face) => card({id: face.id, label: label(face), face: faceOf(face),
    kind: `addit-${face.suit}`, action: offers.length && !ctx.readOnly ? "select" : null, selected: ui.card === face.id,
    disabled: ctx.busy}));
  const offer = offers.find((o) => o.card === ui.card);
  return handArea(t("play.yourHand"), cards, offer ? controls(ctx, offer) : legal ? html`<p class="hint">${t("addit.pick")}</p>` : "");
}

export default {
  fresh: () => ({card: null, group: []}),
  // The table's cards a group is collected from stay in sight, not the facts and the title above them (views/play.js):
  // on a 360x640 phone, and on a phone held sideways, "Show the biggest group" stayed under the screen's foot
  keptInSight: (table) => table.querySelector(".addit .card-row .cards"),

  seatInfo(view, n) {
    const seat = view.state.seats[n];
    return t("addit.seatInfo", {count: seat.hand_count});
  },

  score(view, n) {
    if (view.state.length !== "long") return {text: t("score.seat.addit", {count: view.scores[n]})};
    return {text: t("score.seat.additLong", {score: view.scores[n], target: LONG_TARGET}), line: LONG_TARGET};
  },

  board(ctx) {
    const {view, legal, ui} = ctx;
    const offer = legal?.play.find((o) => o.card === ui.card) || null;
    const state = view.state;
    return html`<div class="addit" data-version="${view.version}">
      <p class="facts">${t(`addit.length.${state.length}`)} · ${t("addit.deal", {deal: state.deal})} · ${t("play.pile", {count: state.pile_count})}</p>
      ${table(ctx, offer && !ctx.readOnly ? offer : null)}
      ${state.hand ? hand(ctx) : ""}
    </div>`;
  },

  actions: {
    select(ctx, button, event) {
      ctx.ui.card = ctx.ui.card === button.dataset.card ? null : button.dataset.card;
      ctx.ui.group = [];
      ctx.repaint();
      // On to the table's cards, unless none makes a group with the card, as the page says: then it is laid
      const offer = ctx.legal.play.find((o) => o.card === ctx.ui.card);
      if (chosenWithKey(event) && offer && (!helpsWithSums(ctx.view) || offer.captures.length)) {
        document.querySelector('.addit [data-action="pick"]')?.focus();
      }
    },
    pick(ctx, button) {
      const id = button.dataset.card;
      ctx.ui.group = ctx.ui.group.includes(id) ? ctx.ui.group.filter((c) => c !== id) : [...ctx.ui.group, id];
      ctx.repaint();
    },
    best(ctx) {
      ctx.ui.group = [...ctx.legal.play.find((o) => o.card === ctx.ui.card).captures[0]];
      ctx.repaint();
    },
    capture(ctx) {
      ctx.play({type: "play", card: ctx.ui.card, capture: ctx.ui.group});
    },
    lay(ctx) {
      ctx.play({type: "play", card: ctx.ui.card, capture: []});
    },
  },

  describe(entry, {name, view, brief}) {
    const parts = [entry.captured.length
      ? t("log.addit.capture", {name, value: entry.card.value, parts: group(entry.captured, entry.card.value),
        count: entry.captured.length + 1})
      : t("log.addit.lay", {name, value: entry.card.value})];
    if (entry.dealt) parts.push(t("log.addit.dealt", {count: entry.dealt}));
    const end = entry.deal_end;
    if (end) {
      if (end.swept_by !== null && end.swept) {
        parts.push(t("log.addit.swept", {name: seatName(view, end.swept_by), count: end.swept}));
      }
      parts.push(t("log.addit.dealEnd", {deal: end.deal, points: end.points.map((p, s) =>
        `${seatName(view, s)} ${p}`).join(", ")}));
      if (end.deal > 1 && !brief) parts.push(totalsAfter(view, end.points.map((_, s) => s), end.points, end.totals)); // a long match
    }
    return parts;
  },
};
