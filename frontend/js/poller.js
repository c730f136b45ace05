// Polls a match view with If-None-Match. While the page is visible each poll asks the server to
// hold it until the match changes (`Prefer: wait`), and the next follows at once: news arrives as
// it happens, with one request per change. A server that does not hold polls is asked as often as
// its Retry-After says (3 s in play, 2 s while waiting, 5 s once over). Backs off when hidden or failing.
import {deadlineOf, retryDelay} from "./api.js";

// Test hooks: localStorage's `addgames.pollMs` and `addgames.waitS` make tests poll faster and wait shorter.
const FORCED_MS = Number(localStorage.getItem("addgames.pollMs")) || null;
const WAIT_S = Number(localStorage.getItem("addgames.waitS")) || 20; // the longest the server holds a poll
const HIDDEN_MS = 10000;
const MAX_MS = 60000;
const FAILING_MAX_MS = 10000; // a network that comes back without an "online" event is seen this soon
// Hidden longer than this (a phone put away: its page frozen, no poll for hours), the page's view may be long gone.
const STALE_MS = 60000;

/** poll(load(etag, {wait, signal}) -> {notModified, etag, data, waited}, onData(data, etag), onError(error), onBack(),
 * onChecking()) -> {stop, now, setEtag, checking}; onBack is called at the first answer after a failure, a 304 included
 * (the page may clear its error). onData may return a promise: a body it fails to show (throws or rejects) counts as a
 * failed poll. `checking()` is true from a return after STALE_MS hidden until the next answer or failure: onChecking() is
 * called as it starts and when a 304 ends it (news ends it in onData, a failure in onError). */
export function poll(load, onData, onError, onBack = () => {}, onChecking = () => {}) {
  let etag = null;
  let timer = null;
  let hinted = 3000;
  const visible = () => FORCED_MS ?? hinted;
  let delay = visible();
  let stopped = false;
  let running = false;
  let failing = false;
  let holds = false; // the server has held a poll: after news the next poll may follow at once
  let pending = null; // the request in flight, aborted by stop(), or by wake() once past its deadline
  let overdueAt = Infinity; // when the request in flight has outlived its deadline
  let hiddenAt = null; // when the page was last hidden
  let checking = false; // back after STALE_MS hidden: the view shown may be hours old, asked again without waiting

  async function tick() {
    clearTimeout(timer);
    if (stopped || running) return;
    running = true;
    pending = new AbortController();
    // Only a poll naming its ETag is held; not the first after a failure, whose answer clears the page's note at once.
    // Nor the check on a return after hours, whose answer (news or none) says at once whether the table shown is today's.
    const wait = etag && !document.hidden && !failing && !checking ? WAIT_S : 0;
    overdueAt = Date.now() + deadlineOf(wait);
    try {
      const result = await load(etag, {wait, signal: pending.signal});
      if (stopped) return; // answered after stop(), the abort too late: its page may be gone, its seat forgotten
      if (failing) {
        failing = false;
        onBack();
      }
      const checked = checking;
      checking = false;
      if (result.retryAfter) hinted = result.retryAfter * 1000;
      holds ||= result.waited;
      if (!result.notModified) {
        await onData(result.data, result.etag);
        etag = result.etag; // kept once shown: a body the page failed to show is asked for again, never answered 304
        // Asked without waiting (the first view, or after a failure) or held: the next, which may wait, goes at once.
        delay = holds || !wait ? 0 : visible();
      } else if (result.waited || checked) {
        delay = 0; // held, or the check's 304 (nothing new): the next poll, held, goes at once
        if (checked) onChecking();
      } else {
        delay = document.hidden ? Math.min(Math.max(delay * 2, HIDDEN_MS), MAX_MS) : visible();
      }
    } catch (error) {
      if (stopped) return;
      if (error.name === "AbortError") {
        delay = 0; // wake() cut a poll past its deadline, or lost() one the network left: ask again at once
      } else {
        failing = true;
        checking = false; // the failure is said instead
        delay = retryDelay(error, Math.min(Math.max(delay, 1000) * 2, FAILING_MAX_MS));
        onError(error);
      }
    } finally {
      running = false;
    }
    if (!stopped) timer = setTimeout(tick, document.hidden ? Math.max(delay, HIDDEN_MS) : delay);
  }

  function wake() {
    if (document.hidden) {
      hiddenAt ??= Date.now();
      return;
    }
    if (hiddenAt !== null && Date.now() - hiddenAt > STALE_MS && !checking) {
      checking = true;
      onChecking();
    }
    hiddenAt = null;
    delay = visible();
    // A phone asleep froze the deadline's timer too: a poll already past its deadline is given up and redone now.
    if (running && Date.now() > overdueAt) pending.abort();
    tick();
  }

  /** The phone lost its network (an `offline` event, or a change that found no server): a held poll would say nothing
   * until its deadline (up to half a minute). The first answer after is news that it is back (onBack) even when no
   * poll failed meanwhile: a hint or a move asked offline failed and said so, between two polls. */
  function lost() {
    failing = true;
    if (running) pending.abort(); // as wake() does: asked again at once, which fails and is said so
  }

  document.addEventListener("visibilitychange", wake);
  window.addEventListener("focus", wake);
  window.addEventListener("online", wake);
  window.addEventListener("offline", lost);
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      pending?.abort();
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("focus", wake);
      window.removeEventListener("online", wake);
      window.removeEventListener("offline", lost);
    },
    now: tick,
    lost,
    setEtag(tag) { etag = tag; },
    checking: () => checking,
  };
}
