// A class sheet's plan: the pupils' names as typed, checked before anything is made, and the matches they make,
// in the order typed; a match left short gets the computer in its empty seats.
import {newKey} from "../outbox.js";
import {newGroup} from "./seating.js";
import {NAME_MAX} from "./words.js";

/** A name as the server compares names (api/names.py): compatibility forms, invisible joiners and case set aside. */
const readAs = (name) => name.normalize("NFKC").replace(/\p{Default_Ignorable_Code_Point}/gu, "").toUpperCase().toLowerCase();

/** The names typed one per line (blank lines at the end left out): {names}, or {problem: [key, params]}, the first
 * line the server would refuse or that the cards could not tell apart from another. */
export function readNames(text) {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  if (!lines.length) return {problem: ["class.noNames", {}]};
  const seen = new Map(); // a name as compared -> its line
  for (const [n, name] of lines.entries()) {
    const line = n + 1;
    if (!name) return {problem: ["class.blank", {line}]};
    if ([...name].length > NAME_MAX) return {problem: ["class.tooLong", {line, max: NAME_MAX}]};
    if (/\p{Cc}/u.test(name)) return {problem: ["class.badName", {line}]}; // a tab pasted from a spreadsheet
    const same = seen.get(readAs(name));
    if (same) return {problem: ["class.twice", {name, first: same, second: line}]};
    seen.set(readAs(name), line);
  }
  return {names: lines};
}

/** The matches of `names`, `size` players each, in the order typed: [{pupils, bots}], `bots` the computer's seats
 * of the last match when it is left short (a pupil left alone plays the computer). */
export function groupsOf(names, size) {
  const groups = [];
  for (let first = 0; first < names.length; first += size) {
    const pupils = names.slice(first, first + size);
    groups.push({pupils, bots: size - pupils.length});
  }
  return groups;
}

/** A new sheet for `names`: each match's create body (`settings`, the first pupil its creator, the others' names
 * reserved, the computer at `level` in the empty seats) and the Idempotency-Keys of its create and joins. */
export function newSheet(names, size, settings, level) {
  const groups = groupsOf(names, size).map(({pupils, bots}) => {
    const computer = Array.from({length: bots}, (_, n) => ({seat: pupils.length + n, level}));
    // The server names the computer's seats itself: any name holds their place.
    return newGroup(pupils, {...settings, players: [...pupils, ...computer.map(() => "Computer")], bots: computer});
  });
  return {id: newKey(), game: settings.game, level, at: Date.now(), groups};
}
