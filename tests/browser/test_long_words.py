"""Dutch joins its words ("uitnodigingslink", "Totaalkaart", "Cijferkaart"): a Dutch class's 360 px phones show
the home page, the create form, the rules and the play screen of every game, a move picked, with nothing past the
screen's edge, nothing cut and no word broken but at its hyphen ("Add-Em-|kaarten")."""
import re

import pytest
from playwright.sync_api import expect

from .drive import settled
from .matches import GAMES, new_match, unshuffled
from .test_i18n import missing_keys, pick_a_move
from .test_one_screen import BROKEN_WORDS

# What runs past the screen's right edge, and what shows less than its text (overflow hidden or clipped); the
# screen reader's own words, hidden on purpose, aside
SPILLED = """() => {
    const width = document.documentElement.clientWidth, out = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px`);
    for (const e of document.querySelectorAll('body *')) {
        if ((e instanceof SVGElement && e.tagName !== 'svg') || !e.checkVisibility() || e.closest('.sr-only')) continue;
        const box = e.getBoundingClientRect(), said = `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}"`;
        if (box.width && box.right > width + 0.5) out.push(`${said} ends at ${Math.round(box.right)}`);
        if (['hidden', 'clip'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1
            && e.textContent.trim()) out.push(`${said} shows ${e.clientWidth} of ${e.scrollWidth} px`);
    }
    return out;
}"""


def dutch_phone(new_page):
    page = new_page(locale="nl-NL")
    page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(reduced_motion="reduce")
    return page


def whole(page, artifacts, name: str) -> None:
    page.screenshot(path=artifacts / f"nl-360-{name}.png", full_page=True)
    assert page.evaluate(SPILLED) == [], name
    assert [word for word in page.evaluate(BROKEN_WORDS) if "-" not in word] == [], name


def test_the_home_page_create_forms_and_rules_pages_in_dutch_fit_a_360_px_phone(new_page, artifacts):
    page = dutch_phone(new_page)
    page.goto("/")
    expect(page.locator(".games li")).to_have_count(5)
    expect(page.locator("h1")).to_have_text("Rekenspellen om met vrienden te spelen")
    whole(page, artifacts, "home")
    for game in GAMES:
        page.goto(f"/new/{game}")
        page.locator('[data-key="seats-3"]').click()  # a second friend's name field and menu
        expect(page.locator('[data-key="player-2-"]')).to_be_visible()
        whole(page, artifacts, f"create-{game}")
        page.goto(f"/rules/{game}")
        expect(page.locator(".interpretations li").first).to_be_visible()
        whole(page, artifacts, f"rules-{game}")
    assert missing_keys(page) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_dutch_play_screen_with_a_move_picked_fits_a_360_px_phone(new_page, server, artifacts, game):
    """A long name, a time per move (the deadline's line) and the move being built: the longest lines a turn shows."""
    match = new_match(server, game, deck=unshuffled(server, game), players=["Annemarie", "Bob"], time_per_move=86400)
    match.play(lambda view: view["version"] >= 3 and view["turn"] == 0
               and (game != "addtoo" or "place" in match.view(0)["you"]["legal_moves"]))
    page = dutch_phone(new_page)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#status")).to_contain_text("Jij bent aan de beurt")
    settled(page)  # the last move's words too
    pick_a_move(page, game)
    whole(page, artifacts, f"play-{game}")
    assert missing_keys(page) == []
