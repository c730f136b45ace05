// Privacy: what the app keeps about the players, who can see it, and for how long (this server's settings).
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {loadingOr, retrying} from "../ui.js";
import {homeLink} from "./words.js";

const list = (keys) => html`<ul>${keys.map((key) => html`<li>${t(`privacy.${key}`)}</li>`)}</ul>`;

/** How long this server keeps matches: the days the operator set, or kept until the operator deletes them. */
function howLong(kept) {
  const said = (days, key) => (days === null ? t(`privacy.${key}Kept`) : t(`privacy.${key}`, {count: days}));
  return html`<ul data-key="privacy-kept">
    <li>${said(kept.finished_days, "finished")}</li>
    <li>${said(kept.idle_days, "idle")}</li>
    <li>${t("privacy.device")}</li></ul>`;
}

export default function privacy() {
  const screen = {
    kept: null,
    error: null,
    render() {
      document.title = `${t("privacy.title")} · ${t("app.name")}`;
      return html`
        <h1>${t("privacy.title")}</h1>
        <p class="lead">${t("privacy.lead")}</p>
        <p class="advice"><strong>${t("privacy.advice")}</strong></p>
        <h2>${t("privacy.keptTitle")}</h2>
        ${list(["names", "moves", "links", "tokens", "push", "logs"])}
        <h2>${t("privacy.seeTitle")}</h2>
        ${list(["public", "hands", "operator"])}
        <h2>${t("privacy.longTitle")}</h2>
        ${screen.kept ? howLong(screen.kept) : loadingOr(screen.error)}
        <p>${t("privacy.erase")}</p>
        <p>${t("privacy.ask")}</p>
        ${homeLink()}`;
    },
    start: () => load(),
    revive() {
      if (!screen.kept) load();
    },
  };
  const load = retrying(screen, async () => {
    screen.kept = await api.privacy();
  }, () => t("error.network"));
  return screen;
}
