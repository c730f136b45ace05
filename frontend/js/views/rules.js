// A game's rules page: who can play, the options, the rules and the project's interpretations.
import {api} from "../api.js";
import {html} from "../html.js";
import {language, t} from "../i18n.js";
import {gameName} from "./words.js";

export default function rules(key) {
  const screen = {
    info: null,
    text: null,
    error: null,
    render() {
      document.title = `${t("rules.title", {game: gameName(key)})} · ${t("app.name")}`;
      const info = screen.info;
      if (!info) return html`<h1>${gameName(key)}</h1><p>${screen.error || t("app.loading")}</p>`;
      const players = `${info.players.min}–${info.players.max}`;
      const text = screen.text;
      const notes = text?.interpretations || info.interpretations;
      return html`
        <h1>${t("rules.title", {game: gameName(key)})}</h1>
        <p class="facts">${t("home.players", {players})} · ${t("home.age", {age: info.age})} · ${t("home.minutes", {minutes: info.minutes})}</p>
        ${text ? text.sections.map((s) => html`<h2>${s.title}</h2>${s.paragraphs.map((p) => html`<p>${p}</p>`)}`) : ""}
        <h2>${t("rules.interpretations")}</h2>
        <p>${t("rules.interpretationsHint")}</p>
        <ul class="interpretations">${notes.map((note) => html`<li>${note}</li>`)}</ul>
        <p class="actions"><a class="button primary" href="/new/${key}">${t("home.new")}</a> <a class="button" href="/">${t("missing.home")}</a></p>`;
    },
    async start() {
      try {
        screen.info = await api.rulesOf(key);
        screen.text = await loadText(key);
      } catch (error) {
        screen.error = error.code === "unknown_game" ? t("missing.title") : t("error.network");
      }
      screen.repaint();
    },
  };
  return screen;
}

/** The rules in the current language, if written: {sections: [{title, paragraphs}], interpretations}. */
async function loadText(key) {
  try {
    const all = (await import(`../rules/${language()}.js`)).default;
    return all[key] || null;
  } catch {
    return null;
  }
}
