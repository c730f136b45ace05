// Creating a match, from the create form or "Play against the computer".
import {api, serverFailed} from "../api.js";
import {t} from "../i18n.js";
import {newKey} from "../outbox.js";
import {go} from "../router.js";
import {keepCreated} from "../seat-store.js";
import {attempt} from "../ui.js";

// One Idempotency-Key per match asked for: the same form sent again after its answer was lost (or the server
// failed) gets the match the first request made, never a second one; a form changed meanwhile is a new match.
let asked = {body: null, key: null};

/** Create the match `body` describes, as `form`'s one change in flight, keep its seat for `name`, and open it. */
export async function createMatch(form, body, name) {
  const json = JSON.stringify(body);
  if (asked.body !== json) asked = {body: json, key: newKey()};
  const created = await attempt(form, () => api.create(body, asked.key), (error) => {
    if (serverFailed(error)) form.error = t("create.retry"); // the page does not try again by itself: the player does
  });
  if (!created) return;
  asked = {body: null, key: null}; // the same form filled in again later is another match
  keepCreated(created, name);
  go(`/g/${created.game.id}`, {replace: true}); // Back goes where the form came from, never to the filled form
}
