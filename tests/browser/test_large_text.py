"""A grandmother's phone with the browser's text made larger (130 %, sometimes 200 %): the play screen, the create
form, the class sheet, join by code and a seat's new link stay readable, whole and, where it matters, on one screen."""
import re

import pytest
from playwright.sync_api import expect

from .matches import GAMES, new_match, unshuffled

TEXT_AT = "addEventListener('DOMContentLoaded', () => {{ document.documentElement.style.fontSize = '{}%'; }})"


def large_text_page(new_page, width: int, height: int, percent: int, locale: str = "en-GB"):
    page = new_page(locale=locale)
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(TEXT_AT.format(percent))  # a style sheet would break the page's policy
    page.emulate_media(reduced_motion="reduce")
    return page


@pytest.mark.parametrize(("game", "seats"), [(game, seats) for game in GAMES for seats in (2, 3, 4)
                                             if (game, seats) != ("addtoo", 4)])  # see the README: not this one
def test_at_130_percent_text_the_table_and_the_hand_share_the_first_screen(new_page, server, artifacts, game, seats):
    """A 360x740 phone at 130 % text, her turn: in ADD UP, ADD-IT and ADD-TOO her hand started 100-150 px below the
    first screen, under the header, the status, a column of score cards, the last move and the table; she scrolled
    down to her cards and back up to the table at every turn. The table's top and her hand's first row now show
    together without scrolling."""
    match = new_match(server, game, seats=seats, deck=unshuffled(server, game, seats))
    match.play(lambda view: view["version"] >= seats + 1 and view["turn"] == 0
               and (game != "addtoo" or "place" in match.view(0)["you"]["legal_moves"]))
    page = large_text_page(new_page, 360, 740, 130)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#last-move")).to_be_visible()
    page.screenshot(path=artifacts / f"text-130-360x740-{game}-{seats}.png")
    # in one step of the page's own: a poll may repaint the table between two steps of the test's
    status, board, card = page.evaluate("""() => ['#status', '.play > .board', '.board .hand:not(.other) .cards > *']
        .map((selector) => document.querySelector(selector).getBoundingClientRect().toJSON())""")
    assert status["top"] >= 0 and board["top"] >= 0, (status, board)
    assert card["bottom"] <= 740, card  # the page scrolled the status to the screen's top when the hand was below
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
