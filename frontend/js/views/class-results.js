// A class sheet's results, for the teacher after the lesson: who played, who finished, who won and with what score,
// one row per pupil in the order of the cards, from each match's public view (public-views.js), asked again while the
// page is open and when it comes back into view; the same table saved as a CSV file, for a spreadsheet. Pupils who
// play a rematch (and a rematch of that...) are followed into it: their row tells the newest match of the pair (the
// last finished one's score and result while a rematch waits or is under way), how many the pair finished and how
// many the pupil won. The rematches found are kept with the sheet, so that the pair's newest match is found when an
// earlier one is gone (the server's retention deletes finished matches).
import {retryDelay} from "../api.js";
import {keepRematches, sheetOf} from "../class-store.js";
import {csvText, saveCsv, today} from "../csv.js";
import {keepOutcomes, outcomeOf} from "../league.js";
import {html} from "../html.js";
import {listing, t} from "../i18n.js";
import {load} from "../loader.js";
import {classAbsent} from "./class-absent.js";
import {REFRESH_MS, publicViews} from "./public-views.js";
import {matchBoard} from "./class-board.js";
import {timedOut} from "./pace.js";
import {gameName, place, problemText, seatName, statusLine} from "./words.js";

const COLUMNS = ["pupil", "match", "status", "score", "result", "played", "wins"];

/** The matches of a group of the sheet that the page knew of when it last kept the sheet: its own, then its rematches
 * first to newest. */
const keptChain = (group) => [group.match.id, ...(group.rematches ?? [])];

/** The pupils who have a card (all of them, on a sheet followed from another device: class-follow.js), in the cards'
 * order: [{pupil, n (their match's number), known (keptChain), seat}]. A pupil sits in the seat kept for their name,
 * in the order typed (class-plan.js: the create body's `players`). */
const pupilsOf = (sheet) => sheet.groups.flatMap((group, n) => group.pupils.map((pupil, seat) => ({pupil, n: n + 1,
  known: group.match && keptChain(group), seat})).filter(({pupil}) => sheet.followed || group.links[pupil]));

/** How a finished match ended for `seat` (the computer's seats may have won it): won, shared, or lost, with the place
 * where it tells more than the loss ("Lost (3rd)" among three; "Lost (2nd)" of two said the same thing twice). */
function result(view, seat) {
  const outcome = outcomeOf(view, seat);
  if (outcome !== "lost") return t(`results.${outcome}`);
  return view.places.length > 2 ? t("results.lostPlace", {place: place(view, seat)}) : t("results.lost");
}

/** The last of `list` (`list.at(-1)`, which Safari before 15.4 and Chrome before 92 lack). */
const newest = (list) => list[list.length - 1];

/** The matches a pair played, first to newest: those `known` (keptChain), then each one's rematch (its view's
 * `rematch`) as far as `views` (by id) holds them, an unread one included. */
function chainOf(known, views) {
  const chain = [...known];
  for (let next = views.get(newest(chain))?.data?.rematch; next && views.has(next) && !chain.includes(next);
    next = views.get(next).data?.rematch) chain.push(next);
  return chain;
}

/** How `view` stands ("Match over: Ann wins."), and who resigned in it ("Bob resigned."): a pupil who gave up loses
 * whatever their score, which the status alone left unexplained (Bob's 6 cards beside Ann's winning 4). A seat put out
 * for missed turns is no resignation (pace.js). */
const told = (view) => [statusLine(view, null), ...view.seats.flatMap((seat, n) =>
  seat.status === "resigned" && !timedOut(view, seat) ? [t("log.resign", {name: seatName(view, n)})] : [])].join(" ");

/** How a pair's matches stand (`known`: keptChain), read from `views`: {view, shown, status, problem, over}, `view` the
 * newest match's view, `shown` the newest one over (the newest one, once it is over), else the newest; `status` tells
 * it, and a rematch after it ("Match over: Ann wins. Rematch: Waiting for Bob."): the lesson may end before the
 * rematch does, and the last finished match's score and result stay shown meanwhile. A match that could not be read
 * says why (`problem`). Null before any answer. */
function standing(known, views) {
  const chain = chainOf(known, views);
  const answer = views.get(newest(chain));
  if (!answer) return null;
  const over = chain.map((match) => views.get(match)?.data).filter((view) => view?.status === "over");
  const view = answer.data;
  const problem = answer.error ? t(view ? "results.stale" : "results.unread", {reason: problemText(answer.error)}) : "";
  const shown = newest(over) ?? view;
  if (!shown) return {view, shown, status: "", problem, over};
  // A rematch not read yet (its first read failed) is on all the same: its problem is told where its status would be.
  const status = view === shown ? told(shown)
    : t("results.rematch", {over: told(shown), status: view ? told(view) : ""}).trimEnd();
  // A seat left to the computer: its pupil was absent (class-absent.js).
  const absent = view?.seats.filter((seat) => seat.status === "left" && seat.bot).map((seat) => seat.name) ?? [];
  return {view, shown, problem, over,
    status: absent.length ? `${status} ${t("results.botPlays", {name: listing(absent)})}` : status};
}

/** A pupil's row, in words: how the newest match of their pair stands (standing), their score there in the game's own
 * words (`game`: its module, null until loaded) and how it ended for them; then how many matches the pair finished
 * and how many of them the pupil won, a shared win included (blank until one of them was read). */
function row({pupil, n, seat, known}, views, game) {
  const stands = standing(known, views);
  if (!stands) return {pupil, match: n, status: t("app.loading"), score: "", result: "", problem: "", played: "", wins: ""};
  const {shown, status, problem, over} = stands;
  const read = chainOf(known, views).some((match) => views.get(match)?.data);
  return {pupil, match: n, status, problem, played: read ? over.length : "",
    wins: read ? over.filter((view) => view.winners.includes(seat)).length : "",
    score: game && shown && shown.status !== "waiting" ? game.score(shown, seat).text : "",
    result: shown?.status === "over" ? result(shown, seat) : ""};
}

/** How each finished match of `sheet` read in `views` ended for its pupils, for the league (league.js):
 * {matchId: {pupil: won | shared | lost}}, a seat the computer played for an absent pupil (class-absent.js) left out. */
function outcomes(sheet, views) {
  const ended = {};
  sheet.groups.forEach((group) => {
    if (!group.match) return;
    for (const match of chainOf(keptChain(group), views)) {
      const view = views.get(match)?.data;
      if (view?.status !== "over") continue;
      ended[match] = Object.fromEntries(group.pupils.map((pupil, seat) => [pupil, seat]).filter(([, seat]) =>
        !(view.seats[seat]?.status === "left" && view.seats[seat]?.bot)).map(([pupil, seat]) => [pupil,
        outcomeOf(view, seat)]));
    }
  });
  return ended;
}

/** A match's line on the projector (class-board.js): its number, its players with their points, how it stands. */
function boardLine(group, n, views) {
  const stands = group.match && standing(keptChain(group), views);
  const shown = stands?.shown;
  const players = shown ? shown.seats.map((seat, s) => ({name: seatName(shown, s), points: shown.status === "waiting"
    ? null : shown.scores?.[s]})) : group.pupils.map((name) => ({name, points: null}));
  const state = !shown ? "waiting" : stands.view === shown ? shown.status : "playing"; // a rematch on: a match under way
  return {n: n + 1, players, state, status: stands ? stands.status || stands.problem : t("app.loading"),
    problem: stands?.status ? stands.problem : ""};
}

/** One round of reads of `sheet`'s matches into `views` (by id, {data, etag, error}): the newest match known of each
 * pair (an unchanged one is a 304) and the kept matches before it not in `views` yet, for the tally; then each rematch
 * one of them names for the first time, and so on down the chain, kept with the sheet. A match with a rematch is over
 * for good: it is not asked again, so a round costs a read a pair whatever the number of rematches played; nor is one
 * of `done` (the league page's matches known finished, league.js). {views: `views` with the answers, got: them}. */
export async function readResults(sheet, views, done = new Set()) {
  const got = [];
  const unread = (match) => match && !views.has(match) && !done.has(match);
  let ask = [...new Set(pupilsOf(sheet).flatMap(({known}) => {
    const chain = chainOf(known, views);
    return [...chain.filter(unread), ...done.has(newest(chain)) ? [] : [newest(chain)]];
  }))];
  while (ask.length) {
    const answers = await publicViews(ask, views);
    views = new Map([...views, ...answers]);
    got.push(...answers.values());
    ask = [...new Set([...answers.values()].map((answer) => answer.data?.rematch))].filter(unread);
  }
  sheet.groups.forEach((group, n) => {
    if (!group.match) return; // not made yet
    const chain = chainOf(keptChain(group), views);
    if (chain.length > keptChain(group).length) keepRematches(sheet.id, n, chain.slice(1));
  });
  return {views, got};
}

/** Read the matches of league round `sheet` not known finished (`done`: their ids), as its page does, and keep how
 * those now over ended in the league (a finished match is read once: on the sheet's page or here). The answers. */
export async function readRound(sheet, done) {
  const {views, got} = await readResults(sheet, new Map(), done);
  keepOutcomes(sheet.id, outcomes(sheet, views));
  return got;
}

/** The Results part of sheet `id`'s page; `repaint()` draws the page again when an answer came. */
export function classResults(id, repaint) {
  let views = new Map(); // every match's public view by id, {data, etag, error}, as last asked for: rematches too
  let game = null; // the game's module, for its scores' words
  let timer = null;
  let asking = false; // a round of reads is on its way
  let again = false; // news was asked for meanwhile: the round under way may have been sent before it
  let stopped = false;
  const absent = classAbsent(() => sheetOf(id), () => refresh(), repaint);

  const rows = (sheet) => pupilsOf(sheet).map((pupil) => row(pupil, views, game));

  async function refresh() {
    clearTimeout(timer);
    const sheet = sheetOf(id);
    if (stopped || !sheet) return;
    if (asking) {
      again = true;
      return;
    }
    asking = true;
    game ??= await load(`games/${sheet.game}.js`).then((module) => module.default, () => null);
    let got;
    ({views, got} = await readResults(sheet, views));
    asking = false;
    keepOutcomes(id, outcomes(sheet, views));
    if (stopped) return;
    repaint();
    if (again) {
      again = false;
      return refresh();
    }
    const busy = got.filter((answer) => answer.error).map((answer) => retryDelay(answer.error, 0));
    timer = setTimeout(refresh, Math.max(document.hidden ? 4 * REFRESH_MS : REFRESH_MS, ...busy));
  }
  const shown = () => !document.hidden && refresh();

  return {
    render(sheet) {
      const all = rows(sheet);
      if (!all.length) return "";
      // The same problem in every row (the school's network down) is said once, above the table, not 30 times in it.
      const shared = new Set(all.map((cells) => cells.problem)).size === 1 ? all[0].problem : "";
      return html`<section class="results" aria-labelledby="results-title">
        <h2 id="results-title">${t("results.title")}</h2>
        ${shared ? html`<p class="${all[0].status ? "note" : "error"}" id="results-problem">${shared}</p>` : ""}
        <div class="table-scroll" role="region" aria-labelledby="results-title" tabindex="0">
          <table id="results" aria-labelledby="results-title"><thead><tr>${COLUMNS.map((column) =>
            html`<th scope="col">${t(`results.${column}`)}</th>`)}</tr></thead>
          <tbody>${all.map((cells) => html`<tr><th scope="row">${cells.pupil}</th><td>${cells.match}</td>
            <td>${cells.status}${cells.problem && !shared ? html` <span class="${cells.status ? "note" : "error"}">${cells.problem}</span>`
              : ""}</td><td>${cells.score}</td><td>${cells.result}</td><td>${cells.played}</td><td>${cells.wins}</td></tr>`)}
          </tbody></table></div>
        <p class="actions"><button type="button" data-action="downloadResults" data-key="download-results">
          ${t("results.download")}</button></p>
        ${absent.render(sheet, views)}</section>`;
    },
    start() {
      document.addEventListener("visibilitychange", shown);
      refresh();
    },
    /** The pupils with a card, the most wins first (a tie in the cards' order): the next round's pairs, each with
     * a pupil who won as often. */
    ranked: (sheet) => rows(sheet).map((cells, n) => ({...cells, n})).sort((a, b) => (Number(b.wins) || 0)
      - (Number(a.wins) || 0) || a.n - b.n).map((cells) => cells.pupil),
    /** The matches on the classroom's projector: one line each, for the class to read from the back of the room. */
    board: (sheet) => matchBoard(sheet.groups.map((group, n) => boardLine(group, n, views))),
    refresh,
    /** Keep the finished matches' outcomes read so far in the sheet's league (a round just added to one). */
    keepOutcomes: (sheet) => keepOutcomes(id, outcomes(sheet, views)),
    actions: absent.actions,
    stop() {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", shown);
    },
    /** The table as shown, as a CSV file named after the game and the day, its columns in the page's language. */
    download(sheet) {
      const lines = rows(sheet).map((cells) => [cells.pupil, cells.match, [cells.status, cells.problem].filter(Boolean)
        .join(" "), cells.score, cells.result, cells.played, cells.wins]);
      saveCsv(`${t("results.file", {game: gameName(sheet.game), date: today()})}.csv`,
        csvText([COLUMNS.map((column) => t(`results.${column}`)), ...lines], t("results.separator")));
    },
  };
}
