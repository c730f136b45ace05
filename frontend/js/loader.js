// A part of the app loaded when it is needed (a screen, a game's module) comes with every module it imports, at any
// depth: asked for all at once, side by side (<link rel="modulepreload">), as it is asked for, where the browser
// found each level of imports only once the level above had arrived. A seat link opened for the first time on a
// slow network (1.6 Mbps, 150 ms round trips, a slow phone) waited for five levels of the match screen's imports
// before it could ask for the match; README: "Served cheaply".

// What each part imports, but the modules the start already has (index.html preloads those); a static test holds
// these lists to the imports, and to the parts asked for by load() (tests/frontend/test_static.py).
const IMPORTS = {
  "views/home.js": ["class-store.js", "league.js", "views/disclosure.js", "views/join-code.js", "views/my-games.js",
    "views/pace.js", "views/public-views.js", "views/tidy.js"],
  "views/create.js": ["views/computer.js", "views/creating.js", "views/options.js", "views/pace.js",
    "views/seating.js"],
  "views/match.js": ["attention.js", "base64url.js", "games/help.js", "in-app.js", "poller.js", "push.js", "qr.js", "share.js",
    "shuffle.js", "views/computer.js", "views/creating.js", "views/disclosure.js", "views/fairness.js", "views/guests.js",
    "views/history.js", "views/invite.js", "views/join-code.js", "views/join.js", "views/lifecycle.js", "views/notify-control.js",
    "views/options.js", "views/own-link.js", "views/pace-control.js", "views/pace.js", "views/play.js", "views/rename.js",
    "views/scoreboard.js", "views/seat-links.js", "views/seating.js", "views/table.js", "views/thinking.js"],
  "views/rules.js": ["views/computer.js", "views/creating.js", "views/options.js", "views/pace.js",
    "views/seating.js"],
  "views/class-setup.js": ["class-store.js", "league.js", "views/class-making.js", "views/class-plan.js",
    "views/computer.js", "views/creating.js", "views/options.js", "views/pace.js", "views/seating.js"],
  "views/class-sheet.js": ["class-store.js", "csv.js", "in-app.js", "league.js", "qr.js", "share.js",
    "views/class-absent.js", "views/class-board.js", "views/class-follow.js", "views/class-making.js",
    "views/class-results.js", "views/forget.js", "views/invite.js", "views/join-code.js", "views/pace.js", "views/public-views.js",
    "views/seating.js"],
  "views/league.js": ["class-store.js", "csv.js", "league.js", "views/class-absent.js", "views/class-board.js",
    "views/class-results.js", "views/forget.js", "views/pace.js", "views/public-views.js"],
  "views/privacy.js": [],
  "views/missing.js": [],
  // parts a screen, or the start, loads when asked for (a panel opened, a moving link; a match removed, notifications
  // to keep)
  "views/move.js": ["base64url.js", "class-store.js", "in-app.js", "league.js", "qr.js", "share.js", "views/invite.js",
    "views/join-code.js"],
  "push.js": ["base64url.js"],
  "games/addup.js": ["games/cards.js", "games/help.js"],
  "games/addit.js": ["games/cards.js", "games/help.js", "games/suits.js"],
  "games/plusminus.js": ["games/cards.js", "games/help.js"],
  "games/addem.js": ["games/cards.js", "games/help.js"],
  "games/addtoo.js": ["games/camera.js", "games/cards.js", "games/diamonds.js", "games/help.js"],
};
const asked = new Set(); // preloaded once: a link asked again finds the module the browser already has

/** The module at `path` (under js/, "views/match.js"), loaded with everything it imports at once. Rejects as
 * import() does when a part could not be fetched; the next call asks again. */
export function load(path) {
  for (const module of [path, ...(IMPORTS[path] || [])]) {
    if (asked.has(module)) continue;
    asked.add(module);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = `/js/${module}`;
    link.addEventListener("error", () => asked.delete(module)); // not fetched: the next load asks again
    document.head.append(link);
  }
  return import(`./${path}`);
}
