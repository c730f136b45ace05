// Polls a match view with If-None-Match: as often as the server's Retry-After hint says while
// visible (the server says 3 s in play, 2 s while waiting, 5 s once over), backing off when hidden or failing.
const FORCED_MS = Number(localStorage.getItem("addgames.pollMs")) || null; // tests poll faster
const HIDDEN_MS = 10000;
const MAX_MS = 60000;
const FAILING_MAX_MS = 10000; // a network that comes back without an "online" event is seen this soon

/** poll(load(etag) -> {notModified, etag, data}, onData(data, etag), onError(error), onBack()) -> {stop, now, setEtag};
 * onBack is called at the first answer after a failure, a 304 included (the page may clear its error). */
export function poll(load, onData, onError, onBack = () => {}) {
  let etag = null;
  let timer = null;
  let hinted = 3000;
  const visible = () => FORCED_MS ?? hinted;
  let delay = visible();
  let stopped = false;
  let running = false;
  let failing = false;

  async function tick() {
    clearTimeout(timer);
    if (stopped || running) return;
    running = true;
    try {
      const result = await load(etag);
      if (failing) {
        failing = false;
        onBack();
      }
      if (result.retryAfter) hinted = result.retryAfter * 1000;
      if (!result.notModified) {
        etag = result.etag;
        delay = visible();
        onData(result.data, etag);
      } else {
        delay = document.hidden ? Math.min(Math.max(delay * 2, HIDDEN_MS), MAX_MS) : visible();
      }
    } catch (error) {
      failing = true;
      delay = Math.min(delay * 2, FAILING_MAX_MS);
      onError(error);
    } finally {
      running = false;
    }
    if (!stopped) timer = setTimeout(tick, document.hidden ? Math.max(delay, HIDDEN_MS) : delay);
  }

  function wake() {
    if (document.hidden) return;
    delay = visible();
    tick();
  }

  document.addEventListener("visibilitychange", wake);
  window.addEventListener("focus", wake);
  window.addEventListener("online", wake);
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("focus", wake);
      window.removeEventListener("online", wake);
    },
    now: tick,
    setEtag(tag) { etag = tag; },
  };
}
