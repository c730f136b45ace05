// Making a class sheet's matches through the API, one step at a time (a match, then a seat for each other pupil),
// each kept as soon as it is answered: a failure midway leaves what was made usable, and *Go on* makes the rest.
// A run belongs to the tab, not to a screen: the sheet's page shows how far it got, and may be left and opened again.
import {keepSheet} from "../class-store.js";
import {watchMatch} from "../seat-store.js";
import {seatGroup} from "./seating.js";

const runs = new Map(); // sheet id -> {n, total, wait, error, ended}: this tab's last run for the sheet
const listeners = new Set();

/** Make what is left of `sheet`'s matches, in order: a match with its first pupil as the creator, then each other
 * pupil's reserved seat, joined by the invite with their name. Every step is asked with the Idempotency-Key kept for
 * it, so that one asked again (its answer lost, the page closed) is answered, never done twice. The device keeps no
 * seat: it watches each match, with its invite while seats are free. */
async function makeMatches(sheet, progress) {
  for (const [n, group] of sheet.groups.entries()) {
    const tell = (wait = null) => progress({n: n + 1, total: sheet.groups.length, wait});
    tell();
    await seatGroup(group, {waiting: tell, joined: () => keepSheet(sheet), made(created) {
      keepSheet(sheet);
      watchMatch(created.game.id, sheet.game, group.pupils[0], {inviteLink: created.invite_link, rematch: false}, sheet.id);
    }});
    tell();
  }
}

/** Make the rest of `sheet` in this tab, unless a run for it is under way. */
export function startMaking(sheet) {
  if (runs.get(sheet.id)?.ended === false) return;
  const run = {n: 0, total: sheet.groups.length, wait: null, error: null, ended: false};
  runs.set(sheet.id, run);
  const tell = () => listeners.forEach((listener) => listener(sheet.id));
  makeMatches(sheet, (step) => {
    Object.assign(run, step);
    tell();
  }).catch((error) => {
    run.error = error;
  }).finally(() => {
    run.ended = true;
    tell();
  });
}

/** This tab's last run for sheet `id`: {n, total, wait (seconds, while a limit is waited out), error, ended}. */
export const runOf = (id) => runs.get(id) || null;

/** listener(sheet id) at each step of any run -> stop listening. */
export function onProgress(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
