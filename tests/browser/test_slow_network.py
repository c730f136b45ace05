"""A slow mobile network (slow 3G: 400 ms round trips, answers that take seconds, drop-outs of 10-60 s): every
wait says what the page waits for, so no control looks dead. Measured by `python -m bench.slow_phone --slow-3g` (docs/PERFORMANCE.md)."""
import re

from playwright.sync_api import expect

from .drive import settled
from .matches import new_match
from .test_offline import your_turn

ASKING = "Asking for a hint…"


def held_hints(page, match) -> list:
    """The page's hint requests, held until the test answers them (a slow network, or one that dropped)."""
    held = []
    page.route(f"**/api/v1/games/{match.id}/hint", lambda route: held.append(route))
    return held


def first_held(page, held: list):
    """The first request `held`, once it has reached the route (the page says it asks before then)."""
    for _ in range(100):
        if held:
            return held[0]
        page.wait_for_timeout(100)
    raise AssertionError("the page did not ask")


def hint_on_its_way(new_page, server):
    """Hint pressed on the turn of a Plus and Minus match, its request held: (the page, that request's route)."""
    match = new_match(server, "plusminus", hints=True)
    page = new_page()
    your_turn(page, match)
    settled(page)
    held = held_hints(page, match)
    page.locator('[data-key="hint"]').click()
    expect(page.locator("#asking")).to_have_text(ASKING)
    return page, first_held(page, held)


def test_a_hint_on_its_way_says_so_while_the_controls_wait(new_page, server):
    """Hint disabled every control of the turn until its answer came, and said nothing: on slow 3G that was seconds,
    and 15 s (the request's deadline) when the network had dropped, of a screen that looked dead."""
    page, asked = hint_on_its_way(new_page, server)
    expect(page.locator('[data-key="hint"]')).to_be_disabled()
    asked.fallback()
    expect(page.locator("#hint")).to_contain_text("Hint:")
    expect(page.locator("#asking")).to_have_count(0)


def test_a_hint_that_got_no_answer_stops_saying_it_is_asked(new_page, server):
    page, asked = hint_on_its_way(new_page, server)
    asked.abort()
    # its "cannot be reached" is said, and goes with the next poll's answer (test_bad_network.py): here at once
    expect(page.locator("#asking")).to_have_count(0)
    expect(page.locator("#hint")).to_have_count(0)
    expect(page.locator('[data-key="hint"]')).to_be_enabled()
    assert re.search("your-turn", page.locator("#status").get_attribute("class"))


def polls_of(match) -> re.Pattern:
    return re.compile(rf"/api/v1/games/{match.id}$")


def test_a_page_back_after_hours_in_the_pocket_says_it_checks_for_news_and_asks_without_waiting(new_page, server):
    """Back after hours, the page showed the table as she left it ("Ann's turn", say), saying nothing, while its poll asked
    the server to hold it 20 s when nothing was new: on a network that had dropped, 30 s (that poll's deadline) of an
    old table given as today's. It says it checks, and asks without waiting, so the answer (news or none) comes at
    once, and a dead network is said after the 15 s of any request."""
    match = new_match(server, "plusminus")
    page = new_page()
    page.goto(match.seat_link(1))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    settled(page)
    before = page.locator("#status").inner_text()
    held = []
    page.route(polls_of(match), lambda route: held.append(route))
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
        const now = Date.now, pocket = 3 * 60 * 60 * 1000;  // three hours later, as the wall clock says
        Date.now = () => now() + pocket;
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.locator("#checking")).to_have_text("Checking for news…")
    check = first_held(page, held)
    assert check.request.headers.get("prefer") is None, "the check after the pocket is held for news"
    with page.expect_request(lambda r: polls_of(match).search(r.url) and r.headers.get("prefer") == "wait=20"):
        page.unroute(polls_of(match))
        check.fallback()
    expect(page.locator("#checking")).to_have_count(0)
    expect(page.locator("#status")).to_have_text(before)  # nothing new: the table stays
