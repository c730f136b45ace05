// How this device hears of the seat's turn: Web Push where the browser has it ("Notify me on this device", also while
// the web app is closed), else a notification while the page is open.
import {ApiError} from "../api.js";
import {askToNotify, canNotify} from "../attention.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {notifyOnThisPhone, pushId, pushSupported, stopNotifying} from "../push.js";
import {onceText} from "./words.js";

export function notifyControl(id, token, screen) {
  /** `change()` answers false when the browser's permission was refused; `done` is the note then shown. */
  async function pushChange(change, done) {
    try {
      screen.pushNote = (await change()) ? done : t("push.blocked");
    } catch (error) {
      screen.pushNote = error instanceof ApiError ? onceText(error) : t("push.failed"); // else the browser failed
    }
    screen.repaint();
  }

  return {
    button(view) {
      if (pushSupported() && Notification.permission !== "denied") {
        return pushId(id)
          ? html`<button type="button" class="small" data-action="pushOff" data-key="push">${t("push.off")}</button>`
          : html`<button type="button" class="small" data-action="pushOn" data-key="push">${t("push.on")}</button>`;
      }
      return view.status !== "over" && canNotify()
        ? html`<button type="button" class="small" data-action="notify" data-key="notify">${t("play.notify")}</button>` : "";
    },
    /** Said under the seat's tools: what the last change of notifications did. */
    note: () => (screen.pushNote ? html`<p class="note" data-say id="push-note">${screen.pushNote}</p>` : ""),
    actions: {
      notify: async () => {
        await askToNotify();
        screen.repaint();
      },
      pushOn: () => pushChange(() => notifyOnThisPhone(id, token(), screen.view.you.seat), t("push.enabled")),
      // said too: the button keeps the focus, its words changed under it unsaid
      pushOff: () => pushChange(() => stopNotifying(id, token(), screen.view.you.seat).then(() => true), t("push.disabled")),
    },
  };
}
