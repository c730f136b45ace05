// Boot: language, header, router and the service worker.
import {html, render} from "./html.js";
import {LANGUAGES, chooseLanguage, language, startLanguage, t} from "./i18n.js";
import {flush} from "./outbox.js";
import {route, startRouter} from "./router.js";
import {listen} from "./ui.js";

function header() {
  const options = Object.entries(LANGUAGES).map(([code, name]) =>
    html`<option value="${code}" lang="${code}" ${code === language() ? "selected" : ""}>${name}</option>`);
  render(document.getElementById("top"), html`
    <a class="skip" href="#main">${t("app.skip")}</a>
    <a class="brand" href="/">${t("app.name")}</a>
    <label class="lang"><span class="sr-only">${t("app.language")}</span>
      <select id="language" data-key="language">${options}</select></label>`);
  document.getElementById("language").addEventListener("change", async (event) => {
    await chooseLanguage(event.target.value);
    header();
    document.getElementById("language").focus({preventScroll: true}); // the new header's: the user is on it
    route({inPlace: true});
  });
}

async function boot() {
  await startLanguage();
  header();
  const main = document.getElementById("main");
  listen(main);
  await startRouter(main);
  flush(); // changes queued before the page was closed or reloaded
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }
}

boot();
