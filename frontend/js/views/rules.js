// A game's rules page: who can play, the options, the rules and the project's interpretations.
import {api} from "../api.js";
import {html} from "../html.js";
import {has, language, t, typeset} from "../i18n.js";
import {loadingOr, retrying} from "../ui.js";
import {computerForm, computerPanel} from "./computer.js";
import {gameFacts, gameName} from "./words.js";

export default function rules(key) {
  let computer = null;
  const screen = {
    info: null,
    text: null,
    error: null,
    render() {
      document.title = `${t("rules.title", {game: gameName(key)})} · ${t("app.name")}`;
      const info = screen.info;
      if (!info) return html`<h1>${gameName(key)}</h1>${loadingOr(screen.error)}`;
      const text = screen.text;
      const notes = text?.interpretations || info.interpretations;
      const options = Object.keys(info.options);
      return html`
        <h1>${t("rules.title", {game: gameName(key)})}</h1>
        <p class="facts">${gameFacts(info)}</p>
        <p class="links"><a href="/class/${key}" data-key="class-link">${t("class.link")}</a></p>
        ${computerPanel({...info, key}, computer.form)}
        <p class="note">${t("rules.sheet")}</p>
        ${text ? text.sections.map(([title, paragraphs]) => html`<h2>${title}</h2>${paragraphs.map((p) => html`<p>${p}</p>`)}`) : ""}
        ${options.length ? html`<h2>${t("rules.options")}</h2><ul>${options.map((name) => html`<li>${optionLine(key, name, info.options[name])}</li>`)}</ul>` : ""}
        <h2>${t("rules.interpretations")}</h2>
        <p>${t("rules.interpretationsHint")}</p>
        <ul class="interpretations">${notes.map((note) => html`<li><strong>${t("rules.interpretation")}</strong> ${note}</li>`)}</ul>
        <p class="actions"><a class="button primary" href="/new/${key}">${t("home.new")}</a> <a class="button" href="/">${t("missing.home")}</a></p>`;
    },
    start: () => load(),
    revive() {
      if (!screen.info) load();
    },
  };
  const load = retrying(screen, async () => {
    screen.info = await api.rulesOf(key);
    screen.text = await loadText(key);
  }, (error) => (error.code === "unknown_game" ? t("missing.title") : t("error.network")));
  computer = computerForm(screen, () => ({...screen.info, key}));
  screen.actions = computer.actions;
  return screen;
}

/** "Length: Short: one deal… (usual) / Long: …" from the option's translated labels, its default (from the
 * rules catalogue) marked. */
function optionLine(game, name, option) {
  const key = `option.${game}.${name}`;
  if (!has(key)) return option.description;
  const label = (c) => (c === option.default ? t("rules.usual", {choice: t(`${key}.${c}`)}) : t(`${key}.${c}`));
  const choices = option.choices ? option.choices.map(label).join(" / ")
    : t("rules.range", {min: option.minimum, max: option.maximum, default: option.default});
  return t("rules.option", {name: t(key), choices});
}

/** The rules in the current language: {sections: [[title, [paragraph]]], interpretations?}. English takes
 * its interpretations from the rules catalogue, the other languages from their translation; a regional variant
 * ("pt-BR") without a game's rules shows its language's ("pt"). */
async function loadText(key) {
  const rulesIn = async (code) => (await import(`../rules/${code}.js`)).default[key];
  try {
    const [code, parent] = [language(), language().split("-")[0]];
    const text = (await rulesIn(code)) || (parent === code ? undefined : await rulesIn(parent));
    return text ? {sections: text.sections.map(([title, paragraphs]) => [typeset(title), paragraphs.map((p) => typeset(p))]),
      interpretations: text.interpretations?.map((said) => typeset(said))} : null;
  } catch {
    return null;
  }
}
