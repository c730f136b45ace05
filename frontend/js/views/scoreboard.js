// Everyone at the table: name, score, whose turn it is and each game's public details.
import {html} from "../html.js";
import {listing, t} from "../i18n.js";
import {botTag} from "./computer.js";
import {timedOut} from "./pace.js";
import {place, seatName} from "./words.js";

// From this many seats the scores are a compact list, one line a seat (two when a long name needs the room),
// so the table and the hand stay on a phone's first screen, long names and longer languages too (README:
// "One-screen play"); two seats sit side by side, with a bar toward the line.
const COMPACT_FROM = 3;
// Between a seat's name, score and details, which the page sets apart by lines and weight, for a screen reader, which
// read them as one run of words: "0 of 50 5 diamonds", "0 cards captured 3 cards in hand".
const PAUSE = html`<span class="sr-only">, </span>`;

export function scoreboard(view, me, game) {
  const compact = view.seats.length >= COMPACT_FROM;
  const scores = view.seats.map((seat, n) => game.score(view, n));
  const rows = view.seats.map((seat, n) => {
    const turn = view.status === "playing" && view.turn === n;
    const classes = ["seat", turn ? "turn" : "", n === me ? "me" : "", seat.joined ? "" : "free"].join(" ");
    return html`<li class="${classes}">
      <span class="who">${turn ? html`<span class="turn-mark" aria-hidden="true">▶</span>` : ""}
        <strong>${seatName(view, n)}</strong>${n === me ? html` <span class="tag">${t("seat.you")}</span>` : ""}
        ${!seat.joined ? html` <span class="tag">${t("seat.free")}</span>` : ""}
        ${seat.bot ? html` <span class="tag bot">${botTag(seat)}</span>` : ""}
        ${seat.status === "left" && !seat.bot ? html` <span class="tag">${t("seat.autopilot")}</span>` : ""}
        ${seat.status === "resigned" && !timedOut(view, seat) ? html` <span class="tag">${t("seat.resigned")}</span>` : ""}
        ${seat.timeouts ? html` <span class="tag">${t("seat.timeouts", {count: seat.timeouts})}</span>` : ""}
        ${view.places?.length ? html` <span class="tag place">${place(view, n)}</span>` : ""}
        ${turn ? html`<span class="sr-only">, ${t("seat.toPlay")}</span>` : ""}</span>${PAUSE}
      ${standing(view, n, scores[n], compact)}${PAUSE}
      <span class="info">${game.seatInfo(view, n)}</span>
    </li>`;
  });
  // The compact list's short scores ("33 of 50") read as a goal to reach unless told once that lower wins
  const lowWins = compact && scores.some((score) => score.lowWins);
  return html`<section class="scores" aria-label="${t("seat.players")}">
    ${lowWins ? html`<p class="scores-note">${t("score.lowerWins")}</p>` : ""}
    <ol class="seats ${compact ? "compact" : ""}">${rows}</ol></section>`;
}

/** A seat's score in the game's own words and, where a line ends the match or puts a player out, a bar
 * of the way there (ADD'EM's fills toward the 50 that puts a player out: lower is better). A compact list
 * shows the score alone, in its short words where the game has them ("33 of 50", under a line that says
 * lower wins). */
function standing(view, n, {text, short, line, lowWins = false}, compact) {
  if (compact) return html`<span class="score">${short || text}</span>`;
  const value = Math.max(0, Math.min(view.scores[n], line ?? 0));
  return html`<span class="score">${text}</span>${line ? html`<meter class="toward ${lowWins ? "low-wins" : ""}"
    min="0" max="${line}" value="${value}" ${lowWins ? html`low="${line * 0.6}" high="${line * 0.8}" optimum="0"` : ""}
    aria-hidden="true"></meter>` : ""}`;
}

/** One sentence on what the points are and who wins, with the match's own target or length. */
export function scoreRule(view) {
  const options = view.options || {};
  const key = view.game === "addit" ? `score.addit.${options.length === "long" ? "long" : "short"}` : `score.${view.game}`;
  return html`<p class="score-rule">${t(key, {count: options.games, target: view.state?.target ?? options.target})}</p>`;
}

/** "Final scores: 1st Bob: 9 cards captured and 2nd Ann: 3 cards captured.", said with the end of a match, whose status
 * line names the winner alone: a screen reader heard no score where the last move's words held none (ADD UP's). */
export const finalScores = (view, game) => standings(view, game, "status.finalScores");

/** "Scores: Ann: 5 cards collected and Bob: 0 cards collected.", said after the others' moves, whose words say what
 * the move made, not where everyone stands after it. */
export const scoresNow = (view, game) => standings(view, game, "status.scores");

/** Each seat's score as the players' list shows it, in the sentence `key`: in the order of the places once the match
 * has them (a view kept from a server before them, or a match under way: in seat order). */
function standings(view, game, key) {
  const order = view.seats.map((seat, n) => n).sort((a, b) => (view.places?.[a] ?? 0) - (view.places?.[b] ?? 0));
  const scores = order.map((n) => t("status.seatScore", {place: view.places?.length ? place(view, n) : "",
    name: seatName(view, n), score: game.score(view, n).text}).trimStart());
  return t(key, {scores: listing(scores)});
}
