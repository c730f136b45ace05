// The public views of matches this device follows without a seat (GET /games/{id} with no token): My games' watched
// matches and a class sheet's results, each asked again every REFRESH_MS while its page is open. Reads: the rate
// limits never count them, and an unchanged match costs a 304.
import {api} from "../api.js";

export const REFRESH_MS = 15000;

/** The public views of matches `ids`, by id ({data, etag}), asked for together, each with the ETag of the view got
 * before (`known`, by id): an unchanged match is that view again. One that fails keeps the view got before, marked
 * with its `error` ({error} alone when there was none). */
export async function publicViews(ids, known) {
  const got = await Promise.all(ids.map((id) => {
    const before = known.get(id);
    return api.view(id, null, before?.etag).then((answer) => (answer.notModified ? {...before, error: null} : answer),
      (error) => ({...before, error}));
  }));
  return new Map(ids.map((id, n) => [id, got[n]]));
}
