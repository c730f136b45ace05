// Join from an invite link: type a name (or pick a named seat) and take a seat.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {keepSeat, lastName, rememberName} from "../seat-store.js";
import {gameName, problemText, seatName} from "./words.js";

export default function join(id, invite, joined) {
  const screen = {
    view: null,
    error: null,
    busy: false,
    name: lastName(),
    render() {
      document.title = `${t("join.title")} · ${t("app.name")}`;
      const view = screen.view;
      if (!view) return html`<h1>${t("join.title")}</h1><p>${screen.error || t("app.loading")}</p>`;
      const free = view.seats.filter((s) => !s.joined);
      const named = free.filter((s) => s.name);
      return html`
        <h1>${t("join.heading", {game: gameName(view.game)})}</h1>
        <p>${t("join.players", {names: view.seats.filter((s) => s.joined).map((s) => s.name).join(", ")})}</p>
        ${free.length ? html`
          <form data-submit="join" class="stack">
            ${named.length ? html`<fieldset class="choices"><legend>${t("join.whichSeat")}</legend>
              ${named.map((s) => html`<button type="button" class="primary" data-action="take" data-seat="${s.seat}"
                data-key="take-${s.seat}" ${screen.busy ? "disabled" : ""}>${t("join.iAm", {name: seatName(view, s.seat)})}</button>`)}
            </fieldset>` : ""}
            ${named.length < free.length ? html`
              <label class="field">${t("join.name")}
                <input name="name" data-input="name" data-key="name" maxlength="40" required autocomplete="nickname"
                       value="${screen.name}"></label>
              <button class="primary" type="submit" data-key="join" ${screen.busy ? "disabled" : ""}>${t("join.submit")}</button>` : ""}
          </form>` : html`<p>${t("join.full")}</p><p><a href="/g/${id}">${t("join.watch")}</a></p>`}
        ${screen.error ? html`<p class="error" role="alert">${screen.error}</p>` : ""}`;
    },
    async start() {
      try {
        screen.view = (await api.view(id)).data;
      } catch (error) {
        screen.error = problemText(error);
      }
      screen.repaint();
    },
    actions: {
      name(input) {
        screen.name = input.value;
      },
      join() {
        if (!screen.name.trim()) {
          screen.error = t("join.needName");
          return screen.repaint();
        }
        take({name: screen.name.trim()});
      },
      take(button) {
        take({seat: Number(button.dataset.seat)});
      },
    },
  };

  async function take(fields) {
    screen.busy = true;
    screen.error = null;
    screen.repaint();
    try {
      const seat = await api.join(id, {invite, ...fields});
      if (fields.name) rememberName(fields.name);
      // Keeping the invite lets this device share it too while seats are free.
      keepSeat(id, {seat: seat.seat, token: seat.token, game: seat.game.game, seatLink: seat.seat_link,
        invite, inviteLink: `${location.origin}/g/${id}#invite=${invite}`});
      joined();
    } catch (error) {
      screen.busy = false;
      screen.error = problemText(error);
      if (error.code === "seat_taken") screen.start();
      screen.repaint();
    }
  }
  return screen;
}
