// ADD-IT's six sports symbols, drawn as small pictures: each suit has its own shape, not only a colour.
import {html} from "../html.js";

const SHAPES = {
  soccer: html`<circle cx="8" cy="8" r="6.5" fill="#fff" stroke="#222" stroke-width="1.3"/>
    <path d="M8 5.2l2.6 1.9-1 3H6.4l-1-3z" fill="#222"/>`,
  basketball: html`<circle cx="8" cy="8" r="6.5" fill="#d9692a" stroke="#5a2a0c" stroke-width="1.2"/>
    <path d="M1.5 8h13M8 1.5v13M3.5 3.3c2.2 2.6 2.2 6.8 0 9.4M12.5 3.3c-2.2 2.6-2.2 6.8 0 9.4" fill="none" stroke="#5a2a0c" stroke-width="1"/>`,
  tennis: html`<circle cx="8" cy="8" r="6.5" fill="#c9dc3c" stroke="#4d5a00" stroke-width="1.2"/>
    <path d="M2.4 4.6c3 1.2 3 5.6 0 6.8M13.6 4.6c-3 1.2-3 5.6 0 6.8" fill="none" stroke="#fff" stroke-width="1.3"/>`,
  baseball: html`<circle cx="8" cy="8" r="6.5" fill="#fff" stroke="#444" stroke-width="1.2"/>
    <path d="M4.3 2.8c1.6 3 1.6 7.4 0 10.4M11.7 2.8c-1.6 3-1.6 7.4 0 10.4" fill="none" stroke="#b3261e" stroke-width="1.1" stroke-dasharray="1.2 0.9"/>`,
  football: html`<path d="M1.5 8C4 2.5 12 2.5 14.5 8 12 13.5 4 13.5 1.5 8z" fill="#a5652f" stroke="#3b1f0c" stroke-width="1"/>
    <path d="M5.5 8h5M6.5 7v2M8 7v2M9.5 7v2" stroke="#fff" stroke-width="0.9"/>`,
  // In the card's own colours (app.css), which turn light on a dark theme's card
  hockey: html`<path class="stick" d="M9.5 1.5L6.5 11.5H2.5" fill="none" stroke-width="2" stroke-linecap="round"/>
    <ellipse cx="11.5" cy="12.5" rx="3" ry="1.4" fill="currentColor"/>`,
};

export function suitIcon(suit) {
  return html`<svg class="suit" viewBox="0 0 16 16" aria-hidden="true" focusable="false">${SHAPES[suit] || ""}</svg>`;
}
