// Getting the player's attention: the tab title and, if allowed, a browser notification.
import {t} from "./i18n.js";

// Every use of Notification here tests first that it is there (iOS Safari has none before 16.4): the title says it all.
/* eslint-disable compat/compat */

/** "Your turn", with the player's name where the device is shared ("Your turn, Mia"): the title and the
 * notification say whose it is, as the status line does. */
const yourTurn = (name) => (name ? t("status.yourTurnAs", {name}) : t("title.yourTurn"));

export function setTitle(text, mine, name = null) {
  document.title = mine ? `● ${yourTurn(name)} · ${text}` : text;
}

export function canNotify() {
  return "Notification" in window && Notification.permission === "default";
}

export async function askToNotify() {
  if (!("Notification" in window)) return false;
  return (await Notification.requestPermission()) === "granted";
}

/** Notify when the page is not being looked at. */
export function notifyTurn(gameName, tag, name = null) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    new Notification(yourTurn(name), {body: gameName, tag, icon: "/icons/icon-192.png"});
  } catch {
    // Some mobile browsers only notify from a service worker; the title still says it.
  }
}
