// The service worker: keeps the app shell so the app opens offline (the API always goes to the
// network), and shows the push notifications the server sends when a seat must act.
const CACHE = "addgames-shell-v5";
const SHELL = [
  "/", "/index.html", "/manifest.webmanifest", "/css/app.css",
  "/icons/icon.svg", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon-maskable-512.png",
  "/js/app.js", "/js/api.js", "/js/attention.js", "/js/html.js", "/js/i18n.js", "/js/outbox.js", "/js/poller.js",
  "/js/numbers.js", "/js/push.js", "/js/qr.js",
  "/js/router.js", "/js/seat-store.js", "/js/share.js", "/js/shuffle.js", "/js/ui.js",
  "/js/i18n/en.js", "/js/i18n/fr.js", "/js/i18n/es.js", "/js/i18n/it.js", "/js/i18n/de.js", "/js/i18n/pt.js",
  "/js/rules/en.js", "/js/rules/fr.js", "/js/rules/es.js", "/js/rules/it.js", "/js/rules/de.js", "/js/rules/pt.js",
  "/js/views/computer.js", "/js/views/create.js", "/js/views/creating.js", "/js/views/disclosure.js", "/js/views/fairness.js", "/js/views/history.js",
  "/js/views/home.js", "/js/views/invite.js", "/js/views/join.js", "/js/views/lifecycle.js", "/js/views/match.js",
  "/js/views/missing.js", "/js/views/my-games.js", "/js/views/options.js", "/js/views/pace.js", "/js/views/play.js",
  "/js/views/rename.js", "/js/views/rules.js",
  "/js/views/scoreboard.js", "/js/views/seat-links.js", "/js/views/words.js",
  "/js/games/cards.js", "/js/games/help.js", "/js/games/suits.js", "/js/games/addup.js", "/js/games/addit.js", "/js/games/plusminus.js", "/js/games/addem.js", "/js/games/addtoo.js",
  "/js/games/camera.js", "/js/games/diamonds.js",
];
const PAGES = /^\/(new(\/\w+)?|g\/[\w-]+|rules\/\w+)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

// Network first, so a new version shows at once; the cached shell when offline.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  const key = PAGES.test(url.pathname) ? "/index.html" : url.pathname;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok && SHELL.includes(url.pathname)) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
    }
    return response;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
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
