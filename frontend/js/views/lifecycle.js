// Keeping a match moving over days: claim a late seat's turn, resign or leave, give a seat back
// before the start, and the rematch once it is over. Each asks before doing anything it cannot undo.
import {api} from "../api.js";
import {html} from "../html.js";
import {listing, t} from "../i18n.js";
import {go} from "../router.js";
import {followRematch, forget, seatOf, update} from "../seat-store.js";
import {announce, focusQuestion} from "../ui.js";
import {LEVELS} from "./computer.js";
import {deadlineLine, isLate, timedOut} from "./pace.js";
import {onceText, rematchTaken, seatName} from "./words.js";

/** `send(call)` runs an API call that answers with the match view; `queue(change)` hands a change
 * (a resignation, a rematch) to the outbox, which sends it whenever the network lets it. */
export function lifecycle(id, token, screen, send, queue) {
  let confirming = null; // "resign" or "free" while the question is on screen
  let elsewhere = false; // the seat shown took its place in the rematch on another device
  let asked = null; // the rematch whose public view was asked whether the seat shown is in it
  let askers = []; // the names of the players who took their places in it then

  /** Whether `me` took its place in the rematch on another device, which holds that seat's token (a token is
   * given once): nothing is left to join here. The device remembers it with its seat. */
  function joinedElsewhere(me) {
    const kept = seatOf(id);
    return elsewhere || Boolean(kept?.rematchJoined && kept.seat === me);
  }

  function learnJoined(me) {
    elsewhere = true;
    if (seatOf(id)?.seat === me) update(id, {rematchJoined: true}); // not a tab showing another seat's link
  }

  function confirmation(question, yes) {
    return html`<div class="confirm" role="group" aria-labelledby="confirm-question" data-escape="cancelConfirm">
      <p id="confirm-question" tabindex="-1" data-key="confirm-question">${question}</p>
      <p class="actions"><button type="button" class="danger" data-action="confirmed" data-key="confirm-yes">${yes}</button>
        <button type="button" data-action="cancelConfirm" data-key="confirm-no">${t("confirm.cancel")}</button></p></div>`;
  }

  /** What leaving a match of more than two seats does (engine/events.py): while another person plays, the
   * autopilot plays the seat; the last person's leaving ends the match, the others winning, when a bot sits
   * at the table, else the autopilot plays the match out at once for every seat. */
  function leaveQuestion(view, me) {
    const others = view.seats.some((seat, n) => n !== me && seat.status === "playing" && !seat.bot);
    if (others) return t("leave.confirmLeave");
    return t(view.seats.some((seat) => seat.bot) ? "leave.confirmLeaveEnds" : "leave.confirmLeaveAll");
  }

  function leaveControls(view, me) {
    const twoSeats = view.seats.length === 2;
    if (confirming === "resign") {
      const other = seatName(view, 1 - me);
      return twoSeats ? confirmation(t("leave.confirmResign", {name: other}), t("leave.yesResign"))
        : confirmation(leaveQuestion(view, me), t("leave.yesLeave"));
    }
    if (confirming === "toBot") {
      return html`<div class="confirm" role="group" aria-labelledby="confirm-question" data-escape="cancelConfirm">
        <p id="confirm-question" tabindex="-1" data-key="confirm-question">${t("leave.confirmToBot")}</p>
        <p class="actions">${LEVELS.map((level) => html`<button type="button" data-action="leaveToBot" data-level="${level}"
          data-key="to-bot-${level}">${t(`bot.about.${level}`)}</button>`)}
          <button type="button" data-action="cancelConfirm" data-key="confirm-no">${t("confirm.cancel")}</button></p></div>`;
    }
    // Only while another person plays: a match of bots alone is not played (the API refuses it).
    const others = view.seats.some((seat, n) => n !== me && seat.status === "playing" && !seat.bot);
    return html`<button type="button" class="small" data-action="askConfirm" data-confirm="resign" data-key="resign">
      ${twoSeats ? t("leave.resign") : t("leave.leave")}</button>
      ${others ? html`<button type="button" class="small" data-action="askConfirm" data-confirm="toBot" data-key="to-bot">
        ${t("leave.toBot")}</button>` : ""}`;
  }

  /** Why the autopilot plays this seat: it left, or missed `timeouts_to_leave` turns in a row; the log says
   * which (the view does not), and until it is here the note says both. */
  function leftNote(view, me) {
    const left = screen.history.left(me);
    if (left === null) return t("leave.autopilotEither");
    return left ? t("leave.autopilot") : t("leave.timedOut", {count: view.pace.timeouts_to_leave});
  }

  function rematchControls(view, me) {
    if (view.rematch && seatOf(view.rematch)) {
      return html`<p class="actions"><a class="button primary" href="/g/${view.rematch}" data-key="rematch">${t("rematch.open")}</a></p>`;
    }
    if (joinedElsewhere(me)) return html`<p class="note" id="rematch-elsewhere">${rematchTaken(view.seats[me].status)}</p>`;
    // said once as it comes (data-say): a player on the finished page who does not see it heard nothing of it
    return html`${view.rematch && askers.length ? html`<p id="rematch-askers" data-say>${t("rematch.askedBy",
      {names: listing(askers), count: askers.length})}</p>` : ""}
      <p class="actions"><button type="button" class="primary" data-action="rematch" data-key="rematch"
      ${screen.busy ? "disabled" : ""}>${view.rematch ? t("rematch.join") : t(alone(view, me) ? "rematch.playAgain" : "rematch.ask")}</button></p>`;
  }

  /** A person against the computer only (a child practising alone): the end of the match cheers them on. Not a seat
   * a person left to the computer: they played it, and its rematch waits for them. */
  const alone = (view, me) => view.seats.every((seat, n) => n === me || (seat.bot && seat.status !== "left"));

  function rematchHint(view, me) {
    if (!alone(view, me)) return t("rematch.hint");
    return t(view.winners.includes(me) ? "rematch.computerBeaten" : "rematch.computerWon");
  }

  /** A finished match's rematch, for a device with no seat here (a teacher who handed the seats over): to watch it,
   * or to play it when this device holds a seat there. */
  function rematchToWatch(view) {
    if (view.status !== "over" || !view.rematch) return "";
    return html`<section class="rematch panel" aria-labelledby="rematch-title"><h2 id="rematch-title">${t("rematch.title")}</h2>
      <p>${t("rematch.exists")}</p><p class="actions"><a class="button primary" href="/g/${view.rematch}"
      data-key="watch-rematch">${t(seatOf(view.rematch) ? "rematch.open" : "rematch.watch")}</a></p></section>`;
  }

  return {
    /** Under the status: the deadline, and the button that claims a late seat's turn. */
    deadline(view, me) {
      const claim = me !== null && view.turn !== me && view.seats[me].status === "playing" && isLate(view);
      return html`${deadlineLine(view, me)}
        ${claim ? html`<p class="actions"><button type="button" class="primary" data-action="claimTimeout"
          data-key="claim" ${screen.busy ? "disabled" : ""}>${t("pace.claim", {name: seatName(view, view.turn)})}</button></p>
          <p class="hint">${t("pace.claimHint")}</p>` : ""}`;
    },
    /** At the foot of the table: what this seat may do about the match itself. */
    controls(view, me) {
      if (me === null) return rematchToWatch(view);
      if (view.status === "over") {
        // a match its player never finished, ended or played on without them: why it is over for them
        const out = timedOut(view, view.seats[me]) ? html`<p class="note" id="left-note">${t("leave.timedOutOver",
          {count: view.pace.timeouts_to_leave})}</p>` : "";
        return html`${out}<section class="rematch panel" aria-labelledby="rematch-title"><h2 id="rematch-title">${t("rematch.title")}</h2>
          <p id="rematch-hint">${rematchHint(view, me)}</p>${rematchControls(view, me)}</section>`;
      }
      if (view.status === "waiting") {
        return confirming === "free" ? confirmation(t("free.confirm"), t("free.yes"))
          : html`<p class="actions"><button type="button" class="small" data-action="askConfirm" data-confirm="free"
              data-key="free">${t("free.button")}</button></p>`;
      }
      const mine = view.seats[me];
      // Left to the computer by its player or, for a class sheet's absent pupil, by the teacher: no "You left".
      if (mine.status === "left" && mine.bot) {
        return html`<p class="note" id="left-note">${t("leave.botPlays", {level: t(`bot.level.${mine.bot}`)})}</p>`;
      }
      if (mine.status !== "playing") return html`<p class="note" id="left-note">${leftNote(view, me)}</p>`;
      return html`<p class="actions">${leaveControls(view, me)}</p>`;
    },
    /** A finished match's view, shown: when it names a rematch this device holds no seat in, ask the rematch's
     * public view (once) who asked for it, and whether the seat shown took its place there from another device.
     * A device that watches the match watches the rematch too. */
    async shown(view) {
      const me = view.you ? view.you.seat : null;
      const rematch = view.status === "over" ? view.rematch : null;
      if (rematch) followRematch(view); // a match this device watches: its My games lists the rematch too
      if (me === null || !rematch || rematch === asked || screen.busy || seatOf(rematch) || joinedElsewhere(me)) return;
      asked = rematch;
      try {
        const {data} = await api.view(rematch, null);
        askers = data.seats.flatMap((seat, n) => (seat.joined && !seat.bot && n !== me ? [seatName(data, n)] : []));
        if (data.seats[me]?.joined && !seatOf(rematch)) learnJoined(me); // joined here meanwhile: its answer opens it
        screen.repaint();
      } catch {
        asked = null; // offline, say: asked again with the next view
      }
    },
    /** A refused change: a rematch refused because the seat took its place there from another device is said
     * so (true), not as a seat to pick again. */
    refused(entry, error) {
      if (entry.kind !== "rematch" || error.code !== "seat_taken") return false;
      const me = screen.view?.you?.seat ?? null;
      learnJoined(me);
      announce(rematchTaken(me === null ? null : screen.view.seats[me].status));
      return true;
    },
    actions: {
      askConfirm(button) {
        confirming = button.dataset.confirm;
        screen.repaint();
        focusQuestion("confirm-question"); // the question, where it appears (at the foot)
      },
      cancelConfirm() {
        const asked = confirming;
        confirming = null;
        screen.repaint();
        document.querySelector(`[data-action="askConfirm"][data-confirm="${asked}"]`)?.focus(); // the button that asked
      },
      async confirmed() {
        const chosen = confirming;
        confirming = null;
        if (chosen === "resign") return queue({kind: "resign"});
        try {
          await api.freeSeat(id, token(), screen.view.you.seat);
          forget(id);
          go("/");
        } catch (error) {
          screen.error = onceText(error);
          screen.repaint();
        }
      },
      leaveToBot(button) {
        confirming = null;
        queue({kind: "resign", body: {bot: button.dataset.level}});
      },
      claimTimeout() {
        const seen = screen.view.version;
        send(() => api.claimTimeout(id, token()).catch((error) => {
          // refused as too early for the seat to move now: the turn it was asked for was skipped or played meanwhile
          if (error.code === "deadline_not_passed" && error.version > seen) error.code = "turn_moved_on";
          throw error;
        }));
      },
      rematch() {
        queue({kind: "rematch"});
      },
    },
  };
}
