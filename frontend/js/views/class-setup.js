// "Set up a class": the teacher picks the game and its settings, types the pupils' names one per line and how many
// play a match; the preview shows the matches; *Make the matches* makes them and shows the class sheet.
import {keepSheet, takeHandedNames} from "../class-store.js";
import {html, render} from "../html.js";
import {addRound, takeHandedLeague} from "../league.js";
import {t} from "../i18n.js";
import {go} from "../router.js";
import {choiceGroup, loadingOr, mergeActions} from "../ui.js";
import {startMaking} from "./class-making.js";
import {groupsOf, newSheet, readNames} from "./class-plan.js";
import {LEVELS} from "./computer.js";
import {gameChoice, gameOf, seatCount, settingFields, settingsBody, settingsScreen} from "./options.js";
import {gameName} from "./words.js";

const computerName = (level) => t("bot.name", {level: t(`bot.level.${level}`)});

/** The matches the names make, as typed so far, or what is wrong with the names: an error, said once (ui.js), when
 * *Make the matches* was pressed (`form.refused`), until the names change. */
function preview(form) {
  const {names, problem} = readNames(form.text);
  if (problem) {
    return form.text.trim() || form.refused ? html`<p class="${form.refused ? "error" : "note"}" id="class-problem">
      ${t(...problem)}</p>` : "";
  }
  const matches = groupsOf(names, form.seats).map(({pupils, bots}, n) => html`<li>${t("class.match", {n: n + 1,
    names: [...pupils, ...Array.from({length: bots}, () => computerName(form.level))].join(", ")})}</li>`);
  return html`<p>${t("class.pupils", {count: names.length})}</p><ol class="class-matches">${matches}</ol>`;
}

export default function classSetup(initial) {
  const handed = takeHandedNames(); // a sheet's next round: its pupils, the most wins first
  const league = takeHandedLeague(); // a league's next round: the sheet made joins it
  const form = {game: initial, seats: 2, text: handed ?? "", level: "easy", options: {}, timePerMove: null,
    timeoutsToLeave: 3, hints: true};
  const screen = {
    games: null,
    error: null,
    render() {
      document.title = `${t("class.title")} · ${t("app.name")}`;
      if (!screen.games) return html`<h1>${t("class.title")}</h1>${loadingOr(screen.error)}`;
      const game = gameOf(screen.games, form);
      return html`
        <h1>${t("class.title")}</h1>
        <p class="lead">${t("class.lead")}</p>
        ${handed ? html`<p class="note" id="class-handed">${t("class.handed")}</p>` : ""}
        ${league ? html`<p class="note" id="class-league">${t("league.nextNote")}</p>` : ""}
        <form data-submit="make" class="stack" novalidate>
          ${gameChoice(screen.games, game.key)}
          <label class="field">${t("class.names")}
            <textarea name="pupils" rows="8" data-input="names" data-key="pupils" autocomplete="off" spellcheck="false"
              aria-describedby="class-problem">${form.text}</textarea></label>
          ${seatCount(t("class.seats"), game, form.seats)}
          <section class="panel" aria-labelledby="class-preview-title">
            <h2 id="class-preview-title">${t("class.preview", {game: gameName(game.key)})}</h2>
            <div id="class-preview">${preview(form)}</div></section>
          ${choiceGroup({legend: t("class.computer"), chosen: form.level, action: "level", key: "level",
            choices: LEVELS.map((level) => ({value: level, label: computerName(level)}))})}
          ${settingFields(game, form)}
          <button class="primary" type="submit" data-key="make">${t("class.make")}</button>
        </form>`;
    },
    start: () => settings.start(),
    revive: () => settings.revive(),
    actions: {
      /** Only the preview is drawn again: the names' box keeps its caret. */
      names(textarea) {
        form.text = textarea.value;
        form.refused = false;
        render(document.getElementById("class-preview"), preview(form));
      },
      level(choice) {
        form.level = choice.value;
        screen.repaint();
      },
      make,
    },
  };
  const settings = settingsScreen(screen, form, (game) => `/class/${game}`); // a reload keeps the game picked
  screen.actions = mergeActions(screen.actions, settings.actions);

  function make() {
    const {names, problem} = readNames(form.text);
    if (problem) {
      form.refused = true;
      screen.repaint();
      return document.querySelector('[data-key="pupils"]')?.focus();
    }
    const game = gameOf(screen.games, form);
    const sheet = newSheet(names, form.seats, settingsBody(game, form), form.level);
    keepSheet(sheet);
    if (league) addRound(league, sheet);
    startMaking(sheet);
    go(`/sheets/${sheet.id}`, {replace: true}); // Back goes where the form came from, never to the filled form
  }
  return screen;
}
