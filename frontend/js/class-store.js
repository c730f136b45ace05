// The class sheets this device made (views/class-sheet.js), kept in localStorage so that a lost card can be printed
// again: each holds its pupils' seat links, the only keys to their seats. A sheet is
// {id, game, level, at, groups: [{pupils, body, key, keys: {pupil: key}, match: {id, invite} | null,
// links: {pupil: seatLink}}]}: each match's create body and Idempotency-Keys, and what the server answered so far.
import {loadStored, saveStored} from "./seat-store.js";

const KEY = "addgames.sheets";

export function keepSheet(sheet) {
  saveStored({...loadStored(KEY), [sheet.id]: sheet}, KEY);
}

export function sheetOf(id) {
  return loadStored(KEY)[id] || null;
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
