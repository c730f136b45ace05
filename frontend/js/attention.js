// Getting the player's attention: the tab title and, if allowed, a browser notification.
import {t} from "./i18n.js";

export function setTitle(text, yourTurn) {
  document.title = yourTurn ? `● ${t("title.yourTurn")} · ${text}` : text;
}

export function canNotify() {
  return "Notification" in window && Notification.permission === "default";
}

export async function askToNotify() {
  if (!("Notification" in window)) return false;
  return (await Notification.requestPermission()) === "granted";
}

/** Notify when the page is not being looked at. */
export function notifyTurn(gameName, tag) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    new Notification(t("title.yourTurn"), {body: gameName, tag, icon: "/icons/icon-192.png"});
  } catch {
    // Some mobile browsers only notify from a service worker; the title still says it.
  }
}
