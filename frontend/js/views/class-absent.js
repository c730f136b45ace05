// A pupil absent on the day (a seat never taken): the teacher has the computer play it from the class sheet, so that
// whoever sits with them plays on rather than waits all lesson for "Bob's turn". The sheet holds every pupil's seat
// link, so this device leaves the seat to the computer (POST resign with {bot}: the level the sheet chose for short
// groups) as the pupil could have from their own tablet. Asked first: the pupil can no longer play in that match.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {focusQuestion} from "../ui.js";
import {onceText} from "./words.js";

/** The pupils the computer may play for, in the cards' order: [{pupil, n (their match's number), group}], those whose
 * sheet match (its public view in `views`, by id) is under way with their seat still theirs and another person still
 * playing in it (the API refuses a table of computers alone). A pupil sits in the seat of their place in the group. */
function leavable(sheet, views) {
  return sheet.groups.flatMap((group, n) => {
    const view = group.match && views.get(group.match.id)?.data;
    if (view?.status !== "playing") return [];
    const people = group.pupils.filter((pupil, seat) => group.links[pupil] && view.seats[seat]?.status === "playing"
      && !view.seats[seat].bot);
    return people.length > 1 ? people.map((pupil) => ({pupil, n: n + 1, group})) : [];
  });
}

/** The part of a sheet's results that leaves an absent pupil's seat to the computer: `sheetOf()` is the sheet,
 * `refresh()` reads its matches again once it is done, `repaint()` draws the page again. */
export function classAbsent(sheetOf, refresh, repaint) {
  let open = false; // the list of pupils shown (off the projector until asked for)
  let asking = null; // the pupil whose seat the question is about
  let done = null; // the pupil the computer plays for since, said once
  let error = null;
  let sending = false;

  return {
    render(sheet, views) {
      const pupils = leavable(sheet, views);
      const said = html`${done ? html`<p class="note" id="absent-done" data-say>${t("absent.done", {name: done})}</p>` : ""}
        ${error ? html`<p class="error" id="absent-failed">${error}</p>` : ""}`;
      const asked = asking && pupils.find((one) => one.pupil === asking);
      if (asked) {
        return html`${said}<div class="confirm" role="group" aria-labelledby="absent-ask" data-escape="cancelAbsent">
          <p id="absent-ask" tabindex="-1">${t("absent.ask", {name: asked.pupil, n: asked.n,
            level: t(`bot.level.${sheet.level}`)})}</p>
          <p class="actions"><button type="button" class="danger" data-action="leaveAbsent" data-key="absent-yes"
            ${sending ? "disabled" : ""}>${t("absent.yes")}</button>
          <button type="button" data-action="cancelAbsent" data-key="absent-no">${t("confirm.cancel")}</button></p></div>`;
      }
      if (!pupils.length) return said;
      return html`${said}<p class="actions"><button type="button" data-action="toggleAbsent" data-key="absent-open"
        aria-controls="absent-pupils" aria-expanded="${open ? "true" : "false"}">${t("absent.open")}</button></p>
        ${open ? html`<div id="absent-pupils"><p id="absent-pick">${t("absent.pick")}</p>
          <p class="actions" role="group" aria-labelledby="absent-pick">${pupils.map(({pupil}) => html`<button type="button"
            class="small" data-action="askAbsent" data-pupil="${pupil}" data-key="absent-${pupil}">${pupil}</button>`)}</p></div>` : ""}`;
    },
    actions: {
      toggleAbsent() {
        open = !open;
        repaint();
      },
      askAbsent(button) {
        asking = button.dataset.pupil;
        error = null;
        repaint();
        focusQuestion("absent-ask");
      },
      cancelAbsent() {
        const pupil = asking;
        asking = null;
        repaint();
        document.querySelector(`[data-key="absent-${CSS.escape(pupil)}"]`)?.focus(); // the button that asked
      },
      async leaveAbsent() {
        const sheet = sheetOf();
        const group = sheet.groups.find((one) => one.pupils.includes(asking)); // a name is on one card only
        const token = /#seat=([\w-]+)/.exec(group.links[asking])[1];
        sending = true;
        repaint();
        try {
          await api.resign(group.match.id, token, newKey(), {bot: sheet.level});
          [done, asking, open] = [asking, null, false];
        } catch (failure) {
          error = onceText(failure);
        }
        sending = false;
        repaint();
        refresh();
      },
    },
  };
}
