// A game's options as form fields, from the rules catalogue (labels translated, values as published).
import {html} from "../html.js";
import {has, t} from "../i18n.js";

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
    return html`<fieldset class="choices"><legend>${label(game, name, option)}</legend>
      ${option.choices.map((choice) => html`<label class="choice"><input type="radio" name="opt-${name}"
        value="${String(choice)}" data-change="option" data-option="${name}" data-key="opt-${name}-${String(choice)}"
        ${String(choice) === String(value) ? "checked" : ""}> ${choiceLabel(game, name, choice)}</label>`)}
    </fieldset>`;
  }
  return html`<label class="field">${label(game, name, option)}
    <input type="number" inputmode="numeric" name="opt-${name}" data-input="option" data-option="${name}"
      data-key="opt-${name}" min="${option.minimum}" max="${option.maximum}" value="${value}"></label>`;
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
