// A term's class league: the rounds (class sheets, class-store.js) the teacher counts together, and the standing they
// make, kept on this device in localStorage beside the sheets, and nowhere else. A league is
// {id, at, rounds: [{sheet, game, at, pupils, out?, matches: {matchId: {pupil: "won" | "shared" | "lost"}}}],
// same: {key: {from, to}}}: each round's pupils and how each finished match ended for
// them, kept from the round's results (class-results.js) as they are read, so that the standing outlives the sheet
// and a server's retention deleting old matches; `out` a round left out (abandoned); `same` a renamed pupil's older
// name (by its nameKey) and the name they go by now.
import {newKey} from "./outbox.js";
import {loadStored, saveStored} from "./seat-store.js";

const KEY = "addgames.leagues";
export {KEY as LEAGUES}; // what a move to a new device carries (views/move.js)

/** Points for each finished match a pupil played: a win, a shared win, a loss (playing it counts). */
export const POINTS = {won: 3, shared: 2, lost: 1};

/** How finished match `view` ended for `seat`: won, shared (a win shared) or lost. */
export const outcomeOf = (view, seat) => (!view.winners.includes(seat) ? "lost" : view.winners.length > 1 ? "shared"
  : "won");

/** How a name is compared, as the server compares the names at a table ("Ann" and "ann" are one pupil). */
export const nameKey = (name) => name.normalize("NFKC").trim().toLocaleLowerCase();

/** The name `name` goes by now, following the renames of `same` (a name renamed twice too). */
function current(same, name) {
  const seen = new Set();
  let now = name;
  while (same[nameKey(now)] && !seen.has(nameKey(now))) {
    seen.add(nameKey(now));
    now = same[nameKey(now)].to;
  }
  return now;
}

/** The standing of `league`: one row a pupil, the most points first (then the most wins; a tie keeps its place
 * number), {place, pupil, points, rounds, played, won, shared, lost, byRound: [points | null]}: `rounds` those where
 * the pupil finished a match, `byRound` null in the others (absent, not yet in the class, or their match not over);
 * the rounds left out counted nowhere. */
export function standing(league) {
  const counted = league.rounds.filter((round) => !round.out);
  const rows = new Map();
  const rowOf = (name) => {
    const pupil = current(league.same ?? {}, name);
    if (!rows.has(nameKey(pupil))) {
      rows.set(nameKey(pupil), {pupil, points: 0, rounds: 0, played: 0, won: 0, shared: 0, lost: 0,
        byRound: counted.map(() => null)});
    }
    return rows.get(nameKey(pupil));
  };
  counted.forEach((round, r) => {
    round.pupils.forEach(rowOf); // a pupil with no match finished yet is listed all the same
    for (const outcomes of Object.values(round.matches)) {
      for (const [name, outcome] of Object.entries(outcomes)) {
        const row = rowOf(name);
        row[outcome] += 1;
        row.played += 1;
        row.points += POINTS[outcome];
        if (row.byRound[r] === null) row.rounds += 1;
        row.byRound[r] = (row.byRound[r] ?? 0) + POINTS[outcome];
      }
    }
  });
  const sorted = [...rows.values()].sort((a, b) => b.points - a.points || b.won - a.won);
  return sorted.map((row) => ({...row, place: 1 + sorted.filter((other) => other.points > row.points
    || (other.points === row.points && other.won > row.won)).length}));
}

const all = () => loadStored(KEY);

export const leagueById = (id) => all()[id] || null;

export function keepLeague(league) {
  saveStored({...all(), [league.id]: league}, KEY);
}

/** Every league kept here, newest first. */
export const allLeagues = () => Object.values(all()).sort((a, b) => b.at - a.at);

/** The league sheet `sheetId` is a round of, or null. */
export const leagueOf = (sheetId) => allLeagues().find((league) => league.rounds.some((round) => round.sheet === sheetId))
  ?? null;

/** A round of `sheet`: its pupils, no match counted yet. */
const roundOf = (sheet) => ({sheet: sheet.id, game: sheet.game, at: sheet.at, matches: {},
  pupils: sheet.groups.flatMap((group) => group.pupils)});

/** A new league, `sheet` its first round. */
export function startLeague(sheet) {
  const league = {id: newKey(), at: Date.now(), rounds: [roundOf(sheet)], same: {}};
  keepLeague(league);
  return league;
}

/** `sheet` as the next round of league `id` (once). */
export function addRound(id, sheet) {
  const league = leagueById(id);
  if (league && !league.rounds.some((round) => round.sheet === sheet.id)) {
    keepLeague({...league, rounds: [...league.rounds, roundOf(sheet)]});
  }
}

/** Change round `sheetId` of league `id` with `change(round)`. */
function changeRound(id, sheetId, change) {
  const league = leagueById(id);
  if (league) keepLeague({...league, rounds: league.rounds.map((round) => (round.sheet === sheetId ? change(round) : round))});
}

/** Keep how the finished matches of sheet `sheetId` ended ({matchId: {pupil: outcome}}), in its league if it is in
 * one. A match once kept stays (a server's retention deletes old matches). */
export function keepOutcomes(sheetId, matches) {
  const league = leagueOf(sheetId);
  if (league) changeRound(league.id, sheetId, (round) => ({...round, matches: {...round.matches, ...matches}}));
}

/** Leave round `sheetId` out of league `id` (an abandoned lesson), or count it again. */
export const leaveOut = (id, sheetId, out) => changeRound(id, sheetId, (round) => ({...round, out}));

/** In league `id`, `from` is the pupil now called `to` (renamed; the same person); `to` null undoes it. */
export function samePupil(id, from, to) {
  const league = leagueById(id);
  if (!league) return;
  const same = {...league.same};
  if (to && nameKey(from) !== nameKey(to)) same[nameKey(from)] = {from, to};
  else delete same[nameKey(from)];
  keepLeague({...league, same});
}

export function forgetLeague(id) {
  const leagues = all();
  delete leagues[id];
  saveStored(leagues, KEY);
}

const HANDED = "addgames.nextLeague"; // the league a next round joins (sessionStorage: this tab alone)

export const handLeague = (id) => sessionStorage.setItem(HANDED, id);

/** The league the class form's next sheet joins, taken once: null when none. */
export function takeHandedLeague() {
  const id = sessionStorage.getItem(HANDED);
  sessionStorage.removeItem(HANDED);
  return id && leagueById(id) ? id : null;
}
