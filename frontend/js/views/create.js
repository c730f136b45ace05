// Create a match: game, seats, names and the game's options from the rules catalogue.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {go, replaceAddress} from "../router.js";
import {keepCreated, lastName} from "../seat-store.js";
import {attempt} from "../ui.js";
import {optionFields, readOptions} from "./options.js";
import {paceFields} from "./pace.js";
import {gameName, nameField} from "./words.js";

function seatFields(form) {
  const field = (label, n) => nameField(label, {name: `name-${n}`, value: form.names[n] || "", own: n === 0, seat: n});
  const others = [];
  for (let n = 1; n < form.seats; n++) others.push(field(t("create.otherName", {n: n + 1}), n));
  return html`
    ${field(t("create.yourName"), 0)}
    ${others.length ? html`<fieldset class="others"><legend>${t("create.othersHint")}</legend>${others}</fieldset>` : ""}`;
}

export default function create(initial) {
  const form = {game: initial || "addup", seats: 2, names: [lastName()], options: {},
    timePerMove: null, timeoutsToLeave: 3, hints: true};
  const screen = {
    games: null,
    error: null,
    busy: false,
    render() {
      document.title = `${t("create.title")} · ${t("app.name")}`;
      if (!screen.games) return html`<h1>${t("create.title")}</h1><p>${screen.error || t("app.loading")}</p>`;
      const game = screen.games.find((g) => g.key === form.game) || screen.games[0];
      const counts = [];
      for (let n = game.players.min; n <= game.players.max; n++) {
        counts.push(html`<option value="${n}" ${n === form.seats ? "selected" : ""}>${n}</option>`);
      }
      return html`
        <h1>${t("create.title")}</h1>
        <form data-submit="create" class="stack" novalidate>
          <fieldset class="choices"><legend>${t("create.game")}</legend>
            ${screen.games.map((g) => html`<label class="choice"><input type="radio" name="game" value="${g.key}"
              data-change="game" data-key="game-${g.key}" ${g.key === game.key ? "checked" : ""}> ${gameName(g.key)}</label>`)}
          </fieldset>
          <label class="field">${t("create.seats")}
            <select name="seats" data-change="seats" data-key="seats">${counts}</select></label>
          ${seatFields(form)}
          ${optionFields(game, form.options)}
          ${paceFields(form)}
          <label class="choice"><input type="checkbox" name="hints" data-change="hints" data-key="hints"
            ${form.hints ? "checked" : ""}> ${t("create.hints")}</label>
          ${screen.error ? html`<p class="error" role="alert">${screen.error}</p>` : ""}
          <button class="primary" type="submit" data-key="create" ${screen.busy ? "disabled" : ""}>${t("create.submit")}</button>
        </form>`;
    },
    async start() {
      try {
        screen.games = await api.rules();
        const game = screen.games.find((g) => g.key === form.game) || screen.games[0];
        form.game = game.key;
        form.seats = Math.max(game.players.min, Math.min(form.seats, game.players.max));
        screen.error = null;
      } catch {
        screen.error = t("error.network");
      }
      screen.repaint();
    },
    revive() {
      if (!screen.games) screen.start();
    },
    actions: {
      game(input) {
        const game = screen.games.find((g) => g.key === input.value);
        form.game = game.key;
        form.options = {};
        form.seats = Math.max(game.players.min, Math.min(form.seats, game.players.max));
        screen.error = null; // it was about the form as it stood
        replaceAddress(`/new/${game.key}`); // a reload keeps the game picked
        screen.repaint();
      },
      seats(select) {
        form.seats = Number(select.value);
        screen.repaint();
      },
      name(input) {
        form.names[Number(input.dataset.seat)] = input.value;
      },
      option(input) {
        form.options[input.dataset.option] = input.value;
      },
      timePerMove(select) {
        form.timePerMove = Number(select.value) || null;
        screen.repaint();
      },
      hints(input) {
        form.hints = input.checked;
      },
      timeoutsToLeave(select) {
        form.timeoutsToLeave = Number(select.value);
      },
      create: submit,
    },
  };

  async function submit() {
    const names = Array.from({length: form.seats}, (_, n) => (form.names[n] || "").trim());
    if (!names[0]) {
      screen.error = t("create.needName");
      return screen.repaint();
    }
    const game = screen.games.find((g) => g.key === form.game);
    const others = names.slice(1);
    const body = {game: form.game, options: readOptions(game, form.options), time_per_move: form.timePerMove,
      hints: form.hints};
    if (form.timePerMove) body.timeouts_to_leave = form.timeoutsToLeave;
    if (others.every(Boolean)) body.players = names;
    else Object.assign(body, {seats: form.seats, name: names[0]});
    if (others.some(Boolean) && !others.every(Boolean)) {
      screen.error = t("create.allOrNone");
      return screen.repaint();
    }
    const created = await attempt(screen, () => api.create(body));
    if (!created) return;
    keepCreated(created, names[0]);
    go(`/g/${created.game.id}`, {replace: true}); // Back goes where the form came from, never to the filled form
  }
  return screen;
}
