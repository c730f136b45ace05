// A seat's link in safe hands: the match's creator gives a player who lost their seat link a new
// one (asked first; shown once, marked private), and a device showing a seat hears when another
// device showed it lately.
import {api} from "../api.js";
import {html} from "../html.js";
import {relativeTime, t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {seatOf, tableOf, update} from "../seat-store.js";
import {attempt, focusQuestion} from "../ui.js";
import {disclosure} from "./disclosure.js";
import {notice, privateQr} from "./invite.js";
import {seatName} from "./words.js";

const SHOWN_EVERY_MS = 60000; // a device says it shows the seat at most this often (on load, when back in front)
const DEVICE = "addgames.device";
const MY_DEVICES = 5; // the other devices of a seat a device remembers as its player's

/** This device's random id, made once: the server tells a seat's devices apart by it, never who holds them. */
function deviceId() {
  let made = localStorage.getItem(DEVICE);
  if (!made) {
    made = newKey();
    localStorage.setItem(DEVICE, made);
  }
  return made;
}

/** `fromQr`: the page opened a seat link read from the QR code of a device that shows the seat (a teacher handing a
 * pupil their seat): that device is the other one the server finds at the first showing, and no cause for alarm; so is
 * the old device of a seat moved here with the rest of its matches (views/move.js), at its first showing here. */
export function seatLinks(id, token, screen, fromQr = false) {
  let expectedOther = fromQr || Boolean(seatOf(id)?.moved);
  let open = false;
  let asking = null; // the seat whose new link waits for a yes
  let made = null; // {seat, name, link}: the new link, shown until the panel closes
  // The panel's own change in flight: its refusal is shown in the panel, next to the button, not atop the page.
  const panel = {busy: false, error: null, repaint: () => screen.repaint()};
  let key = null; // the Idempotency-Key of the new link asked for: a retry gets the same link
  let otherDevice = null; // when another device last showed this seat, if lately
  let otherName = null; // the server's name of that device for this seat (see knownDevices)
  let shownAt = 0;

  function seatRow(view, seat) {
    const name = seatName(view, seat.seat);
    if (asking === seat.seat) {
      return html`<li><div class="confirm" role="group" aria-labelledby="relink-ask" data-escape="cancelRelink">
        <p id="relink-ask" tabindex="-1" data-key="relink-ask">${t("relink.ask", {name})}</p>
        <p class="actions"><button type="button" class="danger" data-action="relink" data-key="relink-yes"
          ${panel.busy ? "disabled" : ""}>${t("relink.yes")}</button>
          <button type="button" data-action="cancelRelink" data-key="relink-no">${t("confirm.cancel")}</button></p></div></li>`;
    }
    return html`<li><button type="button" data-action="askRelink" data-seat="${seat.seat}" data-key="relink-${seat.seat}">
      ${t("relink.button", {name})}</button></li>`;
  }

  // the other people's seats: a seat the computer plays has no link to give, nor one of a table at this device, whose
  // links are all here (a seat left free for its invite is another device's)
  const others = (view, me) => view.seats.filter((seat) => seat.joined && seat.seat !== me && !seat.bot
    && !tableOf(id)?.some((held) => held.seat === seat.seat));

  function body(view, me) {
    return html`<p>${t("relink.hint")}</p>
      <ul class="relink-seats">${others(view, me).map((seat) => seatRow(view, seat))}</ul>
      ${panel.error ? html`<p class="error">${panel.error}</p>` : ""}
      ${made ? html`<div class="new-seat-link private">
        <h3 data-say>${t("relink.made", {name: made.name})} <span class="tag private-tag">${t("seatLink.private")}</span></h3>
        <p>${t("relink.send", {name: made.name})}</p>
        <label class="field">${t("seatLink.label")}
          <input id="new-seat-link" class="link" readonly value="${made.link}" data-key="new-seat-link"></label>
        <p class="actions">
          <button type="button" data-action="share" data-target="new-seat-link" data-message="${t("relink.message")}"
            data-key="share-new-link">${t("invite.share")}</button>
          <button type="button" data-action="copy" data-target="new-seat-link" data-key="copy-new-link">${t("invite.copy")}</button></p>
        ${notice(screen.notice, "new-seat-link")}
        ${privateQr(screen.qrShown, "new-seat-link", made.link)}</div>` : ""}`;
  }

  /** Tell the server this device shows the seat; it answers whether another one did lately. */
  async function shown() {
    const me = screen.view?.you?.seat;
    if (me === undefined || !token() || document.hidden || Date.now() - shownAt < SHOWN_EVERY_MS) return;
    shownAt = Date.now();
    try {
      const answer = await api.showSeat(id, token(), me, deviceId());
      const expected = expectedOther; // only the first showing: a device that shows the seat later is told as ever
      expectedOther = false;
      if (seatOf(id)?.moved) update(id, {moved: false});
      const before = [otherDevice, otherName];
      otherName = answer.other_device;
      const known = knownDevices()?.includes(otherName);
      otherDevice = answer.other_device_active && !expected && !known ? Date.parse(answer.other_device_seen_at) : null;
      // not the whole screen again for "no other device", at each return to it
      if (otherDevice !== before[0] || (otherDevice !== null && otherName !== before[1])) screen.repaint();
    } catch {
      shownAt = 0; // offline or refused: the poll says why; try again next time
    }
  }

  const onVisible = () => shown();

  /** The other devices this device's player said are theirs, for the seat this device keeps (null when the tab shows
   * another seat's link, or a table's): told of no more, unless another device shows the seat in between. */
  function knownDevices() {
    const kept = seatOf(id);
    return kept && kept.token === token() ? kept.devices || [] : null;
  }

  return {
    /** For the match's creator, below the table: give another seat a new link. */
    render(view, me) {
      if (me === null || view.creator !== me || !others(view, me).length) return "";
      return disclosure("links", open, t("relink.title"), open ? body(view, me) : "");
    },
    /** Near the top: this seat is also shown on another device. */
    warning() {
      if (otherDevice === null) return "";
      return html`<div class="other-device" id="other-device">
        <p data-say="other-device ${otherDevice}">${t("device.other", {when: relativeTime(otherDevice)})}</p>
        <p class="hint" data-say>${t("device.what")}</p>
        <p class="actions"><button type="button" class="small" data-action="dismissOtherDevice"
          data-key="dismiss-other-device">${t("device.ok")}</button>
          ${knownDevices() && otherName ? html`<button type="button" class="small" data-action="myOtherDevice"
            data-key="my-other-device">${t("device.mine")}</button>` : ""}</p></div>`;
    },
    shown,
    start() {
      document.addEventListener("visibilitychange", onVisible);
    },
    stop() {
      document.removeEventListener("visibilitychange", onVisible);
    },
    toggle(name) {
      if (name !== "links") return false;
      open = !open;
      screen.repaint();
      return true;
    },
    actions: {
      askRelink(button) {
        asking = Number(button.dataset.seat);
        key = newKey();
        panel.error = null;
        screen.repaint();
        focusQuestion("relink-ask"); // the question, where it appears
      },
      cancelRelink() {
        const seat = asking;
        asking = null;
        screen.repaint();
        document.querySelector(`[data-key="relink-${seat}"]`)?.focus(); // the button that asked
      },
      async relink() {
        // On a network failure, yes again retries with the same key (and gets the same link).
        const answer = await attempt(panel, () => api.reissueLink(id, token(), asking, key));
        if (!answer) return;
        made = {seat: answer.seat, name: answer.name, link: answer.seat_link};
        asking = null;
        screen.repaint();
        document.getElementById("new-seat-link")?.focus();
      },
      dismissOtherDevice() {
        otherDevice = null;
        screen.repaint();
      },
      myOtherDevice() { // the last few: a player's phones and computers over a long match
        update(id, {devices: [...knownDevices(), otherName].slice(-MY_DEVICES)});
        otherDevice = null;
        screen.repaint();
      },
    },
  };
}
