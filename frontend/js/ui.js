// Screens: one mounted at a time in <main>; clicks and forms reach its actions by data attributes.
import {render} from "./html.js";

let current = null;
let root = null;

/** Mount `screen` = {render(), actions?, start?(), stop?()} into `element`. */
export function mount(element, screen) {
  current?.stop?.();
  current = screen;
  root = element;
  screen.repaint = () => paint(screen);
  paint(screen);
  screen.start?.();
}

function paint(screen) {
  if (screen !== current) return;
  const focused = document.activeElement?.closest?.("[data-key]")?.dataset.key;
  render(root, screen.render());
  if (focused) root.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  screen.painted?.(root);
}

function act(name, element, event) {
  const action = current?.actions?.[name];
  if (action) action(element, event);
}

// A screen that loads something may define revive(): called when the network comes back.
window.addEventListener("online", () => current?.revive?.());

export function listen(element) {
  element.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !element.contains(target) || target.disabled) return;
    if (target.getAttribute("aria-disabled") === "true") return;
    event.preventDefault();
    act(target.dataset.action, target, event);
  });
  element.addEventListener("keydown", (event) => {
    const target = event.target.closest?.("[data-action]");
    if (!target || target.tagName === "BUTTON" || target.tagName === "A") return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    }
  });
  element.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-submit]");
    if (!form) return;
    event.preventDefault();
    act(form.dataset.submit, form, event);
  });
  for (const kind of ["input", "change"]) {
    element.addEventListener(kind, (event) => {
      const name = event.target.dataset?.[kind];
      if (name) act(name, event.target, event);
    });
  }
}

/** Say something to screen readers without moving focus. */
export function announce(text) {
  const region = document.getElementById("announce");
  if (region) region.textContent = text;
}
