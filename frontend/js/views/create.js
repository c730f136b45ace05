// Create a match: game, seats (a friend's or the computer's), names and the game's options from the rules catalogue.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {replaceAddress} from "../router.js";
import {lastName} from "../seat-store.js";
import {loadingOr, retrying} from "../ui.js";
import {LEVELS} from "./computer.js";
import {createMatch} from "./creating.js";
import {helpField, optionFields, readOptions} from "./options.js";
import {paceFields} from "./pace.js";
import {gameName, nameField} from "./words.js";

/** Who plays another seat: a friend, who joins with the link (a name may be given for them), or the computer. */
function otherSeat(form, n) {
  const level = form.bots[n] || "";
  const choice = (value, label) => html`<option value="${value}" ${value === level ? "selected" : ""}>${label}</option>`;
  return html`<div class="seat-player">
    <label class="field">${t("create.otherName", {n: n + 1})}
      <select name="player-${n}" data-change="player" data-seat="${n}" data-key="player-${n}">
        ${choice("", t("create.friend"))}
        ${LEVELS.map((each) => choice(each, t("bot.name", {level: t(`bot.level.${each}`)})))}
      </select></label>
    ${level ? "" : nameField(t("create.friendName", {n: n + 1}),
      {name: `name-${n}`, value: form.names[n] || "", own: false, seat: n})}
  </div>`;
}

function seatFields(form) {
  const others = [];
  for (let n = 1; n < form.seats; n++) others.push(otherSeat(form, n));
  return html`
    ${nameField(t("create.yourName"), {name: "name-0", value: form.names[0] || "", seat: 0})}
    ${others.length ? html`<fieldset class="others"><legend>${t("create.others")}</legend>${others}</fieldset>` : ""}`;
}

/** The computer's seats of the match as the form stands: [{seat, level}]. */
function botSeats(form) {
  return Object.entries(form.bots).map(([seat, level]) => ({seat: Number(seat), level}))
    .filter(({seat, level}) => level && seat < form.seats);
}

/** The names given for the seats friends will take (neither the creator's nor the computer's). */
function friendNames(names, bots) {
  return names.filter((_, n) => n > 0 && !bots.some((bot) => bot.seat === n));
}

/** Who sits where, as the create body says it: every seat's name when each friend has one, else the number of
 * seats and the creator's name. The server names the computer's seats itself: any name holds their place. */
function seating(names, bots) {
  const friends = friendNames(names, bots);
  if (!friends.length || !friends.every(Boolean)) return {seats: names.length, name: names[0]};
  const computer = new Set(bots.map((bot) => bot.seat));
  return {players: names.map((name, n) => (computer.has(n) ? "Computer" : name))};
}

export default function create(initial) {
  const form = {game: initial || "addup", seats: 2, names: [lastName()], options: {},
    bots: {}, timePerMove: null, timeoutsToLeave: 3, hints: true};
  const screen = {
    games: null,
    error: null,
    busy: false,
    render() {
      document.title = `${t("create.title")} · ${t("app.name")}`;
      if (!screen.games) return html`<h1>${t("create.title")}</h1>${loadingOr(screen.error)}`;
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
          ${helpField(form.hints, "hints")}
          ${screen.error ? html`<p class="error">${screen.error}</p>` : ""}
          <button class="primary" type="submit" data-key="create" ${screen.busy ? "disabled" : ""}>${t("create.submit")}</button>
        </form>`;
    },
    start: () => load(),
    revive() {
      if (!screen.games) load();
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
      player(select) {
        form.bots[Number(select.dataset.seat)] = select.value;
        screen.repaint();
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

  const load = retrying(screen, async () => {
    screen.games = await api.rules();
    const game = screen.games.find((g) => g.key === form.game) || screen.games[0];
    form.game = game.key;
    form.seats = Math.max(game.players.min, Math.min(form.seats, game.players.max));
  }, () => t("error.network"));

  async function submit() {
    const names = Array.from({length: form.seats}, (_, n) => (form.names[n] || "").trim());
    if (!names[0]) {
      screen.error = t("create.needName");
      return screen.repaint();
    }
    const bots = botSeats(form);
    const friends = friendNames(names, bots);
    if (friends.some(Boolean) && !friends.every(Boolean)) {
      screen.error = t("create.allOrNone");
      return screen.repaint();
    }
    const game = screen.games.find((g) => g.key === form.game);
    const body = {game: form.game, options: readOptions(game, form.options), time_per_move: form.timePerMove,
      hints: form.hints, bots, ...seating(names, bots)};
    if (form.timePerMove) body.timeouts_to_leave = form.timeoutsToLeave;
    await createMatch(screen, body, names[0]);
  }
  return screen;
}
