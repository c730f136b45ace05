"""A device turned mid-turn (QA: a family playing on whatever device is at hand): a phone turned sideways, a foldable
opened, an iPad's Split View narrowed. What the player was on stays on the screen: the card picked, the question
asked, the field typed in."""
import re

import pytest
from playwright.sync_api import expect

from .drive import settled
from .matches import GAMES, new_match, unshuffled

TURNS = {"phone turned sideways": ({"width": 390, "height": 844}, {"width": 844, "height": 390}),
         "sideways phone turned upright": ({"width": 844, "height": 390}, {"width": 390, "height": 844}),
         "foldable opened": ({"width": 360, "height": 780}, {"width": 720, "height": 780})}

# Whether all of the element (a selector) shows on the screen
IN_SIGHT = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth; }"""


def my_turn(new_page, server, game, size):
    match = new_match(server, game, deck=unshuffled(server, game))
    match.play(lambda view: view["version"] >= 3 and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    page = new_page()
    page.set_viewport_size(size)
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page)  # the turn scrolled into sight again once the history came: a tap before it could miss
    return page


def turn(page, size, selector):
    """Turn the device to `size`, once `selector` is wholly in sight; the page has a moment to answer."""
    assert page.evaluate(IN_SIGHT, selector)
    page.set_viewport_size(size)
    page.wait_for_function(f"() => innerWidth === {size['width']}")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("turned", TURNS)
def test_the_card_picked_stays_in_sight_when_the_device_turns(new_page, server, artifacts, game, turned):
    """Turned sideways, a 390x844 phone showed the rules and the log at the foot of the first column, the table and
    the hand with the card picked scrolled out of sight above them (the browser kept the text at the top of the
    screen in place, which moved up and down the other column): a card picked now stays in sight, still picked and
    focused. Also where a tap does not focus a button (Safari): the card picked, not the focus, says where the
    player is."""
    before, after = TURNS[turned]
    page = my_turn(new_page, server, game, before)
    picked = page.locator("main .board .hand button.card:not([disabled])").first
    picked.tap()
    key = picked.get_attribute("data-key")
    chosen = f'[data-key="{key}"]'
    expect(page.locator(chosen)).to_have_attribute("aria-pressed", "true")
    page.evaluate("document.activeElement.blur()")  # as Safari leaves it: the focus is not where the finger was
    turn(page, after, chosen)
    page.wait_for_timeout(100)
    page.screenshot(path=artifacts / f"turned-{game}-{after['width']}x{after['height']}.png")
    assert page.evaluate(IN_SIGHT, chosen), page.locator(chosen).bounding_box()
    expect(page.locator(chosen)).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("turned", TURNS)
def test_the_question_asked_stays_in_sight_and_focused_when_the_device_turns(new_page, server, turned):
    """"Resign?" asked at the foot of the page, then the phone turned: the question and its answers stay on the
    screen with the focus on them, as the focus said where the player was."""
    before, after = TURNS[turned]
    page = my_turn(new_page, server, "addup", before)
    page.locator('[data-action="askConfirm"][data-confirm="resign"]').tap()
    expect(page.locator("#confirm-question")).to_be_focused()
    turn(page, after, "#confirm-question")
    page.wait_for_timeout(100)
    assert page.evaluate(IN_SIGHT, '[data-key="confirm-yes"]'), page.locator('[data-key="confirm-yes"]').bounding_box()
    expect(page.locator("#confirm-question")).to_be_focused()


@pytest.mark.parametrize("size", [{"width": 820, "height": 1180}, {"width": 1180, "height": 820}], ids=["upright", "sideways"])
def test_a_question_asked_at_the_foot_of_a_tablet_shows_its_answers(new_page, server, size):
    """"Resign?" asked on a tablet held upright, where the page ends just under the screen's foot: its words showed
    on the last line of the screen, "Yes, resign" and "Cancel" under it, out of sight (the focus, on the words, did
    not scroll the page). The question comes into sight with its answers."""
    page = my_turn(new_page, server, "addup", size)
    page.locator('[data-action="askConfirm"][data-confirm="resign"]').tap()
    expect(page.locator("#confirm-question")).to_be_focused()
    assert page.evaluate(IN_SIGHT, ".confirm"), page.locator(".confirm").bounding_box()


@pytest.mark.parametrize("size", [{"width": 820, "height": 1180}, {"width": 1180, "height": 820}], ids=["upright", "sideways"])
def test_the_rename_form_opened_at_the_foot_of_a_tablet_shows_its_buttons(new_page, server, size):
    """"Change my name" pressed at the foot of a tablet held upright: the field, focused, came into sight, "Save" and
    "Cancel" stayed under the screen's foot. The form comes into sight whole, as a question does."""
    page = my_turn(new_page, server, "addup", size)
    page.locator('[data-key="rename"]').tap()
    expect(page.locator('[data-key="rename-name"]')).to_be_focused()
    page.wait_for_function(IN_SIGHT, arg="form.rename", timeout=5000)


def test_a_name_being_typed_stays_in_sight_when_a_tablet_turns(new_page, server):
    """Renaming oneself on a tablet held upright, the field drawn on the screen's last line, then the tablet turned: the
    field went under the foot of the screen (it showed but for a fraction of a pixel, which did not count as seen).
    It stays in sight, with what was typed and the focus."""
    page = my_turn(new_page, server, "addup", {"width": 820, "height": 1180})
    page.locator('[data-key="rename"]').tap()
    field = page.locator('[data-key="rename-name"]')
    field.fill("Grandma Jo")
    page.set_viewport_size({"width": 1180, "height": 820})
    page.wait_for_function("() => innerWidth === 1180")
    page.wait_for_timeout(100)
    assert page.evaluate(IN_SIGHT, '[data-key="rename-name"]'), field.bounding_box()
    expect(field).to_be_focused()
    expect(field).to_have_value("Grandma Jo")
