// Plus and Minus: add your card to the top card and move one of your four men that far.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {equation, minus, signed} from "../numbers.js";
import {seatName} from "../views/words.js";
import {card, handArea} from "./cards.js";
import {helpsWithSums} from "./help.js";

const HOME = 25;
const label = (face) => t(`pm.${face.kind}`, {number: face.number});
const sign = (face) => `${face.kind === "plus" ? "+" : "−"}${face.number}`;
const faceOf = (face) => html`<span class="value">${sign(face)}</span>
  <span class="corner">${t(`pm.${face.kind}Short`)}</span>`;
/** A card of the hand is named by what it shows, in one phrase: "+13 plus card" ("Plus 13" lacked the corner's word a
 * voice user says; "+13 plus" alone did not say it was a card). */
const handName = (face) => t("card.shown", {shown: `${sign(face)} ${t(`pm.${face.kind}Short`)}`});

/** What a man counts when a game ends: 50 home, −20 on the stars, else his square. */
const manPoints = (square) => (square === HOME ? 50 : square === 0 ? -20 : square);

/** "19 − 20 − 20 − 20 = −41": a board's points at the end of a game, man by man, so a child can rebuild them. */
const boardSum = (men, points) => equation(men.map(manPoints), points);

function where(square) {
  if (square === 0) return t("pm.stars");
  return square === HOME ? t("pm.home") : String(square);
}

/** What tapping a lit square does: the move that lands there, when only one does (the buttons name every
 * move, for the keyboard and screen readers; the board is a picture to them). */
function landing(targets, square) {
  const option = targets.get(square);
  return option ? html`data-action="move" data-man="${option.man}" data-key="square-${square}" title="${moveText(option)}"` : "";
}

function boardOf(view, seat, me, targets) {
  const men = view.state.seats[seat].men;
  const token = (man) => html`<span class="man">${man + 1}</span>`;
  const squares = [];
  for (let n = 1; n <= HOME; n++) {
    const here = men.map((m, i) => [m, i]).filter(([m]) => m === n).map(([, i]) => token(i));
    squares.push(html`<li class="${[n === HOME ? "home" : "", targets.has(n) ? "target" : ""].join(" ")}" ${landing(targets, n)}>
      <span class="n">${n === HOME ? "★ 25" : n}</span>${here}</li>`);
  }
  const stars = men.map((m, i) => [m, i]).filter(([m]) => m === 0).map(([, i]) => token(i));
  const summary = men.map((m, i) => t("pm.manAt", {man: i + 1, where: where(m)})).join(", ");
  const name = seatName(view, seat);
  return html`<div class="pm-board ${seat === me ? "own" : ""}">
    <h3>${seat === me ? t("pm.yourBoard") : t("pm.boardOf", {name})} <span class="sum">${t("pm.worth", {points: minus(view.state.seats[seat].points)})}</span></h3>
    <p class="sr-only">${summary}</p>
    <div aria-hidden="true"><div class="stars ${targets.has(0) ? "target" : ""}" ${landing(targets, 0)}><span class="n">✶ ${t("pm.stars")}</span>${stars}</div>
    <ol class="squares">${squares}</ol></div>
  </div>`;
}

function moveText(option) {
  const outcome = option.outcome === "bust" && option.from === 0 ? "bustStays" : option.outcome; // no man on 1..24 to move
  return t(`pm.move.${outcome}`, {man: option.man + 1, from: where(option.from), to: where(option.to)});
}

function options(offer) {
  const seen = new Set();
  return offer.men.filter((o) => {
    const key = `${o.from}|${o.to}|${o.outcome}`;
    return !seen.has(key) && seen.add(key);
  });
}

/** The button that plays the chosen card moving `man` (null: no man). */
function moveButton(ctx, man, text) {
  return html`<button type="button" class="primary" data-action="move" data-man="${man ?? ""}" data-key="man-${man ?? "none"}"
    ${ctx.busy ? "disabled" : ""}>${text}</button>`;
}

/** Without help with the sums, the men are offered as they stand (every man not home, and no man): the
 * player adds the cards and finds the square; the server says why a man cannot go there. */
function menToChoose(ctx) {
  const men = ctx.view.state.seats[ctx.me].men;
  const movable = men.flatMap((square, man) => (square === HOME ? [] : [moveButton(ctx, man, t("pm.moveMan", {man: man + 1}))]));
  return html`<div class="controls"><div class="actions">${movable}${moveButton(ctx, null, t("pm.moveNone"))}</div></div>`;
}

function controls(ctx, offer, top) {
  if (!helpsWithSums(ctx.view)) return menToChoose(ctx);
  const face = ctx.view.state.hand.find((f) => f.id === offer.card);
  const sum = top ? t("pm.total", {top: signed(top.value), card: signed(face.value), total: signed(offer.total)})
    : t("pm.totalFirst", {total: signed(offer.total)});
  const buttons = offer.men.length ? options(offer).map((o) => moveButton(ctx, o.man, moveText(o)))
    : [moveButton(ctx, null, t("pm.noMove"))];
  return html`<div class="controls"><p class="live-sum">${sum}</p><div class="actions">${buttons}</div></div>`;
}

export default {
  fresh: () => ({card: null}),
  // The squares a move lands on are on the boards under its buttons: the card picked stays in sight (views/play.js)
  keptInSight: (table) => table.querySelector(".hand [aria-pressed=true]"),

  seatInfo(view, n) {
    const seat = view.state.seats[n];
    return t("pm.seatInfo", {count: seat.hand_count});
  },

  /** What the board is worth now (it counts when this game ends), after the games played so far: "−51 this game",
   * "40 in games 1 to 2 · −36 this game" (not "40 − 36 this game", a subtraction a child looked for the answer of). */
  score(view, n) {
    const points = minus(view.state.seats[n].points);
    const score = minus(view.scores[n]);
    if (view.status === "over") return {text: t("score.seat.plusminusOver", {score})};
    if (view.state.game === 1) return {text: t("score.seat.plusminus", {points})};
    return {text: t("score.seat.plusminusLater", {score, points, count: view.state.game - 1})};
  },

  board(ctx) {
    const {view, legal, ui, me} = ctx;
    const state = view.state;
    const offer = legal?.play.find((o) => o.card === ui.card) || null;
    const targets = new Map(); // square -> the one move landing there (null: several do, or a move is on its way)
    (offer && helpsWithSums(view) ? options(offer) : []).forEach((o) => targets.set(o.to, ctx.busy || targets.has(o.to) ? null : o));
    const top = state.top;
    // A game's first card must be a Plus card: the Minus cards in hand cannot be picked, and the page says why
    const plusFirst = !top && legal && (state.hand || []).some((face) => face.kind === "minus");
    const boards = view.seats.map((_, seat) => seat).sort((a, b) => (b === me) - (a === me))
      .map((seat) => boardOf(view, seat, me, seat === me ? targets : new Map()));
    const offers = legal?.play || [];
    const cards = (state.hand || []).map((face) => card({id: face.id, label: handName(face), face: faceOf(face),
      kind: `pm-${face.kind}`, action: offers.some((o) => o.card === face.id) && !ctx.readOnly ? "select" : null,
      selected: ui.card === face.id, disabled: ctx.busy}));
    return html`<div class="plusminus" data-version="${view.version}">
      <p class="facts">${t("pm.game", {game: state.game, games: state.games})} · ${t("pm.played", {count: state.played_count})}</p>
      <div class="top-card"><h3>${t("pm.top")}</h3>${top ? card({id: top.id, label: label(top), face: faceOf(top), kind: `pm-${top.kind}`})
        : html`<p class="hint">${t("pm.noTop")}</p>${plusFirst ? html`<p class="hint" id="pm-plus-first">${t("error.minus_first")}</p>` : ""}`}</div>
      ${state.hand ? handArea(t("play.yourHand"), cards, offer ? controls(ctx, offer, top)
        : legal ? html`<p class="hint">${t(helpsWithSums(view) ? "pm.pick" : "pm.pickMan")}</p>` : "") : ""}
      <div class="pm-boards">${boards}</div>
    </div>`;
  },

  actions: {
    select(ctx, button) {
      ctx.ui.card = ctx.ui.card === button.dataset.card ? null : button.dataset.card;
      ctx.repaint();
    },
    move(ctx, button) {
      ctx.play({type: "play", card: ctx.ui.card, man: button.dataset.man === "" ? null : Number(button.dataset.man)});
    },
  },

  describe(entry, {name, view, brief}) {
    const played = entry.top
      ? t("log.pm.play", {name, card: label(entry.card), top: label(entry.top), total: signed(entry.total)})
      : t("log.pm.first", {name, card: label(entry.card), total: signed(entry.total)});
    const moved = entry.man === null ? t("log.pm.still") : moveText(entry);
    const said = `${played} ${moved}`; // "Man 2 enters on 8", as on its button, or "no man moved."
    const parts = [/[.!?]$/.test(said) ? said : `${said}.`];
    const end = entry.game_end;
    if (end) {
      parts.push(t(`log.pm.end.${end.reason}`, {game: end.game, points: end.points.map((p, s) =>
        `${seatName(view, s)} ${brief ? minus(p) : boardSum(end.boards[s], p)}`).join(", ")}));
    }
    return parts;
  },
};
