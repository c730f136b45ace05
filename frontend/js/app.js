// Boot: the service worker, language, header and router; then the changes the outbox keeps.
import {html, render} from "./html.js";
import {LANGUAGES, chooseLanguage, language, setLanguage, startingLanguage, t} from "./i18n.js";
import {loadFailed} from "./load-failed.js";
import {load as loadPart} from "./loader.js";
import {flush} from "./outbox.js";
import {route, startRouter} from "./router.js";
import {allSeats} from "./seat-store.js";
import {keepLanguage, registerWorker} from "./shell.js";
import {keepPlaceWhenTurned} from "./turned.js";
import {listen} from "./ui.js";

const main = document.getElementById("main");
window.addgamesStarted = true; // this browser runs the app's code: js/too-old.js stays quiet

const top = document.getElementById("top");

/** The header: the app's name, and the language button ("English"), which opens the list of languages, each named
 * as it is written ("Deutsch"). The page changes language when one is pressed, never before: a select drew the whole
 * page anew at each arrow key that went past a language (WCAG 3.2.2), and with Tab, Enter and Space alone (a switch)
 * its list could not be moved along at all. */
function header() {
  const here = language();
  const choices = Object.entries(LANGUAGES).map(([code, name]) => html`<li><button type="button" lang="${code}"
    data-lang="${code}" ${code === here ? html`aria-current="true"` : ""}>${name}</button></li>`);
  render(top, html`
    <a class="skip" href="#main">${t("app.skip")}</a>
    <a class="brand" href="/">${t("app.name")}</a>
    <div class="lang">
      <button type="button" id="language" lang="${here}" aria-expanded="false" aria-controls="languages"
        >${LANGUAGES[here]}<span class="sr-only">, ${t("app.language")}</span><span aria-hidden="true">▾</span></button>
      <ul id="languages" class="languages" hidden>${choices}</ul></div>`);
}

/** Open or close the list of languages; closed, the focus goes back to the language button when it was in the list. */
function showLanguages(open) {
  const button = document.getElementById("language");
  const list = document.getElementById("languages");
  if (!button || !list) return;
  if (!open && list.contains(document.activeElement)) button.focus();
  button.setAttribute("aria-expanded", String(open));
  list.hidden = !open;
}

function chosenLanguage(code) {
  if (code === language()) return showLanguages(false);
  return inLanguage(code, chooseLanguage, () => {
    document.getElementById("language").focus({preventScroll: true}); // the new header's: the user is on it
    return route({inPlace: true});
  });
}

/** The header's keys and clicks, once for every header drawn: the list opens and closes, arrow keys move along it. */
function listenToHeader() {
  top.addEventListener("click", (event) => {
    if (event.target.closest("#language")) return showLanguages(document.getElementById("languages").hidden);
    const choice = event.target.closest("[data-lang]");
    if (choice) chosenLanguage(choice.dataset.lang);
  });
  top.addEventListener("keydown", (event) => {
    if (event.key === "Escape") return showLanguages(false);
    const step = {ArrowDown: 1, ArrowUp: -1}[event.key];
    if (!step || !event.target.closest("#languages")) return;
    event.preventDefault();
    const choices = Array.from(top.querySelectorAll("[data-lang]"));
    choices[(choices.indexOf(event.target) + step + choices.length) % choices.length].focus();
  });
  top.addEventListener("focusout", (event) => { // Tab past the list closes it, where it hid what the focus went to
    if (event.relatedTarget && !event.relatedTarget.closest(".lang")) showLanguages(false);
  });
  document.addEventListener("click", (event) => { // a tap anywhere else closes the list
    if (!event.target.closest?.(".lang")) showLanguages(false);
  });
}

/** The notifications of this device's seats, true to the browser's subscription and in the page's language (push.js,
 * loaded only where a seat has them on; not fetched, offline: the next start or choice of a language tries again). */
function keepNotifications() {
  if (allSeats().some((seat) => seat.push)) loadPart("push.js").then((push) => push.keepNotifying()).catch(() => {});
}

/** `load(code)` a language, then draw the header and `then()`; a language file that could not be fetched
 * shows the error screen (in that language), whose Try again does it all again. */
async function inLanguage(code, load, then) {
  try {
    await load(code);
  } catch (error) {
    return loadFailed(main, code, () => inLanguage(code, load, then), error);
  }
  header();
  keepLanguage(language());
  keepNotifications();
  return then();
}

async function boot() {
  registerWorker(); // first: whatever fails below, the app is kept for the next start, offline too
  listen(main);
  keepPlaceWhenTurned(main);
  listenToHeader();
  try {
    await inLanguage(startingLanguage(), setLanguage, () => startRouter(main));
  } finally {
    flush(); // changes queued before the page was closed or reloaded, sent even when the page failed to draw
  }
}

boot();
