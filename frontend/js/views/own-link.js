// The seat's own link on the device that holds it: shown once unasked (the player keeps it, to come back from
// another device), again with "My seat link"; "Stop other devices playing this seat", by which a player whose old
// phone was given away or stolen gives the seat a new link kept here; and "I gave this link to its player", by which a
// device that took a seat for someone (a teacher for a pupil) hands it over and watches.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {forgetSeat, notifyOnThisPhone} from "../push.js";
import {invitationOf, seatOf, update, watchMatch} from "../seat-store.js";
import {attempt} from "../ui.js";
import {privateQr, seatLinkPanel} from "./invite.js";
import {seatName} from "./words.js";

/** `polling` = {stop(), start(), relinked(token)}: the page's poll, stopped while the seat is handed over, and told of
 * the seat's new token. */
export function ownLink(id, screen, polling) {
  const kept = seatOf(id);
  let open = Boolean(kept?.seatLink && !kept.linkShown);
  let handing = false; // "I gave this link to its player" asked: waiting for yes or no
  let failed = false; // this device's pushes could not be stopped: the seat stays
  // "Stop other devices playing this seat": asked (its Idempotency-Key, kept for a retry: the same new link), done
  const stopping = {asked: false, done: false, key: null, busy: false, error: null, repaint: () => screen.repaint()};

  function stoppingPart() {
    if (stopping.asked) {
      return html`<div class="confirm" role="group" aria-labelledby="stop-ask" data-escape="cancelStopOthers">
        <p id="stop-ask" tabindex="-1" data-key="stop-ask">${t("seatLink.stopAsk")}</p>
        ${stopping.error ? html`<p class="error" id="stop-failed">${stopping.error}</p>` : ""}
        <p class="actions"><button type="button" class="danger" data-action="stopOthers" data-key="stop-yes"
          ${stopping.busy ? "disabled" : ""}>${t("seatLink.stopYes")}</button>
          <button type="button" data-action="cancelStopOthers" data-key="stop-no">${t("confirm.cancel")}</button></p></div>`;
    }
    return html`${stopping.done ? html`<p class="notice" id="stopped" tabindex="-1" data-key="stopped" data-say>${t("seatLink.stopped")}</p>` : ""}
      <p class="actions"><button type="button" class="small" data-action="askStopOthers" data-key="stop-others">
        ${t("seatLink.stopOthers")}</button></p>`;
  }

  /** The link this device holds for the seat shown, when it is its own seat (not another seat's link opened here). */
  const held = (me) => (me !== null && screen.ownSeat === null ? seatOf(id)?.seatLink : null);

  return {
    /** A view drawn with this device's own seat: the link shown unasked counts as shown, never again unasked. */
    shownWith() {
      if (open && screen.ownSeat === null) update(id, {linkShown: true});
    },
    /** "My seat link", beside the seat's other tools, while the panel is closed. */
    button(view, me) {
      return held(me) && !open ? html`<button type="button" class="small" data-action="showLink" data-key="show-link">
        ${t("seatLink.show")}</button>` : "";
    },
    panel(view, me) {
      const link = open ? held(me) : null;
      if (!link) return "";
      const invitation = invitationOf(id);
      return seatLinkPanel(link, {current: screen.notice, asking: screen.askingSeatCopy,
        waiting: view.status === "waiting" && invitation, qr: privateQr(screen.qrShown, "seat-link", link),
        handing, handFailed: failed, creator: view.creator === me, stopping: stoppingPart()});
    },
    actions: {
      /** The link again, from this device's store: it was shown once, and a reload hid it for good. */
      showLink() {
        open = true;
        screen.repaint();
        document.querySelector('[data-key="copy-seat"]')?.focus(); // the button pressed is gone with the panel shown
      },
      dismissLink() {
        open = false;
        stopping.done = false;
        screen.repaint();
        document.querySelector('[data-key="show-link"]')?.focus(); // not the status, at the top: the way back to it
      },
      askStopOthers() {
        Object.assign(stopping, {asked: true, done: false, error: null, key: newKey()});
        screen.repaint();
        document.getElementById("stop-ask")?.focus();
      },
      cancelStopOthers() {
        stopping.asked = false;
        screen.repaint();
        document.querySelector('[data-key="stop-others"]')?.focus();
      },
      /** The seat's new link, kept here: every other device holding the old one is refused from now on, its pushes
       * gone with it; this device's, if it had any, are asked again with the new token. On a network failure, yes
       * again retries with the same key (and the old token): the same new link. */
      async stopOthers() {
        const seat = seatOf(id);
        const answer = await attempt(stopping, () => api.reissueLink(id, seat.token, seat.seat, stopping.key));
        if (!answer) return;
        update(id, {token: answer.token, seatLink: answer.seat_link});
        if (seat.push) notifyOnThisPhone(id, answer.token, answer.seat).catch(() => update(id, {push: null}));
        Object.assign(stopping, {asked: false, done: true});
        polling.relinked(answer.token);
        screen.repaint();
        document.getElementById("stopped")?.focus();
      },
      askHandOver() {
        [handing, failed] = [true, false];
        screen.repaint();
        document.getElementById("hand-ask")?.focus();
      },
      cancelHandOver() {
        [handing, failed] = [false, false];
        screen.repaint();
        document.querySelector('[data-key="hand-over"]')?.focus();
      },
      /** The seat's player has its link on their own device: this one forgets the seat and watches, with the invite
       * it kept. The poll stops first: an answer after the seat was forgotten would keep it again (a seat link opened
       * here). When this device's pushes could not be stopped, the seat stays, and the question says why. */
      async handOver() {
        const {view} = screen;
        const invitation = invitationOf(id);
        polling.stop();
        try {
          await forgetSeat(id);
        } catch {
          failed = true;
          polling.start();
          return screen.repaint();
        }
        watchMatch(id, view.game, seatName(view, view.you.seat), invitation); // still followed from My games
        location.replace(`/g/${id}`); // a fresh page, as a spectator's: nothing of the seat stays in memory
      },
    },
  };
}
