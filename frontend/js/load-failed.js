// When a part of the app could not be fetched (a screen's or a language's module: no connection, or a
// deploy replaced the files since the page loaded): a screen that says so with Try again, instead of a
// blank or half-drawn page. When the server runs another version than the page, the page's modules
// no longer match it: the page reloads once instead, never in a loop.
import {serverShellVersion} from "./api.js";
import {html} from "./html.js";
import {OWN_VERSION} from "./shell.js";
import {mount} from "./ui.js";

// Here rather than in i18n/: the language's own file may be the part that could not be fetched.
const WORDS = {
  en: {title: "This page could not open",
    text: "Part of the app did not arrive. Maybe there is no connection, or the app just got a new version. "
      + "Check the connection, then try again.",
    retry: "Try again"},
  fr: {title: "Cette page n'a pas pu s'ouvrir",
    text: "Une partie de l'application n'est pas arrivée. Peut-être qu'il n'y a pas de connexion, ou que "
      + "l'application vient de changer de version. Vérifiez la connexion, puis réessayez.",
    retry: "Réessayer"},
  es: {title: "Esta página no se pudo abrir",
    text: "Una parte de la aplicación no ha llegado. Quizá no hay conexión, o la aplicación acaba de cambiar "
      + "de versión. Revisa la conexión y vuelve a intentarlo.",
    retry: "Volver a intentarlo"},
  it: {title: "Questa pagina non si è aperta",
    text: "Una parte dell'app non è arrivata. Forse manca la connessione, o l'app ha appena cambiato "
      + "versione. Controlla la connessione, poi riprova.",
    retry: "Riprova"},
  de: {title: "Diese Seite ließ sich nicht öffnen",
    text: "Ein Teil der App ist nicht angekommen. Vielleicht gibt es keine Verbindung, oder die App hat gerade "
      + "eine neue Version bekommen. Prüfe die Verbindung und versuche es dann noch einmal.",
    retry: "Noch einmal versuchen"},
  nl: {title: "Deze pagina kon niet openen",
    text: "Een deel van de app is niet aangekomen. Misschien is er geen verbinding, of heeft de app net een "
      + "nieuwe versie gekregen. Controleer de verbinding en probeer het dan opnieuw.",
    retry: "Opnieuw proberen"},
  pt: {title: "Esta página não abriu",
    text: "Uma parte da aplicação não chegou. Talvez não haja ligação, ou a aplicação acabou de mudar de "
      + "versão. Verifica a ligação e tenta outra vez.",
    retry: "Tentar outra vez"},
  "pt-BR": {title: "Esta página não abriu",
    text: "Uma parte do aplicativo não chegou. Talvez não haja conexão, ou o aplicativo acabou de mudar de "
      + "versão. Verifique a conexão e tente de novo.",
    retry: "Tentar de novo"},
};
const RELOADED = "addgames.reloadedFor"; // the server's version this tab already reloaded for
const FIRST_RETRY_MS = 2000; // then twice as long after each failure, as the poller does
const MAX_RETRY_MS = 30000;
let shown = null; // the failure on the page now: {element, code, wait, timer, quiet}

/** Show in `element`, in the language `code`, that a module could not load, with Try again (`retry()`, also when
 * the browser's network comes back, and by itself after a back-off: a network can come back without saying so);
 * or reload the page, once per version of the server, when the server runs another version. A module this browser
 * could not read (`error` a SyntaxError: newer JavaScript than it knows) would fail again for ever: the page says
 * instead that the browser is too old (js/too-old.js). */
export async function loadFailed(element, code, retry, error = null) {
  if (error instanceof SyntaxError && window.addgamesTooOld) {
    const words = window.addgamesTooOld.words();
    document.title = words.title;
    mount(element, {render: () => html`<div lang="${words.code}"><h1>${words.title}</h1>
      <p class="error">${words.text}</p></div>`});
    return element.focus({preventScroll: true});
  }
  if (await reloadedForNewer()) return;
  // Tried again by itself and failed again: said already, so not drawn (nor said) anew, but tried again later.
  if (shown?.quiet && shown.element === element && shown.code === code) return later(shown);
  const words = WORDS[code] || WORDS.en;
  const failure = {element, code, wait: FIRST_RETRY_MS, timer: null, quiet: false};
  const quietly = () => {
    failure.quiet = true;
    retry();
  };
  failure.retry = quietly;
  document.title = words.title;
  mount(element, {
    render: () => html`<div lang="${code}"><h1>${words.title}</h1><p class="error">${words.text}</p>
      <p><button type="button" class="primary" data-action="retry" data-key="retry">${words.retry}</button></p></div>`,
    actions: {retry: () => { // a tap: failing again is said again
      failure.quiet = false;
      retry();
    }},
    start() {
      shown = failure;
      window.addEventListener("online", quietly); // the network back: tried again without a tap
      later(failure);
    },
    stop() {
      clearTimeout(failure.timer);
      if (shown === failure) shown = null;
      window.removeEventListener("online", quietly);
    },
  });
  element.focus({preventScroll: true});
}

/** Try `failure` again by itself after its back-off, which doubles for the next time. */
function later(failure) {
  clearTimeout(failure.timer);
  failure.timer = setTimeout(failure.retry, failure.wait);
  failure.wait = Math.min(failure.wait * 2, MAX_RETRY_MS);
}

async function reloadedForNewer() {
  const server = await serverShellVersion().catch(() => null); // offline: there is nothing to reload from
  if (!server || server === OWN_VERSION || sessionStorage.getItem(RELOADED) === server) return false;
  sessionStorage.setItem(RELOADED, server);
  location.reload();
  return true;
}
