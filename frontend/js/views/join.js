// Join from an invite link or a join code: type a name (or pick a named seat) and take a seat.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {inAppBrowser} from "../in-app.js";
import {submit, waiting, watch} from "../outbox.js";
import {lastName, rememberName} from "../seat-store.js";
import {begin, loadingOr, retrying} from "../ui.js";
import {fixedDeckNote} from "./fairness.js";
import {gameName, goneWhy, homeLink, keptText, nameField, outcome, problemText, seatName} from "./words.js";

// Refusals that say the seats changed since the page showed them: it asks for them again
const SEATS_GONE = new Set(["seat_taken", "seats_reserved", "match_full", "unknown_join_code"]);

/** "Already here: Ann, Bob"; nothing when nobody is (the creator, alone, gave their seat back). */
function alreadyHere(view) {
  const here = view.seats.filter((s) => s.joined);
  return here.length ? html`<p>${t("join.players", {names: here.map((s) => seatName(view, s.seat)).join(", ")})}</p>` : "";
}

/** The join screen of a match played out before the invite was opened: how it ended, and its final scores. */
function over(view) {
  return html`<h1>${t("join.overHeading", {game: gameName(view.game)})}</h1>
    <p id="join-over">${outcome(view, null)}</p>
    <p><a href="/g/${view.id}">${t("join.results")}</a></p>`;
}

/** `pass`: what lets this device in, {invite} or {join_code}. */
export default function join(id, pass, joined) {
  let unwatch = null;
  const screen = {
    view: null,
    error: null, // why the match could not be shown
    kept: null, // why the join waits on this device (no connection, a busy server), said in its sending line
    gone: false, // the match is no longer on the server
    refusal: null, // why the join was refused: kept over the reload that shows the seats as they are now
    busy: false,
    name: lastName(),
    render() {
      document.title = `${t("join.title")} · ${t("app.name")}`;
      const view = screen.view;
      if (!view) {
        return html`<h1>${t("join.title")}</h1>${loadingOr(screen.error)}
          ${screen.gone ? html`${goneWhy()}${homeLink()}` : ""}`;
      }
      if (view.status === "over") return over(view); // an invite opened late: no seat to take, nor one to look for
      const free = view.seats.filter((s) => !s.joined);
      const named = free.filter((s) => s.name);
      const elsewhere = html`<p class="hint" id="joined-elsewhere">${t("join.elsewhere")}</p>`;
      // Every free seat named for someone: a player already seated, whose browser forgot it, has no name to try.
      const reservedOnly = named.length === free.length;
      return html`
        <h1>${t("join.heading", {game: gameName(view.game)})}</h1>
        <p class="summary">${t(`game.${view.game}.summary`)}</p>
        ${fixedDeckNote(view, null)}
        <p class="links"><a href="/rules/${view.game}">${t("play.rules", {game: gameName(view.game)})}</a></p>
        ${alreadyHere(view)}
        ${free.length && inAppBrowser() ? html`<p class="note" id="in-app">${t("join.inApp")}</p>` : ""}
        ${free.length ? html`
          <form data-submit="join" class="stack">
            ${named.length ? html`<fieldset class="choices"><legend>${t("join.whichSeat")}</legend>
              ${named.map((s) => html`<button type="button" class="primary" data-action="take" data-seat="${s.seat}"
                data-key="take-${s.seat}" ${screen.busy ? "disabled" : ""}>${t("join.iAm", {name: seatName(view, s.seat)})}</button>`)}
            </fieldset>` : ""}
            ${named.length < free.length ? html`
              ${nameField(t("join.name"), {name: "name", value: screen.name, error: screen.error})}
              <button class="primary" type="submit" data-key="join" ${screen.busy ? "disabled" : ""}>${t("join.submit")}</button>` : ""}
          </form>` : html`<p>${t("join.full")}</p>${elsewhere}<p><a href="/g/${id}">${t("join.watch")}</a></p>`}
        ${screen.busy ? html`<p class="sending" data-say id="sending">${screen.kept || t("outbox.sending", {what: t("outbox.join")})}</p>` : ""}
        ${screen.error || (free.length && screen.refusal) ? html`<p class="error">${screen.error || screen.refusal}</p>` : ""}
        ${free.length && (screen.joinedElsewhere || reservedOnly) ? elsewhere : ""}`;
    },
    async start() {
      unwatch ??= watch(answered);
      const asked = waiting(id).find((entry) => entry.kind === "join"); // before a reload
      screen.busy = Boolean(asked);
      screen.kept = asked?.waited ? keptText(asked) : null;
      await load();
    },
    revive() {
      if (!screen.view) load();
    },
    stop() {
      unwatch?.();
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
  // An invite is a secret of a match that was: one gone says so, as a seat's link does (see play.js), not that none is
  const load = retrying(screen, async () => {
    screen.view = (await api.view(id)).data;
  }, (error) => {
    screen.gone = error.status === 404;
    return screen.gone ? t("mine.gone") : problemText(error);
  });

  function take(fields) {
    if (!begin(screen)) return;
    screen.refusal = null;
    screen.kept = null;
    if (fields.name) rememberName(fields.name);
    submit({kind: "join", match: id, body: {...pass, ...fields}});
    screen.repaint();
  }

  /** The outbox's news of this match's join: sent (the seat is kept: play), refused, or waiting. */
  function answered({entry, outcome, error}) {
    if (entry.kind !== "join" || entry.match !== id || outcome === "elsewhere") return; // another tab's
    if (outcome === "sent") return joined();
    if (outcome === "refused") {
      screen.busy = false;
      screen.error = null;
      screen.kept = null;
      // shown while a seat is free: a full match's page says so itself
      screen.refusal = problemText(error);
      // Their name taken, or no seat left: often the same person, who joined in a chat app's own browser
      screen.joinedElsewhere = error.code === "name_taken" || error.code === "match_full";
      if (SEATS_GONE.has(error.code)) load(); // the seats as they are now
    } else {
      // said in the sending line, as a kept move is: not as an error, which the name's field would show as its own
      screen.kept = keptText(entry);
    }
    screen.repaint();
  }
  return screen;
}
