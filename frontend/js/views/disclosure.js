// A button that shows or hides a panel; its open state lives in the screen, so repaints keep it.
import {html} from "../html.js";

/** The panel `name` ("log", "replay"...); open, it is also of class `<name>-open` (app.css lays an open replay out wider). */
export function disclosure(name, open, title, body) {
  return html`<section class="panel disclosure ${open ? `${name}-open` : ""}">
    <h2><button type="button" class="disclose" data-action="toggle" data-panel="${name}" data-key="toggle-${name}"
      aria-expanded="${open ? "true" : "false"}" aria-controls="panel-${name}">${title}</button></h2>
    <div id="panel-${name}" ${open ? "" : "hidden"}>${open ? body : ""}</div>
  </section>`;
}
