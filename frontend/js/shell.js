// The app shell's version: the one this page runs (index.html names it), and the switch to a newer one.
// The service worker serves a page the files of one version only (see sw.js); when the server runs
// another, the browser installs that version's worker beside it, and this page lets it take over at a
// safe moment, a new screen about to show, by loading that screen afresh: nothing half done is lost.

/** The version of the files this page was loaded from. */
export const OWN_VERSION = document.querySelector('meta[name="shell-version"]')?.content || "";

const worker = "serviceWorker" in navigator && window.isSecureContext ? navigator.serviceWorker : null;
const TAKE_OVER_MS = 2000; // Chromium sometimes lets a new worker take over only once the page goes: reload then
const TRIED = "addgames.switchedFrom"; // the version this tab reloaded from to switch: a reload that did not switch is not repeated
let stale = false; // another tab let a newer version take over: this page's next screen is to come from it
let switching = false;

/** Register the service worker (first thing at start: whatever fails next, the shell is kept for offline use). */
export function registerWorker() {
  if (!worker) return;
  const hadController = Boolean(worker.controller);
  worker.addEventListener("controllerchange", () => {
    if (switching) location.reload();
    else if (hadController) stale = true; // another tab switched: the worker serving this one changed with it
  });
  worker.register("/sw.js").catch(() => {}); // no worker: the app still runs, online
}

/** Ask the service worker to keep the files of the language `code` (the page shows it) for offline use: it keeps
 * only English and the device's language when it installs, and the others as they are fetched through it, which a
 * first visit's page does before the worker is there. */
export function keepLanguage(code) {
  worker?.ready.then((registration) => registration.active?.postMessage({language: code})).catch(() => {});
}

/** At a safe moment: true when the page is reloading into a newer version of the app (the caller shows
 * nothing more); else false, and the browser is asked to look for one, for the next safe moment. */
export async function switchedToNewer() {
  if (switching) return true;
  if (stale) return reload();
  const registration = await worker?.getRegistration().catch(() => null);
  const waiting = registration?.waiting;
  if (!waiting) {
    registration?.update().catch(() => {}); // offline, or the server busy: the next screen asks again
    return false;
  }
  waiting.postMessage("take over"); // then "controllerchange" reloads the page
  if (sessionStorage.getItem(TRIED) === OWN_VERSION) return false; // it did not switch the last time: go on here
  sessionStorage.setItem(TRIED, OWN_VERSION);
  switching = true;
  setTimeout(reload, TAKE_OVER_MS);
  return true;
}

function reload() {
  switching = true;
  location.reload();
  return true;
}
