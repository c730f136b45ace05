// Everyone at the table: name, score, whose turn it is and each game's public details.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {botTag} from "./computer.js";
import {seatName} from "./words.js";

export function scoreboard(view, me, game) {
  const rows = view.seats.map((seat, n) => {
    const turn = view.status === "playing" && view.turn === n;
    const classes = ["seat", turn ? "turn" : "", n === me ? "me" : "", seat.joined ? "" : "free"].join(" ");
    return html`<li class="${classes}">
      <span class="who">${turn ? html`<span class="turn-mark" aria-hidden="true">▶</span>` : ""}
        <strong>${seatName(view, n)}</strong>${n === me ? html` <span class="tag">${t("seat.you")}</span>` : ""}
        ${!seat.joined ? html` <span class="tag">${t("seat.free")}</span>` : ""}
        ${seat.bot ? html` <span class="tag bot">${botTag(seat)}</span>` : ""}
        ${seat.status === "left" && !seat.bot ? html` <span class="tag">${t("seat.autopilot")}</span>` : ""}
        ${seat.status === "resigned" ? html` <span class="tag">${t("seat.resigned")}</span>` : ""}
        ${seat.timeouts ? html` <span class="tag">${t("seat.timeouts", {count: seat.timeouts})}</span>` : ""}
        ${turn ? html`<span class="sr-only">${t("seat.toPlay")}</span>` : ""}</span>
      <span class="score">${t("seat.score", {score: view.scores[n]})}</span>
      <span class="info">${game.seatInfo ? game.seatInfo(view, n) : ""}</span>
    </li>`;
  });
  return html`<section class="scores" aria-label="${t("seat.players")}"><ol class="seats">${rows}</ol></section>`;
}

/** One sentence on what the points are and who wins, with the match's own target or length. */
export function scoreRule(view) {
  const options = view.options || {};
  const key = view.game === "addit" ? `score.addit.${options.length === "long" ? "long" : "short"}` : `score.${view.game}`;
  return html`<p class="score-rule">${t(key, {games: options.games, target: view.state?.target ?? options.target})}</p>`;
}
