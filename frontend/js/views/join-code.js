// Join codes: "Join with a code" on the home page (the code typed, then the match's join screen), and the code
// shown large on the invite panel, for a class reading it off the board or friends reading it aloud.
import {api} from "../api.js";
import {html} from "../html.js";
import {t} from "../i18n.js";
import {go} from "../router.js";
import {onceText} from "./words.js";

/** The code, said character by character by screen readers ("K 7 P, 2 Q X"), not read as a word. */
export function codeText(code) {
  const spoken = code.split("-").map((part) => [...part].join(" ")).join(", ");
  return html`<span aria-hidden="true">${code}</span><span class="sr-only">${spoken}</span>`;
}

/** The invite panel's code, large, with where to type it (this site's address). */
export function codeLine(code) {
  return code ? html`<p class="join-code-line">${t("invite.code", {site: location.host})}
    <strong class="join-code" id="join-code">${codeText(code)}</strong></p>` : "";
}

const CODE_MAX = 32; // the longest code the API reads (spaces and dashes included: openapi.yaml, TypedJoinCode)

/** A link of this app's matches pasted where the code goes (an invite or seat link sent in a message): the path
 * to open, else null. The field takes a link's length for it, where a code alone needed 16 characters. The site's
 * host with or without "www.", by either scheme, is this site (the router mends what the message added to it). */
function pastedLink(typed) {
  const host = (name) => name.replace(/^www\./, "");
  try {
    const url = new URL(typed.trim());
    return host(url.host) === host(location.host) && url.pathname.startsWith("/g/") ? url.pathname + url.hash : null;
  } catch {
    return null; // not a link: a code
  }
}

/** The home page's form: the code typed is looked up (`findMatch`), and its match's join screen opens with it
 * (a pasted link of a match opens that match); a wrong or dead code is said beside the field, which keeps the
 * focus and what was typed. */
export function codeEntry(repaint) {
  const entry = {typed: "", error: null, busy: false};
  const failed = (text) => {
    entry.error = text;
    entry.busy = false;
    repaint();
    document.querySelector('[data-key="join-code"]')?.focus(); // to mend the code, the button pressed disabled meanwhile
  };
  return {
    render() {
      const invalid = entry.error ? html`aria-invalid="true" aria-describedby="join-code-hint join-code-error"`
        : html`aria-describedby="join-code-hint"`;
      return html`<section class="join-code-entry panel" aria-labelledby="join-code-title">
        <h2 id="join-code-title">${t("code.title")}</h2>
        <form data-submit="findCode" class="code-form">
          <label class="field">${t("code.label")}
            <input name="join-code" data-key="join-code" data-input="typeCode" value="${entry.typed}" maxlength="300"
              autocomplete="off" autocapitalize="characters" spellcheck="false" ${invalid}></label>
          <button class="primary" type="submit" data-key="find-code" ${entry.busy ? "disabled" : ""}>${t("code.find")}</button>
        </form>
        <p class="hint" id="join-code-hint">${t("code.hint")}</p>
        ${entry.busy ? html`<p data-say id="code-finding">${t("code.finding")}</p>` : ""}
        ${entry.error ? html`<p class="error" id="join-code-error">${entry.error}</p>` : ""}
      </section>`;
    },
    actions: {
      typeCode(input) {
        entry.typed = input.value;
      },
      async findCode() {
        if (entry.busy) return;
        if (!entry.typed.trim()) return failed(t("code.empty"));
        const link = pastedLink(entry.typed);
        if (link) return go(link);
        if (entry.typed.trim().length > CODE_MAX) return failed(t("error.bad_join_code"));
        entry.busy = true;
        entry.error = null;
        repaint();
        try {
          const found = await api.findMatch(entry.typed);
          go(`/g/${found.id}#code=${encodeURIComponent(found.join_code)}`);
        } catch (error) {
          failed(onceText(error)); // the player tries again, not the form
        }
      },
    },
  };
}
