// The service worker: keeps the app shell so the app opens offline (the API goes to the network; the rules catalogue
// only is kept too, for offline use), and shows the push notifications the server sends when a seat must act.
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
  "/js/app.js", "/js/api.js", "/js/attention.js", "/js/csv.js", "/js/html.js", "/js/i18n.js", "/js/in-app.js", "/js/load-failed.js", "/js/loader.js", "/js/too-old.js",
  "/js/outbox.js", "/js/poller.js", "/js/numbers.js", "/js/push.js", "/js/base64url.js", "/js/qr.js",
  "/js/router.js", "/js/seat-store.js", "/js/share.js", "/js/shell.js", "/js/shuffle.js", "/js/turned.js", "/js/ui.js",
  "/js/i18n/en.js", "/js/i18n/fr.js", "/js/i18n/es.js", "/js/i18n/it.js", "/js/i18n/de.js", "/js/i18n/nl.js", "/js/i18n/pt.js", "/js/i18n/pt-BR.js",
  "/js/rules/en.js", "/js/rules/fr.js", "/js/rules/es.js", "/js/rules/it.js", "/js/rules/de.js", "/js/rules/nl.js", "/js/rules/pt.js", "/js/rules/pt-BR.js",
  "/js/class-store.js", "/js/league.js",
  "/js/views/class-absent.js", "/js/views/class-board.js", "/js/views/class-follow.js", "/js/views/class-making.js",
  "/js/views/class-plan.js", "/js/views/class-results.js", "/js/views/class-setup.js", "/js/views/class-sheet.js",
  "/js/views/computer.js", "/js/views/create.js", "/js/views/creating.js", "/js/views/disclosure.js", "/js/views/fairness.js", "/js/views/forget.js", "/js/views/guests.js", "/js/views/history.js",
  "/js/views/home.js", "/js/views/league.js", "/js/views/invite.js", "/js/views/join.js", "/js/views/join-code.js", "/js/views/lifecycle.js", "/js/views/match.js",
  "/js/views/missing.js", "/js/views/move.js", "/js/views/my-games.js", "/js/views/notify-control.js", "/js/views/options.js", "/js/views/own-link.js",
  "/js/views/pace.js", "/js/views/pace-control.js", "/js/views/play.js", "/js/views/privacy.js", "/js/views/public-views.js",
  "/js/views/rename.js", "/js/views/rules.js", "/js/views/seating.js", "/js/views/table.js", "/js/views/thinking.js", "/js/views/tidy.js",
  "/js/views/scoreboard.js", "/js/views/seat-links.js", "/js/views/words.js",
  "/js/games/cards.js", "/js/games/help.js", "/js/games/suits.js", "/js/games/addup.js", "/js/games/addit.js", "/js/games/plusminus.js", "/js/games/addem.js", "/js/games/addtoo.js",
  "/js/games/camera.js", "/js/games/diamonds.js",
];
// Fetched at install only where this device needs them: the catalogue and rules of English and of the device's
// language (and those an older version kept: used here before); the icons of a home screen and the other languages
// when first asked for, and kept then (a cheap phone on a slow link got seven languages, 136 kB, as it opened).
const LATER = /^\/(js\/(i18n|rules)\/[\w-]+\.js|icons\/[\w-]+\.png)$/;
const LANGUAGES = SHELL.map((path) => /^\/js\/i18n\/([\w-]+)\.js$/.exec(path)?.[1]).filter(Boolean);
// The rules catalogue, the server's and the same for everyone: the list of games and each game's facts, options and
// interpretations. Kept apart from the shell (an unversioned cache, which a deploy leaves in place), a rules page or
// the home page opens offline: a rules page offline said the server could not be reached. Fetched whole as the worker
// installs (a game never opened online opens offline), taken from the network whenever it answers, and kept anew.
const RULES_CACHE = "addgames-rules";
const RULES = /^\/api\/v1\/rules(\/\w+)?$/;
const PAGES = /^\/(new(\/\w+)?|g\/[\w-]+|rules\/\w+|class\/\w+|sheets\/[\w-]+|leagues\/[\w-]+|privacy)?$/; // the app's pages: each is index.html

/** Our language for a browser's tag, as js/i18n.js picks it: a regional variant by its own tag, any other by its
 * primary subtag; or undefined. */
function ours(tag) {
  const lower = String(tag).toLowerCase();
  return LANGUAGES.find((code) => code.toLowerCase() === lower) || LANGUAGES.find((code) => code === lower.split("-")[0]);
}

/** The files of the language `code` (a regional variant's take the rest from its language's). */
const languageFiles = (code) => [...new Set([code, code.split("-")[0]])]
  .flatMap((each) => [`/js/i18n/${each}.js`, `/js/rules/${each}.js`]);

/** Fetch `path` and keep it in `cache`: its answer; throws when it is not of this version. */
async function keep(cache, path) {
  const response = await fetch(path, {cache: "no-cache"}); // revalidated: a 304 is enough
  if (!response.ok || response.headers.get("Shell-Version") !== VERSION) {
    throw new Error(`${path} is not of version ${VERSION}`);
  }
  await cache.put(path, response.clone());
  return response;
}

/** The files fetched later (LATER) that an older version's cache kept: this device used them. */
async function usedBefore() {
  const older = (await caches.keys()).filter((key) => key.startsWith(PREFIX) && key !== CACHE);
  const kept = await Promise.all(older.map((key) => caches.open(key).then((cache) => cache.keys())));
  return kept.flat().map((request) => new URL(request.url).pathname).filter((path) => LATER.test(path));
}

/** Fetch and keep the files of this version this device needs; a file of another (a deploy under way, an instance
 * still on the old one) fails the install, which the browser tries again at its next update check. */
async function fill() {
  const cache = await caches.open(CACHE);
  try {
    const device = (self.navigator.languages || [self.navigator.language]).map(ours).find(Boolean);
    const wanted = new Set([...languageFiles("en"), ...(device ? languageFiles(device) : []), ...await usedBefore()]);
    await Promise.all(SHELL.filter((path) => !LATER.test(path) || wanted.has(path)).map((path) => keep(cache, path)));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

/** The network's answer to a request for the rules catalogue, kept when it is one; offline, the one kept. */
async function latestRules(request) {
  const cache = await caches.open(RULES_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request, {ignoreVary: true})) || Response.error();
  }
}

/** The whole catalogue kept: the list of games, then each game's own. */
async function keepRules() {
  const list = await latestRules(new Request("/api/v1/rules"));
  const {games} = await list.json();
  await Promise.all(games.map(({key}) => latestRules(new Request(`/api/v1/rules/${encodeURIComponent(key)}`))));
}

// The shell must be kept whole; the catalogue, if the server answers (else it is kept as a page asks for it).
self.addEventListener("install", (event) => event.waitUntil(Promise.all([fill(), keepRules().catch(() => {})])));

// A page that reached a safe moment lets the new version take over (js/shell.js); a page tells the language it
// shows, to keep its files (the first visit's page fetched them before this worker could see it).
self.addEventListener("message", (event) => {
  if (event.data === "take over") event.waitUntil(self.skipWaiting());
  const code = event.data?.language;
  if (LANGUAGES.includes(code)) {
    event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(languageFiles(code).map(async (path) =>
      (await cache.match(path)) || keep(cache, path)))).catch(() => {})); // offline: kept when next used
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)))));
});

// The shell from this version's cache (the network only for a file the cache lost); a file fetched later (LATER)
// from the network the first time, kept when of this version and refused when of another (a deploy since: the
// page's js/load-failed.js reloads into the new version); the rules catalogue by latestRules; the rest, the API
// first, as the browser would.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (RULES.test(url.pathname) && !url.search) {
    event.respondWith(latestRules(event.request));
    return;
  }
  const path = PAGES.test(url.pathname) ? "/index.html" : url.pathname;
  if (!SHELL.includes(path)) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => (await cache.match(path))
    || (LATER.test(path) ? keep(cache, path).catch(() => Response.error()) : fetch(event.request))));
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
