// A class sheet on the classroom's projector: one line a match, in letters read from the back of the room, every match
// of a class of 30 on one screen (styles: .board), which are over and which go on, and nothing of a pupil's private
// link. The teacher's own screen keeps the table (class-results.js), one row a pupil, too small to read from afar.
import {html} from "../html.js";
import {t} from "../i18n.js";

/** A player's name with their points ("Zoë 3"), the points left off while the match waits. */
const player = ({name, points}) => html`<span class="board-player">${name}${points === null || points === undefined
  ? "" : html` <b>${points}</b>`}</span>`;

/** The board of `lines` ([{n, players, state: waiting|playing|over, status, problem}]): how many are over, then each. */
export function matchBoard(lines) {
  const over = lines.filter((line) => line.state === "over").length;
  return html`<section class="board" aria-labelledby="board-count">
    <h2 id="board-count">${t("board.count", {over, count: lines.length})}</h2>
    <ol class="board-matches">${lines.map((line) => html`<li class="board-match ${line.state}">
      <span class="board-n">${line.n}</span>
      <span class="board-names">${line.players.map((one, s) => html`${s ? " · " : ""}${player(one)}`)}</span>
      <span class="board-status">${line.status}${line.problem ? html` <span class="note">${line.problem}</span>` : ""}</span>
    </li>`)}</ol></section>`;
}
