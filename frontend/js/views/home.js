// Home: the five games and the matches this device has a seat in.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {loadingOr, mergeActions, retrying} from "../ui.js";
import {inviteActions} from "./invite.js";
import {codeEntry} from "./join-code.js";
import {movePanel, movedNote, takeMoved} from "./move.js";
import {myGames, turnsSaid} from "./my-games.js";
import {gameName} from "./words.js";

function gameCard(game) {
  const players = game.players.min === game.players.max ? game.players.min : `${game.players.min}–${game.players.max}`;
  // Said with each link, which its card shows above it: a screen reader's list of links read "New match" five times
  const which = html`<span class="sr-only"> (${gameName(game.key)})</span>`;
  return html`
    <li class="game-card game-${game.key}">
      <h3>${gameName(game.key)}</h3>
      <p>${t(`game.${game.key}.summary`)}</p>
      <p class="facts">${t("home.players", {players})} · ${t("home.age", {age: game.age})} · ${t("home.minutes", {minutes: game.minutes})}</p>
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

export default function home() {
  takeMoved(); // opened by the link that moves an old device's matches here: kept, and said below
  let moving = false; // the link that moves this device's matches to a new one, shown
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
        ${movedNote()}
        ${screen.mine.render()}
        ${movePanel(moving, screen.notice)}
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
    },
    stop() {
      screen.mine.stop();
    },
  };
  screen.actions = mergeActions({forget: (el) => screen.mine.forget(el.dataset.id)}, screen.mine.actions, screen.code.actions,
    inviteActions(screen), { // the moving link's Share and Copy
      toggle() {
        moving = !moving;
        screen.repaint();
      },
    });
  const load = retrying(screen, async () => {
    screen.games = await api.rules();
  }, () => t("error.network"));
  return screen;
}
