// Creating a match, from the create form or "Play against the computer", and a table played on this device.
import {api, serverFailed} from "../api.js";
import {t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {go} from "../router.js";
import {keepAtTable, keepCreated, rememberName} from "../seat-store.js";
import {attempt} from "../ui.js";
import {newGroup, seatGroup} from "./seating.js";

// One Idempotency-Key per match asked for: the same form sent again after its answer was lost (or the server
// failed) gets the match the first request made, never a second one; a form changed meanwhile is a new match.
let asked = {body: null, key: null};
let table = {body: null, group: null}; // the same for a table: the keys of its create and joins, and how far it got

/** Why a create failed, when the server did: the page does not try again by itself, the player does. */
function failed(form) {
  return (error) => {
    if (serverFailed(error)) form.error = t("create.retry");
  };
}

/** Create the match `body` describes, as `form`'s one change in flight, keep its seat for `name`, and open it. */
export async function createMatch(form, body, name) {
  const json = JSON.stringify(body);
  if (asked.body !== json) asked = {body: json, key: newKey()};
  const created = await attempt(form, () => api.create(body, asked.key), failed(form));
  if (!created) return;
  asked = {body: null, key: null}; // the same form filled in again later is another match
  keepCreated(created, name);
  go(`/g/${created.game.id}`, {replace: true}); // Back goes where the form came from, never to the filled form
}

/** Create the match `body` describes for `people`, who play it on this device (the first its creator, the others'
 * seats reserved by name), join every other person's seat from here, keep every seat, and open the table. Sent again
 * after a failure midway, the same form makes what is left (seating.js). */
export async function createTable(form, body, people) {
  const json = JSON.stringify({body, people});
  if (table.body !== json) table = {body: json, group: newGroup(people, body)};
  const id = await attempt(form, () => seatGroup(table.group, {made: keepAtTable, joined: keepAtTable}), failed(form));
  if (!id) return;
  table = {body: null, group: null};
  rememberName(people[0]);
  go(`/g/${id}`, {replace: true});
}
