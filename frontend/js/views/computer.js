// "Play against the computer": one tap makes a two-seat match whose other seat is a bot of the chosen
// level, and opens it. Also the words for bots: their names, levels and hints.
import {html} from "../html.js";
import {has, t} from "../i18n.js";
import {equation, expression, minus, pairSums} from "../numbers.js";
import {lastName} from "../seat-store.js";
import {choiceGroup} from "../ui.js";
import {createMatch} from "./creating.js";
import {helpField, optionFields, readOptions} from "./options.js";
import {nameField} from "./words.js";

export const LEVELS = ["easy", "medium", "hard"];

/** The panel on a game's page; `game` is its rules catalogue entry ({key, players, options}). */
export function computerPanel(game, form) {
  return html`<section class="panel computer" aria-labelledby="computer-title">
    <h2 id="computer-title">${t("computer.title")}</h2>
    <p>${t("computer.lead")}</p>
    ${nameField(t("create.yourName"), {name: "computer-name", value: form.name, error: form.error})}
    ${choiceGroup({legend: t("computer.level"), chosen: form.level, action: "botLevel", key: "bot",
      choices: LEVELS.map((level) => ({value: level, label: t(`bot.about.${level}`)}))})}
    ${optionFields(game, form.options)}
    ${helpField(form.hints, "computerHints")}
    ${form.error ? html`<p class="error">${form.error}</p>` : ""}
    <p class="actions"><button type="button" class="primary" data-action="playComputer" data-key="play-computer"
      ${form.busy ? "disabled" : ""}>${t("computer.start")}</button></p>
  </section>`;
}

/** The panel's state and actions for `screen` (which repaints); `game()` gives the catalogue entry. The level is Easy
 * at first, the create form's first computer: the one a child meets first. */
export function computerForm(screen, game) {
  const form = {level: LEVELS[0], options: {}, name: lastName(), hints: true, error: null, busy: false,
    repaint: () => screen.repaint()};
  const actions = {
    botLevel(input) {
      form.level = input.value;
    },
    computerHints(input) {
      form.hints = input.checked;
    },
    option(input) {
      form.options[input.dataset.option] = input.value;
    },
    name(input) {
      form.name = input.value;
    },
    async playComputer() {
      const name = form.name.trim();
      if (!name) {
        form.error = t("create.needName");
        return screen.repaint();
      }
      const chosen = game();
      await createMatch(form, {game: chosen.key, seats: Math.max(2, chosen.players.min), name,
        options: readOptions(chosen, form.options), bots: [{seat: 1, level: form.level}], hints: form.hints}, name);
    },
  };
  return {form, actions};
}

/** A seat's bot level in words ("computer · hard"), or "" for a person. */
export function botTag(seat) {
  return seat.bot ? t("seat.bot", {level: t(`bot.level.${seat.bot}`)}) : "";
}

/** What a hint says: in the reader's language when the code is known, else the server's English. */
export function hintText(explanation) {
  const key = `hint.${explanation.code}`;
  return has(key) ? t(key, words(explanation.params)) : explanation.text;
}

const HOME = 25;
/** Plus and Minus: where a man moves from and to, each with the words its language puts before it
 * ("des étoiles", "à l'arrivée"), so no template glues a preposition to a square's name. */
const movedFrom = (n) => (n === 0 ? t("hint.plusminus.fromStars") : t("hint.plusminus.from", {square: n}));

/** A bust sends a man past home back to the stars, and leaves one on the stars where it is. */
function movedTo(n, bust = false, from = null) {
  if (bust) return t(from === 0 ? "hint.plusminus.bustStays" : "hint.plusminus.bust");
  if (n === 0) return t("hint.plusminus.toStars");
  return n === HOME ? t("hint.plusminus.toHome") : t("hint.plusminus.to", {square: n});
}

/** The params of an explanation as the texts use them: numbers with a true minus (a Minus card's −4), sums written
 * out, rows and squares named. */
function words(params) {
  const shown = Object.fromEntries(Object.entries(params).map(([key, n]) => [key, typeof n === "number" ? minus(n) : n]));
  // ADD'EM: "1 card" or "2 cards" from the hand in a sum; "the exposed card" or "cards" in a replace
  const count = params.cards ?? params.exposed;
  if (typeof count === "number") shown.count = count;
  if (Array.isArray(params.parts)) shown.parts = expression(params.parts);
  for (const key of ["row", "other_row", "capture_row"]) if (params[key]) shown[key] = t(`hint.row.${params[key]}`);
  if (params.joker) shown.value = t(`hint.addup.joker.${params.joker}`, {value: params.value}); // ADD UP: a joker
  if (params.capture_joker) shown.capture_value = t(`hint.addup.joker.${params.capture_joker}`, {value: params.capture_value});
  if (Array.isArray(params.pairs)) { // ADD-TOO: each scoring pair, then a bonus play's points
    shown.pairs = pairSums(params.pairs, params.bonus && t("hint.addtoo.bonus", {bonus: params.bonus}));
  }
  if (Array.isArray(params.better_parts)) shown.better_parts = expression(params.better_parts); // ADD'EM: the sum passed up
  if ("orange" in params) shown.tile = t("addtoo.tileWords", params); // ADD-TOO: a diamond named as the log names it
  if ("better_orange" in params) shown.better_tile = t("addtoo.tileWords", {orange: params.better_orange, blue: params.better_blue});
  if ("top" in params) shown.sum = params.top === null ? minus(params.total) : equation([params.top, params.card], params.total);
  if ("from" in params) Object.assign(shown, {from: movedFrom(params.from), to: movedTo(params.to, params.bust, params.from)});
  if ("better_from" in params) Object.assign(shown, {better_from: movedFrom(params.better_from), better_to: movedTo(params.better_to)});
  return shown;
}
