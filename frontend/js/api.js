// The only module that talks to the server: the API described by openapi.yaml.
const BASE = "/api/v1";

// Test hooks: localStorage's `addgames.deadlineMs` shortens a request's deadline, and with it the margin a held
// poll gets over its wait, so that browser tests see a hung request fail within seconds.
const DEADLINE_MS = Number(localStorage.getItem("addgames.deadlineMs")) || 15000;
const HELD_MARGIN_MS = Math.min(10000, DEADLINE_MS);
const MAX_RETRY_MS = 300000; // a Retry-After longer than this (an hour's rate limit) is not waited out in full

/** A refused request: `code` and `params` (and `by`) from the problem+json body, `detail` its English reason, `saved` whether
 * a server error came after the change was made, `retryAfter` the seconds the server asked to wait before trying
 * again (a 429 or a 503), or null; `reference`, when the server failed (5xx), the start of its X-Request-Id, which
 * names the request's line in the operator's log, or null. */
export class ApiError extends Error {
  constructor(status, body, retryAfter = null, requestId = null) {
    super(body.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body.code || (status ? "http_error" : "network");
    this.detail = body.detail || "";
    this.params = body.params || {};
    this.by = body.by ?? null; // seat_freed: who freed the seat, "creator" or "seat"
    this.version = body.version;
    this.saved = body.saved === true; // a server error after the change was committed: it is made, only unanswered
    this.retryAfter = retryAfter;
    this.reference = (status >= 500 && requestId?.slice(0, 8)) || null;
  }
}

/** The server failed rather than refused: no answer (in time), a proxy's timeout, too busy, a 5xx. Worth asking again. */
export const serverFailed = (error) => error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

/** Too busy to answer now (rate limited, overloaded, restarting; or a proxy in front said its server did not answer,
 * 502 or 504, with a page of its own): said so, and asked again after its Retry-After. */
export const serverBusy = (error) => [429, 502, 503, 504].includes(error.status);

/** How long to wait before asking again after `error`: the server's Retry-After when it gave one, else `ms`. */
export const retryDelay = (error, ms) => (error.retryAfter ? Math.min(error.retryAfter * 1000, MAX_RETRY_MS) : ms);

/** How long a request may take before it counts as failed: a poll the server holds up to `wait` s gets that much more. */
export const deadlineOf = (wait) => (wait ? wait * 1000 + HELD_MARGIN_MS : DEADLINE_MS);

/** A request that gives up at its deadline: one that never answers (a captive portal, a mobile connection gone dead)
 * fails as a network failure does, and is retried where those are. `signal` aborting it throws an AbortError. */
async function request(method, path, {etag, wait, signal, ...options} = {}) {
  const held = etag && wait ? wait : 0; // only a poll naming the ETag it has is held
  const deadline = new AbortController();
  const cut = () => deadline.abort();
  const timer = setTimeout(cut, deadlineOf(held));
  signal?.addEventListener("abort", cut);
  if (signal?.aborted) cut();
  try {
    return await exchange(method, path, {...options, etag, held, signal: deadline.signal});
  } catch (error) {
    if (error.name !== "AbortError" || signal?.aborted) throw error; // stopped by the caller: nobody waits for it
    throw new ApiError(0, {code: "network"});
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", cut);
  }
}

async function exchange(method, path, {token, body, etag, key, held, signal}) {
  const headers = {Accept: "application/json, application/problem+json"};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key; // a retry with the same key is answered, never done twice
  if (etag) headers["If-None-Match"] = etag;
  if (held) headers.Prefer = `wait=${held}`; // the server answers when the match changes, or after `held` s
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(BASE + path, {method, headers, cache: "no-store", signal,
      body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, {code: "network"});
  }
  const tag = response.headers.get("ETag");
  const retryAfter = Number(response.headers.get("Retry-After")) || null; // seconds: polling's pace, or a busy server's
  const waited = response.headers.has("Preference-Applied"); // the server held the poll: the next may follow at once
  if (response.status === 304) return {notModified: true, etag: tag, retryAfter, waited};
  if (response.status === 204) return {data: null};
  let data;
  try {
    data = await response.json();
  } catch (error) {
    if (error.name === "AbortError") throw error; // stopped (or out of time) while the body came
    if (response.ok) throw new ApiError(0, {code: "network"}); // a body cut short: a failed request, not an empty one
    data = {}; // a refusal without problem+json (a proxy's page): its status says enough
  }
  if (!response.ok) throw new ApiError(response.status, data, retryAfter, response.headers.get("X-Request-Id"));
  return {data, etag: tag, retryAfter, waited};
}

const catalogue = {};
const cached = (key, load) => (catalogue[key] ??= load().catch((e) => { delete catalogue[key]; throw e; }));

const match = (id) => `/games/${encodeURIComponent(id)}`;
const MOST_TOKENS = 100; // the tokens one my-games request takes (openapi.yaml): a device that holds more asks in parts

export const api = {
  rules: () => cached("all", () => request("GET", "/rules").then((r) => r.data.games)),
  rulesOf: (game) => cached(game, () => request("GET", `/rules/${encodeURIComponent(game)}`).then((r) => r.data)),
  create: (body, key) => request("POST", "/games", {body, key}).then((r) => r.data),
  join: (id, body, key) => request("POST", `${match(id)}/seats`, {body, key}).then((r) => r.data),
  findMatch: (code) => request("POST", "/join-code", {body: {join_code: code}}).then((r) => r.data),
  view: (id, token, etag, {wait, signal} = {}) => request("GET", match(id), {token, etag, wait, signal}),
  version: (id, n, token) => request("GET", `${match(id)}/versions/${n}`, {token}).then((r) => r.data),
  log: (id, token, after = 0, limit = null) => // limit: at most that many entries (openapi.yaml: 1 to 1,000)
    request("GET", `${match(id)}/moves?after=${after}${limit ? `&limit=${limit}` : ""}`, {token}).then((r) => r.data),
  move: (id, token, version, move, key) => request("POST", `${match(id)}/moves`, {token, body: {version, move}, key}),
  resign: (id, token, key, body) => request("POST", `${match(id)}/resign`, {token, key, body}),
  hint: (id, token) => request("POST", `${match(id)}/hint`, {token}).then((r) => r.data),
  claimTimeout: (id, token) => request("POST", `${match(id)}/timeouts`, {token}),
  freeSeat: (id, token, seat) => request("DELETE", `${match(id)}/seats/${seat}`, {token}),
  changePace: (id, token, version, seconds, key) =>
    request("POST", `${match(id)}/pace`, {token, key, body: {version, time_per_move: seconds}}),
  rename: (id, token, seat, name, key) => request("PATCH", `${match(id)}/seats/${seat}`, {token, key, body: {name}}),
  replaceInvite: (id, token, key) => request("POST", `${match(id)}/invite`, {token, key}).then((r) => r.data),
  reissueLink: (id, token, seat, key) => request("POST", `${match(id)}/seats/${seat}/link`, {token, key}).then((r) => r.data),
  showSeat: (id, token, seat, device) => request("PUT", `${match(id)}/seats/${seat}/device`, {token, body: {device}})
    .then((r) => r.data),
  rematch: (id, token, key) => request("POST", `${match(id)}/rematch`, {token, key}).then((r) => r.data),
  myGames: async (tokens) => { // in parts of MOST_TOKENS, the first part's matches first (the caller's most recent)
    const parts = await Promise.all(Array.from({length: Math.ceil(tokens.length / MOST_TOKENS)}, (_, n) =>
      request("POST", "/my-games", {body: {tokens: tokens.slice(n * MOST_TOKENS, (n + 1) * MOST_TOKENS)}}).then((r) => r.data)));
    return {games: parts.flatMap((part) => part.games), replaced: parts.flatMap((part) => part.replaced),
      freed: parts.flatMap((part) => part.freed ?? []), // an instance of a release before `freed` answers none
      // an instance of a release before `unreadable` (during an upgrade, behind the same proxy) answers none
      unreadable: parts.flatMap((part) => part.unreadable ?? [])};
  },
  privacy: () => request("GET", "/privacy").then((r) => r.data),
  pushKey: () => request("GET", "/push/key").then((r) => r.data),
  subscribePush: (id, token, seat, body) => request("POST", `${match(id)}/seats/${seat}/push`, {token, body}).then((r) => r.data),
  unsubscribePush: (id, token, seat, pushId) =>
    request("DELETE", `${match(id)}/seats/${seat}/push/${encodeURIComponent(pushId)}`, {token}),
};

/** The version of the app the server runs now (see js/shell.js): HEAD goes past the service worker,
 * which serves the files of its own version. */
export const serverShellVersion = () => fetch("/sw.js", {method: "HEAD", cache: "no-store",
  signal: timeout(DEADLINE_MS)}).then((response) => response.headers.get("Shell-Version"));

/** A signal that aborts after `ms` (AbortSignal.timeout is Safari 16 and Chrome 103: it threw in older ones, and
 * the screen saying that a part of the app could not be fetched never showed). */
function timeout(ms) {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
}
