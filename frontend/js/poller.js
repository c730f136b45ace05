// Polls a match view with If-None-Match: every few seconds while visible, backing off when hidden.
const VISIBLE_MS = Number(localStorage.getItem("addgames.pollMs")) || 3000;
const HIDDEN_MS = Math.max(VISIBLE_MS, 10000);
const MAX_MS = 60000;

/** poll(load(etag) -> {notModified, etag, data}, onData(data, etag), onError(error)) -> {stop, now, setEtag} */
export function poll(load, onData, onError) {
  let etag = null;
  let timer = null;
  let delay = VISIBLE_MS;
  let stopped = false;
  let running = false;

  async function tick() {
    clearTimeout(timer);
    if (stopped || running) return;
    running = true;
    try {
      const result = await load(etag);
      if (!result.notModified) {
        etag = result.etag;
        delay = VISIBLE_MS;
        onData(result.data, etag);
      } else if (document.hidden) {
        delay = Math.min(Math.max(delay * 2, HIDDEN_MS), MAX_MS);
      }
    } catch (error) {
      delay = Math.min(delay * 2, MAX_MS);
      onError(error);
    } finally {
      running = false;
    }
    if (!stopped) timer = setTimeout(tick, document.hidden ? Math.max(delay, HIDDEN_MS) : delay);
  }

  function wake() {
    if (document.hidden) return;
    delay = VISIBLE_MS;
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
