// Pan and zoom for an SVG board: one finger (or the mouse) drags, two fingers pinch, the wheel zooms.
// A drag is not a tap: the click that ends it does not reach the board's buttons.
const cameras = new Map();

/** The camera of board `key`: {box: [x, y, w, h] | null (fit automatically)}. */
export function camera(key) {
  if (!cameras.has(key)) cameras.set(key, {box: null});
  return cameras.get(key);
}

function toBoard(svg, box, clientX, clientY) {
  const rect = svg.getBoundingClientRect();
  const scale = Math.max(box[2] / rect.width, box[3] / rect.height);
  return {scale, x: box[0] + (clientX - rect.left) * scale, y: box[1] + (clientY - rect.top) * scale};
}

export function zoom(cam, box, factor, cx = box[0] + box[2] / 2, cy = box[1] + box[3] / 2) {
  const w = Math.min(Math.max(box[2] * factor, 120), 6000);
  const h = box[3] * (w / box[2]);
  cam.box = [cx - (cx - box[0]) * (w / box[2]), cy - (cy - box[1]) * (h / box[3]), w, h];
}

/** Show `box` in `svg` and let the user move that view. */
export function attach(svg, cam, box) {
  const pointers = new Map();
  let moved = 0;
  let current = box.slice();
  const draw = () => svg.setAttribute("viewBox", current.map((n) => n.toFixed(1)).join(" "));
  const show = () => {
    cam.box = current; // the user's view from now on
    draw();
  };
  draw();
  svg.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
    if (pointers.size === 1) moved = 0;
  });
  svg.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const rect = svg.getBoundingClientRect();
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
  svg.addEventListener("click", (event) => {
    if (moved > 8) event.stopPropagation();
    moved = 0;
  }, true);
}
