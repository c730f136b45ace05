// The service worker: keeps the app shell so the app opens offline (the API always goes to the
// network), and shows the push notifications the server sends when a seat must act.
//
// One version of the shell at a time, whole: api/frontend.py writes the version (a hash of every file of
// the app) below as it serves this file, so a deploy changes this file and the browser installs the new
// worker, which fills its own cache with the files of its version only (each answer names its version:
// Shell-Version). A page is served from the cache of the active worker, never from the network, so its
// modules all come from one version, offline too; the new worker waits until a page asks it to take over
// at a safe moment (js/shell.js: when a new screen is about to show), and that page then reloads.
const VERSION = "__SHELL_VERSION__";
const PREFIX = "addgames-shell-";
const CACHE = PREFIX + VERSION;
// Every file of the app but this one (a test holds the list to the folder).
const SHELL = [
  "/index.html", "/manifest.webmanifest", "/css/app.css",
  "/icons/icon.svg", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon-maskable-512.png",
  "/js/app.js", "/js/api.js", "/js/attention.js", "/js/csv.js", "/js/html.js", "/js/i18n.js", "/js/load-failed.js", "/js/loader.js", "/js/too-old.js",
  "/js/outbox.js", "/js/poller.js", "/js/numbers.js", "/js/push.js", "/js/qr.js",
  "/js/router.js", "/js/seat-store.js", "/js/share.js", "/js/shell.js", "/js/shuffle.js", "/js/ui.js",
  "/js/i18n/en.js", "/js/i18n/fr.js", "/js/i18n/es.js", "/js/i18n/it.js", "/js/i18n/de.js", "/js/i18n/pt.js", "/js/i18n/pt-BR.js",
  "/js/rules/en.js", "/js/rules/fr.js", "/js/rules/es.js", "/js/rules/it.js", "/js/rules/de.js", "/js/rules/pt.js", "/js/rules/pt-BR.js",
  "/js/class-store.js",
  "/js/views/class-making.js", "/js/views/class-plan.js", "/js/views/class-results.js", "/js/views/class-setup.js", "/js/views/class-sheet.js",
  "/js/views/computer.js", "/js/views/create.js", "/js/views/creating.js", "/js/views/disclosure.js", "/js/views/fairness.js", "/js/views/history.js",
  "/js/views/home.js", "/js/views/invite.js", "/js/views/join.js", "/js/views/join-code.js", "/js/views/lifecycle.js", "/js/views/match.js",
  "/js/views/missing.js", "/js/views/my-games.js", "/js/views/notify-control.js", "/js/views/options.js", "/js/views/own-link.js",
  "/js/views/pace.js", "/js/views/play.js", "/js/views/privacy.js", "/js/views/public-views.js",
  "/js/views/rename.js", "/js/views/rules.js", "/js/views/seating.js", "/js/views/table.js", "/js/views/thinking.js", "/js/views/tidy.js",
  "/js/views/scoreboard.js", "/js/views/seat-links.js", "/js/views/words.js",
  "/js/games/cards.js", "/js/games/help.js", "/js/games/suits.js", "/js/games/addup.js", "/js/games/addit.js", "/js/games/plusminus.js", "/js/games/addem.js", "/js/games/addtoo.js",
  "/js/games/camera.js", "/js/games/diamonds.js",
];
const PAGES = /^\/(new(\/\w+)?|g\/[\w-]+|rules\/\w+|class\/\w+|sheets\/[\w-]+|privacy)?$/; // the app's pages: each is index.html

/** Fetch and keep every file of this version; a file of another (a deploy under way, an instance still on
 * the old one) fails the install, which the browser tries again at its next update check. */
async function fill() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(SHELL.map(async (path) => {
      const response = await fetch(path, {cache: "no-cache"}); // revalidated: a 304 is enough
      if (!response.ok || response.headers.get("Shell-Version") !== VERSION) {
        throw new Error(`${path} is not of version ${VERSION}`);
      }
      await cache.put(path, response);
    }));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener("install", (event) => event.waitUntil(fill()));

// A page that reached a safe moment lets the new version take over (js/shell.js).
self.addEventListener("message", (event) => {
  if (event.data === "take over") event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)))));
});

// The shell from this version's cache (the network only for a file the cache lost); the rest, the API
// first, as the browser would.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  const path = PAGES.test(url.pathname) ? "/index.html" : url.pathname;
  if (!SHELL.includes(path)) return;
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(path)).then((hit) => hit || fetch(event.request)));
});

// A push message (api/push/) is JSON: the title and body, already in the seat's language, and the
// match it is about. Shown at once (browsers require it); one notification per match, the newest.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const match = /^[\w-]{1,32}$/.test(message.match || "") ? message.match : null;
  event.waitUntil(self.registration.showNotification(message.title || "addgames", {
    body: message.body || "", lang: message.lang || "", icon: "/icons/icon-192.png",
    tag: match ? `match-${match}` : "", renotify: Boolean(match), data: {path: match ? `/g/${match}` : "/"},
  }));
});

// A click opens the match (this device keeps the seat's link for it), in a tab already open if any.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.path || "/", location.origin).href;
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then((open) => {
    const tab = open.find((client) => client.url === url);
    return tab ? tab.focus() : self.clients.openWindow(url);
  }));
});
