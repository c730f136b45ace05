// ADD-TOO: a diamond board that pans and zooms; pick a diamond, see its legal cells, tap a cell
// (again to turn it), see the points, place it.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {minus, pairSums} from "../numbers.js";
import {seatName} from "../views/words.js";
import {attach, camera, zoom} from "./camera.js";
import {chosenWithKey, heldSideways} from "./cards.js";
import {PATTERN, at, cellLabel, cellOutline, centredOn, fit, inView, stepView, tilePicture, tileShapes, turnView} from "./diamonds.js";
import {helpsWithSums} from "./help.js";

const label = (face) => t("addtoo.tile", {orange: face.orange, blue: face.blue});
const words = (face) => t("addtoo.tileWords", {orange: face.orange, blue: face.blue});
const sameCell = (a, b) => a && b && a.x === b.x && a.y === b.y;
/** A placement's points as sums, "3 + 7 = 10, 15 for a bonus play": its scoring pairs, then a bonus play's points. */
const sums = (pairs = [], bonus = 0) => pairSums(pairs, bonus && t("hint.addtoo.bonus", {bonus}));

/** The selected diamond's legal placements, by cell: [{x, y, options: [{rotation, points, bonus}]}]; a cell's
 * best-scoring rotation first with help with the sums, else in turning order (the first is no clue). */
function cellsFor(ctx) {
  const cells = [];
  for (const p of ctx.legal?.place || []) {
    if (p.tile !== ctx.ui.tile) continue;
    let cell = cells.find((c) => c.x === p.x && c.y === p.y);
    if (!cell) cells.push(cell = {x: p.x, y: p.y, options: []});
    cell.options.push(p);
  }
  const byPoints = helpsWithSums(ctx.view);
  cells.forEach((c) => c.options.sort((a, b) => (byPoints ? b.points - a.points : 0) || a.rotation - b.rotation));
  return cells;
}

function chosen(ctx, cells) {
  const cell = cells.find((c) => sameCell(c, ctx.ui.cell));
  return cell ? {cell, option: cell.options.find((o) => o.rotation === ctx.ui.rotation) || cell.options[0]} : null;
}

function boardSvg(ctx, cells, pick) {
  const {view} = ctx;
  const state = view.state;
  const cam = camera(view.id);
  const box = !ctx.readOnly && cam.box ? cam.box : fit([...state.board, ...cells]);
  const placed = state.board.map((p) => {
    const name = t("addtoo.placed", {tile: words(p.tile), x: minus(p.x), y: minus(p.y)}); // the log's words for where it lies
    return html`<g role="img" aria-label="${name}"><title>${name}</title>
      ${tileShapes(p.tile, p.x, p.y, p.rotation, sameCell(p, state.last) ? "last" : "")}${cellLabel(p.x, p.y)}</g>`;
  });
  const helped = helpsWithSums(view);
  const targets = cells.map((c) => {
    const best = c.options[0].points; // the best rotation's, with help with the sums (the only case it is shown)
    const selected = pick && sameCell(pick.cell, c);
    const [cx, cy] = at(c.x + 0.5, c.y + 0.5);
    const where = {x: minus(c.x), y: minus(c.y), points: best, count: best}; // count: "0 point" in French
    return html`<g class="target ${selected ? "chosen" : ""}" role="button" tabindex="0" aria-pressed="${selected ? "true" : "false"}"
      data-action="cell" data-x="${c.x}" data-y="${c.y}" data-key="cell-${c.x}-${c.y}" aria-label="${t(helped ? "addtoo.cell" : "addtoo.cellAt", where)}">
      ${cellOutline(c.x, c.y, "target-cell")}
      ${selected || !helped ? "" : html`<text x="${cx.toFixed(1)}" y="${(cy + 5).toFixed(1)}" class="target-points">${best}</text>`}</g>`;
  });
  const preview = pick ? tileShapes(ctx.view.state.seats[ctx.me].hand.find((f) => f.id === ctx.ui.tile),
    pick.cell.x, pick.cell.y, pick.option.rotation, "preview") : "";
  const name = t("addtoo.board", {count: state.board.length});
  // The live board takes the focus, kept through a repaint, for the arrow keys to move its view (camera.js)
  const live = html`data-live="1" tabindex="0" data-key="board" aria-label="${name}. ${t("addtoo.boardKeys")}"`;
  // A replay's board pans and zooms too, by a camera of its own (follow below)
  const replayed = html`tabindex="0" data-key="replay-board" aria-label="${name}. ${t("addtoo.boardKeys")}"`;
  return html`<svg class="addtoo-board" ${ctx.readOnly ? replayed : live}
    viewBox="${box.map((n) => n.toFixed(1)).join(" ")}" role="group">${PATTERN}${placed}${targets}${preview}</svg>`;
}

function placeControls(ctx, pick) {
  if (!pick) {
    const nowhere = ctx.view.state.seats[ctx.me].hand.length > new Set(ctx.legal.place.map((p) => p.tile)).size;
    return html`<p class="hint">${t(ctx.ui.tile ? "addtoo.pickCell" : "addtoo.pickTile")}${
      !ctx.ui.tile && nowhere ? ` ${t("addtoo.dimmed")}` : ""}</p>`;
  }
  const {option, cell} = pick;
  const turns = cell.options.length;
  const helped = helpsWithSums(ctx.view);
  const paired = (option.pairs || []).reduce((total, [a, b]) => total + a + b, 0);
  const where = {points: option.points, x: minus(cell.x), y: minus(cell.y), pairs: sums(option.pairs, option.points - paired)};
  const said = option.bonus ? "addtoo.scoresBonus" : option.points ? "addtoo.scoresSums" : "addtoo.scores";
  const line = helped ? t(said, where) : t("addtoo.at", where);
  return html`<div class="controls">
    <p class="live-sum">${line}${
      turns > 1 ? html`<span class="sr-only"> ${t("addtoo.turned", {at: cell.options.indexOf(option) + 1, count: turns})}</span>` : ""}</p>
    <div class="actions">
      <button type="button" class="primary" data-action="place" data-key="place" ${ctx.busy ? "disabled" : ""}>
        ${helped ? t("addtoo.place", {points: option.points, count: option.points}) : t("addtoo.placeIt")}</button>
      ${turns > 1 ? html`<button type="button" data-action="turn" data-key="turn">${t("addtoo.turn", {at: cell.options.indexOf(option) + 1, count: turns})}</button>` : ""}
    </div></div>`;
}

/** Each seat's diamonds, this device's seat first; none for a seat that placed its last (a match over), nor while
 * seats are free (the server shows only how many). */
function hands(ctx) {
  const {view, me, legal, ui} = ctx;
  const tiles = (seat) => view.state.seats[seat].hand.map((face) => {
    const placing = seat === me && !ctx.readOnly ? legal?.place : null;
    if (!placing?.some((p) => p.tile === face.id)) { // on the seat's turn to place, a diamond that fits nowhere is dimmed
      return html`<span class="card tile-card ${placing ? "fits-nowhere" : ""}" role="img"
        aria-label="${placing ? t("addtoo.tileNowhere", face) : label(face)}">${tilePicture(face)}</span>`;
    }
    return html`<button type="button" class="card tile-card ${ui.tile === face.id ? "selected" : ""}" data-action="tile"
      data-card="${face.id}" data-key="tile-${face.id}" aria-pressed="${ui.tile === face.id ? "true" : "false"}"
      aria-label="${t("addtoo.tileCard", face)}" ${ctx.busy ? "disabled" : ""}>${tilePicture(face)}</button>`;
  });
  const order = view.seats.map((_, s) => s).sort((a, b) => (b === me) - (a === me));
  const rack = (seat) => html`<div class="hand ${seat === me ? "" : "other"}"><h3>${seat === me ? t("addtoo.yourDiamonds")
    : t("addtoo.diamondsOf", {name: seatName(view, seat)})}</h3>
    <div class="cards">${tiles(seat)}</div></div>`;
  return order.map((seat) => (view.state.seats[seat].hand?.length ? rack(seat) : ""));
}

/** "30 − 10 = 20": a seat's points in a hand, its penalty and what it keeps. */
const kept = (seat) => `${seat.points} − ${seat.penalty} = ${minus(seat.net)}`;

/** "Ann 30 − 10 = 20, Bob 0 − 20 = −20": each seat's points in a hand, its penalty and what it keeps. */
function handResults(view, seats) {
  return seats.map((s, n) => `${seatName(view, n)} ${kept(s)}`).join(", ");
}

/** The seat that won a match its last hand ended on equal top totals, by the higher score in that hand (RULES.md's
 * interpretation of a tie); null when the totals decided, the hand did not end the match, or the tie stands. */
function tieBroken(view, over) {
  const top = Math.max(...over.totals);
  if (!(top >= view.state?.target)) return null;
  const tied = over.totals.map((_, s) => s).filter((s) => over.totals[s] === top);
  const best = Math.max(...tied.map((s) => over.seats[s].net));
  const winners = tied.filter((s) => over.seats[s].net === best);
  return tied.length > 1 && winners.length === 1 ? winners[0] : null;
}

/** Under the board, how the last hand ended: once the next hand has its first diamond. Before (its board empty), the
 * last move is the one that ended the hand, and its line above the table, or the replay's step, says these sums. */
function lastHand(view) {
  const last = view.state.last_hand;
  if (!last || view.status === "over" || !view.state.board.length) return "";
  return html`<p class="note">${t("addtoo.lastHand", {results: handResults(view, last.seats)})}</p>`;
}

export default {
  fresh: () => ({tile: null, cell: null, rotation: null}),
  // Held sideways, the board, its lit cells and the diamond picked's preview, stay in sight, not the zoom buttons above
  // it (views/play.js)
  keptInSight: (table) => (heldSideways() ? table.querySelector(".addtoo-board") : null),

  seatInfo(view, n) {
    const seat = view.state.seats[n];
    const last = view.status === "over" && view.state.last_hand; // the match's last hand, its penalty taken as the log says
    return t("addtoo.seatInfo", {count: seat.hand_count, points: last ? kept(last.seats[n]) : seat.hand_points});
  },

  score(view, n) {
    const target = view.state.target;
    return {text: t("score.seat.addtoo", {score: minus(view.scores[n]), target}), line: target};
  },

  board(ctx) {
    const {view, legal} = ctx;
    const state = view.state;
    const cells = ctx.readOnly ? [] : cellsFor(ctx);
    const pick = chosen(ctx, cells);
    const mine = ctx.me !== null && !ctx.readOnly;
    const [own, ...rest] = hands(ctx); // the player's own diamonds right under the board, before the controls
    const others = mine ? rest : [own, ...rest];
    return html`<div class="addtoo" data-version="${view.version}">
      <div class="board-head"><p class="facts">${t("addtoo.hand", {deal: state.deal, target: state.target})} · ${
        t("addtoo.pile", {count: state.pile_count})}</p>
        ${zoomButtons(ctx)}</div>
      ${boardSvg(ctx, cells, pick)}
      ${mine ? own : ""}
      ${mine && legal?.place ? placeControls(ctx, pick) : ""}
      ${cells.length ? outsideNote(cells, camera(view.id).shown) : ""}
      ${mine && (legal?.draw || legal?.pass) ? html`<div class="actions">
        <p class="hint">${t(legal.draw ? "addtoo.mustDraw" : "addtoo.mustPass")}</p>
        <button type="button" class="primary" data-action="${legal.draw ? "draw" : "pass"}" data-key="draw-pass"
          ${ctx.busy ? "disabled" : ""}>${t(legal.draw ? "addtoo.draw" : "addtoo.pass")}</button></div>` : ""}
      ${others}
      ${lastHand(view)}
    </div>`;
  },

  painted(root, ctx) {
    if (ctx.readOnly) return follow(root.querySelector("svg.addtoo-board"), ctx);
    const svg = root.querySelector("svg[data-live]");
    if (!svg) return;
    const cam = camera(ctx.view.id);
    const {board, last} = ctx.view.state;
    const lit = (ctx.legal?.place || []).map(({x, y}) => ({x, y})); // of every diamond in hand: picking one moves nothing
    const places = cellsFor(ctx); // of the diamond picked, drawn as targets
    const outside = root.querySelector("#addtoo-outside");
    // The turn's view needs the board's size on screen, known only now; a view the user chose stays.
    const moveTo = attach(svg, cam, (width, height) => cam.box || turnView(board, lit, last, width, height),
      (shown) => outside && sayOutside(outside, leftOut(places, shown)));
    // A lit cell reached with Tab (or a screen reader's cursor) outside the view: the view follows it.
    svg.addEventListener("focusin", (event) => {
      const target = event.target.closest?.(".target");
      const cell = target && {x: Number(target.dataset.x), y: Number(target.dataset.y)};
      if (cell && !inView(cell, cam.shown)) moveTo(centredOn(cell, cam.shown));
    });
  },

  actions: {
    tile(ctx, button, event) {
      ctx.ui.tile = ctx.ui.tile === button.dataset.card ? null : button.dataset.card;
      const cells = cellsFor(ctx);
      ctx.ui.cell = cells.length === 1 ? {x: cells[0].x, y: cells[0].y} : null;
      ctx.ui.rotation = cells.length === 1 ? cells[0].options[0].rotation : null;
      ctx.repaint();
      if (chosenWithKey(event) && cells.length > 1) document.querySelector(".addtoo-board .target")?.focus(); // the lit cells
    },
    cell(ctx, target) {
      const cell = cellsFor(ctx).find((c) => c.x === Number(target.dataset.x) && c.y === Number(target.dataset.y));
      if (!cell) return;
      if (sameCell(ctx.ui.cell, cell)) return turn(ctx);
      ctx.ui.cell = {x: cell.x, y: cell.y};
      ctx.ui.rotation = cell.options[0].rotation;
      ctx.repaint();
    },
    turn,
    place(ctx) {
      const pick = chosen(ctx, cellsFor(ctx));
      ctx.play({type: "place", tile: ctx.ui.tile, x: pick.cell.x, y: pick.cell.y, rotation: pick.option.rotation});
    },
    draw(ctx) {
      ctx.play({type: "draw"});
    },
    pass(ctx) {
      ctx.play({type: "pass"});
    },
    zoomIn(ctx, button) {
      zoomBy(ctx, button, 1 / 1.4);
    },
    zoomOut(ctx, button) {
      zoomBy(ctx, button, 1.4);
    },
    zoomFit(ctx, button) {
      camera(button.dataset.camera).box = null;
      ctx.repaint();
    },
    showPlaces(ctx) {
      camera(ctx.view.id).box = fit(cellsFor(ctx));
      ctx.repaint();
      document.querySelector(".addtoo-board .target")?.focus(); // the button is gone: on to the cells it showed
    },
  },

  describe(entry, {name, view}) {
    const parts = [];
    if (entry.type === "place") {
      const scored = entry.bonus ? "log.addtoo.bonus" : entry.points ? "log.addtoo.scored" : "log.addtoo.place";
      parts.push(t(scored, {name, tile: words(entry.tile), x: minus(entry.x), y: minus(entry.y), points: entry.points,
        pairs: sums(entry.pairs, entry.bonus_points)})); // the sums it scored
    } else if (entry.type === "draw") parts.push(t("log.addtoo.draw", {name, tile: words(entry.tile)}));
    else parts.push(t("log.addtoo.pass", {name}));
    const over = entry.hand_over;
    if (over) {
      parts.push(t(`log.addtoo.over.${over.reason}`, {name, results: handResults(view, over.seats)})); // out: the mover
      const winner = tieBroken(view, over);
      if (winner !== null) parts.push(t("log.addtoo.tieBroken", {name: seatName(view, winner)}));
    }
    return parts;
  },
};

/** How many of the picked diamond's lit cells the board's view `box` leaves out. */
const leftOut = (cells, box) => (box ? cells.filter((cell) => !inView(cell, box)).length : 0);
const outsideText = (count) => (count ? t("addtoo.outside", {count}) : "");

/** Under the controls, the lit cells the view last shown leaves out; painted() keeps it true as the view moves. */
function outsideNote(cells, box) {
  const count = leftOut(cells, box);
  return html`<p class="note" id="addtoo-outside" ${count ? "" : "hidden"}><span>${outsideText(count)}</span>
    <button type="button" class="small" data-action="showPlaces" data-key="show-places">${t("addtoo.showPlaces")}</button></p>`;
}

/** The note brought up to date in place: a drag must not replace the button under a finger or the focus. */
function sayOutside(note, count) {
  note.hidden = count === 0;
  note.querySelector("span").textContent = outsideText(count);
}

/** A replay's board on `svg`, at the step `ctx.view`: it opens on the step's diamond, readable on a phone; moved (a drag,
 * a pinch, the arrow keys), the view stays from step to step until a step's diamond falls outside it, and then
 * centres on that diamond. */
function follow(svg, ctx) {
  if (!svg) return;
  const cam = camera(cameraKey(ctx));
  const {board, last} = ctx.view.state;
  if (cam.box && last && !inView(last, cam.box)) cam.box = centredOn(last, cam.box);
  attach(svg, cam, (width, height) => cam.box || stepView(board, last, width, height), () => {});
}

/** The chosen cell's next legal rotation. */
function turn(ctx) {
  const pick = chosen(ctx, cellsFor(ctx));
  const options = pick.cell.options;
  ctx.ui.rotation = options[(options.indexOf(pick.option) + 1) % options.length].rotation;
  ctx.repaint();
}

/** The board's camera: the play board's, or a replay's own (follow above). */
const cameraKey = (ctx) => (ctx.readOnly ? `${ctx.view.id}/replay` : ctx.view.id);

/** +, − and Fit above a board, the play board's or a replay's (a replay's keys set apart: both may be on the page). */
function zoomButtons(ctx) {
  const [key, cam] = [ctx.readOnly ? "replay-zoom" : "zoom", cameraKey(ctx)];
  return html`<div class="zoom actions">
    <button type="button" class="small" data-action="zoomIn" data-camera="${cam}" data-key="${key}-in"
      aria-label="${t("addtoo.zoomIn")}">+</button>
    <button type="button" class="small" data-action="zoomOut" data-camera="${cam}" data-key="${key}-out"
      aria-label="${t("addtoo.zoomOut")}">−</button>
    <button type="button" class="small" data-action="zoomFit" data-camera="${cam}" data-key="${key}-fit">${t("addtoo.fit")}</button></div>`;
}

/** Zoom the board of `button` (one of zoomButtons') by `factor`. The action is the play screen's, whichever board. */
function zoomBy(ctx, button, factor) {
  const cam = camera(button.dataset.camera);
  const svg = button.closest(".addtoo").querySelector("svg.addtoo-board");
  zoom(cam, cam.box || svg.getAttribute("viewBox").split(" ").map(Number), factor);
  ctx.repaint();
}
