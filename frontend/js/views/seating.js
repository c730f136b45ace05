// Making a match and joining its reserved seats from this device, one step at a time (the match, then a seat for each
// other player, by the invite with their name), each step asked with its own Idempotency-Key and kept as soon as it is
// answered: a class sheet's matches (class-making.js) and a table played on this device (creating.js).
import {api, retryDelay, serverBusy} from "../api.js";
import {newKey} from "../outbox.js";

const BUSY_MS = 5000; // a busy server's wait when it names none

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A match to make for `players` (the first its creator, the others' seats reserved in `body`), with the
 * Idempotency-Keys of its create and joins; `match` and `links` fill in as the steps are answered. */
export function newGroup(players, body) {
  return {pupils: players, body, key: newKey(), keys: Object.fromEntries(players.map((name) => [name, newKey()])),
    match: null, links: {}};
}

/** `call()` until it is answered or refused: a rate limit (LIMIT_CREATE, LIMIT_JOIN: 429) or a busy server (503, a proxy's 502/504) is
 * waited out for as long as its Retry-After says, `waiting(seconds)` told first and `waiting(null)` after. */
async function patiently(call, waiting) {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!serverBusy(error)) throw error;
      const ms = retryDelay(error, BUSY_MS);
      waiting(Math.ceil(ms / 1000));
      await sleep(ms);
      waiting(null);
    }
  }
}

/** Make what is left of `group`: its match, then each other player's seat; `made(created)` and
 * `joined(answer)` are told each answer, `waiting` each wait (see patiently). A step asked again (its answer
 * lost, the page closed) is answered with what the first one did, never done twice. */
export async function seatGroup(group, {made, joined, waiting = () => {}}) {
  if (!group.match) {
    const created = await patiently(() => api.create(group.body, group.key), waiting);
    group.match = {id: created.game.id, invite: created.invite};
    group.links[group.pupils[0]] = created.seat_link;
    made(created);
  }
  for (const pupil of group.pupils.filter((name) => !group.links[name])) {
    const answer = await patiently(() => api.join(group.match.id, {invite: group.match.invite, name: pupil},
      group.keys[pupil]), waiting);
    group.links[pupil] = answer.seat_link;
    joined(answer);
  }
  return group.match.id;
}
