// A device turned (a phone sideways, a foldable opened, an iPad's Split View narrowed): the page is laid out anew for
// the new width and the browser keeps the text that was at the top of the screen in place, while what the player was
// on (the card picked, the question asked) moved with its column, out of sight. It is brought back into sight whole,
// when any of it showed before (a field focused at the screen's foot ends a fraction of a pixel under it).
import {bringBack, inSight, shownAtAll} from "./ui.js";

/** Where the player is on the screen in `root`: the focus; where a tap does not focus a button (Safari), the card
 * picked. A question with its answers rather than its words alone. */
function place(root) {
  const active = document.activeElement;
  const here = active !== root && root.contains(active) ? active : root.querySelector('[aria-pressed="true"]');
  return here?.closest(".confirm") || here;
}

/** Keep the player's place in `root` in sight when the screen's width changes. */
export function keepPlaceWhenTurned(root) {
  let width = innerWidth;
  let seen = false; // the player's place showed at `width`
  const look = () => {
    if (innerWidth !== width) return; // laid out anew for another width: the resize answers it
    const here = place(root);
    seen = Boolean(here) && shownAtAll(here);
  };
  addEventListener("scroll", look, {passive: true});
  root.addEventListener("focusin", look);
  root.addEventListener("click", () => requestAnimationFrame(look)); // a card picked, drawn picked by the repaint
  addEventListener("resize", () => {
    if (innerWidth === width) return; // the height alone: a keyboard or the browser's bar shown or hidden
    width = innerWidth;
    const here = place(root);
    if (seen && here && !inSight(here)) bringBack(here);
    look();
  });
}
