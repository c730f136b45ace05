// *Forget this sheet* / *Forget this league*: a page of something this device alone keeps, forgotten only once the
// question is answered; cancelled, the focus goes back to the button that asked it; forgotten, home.
import {go} from "../router.js";
import {focusQuestion} from "../ui.js";

/** The page's askForget, cancelForget and forget actions: `asking.on` says the question (#forget-ask) is up; `button`,
 * the key of the button that asks it; `forget()` forgets the thing on this device. */
export const forgetActions = (screen, asking, button, forget) => ({
  askForget() {
    asking.on = true;
    screen.repaint();
    focusQuestion("forget-ask");
  },
  cancelForget() {
    asking.on = false;
    screen.repaint();
    document.querySelector(`[data-key="${button}"]`)?.focus();
  },
  forget() {
    forget();
    go("/", {replace: true});
  },
});
