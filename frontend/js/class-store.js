// The class sheets this device made (views/class-sheet.js), kept in localStorage so that a lost card can be printed
// again: each holds its pupils' seat links, the only keys to their seats. A sheet is
// {id, game, level, at, groups: [{pupils, body, key, keys: {pupil: key}, match: {id, invite} | null,
// links: {pupil: seatLink}, rematches?: [id]}]}: each match's create body and Idempotency-Keys, what the server
// answered so far, and the rematches its pupils played since (views/class-results.js), first to newest. A sheet
// followed from another device (views/class-follow.js) is `followed`: its groups hold the pupils and the match alone.
import {loadStored, saveStored} from "./seat-store.js";

const KEY = "addgames.sheets";
export {KEY as SHEETS}; // what a move to a new device carries (views/move.js)

export function keepSheet(sheet) {
  saveStored({...loadStored(KEY), [sheet.id]: sheet}, KEY);
}

export function sheetOf(id) {
  return loadStored(KEY)[id] || null;
}

/** Keep the rematches the pair of sheet `id`'s group `n` played, first to newest: each is found from the one before
 * (its view's `rematch`), and once the server's retention deleted a finished match the ones after it could no
 * longer be found from the sheet's. */
export function keepRematches(id, n, rematches) {
  const sheet = sheetOf(id);
  if (sheet) keepSheet({...sheet, groups: sheet.groups.map((group, m) => (m === n ? {...group, rematches} : group))});
}

const HANDED = "addgames.nextRound"; // a sheet's pupils handed to the class form (sessionStorage: this tab alone)

/** Hand `names` to the class form this tab opens next: a sheet's next round, the game and the pairs to choose again. */
export function handNames(names) {
  sessionStorage.setItem(HANDED, names.join("\n"));
}

/** The names a sheet handed to the class form, taken once: null when none. */
export function takeHandedNames() {
  const names = sessionStorage.getItem(HANDED);
  sessionStorage.removeItem(HANDED);
  return names;
}

export function forgetSheet(id) {
  const all = loadStored(KEY);
  delete all[id];
  saveStored(all, KEY);
}

/** Every kept sheet, newest first. */
export function allSheets() {
  return Object.values(loadStored(KEY)).sort((a, b) => b.at - a.at);
}

/** The pupils of `sheet` whose seat is not made yet (a sheet whose making stopped midway), in the order typed. */
export const unmade = (sheet) => sheet.groups.flatMap((group) => group.pupils.filter((pupil) => !group.links[pupil]));
