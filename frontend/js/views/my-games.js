// "My games": every match this device holds a seat in, most urgent first, from one request
// (POST /my-games with the device's seat tokens) repeated now and then; when the server cannot be
// reached, the matches this device remembers (seat-store.js), said to be so.
import {api} from "../api.js";
import {html} from "../html.js";
import {listing, relativeTime, t} from "../i18n.js";
import {allSheets} from "../class-store.js";
import {allLeagues} from "../league.js";
import {load as loadPart} from "../loader.js";
import {allSeats, followRematch, personToMove, rememberPlayers, seatOf, sharedDevice, tableOf, update, watchedMatches}
  from "../seat-store.js";
import {announce} from "../ui.js";
import {isLate} from "./pace.js";
import {REFRESH_MS, publicViews} from "./public-views.js";
import {tidying} from "./tidy.js";
import {gameName, isolated, place, pollText, rematchTaken, seatName, statusLine} from "./words.js";

/** When the seat to move must move by, or, in a match without deadlines, since when the others wait for it: its
 * last move (`moved`), or, before anyone moved, its start (`moved_at`: the last seat taken then; a hint is no move).
 * A finished match, when it ended (`moved_at`, its last change): a keen player's dozens each said only who won. A match
 * waiting for players, since when: its making (`created_at`: a seat taken and given back since does not date it), or
 * the last seat taken (`moved_at`) while a player who came since holds it; an invitation nobody took for 9 days looked
 * like one made a minute ago. */
function deadline(entry) {
  const at = (said, when) => html` <span class="due">· ${t(said, {relative: relativeTime(Date.parse(when))})}</span>`;
  if (entry.status === "over") return at("mine.ended", entry.moved_at);
  if (entry.status === "waiting") {
    return cameSince(entry) ? at("mine.lastJoined", entry.moved_at) : at("mine.created", entry.created_at);
  }
  if (!entry.deadline) return entry.moved ? at("mine.moved", entry.moved) : at("mine.started", entry.moved_at);
  const due = Date.parse(entry.deadline);
  return at(skippable(entry) ? "mine.skippable" : due <= Date.now() ? "mine.late" : "mine.due", entry.deadline);
}

/** Whether a player took a seat after the match was made: its creator's seat and the computer's are taken then. */
const cameSince = (entry) => entry.seats.filter((seat) => seat.joined && !seat.bot).length > 1;

/** Whether this device may skip the turn of a seat whose time ran out, as the match's page offers: a seat of its own
 * still plays, and the late one is no person's at this device. */
const skippable = (entry) => isLate(entry) && entry.your_status === "playing" && entry.turn !== entry.seat
  && !tableOf(entry.id)?.some(({seat}) => seat === entry.turn);

/** A finished match whose rematch another seat asked for, and which this device has no seat in yet: its page
 * (the entry's link) offers "Join the rematch". Not once the seat took its place there on another device
 * (`rematch_joined`): that device holds the rematch's seat, whose token cannot be given twice. */
const rematchWaiting = (entry) => entry.status === "over" && entry.rematch !== null && !seatOf(entry.rematch)
  && !entry.rematch_joined;

/** The seat joined the rematch on another device: this one has nothing to join. */
const rematchElsewhere = (entry) => entry.rematch !== null && entry.rematch_joined && !seatOf(entry.rematch);

/** A finished match whose rematch this device plays on, listed too (`listed`, the entries shown): not listed itself, but
 * counted by the rematch (`earlier`); kept on the device, which the tidying removes with the finished ones. Three
 * rematches in a row with Bob were four entries, three of them "Match over" with the same players (QA: power user). */
const superseded = (entry, listed) => entry.status === "over" && entry.rematch !== null && Boolean(seatOf(entry.rematch))
  && listed.some((other) => other.id === entry.rematch);

/** How many matches of a chain of rematches came before `entry` (0 for none), among those `listed`. */
function earlier(entry, listed) {
  const before = (id) => listed.find((other) => other.rematch === id && superseded(other, listed));
  let count = 0;
  for (let match = before(entry.id); match; match = before(match.id)) count += 1;
  return count;
}

/** Who sits at the table (a my-games entry or a match's view): the names, and how many seats are open to anyone
 * (the reserved ones: the status names them). */
function players(entry) {
  const free = entry.seats.filter((s) => !s.joined && !s.name).length;
  const names = entry.seats.filter((s) => s.joined).map((s) => seatName(entry, s.seat)); // the computer's, translated
  return [...names, ...(free ? [t("mine.free", {count: free})] : [])].join(", ");
}

/** A match the seat is out of while the others play on: it left, or missed too many turns. */
const isOut = (entry) => entry.status === "playing" && entry.your_status !== "playing";

/** " Your place: 3rd": the seat's place in a finished match of three or more it lost (a win, or a loss of two, is its
 * place already); none at a table, whose status names no "you". */
function placeSaid(entry, table) {
  const lost = entry.status === "over" && entry.places.length > 2 && !entry.winners.includes(entry.seat);
  return lost && !table ? html` <span class="place">${t("mine.place", {place: place(entry, entry.seat)})}</span>` : "";
}

/** The seat still plays, but its last turns were skipped for time (claimed timeouts): whose turn it is does not say so
 * (a missed turn showed nowhere in the list until the match's page was opened). */
const skipped = (entry) => entry.status === "playing" && entry.your_status === "playing" && entry.timeouts > 0;

/** Whether a person at this device is to move: the seat's own player, or anyone at its table. */
function toMove(entry) {
  const table = tableOf(entry.id);
  return table ? Boolean(personToMove(entry, table)) : entry.your_turn;
}

/** Whether this device has a turn to take: a move, or a late seat's turn to skip. */
const yourTurn = (entry) => toMove(entry) || skippable(entry);

/** Who plays the match at this device: the people at its table, or the seat's player on a device whose seats go by
 * more than one name (a phone that plays every match as Ann has nothing to tell apart); else nothing. */
function playedBy(entry) {
  const table = tableOf(entry.id);
  if (table) return t("mine.table", {names: table.map(({seat}) => seatName(entry, seat)).join(", ")});
  return sharedDevice() ? t("mine.as", {name: isolated(entry.name)}) : "";
}

function item(entry, failed, listed) {
  const table = tableOf(entry.id);
  const by = playedBy(entry);
  const chain = earlier(entry, listed);
  return html`
    <li class="${yourTurn(entry) ? "mine your-turn" : "mine"}">
      <a href="/g/${entry.id}" data-key="mine-${entry.id}"><strong>${gameName(entry.game)}</strong>
        <span class="players">${players(entry)}</span>
        ${by ? html`<span class="as">${by}</span>` : ""}
        ${chain ? html`<span class="rematches">${t("mine.rematches", {count: chain})}</span>` : ""}
        <span class="state">${yourTurn(entry) ? html`<span aria-hidden="true">● </span>` : ""}${statusLine(entry, table ? null : entry.seat)}${placeSaid(entry, table)}${deadline(entry)}</span>
        ${rematchWaiting(entry) ? html`<span class="rematch-waiting">${t("mine.rematch")}</span>` : ""}
        ${rematchElsewhere(entry) ? html`<span class="rematch-elsewhere">${rematchTaken(entry.your_status)}</span>` : ""}
        ${skipped(entry) ? html`<span class="skipped">${t("mine.skipped", {count: entry.timeouts})}</span>` : ""}
        ${isOut(entry)
          ? html`<span class="left">${t(entry.timed_out ? "mine.timedOut" : "leave.autopilot")}</span>` : ""}
        ${entry.status === "over" && entry.timed_out ? html`<span class="left">${t("mine.timedOutOver")}</span>` : ""}</a>
      ${entry.status === "over" || entry.your_status !== "playing" ? forgetButton(entry.id, matchName(entry), failed) : ""}
    </li>`;
}

/** A seat the server no longer knows: the match expired, or (`stopped`: its id's word) the seat was given a new link
 * (by the match's creator, or from another device of its player) or freed before the start (by the creator, or given
 * back from another device): then a link to its page. */
function goneItem({id, game}, stopped, failed) {
  const why = stopped.get(id);
  const said = html`<strong>${gameName(game)}</strong>
    <span class="state">${t(why ?? "mine.gone")}</span>`;
  // a match still there: its page, where this device watches it and is told why again
  return html`<li class="mine">${why ? html`<a href="/g/${id}" data-key="mine-${id}">${said}</a>` : said}
    ${forgetButton(id, gameName(game), failed)}</li>`;
}

/** A match as this device remembers it, when the server cannot be reached: its game, and since when it is kept. */
const keptItem = ({id, game, at}) => matchKept({id, game}, t("mine.added", {relative: relativeTime(at)}));

/** A match of this device's that the server cannot read now (a newer release of the service wrote to it: during an
 * upgrade, or after a rollback): kept, never said gone nor tidied away. */
const unreadableItem = (entry) => matchKept(entry, t("mine.unreadable"));

function matchKept({id, game}, state) {
  return html`<li class="mine"><a href="/g/${id}" data-key="mine-${id}"><strong>${gameName(game)}</strong>
    <span class="state">${state}</span></a></li>`;
}

/** A match whose seat this device handed to its player (or whose seats a class sheet's cards handed over), or that it
 * opened without a seat to look on: followed from here, as a spectator, with who plays and how it stands from its
 * public `view` (a teacher at the front desk sees whose turn it is and who won). */
function watchedItem({id, game, name, sheet}, view, failed) {
  return html`<li class="mine"><a href="/g/${id}" data-key="mine-${id}"><strong>${gameName(game)}</strong>
    ${view ? html`<span class="players">${players(view)}</span>` : ""}
    <span class="as">${sheet ? t("mine.watchingSheet") : name ? t("mine.watching", {name: isolated(name)}) : t("mine.lookingOn")}</span>
    ${view ? html`<span class="state">${statusLine(view, null)}</span>` : ""}</a>${forgetButton(id, gameName(game), failed)}</li>`;
}

/** The class sheets this device keeps, each opening its cards (to print a lost one again), and its class leagues. */
function sheetsList() {
  const sheets = allSheets();
  const leagues = allLeagues();
  if (!sheets.length && !leagues.length) return "";
  return html`<section class="class-sheets" aria-labelledby="sheets-title"><h2 id="sheets-title">${t("mine.sheets")}</h2>
    <ul>${sheets.map((sheet) => html`<li><a href="/sheets/${sheet.id}" data-key="sheet-${sheet.id}">
      ${t("mine.sheet", {game: gameName(sheet.game), pupils: t("class.pupils",
        {count: sheet.groups.flatMap((group) => group.pupils).length}), relative: relativeTime(sheet.at)})}</a></li>`)}
    ${leagues.map((league) => html`<li><a href="/leagues/${league.id}" data-key="league-${league.id}">
      ${t("mine.league", {rounds: t("league.roundCount", {count: league.rounds.length}), relative: relativeTime(league.at)})}
      </a></li>`)}</ul>
  </section>`;
}

/** The public views of the matches this device watches, by id ({data, etag}; see public-views.js). A watched match's
 * rematch is watched from then on (`followRematch`), and asked for too. */
async function watchedViews(known) {
  const views = new Map();
  let pending = watchedMatches();
  while (pending.length) {
    const got = await publicViews(pending.map(({id}) => id), known);
    got.forEach((answer, id) => {
      views.set(id, answer);
      if (answer.data) followRematch(answer.data);
    });
    pending = watchedMatches().filter(({id}) => !views.has(id));
  }
  return views;
}

/** From JUMP_FROM matches a phone shows no game under My games: a link down to them (a keen player scrolled past
 * dozens of matches to start a new one). */
const JUMP_FROM = 4;

/** Above the list: that link, and the tidying of the finished matches (`done`: their ids, and whether the seat left
 * some), with its question. */
function tools(count, tidy, done) {
  const jump = count >= JUMP_FROM ? html`<button type="button" class="small" data-action="toGames" data-key="to-games">
    ${t("home.new")} <span aria-hidden="true">↓</span></button>` : "";
  const buttons = [jump, tidy.button(done)].filter(Boolean);
  return html`${buttons.length ? html`<p class="actions">${buttons}</p>` : ""}${tidy.panel(done)}`;
}

/** Whether this device keeps anything: a seat, a match it watches, a class sheet or a league (what a moving link
 * carries, views/move.js). */
export const keepsAny = () => [allSeats, watchedMatches, allSheets, allLeagues].some((all) => all().length > 0);

/** "Your turn in 2 matches · A late turn you may skip": how many matches wait for this device's move (`turns`), and
 * apart from them for it to skip a late seat's turn (`skips`); "" for none. Atop My games, and in the home page's tab. */
export function turnsSaid({turns, skips}) {
  return [turns ? t("title.yourTurns", {count: turns}) : "", skips ? t("title.skippable", {count: skips}) : ""]
    .filter(Boolean).join(" · ");
}

/** Remove, and under it why the last try to remove this match (`failed`, an id) kept it. */
const forgetButton = (id, match, failed) => html`<button type="button" class="small" data-action="forget" data-id="${id}"
  data-key="forget-${id}" aria-label="${t("mine.forgetLabel", {match})}">${t("mine.forget")}</button>
  ${failed === id ? html`<p class="error" id="forget-failed">${t("mine.forgetFailed")}</p>` : ""}`;

/** "ADD UP with Bob": the game and the others at the table, naming a match in a label or an announcement. */
function matchName(entry) {
  const others = entry.seats.filter((s, n) => s.joined && n !== entry.seat).map((s) => seatName(entry, s.seat));
  return others.length ? t("mine.match", {game: gameName(entry.game), names: listing(others)}) : gameName(entry.game);
}

/** What changed since the last answer, for a screen reader: a turn come to this device, a match over, a
 * rematch waiting for it. */
function news(before, after) {
  const was = new Map(before.map((entry) => [entry.id, entry]));
  return after.flatMap((entry) => {
    const old = was.get(entry.id);
    if (old && entry.status === "over" && old.status !== "over") return [t("mine.nowOver", {match: matchName(entry)})];
    if (old && yourTurn(entry) && !yourTurn(old)) {
      return [t(toMove(entry) ? "mine.nowYourTurn" : "mine.nowSkippable", {match: matchName(entry)})];
    }
    if (old && rematchWaiting(entry) && !old.rematch) return [t("mine.nowRematch", {match: matchName(entry)})];
    return [];
  });
}

/** Why the list shown is what this device remembers: no network, or the server's own words for its failure or refusal
 * (a 4xx is no final answer either: the list asks again, and shows the matches kept here meanwhile). */
const unlistedText = (error) => (error.status ? `${pollText(error)} ${t("mine.remembered")}` : t("mine.offline"));

export function myGames(repaint) {
  let entries = null; // the API's answer, most urgent first; null until it comes
  let linksStopped = new Map(); // why a seat link this device holds stopped working, by match: replaced, or its seat freed
  let unreadable = []; // the matches the server cannot read now ({id, game, seat}): not gone
  let askedAt = 0; // when the list shown (entries) was asked for
  let unlisted = null; // why the last request got no list (an ApiError), or null: the list is what this device remembers
  let timer = null;
  let stopped = false;
  let failed = null; // the match whose removal failed: its pushes could not be stopped
  let watched = new Map(); // the public views of the matches this device watches, by id: {data, etag}
  let drawn = ""; // the list's markup as last drawn (see list)
  let settled = false; // the first round of answers (or failures) is drawn: a Back to the page may scroll and focus (ui.js)
  const tidy = tidying(repaint);
  /** The seats kept here whose match the server no longer lists (none before its first answer): deleted, or the
   * seat given back or its link replaced (`linksStopped`); not one kept since the list was asked for (in another tab). */
  const gone = () => (entries ? allSeats().filter((seat) => !(seat.at > askedAt)
    && ![...entries, ...unreadable].some((entry) => entry.id === seat.id)) : []);

  /** What the tidying removes: the finished matches, but one whose rematch waits for this seat, those the seat is out
   * of while the others play on (a grandmother who resigned from one bridge match and was put out of another had no
   * move in them any more: one Remove each, else), and those the server deleted (its retention took a player's
   * finished matches months later), not a replaced link. `left`: whether any is one the seat is out of, said so. */
  function finished() {
    const done = (entries || []).filter((entry) => ((entry.status === "over" && !rematchWaiting(entry))
      || isOut(entry)) && seatOf(entry.id));
    const ids = [...done.map((entry) => entry.id), ...gone().filter((seat) => linksStopped.get(seat.id) !== "mine.replaced").map((seat) => seat.id)];
    return {ids, left: done.some(isOut)};
  }

  /** How many of the matches listed wait for this device's move (`turns`), and how many for it to skip a late seat's
   * turn (`skips`): one it may take, not one it must, marked in the list too but never called its turn. */
  function counts() {
    const held = (entries || []).filter((entry) => seatOf(entry.id));
    return {turns: held.filter(toMove).length, skips: held.filter((entry) => !toMove(entry) && skippable(entry)).length};
  }

  async function refresh() {
    clearTimeout(timer);
    const seats = allSeats();
    if (seats.length) {
      try {
        const asked = Date.now();
        const answer = await api.myGames(seats.map((seat) => seat.token));
        const said = entries ? news(entries, answer.games) : [];
        if (said.length && !stopped) announce(said.join(" "));
        // A table's match comes where its own seat's turn puts it: one where another person at the table is to move
        // joins the turns at the top (a stable sort keeps the server's order otherwise).
        entries = [...answer.games].sort((a, b) => yourTurn(b) - yourTurn(a));
        rememberPlayers(entries); // the play screen of a shared device says whose turn by name
        // Kept with the seat, so that the match's page offers no join that cannot work.
        entries.filter(rematchElsewhere).forEach((entry) => update(entry.id, {rematchJoined: true}));
        linksStopped = new Map([...answer.freed.map(({id, by}) => [id, by === "seat" ? "mine.freed.seat" : "mine.freed"]),
          ...answer.replaced.map(({id}) => [id, "mine.replaced"])]);
        unreadable = answer.unreadable;
        askedAt = asked;
        unlisted = null;
      } catch (error) {
        unlisted = error; // keep showing the last answer, else the seats kept here; the next round asks again
      }
    }
    watched = await watchedViews(watched);
    if (stopped) return;
    const first = !settled;
    settled = true;
    if (first || String(list()) !== drawn) repaint(); // the same list again (most answers): the page stays as it is
    timer = setTimeout(refresh, document.hidden ? 4 * REFRESH_MS : REFRESH_MS);
  }

  /** The list as the page draws it: drawn again after a refresh only when it differs from `drawn`, the one on the page.
   * Drawn with every answer, 240 times an hour, the same list cost a cheap phone's CPU a whole page each time. */
  function list() {
    const seats = allSeats();
    if (!seats.length && !watchedMatches().length) return sheetsList();
    const listed = seats.length ? entries : []; // nothing to ask the server for matches only watched
    const held = listed?.filter((e) => seats.some((s) => s.id === e.id));
    const turns = turnsSaid(counts()); // in sight: a phone shows no tab, whose title says it too
    const items = held ? [held.filter((entry) => !superseded(entry, held)).map((entry) => item(entry, failed, held)),
      unreadable.filter((entry) => seatOf(entry.id)).map(unreadableItem), gone().map((seat) => goneItem(seat, linksStopped, failed))]
      : unlisted ? seats.map(keptItem) : null;
    return html`<section class="my-games" aria-labelledby="mine-title">
      <h2 id="mine-title">${t("mine.title")}</h2>
      ${turns ? html`<p class="turns" id="mine-turns"><span aria-hidden="true">● </span>${turns}</p>` : ""}
      ${unlisted && seats.length ? html`<p class="note" id="mine-unlisted">${unlistedText(unlisted)}</p>` : ""}
      ${items ? tools(seats.length + watchedMatches().length, tidy, listed ? finished() : {ids: [], left: false}) : ""}
      ${items ? html`<ul id="mine-list" tabindex="-1" aria-labelledby="mine-title">
        ${items}${watchedMatches().map((match) => watchedItem(match, watched.get(match.id)?.data, failed))}</ul>`
        : html`<p>${t("app.loading")}</p>`}</section>${sheetsList()}`;
  }

  return {
    render() {
      const markup = list();
      drawn = String(markup);
      return markup;
    },
    start() {
      refresh();
    },
    refresh,
    settled: () => settled,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    async forget(id) {
      const entry = entries?.find((listed) => listed.id === id);
      try {
        // push.js, which stops the match's pushes, fetched now, not with the home page (a first visit has nothing to
        // remove); failing to come, the match is kept and said so, as when its pushes cannot be stopped
        const game = await (await loadPart("push.js")).removeMatch(id);
        failed = null;
        announce(t("mine.removed", {match: entry ? matchName(entry) : gameName(game)})); // the focus is on the list
      } catch {
        failed = id; // kept, and said why under its entry
      }
      repaint();
    },
    turns: counts,
    actions: {
      toGames() { // not a #fragment link: the router would draw the page again, at its top
        const games = document.getElementById("games-title");
        games?.scrollIntoView({block: "start"});
        games?.focus({preventScroll: true});
      },
      askTidy: () => tidy.ask(),
      cancelTidy: () => tidy.cancel(),
      tidy: () => tidy.run(finished()),
    },
  };
}
