// ADD-TOO's diamonds in SVG: the square lattice turned 45 degrees, each tile split into an orange
// half and a blue half (blue also hatched, so the halves differ without colour), numbers on the sides.
import {html} from "../html.js";
import {minus} from "../numbers.js";

export const H = 30; // half the width of a cell's diamond
const SIDES = [[0.5, 0.17], [0.83, 0.5], [0.5, 0.83], [0.17, 0.5]]; // N E S W, inside the cell
const CORNERS = [[0, 0], [1, 0], [1, 1], [0, 1]]; // NW NE SE SW

/** Square-lattice point (px, py) on the turned board. */
export const at = (px, py) => [(px - py) * H, (px + py) * H];

const points = (list) => list.map(([px, py]) => at(px, py).map((n) => n.toFixed(1)).join(",")).join(" ");

/** The SVG shapes of one tile on cell (x, y): orange on sides r and r + 1. */
export function tileShapes(face, x, y, rotation, extra = "") {
  const corner = (i) => [x + CORNERS[i % 4][0], y + CORNERS[i % 4][1]];
  const orange = [corner(rotation), corner(rotation + 1), corner(rotation + 2)];
  const blue = [corner(rotation + 2), corner(rotation + 3), corner(rotation)];
  const numbers = SIDES.map(([sx, sy], side) => {
    const isOrange = side === rotation || side === (rotation + 1) % 4;
    const [cx, cy] = at(x + sx, y + sy);
    return html`<text x="${cx.toFixed(1)}" y="${(cy + 4).toFixed(1)}" class="${isOrange ? "n-orange" : "n-blue"}">${isOrange ? face.orange : face.blue}</text>`;
  });
  return html`<g class="tile ${extra}"><polygon class="half-orange" points="${points(orange)}"/>
    <polygon class="half-blue" points="${points(blue)}"/><polygon class="half-blue-hatch" points="${points(blue)}"/>${numbers}</g>`;
}

/** A cell's coordinates, small, in its middle: "x, y" as the log names the cell. */
export function cellLabel(x, y) {
  const [cx, cy] = at(x + 0.5, y + 0.5);
  return html`<text x="${cx.toFixed(1)}" y="${(cy + 3).toFixed(1)}" class="coord" aria-hidden="true">${minus(x)}, ${minus(y)}</text>`;
}

export function cellOutline(x, y, extra = "") {
  return html`<polygon class="${extra}" points="${points(CORNERS.map(([cx, cy]) => [x + cx, y + cy]))}"/>`;
}

export const PATTERN = html`<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
  <line x1="0" y1="0" x2="0" y2="6" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/></pattern></defs>`;

/** A lone diamond (a hand tile) as a small picture. */
export function tilePicture(face, rotation = 0) {
  return html`<svg class="diamond" viewBox="${-H} 0 ${2 * H} ${2 * H}" aria-hidden="true" focusable="false">${PATTERN}${tileShapes(face, 0, 0, rotation)}</svg>`;
}

/** Whether the middle of cell (x, y) lies in the viewBox `box`. */
export function inView({x, y}, box) {
  const [cx, cy] = at(x + 0.5, y + 0.5);
  return cx >= box[0] && cx <= box[0] + box[2] && cy >= box[1] && cy <= box[1] + box[3];
}

/** The viewBox of `box`'s size centred on cell (x, y). */
export function centredOn({x, y}, box) {
  const [cx, cy] = at(x + 0.5, y + 0.5);
  return [cx - box[2] / 2, cy - box[3] / 2, box[2], box[3]];
}

/** The viewBox [x, y, w, h] that shows every cell in `cells` (at least `least` units wide). */
export function fit(cells, least = 8 * H) {
  if (!cells.length) return [-least / 2, -least / 2 + H, least, least];
  const xs = cells.flatMap(({x, y}) => [(x - y - 1) * H, (x - y + 1) * H]);
  const ys = cells.flatMap(({x, y}) => [(x + y) * H, (x + y + 2) * H]);
  let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = H * 0.6;
  const w = Math.max(x1 - x0 + 2 * pad, least);
  const h = Math.max(y1 - y0 + 2 * pad, least * 0.8);
  return [(x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2, w, h];
}

// CSS px per board unit at which a diamond's numbers (13 units) are drawn 12 px, the page's smallest
// text: a cell (60 units) is then 55 px, a target a finger can take.
const READABLE = 12 / 13;

/** Whether viewBox `box` on a board `width` x `height` px draws the numbers at the readable size. */
const readable = (box, width, height) => Math.min(width / box[2], height / box[3]) >= READABLE;

/** The viewBox a turn opens on, on a board `width` x `height` px: the whole board and its `lit` cells while
 *  that stays readable; else the lit cells and the `last` diamond (most lit cells touch it; a cell touching
 *  two diamonds may lie elsewhere); past that, at the readable size, the view centred on the lit cell nearest
 *  the last diamond (on the last diamond when nothing is lit), so that a place to play is always in sight. */
export function turnView(board, lit, last, width, height) {
  for (const cells of [[...board, ...lit], last ? [...lit, last] : []]) {
    const box = cells.length ? fit(cells) : null;
    if (box && readable(box, width, height)) return box;
  }
  const centre = nearest(lit, last) || last;
  return centre ? readableAround(centre, width, height) : fit(board);
}

/** The viewBox a replay's step opens on, on a board `width` x `height` px: the whole board while that stays readable,
 *  else the step's `last` diamond in the middle at the readable size (fitted whole, a hand's board of 17 diamonds drew
 *  its numbers 10 px high on a phone, and one of 60 far smaller). */
export function stepView(board, last, width, height) {
  const whole = fit(board);
  return readable(whole, width, height) || !last ? whole : readableAround(last, width, height);
}

/** The viewBox of a `width` x `height` px board centred on cell `centre`, its numbers drawn at the readable size. */
function readableAround(centre, width, height) {
  const [w, h] = [width / READABLE, height / READABLE];
  return centredOn(centre, [0, 0, w, h]);
}

/** The cell of `cells` nearest to `to` (the first when there is no `to`), or undefined. */
function nearest(cells, to) {
  const distance = (c) => (to ? Math.hypot(c.x - to.x, c.y - to.y) : 0);
  return cells.reduce((best, c) => (best && distance(best) <= distance(c) ? best : c), undefined);
}
