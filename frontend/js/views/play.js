// The play screen: the match as this device's seat sees it, polled and updated in place.
import {api} from "../api.js";
import {notifyTurn, setTitle} from "../attention.js";
import {helpsWithSums} from "../games/help.js";
import {html} from "../html.js";
import {listing, t} from "../i18n.js";
import {load} from "../loader.js";
import {UNTOLD, flush, submit, untold, waiting, watch} from "../outbox.js";
import {poll} from "../poller.js";
import {PUSH_CHANGED, notifyOnThisPhone, pushId, removeMatch} from "../push.js";
import {go} from "../router.js";
import {invitationOf, isWatched, keepSeat, rememberPlayers, seatOf, sharedDevice, watchMatch, watchedFor, watchedSheet}
  from "../seat-store.js";
import {PLAYER_INPUTS, announce, attempt, begin, mergeActions, shownAtAll, spoken} from "../ui.js";
import {hintText} from "./computer.js";
import {fairness, fixedDeckNote} from "./fairness.js";
import {history} from "./history.js";
import {inviteActions, invitePanel} from "./invite.js";
import {lifecycle} from "./lifecycle.js";
import {notifyControl} from "./notify-control.js";
import {ownLink} from "./own-link.js";
import {paceRule} from "./pace.js";
import {paceControl} from "./pace-control.js";
import {renaming} from "./rename.js";
import {finalScores, scoreRule, scoreboard, scoresNow} from "./scoreboard.js";
import {guests} from "./guests.js";
import {seatLinks} from "./seat-links.js";
import {thinking} from "./thinking.js";
import {gameName, goneWhy, homeLink, isolated, keptText, matchHead, pollText, problemText, seatName, statusLine} from "./words.js";

// A game module: fresh, seatInfo, score, board, actions, describe, and optionally painted and keptInSight (README:
// "The web app's game modules").
const loadGame = (key) => load(`games/${key}.js`).then((m) => m.default);
const CLOCK_MS = 30000; // how often "in 5 hours" is looked at (the screen is drawn again only when its words changed)
// How long a poll's news (another seat's move) waits for the log's entry of it, to be drawn once with its last move
// above the table: drawn at once, then again as the log came (50-250 ms each on a slow phone), the table and the hand
// moved down under a finger. A log slower than this is drawn as it comes.
const LOG_WAIT_MS = 1500;
const TELL_WAIT_MS = 4000; // how long a change waits for the log's words of the moves that made it
const TELL_MOVES = 4; // the most moves said at once

/** A move built on one view holds on another with the same version, status and seat. */
const moment = (view) => `${view.version} ${view.status} ${view.you?.seat ?? ""}`;

/** The name `me` plays under, said with "your turn" at a table and on a device whose seats go by more than one name
 * (a family's tablet). */
const player = (view, me, table) => (me !== null && (table || sharedDevice()) ? view.seats[me].name : null);

/** The note of what the seat `me` (null: a spectator) waits for while seats are free, one of which may still be given
 * back and its player sit elsewhere knowing what it was dealt: its hand, or in ADD-TOO everyone's face-up diamonds (a
 * joiner would pick the seat holding the best). None once every seat is taken. */
function handLater(view, me) {
  const waits = view.status !== "waiting" ? null : view.game === "addtoo" ? "play.tilesAtStart" : me !== null ? "play.handAtStart" : null;
  return waits ? html`<p class="note" id="hand-later">${t(waits)}</p>` : "";
}

/** What this device is to a match it holds no seat of: it made the match for a class sheet, handed its seat over,
 * or just looks on. */
const watchNote = (id) => (watchedSheet(id) ? "play.sheetMatch" : watchedFor(id) ? "play.handedOver" : "play.spectator");

/** Under the table, so that a table without its sums does not look broken. */
const noSumsNote = (view) => (helpsWithSums(view) ? "" : html`<p class="note" id="no-sums">${t("play.noSums")}</p>`);

// The rematch this tab's page just asked for or joined, which it opens: its page says whose turn it is as it opens
// (a page opened by a link has its heading and status read in order; this one came in place of the finished match).
let rematchOpened = null;

/** `table`, for a seat of a table played on this device (table.js): {passed(view), rematched(answer)}. */
export default function play(id, linkToken, fromQr = false, table = null) {
  const kept = seatOf(id); // as the page opened; what it shows later is read again (a new link kept, a seat forgotten)
  let sayOnOpen = rematchOpened === id; // the status line, with the first view (see attention)
  rematchOpened = null;
  let token = linkToken || kept?.token || null;
  let deadToken = null; // the token the server last refused (a link replaced): never taken up again
  let poller = null;
  let clock = null;
  let unwatch = null;
  let loading = null; // the game module on its way (see gameLoaded)
  let telling = null; // the timer that says a change without the log's words (see tell)
  let resumed = null; // the move the page this one replaced was building (another language: see carry)
  let answeredAt = 0; // when the server last brought this page the match: the network worked then
  let drawnMarkup = ""; // the screen as last drawn (see ticked)
  let refusedMove = false; // at a table: this seat's last move was refused as the match moved on (see passedOn)
  let overtaken = null; // {version, text}: this seat's move refused as the match had moved on from `version` (see movedElsewhere)
  let inputs = 0; // the player's scrolls, touches, clicks and keys on this page so far (see bringIntoView)
  let turnShownAt = null; // `inputs` when the turn was first brought into view, null until it was (see bringIntoView)
  const shownSum = {text: "", version: null}; // the running sum last drawn (see tellSum)
  const screen = {
    view: null, game: null, ui: {}, error: null, busy: false, asking: null, notice: null, pushNote: null,
    pollError: null, // why the last poll failed (no connection, a busy server), cleared by the next answer
    removeFailed: false, // the match the server no longer has could not be removed from this device (see removeGone)
    news: null, // {text, version}: a change the outbox kept arrived late; news until the match moves past `version`
    ownSeat: null, // the seat this device holds, when the link opened here is another seat's (see shown)
    takenOff: false, // the match's creator freed this device's seat before the start: no invite to share from here
    actions: {},
    fallbackFocus: "#status", // when a move took the focused button away: Tab goes on from the status to the hand
    revive: () => screen.history.revive(), // the network back: the log's page or replay's step that did not arrive
    render() {
      const markup = draw();
      drawnMarkup = markup.text;
      return markup;
    },
    async start() {
      unwatch = watch(heard);
      screen.seatLinks.start();
      screen.busy = queued().length > 0; // a change made before a reload is still on its way
      startPolling();
      tellUntold();
      clock = setInterval(ticked, CLOCK_MS);
      for (const type of PLAYER_INPUTS) window.addEventListener(type, counted, {capture: true, passive: true});
      window.addEventListener("storage", seatsChanged);
      window.addEventListener("storage", untoldElsewhere);
      window.addEventListener(PUSH_CHANGED, pushChanged);
      document.addEventListener("visibilitychange", ticked);
    },
    stop() {
      for (const type of PLAYER_INPUTS) window.removeEventListener(type, counted, {capture: true});
      window.removeEventListener("storage", seatsChanged);
      window.removeEventListener("storage", untoldElsewhere);
      window.removeEventListener(PUSH_CHANGED, pushChanged);
      document.removeEventListener("visibilitychange", ticked);
      poller?.stop();
      unwatch?.();
      clearInterval(clock);
      clearTimeout(telling);
      screen.history?.stop();
      screen.seatLinks.stop();
      screen.thinking.stop();
    },
    painted(root) {
      screen.game?.painted?.(root, context());
      screen.history.painted(root);
      screen.history.mark(root);
      if (screen.bringIntoView) bringIntoView(root);
      tellSum(root);
      tell();
    },
    /** What this page drawn again in another language (see ui.mount) takes over: the seat link it was opened
     * with, which left the address at once (another seat's link still shows that seat), and the move being
     * built: every game keeps it in `ui`, which the first view takes back when it is the one the move was built
     * on (a language changed twice before that view came passes it on). */
    carry: () => ({match: id, linkToken: token === linkToken ? linkToken : null,
      move: screen.view ? {moment: moment(screen.view), ui: screen.ui} : resumed}),
    resume(carried) {
      if (carried.match !== id) return;
      resumed = carried.move;
      if (carried.linkToken) linkToken = token = carried.linkToken;
    },
  };
  screen.history = history(id, () => token, screen);
  screen.fairness = fairness(screen);
  screen.lifecycle = lifecycle(id, () => token, screen, send, queue);
  screen.seatLinks = seatLinks(id, () => token, screen, fromQr);
  screen.guests = guests(id, () => token, screen);
  screen.renaming = renaming(id, () => token, screen, showAnswer);
  screen.pacing = paceControl(id, () => token, screen, showAnswer);
  screen.notifying = notifyControl(id, () => token, screen);
  screen.ownLink = ownLink(id, screen, {stop: () => poller.stop(), start: startPolling, relinked});
  screen.thinking = thinking(id, () => token, (view) => drawn(view));

  /** The screen's markup: the match, or what shows before its first view. */
  function draw() {
    const view = screen.view;
    if (!view || !screen.game) return waitingForView();
    const me = view.you ? view.you.seat : null;
    const ctx = context();
    const invitation = invitationOf(id);
    // data-history: whether the history (the last move, above the table) has caught up with the view, whose repaint
    // may scroll the turn into sight again (see bringIntoView); tests wait on it before tapping or measuring
    return html`<div class="play" data-history="${screen.history.current() ? "current" : "loading"}">
      ${matchHead(view.game)}
      ${paceRule(view.pace)}
      ${screen.pacing.button(view, me, table)}
      ${screen.pacing.render(view, me, table)}
      <div class="status-row"><p class="status ${view.status === "playing" && view.turn === me ? "your-turn" : ""}" id="status"
        tabindex="-1" data-key="status" data-status="${view.status}" data-version="${view.version}">${statusOf(view, me)}</p>${hintButton(view, me)}</div>
      ${screen.hint && hintButton(view, me) ? html`<p class="hint-text" id="hint"><strong>${t("hint.title")}</strong>
        ${screen.hint.text}</p>` : ""}
      ${outboxLines()}
      ${errorLine()}
      ${screen.seatLinks.warning()}
      ${otherSeatNotice(view, me)}
      ${screen.lifecycle.deadline(view, me)}
      ${view.status === "waiting" && invitation && !screen.takenOff ? invitePanel(view, invitation, screen.notice) : ""}
      ${screen.guests.render(view, me)}
      ${me === null ? html`<p class="note" id="watch-note">${t(watchNote(id))}</p>` : ""}
      ${handLater(view, me)}
      ${scoreboard(view, me, screen.game)}
      ${screen.history.lastMove()}
      ${view.status === "over" ? screen.lifecycle.controls(view, me) : ""}
      <section class="board" aria-label="${t("play.table")}">${screen.game.board(ctx)}</section>
      ${screen.history.endedMeanwhile()}
      ${scoreRule(view)}
      ${noSumsNote(view)}
      ${fixedDeckNote(view, me)}
      ${screen.history.render()}
      ${screen.fairness.render()}
      ${screen.seatLinks.render(view, me)}
      ${view.status !== "over" ? screen.lifecycle.controls(view, me) : ""}
      <p class="links">${me !== null && screen.ownSeat === null && !table ? screen.notifying.button(view) : ""}
        ${table ? "" : screen.ownLink.button(view, me)}
        ${screen.renaming.button(view, me)}</p>
      ${screen.renaming.render(view, me)}
      ${screen.notifying.note()}
      ${screen.ownLink.panel(view, me)}</div>`;
  }

  /** The clock: the deadline's words ("in 5 hours", the button to skip a late turn) brought up to date, the screen drawn
   * again only when they changed and the page is seen. Drawn every 30 s, a timed match left open for days cost a cheap
   * phone a whole repaint (0.2 s of its CPU) 2,880 times a day, hidden too, for words that changed once an hour. */
  function ticked() {
    if (!screen.view?.deadline || document.hidden) return;
    if (draw().text !== drawnMarkup) screen.repaint();
  }

  /** The status line: while the computer's reply is paced (see thinking.js), that it is thinking. */
  const statusOf = (view, me) => screen.thinking.line(view) || statusLine(view, me, player(view, me, table));

  /** Before the first view: the game this device's seat is in, a change still queued (kept over a reload),
   * and why nothing more shows yet; a match that does not exist leads home, and when this device keeps a seat of it
   * or watches it (the operator's retention deleted it, say), or a seat's link opened it, says that it went and why,
   * and offers to remove what this device keeps of it. */
  function waitingForView() {
    const removable = screen.gone && remembered();
    // a match not there, of no game known here: the heading of a page not there (a screen reader goes by headings)
    const head = kept?.game ? matchHead(kept.game) : screen.gone ? html`<h1>${t("missing.title")}</h1>` : "";
    return html`${head}
      ${outboxLines()}
      ${errorLine() || html`<p>${t("app.loading")}</p>`}
      ${screen.gone && played() ? goneWhy() : ""}
      ${removable ? html`<p class="actions"><button type="button" data-action="removeGone" data-key="remove-gone">
        ${t("play.removeGone")}</button></p>` : ""}
      ${removable && screen.removeFailed ? html`<p class="error" id="forget-failed">${t("mine.forgetFailed")}</p>` : ""}
      ${screen.gone ? homeLink() : ""}`;
  }

  const remembered = () => Boolean(seatOf(id) || isWatched(id)); // a match this device plays or follows
  const played = () => Boolean(remembered() || linkToken); // opened by a seat's link too: it was played, not mistyped

  const errorLine = () => {
    const error = movedElsewhere() ? t("error.stale_version.yours") : screen.error || screen.pollError;
    if (error) return html`<p class="error">${error}</p>`;
    // back after hours in the pocket: the table shown may be that old until the check's answer
    return poller?.checking() ? html`<p class="note" data-say id="checking">${t("play.checking")}</p>` : "";
  };

  /** Whether the move last refused as a version behind met this seat's own move, made on another device or in
   * another tab of this one (once the log says so): not "someone" else's. */
  function movedElsewhere() {
    if (!overtaken || screen.error !== overtaken.text || !screen.view?.you) return false;
    const me = screen.view.you.seat;
    return (screen.history.since(overtaken.version) || []).some((entry) => entry.kind === "move" && entry.seat === me);
  }

  /** A seat link opened on a device that holds another seat of the match: this tab shows the link's seat
   * (the device keeps its own, which a reload shows again), and says so, with a way back to its own. */
  function otherSeatNotice(view, me) {
    if (screen.ownSeat === null || me === null) return "";
    const own = seatName(view, screen.ownSeat);
    return html`<div class="other-seat" id="other-seat">
      <p data-say>${t("device.otherSeat", {link: seatName(view, me), own})}</p>
      <p class="actions"><button type="button" class="small" data-action="backToOwnSeat" data-key="own-seat">
        ${t("device.ownSeat", {name: own})}</button></p></div>`;
  }

  /** The Hint button, beside the status, for the seat to move when the match allows hints. */
  function hintButton(view, me) {
    if (!view.hints || view.status !== "playing" || view.turn !== me) return "";
    return html`<button type="button" class="small" data-action="hint" data-key="hint" ${screen.busy ? "disabled" : ""}>
      ${t("hint.button")}</button>`;
  }

  screen.actions = mergeActions({
    toggle: (button) => screen.history.toggle(button.dataset.panel) || screen.fairness.toggle(button.dataset.panel)
      || screen.seatLinks.toggle(button.dataset.panel),
    hint: async () => {
      // The cards picked so far: a hint is no move, the hand stays as it was (the poll may bring the hint's version first).
      const {ui, view: {version}} = screen;
      const answer = await asking(t("hint.asking"), () => api.hint(id, token));
      if (!answer) return;
      await shown(answer.game);
      if (answer.game.version === version + 1) screen.ui = ui; // nothing but the hint happened meanwhile
      screen.telling = null; // the hint's own version: the hint is what is said
      screen.hint = {version: answer.game.version, text: hintText(answer.hint.explanation)};
      screen.repaint();
      document.querySelector('[data-key="hint"]')?.focus(); // disabled while asked; the hint is said, not focused
      announce(`${t("hint.title")} ${screen.hint.text}`);
    },
    backToOwnSeat: () => go(`/g/${id}`, {replace: true}), // as a reload does: the seat this device keeps
    async removeGone() { // home then, whose My games lists it no more (this page, a dead end, left the history)
      try {
        announce(t("mine.removed", {match: gameName(await removeMatch(id))}));
        go("/", {replace: true});
      } catch {
        screen.removeFailed = true; // kept: its pushes could not be stopped
        screen.repaint();
      }
    },
  }, screen.history.actions, screen.fairness.actions, screen.lifecycle.actions, screen.seatLinks.actions,
  screen.guests.actions, screen.renaming.actions, screen.pacing.actions, screen.notifying.actions, screen.ownLink.actions, inviteActions(screen));

  function context() {
    const view = screen.view;
    const me = view.you ? view.you.seat : null;
    const legal = view.you?.legal_moves || null;
    const play = (move) => queue({kind: "move", version: view.version, move});
    return {view, me, legal, ui: screen.ui, busy: screen.busy, play, repaint: screen.repaint, readOnly: false};
  }

  /** Load the game's module and add its actions, once: a second view may arrive while the module loads. */
  function gameLoaded(key) {
    loading ||= loadGame(key).then((game) => {
      const moves = Object.entries(game.actions || {})
        .map(([name, action]) => [name, (element, event) => {
          action(context(), element, event);
          revealControls(); // the card picked, its moves drawn under the hand
        }]);
      screen.actions = mergeActions(screen.actions, Object.fromEntries(moves));
      screen.game = game;
    }, () => {
      loading = null; // the next view tries again; meanwhile failed() says so, not "Something went wrong."
      throw Object.assign(new Error("The game's module did not load."), {code: "game_not_loaded"});
    });
    return loading;
  }

  /** Show a view (a poll's, an answer's), a step at a time when it follows this seat's move on the version shown
   * with the computer's replies (see thinking.js); `movedOn`, the version a move this view answers was made on,
   * is by default that of a move still on its way (a poll may bring the match after it before its answer), or, on a
   * device that only watches a match with the computer at the table, the version shown (a parent following a child's
   * match sees the child's move land, then the computer's reply, as the child does). */
  async function shown(view, movedOn = movingOn() ?? watchedOn(view), news = false) {
    if (screen.thinking.held(view)) return;
    if (movedOn !== null && movedOn === screen.view?.version && await screen.thinking.paced(movedOn, view)) return;
    await drawn(view, news);
  }

  const movingOn = () => (queued().some((entry) => entry.kind === "move" && entry.version === screen.view?.version)
    ? screen.view.version : null);

  const watchedOn = (view) => (!view.you && screen.view && !screen.view.you && view.seats.some((seat) => seat.bot)
    ? screen.view.version : null);

  /** Draw `view`; a poll's `news` of a newer version than the one shown waits for its log entry, a while (see LOG_WAIT_MS). */
  async function drawn(view, news = false) {
    const before = screen.view;
    answeredAt = Date.now();
    resendIfBack();
    if (!screen.game) await gameLoaded(view.game);
    if (passedOn(view)) return; // another person's turn: this screen is gone
    if (before && before.version !== view.version) refusedMove = false; // the match as it stands now said it here
    const held = seatOf(id);
    // A seat link opened here: kept, unless this device holds another seat of the match (a new link
    // for the seat it holds replaces the old one).
    if (linkToken && view.you && (!held?.token || (held.seat === view.you.seat && held.token !== linkToken))) {
      keepSeat(id, {seat: view.you.seat, token, game: view.game, seatLink: `${location.origin}/g/${id}#seat=${token}`,
        linkShown: true});
    }
    screen.ownSeat = !table && linkToken && view.you && held?.token && held.seat !== view.you.seat ? held.seat : null;
    if (view.you && seatOf(id)?.seat === view.you.seat) rememberPlayers([{id, name: view.seats[view.you.seat].name}]);
    // Looked on from a device with no seat of it (a parent following a child's match): My games lists it from now on.
    if (!view.you && !table && !seatOf(id) && !isWatched(id)) watchMatch(id, view.game, null);
    screen.ownLink.shownWith();
    screen.view = view;
    if (screen.hint && screen.hint.version !== view.version) screen.hint = null; // it was for a position now gone
    if (screen.news && view.version > screen.news.version) screen.news = null; // said when it came; old news now
    if (!before || before.version !== view.version || before.status !== view.status) {
      screen.ui = resumed?.moment === moment(view) ? resumed.ui : screen.game.fresh ? screen.game.fresh(view) : {};
      resumed = null;
      if (before && !screen.refusal) screen.error = null; // a refusal explains the change it meets
      screen.refusal = false;
      const logged = screen.history.changed(view, news && before?.version < view.version ? LOG_WAIT_MS : 0);
      if (logged) await logged;
    }
    attention(before, view);
    screen.repaint();
    screen.seatLinks.shown();
    screen.lifecycle.shown(view);
  }

  function attention(before, view) {
    const me = view.you ? view.you.seat : null;
    const mine = view.status === "playing" && view.turn === me;
    const name = player(view, me, table);
    setTitle(`${gameName(view.game)} · ${t("app.name")}`, mine, name && isolated(name));
    const came = before ? arrivals(before, view, me) : [];
    // A hint already said of this version: a poll that brought it first, its log awaited meanwhile, says nothing over it.
    const hinted = screen.hint?.version === view.version;
    if (sayOnOpen || (before && !hinted
      && (before.version !== view.version || before.status !== view.status || came.length))) {
      // said with the others' moves (see tell), from the first change not said yet (a step of paced replies, say)
      screen.telling = {from: screen.telling?.from ?? before?.version ?? view.version, line: spokenStatus(view, me, came),
        scores: view.status === "playing" ? scoresNow(view, screen.game) : ""};
      sayOnOpen = false;
      clearTimeout(telling);
      telling = setTimeout(() => tell(true), TELL_WAIT_MS);
    }
    const wasMine = before?.status === "playing" && before.turn === me;
    // A phone registered for the seat's pushes hears of the turn from sw.js: one notification, not two.
    if (mine && before && !wasMine && !pushId(id)) notifyTurn(gameName(view.game), id, name && isolated(name));
    if (mine && (!wasMine || before.version !== view.version)) { // a new turn, or more of it
      screen.bringIntoView = true;
      turnShownAt = null;
    }
  }

  /** The seats that others took since `before`: the waiting page showed them in silence. */
  const arrivals = (before, view, me) => view.seats.map((seat, n) => n)
    .filter((n) => n !== me && view.seats[n].joined && !before.seats[n]?.joined);

  /** The status line as the live region says it: after who joined (`came`: "Bob joined. Waiting for Cy."; "Cy joined.
   * Your turn."), and at a match's end with every seat's final score, which the winner's line alone does not say. */
  function spokenStatus(view, me, came) {
    const names = came.map((n) => seatName(view, n));
    return [came.length ? t("status.joined", {names: listing(names), count: names.length}) : "", statusOf(view, me),
      view.status === "over" ? finalScores(view, screen.game) : ""].filter(Boolean).join(" ");
  }

  /** Say what changed: the moves made since the view shown before, this seat's own among them (what it made:
   * the cards collected, the points, the deal it ended, which a screen reader heard nothing of), then the
   * bot's reply and the others' moves, then the status line, and after another seat's move where the scores stand,
   * once the log has them; without the log after TELL_WAIT_MS (`anyway`), the status line alone. A hint is said when
   * it comes, not here. */
  function tell(anyway = false) {
    const told = screen.telling;
    if (!told) return;
    const moves = screen.history.since(told.from);
    if (moves === null && !anyway) return;
    screen.telling = null;
    clearTimeout(telling);
    const made = (moves || []).filter((entry) => entry.kind !== "hint").slice(-TELL_MOVES);
    const me = screen.view.you ? screen.view.you.seat : null;
    const othersMoved = made.some((entry) => entry.seat !== me && entry.kind !== "pace");
    const said = [...made.map((entry) => screen.history.words(entry)), told.line, othersMoved ? told.scores : ""]
      .filter(Boolean)
      .map((text) => (/[.!?…:]$/.test(text) ? text : `${text}.`));
    announce(said.join(" "));
  }

  /** The line that says what the move being built makes, said as it changes (ADD'EM's and ADD-IT's running sum,
   * Plus and Minus's arithmetic, the points of ADD-TOO's chosen cell): it is drawn anew at each repaint, which
   * screen readers do not read as a live region's change. */
  function tellSum(root) {
    const line = root.querySelector(".live-sum");
    const text = line ? spoken(line) : "";
    if (text && text !== shownSum.text && shownSum.version === screen.view?.version) announce(text);
    Object.assign(shownSum, {text, version: screen.view?.version});
  }

  /** A player scrolled down (the log, say) sees the status, the table and the hand come back on their turn; not while
   * typing in a field or answering a question they see (a new name at the foot of a zoomed page): the scroll took it
   * out of sight, and they typed on blind. Their turn comes into view at the first repaint after they leave it.
   * Again once the last move, above the table, is known (it pushes the table down), unless the player has scrolled,
   * touched or typed since the first time: the history came a moment after the turn on a slow network, and its
   * repaint scrolled the page back up under the finger of a player who had scrolled down to the hand or tapped a card. */
  function bringIntoView(root) {
    if (turnShownAt !== null && inputs !== turnShownAt) {
      screen.bringIntoView = false;
      return;
    }
    const focused = document.activeElement;
    if (answering(focused) && shownAtAll(focused)) return;
    screen.bringIntoView = !screen.history.current(); // again once the last move, above the table, is known
    const status = root.querySelector("#status");
    const hand = root.querySelector(".board .hand .cards") || root.querySelector(".board");
    if (!status || !hand) return;
    turnShownAt ??= inputs;
    // Held sideways the table stands beside the status, from the title's line: its top (ADD UP's top row, ADD-TOO's
    // zoom buttons) is higher than the status's
    const top = Math.min(status.getBoundingClientRect().top, root.querySelector(".board").getBoundingClientRect().top);
    if (top < 0 || hand.getBoundingClientRect().bottom > window.innerHeight) {
      window.scrollBy(0, top - 8);
      followedByTheFocus(status);
    }
  }

  /** After a tap in the hand, the buttons that finish the move (under it) brought up into sight when they fell below
   * the screen: on a small phone, or with large text, a card picked changed nothing one could see. Never so far that
   * the table's top leaves the screen, where the others' cards and the lit cells are, or what the game keeps in sight
   * (`keptInSight`) instead: at 130 % text on a 360x640 phone, the table's top held Plus and Minus's buttons half
   * under the screen's foot, and on a phone held sideways, ADD'EM's "Draw a card", ADD UP's rows, ADD-IT's "Collect
   * cards" and ADD-TOO's "Place it". */
  function revealControls() {
    const controls = document.querySelector("main .board .controls");
    const table = document.querySelector("main .board");
    if (!controls || !table) return;
    const kept = screen.game?.keptInSight?.(table) || table;
    const below = controls.getBoundingClientRect().bottom - window.innerHeight + 8;
    // 16: the tick of a card picked, the one kept or one of the cards kept (ADD-IT's table), which rises above it
    const lifts = kept !== table && (kept.ariaPressed === "true" || kept.querySelector("button.card"));
    const room = kept.getBoundingClientRect().top - (lifts ? 16 : 8);
    if (below > 0 && room > 0) window.scrollBy(0, Math.min(below, room));
  }

  /** A focus the turn's scroll (bringIntoView) left out of sight (a keyboard's on the log's button, say), where no one
   * sees it and the next Tab led further down, goes to the status line, as after a move: Tab goes on from there to
   * the hand. Not from a field being typed in, nor from a question asked (Escape answers it). */
  function followedByTheFocus(status) {
    const focused = document.activeElement;
    if (!focused || focused === document.body || answering(focused)) return;
    if (!shownAtAll(focused)) status.focus({preventScroll: true});
  }

  /** Whether `element` is a field being typed in, in a question asked (Escape answers it), or the header's language
   * button, the page just drawn again in the language it chose (as its select was, a field). */
  const answering = (element) => Boolean(element?.closest?.("input, textarea, select, [data-escape], #language"));

  function startPolling() {
    poller = poll((etag, options) => api.view(id, token, etag, options), (view) => shown(view, undefined, true), failed, back,
      () => screen.repaint());
  }

  /** This device gave its seat a new link (own-link.js): play on with it, the poll asked again with it at once. */
  function relinked(newToken) {
    token = newToken;
    linkToken = null; // the link this page opened with is the old one
    poller?.stop(); // a poll held with the old token would be refused
    startPolling();
  }

  /** The seat's token this device keeps, when it is not the one that stopped working here. */
  function newerKeptToken() {
    const kept = seatOf(id)?.token;
    return kept && kept !== deadToken ? kept : null;
  }

  const counted = () => {
    inputs += 1;
  };

  const pushChanged = () => screen.repaint(); // the seat's button: the start found its notifications renewed or gone

  /** Watching since this page's link stopped working: another tab of this device has just kept the seat's new link. */
  function seatsChanged() {
    if (token || !deadToken) return;
    token = newerKeptToken();
    if (!token) return;
    screen.error = null;
    screen.takenOff = false;
    poller?.stop(); // the spectator's poll may be held for news: ask as the seat at once
    startPolling();
  }

  /** A poll answered after failing: its note goes, and so does a change's "cannot be reached" (try it again now). */
  function back() {
    const unreachable = screen.error === t("error.networkTryAgain");
    if (!screen.pollError && !unreachable) return;
    screen.pollError = null;
    if (unreachable) screen.error = null;
    screen.repaint();
  }

  function failed(error) {
    if (["bad_token", "link_replaced", "seat_freed"].includes(error.code) && token) {
      deadToken = token;
      screen.takenOff = error.code === "seat_freed" && error.by === "creator"; // it is theirs to send the invite again
      token = newerKeptToken(); // another tab may have opened the seat's new link: play on with it
      // Else watch the match instead; a replaced link (or a seat freed) is said so on each visit until the new one is opened.
      if (!token) screen.error = problemText(error);
      poller?.now();
    } else if (error.status === 404) {
      screen.error = played() ? t("mine.gone") : problemText(error); // not as if its link were mistyped
      screen.gone = true;
      poller?.stop(); // no such match: nothing will change
    } else {
      // the next answer clears it (see back)
      screen.pollError = error.code === "game_not_loaded" ? t("error.gameNotLoaded") : pollText(error);
      screen.news = null; // "Connection back: ..." no longer holds
    }
    screen.repaint();
  }

  /** At a table, a view where another person is to move hands the device on (true, this screen is gone), but not while
   * a change of this seat is on its way: its person stays until the server answered it, and learns on the curtain
   * that it was refused when the match moved on meanwhile (a late turn skipped from another device, say). */
  function passedOn(view) {
    return Boolean(table?.passed(view, {sending: queued().length > 0, refused: refusedMove}));
  }

  /** Make a change through the outbox, which keeps it until the server answers (see answered). */
  function queue(change) {
    if (!begin(screen)) return;
    screen.news = null;
    refusedMove = false;
    submit({...change, match: id, token});
    screen.repaint();
  }

  function outboxLines() {
    const pending = queued();
    const late = pending.find((entry) => entry.waited);
    return html`${screen.asking ? html`<p class="sending" data-say id="asking">${screen.asking}</p>` : ""}
      ${pending.length ? html`<p class="sending" data-say id="sending">
        ${late ? keptText(late) : t("outbox.sending", {what: t(`outbox.${pending[0].kind}`)})}</p>` : ""}
      ${screen.news ? html`<p class="note news" data-say id="outbox-news">${screen.news.text}</p>` : ""}`;
  }

  /** Whether an outbox entry is a change of the seat shown. At a table, another person's (the move before the pass,
   * whose answer may come after a poll brought the curtain) is not: its answer is the match as their seat sees it,
   * their hand with it. */
  const ours = (entry) => entry.match === id && (!table || entry.token === token);
  const queued = () => waiting(id).filter(ours);

  /** A change kept for want of a network is sent again at once, rather than at the outbox's next try, when the server
   * has answered a poll since it was tried: its answer was lost on the way (the poll may already show the move made),
   * or the network is back without an `online` event. Once per answer, so a change that keeps failing is no loop; never
   * before the Retry-After of a server that said it was busy. */
  function resendIfBack() {
    if (queued().some((entry) => entry.waited && !entry.busy && entry.triedAt < answeredAt)) flush();
  }

  /** The outbox's news of a change: this page's to tell when it is of this match (see outbox.watch). */
  function heard(report) {
    answered(report);
    return ours(report.entry);
  }

  /** Changes of this match refused while no page of it was open to say so: a move kept offline on the train, sent as
   * the network came back while the player looked at My games, refused as the match had moved on meanwhile (the late
   * turn skipped). The match page, opened again, showed the table with no word of the move, as if it were made. */
  function tellUntold() {
    for (const refusal of untold(ours)) answered({...refusal, outcome: "refused"});
  }

  /** Another tab, showing no page of this match, kept a refusal of it. */
  const untoldElsewhere = (event) => (event.key === UNTOLD && event.newValue ? tellUntold() : undefined);

  /** The outbox's news of a change to this match: sent, refused (the match moved on?) or waiting. */
  async function answered({entry, outcome, result, error}) {
    if (!ours(entry)) return;
    const what = t(`outbox.${entry.kind}`);
    if (outcome === "waiting") {
      resendIfBack();
      return screen.repaint();
    }
    screen.busy = queued().length > 0;
    if (outcome === "elsewhere") return screen.repaint(); // another tab's change: its answer shows at the next poll
    if (outcome === "refused") {
      if (screen.lifecycle.refused(entry, error)) screen.error = null; // the rematch panel says why
      else screen.error = entry.waited ? t("outbox.refused", {what, reason: problemText(error)}) : problemText(error);
      refusedMove = entry.kind === "move" && error.status === 409;
      overtaken = refusedMove && error.code === "stale_version" ? {version: entry.version, text: screen.error} : null;
      if (screen.view && passedOn(screen.view)) return; // the turn left this seat while its move was on its way
      refused(error);
      return screen.repaint();
    }
    if (entry.kind === "rematch") { // its answer is the new match, which the page opens
      if (pushId(id)) await notifyOnThisPhone(result.game.id, result.token, result.seat).catch(() => false);
      await table?.rematched(result);
      rematchOpened = result.game.id;
      return go(`/g/${result.game.id}`);
    }
    if (entry.waited) {
      screen.news = {text: t("outbox.sent", {what}), version: Math.max(result.data.version, screen.view?.version ?? 0)};
    }
    await showAnswer(result, entry.kind === "move" ? entry.version : null);
  }

  /** A change's answer with the match it made, shown as a poll's is; the next poll names its ETag. An answer older
   * than the match shown (a move's, lost and sent again, comes back as the server kept it, while polls brought the
   * moves made since) would turn the table back: the page stays on the newer one. */
  async function showAnswer(result, movedOn) {
    if (result.data.version < (screen.view?.version ?? 0)) return screen.repaint(); // the sending line goes
    poller.setEtag(result.etag);
    await shown(result.data, movedOn);
  }

  /** A request the turn's controls wait for (a hint, a claimed turn), said while it is on its way as the outbox's
   * changes are: on a slow network its answer takes seconds (up to the request's deadline when the network dropped),
   * and the controls it disables looked dead meanwhile. The words go before a failure's reason is drawn. */
  function asking(words, call) {
    screen.asking = words;
    return attempt(screen, () => call().finally(() => { screen.asking = null; }), refused);
  }

  /** Make a change the API answers with the new view, at once or not at all: a claimed timeout. */
  async function send(call) {
    const result = await asking(t("pace.claiming"), call);
    if (!result) return;
    await showAnswer(result);
  }

  /** A change refused (its reason in `screen.error`): a conflict (409) means the match moved on, shown at once. The
   * reason explains the change that brings, and is kept across it, unless it names the version shown or an older one
   * (a "still time to move": the next change must clear it). Any other refusal is cleared by the next change. */
  function refused(error) {
    if (error.status === 0) return poller.lost(); // a drop with no `offline` event: the next poll answered clears the note
    if (error.status !== 409) return;
    screen.refusal = error.version === undefined || error.version > (screen.view?.version ?? 0);
    poller.now();
  }
  return screen;
}
