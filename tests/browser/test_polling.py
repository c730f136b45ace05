"""Waiting for the others: the match page polls with If-None-Match (cheap 304s) and backs off while
the tab is hidden, then catches up at once when it is shown again."""
import re

from playwright.sync_api import expect

from .matches import new_match


def test_polling_gets_304s_and_backs_off_while_the_tab_is_hidden(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    polls = []
    page.on("response", lambda r: polls.append(r.status) if re.search(rf"/api/v1/games/{match.id}$", r.url) else None)
    page.goto(match.seat_link(1))
    expect(page.locator("#status")).to_contain_text("Ann's turn")
    page.wait_for_timeout(1000)
    visible = len(polls)
    assert visible >= 4 and polls.count(304) >= visible - 2, polls

    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_timeout(300)
    hidden_from = len(polls)
    page.wait_for_timeout(1500)
    assert len(polls) - hidden_from <= 1, "a hidden tab keeps polling at full speed"

    match.play(lambda view: view["version"] >= 1)  # Ann moves while Bob's tab is hidden
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"), timeout=2000)
    assert page.title().startswith("● Your turn")
