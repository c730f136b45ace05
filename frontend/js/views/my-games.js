// "My games": every match this device holds a seat in, each polled now and then.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {allSeats, forget} from "../seat-store.js";
import {gameName, statusLine} from "./words.js";

const EVERY_MS = 15000;

export function myGames(repaint) {
  const views = {};
  const etags = {};
  let timer = null;
  let stopped = false;

  async function refresh() {
    await Promise.all(allSeats().map(async ({id, token}) => {
      try {
        const result = await api.view(id, token, etags[id]);
        if (!result.notModified) {
          views[id] = result.data;
          etags[id] = result.etag;
        }
      } catch (error) {
        if (error.status === 404) views[id] = {gone: true};
      }
    }));
    if (stopped) return;
    repaint();
    timer = setTimeout(refresh, document.hidden ? 4 * EVERY_MS : EVERY_MS);
  }

  function item({id, game, seat}) {
    const view = views[id];
    const mine = view && view.turn === seat && view.status === "playing";
    const state = !view ? t("app.loading") : view.gone ? t("mine.gone") : statusLine(view, seat);
    const free = view?.seats ? view.seats.filter((s) => !s.joined).length : 0;
    const names = view?.seats ? view.seats.filter((s) => s.joined).map((s) => s.name) : [];
    const players = [...names, ...(free ? [t("mine.free", {count: free})] : [])].join(", ");
    return html`
      <li class="${mine ? "mine your-turn" : "mine"}">
        <a href="/g/${id}"><strong>${gameName(game)}</strong>
          <span class="players">${players}</span>
          <span class="state">${mine ? html`<span aria-hidden="true">● </span>` : ""}${state}</span></a>
        ${view?.status === "over" || view?.gone
          ? html`<button type="button" class="small" data-action="forget" data-id="${id}">${t("mine.forget")}</button>` : ""}
      </li>`;
  }

  return {
    render() {
      const seats = allSeats();
      if (!seats.length) return "";
      return html`<section class="my-games" aria-labelledby="mine-title">
        <h2 id="mine-title">${t("mine.title")}</h2><ul>${seats.map(item)}</ul></section>`;
    },
    start() {
      refresh();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    forget(id) {
      forget(id);
      repaint();
    },
  };
}
