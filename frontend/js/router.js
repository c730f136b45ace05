// Paths to screens. The server serves index.html for each of these paths.
import {has, language} from "./i18n.js";
import {loadFailed} from "./load-failed.js";
import {load} from "./loader.js";
import {switchedToNewer} from "./shell.js";
import {focusHeading, mount, returnKey, returnTo} from "./ui.js";

// [path, screen's module, accepts(...path parts)?]: a path its check refuses is a missing page.
const known = (game) => has(`game.${game}.name`); // a game the app knows
const ROUTES = [
  [/^\/$/, "views/home.js"],
  [/^\/new(?:\/(\w+))?$/, "views/create.js", (game) => game === undefined || known(game)],
  [/^\/g\/([\w-]+)$/, "views/match.js"],
  [/^\/rules\/(\w+)$/, "views/rules.js", known],
  [/^\/class\/(\w+)$/, "views/class-setup.js", known],
  [/^\/sheets\/([\w-]+)$/, "views/class-sheet.js"],
  [/^\/leagues\/([\w-]+)$/, "views/league.js"],
  [/^\/privacy$/, "views/privacy.js"],
];

let main = null;
let asked = 0; // the newest route() call: a screen still loading when another address is asked for is dropped

export function startRouter(element) {
  main = element;
  if (!history.state && location.pathname !== "/") {
    // Opened straight on a deep link (an invite, say): put the home page under it, so Back stays in the app.
    const here = location.pathname + location.search + location.hash;
    history.replaceState({app: true}, "", "/");
    history.pushState({app: true}, "", here);
  }
  // Back to a page: where it was scrolled to, by the screen once what it lists is drawn (returnTo), not by the
  // browser, which scrolled the page as it was before the screen was drawn again (its top).
  history.scrollRestoration = "manual";
  window.addEventListener("popstate", () => route({back: history.state}));
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    if (!link || link.target || link.hasAttribute("download") || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (link.getAttribute("href").startsWith("#")) return toPart(event, link.getAttribute("href").slice(1));
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
    event.preventDefault();
    go(url.pathname + url.hash, {from: link});
  });
  return route();
}

/** A link to a part of the page (*Skip to content*): the focus goes there, without the history entry the browser would
 * make, whose popstate drew the screen anew, at its top, losing what was typed in it. */
function toPart(event, id) {
  const part = document.getElementById(id);
  if (!part) return;
  event.preventDefault();
  part.focus();
  part.scrollIntoView();
}

/** Show `path`, in place of this page in the history (`replace`) or after it: then Back comes here again, where the
 * page was scrolled to, and to the link followed `from` when the screen gives that the focus back (ui.returnKey). */
export function go(path, {replace = false, from = null} = {}) {
  if (!replace) history.replaceState({...history.state, scroll: window.scrollY, focus: returnKey(from)}, "");
  history[replace ? "replaceState" : "pushState"]({app: true}, "", path);
  return route();
}

/** Change the address in place, without showing another screen: a reload then shows what the screen shows now. */
export function replaceAddress(path) {
  history.replaceState({app: true}, "", path);
}

/** Show the screen for the current address: a new page starts at its top, the focus on its heading (one gone `back`
 * to, where it was left, scrolled and the link followed from it focused, when its screen says so: see ui.returnTo);
 * the same page shown again in another language (`inPlace`) leaves the focus on the switcher that changed it, and takes
 * over what the screen was doing (a move half made: see ui.mount). A new page is the safe moment to switch
 * to a newer version of the app (js/shell.js): the page then loads afresh at the new address. */
export async function route({inPlace = false, back = null} = {}) {
  const mine = ++asked;
  if (!inPlace && await switchedToNewer()) return;
  mendAddress();
  const [screen, parts] = screenFor(location.pathname);
  let module;
  try {
    module = await load(screen); // the first time, over the network: a link followed meanwhile wins
    await module.prepare?.(); // a part the screen needs for this address (home: a moving link's module), fetched too
  } catch (error) {
    if (mine === asked) loadFailed(main, language(), () => route({inPlace}), error);
    return;
  }
  if (mine !== asked) return;
  mount(main, module.default(...parts), {again: inPlace});
  if (!inPlace) {
    focusHeading();
    window.scrollTo(0, 0);
    if (back?.scroll || back?.focus) returnTo(back);
  }
}

const MISSING = "views/missing.js";
const NOT_SECRET = /[^\w-]/g; // seat and invite secrets, and moving links, are base64url: nothing else is part of them

/** The address mended in place of what the message that carried it added: the full stop or bracket of the sentence
 * a link ends, a space (encoded or not) where a mail client broke the line, a # sent encoded (%23). A path no screen
 * takes loses them when a screen takes what is left; secrets lose every character they never hold. */
function mendAddress() {
  let [path, hash] = [location.pathname, location.hash];
  if (screenFor(path)[0] === MISSING) {
    const [tidied, ...after] = decoded(path).replace(/\s+/g, "").split("#");
    const candidate = tidied.replace(/[^\w/-]+$/, "");
    if (screenFor(candidate)[0] !== MISSING) [path, hash] = [candidate, hash || (after.length ? `#${after.join("#")}` : "")];
  }
  hash = hash.replace(/\b(seat|invite|move)=([^&]*)/g, (_, key, value) => `${key}=${decoded(value).replace(NOT_SECRET, "")}`);
  if (hash !== location.hash || path !== location.pathname) history.replaceState(history.state, "", path + location.search + hash);
}

function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a stray % of the message's, not an escape: left as it is
  }
}

/** [the screen's module, the parts of the path it takes]: a path no route accepts is a missing page. */
function screenFor(path) {
  for (const [pattern, screen, accepts = () => true] of ROUTES) {
    const match = pattern.exec(path);
    if (match && accepts(...match.slice(1))) return [screen, match.slice(1)];
  }
  return [MISSING, []];
}
