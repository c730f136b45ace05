// The computer's replies, paced. The bots move on the server as a seat's move is made, so the move's answer (or the
// poll that brings it first) is the match after the replies too: shown at once, a child never saw their own move
// land. Such a view is shown a step at a time instead, from the match's past versions: the table after the seat's
// own move ("The computer is thinking…"), then each reply a pause apart, then the view itself. The same for every
// game. README: "Play against the computer".
import {api} from "../api.js";
import {t} from "../i18n.js";

// Test hook: localStorage's `addgames.thinkMs` shortens the pause.
const HOOK = localStorage.getItem("addgames.thinkMs");
const PAUSE_MS = HOOK === null ? 1000 : Number(HOOK); // the pause before each reply shows
const MOST_REPLIES = 3; // more (a table of computers) and the own move is followed by the last reply: 3 s at most

const calm = () => document.hidden || matchMedia("(prefers-reduced-motion: reduce)").matches;

/** `show(view)` draws a view as the play screen does; `token()` is the seat's token. */
export function thinking(id, token, show) {
  let newest = null; // while the replies are paced: the newest view that came, shown at the end
  let pause = null; // {timer, done} while a pause runs
  let pacing = false;

  const wait = () => new Promise((done) => {
    pause = {timer: setTimeout(done, PAUSE_MS), done};
  });

  /** The versions shown before `last`: the seat's own move (`from` + 1), then each reply but the last, or none of
   * them when there are more than MOST_REPLIES. */
  function steps(from, last) {
    const replies = last - from - 1;
    const shown = replies > MOST_REPLIES ? 1 : replies;
    return Array.from({length: shown}, (_, n) => from + 1 + n);
  }

  return {
    /** A view that came while the replies are paced waits (true): the newest is shown once they are. */
    held(view) {
      if (!pacing) return false;
      if (view.version >= newest.version) newest = view;
      return true;
    },
    /** Show `view` a step at a time when it came after this seat's move on version `from` and the others' replies
     * (true once it is shown); false when there is nothing to pace (no reply came with the move, or the player
     * asked for less motion, or the page is hidden). A step that cannot be fetched shows the newest view at once. */
    async paced(from, view) {
      if (view.version <= from + 1 || view.status === "waiting" || calm()) return false;
      pacing = true;
      newest = view;
      try {
        for (const version of steps(from, view.version)) {
          const step = await api.version(id, version, token());
          if (!pacing) return true; // the page was left
          await show(step);
          await wait();
          if (!pacing) return true;
        }
      } catch {
        // offline, say: the newest view, at once
      } finally {
        pause = null;
      }
      if (!pacing) return true;
      pacing = false;
      await show(newest);
      return true;
    },
    /** The status line while the computer's reply waits: the view shown is a step, and a bot is to move. */
    line(view) {
      const seat = view.seats[view.turn];
      return pacing && view.status === "playing" && seat?.bot ? t("status.thinking") : null;
    },
    stop() {
      pacing = false;
      if (pause) clearTimeout(pause.timer);
      pause?.done();
    },
  };
}
