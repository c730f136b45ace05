// The only module that talks to the server: the API described by openapi.yaml.
const BASE = "/api/v1";

/** A refused request: `code` and `params` from the problem+json body, `detail` its English reason. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body.code || (status ? "http_error" : "network");
    this.detail = body.detail || "";
    this.params = body.params || {};
    this.version = body.version;
  }
}

async function request(method, path, {token, body, etag} = {}) {
  const headers = {Accept: "application/json, application/problem+json"};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers["If-None-Match"] = etag;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(BASE + path, {method, headers, cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body)});
  } catch {
    throw new ApiError(0, {code: "network"});
  }
  const tag = response.headers.get("ETag");
  if (response.status === 304) return {notModified: true, etag: tag};
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data);
  return {data, etag: tag};
}

const catalogue = {};
const cached = (key, load) => (catalogue[key] ??= load().catch((e) => { delete catalogue[key]; throw e; }));

export const api = {
  rules: () => cached("all", () => request("GET", "/rules").then((r) => r.data.games)),
  rulesOf: (game) => cached(game, () => request("GET", `/rules/${encodeURIComponent(game)}`).then((r) => r.data)),
  create: (body) => request("POST", "/games", {body}).then((r) => r.data),
  join: (id, body) => request("POST", `/games/${encodeURIComponent(id)}/seats`, {body}).then((r) => r.data),
  view: (id, token, etag) => request("GET", `/games/${encodeURIComponent(id)}`, {token, etag}),
  version: (id, n, token) => request("GET", `/games/${encodeURIComponent(id)}/versions/${n}`, {token}).then((r) => r.data),
  log: (id, token) => request("GET", `/games/${encodeURIComponent(id)}/moves`, {token}).then((r) => r.data),
  move: (id, token, version, move) =>
    request("POST", `/games/${encodeURIComponent(id)}/moves`, {token, body: {version, move}}),
};
