// A leaked invite or join code (a pupil posted the class's code in a public chat, an invite forwarded out of the
// family's): while seats are free, the match's creator sees who took a seat and when, removes someone who was not
// meant to come, and makes a new link and code, whose old ones let nobody in any more. Each asked first.
import {api} from "../api.js";
import {html} from "../html.js";
import {relativeTime, t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {tableOf, update} from "../seat-store.js";
import {attempt, focusQuestion} from "../ui.js";
import {seatName} from "./words.js";

export function guests(id, token, screen) {
  let asking = null; // "invite", or the seat to free, waiting for a yes
  let replaced = false; // a new invite was made: said under the button until the match starts
  let key = null; // the Idempotency-Key of the new invite asked for: a retry gets the same one
  const panel = {busy: false, error: null, repaint: () => screen.repaint()};

  // the other people seated: not the computer, nor a person of a table at this device (whose seats are all here)
  const others = (view, me) => view.seats.filter((seat) => seat.joined && seat.seat !== me && !seat.bot
    && !tableOf(id)?.some((held) => held.seat === seat.seat));

  function question(asked, yes, action) {
    return html`<div class="confirm" role="group" aria-labelledby="guests-ask" data-escape="cancelGuests">
      <p id="guests-ask" tabindex="-1" data-key="guests-ask">${asked}</p>
      <p class="actions"><button type="button" class="danger" data-action="${action}" data-key="guests-yes"
        ${panel.busy ? "disabled" : ""}>${yes}</button>
        <button type="button" data-action="cancelGuests" data-key="guests-no">${t("confirm.cancel")}</button></p></div>`;
  }

  function row(view, seat) {
    const name = seatName(view, seat.seat);
    return html`<li>${t("guests.joined", {name, when: relativeTime(Date.parse(seat.joined_at))})}
      ${asking === seat.seat ? question(t("guests.removeAsk", {name}), t("guests.removeYes"), "removeGuest")
        : html`<button type="button" class="small" data-action="askRemoveGuest" data-seat="${seat.seat}"
          data-key="remove-guest-${seat.seat}">${t("guests.remove", {name})}</button>`}</li>`;
  }

  function ask(what, focused) {
    asking = what;
    panel.error = null;
    screen.repaint();
    focusQuestion(focused);
  }

  return {
    /** For the match's creator while seats are free, under the invite. */
    render(view, me) {
      if (view.status !== "waiting" || me === null || view.creator !== me) return "";
      const seated = others(view, me);
      return html`<section class="guests panel" aria-labelledby="guests-title" id="guests">
        <h2 id="guests-title">${t("guests.title")}</h2>
        ${seated.length ? html`<ul class="guests-list">${seated.map((seat) => row(view, seat))}</ul>`
          : html`<p>${t("guests.none")}</p>`}
        <p>${t("guests.hint")}</p>
        ${asking === "invite" ? question(t("guests.replaceAsk"), t("guests.replaceYes"), "replaceInvite")
          : html`<p class="actions"><button type="button" data-action="askReplaceInvite" data-key="replace-invite">
            ${t("guests.replace")}</button></p>`}
        ${replaced ? html`<p class="notice" id="invite-replaced" data-say>${t("guests.replaced")}</p>` : ""}
        ${panel.error ? html`<p class="error">${panel.error}</p>` : ""}</section>`;
    },
    actions: {
      askReplaceInvite() {
        key = newKey();
        ask("invite", "guests-ask");
      },
      askRemoveGuest(button) {
        ask(Number(button.dataset.seat), "guests-ask");
      },
      cancelGuests() {
        const was = asking;
        asking = null;
        screen.repaint();
        document.querySelector(`[data-key="${was === "invite" ? "replace-invite" : `remove-guest-${was}`}"]`)?.focus();
      },
      async replaceInvite() {
        // On a network failure, yes again retries with the same key (and gets the same invite).
        const answer = await attempt(panel, () => api.replaceInvite(id, token(), key));
        if (!answer) return;
        update(id, {invite: answer.invite, inviteLink: answer.invite_link, joinCode: answer.join_code});
        asking = null;
        replaced = true;
        screen.repaint();
        document.getElementById("invite-link")?.focus(); // the new link, to share again
      },
      async removeGuest() {
        const seat = asking;
        if (await attempt(panel, () => api.freeSeat(id, token(), seat)) === undefined) return;
        asking = null;
        screen.repaint(); // the poll brings the seat free
        document.querySelector('[data-key="replace-invite"]')?.focus();
      },
    },
  };
}
