// Create a match: game, seats (a friend's or the computer's), names and the game's options from the rules catalogue.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {lastName} from "../seat-store.js";
import {choiceGroup, loadingOr, mergeActions} from "../ui.js";
import {LEVELS} from "./computer.js";
import {createMatch, createTable} from "./creating.js";
import {gameChoice, gameOf, seatCount, settingFields, settingsBody, settingsScreen} from "./options.js";
import {gameName, nameField} from "./words.js";

const AWAY = "away"; // at a table, a seat played from another device: a friend far away, who joins with the link

/** Who plays another seat: a friend, who joins with the link (a name may be given for them), or the computer; at a
 * table (`form.table`), a person at this device or a friend away (a cousin on their phone), each named. */
function otherSeat(form, n, error) {
  const player = form.bots[n] || "";
  const choices = [{value: "", label: t(form.table ? "table.here" : "create.friend")},
    ...(form.table ? [{value: AWAY, label: t("create.friend")}] : []),
    ...LEVELS.map((each) => ({value: each, label: t("bot.name", {level: t(`bot.level.${each}`)})}))];
  const chosen = player === AWAY && !form.table ? "" : player;
  const nameLabel = !form.table ? "create.friendName" : chosen === AWAY ? "table.awayName" : "table.name";
  return html`<div class="seat-player">
    ${choiceGroup({legend: t("create.otherName", {n: n + 1}), choices, chosen, action: "player", key: `player-${n}`,
      data: {seat: n}, named: true})}
    ${LEVELS.includes(chosen) ? "" : nameField(t(nameLabel, {n: n + 1}),
      {name: `name-${n}`, value: form.names[n] || "", own: false, seat: n, error})}
  </div>`;
}

/** The seats' names and players; the empty ones marked when the form's `error` wants them (a server's refusal, say of a
 * limit, wants none: a friend's name may be left empty). */
function seatFields(form, error) {
  const others = [];
  const friendsWanted = ["create.allOrNone", "table.needNames", "table.needAwayName"].map((key) => t(key)).includes(error);
  for (let n = 1; n < form.seats; n++) others.push(otherSeat(form, n, friendsWanted));
  return html`
    ${nameField(t("create.yourName"), {name: "name-0", value: form.names[0] || "", seat: 0,
      error: error === t("create.needName")})}
    ${others.length ? html`<fieldset class="others"><legend>${t("create.others")}</legend>${others}</fieldset>` : ""}`;
}

/** Where the players play: each on their own device, joining by the invite, or all on this one, passing it round. */
function placeChoice(form) {
  return choiceGroup({legend: t("create.where"), chosen: form.table ? "table" : "apart", action: "place", key: "place",
    choices: [{value: "apart", label: t("create.apart")}, {value: "table", label: t("create.table")}]});
}

/** The computer's seats of the match as the form stands: [{seat, level}]. */
function botSeats(form) {
  return Object.entries(form.bots).map(([seat, level]) => ({seat: Number(seat), level}))
    .filter(({seat, level}) => LEVELS.includes(level) && seat < form.seats);
}

/** The seats of a table played from another device (`AWAY`): left free for their friend's invite. */
function awaySeats(form) {
  return Array.from({length: form.seats}, (_, n) => n).filter((n) => form.table && form.bots[n] === AWAY);
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
    bots: {}, timePerMove: null, timeoutsToLeave: 3, hints: true, table: false};
  const screen = {
    games: null,
    error: null,
    busy: false,
    render() {
      document.title = `${t("create.title")} · ${t("app.name")}`;
      if (!screen.games) return html`<h1>${t("create.title")}</h1>${loadingOr(screen.error)}`;
      const game = gameOf(screen.games, form);
      return html`
        <h1>${t("create.title")}</h1>
        <p class="links"><a href="/rules/${game.key}" data-key="rules">${t("play.rules", {game: gameName(game.key)})}</a>
          <a href="/class/${game.key}" data-key="class-link">${t("class.link")}</a></p>
        <form data-submit="create" class="stack" novalidate>
          ${gameChoice(screen.games, game.key)}
          ${seatCount(t("create.seats"), game, form.seats)}
          ${placeChoice(form)}
          ${seatFields(form, screen.error)}
          ${settingFields(game, form)}
          ${screen.error ? html`<p class="error">${screen.error}</p>` : ""}
          <button class="primary" type="submit" data-key="create" ${screen.busy ? "disabled" : ""}>${t("create.submit")}</button>
        </form>`;
    },
    start: () => settings.start(),
    revive: () => settings.revive(),
    actions: {
      name(input) {
        form.names[Number(input.dataset.seat)] = input.value;
      },
      place(input) {
        form.table = input.value === "table";
        screen.error = null; // it was about the names as the other choice asks for them
        screen.repaint();
      },
      player(choice) {
        form.bots[Number(choice.dataset.seat)] = choice.value;
        screen.repaint();
      },
      create: submit,
    },
  };
  const settings = settingsScreen(screen, form, (game) => `/new/${game}`); // a reload keeps the game picked
  screen.actions = mergeActions(screen.actions, settings.actions);

  async function submit() {
    const names = Array.from({length: form.seats}, (_, n) => (form.names[n] || "").trim());
    if (!names[0]) {
      screen.error = t("create.needName");
      return screen.repaint();
    }
    const bots = botSeats(form);
    const game = screen.games.find((g) => g.key === form.game);
    const body = {...settingsBody(game, form), bots, ...seating(names, bots)};
    if (form.table) return atTable(names, bots, awaySeats(form), body);
    const friends = friendNames(names, bots);
    if (friends.some(Boolean) && !friends.every(Boolean)) {
      screen.error = t("create.allOrNone");
      return screen.repaint();
    }
    await createMatch(screen, body, names[0]);
  }

  /** A table: every person named, as each at this device joins the seat reserved under their name; a friend away
   * joins theirs with the invite (their name reserved: the people here take no seat of theirs). */
  async function atTable(names, bots, away, body) {
    const people = names.filter((_, n) => !bots.some((bot) => bot.seat === n) && !away.includes(n));
    const unnamed = !people.every(Boolean) ? "table.needNames" : !away.every((n) => names[n]) ? "table.needAwayName" : null;
    if (unnamed) {
      screen.error = t(unnamed);
      return screen.repaint();
    }
    await createTable(screen, body, people);
  }
  return screen;
}
