// The match's story: the last move, the move log in words and a replay slider over past versions.
import {api, retryDelay, serverFailed} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {disclosure} from "./disclosure.js";
import {duration} from "./pace.js";
import {scoreboard} from "./scoreboard.js";
import {Listed, seatName} from "./words.js";

const RETRY_MS = 1000; // a log that failed to load is asked for again after 1 s, then 2, 4... up to RETRY_MAX_MS
const RETRY_MAX_MS = 30000;
// The log opens on its latest 50 entries: drawn whole, the 600 of a long ADD-TOO match made every repaint (a poll's news,
// a diamond picked) four times slower on a phone while it was open. The earlier ones are a button away.
const LOG_SHOWN = 50;
// Opening a match fetches the log's latest LOG_PAGE entries, not all of it: a long ADD-TOO match's 850 (213 kB of JSON,
// 17 kB gzipped) came and were parsed on a slow phone before its last move showed. What reads further back fetches more, as
// far as it reads: the notes under the last move back to this seat's own last move (in pages twice as long each time,
// to the start at most), the earlier entries of the open log a page at a time as the reader nears their foot (all 800
// at once were 16 kB gzipped on a train's connection, for a reader who may stop at the tenth), a replay's step as the
// slider reaches it. A page that did not arrive says so, with Try again, and is asked again when the network is back.
const LOG_PAGE = LOG_SHOWN;
const MOST_PER_ASK = 1000; // the log route's largest `limit` (openapi.yaml)
// A replay's step that takes longer than this to come says "Loading…"; one sooner just replaces the step before it,
// kept on screen meanwhile: on a slow phone, "Loading…" at every step blanked the table each time
const STEP_SLOW_MS = 600;
/** Logged, but no move: a hint asked for, a new time per move (api/lifecycle.py); the table stays as it was. */
const isMove = (entry) => entry.kind !== "hint" && entry.kind !== "pace";

/** The index of the last entry of `list` that passes `test`, else -1 (`findLastIndex`, which Safari before 15.4
 * and Chrome before 97 lack). */
function lastIndex(list, test) {
  let n = list.length - 1;
  while (n >= 0 && !test(list[n])) n--;
  return n;
}

/** Played for a seat that left the match: not its own move. */
const playedFor = (entry) => entry.kind === "autopilot" || entry.kind === "bot";

/** The ids of the cards a logged move names (played, laid, exposed, taken...), found wherever they sit. */
function cardIds(value, ids = new Set()) {
  if (Array.isArray(value)) value.forEach((item) => cardIds(item, ids));
  else if (value && typeof value === "object") {
    if (typeof value.id === "string") ids.add(value.id);
    Object.values(value).forEach((item) => cardIds(item, ids));
  }
  return ids;
}

/** Outline the cards of `elements` that a move named (`ids`), on the table: not those back in a hand. */
function outline(elements, ids) {
  for (const element of elements) {
    if (ids.has(element.dataset.card) && !element.closest(".hand")) element.classList.add("last-played");
  }
}

export function history(id, token, screen) {
  // The entries fetched, entries[v - 1] the one that made version v (immutable once logged): those from log.tail up
  // to log.version are all there, the ones before it fetched only where something read them (a replay's step)
  const entries = [];
  let log = null; // {version, tail}: the log caught up to `version`, fetched back to `tail` without a gap
  let marked = 0; // the version made by the move last marked on the table (it animates once)
  let asked = 0;
  const retry = {timer: null, ms: 0, behind: false}; // behind: the log failed to catch up with the view, asked again
  // at: the step asked for; view: the one drawn, until at's comes; reveal: scroll to the replay once its step is drawn;
  // slow: at's step is late (STEP_SLOW_MS)
  // failed: the step whose table or words did not arrive (no connection), said with Try again, else null
  const replay = {at: null, view: null, reveal: false, slow: false, timer: null, failed: null};
  const open = {log: false, replay: false, missed: false, earlier: false};
  let shownFrom = 0; // the log's first entry drawn, set when it opens: the moves that come meanwhile go on its top
  let footChanged = false; // the earlier entries were just shown or hidden at the list's foot: its scroll keeps to its top
  let awaited = 0; // the views waiting for the log to draw it with them (see changed): it draws nothing itself meanwhile
  const older = {asking: false, failed: false, watch: null}; // the open log's next page of earlier entries (olderPage)

  const keep = (fetched) => fetched.moves.forEach((entry) => { entries[entry.seq - 1] = entry; });

  /** Fetch the entries that made the versions after `after` up to `to`, in as few asks as the route's limit allows. */
  async function fetchRange(after, to) {
    while (after < to) {
      const fetched = await api.log(id, token(), after, Math.min(to - after, MOST_PER_ASK));
      keep(fetched);
      if (!fetched.moves.length) return;
      after = fetched.moves[fetched.moves.length - 1].seq;
    }
  }

  /** The log's tail drawn back over the entries fetched before it (a replay's page just before it). */
  function joinTail() {
    while (log && log.tail > 0 && entries[log.tail - 1]) log.tail--;
  }

  /** The entries fetched without a gap from `from` (not before the tail) up to `to`. */
  const loaded = (from, to) => entries.slice(Math.max(from, log?.tail ?? to), to);

  /** Whether the notes read back past `tail` in the log up to `top`: the last move; this seat's last move (what it
   * missed, what ended meanwhile); for a seat the autopilot plays, the move that made it leave (the autopilot note). */
  function readsBefore(tail, top) {
    const shown = entries.slice(tail, top);
    if (!shown.some(isMove)) return true;
    const me = screen.view.you ? screen.view.you.seat : null;
    if (me === null) return false;
    const left = screen.view.seats[me]?.status === "left";
    return !shown.some((entry) => entry.seat === me && isMove(entry) && !(left && playedFor(entry)));
  }

  /** Bring the log up to `version`, asking only for the moves since the ones already shown; on opening, for the latest
   * LOG_PAGE and as many before them as the notes read back (see LOG_PAGE). */
  async function load(version) {
    clearTimeout(retry.timer);
    asked = version;
    const known = log && log.version <= version ? log : null;
    try {
      const from = known ? known.version : Math.max(0, version - LOG_PAGE);
      const fetched = await api.log(id, token(), from);
      keep(fetched);
      const top = Math.min(fetched.version, version); // up to the view's version: not yet the computer's replies
      let tail = known ? known.tail : from;
      for (let page = LOG_PAGE; tail > 0 && readsBefore(tail, top); page = Math.min(page * 2, MOST_PER_ASK)) {
        const after = Math.max(0, tail - page);
        await fetchRange(after, tail);
        tail = after;
      }
      if (version === asked) {
        log = {version: top, tail};
        joinTail();
        Object.assign(retry, {ms: 0, behind: false});
        if (!awaited) screen.repaint();
      }
    } catch (error) {
      if (version !== asked) return; // a newer load is on its way
      const again = serverFailed(error); // else (a refused token, a match gone) the poll says why; a change asks again
      if (again) {
        retry.ms = Math.min(Math.max(retry.ms * 2, RETRY_MS), RETRY_MAX_MS);
        retry.timer = setTimeout(() => load(version), retryDelay(error, retry.ms));
      }
      if (retry.behind !== again) {
        retry.behind = again; // meanwhile the last move says "Loading…", not the move before it
        if (!awaited) screen.repaint();
      }
    }
  }

  /** The last move and the version it made: a hint or a new time per move is logged but is no move. */
  function lastMove() {
    const moves = loaded(0, log?.version ?? 0);
    const at = lastIndex(moves, isMove);
    return at < 0 ? {entry: null, version: 0} : {entry: moves[at], version: log.version - moves.length + at + 1};
  }

  /** A logged entry's sentences: the move's own, then what it ended (a deal, a hand; a `Listed` one names each seat). */
  function sentences(entry, brief = false) {
    const name = seatName(screen.view, entry.seat);
    if (entry.kind === "resign" && entry.move.bot) return [t("log.leftToBot", {name, level: t(`bot.level.${entry.move.bot}`)})];
    // a resignation that ended the match (two seats, or the last person at a table with a bot), else a leave
    if (entry.kind === "resign") return [t(screen.view.seats[entry.seat]?.status === "resigned" ? "log.resign" : "log.left", {name})];
    if (entry.kind === "hint") return [t("log.hint", {name})];
    if (entry.kind === "pace") {
      const seconds = entry.move.time_per_move;
      return [seconds ? t("log.pace", {name, time: duration(seconds)}) : t("log.paceNone", {name})];
    }
    // who made the move, and after a hint, is said of the first sentence
    const [move, ...then] = described(entry, brief);
    const said = ["move", "bot"].includes(entry.kind) ? move : t(`log.${entry.kind}`, {move}); // a timeout or the autopilot
    return [entry.after_hint ? t("log.afterHint", {move: said}) : said, ...then];
  }

  const words = (entry, brief = false) => sentences(entry, brief).join(" ");

  /** A played entry as its game's module words it: its own sentence, then what it ended; `brief`, without each seat's
   * arithmetic of a deal's end (the log keeps it). */
  const described = (entry, brief = false) => screen.game.describe(entry.move, {name: seatName(screen.view, entry.seat),
    seat: entry.seat, view: screen.view, brief});

  /** What a move before the last one ended since the seat `me` last moved (a deal's result, say, when
   * the computer went out and then opened the next deal): the last move's line no longer says it. */
  function endedMeanwhile(me) {
    const last = lastMove().version - 1; // its line says what it ended
    for (let at = last; me !== null && at >= (log?.tail ?? 0); at--) { // back as far as load() fetched: the seat's own move
      const entry = entries[at];
      if (at < last && isMove(entry) && entry.kind !== "resign") {
        const then = described(entry).slice(1);
        if (then.length) return then.join(" ");
      }
      if (entry.seat === me) break; // the seat's own move: what came before it, it has seen
    }
    return "";
  }

  /** The moves before the last one that the seat `me` has not seen on its own turn: those since its last move (from
   * the start when it has not moved yet), oldest first; none for a watcher or when the last move is its own. A player
   * back the next day at a table of three saw only the last of the others' two moves. */
  function missed(me) {
    const last = lastMove().version - 1;
    if (me === null || last < 0 || entries[last].seat === me) return [];
    const since = loaded(0, last); // back to the seat's own last move, or the start (load)
    const mine = lastIndex(since, (entry) => entry.seat === me);
    return since.slice(mine + 1).filter(isMove);
  }

  /** Under the last move, the others' moves before it since the seat last moved, behind a button that counts them. */
  function missedPanel(me, moved) {
    const earlier = missed(me);
    if (!earlier.length) return "";
    const count = earlier.length;
    return html`<div class="missed"><button type="button" class="small" data-action="toggle" data-panel="missed"
        data-key="toggle-missed" aria-expanded="${open.missed ? "true" : "false"}" aria-controls="missed-moves"
        >${t(moved ? "log.missed" : "log.missedFromStart", {count})}</button>
      <ol class="last-move" id="missed-moves" ${open.missed ? "" : "hidden"}>${open.missed ? earlier.map((entry) =>
        html`<li>${words(entry)}</li>`) : ""}</ol></div>`;
  }

  /** The open log, the latest first: the entries from `shownFrom` on (all when the earlier ones are shown), and the button
   * that shows or hides the earlier ones. Its scroll is kept over a repaint (ui.js): from its foot as moves come on top,
   * from its top as the earlier ones appear under it. */
  function logList(count) {
    const from = Math.max(open.earlier ? 0 : shownFrom, log.tail); // the earlier ones shown once fetched (showEarlier)
    const earlier = html`<p class="actions"><button type="button" class="small" data-action="toggle" data-panel="earlier"
        data-key="toggle-earlier" aria-expanded="${open.earlier ? "true" : "false"}">${open.earlier
        ? t("log.fewer", {count: count - shownFrom}) : t("log.earlier", {count: shownFrom})}</button></p>`;
    return html`<ol class="log" reversed start="${count}" tabindex="0" data-key="log"
        data-keep-scroll="${footChanged ? "top" : "foot"}" data-digits="${String(count).length}" aria-label="${t("log.list")}"
        >${entries.slice(from, count).map((m, n) => html`<li><span class="said">${words(m)}</span> ${showStep(from + n + 1)}</li>`)
        .reverse()}</ol>${open.earlier && from ? olderFoot() : ""}${shownFrom ? earlier : ""}`;
  }

  /** Under the open log while earlier entries are still to come: the next page on its way, or that it did not arrive. */
  const olderFoot = () => (older.failed ? notArrived(t("log.earlierFailed"), "earlier", "log") : html`<p>${t("app.loading")}</p>`);

  /** The page of the open log's earlier entries just before those fetched: asked for when they are shown, then each
   * time the reader nears the foot of the list (watchFoot). */
  async function olderPage() {
    if (older.asking || !log.tail) return;
    Object.assign(older, {asking: true, failed: false});
    try {
      await fetchRange(Math.max(0, log.tail - LOG_PAGE), log.tail);
      joinTail();
    } catch {
      older.failed = true;
    }
    older.asking = false;
    footChanged = true; // the entries read stay where they are
    screen.repaint();
  }

  /** The next page asked for once the open log's oldest entry drawn comes near the sight of its scroll box. */
  function watchFoot(root) {
    older.watch?.disconnect();
    const list = root.querySelector("ol.log");
    if (!open.earlier || !list || !log.tail || older.failed) return;
    older.watch = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && olderPage(),
      {root: list, rootMargin: "0px 0px 50% 0px"});
    older.watch.observe(list.lastElementChild);
  }

  /** What did not arrive (`said`: the `what` page), with the button that asks for it again, as the network coming back
   * does; pressed, the focus goes on to what it brings (the element of data-key `then`), not to the top of the page. */
  const notArrived = (said, what, then) => html`<p class="error">${said} <button type="button" class="small"
    data-action="fetchAgain" data-key="fetch-${what}-again" data-then="${then}">${t("app.tryAgain")}</button></p>`;

  /** Ask again for what did not arrive: the open log's next page, the replay's step. */
  function fetchAgain() {
    if (older.failed && open.earlier) olderPage();
    if (replay.failed !== null) show(replay.failed);
  }

  /** The page of the log that holds a replay's step `at`, when not fetched yet: stepping back from the log's tail, the
   * page before it; elsewhere (the slider let go far back), the page around it. */
  async function fetchStep(at) {
    if (at <= 0 || entries[at - 1]) return;
    const to = Math.min(at <= (log?.tail ?? 0) ? log.tail : screen.view.version, at + LOG_PAGE / 2);
    try {
      await fetchRange(Math.max(0, to - LOG_PAGE), to);
      joinTail();
    } catch {
      if (replay.at === at) replay.failed = at; // said, with Try again
    }
    screen.repaint();
  }

  /** A log entry's way to the table as its move left it: the replay opened at its step. */
  const showStep = (at) => html`<button type="button" class="small" data-action="replayTo" data-at="${at}"
    data-key="replay-to-${at}" aria-label="${t("replay.showStep", {at})}">${t("replay.show")}</button>`;

  /** The replay at step `at`: its slider and words at once, its table once fetched, the step drawn before kept till then. */
  async function show(at) {
    Object.assign(replay, {at, slow: false, failed: null});
    fetchStep(at); // its words, beside its table
    clearTimeout(replay.timer);
    replay.timer = setTimeout(() => {
      replay.slow = true;
      screen.repaint();
    }, STEP_SLOW_MS);
    screen.repaint();
    let view = null;
    try {
      view = await api.version(id, at, token());
    } catch {
      // not fetched: back to the step drawn, none when none was (the slider then on the last step, no table), and
      // the step asked for said not loaded, with Try again
    }
    if (replay.at !== at) return; // another step was asked for meanwhile
    clearTimeout(replay.timer);
    Object.assign(replay, {view: view || replay.view, at: view ? at : replay.view?.version ?? null, slow: false,
      failed: view ? replay.failed : at});
    screen.repaint();
  }

  /** The table at a past step as the replay draws it: nobody's to act on it. */
  const replayContext = (past) => ({view: past, me: past.you?.seat ?? null, legal: null, ui: screen.game.fresh(past),
    busy: true, readOnly: true});

  function replayPanel(view) {
    const at = replay.at ?? view.version;
    const entry = at > 0 ? entries[at - 1] : null;
    const past = replay.view;
    const busy = past && past.version !== at; // the step drawn before, until at's comes
    // Dragged, the slider says the step under the thumb at once (replayDragged); the step is drawn once let go
    return html`
      <label class="field"><span id="replay-said">${t("replay.at", {at, count: view.version})}</span>
        <input type="range" min="0" max="${view.version}" value="${at}" data-change="replayAt" data-input="replayDragged"
          data-key="replay-at" aria-valuetext="${t("replay.at", {at, count: view.version})}"></label>
      <p class="actions"><button type="button" class="small" data-action="replayStep" data-step="-1" data-key="replay-prev"
          data-disabled-focus="replay-at" ${at <= 0 ? "disabled" : ""}>${t("replay.previous")}</button>
        <button type="button" class="small" data-action="replayStep" data-step="1" data-key="replay-next"
          data-disabled-focus="replay-at" ${at >= view.version ? "disabled" : ""}>${t("replay.next")}</button></p>
      <p data-say>${entry ? words(entry) : at <= 0 ? t("replay.deal") : replay.failed === at ? "" : t("app.loading")}</p>
      ${replay.failed === null ? "" : notArrived(t("replay.failed", {at: replay.failed}), "step", "replay-at")}
      ${replay.slow ? html`<p>${t("app.loading")}</p>` : ""}
      ${past ? html`<div class="replay-board" data-version="${past.version}" aria-busy="${busy ? "true" : "false"}">${
        scoreboard(past, past.you?.seat ?? null, screen.game)}${screen.game.board(replayContext(past))}</div>` : ""}`;
  }

  return {
    /** Bring the log up to `view`, drawn as it comes. With `wait` (ms): the screen is not drawn for it meanwhile, and the
     * promise resolves once the log caught up or failed, or `wait` has passed (the log then draws itself as it comes),
     * for the view to be drawn once with its last move. */
    changed(view, wait = 0) {
      if (view.version === 0) {
        log = {version: 0, tail: 0};
        return null;
      }
      const loading = load(view.version);
      if (!wait) return null;
      awaited += 1;
      let timer = null;
      return Promise.race([loading, new Promise((done) => { timer = setTimeout(done, wait); })]).finally(() => {
        awaited -= 1;
        clearTimeout(timer);
      });
    },
    stop() {
      asked = -1;
      older.watch?.disconnect();
      clearTimeout(retry.timer);
      clearTimeout(replay.timer);
    },
    /** Whether `seat` left the match itself (true) or was put out for missed turns (false); null until the log
     * has caught up with the view. */
    left(seat) {
      if ((log?.version ?? -1) !== screen.view.version) return null;
      // its last move of its own: a resignation, or a move or a timeout (turns played for it come after it)
      const own = lastIndex(loaded(0, log.version), (entry) => entry.seat === seat && !playedFor(entry) && isMove(entry));
      if (own < 0) return log.tail > 0 ? null : false; // not fetched that far back (load reads back to it for this seat)
      return loaded(0, log.version)[own].kind === "resign";
    },
    /** The log's entries that made the versions after `version`; null until the log has caught up with the view. */
    since(version) {
      return (log?.version ?? -1) === screen.view.version && version >= log.tail ? entries.slice(version, log.version) : null;
    },
    /** A logged move in words ("Bob played 6 onto the table."). */
    words,
    /** Whether the log has caught up with the view shown. */
    current: () => (log?.version ?? -1) === screen.view.version,
    /** The last move in words, shown above the table (a hint asked since is in the log, not here). */
    lastMove() {
      const last = lastMove().entry;
      if (!last && !retry.behind) return "";
      // Above the table, a deal's end at a table of more than two says each seat's points without their sums: at eight
      // seats with long names, the sums of an ADD'EM round took the table and the hand off the first screen.
      const said = retry.behind ? [t("app.loading")] : sentences(last, screen.view.seats.length > 2);
      const me = screen.view.you ? screen.view.you.seat : null;
      const moved = loaded(0, log?.version ?? 0).some((entry) => entry.seat === me && isMove(entry));
      const label = html`<span class="label">${t("log.last")}</span>`;
      // A move that ended a round with each seat's points listed: the move, then each sentence on its own line and
      // the points one seat a line, not five sentences and more in a row
      const lines = said.some((part) => part instanceof Listed) ? html`<div class="last-move lines" id="last-move">
        <p>${label} ${said[0]}</p>${said.slice(1).map((part) => (part instanceof Listed
          ? html`<ul>${part.items.map((item) => html`<li>${item}</li>`)}</ul>` : html`<p>${part}</p>`))}</div>` : "";
      return html`${lines || html`<p class="last-move" id="last-move">${label} ${said.join(" ")}</p>`}
        ${retry.behind ? "" : missedPanel(me, moved)}`;
    },
    /** Under the table: what a move before the last one ended since this seat last moved. Not above it,
     * where with eight seats it pushed the hand off the first screen. */
    endedMeanwhile() {
      const ended = endedMeanwhile(screen.view.you ? screen.view.you.seat : null);
      return ended ? html`<p class="last-move ended" id="ended-meanwhile">${ended}</p>` : "";
    },
    /** Mark on the table the cards the last move left there; they arrive with a short animation once. */
    mark(root) {
      footChanged = false;
      const step = replay.view && entries[replay.view.version - 1]; // the replay's step: what it played, outlined
      if (step) outline(root.querySelectorAll(".replay-board [data-card]"), cardIds(step.move));
      const {entry: last, version} = lastMove();
      if (!last || log.version !== screen.view.version) return;
      const fresh = marked !== version;
      marked = version;
      outline(root.querySelectorAll(".board [data-card]"), cardIds(last.move));
      if (fresh) root.querySelectorAll(".board .last-played, .board .tile.last").forEach((e) => e.classList.add("arrived"));
    },
    render() {
      const view = screen.view;
      const count = log?.version ?? 0;
      return html`
        ${count ? disclosure("log", open.log, t("log.title", {count}), open.log ? logList(count) : "") : ""}
        ${view.version > 0 ? disclosure("replay", open.replay, t("replay.title"), open.replay ? replayPanel(view) : "") : ""}`;
    },
    /** Open or close one of this panel's sections; false when `name` is not one of them. */
    toggle(name) {
      if (!(name in open)) return false;
      open[name] = !open[name];
      if (name === "log" && open.log) shownFrom = Math.max(0, (log?.version ?? 0) - LOG_SHOWN);
      if (name === "earlier") footChanged = true;
      if (name === "earlier" && open.earlier) olderPage();
      if (name === "replay" && open.replay && replay.at === null) show(screen.view.version);
      screen.repaint();
      return true;
    },
    /** After a repaint: the replay's board as its game moves it (ADD-TOO's follows the step's diamond). */
    painted(root) {
      watchFoot(root);
      const board = root.querySelector(".replay-board");
      if (!board || !replay.view) return;
      screen.game.painted?.(board, replayContext(replay.view));
      if (replay.reveal) board.closest(".replay-open").scrollIntoView({block: "start"}); // opened from the log
      replay.reveal = false;
    },
    /** The network back: what did not arrive is asked for again, without a tap. */
    revive: fetchAgain,
    actions: {
      fetchAgain(button) {
        document.querySelector(`[data-key="${button.dataset.then}"]`)?.focus({preventScroll: true});
        fetchAgain();
      },
      replayAt(input) {
        show(Number(input.value));
      },
      replayTo(button) {
        open.replay = true;
        show(Number(button.dataset.at)); // drawn at once, the step's table coming after
        document.querySelector('[data-key="replay-at"]').focus(); // for the arrow keys, and kept over the repaints
        replay.reveal = true; // once the step's table is drawn: before, a page too short to scroll to it
      },
      replayDragged(input) { // in place: a repaint would take the slider from under the finger
        const said = t("replay.at", {at: Number(input.value), count: screen.view.version});
        input.setAttribute("aria-valuetext", said);
        document.getElementById("replay-said").textContent = said;
      },
      replayStep(button) {
        show((replay.at ?? screen.view.version) + Number(button.dataset.step));
      },
    },
  };
}
