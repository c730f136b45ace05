// ADD'EM: build a sum from your hand (and the exposed cards) against a red Total card; expose,
// replace, draw or pass. What may be done comes from the server; the sum shown is plain arithmetic.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {equation, expression, minus} from "../numbers.js";
import {choiceGroup} from "../ui.js";
import {Listed, problemText, seatName, totalOf, totalsAfter} from "../views/words.js";
import {card, cardRow, handArea} from "./cards.js";
import {helpsWithSums} from "./help.js";

const OUT_AT = 50; // engine/addem.py's OUT_AT: the score that puts a player out

function label(face) {
  if (face.kind === "addem") return t(`addem.addem.${face.parity}`);
  return t(`addem.${face.kind}`, {value: minus(face.value)});
}

/** The words a card's face shows: its number, and the corner's word ("7 total", "odd"). */
function shownOf(face) {
  if (face.kind === "addem") return t(`addem.short.${face.parity}`);
  return face.kind === "total" ? `${minus(face.value)} ${t("addem.short.total")}` : minus(face.value);
}

/** A card of the hand, a button, is named by what it shows in one phrase: "7 total card" ("7 total, Total card 7" said
 * it twice to a screen reader); the others' names say it already ("Figure card 3", "Odd Add-Em card"). */
const handName = (face) => (face.kind === "total" ? t("card.shown", {shown: shownOf(face)}) : label(face));

function faceOf(face) {
  if (face.kind === "addem") return html`<span class="value">±</span> <span class="corner">${t(`addem.short.${face.parity}`)}</span>`;
  return html`<span class="value">${minus(face.value)}</span>${face.kind === "total" ? html` <span class="corner">${t("addem.short.total")}</span>` : ""}`;
}

/** A card in a sentence: "6", "−3", "Total 7", "Odd Add-Em as 5". */
function words(face) {
  if (face.kind === "addem") return face.as === undefined ? label(face) : t("addem.as", {card: label(face), value: minus(face.as)});
  return face.kind === "total" ? label(face) : minus(face.value);
}

const plain = (f) => f.kind === "figure" || f.kind === "minus";

/** Cards added up, written as the sum being built is: "8 − 4 + Odd Add-Em as 3", never "8 + −4". */
const terms = (cards) => expression(cards.map((f) => (plain(f) ? f.value : words(f))));

/** Whether the Add-Em cards left open (each the list of values it may stand for) can make `need`. */
const fits = (open, need) => (open.length ? open[0].some((v) => fits(open.slice(1), need - v)) : need === 0);

/** "8 − 4 = 4", or "8 + ?" while an Add-Em card's value is open; with no addend yet (a Total card tapped
 * alone) the Total aimed at, not an empty sum's "0 = 0"; with one, that card, not "8 = 8" (read as a right sum). */
function sumLine(parts, totals, sum, known) {
  if (!parts.length) return totals.map(label).join(", ");
  return known && parts.length > 1 ? equation(parts, sum) : expression(parts);
}

/** The sum being built (exposed cards + picked ones against one picked Total card): its line and whether
 * the server would take it (a wrong sum only when it costs penalty points instead of being refused).
 * Without help with the sums, only the card counts are checked: no line, and the server judges the sum. */
function sumCheck(ctx, picked) {
  const {view, ui} = ctx;
  const sums = helpsWithSums(view);
  const totals = picked.filter((f) => f.kind === "total");
  const parts = [...view.state.exposed, ...picked.filter((f) => f.kind !== "total")].map((f) =>
    (f.kind === "addem" ? (ui.values[f.id] ?? null) : f.value));
  const known = parts.every((p) => p !== null);
  const sum = parts.reduce((a, p) => a + (p ?? 0), 0);
  const line = sums ? sumLine(parts, totals, sum, known) : "";
  if (totals.length !== 1) return {line, verdict: t("addem.needTotal"), ok: false};
  const total = totals[0].value;
  if (parts.length < 2) return {line, verdict: t("addem.tooFew"), ok: false};
  if (!sums) return {line, verdict: "", ok: true};
  const open = picked.filter((f) => f.kind === "addem" && (ui.values[f.id] ?? null) === null).map((f) => f.values);
  if (!known && fits(open, total - sum)) return {line, verdict: t("addem.unknown", {total}), ok: true};
  if (known && sum === total) return {line, verdict: t("addem.right", {total}), ok: true, right: true};
  const penalties = view.options?.penalties === true;
  return {line, verdict: t(penalties ? "addem.wrongPenalty" : "addem.wrong", {total}), ok: penalties};
}

/** The cards picked to replace the exposed ones: plain cards, two or more, worth what the exposed are
 * (that last, and the line, only with help with the sums). */
function replaceCheck(ctx, picked) {
  const target = ctx.view.state.exposed_total;
  const sum = picked.reduce((a, f) => a + (f.value ?? 0), 0);
  const sums = helpsWithSums(ctx.view);
  const laid = picked.length > 1 ? `${terms(picked)} = ${minus(sum)}` : terms(picked); // one card: "6", not "6 = 6"
  const line = sums ? t("addem.replaceLine", {laid, target: minus(target)}) : "";
  if (!picked.every(plain)) return {line, verdict: t("addem.replacePlain"), ok: false};
  if (picked.length < 2) return {line, verdict: t("addem.replaceTwo"), ok: false};
  if (!sums) return {line, verdict: "", ok: true};
  return sum === target ? {line, verdict: t("addem.replaceOk"), ok: true, right: true}
    : {line, verdict: t("addem.replaceWrong", {target: minus(target)}), ok: false};
}

/** What the picked cards make, and why a move is not yet possible: next to the builder, not below. */
function checks(ctx) {
  const hand = ctx.view.state.hand;
  const picked = ctx.ui.picked.map((id) => hand.find((f) => f.id === id)).filter(Boolean);
  const replacing = ctx.legal.types.includes("replace") && picked.length > 0 && !picked.some((f) => f.kind === "total");
  return {picked, sum: sumCheck(ctx, picked), replace: replacing ? replaceCheck(ctx, picked) : null};
}

/** The builder's line: what the picked cards make and why a move is not yet possible ("" when nothing to say). */
function verdictLine({picked, sum, replace}) {
  const shown = replace || sum;
  return picked.length ? [shown.line, shown.verdict].filter(Boolean).join(" · ") : "";
}

function builder(ctx, checked) {
  const {ui} = ctx;
  const {picked, replace} = checked;
  if (!picked.length) return html`<p class="hint">${t("addem.pick")}</p>`;
  const shown = replace || checked.sum;
  const said = verdictLine(checked);
  const pickers = picked.filter((f) => f.kind === "addem").map((f) => choiceGroup({legend: label(f), named: true,
    chosen: ui.values[f.id] ?? "", action: "addemValue", key: `value-${f.id}`, data: {of: f.id},
    choices: [{value: "", label: t("addem.findValue")}, ...f.values.map((v) => ({value: v, label: minus(v)}))]}));
  return html`${said ? html`<p class="live-sum ${shown.right ? "ok" : ""}" id="addem-verdict">${said}</p>` : ""}${
    replace ? html`<p class="hint">${t("addem.orTotal")}</p>` : ""}${pickers}`;
}

function controls(ctx) {
  const {legal, ui, busy} = ctx;
  const types = legal.types;
  const checked = checks(ctx);
  const sums = helpsWithSums(ctx.view);
  const can = (type, ok = true) => (types.includes(type) && ok && !busy ? "" : "disabled");
  const one = ui.picked.length === 1 && legal.expose.includes(ui.picked[0]);
  const closed = legal.replace_closed; // the replace circle rule shuts replacing now: why, as a refusal's code
  const reason = (type) => (type === "replace" && closed ? "addem-closed" : verdictLine(checked) ? "addem-verdict" : null);
  const button = (type, action, key, ok = true, primary = false, shown = types.includes(type)) => (shown
    ? html`<button type="button" class="${primary ? "primary" : ""}" data-action="${action}" data-key="${action}"
        ${reason(type) ? html`aria-describedby="${reason(type)}"` : ""} ${can(type, ok)}>${t(key)}</button>` : "");
  return html`<div class="controls">
    ${legal.forced ? html`<p class="note">${t(types.includes("draw") ? "addem.forced" : "addem.forcedPass")}</p>` : ""}
    ${builder(ctx, checked)}
    ${closed ? html`<p class="note" id="addem-closed">${t(`error.${closed}`)}</p>` : ""}
    <div class="actions">
      ${button("sum", "sum", "addem.laySum", checked.picked.length > 0 && checked.sum.ok, true)}
      ${button("expose", "expose", "addem.expose", one)}
      ${button("replace", "replace", "addem.replace", checked.replace?.ok === true, false, types.includes("replace") || !!closed)}
      ${button("draw", "draw", "addem.draw")}
      ${button("pass", "pass", "addem.pass")}
    </div>
    <div class="actions hints">
      ${sums && types.includes("sum") && legal.sums.length ? html`<button type="button" class="small" data-action="hintSum" data-key="hint-sum">${t("addem.hintSum")}</button>` : ""}
      ${sums && types.includes("replace") && legal.replaces.length ? html`<button type="button" class="small" data-action="hintReplace" data-key="hint-replace">${t("addem.hintReplace")}</button>` : ""}
      ${ui.picked.length ? html`<button type="button" class="small" data-action="clear" data-key="clear">${t("addem.clear")}</button>` : ""}
    </div></div>`;
}

/** " (1 + 1 + 3 + 10)": a hand's cards as they were counted at a round's end (one card alone: its points say it). */
const counted = (points) => (points.length > 1 ? ` (${points.join(" + ")})` : "");

export default {
  fresh: () => ({picked: [], values: {}}),
  // The exposed cards a sum or a replace counts with stay in sight, not the round's line above them (views/play.js)
  keptInSight: (table) => table.querySelector(".card-row .cards"),

  score: (view, n) => ({text: t("score.seat.addem", {score: view.scores[n], line: OUT_AT}),
    short: t("score.seat.addemShort", {score: view.scores[n], line: OUT_AT}), line: OUT_AT, lowWins: true}),

  seatInfo(view, n) {
    const seat = view.state.seats[n];
    return `${t("addem.seatInfo", {count: seat.hand_count})}${seat.in ? "" : ` · ${t("addem.out")}`}`;
  },

  board(ctx) {
    const {view, legal, ui} = ctx;
    const state = view.state;
    const exposed = state.exposed.map((f) => card({id: f.id, label: label(f), face: faceOf(f), kind: `addem-${f.kind}`}));
    const choosing = legal && !ctx.readOnly;
    const hand = (state.hand || []).map((f) => card({id: f.id, label: handName(f), face: faceOf(f), shown: shownOf(f),
      kind: `addem-${f.kind}`, action: choosing ? "pick" : null, selected: ui.picked.includes(f.id), disabled: ctx.busy,
      data: {kind: f.kind, value: f.value ?? ""}}));
    const round = state.dealer === null ? "" : `${t("addem.round", {deal: state.deal, dealer: seatName(view, state.dealer)})} · `;
    return html`<div class="addem" data-version="${view.version}">
      <p class="facts">${round}${t("addem.pool", {count: state.pool_count})}</p>
      ${cardRow(t("addem.exposed"), exposed, state.exposed.length && helpsWithSums(view) ? html` <span class="sum">${t("addem.worth", {total: minus(state.exposed_total)})}</span>` : "")}
      ${state.hand ? handArea(t("play.yourHand"), hand, choosing ? controls(ctx) : "") : ""}
    </div>`;
  },

  actions: {
    pick(ctx, button) {
      const id = button.dataset.card;
      ctx.ui.picked = ctx.ui.picked.includes(id) ? ctx.ui.picked.filter((c) => c !== id) : [...ctx.ui.picked, id];
      ctx.repaint();
    },
    addemValue(ctx, choice) {
      if (choice.value === "") delete ctx.ui.values[choice.dataset.of];
      else ctx.ui.values[choice.dataset.of] = Number(choice.value);
      ctx.repaint();
    },
    clear(ctx) {
      ctx.ui.picked = [];
      ctx.ui.values = {};
      ctx.repaint();
    },
    hintSum(ctx) {
      const hint = ctx.legal.sums[0];
      ctx.ui.picked = [...hint.cards];
      ctx.ui.values = {...(hint.values || {})};
      ctx.repaint();
    },
    hintReplace(ctx) {
      ctx.ui.picked = [...ctx.legal.replaces[0].cards];
      ctx.repaint();
    },
    sum(ctx) {
      const values = Object.fromEntries(Object.entries(ctx.ui.values).filter(([id]) => ctx.ui.picked.includes(id)));
      ctx.play({type: "sum", cards: ctx.ui.picked, ...(Object.keys(values).length ? {values} : {})});
    },
    expose(ctx) {
      ctx.play({type: "expose", card: ctx.ui.picked[0]});
    },
    replace(ctx) {
      ctx.play({type: "replace", cards: ctx.ui.picked});
    },
    draw(ctx) {
      ctx.play({type: "draw"});
    },
    pass(ctx) {
      ctx.play({type: "pass"});
    },
  },

  describe(entry, {name, view, brief}) {
    const parts = [];
    if (entry.type === "sum" && entry.penalty) {
      parts.push(t("log.addem.penalty", {name, count: entry.card_count, penalty: entry.penalty}));
      // its player (only) is told what they counted wrong, in the words of the refusal the sum meets without penalties
      if (entry.parts) parts.push(problemText({code: "sum_mismatch", params: {parts: entry.parts, total: entry.total}}));
    } else if (entry.type === "sum") {
      parts.push(t("log.addem.sum", {name, parts: terms(entry.cards.filter((c) => c.kind !== "total")), total: entry.total}));
      const discarded = entry.discarded.length; // none when the sum took the whole hand
      if (entry.went_out) parts.push(discarded ? t("log.addem.out", {name, count: discarded}) : t("log.addem.wentOut", {name}));
    } else if (entry.type === "expose") parts.push(t("log.addem.expose", {name, card: words(entry.card)}));
    else if (entry.type === "replace") {
      parts.push(t("log.addem.replace", {name, took: terms(entry.took), laid: terms(entry.laid)}));
      if (entry.circle_closed) parts.push(t("log.addem.circle"));
    }
    else if (entry.type === "draw") parts.push(entry.card ? t("log.addem.drewCard", {name, card: words(entry.card)}) : t("log.addem.draw", {name}));
    else parts.push(t("log.addem.pass", {name}));
    const end = entry.round_end;
    if (end) {
      const who = (s) => seatName(view, s);
      parts.push(end.blocked ? t("log.addem.blocked", {deal: end.deal}) : t("log.addem.called", {deal: end.deal, name: who(end.called)}));
      // Only the seats dealt this round: each holds a card at its end but the one that went out, so a seat at 0
      // that did not call ADD-EM was out already (at 50), not dealt, and scored nothing rather than "+0"
      const dealt = end.points.map((p, s) => [s, p]).filter(([s, p]) => p > 0 || s === end.called);
      const points = t("log.addem.points", {points: dealt.map(([s, p]) =>
        `${who(s)} +${p}${brief ? "" : counted(end.card_points[s])}`).join(", ")});
      if (brief) parts.push(points);
      else { // with the totals the round brings each seat to (its penalties too): one line a seat in the last move
        parts.push(new Listed(`${points} ${totalsAfter(view, dealt.map(([s]) => s), end.points, end.scores)}`,
          dealt.map(([s, p]) => totalOf(view, s, p, end.scores[s], counted(end.card_points[s])))));
      }
      end.dropped.forEach((s) => parts.push(t("log.addem.dropped", {name: who(s)})));
    }
    return parts;
  },
};
