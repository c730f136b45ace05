// Home: the five games and the matches this device has a seat in.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {load as loadPart} from "../loader.js";
import {loadingOr, mergeActions, retrying} from "../ui.js";
import {disclosure} from "./disclosure.js";
import {codeEntry} from "./join-code.js";
import {keepsAny, myGames, turnsSaid} from "./my-games.js";
import {gameFacts, gameName} from "./words.js";

// *Move everything to a new device* (views/move.js, with the Share and Copy of its link and what they import: 5 modules,
// 24 kB) is fetched when it is opened, or when a moving link (#move=) opens this page or what it moved is said here:
// a first visit, with nothing to move, waited for it on a slow phone (README: "Served cheaply").
const fetchMove = () => loadPart("views/move.js");
let move = null; // that module, once fetched: kept for the page's life, as the browser keeps it

/** Before the page is drawn (router.js): the module of a moving link that opened it, or of what it moved, said here. */
export async function prepare() {
  if (location.hash.startsWith("#move=") || history.state?.moved) move ??= await fetchMove();
}

function gameCard(game) {
  // Said with each link, which its card shows above it: a screen reader's list of links read "New match" five times
  const which = html`<span class="sr-only"> (${gameName(game.key)})</span>`;
  return html`
    <li class="game-card game-${game.key}">
      <h3>${gameName(game.key)}</h3>
      <p>${t(`game.${game.key}.summary`)}</p>
      <p class="facts">${gameFacts(game)}</p>
      <p class="actions">
        <a class="button primary" href="/new/${game.key}">${t("home.new")}${which}</a>
        <a class="button" href="/rules/${game.key}" data-key="computer-${game.key}">${t("computer.title")}${which}</a>
        <a class="button" href="/rules/${game.key}">${t("home.rules")}${which}</a>
      </p>
    </li>`;
}

/** The tab says how many matches wait for this player, as a match's tab says its turn, and apart from them the late
 * turns it may skip, in the words My games lists them with: "● Your turn in 2 matches · A late turn you may skip". */
function title(counts) {
  const said = turnsSaid(counts);
  return said ? `● ${said} · ${t("app.name")}` : t("app.name");
}

/** The panel that moves this device's matches to a new one: its button, and once opened (`open`) its link, when its
 * module has come, else what it waits for (`failed`: it could not be fetched). */
function moveSection(open, failed, current) {
  if (!keepsAny()) return "";
  const body = move ? move.movePanel(current) : failed ? html`<p class="error">${t("error.networkTryAgain")}</p>
    <p class="actions"><button type="button" data-action="loadMove" data-key="move-again">${t("app.tryAgain")}</button></p>`
    : html`<p>${t("app.loading")}</p>`;
  return disclosure("move", open, t("move.open"), open ? body : "");
}

export default function home() {
  move?.takeMoved(); // opened by the link that moves an old device's matches here: kept, and said below
  let moving = false; // the link that moves this device's matches to a new one, shown
  let moveFailed = false; // its module could not be fetched
  const screen = {
    games: null,
    error: null,
    mine: myGames(() => screen.repaint()),
    code: codeEntry(() => screen.repaint()),
    fallbackFocus: "#mine-list, #games-title", // a removed match's button gone: its list, or the games when none is left
    render() {
      document.title = title(screen.mine.turns());
      // My games before Join with a code: a player back the next day found the code's form on the first screen and
      // their match under it, out of sight with large text (none listed, the form comes straight after the lead)
      return html`
        <h1>${t("home.title")}</h1>
        <p class="lead">${t("home.lead")}</p>
        ${move?.movedNote() ?? ""}
        ${screen.mine.render()}
        ${moveSection(moving, moveFailed, screen.notice)}
        ${screen.code.render()}
        <h2 id="games-title" tabindex="-1">${t("home.games")}</h2>
        ${screen.games ? html`<ul class="games">${screen.games.map(gameCard)}</ul>` : loadingOr(screen.error)}
        <footer class="links"><a href="/privacy" data-key="privacy-link">${t("privacy.link")}</a></footer>`;
    },
    start() {
      screen.mine.start();
      load();
    },
    settled: () => screen.mine.settled(), // what a Back to this page scrolls through: its My games
    backFocus: "#mine-list", // a match opened from there has its entry focused again by Back (ui.returnTo)
    revive() {
      screen.mine.refresh();
      if (!screen.games) load();
      if (moving && !move) loadMove();
    },
    stop() {
      screen.mine.stop();
    },
  };
  async function loadMove() {
    try {
      move ??= await fetchMove();
      moveFailed = false;
    } catch {
      moveFailed = true; // said in the panel, with Try again; asked again by itself when the network comes back
    }
    screen.repaint();
  }
  const later = (name) => (button) => move.moveActions(screen)[name](button); // drawn only once move.js has come
  screen.actions = mergeActions({forget: (el) => screen.mine.forget(el.dataset.id)}, screen.mine.actions, screen.code.actions,
    {share: later("share"), copy: later("copy"), loadMove}, { // the moving link's Share and Copy
      toggle() {
        moving = !moving;
        screen.repaint();
        if (moving && !move) loadMove();
      },
    });
  const load = retrying(screen, async () => {
    screen.games = await api.rules();
  }, () => t("error.network"));
  return screen;
}
