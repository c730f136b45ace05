// Time per move: the choices offered when creating a match, and each deadline in words.
import {html} from "../html.js";
import {dateTime, relativeTime, t} from "../i18n.js";
import {choiceGroup} from "../ui.js";
import {seatName} from "./words.js";

const HOUR = 3600;
const DAY = 24 * HOUR;
/** The times per move the create form offers (null: no limit), within the API's 1 hour to 14 days. */
export const TIMES_PER_MOVE = [null, HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY];
export const TIMEOUTS_TO_LEAVE = [1, 2, 3, 5, 10];

/** A seat put out for missed turns: its tag says how many, not that it resigned (two seats: the match ended). */
export const timedOut = (view, seat) => seat.timeouts > 0 && seat.timeouts >= view.pace?.timeouts_to_leave;

/** "12 hours", "3 days"; "No limit" for null. */
export function duration(seconds) {
  if (!seconds) return t("pace.none");
  return seconds % DAY ? t("pace.hours", {count: seconds / HOUR}) : t("pace.days", {count: seconds / DAY});
}

/** The time per move `form` asks for: none at a table (`form.table`), whose people all move on one device, where a
 * deadline would time out the device's absence, seat after seat, never one slow player. */
export const timePerMove = (form) => (form.table ? null : form.timePerMove);

/** The time per move and the missed turns that put a seat out; nothing at a table. A time picked before switching
 * to the table is kept for the form's other choice. */
export function paceFields(form) {
  if (form.table) return "";
  const times = TIMES_PER_MOVE.map((seconds) => ({value: seconds ?? "", label: duration(seconds)}));
  const counts = TIMEOUTS_TO_LEAVE.map((n) => ({value: n, label: String(n)}));
  return html`<div class="pace">
    ${choiceGroup({legend: t("pace.perMove"), choices: times, chosen: form.timePerMove ?? "", action: "timePerMove",
      key: "time-per-move"})}
    ${form.timePerMove ? html`${choiceGroup({legend: t("pace.timeoutsToLeave"), choices: counts, chosen: form.timeoutsToLeave,
      action: "timeoutsToLeave", key: "timeouts-to-leave", named: true})}
      <p class="hint">${t("pace.hint")}</p>` : ""}
  </div>`;
}

/** Whether the seat to move has run out of time (by this device's clock; the server decides). */
export function isLate(view, now = Date.now()) {
  return view.status === "playing" && view.deadline !== null && Date.parse(view.deadline) <= now;
}

/** The line under the status of a timed match: who must move by when, or whose time ran out. */
export function deadlineLine(view, me, now = Date.now()) {
  if (view.status !== "playing" || view.deadline === null) return "";
  const due = Date.parse(view.deadline);
  const name = seatName(view, view.turn);
  const when = {when: dateTime(due), relative: relativeTime(due, now), name};
  const late = isLate(view, now);
  let text;
  if (late) text = view.turn === me ? t("pace.youAreLate", when) : t("pace.late", when);
  else text = view.turn === me ? t("pace.yourDeadline", when) : t("pace.deadline", when);
  return html`<p class="deadline ${late ? "late" : ""}" id="deadline">${text}</p>`;
}

/** "1 day per move · out after 3 missed turns", under the match's title (nothing when untimed). */
export function paceRule(pace) {
  if (!pace.time_per_move) return "";
  return html`<p class="pace-rule">${t("pace.rule", {time: duration(pace.time_per_move), count: pace.timeouts_to_leave})}</p>`;
}
