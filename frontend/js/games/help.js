// Whether the web app does the arithmetic for the player: running sums, totals, "→ result", points and
// capture previews, "show me" buttons. A match created without hints (`view.hints === false`) is for
// counting by oneself: the app then shows the cards and what is legal, and the server says why a move
// does not add up.
export const helpsWithSums = (view) => view.hints !== false;
