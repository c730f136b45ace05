// A path the app does not know.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {homeLink} from "./words.js";

export default function missing() {
  return {render: () => html`<h1>${t("missing.title")}</h1>${homeLink()}`};
}
