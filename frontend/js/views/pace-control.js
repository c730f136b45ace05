// The time per move changed while the match is played (a grandmother in hospital for a week, a family on holiday, an
// hour too short on school days): "Change the time per move", under the pace line, offers the create form's times.
// Any player still playing may, but not the one to move (the server decides: api/lifecycle.py's change_pace); the turn
// being played counts the new time from then, everyone sees it and the log says who set it.
import {api, serverFailed} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {attempt, choiceGroup} from "../ui.js";
import {TIMES_PER_MOVE, duration} from "./pace.js";

/** `showAnswer(result)` shows the match the change answered with, as the page shows a poll's. */
export function paceControl(id, token, screen, showAnswer) {
  let open = false;
  let chosen = null; // the time picked, in seconds ("" for no limit, as the choice's value)
  let key = null; // the Idempotency-Key of the time asked for: Save again after a network failure is a retry
  // The version the key was first sent on, sent again with it: a retry is the same request byte for byte. The change
  // made and its answer lost, the poll brought the match on (the change is an event): a retry on that new version was
  // refused as another request under the same key ("This Idempotency-Key was sent with another request").
  let keyVersion = null;
  const panel = {busy: false, error: null, repaint: () => screen.repaint()};

  /** A seat this device holds that still plays, while another is to move, in a match of players apart (not at a table). */
  const allowed = (view, me, table) => !table && me !== null && screen.ownSeat === null && view.status === "playing"
    && view.turn !== me && view.seats[me]?.status === "playing";

  return {
    /** Under the pace line (or the title, in an untimed match). */
    button(view, me, table) {
      if (!allowed(view, me, table) || open) return "";
      return html`<p class="pace-change"><button type="button" class="small" data-action="askPace" data-key="pace-change">
        ${t("pace.change")}</button></p>`;
    },
    /** Under it while open: the times, with the current one picked. */
    render(view, me, table) {
      if (!allowed(view, me, table) || !open) return "";
      const times = TIMES_PER_MOVE.map((seconds) => ({value: seconds ?? "", label: duration(seconds)}));
      return html`<form class="pace" data-submit="setPace" data-escape="cancelPace">
        ${choiceGroup({legend: t("pace.perMove"), choices: times, chosen, action: "pacePicked", key: "pace-to"})}
        <p class="hint">${t("pace.changeHint")}</p>
        ${panel.error ? html`<p class="error" id="pace-error">${panel.error}</p>` : ""}
        <p class="actions"><button type="submit" class="primary" data-key="pace-save" ${panel.busy ? "disabled" : ""}>
          ${t("pace.changeSave")}</button>
          <button type="button" data-action="cancelPace" data-key="pace-cancel">${t("confirm.cancel")}</button></p>
      </form>`;
    },
    actions: {
      askPace() {
        [open, chosen, key, keyVersion, panel.error] = [true, screen.view.pace.time_per_move ?? "", newKey(), null, null];
        screen.repaint();
        document.querySelector(`[data-key="pace-to-${chosen}"]`)?.focus();
      },
      pacePicked(button) {
        if (String(chosen) !== button.value) [chosen, key, keyVersion] = [button.value, newKey(), null]; // another request
        screen.repaint();
      },
      cancelPace() {
        open = false;
        screen.repaint();
        document.querySelector('[data-key="pace-change"]')?.focus(); // the button that asked
      },
      async setPace() {
        const seconds = chosen === "" ? null : Number(chosen);
        keyVersion ??= screen.view.version;
        const result = await attempt(panel, () => api.changePace(id, token(), keyVersion, seconds, key).catch((error) => {
          if (!serverFailed(error)) keyVersion = null; // refused (the match moved on): asked again on the version shown then
          throw error;
        }));
        if (!result) return;
        open = false;
        await showAnswer(result);
        document.querySelector('[data-key="pace-change"]')?.focus(); // the page says the log's line, as of any change
      },
    },
  };
}
