// Words every screen shares: seat names, game names, whose turn it is, how a match ended.
import {serverBusy} from "../api.js";
import {html, literally} from "../html.js";
import {listing, t} from "../i18n.js";
import {expression, minus} from "../numbers.js";

export const NAME_MAX = 40; // the API's limit on a player's name

/** "Back to the games", alone under a page's last words (a page missing, a match gone): drawn as a button, a target a
 * finger finds; as a line of text it was 19 px high. */
export const homeLink = () => html`<p class="actions"><a class="button" href="/">${t("missing.home")}</a></p>`;

/** A class sheet's or league's page (`kind`: sheet | league) on a device that has none of it: both stay in the browser
 * that made them, and its address opened elsewhere (copied from the classroom computer's address bar) said "There is
 * nothing here.", the teacher's work seemingly lost. It says where the work is, and how to see it here. */
export function notOnThisDevice(kind) {
  document.title = `${t(`${kind}.notHere`)} · ${t("app.name")}`;
  return html`<h1 tabindex="-1">${t(`${kind}.notHere`)}</h1><p id="elsewhere">${t(`${kind}.elsewhere`)}</p>${homeLink()}`;
}

/** A field for a player's name, the API's limit its maxlength and said under it before anyone runs into it.
 * `own`: the player's own name (required; the browser may offer the one it knows); `seat`: whose name it is
 * on the create form. Typing in it calls the screen's `name` action. Left empty while the form shows an `error`
 * about names (the join, computer and rename forms check the name before sending anything, so any error beside an
 * empty own name is about it), it is marked invalid, and the screen's error takes the focus to it (ui.js). */
export function nameField(label, {name, value, own = true, seat = null, error = null}) {
  return html`<label class="field">${label}
    <input name="${name}" data-key="${name}" data-input="name" ${seat === null ? "" : html`data-seat="${seat}"`}
      maxlength="${NAME_MAX}" ${own ? html`required autocomplete="nickname"` : html`autocomplete="off"`} value="${value}"
      ${error && !value.trim() ? html`aria-invalid="true"` : ""}>
    <span class="hint limit">${t("name.limit", {max: NAME_MAX})}</span></label>`;
}

/** `key`'s text with a range ("2–8", "8–99") in `name`: in figures for the eye, wrapping as one word (a 200 % text once
 * broke Spanish "8–|99 años" after its dash), and in words for a screen reader, to which the dash is no word ("2 8
 * players"). A single number is said as it is. */
function ranged(key, name, value) {
  const [min, max] = String(value).split("–");
  if (max === undefined) return t(key, {[name]: value});
  return html`<span aria-hidden="true">${t(key, {[name]: `${min}\u2060–\u2060${max}`})}</span><span class="sr-only">${
    t(key, {[name]: t("home.range", {min, max})})}</span>`;
}

/** A game's players, age and length, as its card on the home page and its rules page say them; a lower age alone
 * ("5+") as each language writes it ("dès 5 ans", "ab 5 Jahren"). */
export function gameFacts({players, age, minutes}) {
  const seats = players.min === players.max ? players.min : `${players.min}–${players.max}`;
  const from = /^(\d+)\+$/.exec(age);
  return html`${ranged("home.players", "players", seats)} · ${
    from ? t("home.ageFrom", {min: from[1]}) : ranged("home.age", "age", age)} · ${t("home.minutes", {minutes})}`;
}

export function seatName(view, seat) {
  const taken = view.seats[seat];
  if (taken?.bot && taken.status !== "left") return t("bot.name", {level: t(`bot.level.${taken.bot}`)}); // seated so
  return taken?.name ? isolated(taken.name) : t("seat.unnamed", {n: seat + 1});
}

const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/; // Hebrew, Arabic, Syriac, Thaana... and their forms

/** A player's name as it sits in a sentence: a name in a right-to-left script is isolated (U+2068 ... U+2069),
 * or the browser's bidi algorithm runs it into what follows and "Sara +0, Ann +5" reads as "0+ Sara, ...". */
export function isolated(name) {
  return RIGHT_TO_LEFT.test(name) ? `\u2068${name}\u2069` : name;
}

/** A sentence of a logged move that is also a list, one item a player: the log reads `text` (it is what joining the
 * move's sentences writes), the last-move line shows `items` one under the other, where a round's points and totals
 * in a row of sentences made a wall of text. */
export class Listed {
  constructor(text, items) {
    this.text = text;
    this.items = items;
  }

  toString() {
    return this.text;
  }
}

/** "Totals: Ann 38 + 31 = 69, Bob 22 + 29 = 51.": what a deal's or a round's `points` bring each of `seats`' totals
 * to, as the scoreboard shows them, so the line adds up to it. */
export function totalsAfter(view, seats, points, totals) {
  return t("log.totals", {totals: seats.map((s) => totalOf(view, s, points[s], totals[s])).join(", ")});
}

/** "Ann 38 + 31 = 69": seat `s`'s total before `points` were added to it, and after; `how`, said after the points,
 * is where they came from. */
export function totalOf(view, s, points, total, how = "") {
  return `${seatName(view, s)} ${minus(total - points)} + ${points}${how} = ${minus(total)}`;
}

export function gameName(key) {
  return t(`game.${key}.name`);
}

/** A match's heading, the game's name, with its rules beside it where every screen of a match has them (WCAG 3.2.6). */
export function matchHead(game) {
  return html`<div class="play-head"><h1 class="play-title">${gameName(game)}</h1>
    <p class="links"><a href="/rules/${game}" data-key="rules">${t("play.rulesShort")}</a></p></div>`;
}

/** One line saying where the match stands, from `me`'s point of view (me may be null); `player`, me's name on a
 * shared device, is said with "your turn" (a child on the family's tablet must not take a sibling's turn). */
export function statusLine(view, me, player = null) {
  if (view.status === "waiting") return waitingFor(view);
  if (view.status === "over") return outcome(view, me);
  if (view.turn === me) return player ? t("status.yourTurnAs", {name: isolated(player)}) : t("status.yourTurn");
  return t("status.turnOf", {name: seatName(view, view.turn)});
}

/** A match's free seats: the names its creator reserved some for, and how many are open to anyone. */
export function freeSeats(view) {
  const free = view.seats.map((seat, n) => [seat, n]).filter(([seat]) => !seat.joined);
  const reserved = free.filter(([seat]) => seat.name).map(([, n]) => seatName(view, n));
  return {reserved, open: free.length - reserved.length};
}

/** Whom a match waits for: the names its creator reserved free seats for ("Waiting for Uma, Vic and 1 more
 * player."), else how many have joined. */
function waitingFor(view) {
  const {reserved, open} = freeSeats(view);
  const joined = view.seats.length - reserved.length - open;
  if (!reserved.length) return t("status.waiting", {joined, total: view.seats.length, count: joined});
  return t("status.waitingFor", {names: listing([...reserved, ...(open ? [t("status.morePlayers", {count: open})] : [])])});
}

export function outcome(view, me) {
  const winners = view.winners;
  if (winners.length === 1) {
    return winners[0] === me ? t("status.youWin") : t("status.wins", {name: seatName(view, winners[0])});
  }
  return t("status.shared", {names: listing(winners.map((s) => (s === me ? t("seat.you") : seatName(view, s))))});
}

/** The message for a refused request (`reason`), with the reference of a failure of the server. */
export const problemText = (error) => referenced(error, reason(error));

/** Why a poll failed, which the page asks again by itself: the server's own error (a 500) is no final answer either. */
export const pollText = (error) => referenced(error,
  error.status >= 500 && !serverBusy(error) ? t("error.retrying") : reason(error));

/** `text`, and the reference of the server's failure it tells ("(reference: 3f9a1c2e)"), which the operator finds in
 * the log (README: "Logs, metrics and errors"): selectable text, said once by a screen reader (see `unreferenced`). */
const referenced = (error, text) => (error.reference ? `${text} ${t("error.reference", {reference: error.reference})}` : text);

/** An error's words without its reference, which each retry changes: ui.js says an error again only when these do. */
export function unreferenced(text) {
  const [before, after] = t("error.reference").split("{reference}") // as ui.js reads words: French no-break spaces plain
    .map((part) => literally(part.replace(/\s+/g, " ")));
  return text.replace(new RegExp(` ${before}\\S+${after}$`), "");
}

/** Ours when we know the error's code, else the server's reason; a server too busy to answer (429, 503, whoever
 * answered) says only that. */
function reason(error) {
  if (serverBusy(error)) return t("error.busy");
  // The server's own error, in the page's language; without `saved` it claims nothing (a 500 from past the app's
  // handlers cannot know whether the change was made)
  if (error.code === "internal_error") return t(error.saved ? "error.internal.saved" : "error.internal");
  const params = errorWords(error.params || {});
  const pick = ERROR_KEYS[error.code];
  const text = pick ? t(typeof pick === "function" ? pick(params, error) : pick, params) : null;
  if (text && !/\{\w+\}/.test(text)) return text; // ours, unless the error lacked a number it names
  return error.detail || t("error.unknown");
}

/** Why a change the player made once failed (not kept by the outbox: a hint, a rename...): with no connection,
 * the player tries it again, not the page. */
export const onceText = (error) => (error.code === "network" ? t("error.networkTryAgain") : problemText(error));

/** A refusal's params as its texts use them: the arithmetic written out, what it makes and what is missing. */
function errorWords(params) {
  const shown = {...params};
  for (const key of ["total", "target", "value"]) if (typeof params[key] === "number") shown[key] = minus(params[key]);
  if (Array.isArray(params.allowed) && params.allowed.every(Number.isInteger)) shown.allowed = listing(params.allowed.map(minus));
  for (const key of ["colour", "other_colour"]) if (params[key]) shown[key] = t(`addtoo.colour.${params[key]}`);
  if (Array.isArray(params.parts)) {
    const known = params.parts.filter((n) => n !== null);
    const made = known.reduce((a, n) => a + n, 0);
    Object.assign(shown, {parts: expression(params.parts), made: minus(made), open: params.parts.length - known.length,
      terms: params.parts.length});
    if (typeof params.total === "number") shown.need = minus(params.total - made);
  }
  return shown;
}

/** Why a change the outbox keeps (see outbox.js) has not reached the server yet: no connection, or a busy server. */
/** Why a seat has no rematch to join on this device: it took its place there on another device, or, having left the
 * match (`status`), its place was open to anyone and is taken, by its player or by someone else. */
export const rematchTaken = (status) => t(status === "left" ? "rematch.seatTaken" : "rematch.elsewhere");

export const keptText = (entry) => t(entry.busy ? "outbox.busy" : "outbox.waiting", {what: t(`outbox.${entry.kind}`)});

const ERROR_KEYS = {
  ...Object.fromEntries([
    "network", "stale_version", "not_your_turn", "game_over", "not_started", "bad_invite", "match_full",
    "seat_taken", "name_required", "name_taken", "unknown_match", "bad_token", "unknown", "replace_mismatch",
    "one_total", "too_few_cards", "cannot_expose", "cannot_lay", "lay_back", "bad_option", "deadline_not_passed",
    "no_deadlines", "not_over", "already_started", "not_your_seat", "push_off", "link_replaced", "not_creator",
    "seat_free", "link_changed", "hints_off", "last_person", "turn_moved_on",
    "replace_circle", "replace_pool_empty",
    "already_left", "seats_reserved", "seats_changed", "bad_name", "too_many_subscriptions", "subscription_changed",
    "bot_seat", "bad_join_code", "unknown_join_code", "own_turn", "same_pace", "invite_replaced", "join_code_replaced",
    // the rules' refusals: ADD'EM, ADD-IT, ADD UP (a joker's value), ADD-TOO, Plus and Minus
    "already_exposed", "nothing_exposed", "pool_empty", "pool_not_empty", "exposed_named", "addem_value",
    "not_on_table", "out_of_range", "must_place", "hand_full", "pile_empty", "first_at_origin", "not_touching",
    "not_next_to_last", "colour_mismatch", "no_match_no_score", "minus_first", "no_move", "man_home", "stars_back",
    "stars_bust", "must_move",
  ].map((code) => [code, `error.${code}`])),
  // ADD'EM's forced draw says which move instead; ADD-TOO's must draw while it may
  must_draw: ({instead}) => ({draw: "addem.forced", pass: "addem.forcedPass"})[instead] ?? "error.must_draw",
  // Plus and Minus (a man moved on from a square: its sum; entering from the stars: the total) : ADD-TOO
  occupied: (params) => ("to" in params ? `error.occupied.${params.parts ? "move" : "man"}` : "error.occupied"),
  // ADD'EM: the arithmetic, and what the Add-Em cards left open would have to make
  sum_mismatch: ({open}) => ["error.sum_mismatch", "error.sum_mismatch.addem"][open] ?? "error.sum_mismatch.addems",
  // a seat freed before the start: its player taken off by the match's creator, or given back from another device
  seat_freed: (_, {by}) => (by === "seat" ? "error.seat_freed.seat" : "error.seat_freed"),
  capture_mismatch: ({terms}) => (terms === 1 ? "error.capture_mismatch.one" : "error.capture_mismatch"), // ADD-IT
};

/** Why a match this device knew of (its seat, its link) is gone, with the page that says for how long matches are kept. */
export const goneWhy = () => html`<p id="gone-why">${t("play.goneWhy")} <a href="/privacy">${t("privacy.link")}</a></p>`;

/** "2nd": seat `n`'s place in a finished match, as the server ranks it (`places`: the game's own order, ADD'EM's lowest
 * score first, a tie sharing a place). */
export const place = (view, n) => t("status.place", {count: view.places[n], ordinal: true});
