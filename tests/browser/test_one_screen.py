"""One-screen play at 390x844: the player to move sees the status, the scores, the table, their hand
and the opponent's last move (in words and marked on the table) without scrolling."""
import re

import pytest
from playwright.sync_api import expect

from .drive import off_screen
from .matches import GAMES, new_match


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_fits_one_phone_screen(new_page, server, artifacts, game):
    match = new_match(server, game)
    match.play(lambda view: view["version"] >= 4 and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    page = new_page()
    page.emulate_media(reduced_motion="reduce")  # the last move shows at once, not mid-animation
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#last-move")).to_be_visible()
    page.screenshot(path=artifacts / f"{game}-turn.png")
    assert off_screen(page) == []
