// A player changes their own name (a typo, a child who wants another one): "Change my name", at the foot of
// the match with the seat's other tools, opens a small form there. The others' pages show the new name with
// their next poll, and this device fills it in the next time it asks for a name.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {rememberName} from "../seat-store.js";
import {announce, attempt, focusWhole} from "../ui.js";
import {isolated, nameField} from "./words.js";

/** `showAnswer(result)` shows the match the rename answered with, as the page shows a poll's. */
export function renaming(id, token, screen, showAnswer) {
  let open = false;
  let typed = "";
  let key = null; // the Idempotency-Key of the name asked for: Save again after a network failure is a retry
  // The name the key was sent with: another name typed after a failure is another request, with a key of its own. The
  // first name made and its answer lost, the second under the same key was refused in the server's English ("This
  // Idempotency-Key was sent with another request; use a new key for a new request.").
  let keyName = null;
  let done = null; // the name taken, said under the button
  // The form's own change in flight: its refusal is shown in the form, next to the name, not atop the page.
  const panel = {busy: false, error: null, repaint: () => screen.repaint()};

  /** A seat this device holds (not another seat's link opened in this tab) and that still plays. */
  const allowed = (view, me) => me !== null && screen.ownSeat === null && view.seats[me]?.status === "playing";

  const field = () => document.querySelector('[data-key="rename-name"]');

  return {
    /** Beside the seat's other tools (its link, notifications). */
    button(view, me) {
      if (!allowed(view, me) || open) return "";
      return html`<button type="button" class="small" data-action="askRename" data-key="rename">${t("rename.button")}</button>`;
    },
    /** Under them: the form while open, else what the last rename did. */
    render(view, me) {
      if (!allowed(view, me)) return "";
      if (!open) return done ? html`<p class="note" id="renamed">${t("rename.done", {name: isolated(done)})}</p>` : "";
      return html`<form class="rename" data-submit="rename" data-escape="cancelRename">
        ${nameField(t("rename.label"), {name: "rename-name", value: typed, error: panel.error})}
        <p class="hint">${t("rename.hint")}</p>
        ${panel.error ? html`<p class="error" id="rename-error">${panel.error}</p>` : ""}
        <p class="actions"><button type="submit" class="primary" data-key="rename-save">${t("rename.save")}</button>
          <button type="button" data-action="cancelRename" data-key="rename-cancel">${t("confirm.cancel")}</button></p>
      </form>`;
    },
    actions: {
      askRename() {
        const me = screen.view.you.seat;
        [open, typed, key, keyName, done, panel.error] = [true, screen.view.seats[me].name, newKey(), null, null, null];
        screen.repaint();
        const input = field();
        focusWhole(input, input.form); // with "Save" and "Cancel" under it
        input.select(); // the name as it is, ready to be typed over or mended
      },
      cancelRename() {
        open = false;
        screen.repaint();
        document.querySelector('[data-key="rename"]')?.focus(); // the button that asked
      },
      /** The form's field (words.js' nameField calls its screen's `name`). */
      name(input) {
        typed = input.value;
      },
      async rename() {
        const name = typed.trim();
        panel.error = name ? null : t("join.needName");
        if (name && keyName !== null && keyName !== name) key = newKey();
        if (name) keyName = name;
        const result = name ? await attempt(panel, () => api.rename(id, token(), screen.view.you.seat, name, key)) : null;
        if (!result) {
          screen.repaint();
          field()?.focus(); // to mend the name the error under it speaks of
          return;
        }
        done = result.data.seats[result.data.you.seat].name; // as stored: trimmed, in NFC
        rememberName(done); // the name the next join or new match offers on this device
        open = false;
        await showAnswer(result);
        document.querySelector('[data-key="rename"]')?.focus();
        announce(t("rename.done", {name: isolated(done)}));
      },
    },
  };
}
