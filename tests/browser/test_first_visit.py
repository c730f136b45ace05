"""A seat link, and the home page, opened for the first time on a phone (no service worker, nothing cached), counted
from outside: what they ask for before the screen can be used, and in what order."""
import re
from urllib.parse import urlparse

from playwright.sync_api import expect

from ..frontend.test_static import FRONTEND, all_imports
from .drive import settled
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


# What only *Move everything to a new device* needs on the home page: its module, and the Share and Copy of its link
# (views/invite.js, with the invite's QR code). 5 modules, 24 kB before gzip.
MOVING = {"/js/views/move.js", "/js/views/invite.js", "/js/qr.js", "/js/share.js", "/js/in-app.js"}
# What only a match's Remove (and the tidying of finished ones) needs: stopping its notifications. 2 modules, 7.5 kB.
REMOVING = {"/js/push.js", "/js/base64url.js"}


def scripts_asked(page) -> list[str]:
    """The modules and scripts `page` asks for from now on, in order, as a list that grows."""
    asked = []
    page.on("request", lambda request: asked.append(urlparse(request.url).path) if "/js/" in request.url else None)
    return asked


def test_a_first_visit_to_the_home_page_asks_for_no_module_of_a_panel_it_does_not_show(new_page):
    """A grandmother opening the home page from a link in a family chat, on a slow 3G phone: it asked for the modules
    of *Move everything to a new device* (5, 24 kB), a panel a device with nothing on it never shows, among the
    requests that stood between her and the list of games."""
    page = new_page()
    asked = scripts_asked(page)
    page.goto("/")
    expect(page.locator(".games .game-card")).to_have_count(5)
    expect(page.locator('[data-key="toggle-move"]')).to_have_count(0)  # nothing to move yet
    assert len(asked) == len(set(asked)), "each module is fetched once"
    assert not (MOVING | REMOVING) & set(asked)
    assert set(asked) == modules("app.js") | {"/js/too-old.js"} | modules("views/home.js")


def test_the_moving_panel_and_remove_fetch_their_modules_when_used_and_work(new_page, server):
    """With a seat to move and a match watched, the panel's button and the match's Remove are there at once; their
    modules come when they are used, and they work: the link shares, the match is removed; opened on a new phone, the
    link fetches the panel's modules too and moves the seat."""
    match, watched = new_match(server, "addup"), new_match(server, "addup")
    old = new_page()
    old.goto(match.seat_link(0))
    settled(old)
    old.goto(f"/g/{watched.id}")
    expect(old.locator("#status")).to_be_visible()
    kept = old.evaluate("JSON.stringify({seats: localStorage.getItem('addgames.seats'), "
                        "watched: localStorage.getItem('addgames.watched')})")
    page = new_page(share=True)  # a phone that keeps them but never loaded the app: every module from the network
    page.context.add_init_script(f"""if (!localStorage.getItem('addgames.seats')) {{ const kept = {kept};
        localStorage.setItem('addgames.seats', kept.seats); localStorage.setItem('addgames.watched', kept.watched); }}""")
    asked = scripts_asked(page)
    page.goto("/")
    expect(page.locator("#mine-list > li")).to_have_count(2)
    expect(page.locator('[data-key="toggle-move"]')).to_be_visible()
    assert not (MOVING | REMOVING) & set(asked)
    page.locator('[data-key="toggle-move"]').click()
    link = page.locator("#move-link").input_value()
    assert link.startswith(f"{server}/#move=")
    assert MOVING <= set(asked) and len(asked) == len(set(asked))
    page.locator('[data-key="share-move"]').click()
    page.wait_for_function("window.sharedData && window.sharedData.url === document.getElementById('move-link').value")
    page.locator(f'[data-key="forget-{watched.id}"]').click()
    expect(page.locator("#mine-list > li")).to_have_count(1)
    assert REMOVING <= set(asked) and len(asked) == len(set(asked))

    new = new_page()
    arriving = scripts_asked(new)
    new.goto(link)
    expect(new.locator("#moved")).to_contain_text("Moved to this device: 1 match and 1 match watched.")
    expect(new.locator("#mine-list > li")).to_have_count(2)
    assert "/js/views/move.js" in arriving
