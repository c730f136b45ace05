// Changes tapped on this device (a move, a join, a resignation, a rematch) wait here until the server
// has answered them, so none is lost to a dead network: each is kept in localStorage (a reload keeps
// it too) and sent again, with the same Idempotency-Key, when the network returns. The server then
// does it once, answers a retry of a change it already made with the kept answer, or refuses it with
// its reason (the match moved on meanwhile).
import {ApiError, api, retryDelay, serverBusy, serverFailed} from "./api.js";
import {keepAnswer} from "./seat-store.js";

const STORE = "addgames.outbox";
// A match page's change refused while no page of its match was open to say so (the player went home, the network came
// back on the way): said by the match's page when it next opens, here until then (a week at most).
export const UNTOLD = "addgames.untold";
const UNTOLD_KINDS = new Set(["move", "resign", "rematch"]);
const UNTOLD_MS = 7 * 24 * 3600 * 1000;
const RETRY_MS = 4000; // besides the browser's "online" event, which a flaky network may never fire

const CALLS = {
  move: (e) => api.move(e.match, e.token, e.version, e.move, e.key),
  resign: (e) => api.resign(e.match, e.token, e.key, e.body), // a body {bot: level} leaves the seat to a bot
  join: (e) => api.join(e.match, e.body, e.key),
  rematch: (e) => api.rematch(e.match, e.token, e.key),
};

const listeners = new Set();
const sending = new Set(); // keys of the requests on the wire now
let timer = null;

function parse(text) {
  try {
    return JSON.parse(text) || [];
  } catch {
    return [];
  }
}

const load = () => parse(localStorage.getItem(STORE));

const save = (entries) => localStorage.setItem(STORE, JSON.stringify(entries));

/** A random key (an Idempotency-Key, a device id): a UUID v4, or 128 random bits in hex outside secure contexts. */
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID(); // secure contexts only
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Queue a change and send it now: {kind, match, token?, version?, move?, body?} -> the queued entry. */
export function submit(change) {
  const entry = {...change, key: newKey(), waited: false};
  save([...load(), entry]);
  deliver(entry);
  return entry;
}

/** The changes for match `id` still waiting for an answer. */
export function waiting(id) {
  return load().filter((entry) => entry.match === id);
}

/** Drop the changes for match `id` still queued: this device forgot its seat there (one on the wire may still land). */
export function drop(id) {
  save(load().filter((entry) => entry.match !== id));
  keepUntold(loadUntold().filter((kept) => kept.entry.match !== id));
}

const loadUntold = () => parse(localStorage.getItem(UNTOLD)).filter((kept) => kept.at > Date.now() - UNTOLD_MS);

const keepUntold = (kept) => (kept.length ? localStorage.setItem(UNTOLD, JSON.stringify(kept)) : localStorage.removeItem(UNTOLD));

/** untold(which(entry)) -> [{entry, error}]: the refusals no page said yet of the changes `which` selects, taken out
 * of the store (the caller says them). */
export function untold(which) {
  const kept = loadUntold();
  const taken = kept.filter((refusal) => which(refusal.entry));
  if (!taken.length) return [];
  keepUntold(kept.filter((refusal) => !taken.includes(refusal)));
  return taken.map(({entry, error}) => ({entry, error: new ApiError(error.status, error)}));
}

/** watch(listener({entry, outcome: "sent"|"refused"|"waiting"|"elsewhere", result?, error?}) -> told) -> unwatch();
 * "elsewhere": another tab of this device queued the entry or had its answer (the outbox is shared). A listener returns
 * true when it told the player of the entry's refusal; a refusal none told is kept for the match's page (see untold). */
export function watch(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Send every queued change again (the network is back, or the app just started). */
export function flush() {
  clearTimeout(timer);
  timer = null;
  load().forEach(deliver);
}

function settle(entry, report) {
  save(load().filter((e) => e.key !== entry.key));
  let told = false;
  listeners.forEach((listener) => { told = listener({entry, ...report}) === true || told; });
  if (report.outcome !== "refused" || told || !UNTOLD_KINDS.has(entry.kind)) return;
  const {status, code, params, detail, by, version} = report.error;
  keepUntold([...loadUntold(), {entry, at: Date.now(), error: {status, code, params, detail, by, version}}]);
}

async function deliver(entry) {
  if (sending.has(entry.key)) return;
  sending.add(entry.key);
  entry.triedAt = Date.now(); // a page that heard from the server since knows the network works (see views/play.js)
  let result;
  let error = null;
  try {
    result = await CALLS[entry.kind](entry);
    if (entry.kind === "join" || entry.kind === "rematch") keepAnswer(result, entry);
  } catch (failure) {
    error = failure;
  } finally {
    sending.delete(entry.key); // off the wire before anyone hears of it: a listener may send it again at once
  }
  if (!error) return settle(entry, {outcome: "sent", result});
  if (!serverFailed(error)) return settle(entry, {outcome: "refused", error});
  entry.waited = true;
  entry.busy = serverBusy(error); // said so, rather than "no connection"
  save(load().map((e) => (e.key === entry.key ? entry : e)));
  listeners.forEach((listener) => listener({entry, outcome: "waiting", error}));
  timer ??= setTimeout(flush, retryDelay(error, RETRY_MS));
}

window.addEventListener("online", flush);
// Each tab hears of its own requests only: what another tab queued or settled comes as a storage event.
window.addEventListener("storage", (event) => {
  if (event.key !== STORE && event.key !== null) return; // null: the whole storage was cleared
  const before = parse(event.oldValue);
  const after = event.key === null ? [] : parse(event.newValue);
  const keys = (entries) => new Set(entries.map((e) => e.key));
  const [was, is] = [keys(before), keys(after)];
  const changed = [...before.filter((e) => !is.has(e.key)), ...after.filter((e) => !was.has(e.key))];
  changed.forEach((entry) => listeners.forEach((listener) => listener({entry, outcome: "elsewhere"})));
});
