"""A player on the keyboard alone (or a switch sending Tab, Enter and Space), on a laptop of 1280x800 zoomed to 200%:
a page of 640x400 CSS px. Whatever a key does, the focus stays where the player can see it (WCAG 2.4.7, 2.4.11).
Turns played with the keyboard: test_quality.py; the ADD-TOO board's keys: test_addtoo_board.py."""
import re

from playwright.sync_api import expect

from .drive import settled
from .matches import choose, new_match, unshuffled
from .test_games import addem_match
from .test_quality import tab_to

ZOOMED = {"width": 640, "height": 400}  # 1280x800 at 200%


def test_a_focused_button_a_repaint_pushes_down_is_brought_back_into_sight(new_page, server):
    """ADD'EM at 200%: a card picked with Enter, then "Show me a sum", reached with Tab at the foot of the screen and
    pressed. The sum it picked drew its line and the Add-Em card's value above the button, which went under the
    screen with the focus: the player saw neither the focus nor what Tab would leave from. The page now scrolls just
    enough to show it again."""
    body = addem_match(server, first=("T4a", "F6a", "F1a", "F6b", "AOa", "F6c"))  # Total 4 = 1 + Odd 3
    page = new_page()
    page.set_viewport_size(ZOOMED)
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    tab_to(page, '.hand button[data-card="F1c"]')  # the hand's last card, in no sum
    page.keyboard.press("Enter")
    tab_to(page, '[data-key="hint-sum"]')
    hint = page.locator('[data-key="hint-sum"]')
    expect(hint).to_be_in_viewport()  # at the foot of the screen
    page.keyboard.press("Enter")
    expect(page.locator('.hand button[data-card="AOa"]')).to_have_attribute("aria-pressed", "true")
    expect(hint).to_be_focused()
    expect(hint).to_be_in_viewport(ratio=1)


def test_the_turn_does_not_scroll_away_from_a_name_being_typed(new_page, server):
    """At 200%, typing a new name in "Change my name" at the foot of the page while the other player moved: their
    move made it this seat's turn, the page scrolled up to the status and the hand, and the field went off the
    screen with the focus, the player typing on where they could not see. The page stays on the field; the turn is
    brought into view at the next repaint once it is left."""
    match = new_match(server, "addup", deck=unshuffled(server, "addup"))
    match.play(lambda view: view["version"] >= 3 and view["turn"] == 1)
    page = new_page()
    page.set_viewport_size(ZOOMED)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    tab_to(page, '[data-key="rename"]')
    page.keyboard.press("Enter")
    field = page.locator('[data-key="rename-name"]')
    expect(field).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.type(" Z")
    match.move(1, choose("addup", match.view(1)))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    # the history's repaint too: one after the Enter below would be the first after the field is left, and bring the
    # turn into view, the focus with it (as it should)
    settled(page)
    page.wait_for_timeout(300)  # a poll or two more: none scrolls away
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    page.keyboard.type("ed")
    expect(field).to_have_value("Ann Zed")
    page.keyboard.press("Enter")
    expect(page.locator("#renamed")).to_contain_text("Ann Zed")
    expect(page.locator('[data-key="rename"]')).to_be_focused()  # the button that asked (test_rename.py)
    expect(page.locator('[data-key="rename"]')).to_be_in_viewport()
