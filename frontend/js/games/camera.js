// Pan and zoom for an SVG board: one finger (or the mouse) drags, two fingers pinch, the wheel zooms, and on the
// focused board the arrow keys move the view as a drag does.
// A drag is not a tap: the click that ends it does not reach the board's buttons.
const cameras = new Map();

/** The camera of board `key`: {box: [x, y, w, h] | null (fit automatically), shown: the part of the board last
 *  on screen}. */
export function camera(key) {
  if (!cameras.has(key)) cameras.set(key, {box: null, shown: null});
  return cameras.get(key);
}

/** Where each arrow key moves the view, in quarters of its width and height. */
const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};

/** What a `width` x `height` px board shows of viewBox `box`: more of it one way, as the box is centred
 *  (the SVG default, xMidYMid meet). */
function onScreen(box, width, height) {
  const scale = Math.max(box[2] / width, box[3] / height);
  const [w, h] = [width * scale, height * scale];
  return [box[0] - (w - box[2]) / 2, box[1] - (h - box[3]) / 2, w, h];
}

/** Where `svg` draws on the screen, in CSS px: inside its border (and padding). Measured to the border's outside, the
 * view said shown was off by up to half a pixel on two sides (2 px of border around a board not square): a lit cell
 * whose middle lay that close to the edge could be counted on the wrong side of it. */
function drawing(svg) {
  const rect = svg.getBoundingClientRect();
  const style = getComputedStyle(svg);
  const [left, top, right, bottom] = ["Left", "Top", "Right", "Bottom"]
    .map((side) => parseFloat(style[`border${side}Width`]) + parseFloat(style[`padding${side}`]));
  return {left: rect.left + left, top: rect.top + top, width: rect.width - left - right, height: rect.height - top - bottom};
}

function toBoard(svg, box, clientX, clientY) {
  const rect = drawing(svg);
  const [left, top, width] = onScreen(box, rect.width, rect.height);
  const scale = width / rect.width;
  return {scale, x: left + (clientX - rect.left) * scale, y: top + (clientY - rect.top) * scale};
}

export function zoom(cam, box, factor, cx = box[0] + box[2] / 2, cy = box[1] + box[3] / 2) {
  const w = Math.min(Math.max(box[2] * factor, 120), 6000);
  const h = box[3] * (w / box[2]);
  cam.box = [cx - (cx - box[0]) * (w / box[2]), cy - (cy - box[1]) * (h / box[3]), w, h];
}

/** Show `view(width, height)`, the box for the board's size in px, in `svg` and let the user move that view;
 *  `seen(box)` hears of every view shown. Returns a function that moves the view to another box, as the user's. */
export function attach(svg, cam, view, seen) {
  const pointers = new Map();
  let moved = 0;
  let current = view(svg.clientWidth, svg.clientHeight).slice();
  const draw = () => {
    const written = current.map((n) => n.toFixed(1));
    svg.setAttribute("viewBox", written.join(" "));
    const rect = drawing(svg);
    cam.shown = onScreen(written.map(Number), rect.width, rect.height); // the box drawn, to a tenth, tells what is seen
    seen(cam.shown);
  };
  const show = () => {
    cam.box = current; // the user's view from now on
    draw();
  };
  draw();
  // The board reshaped with the screen (a device turned, a foldable opened): a view the user chose shows more of the
  // board one way, less the other; one no one chose is chosen again for the new shape, as if opened at it (kept, the
  // view chosen upright was drawn too small to read in the low board of a phone turned sideways). A board taken off
  // the page by a repaint measures nothing.
  new ResizeObserver(() => {
    if (!svg.isConnected) return;
    if (!cam.box) current = view(svg.clientWidth, svg.clientHeight).slice();
    draw();
  }).observe(svg);
  svg.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
    if (pointers.size === 1) moved = 0;
  });
  svg.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const rect = drawing(svg);
    const scale = Math.max(current[2] / rect.width, current[3] / rect.height);
    if (pointers.size === 1) {
      const dx = event.clientX - last.x;
      const dy = event.clientY - last.y;
      moved += Math.abs(dx) + Math.abs(dy);
      if (moved > 8) {
        svg.setPointerCapture?.(event.pointerId);
        current = [current[0] - dx * scale, current[1] - dy * scale, current[2], current[3]];
        show();
      }
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const other = a === last ? b : a;
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      if (before > 0 && after > 0) {
        const mid = toBoard(svg, current, (event.clientX + other.x) / 2, (event.clientY + other.y) / 2);
        zoom(cam, current, before / after, mid.x, mid.y);
        current = cam.box;
        show();
        moved += 100;
      }
    }
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
  });
  const up = (event) => pointers.delete(event.pointerId);
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const point = toBoard(svg, current, event.clientX, event.clientY);
    zoom(cam, current, event.deltaY > 0 ? 1.15 : 1 / 1.15, point.x, point.y);
    current = cam.box;
    show();
  }, {passive: false});
  svg.addEventListener("keydown", (event) => {
    const [dx, dy] = ARROWS[event.key] || [];
    if (dx === undefined || event.target !== svg || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault(); // the view moves, not the page
    const [x, y, w, h] = current;
    current = [x + dx * w / 4, y + dy * h / 4, w, h];
    show();
  });
  svg.addEventListener("click", (event) => {
    if (moved > 8) event.stopPropagation();
    moved = 0;
  }, true);
  return (next) => {
    current = next.slice();
    show();
  };
}
