// Boot: the service worker, language, header and router; then the changes the outbox keeps.
import {html, render} from "./html.js";
import {LANGUAGES, chooseLanguage, language, setLanguage, startingLanguage, t} from "./i18n.js";
import {loadFailed} from "./load-failed.js";
import {load as loadPart} from "./loader.js";
import {flush} from "./outbox.js";
import {route, startRouter} from "./router.js";
import {allSeats} from "./seat-store.js";
import {registerWorker} from "./shell.js";
import {listen} from "./ui.js";

const main = document.getElementById("main");
window.addgamesStarted = true; // this browser runs the app's code: js/too-old.js stays quiet

function header() {
  const options = Object.entries(LANGUAGES).map(([code, name]) =>
    html`<option value="${code}" lang="${code}" ${code === language() ? "selected" : ""}>${name}</option>`);
  render(document.getElementById("top"), html`
    <a class="skip" href="#main">${t("app.skip")}</a>
    <a class="brand" href="/">${t("app.name")}</a>
    <label class="lang"><span class="sr-only">${t("app.language")}</span>
      <select id="language" data-key="language">${options}</select></label>`);
  document.getElementById("language").addEventListener("change", (event) => inLanguage(event.target.value,
    chooseLanguage, () => {
      document.getElementById("language").focus({preventScroll: true}); // the new header's: the user is on it
      return route({inPlace: true});
    }));
}

/** The notifications of this device's seats in the page's language (push.js, loaded only where a seat has them on;
 * not fetched, offline: the next start or choice of a language tries again). */
function notificationsInLanguage() {
  if (allSeats().some((seat) => seat.push)) loadPart("push.js").then((push) => push.notifyInLanguage()).catch(() => {});
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
  notificationsInLanguage();
  return then();
}

async function boot() {
  registerWorker(); // first: whatever fails below, the app is kept for the next start, offline too
  listen(main);
  try {
    await inLanguage(startingLanguage(), setLanguage, () => startRouter(main));
  } finally {
    flush(); // changes queued before the page was closed or reloaded, sent even when the page failed to draw
  }
}

boot();
