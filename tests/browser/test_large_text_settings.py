"""A low-sighted grandfather's 360x740 phone at 200 % text, now and then with a screen reader: a match's settings (its
time per move, notifications, the seat's link, leaving it) in every language, whole and said."""
import pytest
from playwright.sync_api import expect

from .drive import settled
from .matches import new_match, unshuffled
from .test_large_text import BROKEN_WITHIN, TEXT_AT, large_text_page
from .test_push import phone

LOCALES = ["en-GB", "fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL", "pt-PT", "pt-BR"]


@pytest.mark.parametrize("locale", LOCALES)
def test_at_twice_the_text_size_the_seats_tools_keep_their_words_whole(browser, server, artifacts, locale):
    """Under the table, the seat's tools (the time per move, giving up, notifications, the seat's link, the name): in
    German, "Keine Benachrichtigungen mehr auf diesem Gerät" broke "Benachrichtigunge|n", the small buttons' 0.6rem
    a side left 1 px too little. Every tool's words whole, in every language, before and after notifications on."""
    match = new_match(server, "plusminus", time_per_move=3600, deck=unshuffled(server, "plusminus"))
    context = phone(browser, server, locale)
    try:
        page = context.new_page()
        page.set_viewport_size({"width": 360, "height": 740})
        page.add_init_script(TEXT_AT.format(200))
        page.goto(match.seat_link(1 - match.view(0)["turn"]))
        settled(page)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        tools = page.locator("main button.small")
        expect(page.locator('[data-key="pace-change"]')).to_be_visible()
        broken = [word for tool in tools.all() for word in tool.evaluate(BROKEN_WITHIN)]
        page.locator('[data-action="pushOn"]').click()
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
        page.screenshot(path=artifacts / f"text-200-360-tools-{locale}.png", full_page=True)
        broken += [word for tool in tools.all() for word in tool.evaluate(BROKEN_WITHIN)]
        assert broken == []
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    finally:
        context.close()


@pytest.mark.parametrize("locale", LOCALES)
def test_at_twice_the_text_size_the_matchs_panels_keep_their_titles_whole(new_page, server, artifacts, locale):
    """The panels under the table, each a heading that opens it (the log, the replay, the fair shuffle, a seat's new
    link): in Portuguese "Baralhament|o justo", in Brazil's "Embaralhament|o justo", their 1.2rem bold 5-20 px wider
    than a 360 px phone's panel at 200 %. Whole in every language."""
    match = new_match(server, "addup", deck=unshuffled(server, "addup"))
    match.play(lambda view: view["version"] >= 3)
    page = large_text_page(new_page, 360, 740, 200, locale)
    page.goto(match.seat_link(0))  # the creator's: a seat's new link too
    settled(page)
    titles = page.locator("main .disclose")
    expect(titles).to_have_count(4)
    page.locator(".play").screenshot(path=artifacts / f"text-200-360-panels-{locale}.png")
    assert [word for title in titles.all() for word in title.evaluate(BROKEN_WITHIN)] == []


def test_the_seat_link_closed_gives_the_focus_back_to_the_button_that_opened_it(new_page, server, artifacts):
    """At 200 % text the seat's link fills two screens under the table; "Done" closed it and the focus fell to the
    status line, the page scrolled back up to it: a screen reader started again from the top, and "My seat link", the
    way back to it, was two screens down. The button that opened it has the focus again, in sight."""
    match = new_match(server, "addup", deck=unshuffled(server, "addup"))
    page = large_text_page(new_page, 360, 740, 200)
    page.goto(match.seat_link(1 - match.view(0)["turn"]))
    settled(page)
    page.locator('[data-key="show-link"]').click()
    expect(page.locator('[data-key="copy-seat"]')).to_be_focused()
    page.locator('[data-key="dismiss-link"]').click()
    expect(page.locator('[data-key="show-link"]')).to_be_focused()
    expect(page.locator('[data-key="show-link"]')).to_be_in_viewport()
