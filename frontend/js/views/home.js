// Home: the five games and the matches this device has a seat in.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {myGames} from "./my-games.js";
import {gameName} from "./words.js";

function gameCard(game) {
  const players = game.players.min === game.players.max ? game.players.min : `${game.players.min}–${game.players.max}`;
  return html`
    <li class="game-card game-${game.key}">
      <h3>${gameName(game.key)}</h3>
      <p>${t(`game.${game.key}.summary`)}</p>
      <p class="facts">${t("home.players", {players})} · ${t("home.age", {age: game.age})} · ${t("home.minutes", {minutes: game.minutes})}</p>
      <p class="actions">
        <a class="button primary" href="/new/${game.key}">${t("home.new")}</a>
        <a class="button" href="/rules/${game.key}" data-key="computer-${game.key}">${t("computer.title")}</a>
        <a class="button" href="/rules/${game.key}">${t("home.rules")}</a>
      </p>
    </li>`;
}

const RETRY_MS = 5000; // a failed load asks again by itself, besides on the "online" event

export default function home() {
  let retry = null;
  const screen = {
    games: null,
    error: null,
    mine: myGames(() => screen.repaint()),
    fallbackFocus: "#mine-list, #games-title", // a removed match's button gone: its list, or the games when none is left
    render() {
      document.title = t("app.name");
      return html`
        <h1>${t("home.title")}</h1>
        <p class="lead">${t("home.lead")}</p>
        ${screen.mine.render()}
        <h2 id="games-title" tabindex="-1">${t("home.games")}</h2>
        ${screen.error ? html`<p class="error" role="alert">${screen.error}</p>` : ""}
        ${screen.games ? html`<ul class="games">${screen.games.map(gameCard)}</ul>` : html`<p>${t("app.loading")}</p>`}`;
    },
    start() {
      screen.mine.start();
      load();
    },
    revive() {
      screen.mine.refresh();
      if (!screen.games) load();
    },
    stop() {
      clearTimeout(retry);
      retry = null;
      screen.mine.stop();
    },
    actions: {forget: (el) => screen.mine.forget(el.dataset.id)},
  };
  async function load() {
    clearTimeout(retry);
    try {
      screen.games = await api.rules();
      screen.error = null;
    } catch {
      screen.error = t("error.network");
      retry = setTimeout(load, RETRY_MS);
    }
    screen.repaint();
  }
  return screen;
}
