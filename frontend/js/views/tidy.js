// Tidying My games: every finished match, and every one the player left, removed from this device at once, asked
// first, where a keen player tapped Remove on dozens of them one by one.
import {html} from "../html.js";
import {t} from "../i18n.js";
import {load as loadPart} from "../loader.js";
import {focusQuestion} from "../ui.js";

export function tidying(repaint) {
  let asking = false;
  let said = null; // what the last tidying did, said under the button's place until the next one

  return {
    /** The button, from two matches to remove (`ids`; one has its own Remove), unless its question is open: "finished"
     * ones, or, when the player left some of them (`left`), "you finished or left". */
    button({ids, left}) {
      return ids.length > 1 && !asking ? html`<button type="button" class="small" data-action="askTidy" data-key="tidy">
        ${t(left ? "mine.tidyDone" : "mine.tidy", {count: ids.length})}</button>` : "";
    },
    /** Its question, or what the last tidying did. */
    panel({ids, left}) {
      const count = ids.length;
      return asking && count ? html`<div class="confirm" role="group" aria-labelledby="tidy-ask" data-escape="cancelTidy">
        <p id="tidy-ask" tabindex="-1">${t(left ? "mine.tidyDoneAsk" : "mine.tidyAsk", {count})}</p>
        <p class="actions"><button type="button" class="danger" data-action="tidy" data-key="tidy-yes">${t("mine.tidyYes")}</button>
          <button type="button" data-action="cancelTidy" data-key="tidy-no">${t("confirm.cancel")}</button></p></div>`
        : said ? html`<p class="note" id="tidied" tabindex="-1">${said}</p>` : "";
    },
    ask() {
      asking = true;
      said = null;
      repaint();
      focusQuestion("tidy-ask");
    },
    cancel() {
      asking = false;
      repaint();
      document.querySelector('[data-key="tidy"]')?.focus();
    },
    /** Remove the matches `ids`, one after the other: a match whose pushes could not be stopped is kept (push.js). */
    async run({ids, left}) {
      asking = false;
      let kept = 0;
      // push.js (stopping the pushes) fetched now, not with the home page; failing to come, each match is kept
      for (const id of ids) await loadPart("push.js").then((push) => push.forgetSeat(id)).catch(() => { kept += 1; });
      const removed = ids.length - kept;
      said = [t(left ? "mine.tidiedDone" : "mine.tidied", {count: removed}), ...(kept ? [t("mine.tidyKept", {count: kept})] : [])].join(" ");
      repaint();
      document.getElementById("tidied")?.focus(); // in sight, and read out, where the button was
    },
  };
}
