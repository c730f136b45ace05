// A class league (league.js), the term's rounds counted together: the standing, one row a pupil, the most points
// first, with the scoring said on the page; each round's points; *Next round with the same pupils* (the class form,
// the names typed in the standing's order, the new sheet a round of the league); the standing on the projector and as
// a CSV file; a round left out (abandoned) or counted again; a renamed pupil's two names counted as one. The matches
// not known finished are read on opening the page and on its button (a pair may finish at home after the lesson), the
// sheet page's way (class-results.js), those of the rounds whose sheet this device keeps.
import {handNames, sheetOf} from "../class-store.js";
import {csvText, saveCsv, today} from "../csv.js";
import {html} from "../html.js";
import {relativeTime, t} from "../i18n.js";
import {forgetLeague, handLeague, leagueById, leaveOut, nameKey, samePupil, standing} from "../league.js";
import {go} from "../router.js";
import {readRound} from "./class-results.js";
import {forgetActions} from "./forget.js";
import {gameName, notOnThisDevice, onceText} from "./words.js";

const COLUMNS = ["place", "pupil", "points", "rounds", "played", "won", "shared", "lost"];

/** The rounds counted, with their number in the league: [{round, n}]. */
const counted = (league) => league.rounds.map((round, r) => ({round, n: r + 1})).filter(({round}) => !round.out);

/** The standing, one row a pupil, a column a round counted ("–" where the pupil scored nothing: absent). */
function table(league, rows) {
  const rounds = counted(league);
  return html`<div class="table-scroll" role="region" aria-labelledby="league-standing" tabindex="0">
    <table id="league-table" aria-labelledby="league-standing"><thead><tr>${COLUMNS.map((column) =>
      html`<th scope="col">${t(`league.${column}`)}</th>`)}${rounds.map(({n}) =>
      html`<th scope="col">${t("league.round", {n})}</th>`)}</tr></thead>
    <tbody>${rows.map((row) => html`<tr><td>${row.place}</td><th scope="row">${row.pupil}</th><td>${row.points}</td>
      <td>${row.rounds}</td><td>${row.played}</td><td>${row.won}</td><td>${row.shared}</td><td>${row.lost}</td>
      ${row.byRound.map((points) => html`<td>${points ?? "–"}</td>`)}</tr>`)}</tbody></table></div>`;
}

/** Each round: its game and day, its sheet's page while this device keeps it, and *Leave it out* / *Count it again*. */
function roundsList(league) {
  return html`<ol class="league-rounds" id="league-rounds">${league.rounds.map((round) => html`<li>
    ${sheetOf(round.sheet) ? html`<a href="/sheets/${round.sheet}">${gameName(round.game)}</a>` : gameName(round.game)},
    ${relativeTime(round.at)}${round.out ? html` <strong>${t("league.leftOut")}</strong>` : ""}
    <button type="button" data-action="${round.out ? "countRound" : "leaveRound"}" data-sheet="${round.sheet}"
      data-key="${round.out ? "count" : "leave"}-${round.sheet}">${t(round.out ? "league.countAgain" : "league.leaveOut")}</button>
  </li>`)}</ol>`;
}

/** *A pupil changed name?*: their older name and the one they go by now, counted as one pupil; the renames, undone.
 * Opened and shut by its summary's action (`open`), not by the browser: the page is drawn again when results come in
 * and after a rename, and a <details> the browser opened came back shut under the teacher's hand. */
function renames(league, rows, open) {
  const names = [...new Map(league.rounds.flatMap((round) => round.pupils).map((name) => [nameKey(name), name])).values()];
  const options = (list) => list.map((name) => html`<option>${name}</option>`);
  const same = Object.values(league.same ?? {});
  return html`<details class="panel" id="league-renamed" ${open ? "open" : ""}>
    <summary data-action="toggleRenames" data-key="renamed-toggle">${t("league.renamed")}</summary>
    <p>${t("league.renamedLead")}</p>
    <form data-submit="same" class="stack">
      <label class="field">${t("league.oldName")}<select name="from" data-key="from">${options(names)}</select></label>
      <label class="field">${t("league.newName")}<select name="to" data-key="to">${options(rows.map((row) => row.pupil))}
        </select></label>
      <button type="submit" data-key="same">${t("league.same")}</button></form>
    ${same.length ? html`<ul>${same.map(({from, to}) => html`<li>${t("league.sameAs", {from, to})}
      <button type="button" data-action="undoSame" data-from="${from}" data-key="undo-${from}">${t("league.undo")}</button>
      </li>`)}</ul>` : ""}</details>`;
}

/** The standing on the projector: place, name and points on one line, in letters read from the back of the room
 * (class-board's), as many columns as the screen holds (styles: .standing-board). */
const board = (league, rows) => html`<section class="board standing-board" aria-labelledby="league-board">
  <h2 id="league-board">${t("league.after", {count: counted(league).length})}</h2>
  <ol class="board-matches">${rows.map((row) => html`<li class="board-match">
    <span class="board-n">${row.place}</span><span class="board-names">${row.pupil}</span>
    <span class="board-status">${t("league.pointsOf", {count: row.points})}</span></li>`)}</ol></section>`;

/** *Forget this league*, asked first (`forgetting`): a new term's teacher's, or one who made a league by mistake. */
const forgetTool = (forgetting) => (forgetting ? html`<div class="confirm" role="group" aria-labelledby="forget-ask"
    data-escape="cancelForget"><p id="forget-ask" tabindex="-1">${t("league.forgetAsk")}</p>
    <p class="actions"><button type="button" class="danger" data-action="forget" data-key="forget-yes">
      ${t("league.forgetYes")}</button>
      <button type="button" data-action="cancelForget" data-key="forget-no">${t("confirm.cancel")}</button></p></div>`
  : html`<p class="actions"><button type="button" data-action="askForget" data-key="forget-league">${t("league.forget")}
    </button></p>`);

/** The line above the standing: reading the latest results, or why they could not be read. */
const news = (read, problem) => (read === "reading" ? html`<p class="note" id="league-news">${t("league.reading")}</p>`
  : read === "failed" ? html`<p class="error" id="league-news">${t("league.unread")} ${onceText(problem)}</p>` : "");

export default function league(id) {
  let projecting = false;
  let renaming = false; // the panel for a pupil who changed name is open
  const forgetting = {on: false};
  let read = "done"; // the latest results: "reading", "done" or "failed" (`problem` why)
  let problem = null;
  let stopped = false;

  /** Read the rounds' matches not known finished (none asked for a round with all its matches known finished) and
   * keep the outcomes of those now over: once on opening, then on the button, never in a loop. */
  async function update() {
    const rounds = (leagueById(id)?.rounds ?? []).filter((round) => !round.out && sheetOf(round.sheet));
    if (read === "reading" || !rounds.length) return;
    read = "reading";
    screen.repaint();
    const got = (await Promise.all(rounds.map((round) => readRound(sheetOf(round.sheet),
      new Set(Object.keys(round.matches)))))).flat();
    // A match the server no longer has (its retention deleted an unfinished one) is no failure: there is nothing to read.
    problem = got.find((answer) => answer.error && answer.error.status !== 404)?.error ?? null;
    read = problem ? "failed" : "done";
    if (!stopped) screen.repaint();
  }
  const screen = {
    fallbackFocus: "h1",
    render() {
      const kept = leagueById(id);
      if (!kept) return notOnThisDevice("league");
      document.title = `${t("league.title")} · ${t("app.name")}`;
      const rows = standing(kept);
      const heading = html`<h1 tabindex="-1">${t("league.title")}</h1>`;
      const boardButton = html`<button type="button" data-action="toggleBoard" data-key="board">
        ${t(projecting ? "league.hideBoard" : "board.show")}</button>`;
      if (projecting) {
        return html`<div class="projecting" data-escape="toggleBoard">${heading}<p class="actions">${boardButton}</p>
          ${board(kept, rows)}</div>`;
      }
      return html`${heading}
        <p class="facts">${t("league.roundCount", {count: counted(kept).length})} ·
          ${t("league.started", {relative: relativeTime(kept.at)})}</p>
        <p class="note" id="league-device">${t("league.device")}</p>
        <p class="actions"><button type="button" class="primary" data-action="nextRound" data-key="league-next">
          ${t("league.nextRound")}</button> ${boardButton}
          <button type="button" data-action="download" data-key="league-download">${t("league.download")}</button>
          <button type="button" data-action="update" data-key="league-refresh">
          ${t("league.refresh")}</button></p>
        <section class="results" aria-labelledby="league-standing" id="league-standing-part" data-read="${read}">
          <h2 id="league-standing">${t("league.standing")}</h2>${news(read, problem)}
          <p id="league-scoring">${t("league.scoring")}</p>${table(kept, rows)}</section>
        <section aria-labelledby="league-rounds-title"><h2 id="league-rounds-title">${t("league.roundsTitle")}</h2>
          ${roundsList(kept)}</section>
        ${renames(kept, rows, renaming)}${forgetTool(forgetting.on)}`;
    },
    start: () => update(),
    revive: () => update(),
    stop() {
      stopped = true;
    },
    actions: {
      update,
      nextRound() { // the class form, every pupil of the league typed in, the first in the standing first
        const kept = leagueById(id);
        handNames(standing(kept).map((row) => row.pupil));
        handLeague(id);
        go(`/class/${kept.rounds[kept.rounds.length - 1].game}`);
      },
      toggleBoard() {
        projecting = !projecting;
        screen.repaint();
        document.querySelector('[data-key="board"]')?.focus();
      },
      download() {
        const kept = leagueById(id);
        const rounds = counted(kept);
        const lines = standing(kept).map((row) => [...COLUMNS.map((column) => row[column]),
          ...row.byRound.map((points) => points ?? "")]);
        saveCsv(`${t("league.file", {date: today()})}.csv`, csvText([[...COLUMNS.map((column) => t(`league.${column}`)),
          ...rounds.map(({n}) => t("league.round", {n}))], ...lines], t("results.separator")));
      },
      leaveRound(button) {
        leaveOut(id, button.dataset.sheet, true);
        screen.repaint();
      },
      countRound(button) {
        leaveOut(id, button.dataset.sheet, false);
        screen.repaint();
        update(); // its matches not read while it was left out
      },
      same(form) {
        samePupil(id, form.elements.from.value, form.elements.to.value);
        screen.repaint();
      },
      toggleRenames() {
        renaming = !renaming;
        screen.repaint();
      },
      undoSame(button) {
        samePupil(id, button.dataset.from, null);
        screen.repaint();
      },
    },
  };
  Object.assign(screen.actions, forgetActions(screen, forgetting, "forget-league", () => forgetLeague(id)));
  return screen;
}
