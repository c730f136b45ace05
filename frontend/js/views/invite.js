// Sharing: the invite link (share sheet, clipboard, QR code) and the seat's own link, shown once.
import {html} from "../html.js";
import {listing, t} from "../i18n.js";
import {inAppBrowser} from "../in-app.js";
import {qrSvg} from "../qr.js";
import {copyText, shareLink} from "../share.js";
import {focusQuestion} from "../ui.js";
import {codeLine} from "./join-code.js";
import {freeSeats, gameName} from "./words.js";

export function notice(current, target) {
  return current?.target === target ? html`<p class="notice" data-say="${current.text} ${current.n}">${current.text}</p>` : "";
}

/** The invite of `view` ({inviteLink, rematch, joinCode}: its link, and its code when this device has it): for a
 * rematch, the others are also asked on the match that ended (its Join button, a push); where every free seat is
 * kept for a name, it is for those players only. */
export function invitePanel(view, {inviteLink: link, rematch, joinCode}, current) {
  const {reserved, open} = freeSeats(view);
  const hint = rematch ? t("invite.rematchHint")
    : reserved.length && !open ? t("invite.hintReserved", {names: listing(reserved)}) : t("invite.hint");
  const game = gameName(view.game); // the message the link is shared with: the code too, should the link break on its way
  const message = joinCode ? t("invite.messageCode", {game, code: joinCode, site: location.host}) : t("invite.message", {game});
  return html`<section class="invite panel" aria-labelledby="invite-title">
    <h2 id="invite-title">${t("invite.title")}</h2>
    <p>${hint}</p>
    <label class="field">${t("invite.link")}
      <input id="invite-link" class="link" readonly value="${link}" data-key="invite-link"></label>
    <p class="link-text">${link}</p>
    <p class="actions">
      <button type="button" class="primary" data-action="share" data-target="invite-link" data-key="share"
        data-message="${message}">${t("invite.share")}</button>
      <button type="button" data-action="copy" data-target="invite-link" data-key="copy-invite">${t("invite.copy")}</button></p>
    ${notice(current, "invite-link")}
    ${codeLine(joinCode)}
    <figure class="qr-figure">${qrSvg(link, t("invite.qr"))}<figcaption>${t("invite.scan")}</figcaption></figure>
  </section>`;
}

const WARNED = "addgames.seatLinkWarned"; // this device was told once what copying a seat link means

/** The seat's own link, kept apart from the invite (below the table) and marked private; the first
 * copy on a device asks, since sending it by mistake hands the seat over. Once the player has it on their
 * own device, this one may forget the seat (asked first): it then only watches, and no longer hears that
 * another device shows the seat (`handFailed`: it could not, its pushes not stopped). `stopping`: the question and
 * answer of "Stop other devices playing this seat" (own-link.js), drawn before it. */
export function seatLinkPanel(link, {current, asking, waiting, qr, handing, handFailed, creator, stopping}) {
  return html`<section class="seat-link panel private" aria-labelledby="seat-link-title">
    <h2 id="seat-link-title">${t("seatLink.title")} <span class="tag private-tag">${t("seatLink.private")}</span></h2>
    <p>${t("seatLink.hint")}</p>
    ${inAppBrowser() ? html`<p class="note" id="seat-in-app">${t("seatLink.inApp")}</p>` : ""}
    ${waiting ? html`<p class="note">${t("seatLink.notThis")}</p>` : ""}
    <label class="field">${t("seatLink.label")}
      <input id="seat-link" class="link" readonly value="${link}" data-key="seat-link"></label>
    ${asking ? html`<div class="confirm" role="group" aria-labelledby="seat-ask" data-escape="cancelSeatCopy"><p id="seat-ask" tabindex="-1" data-key="seat-ask">${t("seatLink.ask")}</p>
      <p class="actions"><button type="button" class="danger" data-action="copySeat" data-key="copy-seat-yes">${t("seatLink.yes")}</button>
        <button type="button" data-action="cancelSeatCopy" data-key="copy-seat-no">${t("confirm.cancel")}</button></p></div>`
      : html`<p class="actions">
      <button type="button" data-action="askSeatCopy" data-key="copy-seat">${t("seatLink.copy")}</button>
      <button type="button" data-action="dismissLink" data-key="dismiss-link">${t("seatLink.done")}</button></p>`}
    ${notice(current, "seat-link")}
    ${qr}
    ${stopping}
    ${handing ? html`<div class="confirm" role="group" aria-labelledby="hand-ask" data-escape="cancelHandOver">
        <p id="hand-ask" tabindex="-1" data-key="hand-ask">${t(creator ? "seatLink.handAskCreator" : "seatLink.handAsk")}</p>
        ${handFailed ? html`<p class="error" id="hand-failed">${t("mine.forgetFailed")}</p>` : ""}
        <p class="actions"><button type="button" class="danger" data-action="handOver" data-key="hand-yes">${t("seatLink.handYes")}</button>
          <button type="button" data-action="cancelHandOver" data-key="hand-no">${t("confirm.cancel")}</button></p></div>`
      : html`<p class="actions"><button type="button" class="small" data-action="askHandOver" data-key="hand-over">${t("seatLink.handOver")}</button></p>`}
  </section>`;
}

/** A private link's QR code, drawn only when asked: a pupil's tablet scans the seat link a teacher holds. The link
 * ends `&qr`, so that the tablet is not told another device (this one) shows the seat (see match.js). */
export function privateQr(shown, target, link) {
  return shown === target
    ? html`<figure class="qr-figure">${qrSvg(`${link}&qr`, t("seatLink.qr"))}<figcaption>${t("seatLink.scan")}</figcaption></figure>
      <p class="actions"><button type="button" class="small" data-action="hideQr" data-key="hide-qr-${target}">${t("seatLink.hideQr")}</button></p>`
    : html`<p class="actions"><button type="button" class="small" data-action="showQr" data-target="${target}"
      data-key="show-qr-${target}">${t("seatLink.showQr")}</button></p>`;
}

/** Actions for both panels; `screen.notice` says what happened, next to the right panel. */
export function inviteActions(screen) {
  const say = (target, key) => {
    screen.notice = {target, text: t(key), n: (screen.notice?.n ?? 0) + 1}; // numbered: a link copied again is said again
    screen.repaint();
  };
  const selectLink = (target) => {
    const input = document.getElementById(target);
    input?.focus();
    input?.select();
  };
  async function copy(target) {
    if (await copyText(document.getElementById(target).value)) say(target, "invite.copied");
    else {
      say(target, "invite.copyByHand");
      selectLink(target);
    }
  }
  const showQr = (target, focused) => { // the button pressed is replaced: the focus goes to the one in its place
    screen.qrShown = target;
    screen.repaint();
    document.querySelector(`[data-key="${focused}"]`)?.focus();
  };
  return {
    showQr: (button) => showQr(button.dataset.target, `hide-qr-${button.dataset.target}`),
    hideQr: () => showQr(null, `show-qr-${screen.qrShown}`),
    async share(button) {
      const url = document.getElementById(button.dataset.target).value;
      // the title is the subject of an e-mail shared: the game's name says what the message is about
      const title = screen.view ? `${gameName(screen.view.game)} · ${t("app.name")}` : t("app.name");
      const result = await shareLink({url, title, text: button.dataset.message});
      if (result === "copied") say(button.dataset.target, "invite.copiedMessage");
      else if (result === "failed") {
        say(button.dataset.target, "invite.copyByHand");
        selectLink(button.dataset.target);
      }
    },
    copy(button) {
      return copy(button.dataset.target);
    },
    askSeatCopy() {
      if (localStorage.getItem(WARNED)) return copy("seat-link");
      screen.askingSeatCopy = true;
      screen.repaint();
      focusQuestion("seat-ask"); // the question, where it appears
    },
    copySeat() {
      localStorage.setItem(WARNED, "1");
      screen.askingSeatCopy = false;
      return copy("seat-link");
    },
    cancelSeatCopy() {
      screen.askingSeatCopy = false;
      screen.repaint();
      document.querySelector('[data-key="copy-seat"]')?.focus(); // the button that asked
    },
  };
}
