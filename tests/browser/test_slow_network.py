"""A slow mobile network (slow 3G: 400 ms round trips, answers that take seconds, drop-outs of 10-60 s): every
wait says what the page waits for, so no control looks dead. Measured on a throttled phone in bench/slow_3g.py."""
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


def test_a_hint_on_its_way_says_so_while_the_controls_wait(new_page, server):
    """Hint disabled every control of the turn until its answer came, and said nothing: on slow 3G that was seconds,
    and 15 s (the request's deadline) when the network had dropped, of a screen that looked dead."""
    match = new_match(server, "plusminus", hints=True)
    page = new_page()
    your_turn(page, match)
    settled(page)
    held = held_hints(page, match)
    page.locator('[data-key="hint"]').click()
    expect(page.locator("#asking")).to_have_text(ASKING)
    expect(page.locator('[data-key="hint"]')).to_be_disabled()
    held[0].fallback()
    expect(page.locator("#hint")).to_contain_text("Hint:")
    expect(page.locator("#asking")).to_have_count(0)


def test_a_hint_that_got_no_answer_stops_saying_it_is_asked(new_page, server):
    match = new_match(server, "plusminus", hints=True)
    page = new_page()
    your_turn(page, match)
    settled(page)
    held = held_hints(page, match)
    page.locator('[data-key="hint"]').click()
    expect(page.locator("#asking")).to_have_text(ASKING)
    held[0].abort()
    expect(page.locator("main .error")).to_contain_text("The server cannot be reached")
    expect(page.locator("#asking")).to_have_count(0)
    expect(page.locator('[data-key="hint"]')).to_be_enabled()
    assert re.search("your-turn", page.locator("#status").get_attribute("class"))
