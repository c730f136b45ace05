// The escaping `html` tag: every interpolated value is escaped unless it is already markup.
const ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"};

export class Markup {
  constructor(text) { this.text = text; }
  toString() { return this.text; }
}

export function escape(value) {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** `text` as a regular expression matching it literally. */
export const literally = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function part(value) {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(part).join("");
  return escape(value);
}

/** html`<p>${text}</p>`: strings are escaped, Markup and arrays of Markup are kept. */
export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => { out += part(value) + strings[i + 1]; });
  return new Markup(out);
}

export function render(element, markup) {
  element.innerHTML = part(markup);
}
