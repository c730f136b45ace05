"""A seat link opened for the first time on a phone (no service worker, nothing cached), counted from outside:
what it asks for before the play screen can be played, and in what order."""
import re
from urllib.parse import urlparse

from playwright.sync_api import expect

from ..frontend.test_static import FRONTEND, all_imports
from .matches import new_match

JS = (FRONTEND / "js").resolve()


def modules(path: str) -> set[str]:
    """The module at `path` (under /js/) and every module it imports, at any depth, as the browser asks for them."""
    return {f"/js/{p.relative_to(JS)}" for p in all_imports(JS / path) | {JS / path}}


def test_a_seat_link_asks_for_each_level_of_the_screen_modules_at_once_and_for_each_file_once(new_page, server):
    """The match screen's module and everything it imports are asked for while the first of them is still on its
    way, as are a game's module and its own imports: on a slow network (150 ms round trips) the screen waited for
    five levels of imports before it could ask for the match, and for two more after (README: "Served cheaply")."""
    match = new_match(server, "addup")
    seat = match.view(0)["turn"]
    page = new_page()
    asked, held = [], {}
    page.on("request", lambda request: asked.append(urlparse(request.url).path))

    def hold(route):
        held[urlparse(route.request.url).path] = route  # answered once everything it imports was asked for

    screen, game = modules("views/match.js"), modules("games/addup.js")
    page.route(re.compile(r"/js/(views/match|games/addup)\.js$"), hold)
    page.goto(match.seat_link(seat))
    while not screen <= set(asked):  # each request comes as an event; a missing one fails at the wait's timeout
        page.wait_for_event("request")
    assert list(held) == ["/js/views/match.js"]
    held.pop("/js/views/match.js").continue_()
    while not game <= set(asked):
        page.wait_for_event("request")
    assert list(held) == ["/js/games/addup.js"]
    held.pop("/js/games/addup.js").continue_()
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator(".hand button.card:not([disabled])").first).to_be_visible()

    scripts = [path for path in asked if path.startswith("/js/")]
    assert len(scripts) == len(set(scripts)), "each module is fetched once (preloaded, then found by its import)"
    start = modules("app.js") | {"/js/too-old.js"}  # the classic script saying "too old" where the app cannot run
    assert set(scripts) == start | screen | game  # no language, rules or other game's module: those load when needed
