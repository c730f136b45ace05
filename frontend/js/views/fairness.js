// Fair shuffles: the seed's fingerprint, the seed once the match is over, and a check in the browser.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {seatOf} from "../seat-store.js";
import {sha256Hex, shuffled} from "../shuffle.js";
import {disclosure} from "./disclosure.js";

/** Every hand the first view shows (a seat's own, or all of them where hands lie face up). */
function visibleHands(state) {
  const hands = (state.seats || []).map((s) => s.hand).filter(Array.isArray);
  if (Array.isArray(state.hand)) hands.push(state.hand);
  return hands.map((hand) => hand.map((card) => card.id));
}

/** Was `hand` dealt from `order` one card at a time to one of `seats` seats? */
function dealtTogether(order, hand, seats) {
  const wanted = new Set(hand);
  for (let first = 0; first < seats; first++) {
    const got = hand.map((_, k) => order[first + k * seats]);
    if (got.every((id) => wanted.has(id)) && new Set(got).size === wanted.size) return true;
  }
  return false;
}

async function check(view) {
  const result = {seed: (await sha256Hex(view.seed)) === view.seed_sha256, fixed: view.fixed};
  if (view.fixed) return result;
  const rules = await api.rulesOf(view.game);
  const seats = view.seats.length;
  const deck = rules.decks.find((d) => d.seats.includes(seats)).cards.map((c) => c.id);
  result.order = await shuffled(deck, view.seed, "deal:1");
  const first = await api.version(view.id, 0, seatOf(view.id)?.token);
  const hands = visibleHands(first.state);
  result.hands = hands.length;
  result.deal = hands.length > 0 && hands.every((hand) => dealtTogether(result.order, hand, seats));
  return result;
}

/** A match dealt from a deck its creator chose (`fixed`): its creator knows every hand and the draws, so the
 * join screen and the play screen say so (`me`: this device's seat, or null). The creator is told that the
 * others are told. */
export function fixedDeckNote(view, me) {
  if (!view.fixed) return "";
  const creator = me !== null && me === view.creator;
  return html`<p class="fixed-deck" id="fixed-deck">${t(creator ? "fair.fixedByYou" : "fair.fixedNotice")}</p>`;
}

const mark = (ok) => html`<span class="${ok ? "ok" : "bad"}" aria-hidden="true">${ok ? "✓" : "✗"}</span>`;

export function fairness(screen) {
  let open = false;
  let busy = false;
  let result = null;

  function body(view) {
    return html`
      <p>${t("fair.explain")}</p>
      <p><span class="label">${t("fair.fingerprint")}</span> <code class="hash">${view.seed_sha256}</code></p>
      ${view.seed ? html`<p><span class="label">${t("fair.seed")}</span> <code class="hash">${view.seed}</code></p>
        <button type="button" data-action="verify" data-key="verify" ${busy ? "disabled" : ""}>${t("fair.verify")}</button>`
        : html`<p>${t("fair.later")}</p>`}
      ${result?.error ? html`<p class="error">${result.error}</p>` : ""}
      ${result && !result.error ? html`<ul class="checks" data-say>
        <li>${mark(result.seed)} ${t(result.seed ? "fair.seedOk" : "fair.seedBad")}</li>
        ${result.fixed ? html`<li>${t("fair.fixed")}</li>` : html`
          <li>${mark(result.deal)} ${t(result.deal ? "fair.dealOk" : "fair.dealBad", {count: result.hands})}</li>
          <li><span class="label">${t("fair.order")}</span> <code class="order">${result.order.join(" ")}</code></li>`}
      </ul>` : ""}`;
  }

  return {
    render() {
      return disclosure("fair", open, t("fair.title"), open ? body(screen.view) : "");
    },
    toggle(name) {
      if (name !== "fair") return false;
      open = !open;
      screen.repaint();
      return true;
    },
    actions: {
      async verify() {
        busy = true;
        screen.repaint();
        try {
          result = await check(screen.view);
        } catch {
          result = {error: globalThis.crypto?.subtle ? t("error.network") : t("fair.insecure")};
        }
        busy = false;
        screen.repaint();
      },
    },
  };
}
