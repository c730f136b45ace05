// A game's options as form fields, from the rules catalogue (labels translated, values as published), and the
// settings a match is created with that the create form and the class sheet share: game, seats, options, pace, help.
import {api} from "../api.js";
import {html} from "../html.js";
import {has, t} from "../i18n.js";
import {replaceAddress} from "../router.js";
import {choiceGroup, retrying} from "../ui.js";
import {paceFields, timePerMove} from "./pace.js";
import {gameName} from "./words.js";

function label(game, name, option) {
  const key = `option.${game.key}.${name}`;
  return has(key) ? t(key) : option.description;
}

function choiceLabel(game, name, value) {
  const key = `option.${game.key}.${name}.${value}`;
  return has(key) ? t(key) : String(value);
}

function field(game, name, option, chosen) {
  const value = chosen ?? option.default;
  if (option.choices) {
    return choiceGroup({legend: label(game, name, option), chosen: value, action: "option", key: `opt-${name}`,
      data: {option: name}, choices: option.choices.map((choice) => ({value: choice, label: choiceLabel(game, name, choice)}))});
  }
  // The range said before a number is typed; a value the server refused (drawn again with its error) marked, and
  // focused by the screen's error (ui.js), so the field in error is the one the player is taken to.
  const number = Number(value);
  const wrong = value === "" || !Number.isInteger(number) || number < option.minimum || number > option.maximum;
  return html`<label class="field">${label(game, name, option)}
    <input type="number" inputmode="numeric" name="opt-${name}" data-input="option" data-option="${name}"
      data-key="opt-${name}" min="${option.minimum}" max="${option.maximum}" value="${value}"
      aria-describedby="opt-${name}-range" ${wrong ? html`aria-invalid="true"` : ""}>
    <span class="hint limit" id="opt-${name}-range">${t("option.range", {minimum: option.minimum, maximum: option.maximum})}</span></label>`;
}

export function optionFields(game, chosen) {
  const names = Object.keys(game.options);
  if (!names.length) return "";
  return html`<div class="options">${names.map((name) => field(game, name, game.options[name], chosen[name]))}</div>`;
}

/** The options to send, typed like each option's default (the form gives strings). */
export function readOptions(game, chosen) {
  const options = {};
  for (const [name, option] of Object.entries(game.options)) {
    if (!(name in chosen)) continue;
    const raw = chosen[name];
    const match = option.choices?.find((choice) => String(choice) === raw);
    options[name] = match !== undefined ? match : Number(raw);
  }
  return options;
}

/** Whether the match helps with the sums (hints, running sums, previews): checked, the default. A form's
 * `action` (data-change) keeps the box's changes. */
export function helpField(on, action) {
  return html`<label class="choice"><input type="checkbox" name="hints" data-change="${action}" data-key="hints"
    ${on ? "checked" : ""}> ${t("create.hints")}</label>`;
}

/** The game chosen among `games` (the rules catalogue), one radio button each; picking one calls `game`. */
export const gameChoice = (games, chosen) => choiceGroup({legend: t("create.game"), chosen, action: "game", key: "game",
  choices: games.map((g) => ({value: g.key, label: gameName(g.key)}))});

/** The game's seat counts, one radio button each, `count` chosen; picking one calls `seats`. */
export function seatCount(label, game, count) {
  const choices = [];
  for (let n = game.players.min; n <= game.players.max; n++) choices.push({value: n, label: String(n)});
  return choiceGroup({legend: label, choices, chosen: count, action: "seats", key: "seats", named: true});
}

/** The settings of `form` ({game, seats, options, timePerMove, timeoutsToLeave, hints}) as a new match's form
 * fields: the game's options, the time per move, help with the sums. */
export const settingFields = (game, form) => html`${optionFields(game, form.options)}${paceFields(form)}
  ${helpField(form.hints, "hints")}`;

/** The catalogue entry of `key` (else the first game), and `form.seats` brought within its range. */
export function gameOf(games, form, key = form.game) {
  const game = games.find((g) => g.key === key) || games[0];
  if (game.key !== form.game) form.options = {}; // another game's options mean nothing here
  form.game = game.key;
  form.seats = Math.max(game.players.min, Math.min(form.seats, game.players.max));
  return game;
}

/** What a screen making new matches from `form` shares: loading the games (`screen.games`), and the actions on the
 * settings; a game picked is kept in the address `path(game)`, for a reload. */
export function settingsScreen(screen, form, path) {
  const load = retrying(screen, async () => {
    screen.games = await api.rules();
    gameOf(screen.games, form);
  }, () => t("error.network"));
  const repaint = () => screen.repaint();
  return {
    start: () => load(),
    revive() {
      if (!screen.games) load();
    },
    actions: {
      game(input) {
        gameOf(screen.games, form, input.value);
        screen.error = null; // it was about the form as it stood
        replaceAddress(path(form.game));
        repaint();
      },
      seats(choice) {
        form.seats = Number(choice.value);
        repaint();
      },
      option(input) {
        form.options[input.dataset.option] = input.value;
      },
      timePerMove(choice) {
        form.timePerMove = Number(choice.value) || null;
        repaint();
      },
      hints(input) {
        form.hints = input.checked;
      },
      timeoutsToLeave(choice) {
        form.timeoutsToLeave = Number(choice.value);
      },
    },
  };
}

/** The create body's settings as `form` has them, for `game` (its catalogue entry). */
export function settingsBody(game, form) {
  const seconds = timePerMove(form);
  return {game: game.key, options: readOptions(game, form.options), time_per_move: seconds, hints: form.hints,
    ...(seconds ? {timeouts_to_leave: form.timeoutsToLeave} : {})};
}
