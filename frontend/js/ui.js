// Screens: one mounted at a time in <main>; clicks and forms reach its actions by data attributes.
import {retryDelay, serverFailed} from "./api.js";
import {html, render} from "./html.js";
import {t} from "./i18n.js";
import {onceText, problemText, unreferenced} from "./views/words.js";

const RETRY_MS = 5000; // a screen that could not load what it shows asks again by itself, besides on "online"

let current = null;
let root = null;
let errorsSaid = new Set(); // the errors the screen shows, said once each (see sayNewErrors)
let notesSaid = new Set(); // the notes the screen shows, said once each (see sayNewNotes)
let headingWanted = false; // a new page's heading takes the focus once drawn (see focusHeading)
let noted = null; // the notes said in this task, which what announce() says after them joins (see sayNewNotes)
let returnWanted = null; // where the page gone back to was left, {scroll, focus}, until its screen has drawn it (returnTo)

/** Mount `screen` = {render(), actions?, start?(), stop?(), fallbackFocus?, carry?(), resume?(carried), settled?(),
 * backFocus? (see returnTo)} into `element`. The same page drawn `again` (in another language) resumes what the
 * screen it replaces carries over: a move half made. */
export function mount(element, screen, {again = false} = {}) {
  const carried = again ? current?.carry?.() : undefined;
  current?.stop?.();
  current = screen;
  root = element;
  errorsSaid = new Set();
  notesSaid = new Set();
  headingWanted = false;
  returnWanted = null;
  screen.repaint = () => paint(screen);
  if (carried !== undefined) screen.resume?.(carried);
  paint(screen);
  screen.start?.();
}

function paint(screen) {
  if (screen !== current) return;
  const active = document.activeElement;
  const inside = active !== root && root.contains(active); // focus on a part of the screen, which the render replaces
  const key = active?.closest?.("[data-key]")?.dataset.key;
  const seen = inside && shownAtAll(active); // a focus the player saw, which the repaint must not push out of sight
  const caret = inside && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  const scrolled = scrolledBoxes();
  render(root, screen.render());
  keepScrolls(scrolled);
  const heading = root.querySelector("h1");
  if (heading) { // focusable by script alone, and found again by refocus after a repaint
    heading.tabIndex = -1;
    heading.dataset.key ||= "heading";
  }
  if (inside) refocus(screen, key, seen);
  if (caret) keepCaret(key, caret);
  takeHeading();
  takeReturn(screen);
  sayNewErrors();
  sayNewNotes();
  screen.painted?.(root);
}

/** The scroll boxes that keep their place over a repaint (`data-keep-scroll`: the move log) and are scrolled from
 * their top, by data-key. */
function scrolledBoxes() {
  return [...root.querySelectorAll("[data-keep-scroll]")].filter((box) => box.scrollTop > 0)
    .map((box) => ({key: box.dataset.key, top: box.scrollTop, fromFoot: box.scrollHeight - box.scrollTop}));
}

/** The boxes scrolled before a repaint scrolled as they were, not back at their top: a player reading a long log's
 * first moves was thrown back to the latest at each poll's news. A box drawn anew with `data-keep-scroll="foot"` keeps its
 * distance from the foot (the move log grows at its top: the entries read stay in place), else from its top. */
function keepScrolls(scrolled) {
  for (const {key, top, fromFoot} of scrolled) {
    const box = root.querySelector(`[data-key="${CSS.escape(key)}"][data-keep-scroll]`);
    if (box) box.scrollTop = box.dataset.keepScroll === "foot" ? box.scrollHeight - fromFoot : top;
  }
}

/** Say an error (`.error`) the screen shows once, when it appears, through the page's alert region (#alert), which
 * outlives every repaint: an error drawn with role="alert" was said again by each repaint that drew it anew (a card
 * picked, each poll failing offline). In the error's own language: "This page could not open" has its own words. */
function sayNewErrors() {
  const region = document.getElementById("alert");
  const shown = [...root.querySelectorAll(".error")].map((element) => [words(element), element]);
  const fresh = shown.find(([text]) => !errorsSaid.has(unreferenced(text)));
  errorsSaid = new Set(shown.map(([text]) => unreferenced(text)));
  if (!region || (shown.length && !fresh)) return;
  region.textContent = ""; // none left, or a new one: the same words shown again later are said again
  if (!fresh) return;
  region.lang = fresh[1].closest("[lang]")?.lang ?? "";
  region.textContent = fresh[0];
  root.querySelector('[aria-invalid="true"]')?.focus(); // the field in error, where the button pressed lost the focus
}

/** An element's words as a screen reader reads them: its text, without the parts hidden from it (a ✓ drawn beside
 * words that say it). */
export function spoken(element) {
  const copy = element.cloneNode(true);
  copy.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
  return words(copy);
}

const words = (element) => element.textContent.replace(/\s+/g, " ").trim();

/** Say a note the screen shows (`[data-say]`: a link copied, a change sent late, a seat shown on another device)
 * once, when it appears or its words change, through the page's polite region (#announce). Drawn as a live region of
 * its own (role="status"), a note was drawn anew, and said again, at each repaint (each poll's news, each card
 * picked). `data-say` may name the note, when its words change without news ("5 minutes ago", then "6 minutes ago"). */
function sayNewNotes() {
  const shown = [...root.querySelectorAll("[data-say]")].map((element) => [element.dataset.say || spoken(element), element]);
  const fresh = shown.filter(([name]) => !notesSaid.has(name)).map(([, element]) => spoken(element)).filter(Boolean);
  notesSaid = new Set(shown.map(([name]) => name));
  if (!fresh.length) return;
  noted = null;
  announce(fresh.join(" "));
  noted = fresh.join(" "); // what the screen says next in this task (a move's news) is said with them, not instead
  queueMicrotask(() => { noted = null; });
}

/** A new page (the router's): the focus goes to its heading (h1), where a screen reader starts reading the page by its
 * name, rather than to <main>, read whole or not at all; to <main> meanwhile, when the screen draws its heading only
 * once what it shows has loaded (a match's page opened without its game known here). */
export function focusHeading() {
  headingWanted = true;
  root.focus({preventScroll: true});
  takeHeading();
}

function takeHeading() {
  if (!headingWanted) return;
  const waiting = document.activeElement === root || document.activeElement === document.body;
  const heading = waiting && root.querySelector("h1");
  if (waiting && !heading) return; // not drawn yet
  headingWanted = false; // the person moved on meanwhile (a link, a field), or the heading has it now
  heading?.focus({preventScroll: true});
}

/** The data-key of `link`, followed from this screen, when a Back gives it the focus again (see returnTo): a link
 * in the part of the screen its `backFocus` selects (My games' list), else none. */
export function returnKey(link) {
  return (current?.backFocus && link?.closest(current.backFocus) && link.dataset.key) || null;
}

/** What a player scrolls, touches, clicks or types with: after one, the page is where they took it, and a scroll
 * the page meant to make for them (a Back's, returnTo; a turn's second, views/play.js) is not made. */
export const PLAYER_INPUTS = ["wheel", "touchstart", "pointerdown", "keydown"];

/** Back to a page scrolled to `scroll`, left by the link keyed `focus` (the router's, from returnKey): scrolled there
 * again once its screen says that what it lists is drawn (`settled()`: My games' first answer, asked again on every
 * visit), so that the player finds the match they opened where they left it in a list of dozens (it showed the top of
 * the page); and that match's link takes the focus from the heading, where a keyboard tabbed through dozens of
 * entries again, and a screen reader started over at the page's name. A screen without `settled` starts at its top
 * and heading; a player who scrolls or types before the list comes keeps where they went. */
export function returnTo({scroll = 0, focus = null}) {
  if (!current?.settled) return;
  returnWanted = {scroll, focus};
  takeReturn(current);
  if (returnWanted !== null) PLAYER_INPUTS.forEach((kind) => addEventListener(kind, dropReturn, {once: true}));
}

function dropReturn() {
  returnWanted = null;
}

function takeReturn(screen) {
  if (returnWanted === null || !screen.settled?.()) return;
  const {scroll, focus} = returnWanted;
  returnWanted = null;
  window.scrollTo(0, scroll);
  const link = focus && root.querySelector(`[data-key="${CSS.escape(focus)}"]`);
  const unmoved = [root, document.body, root.querySelector("h1")].includes(document.activeElement);
  if (link && unmoved) focusWhole(link, link); // a match gone meanwhile: the heading keeps it
}

/** Focus the element with the same data-key again; disabled, the one its `data-disabled-focus` names (a replay's
 * *Previous* at the first step: the slider beside it); gone or disabled (a move sent, a card played),
 * the screen's `fallbackFocus` (a selector), rather than <body>, where the next Tab starts from the top. The same
 * element focused again does not scroll: a phone scrolled down to its hand stays there while the status line above
 * holds the focus. Unless it was `seen` and what the repaint drew above it pushed it off the screen (ADD'EM's "Show me
 * a sum", pressed at the foot of a zoomed page, under the sum it picked): then just enough to show it again. The
 * fallback scrolls only when it is out of sight (the focus was at the foot of the page, on "Yes, resign"): a focus no
 * one can see is lost. */
function refocus(screen, key, seen) {
  const still = {preventScroll: true};
  const byKey = (name) => root.querySelector(`[data-key="${CSS.escape(name)}"]`);
  const drawn = key && byKey(key);
  const again = drawn?.disabled && drawn.dataset.disabledFocus ? byKey(drawn.dataset.disabledFocus) : drawn;
  again?.focus(still);
  if (again && seen && document.activeElement === again && !inSight(again)) bringBack(again);
  if (document.activeElement !== document.body || !screen.fallbackFocus) return;
  const fallback = root.querySelector(screen.fallbackFocus);
  fallback?.focus(still);
  if (fallback && !inSight(fallback)) fallback.scrollIntoView({block: "nearest"});
}

/** The focus on a question just asked (the element `id`, its words), in sight with its answers. */
export function focusQuestion(id) {
  const question = document.getElementById(id);
  if (question) focusWhole(question, question.closest(".confirm") || question);
}

/** The focus on `element`, with all of `whole` (the question or form it opens) in sight: focused alone, words or a
 * field drawn on the screen's last line did not scroll the page, and "Yes" and "Cancel", or "Save", stayed under its
 * foot (a tablet held upright asked "Resign?", opened "Change my name"). */
export function focusWhole(element, whole) {
  element.focus({preventScroll: true});
  if (!inSight(whole)) bringBack(whole);
}

/** Scroll just enough to show `element` whole: "nearest" alone left a fraction of a pixel of it under the screen's
 * foot when its edge fell between two pixels (the page scrolls by whole ones): then one pixel more. */
export function bringBack(element) {
  element.scrollIntoView({block: "nearest"});
  const below = element.getBoundingClientRect().bottom - window.innerHeight;
  if (below > 0 && below < 1) window.scrollBy(0, 1);
}

/** The field drawn anew under the player's typing (a poll's repaint) gets the caret where it was: a new field's is at
 * its start, and the rest of a join code typed went in front of what was typed ("-59TBJ3"). */
function keepCaret(key, [start, end]) {
  const field = document.activeElement;
  if (field?.dataset.key === key && typeof field.selectionStart === "number") field.setSelectionRange(start, end);
}

export function inSight(element) {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

/** Whether any of `element` shows on the screen (a button half under the screen's foot is seen). */
export function shownAtAll(element) {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
}

/** Start the screen's one change in flight: false when another is on its way. While `screen.busy`, the
 * screen draws its buttons disabled; whoever ends the change sets it back. */
export function begin(screen) {
  if (screen.busy) return false;
  screen.busy = true;
  screen.error = null;
  return true;
}

/** `load()` for `screen`, its failure's reason in `screen.error` (`errorText(error)`), asked again RETRY_MS (or the
 * server's Retry-After) after a failure worth another try (no answer, or the server failed) for as long as the screen is shown: the browser's
 * "online" event (`revive`) often never comes, as when the phone kept a network that answers nothing. */
export function retrying(screen, load, errorText = problemText) {
  let timer = null;
  async function run() {
    clearTimeout(timer);
    if (screen !== current) return; // left meanwhile
    try {
      await load();
      screen.error = null;
    } catch (error) {
      screen.error = errorText(error);
      if (serverFailed(error)) timer = setTimeout(run, retryDelay(error, RETRY_MS));
    }
    screen.repaint();
  }
  return run;
}

/** What a screen shows before what it loads came: its reason, said at once, when loading failed. */
export const loadingOr = (error) => (error ? html`<p class="error">${error}</p>` : html`<p>${t("app.loading")}</p>`);

/** Run `call()` as the screen's one change in flight and answer its result; undefined when another change
 * was on its way or this one failed: then its reason is in `screen.error` and `failed(error)` is told. */
export async function attempt(screen, call, failed) {
  if (!begin(screen)) return undefined;
  screen.repaint();
  try {
    const result = await call();
    screen.busy = false;
    return result;
  } catch (error) {
    screen.busy = false;
    screen.error = onceText(error);
    failed?.(error);
    screen.repaint();
    return undefined;
  }
}

/** The actions of several parts of a screen as one namespace: two parts naming the same action is a mistake,
 * thrown at once, never one silently replacing the other. */
export function mergeActions(...groups) {
  const merged = {};
  for (const group of groups) {
    for (const [name, action] of Object.entries(group)) {
      if (Object.prototype.hasOwnProperty.call(merged, name)) throw new Error(`Two parts of the screen define the action "${name}".`);
      merged[name] = action;
    }
  }
  return merged;
}

/** A control's attributes and words: the same for the same control drawn again. */
const looks = (control) => JSON.stringify([Array.from(control.attributes, (a) => [a.name, a.value]), control.textContent]);

/** The second click of a double click (a child's fast double tap) on a control that turns something on and off: it
 * turned the card picked straight off again, as if the tap did nothing. */
const tappedAgain = (target, event) => event.type === "click" && event.detail > 1
  && (target.hasAttribute("aria-pressed") || target.hasAttribute("aria-expanded"));

function activate(target, event) {
  if (target.disabled || target.getAttribute("aria-disabled") === "true") return;
  event.preventDefault();
  if (tappedAgain(target, event)) return;
  if (target.getAttribute("role") === "radio") {
    if (target.getAttribute("aria-checked") === "true") return; // chosen already, as a radio button does nothing
    for (const other of radiosBeside(target)) other.setAttribute("aria-checked", String(other === target));
  }
  act(target.dataset.action, target, event);
}

/** The radio buttons of `radio`'s group, itself among them. */
const radiosBeside = (radio) => Array.from(radio.closest('[role="radiogroup"]')?.querySelectorAll('[role="radio"]') ?? [radio]);

const ARROWS = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};

/** An arrow key on a choice of a group picks the next one (or the one before), as on native radio buttons. */
function arrowed(event) {
  const step = ARROWS[event.key];
  const radio = step && event.target.closest?.('[role="radio"]');
  if (!radio || event.altKey || event.ctrlKey || event.metaKey) return false;
  const radios = radiosBeside(radio).filter((each) => !each.disabled);
  const next = radios[(radios.indexOf(radio) + step + radios.length) % radios.length];
  event.preventDefault();
  next.focus();
  next.click();
  return true;
}

/** A choice among `choices` ([{value, label}]) under `legend`: a group of radio buttons, each a <button> Tab reaches
 * and Enter or Space picks (native radio buttons change with arrow keys only, and a select's list moves with them
 * only: a switch, or a keyboard used without them, could not change either); arrow keys move along the group too.
 * Picking one calls the screen's `action` with the button, whose `value` and data attributes (`data`: {name: value})
 * it reads, as it read a radio button's or a select's. `key` begins each button's data-key. With `named`, each
 * button's name (aria-label) ends with the legend, after the words it shows ("3, Number of players"), where two groups of a
 * screen show the same words (a seat count and a count of missed turns; "A friend" for each seat): a voice user says
 * the one they mean. */
export function choiceGroup({legend, choices, chosen, action, key, data = {}, named = false}) {
  const attrs = Object.entries(data).map(([name, value]) => html` data-${name}="${value}"`);
  const name = (label) => (named ? html` aria-label="${label}, ${legend}"` : "");
  return html`<fieldset class="choices" role="radiogroup"><legend>${legend}</legend>
    ${choices.map(({value, label}) => html`<button type="button" role="radio" class="choice" value="${value}"
      aria-checked="${String(String(value) === String(chosen))}" data-action="${action}" data-key="${key}-${value}"${attrs}
      ${name(label)}>${label}</button>`)}
  </fieldset>`;
}

function act(name, element, event) {
  const action = current?.actions?.[name];
  if (action) action(element, event);
}

// A screen that loads something may define revive(): called when the network comes back.
window.addEventListener("online", () => current?.revive?.());

export function listen(element) {
  // A repaint (a poll's answer, say) between a press and its release replaces the control pressed, and the
  // browser then sends no click: the release on the same control drawn again stands for it.
  let pressed = null; // the control a press began on, and what it looked like
  let released = null; // the control the release already acted on: the click the browser may still send is its
  element.addEventListener("pointerdown", (event) => {
    const target = event.button === 0 ? event.target.closest?.("[data-action]") : null; // a click's button, or a touch
    pressed = target ? {target, looks: looks(target)} : null;
    released = null;
  });
  element.addEventListener("pointerup", (event) => {
    const target = event.target.closest?.("[data-action]");
    const redrawn = pressed && !pressed.target.isConnected && target && looks(target) === pressed.looks;
    pressed = null;
    if (redrawn) {
      released = target;
      activate(target, event);
    }
  });
  element.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (target && target === released) return; // done at its release
    if (target && element.contains(target)) activate(target, event);
  });
  element.addEventListener("keydown", (event) => {
    released = null; // a click the keyboard makes next is its own
    if (arrowed(event)) return;
    const escape = event.key === "Escape" && event.target.closest?.("[data-escape]"); // a question's Cancel
    if (escape && element.contains(escape)) {
      event.preventDefault();
      return act(escape.dataset.escape, escape, event);
    }
    const target = event.target.closest?.("[data-action]");
    if (!target || target.tagName === "BUTTON" || target.tagName === "A") return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    }
  });
  element.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-submit]");
    if (!form) return;
    event.preventDefault();
    act(form.dataset.submit, form, event);
  });
  for (const kind of ["input", "change"]) {
    element.addEventListener(kind, (event) => {
      const name = event.target.dataset?.[kind];
      if (name) act(name, event.target, event);
    });
  }
}

/** Say something to screen readers without moving focus, through the page's polite region (#announce), after the
 * notes the repaint that called it said (see sayNewNotes). */
export function announce(text) {
  const region = document.getElementById("announce");
  if (region) region.textContent = noted ? `${noted} ${text}` : text;
}
