// A table: a match whose seats this device holds together, played by passing it round (a family's tablet). Each
// person's turn is played on a play screen opened with their seat's token, made anew for each turn so that nothing
// of the seat before stays on the page; between two people's turns a curtain hides every hand until the next person
// says who they are. The computer's and the autopilot's turns go by on the screen of the person who played before.
// The curtain comes once the move of the person who has the device is answered, never while it is on its way: a
// move the server refused (the match moved on meanwhile, a late turn skipped from another device) is said to that
// person on the curtain, before they hand the device on. A friend far away (a seat another device plays) has their
// turn behind the curtain too, which says so and follows the match until they have played; so does the start, when
// the last seat is taken from another device while the table waited with a person's (empty) hand on screen.
import {api} from "../api.js";
import {notifyTurn, setTitle} from "../attention.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {poll} from "../poller.js";
import {keepAtTable, personToMove, seatOf, tableOf} from "../seat-store.js";
import {announce, loadingOr, retrying} from "../ui.js";
import play from "./play.js";
import {gameName, matchHead, seatName} from "./words.js";

export default function table(id) {
  const seats = tableOf(id);
  let shown = null; // the person who has the device: {seat, screen}, the play screen of their seat
  let curtain = null; // while every hand is hidden: {game, version, seat, name, turn, refused, away}, the person to
  // take the device (turn: theirs is the turn now);
  // refused: the name of the person before, whose last move the server refused; away: the name of the friend who
  // plays now from another device
  let shownStatus = null; // the status of the match as the person who has the device last saw it
  let awayWatch = null; // the poll that follows the match behind the curtain while another device is to move
  let carried = null; // what the page this one replaced (the same, in another language) showed
  let focusStatus = false; // a person just said who they are: their status line takes the focus once drawn
  const screen = {
    error: null,
    render() {
      if (shown) return shown.screen.render();
      if (!curtain) return loadingOr(screen.error);
      // "● Your turn, Mia" while a person here is to move: a family waiting for their cousin sees her move in the tab
      setTitle(`${gameName(curtain.game)} · ${t("app.name")}`, curtain.turn, curtain.name);
      return html`<div class="play">${matchHead(curtain.game)}
        <section class="curtain panel" id="curtain" aria-labelledby="curtain-title">
          ${curtain.refused ? html`<p class="error" id="curtain-refused">${t("table.refused", {name: curtain.refused})}</p>`
            : ""}
          ${curtain.away ? html`<p class="status" id="curtain-away">${t("table.away", {name: curtain.away})}</p>` : ""}
          <h2 id="curtain-title">${t("table.pass", {name: curtain.name})}</h2>
          <p>${t("table.hidden")}</p>
          <p class="actions"><button type="button" class="primary" data-action="reveal" data-key="reveal">
            ${t("table.show", {name: curtain.name})}</button></p></section></div>`;
    },
    get actions() {
      return shown ? shown.screen.actions : {reveal: () => reveal(curtain.seat, true)};
    },
    get fallbackFocus() {
      return shown?.screen.fallbackFocus;
    },
    start() {
      if (carried) reveal(carried.seat);
      else if (curtain?.away) followAway(curtain.version); // drawn again in another language: still following
      else if (!curtain) look();
    },
    stop() {
      awayWatch?.stop();
      shown?.screen.stop();
    },
    painted(root) {
      shown?.screen.painted(root);
      const status = focusStatus && root.querySelector("#status");
      if (status) {
        focusStatus = false;
        status.focus(); // "Your turn, Leo": said to whoever holds the device now
      }
    },
    /** Drawn again in another language: the curtain stays up, or the person who has the device keeps it, with the
     * move they were building. */
    carry: () => ({match: id, curtain, seat: shown?.seat ?? null, inner: shown?.screen.carry()}),
    resume(before) {
      if (before.match !== id) return;
      if (before.curtain) curtain = before.curtain;
      else if (before.seat !== null) carried = before;
    },
  };

  /** Opening the table: the curtain for the person whose turn it is (whoever holds the device now) or, another
   * device or the computer to move, for the person here who plays after it; the match waiting or over, the seat this
   * device keeps first. */
  const look = retrying(screen, async () => {
    const {data} = await api.view(id, null); // the public view: no hand
    settle(data);
  });

  function settle(view) {
    const next = personToMove(view, seats) || playsNext(view);
    if (next) raise(view, next.seat);
    else reveal(seatOf(id).seat);
  }

  /** The seat to move in `view` when another device plays it (a friend far away): neither a person here, nor the
   * computer, nor the autopilot (a seat that left); null otherwise. */
  function awayToMove(view) {
    const seat = view.status === "playing" ? view.seats[view.turn] : null;
    return seat && !seat.bot && seat.status === "playing" && !seats.some((each) => each.seat === view.turn) ? seat : null;
  }

  /** Behind the curtain, the match (its public view: no hand) from its `version` until the friend away has played. */
  function followAway(version) {
    awayWatch?.stop();
    awayWatch = poll((etag, options) => api.view(id, null, etag, options), (data) => {
      if (data.version === version && data.status === "playing") return;
      awayWatch.stop();
      settle(data);
      if (curtain?.turn) notifyTurn(gameName(data.game), id, curtain.name); // when the page is not looked at
    }, () => {}); // a failed poll tries again by itself; the curtain stays as it is meanwhile
  }

  /** The seat of a person here still playing who moves first after the seat to move, in the seats' order; null when
   * the match is not in play. */
  function playsNext(view) {
    if (view.status !== "playing") return null;
    const here = seats.filter((each) => view.seats[each.seat].status === "playing");
    return here.find((each) => each.seat > view.turn) || here[0] || null;
  }

  /** The curtain for `seat`; `refused`, the name of the person whose move the server refused as the turn left them. */
  function raise(view, seat, refused = null) {
    shown?.screen.stop();
    shown = null;
    const away = awayToMove(view);
    curtain = {game: view.game, version: view.version, seat, name: seatName(view, seat),
      turn: view.status === "playing" && view.turn === seat, refused, away: away && seatName(view, away.seat)};
    if (away) followAway(view.version);
    screen.repaint();
    document.querySelector('[data-key="reveal"]')?.focus();
    announce(t("table.pass", {name: curtain.name})); // a refusal drawn above is an error, said by the alert region
  }

  function reveal(seat, focus = false) {
    const {token} = seats.find((each) => each.seat === seat);
    awayWatch?.stop();
    curtain = null;
    shownStatus = null;
    shown = {seat, screen: play(id, token, false, {passed, rematched})};
    shown.screen.repaint = () => screen.repaint();
    if (carried) shown.screen.resume(carried.inner);
    carried = null;
    focusStatus = focus;
    screen.repaint();
    shown.screen.start();
  }

  /** A view the play screen got: when it is another person's turn, or another device's (the curtain then for the person
   * here who plays after it), or the match just started, the curtain comes down over every hand (true), unless a change
   * of the person shown is still on its way (`sending`): its answer, or its refusal, comes first. `refused`: the person
   * shown made a move the server refused, said on the curtain. */
  function passed(view, {sending = false, refused = false} = {}) {
    const began = shownStatus === "waiting" && view.status === "playing"; // the hand shown empty till now is dealt
    shownStatus = view.status;
    const next = personToMove(view, seats) || (awayToMove(view) ? playsNext(view) : null);
    if (!next || (next.seat === shown?.seat && !began) || sending) return false;
    raise(view, next.seat, refused && shown ? seatName(view, shown.seat) : null);
    return true;
  }

  /** `answer`, the rematch the seat shown asked for: every other person's seat asks too, so that the table plays it
   * (one refused, or lost to the network, leaves that seat free in the rematch, for its invite). */
  async function rematched(answer) {
    keepAtTable(answer);
    for (const other of seats.filter((each) => each.seat !== answer.seat)) {
      await api.rematch(id, other.token, newKey()).then(keepAtTable, () => null);
    }
  }
  return screen;
}
