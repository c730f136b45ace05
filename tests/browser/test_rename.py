"""A player changes their own name from the match page ("Change my name", at its foot): the other
seat's page shows it after its poll, a name another player has is refused in the form, the focus goes
where the player expects, and the form speaks every language without an accessibility violation."""
import re

import pytest
import requests
from playwright.sync_api import expect

from .drive import too_small
from .matches import new_match
from .test_i18n import LANGUAGES, missing_keys
from .test_quality import serious_violations


def open_form(page):
    page.locator('[data-key="rename"]').click()
    field = page.locator('input[name="rename-name"]')
    expect(field).to_be_focused()
    return field


def test_a_player_renames_themself_and_the_other_seat_s_page_shows_it_after_its_poll(new_page, server):
    match = new_match(server, "addup")
    ann, bob = new_page(), new_page()
    ann.goto(match.seat_link(0))
    bob.goto(match.seat_link(1))
    expect(bob.locator("#status")).to_contain_text("Ann's turn")
    field = open_form(ann)
    expect(field).to_have_value("Ann")
    assert ann.evaluate("() => [document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [0, 3], \
        "the name as it is, ready to be typed over"

    field.fill("bob")
    ann.locator('[data-key="rename-save"]').click()
    expect(ann.locator("#rename-error")).to_have_text(re.compile("Another player of this match is called Bob"))
    expect(field).to_be_focused()
    assert match.view(0)["seats"][0]["name"] == "Ann"

    field.fill("  Anna ")
    field.press("Enter")
    expect(ann.locator(".scores .me strong")).to_have_text("Anna")
    expect(ann.locator("#renamed")).to_have_text("Your name is now Anna.")
    expect(ann.locator('[data-key="rename"]')).to_be_focused()
    expect(ann.locator("#announce")).to_have_text("Your name is now Anna.")
    assert ann.evaluate("localStorage.getItem('addgames.name')") == "Anna", "the name the next form offers"
    expect(bob.locator("#status")).to_contain_text("Anna's turn")
    expect(bob.locator(".scores")).to_contain_text("Anna")
    assert match.view(1)["seats"][0]["name"] == "Anna"

    ann.goto("/new/addup")
    expect(ann.locator('input[name="name-0"]')).to_have_value("Anna")


def test_cancel_and_escape_give_the_focus_back_and_a_poll_keeps_what_is_typed(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(1))
    button = page.locator('[data-key="rename"]')
    open_form(page)
    page.locator('[data-key="rename-cancel"]').click()
    expect(page.locator("form.rename")).to_have_count(0)
    expect(button).to_be_focused()

    field = open_form(page)
    page.keyboard.press("End")
    page.keyboard.type(" Z")
    match.play(lambda view: view["version"] >= 1)  # Ann moves: the page repaints with the poll's news
    expect(page.locator("#status")).to_have_text("Your turn")
    expect(field).to_be_focused()
    page.keyboard.type("ed")
    expect(field).to_have_value("Bob Zed")
    page.keyboard.press("Escape")
    expect(page.locator("form.rename")).to_have_count(0)
    expect(button).to_be_focused()
    assert match.view(1)["seats"][1]["name"] == "Bob"


def test_a_seat_that_left_and_a_spectator_are_offered_no_new_name(new_page, server):
    match = new_match(server, "addup", seats=3)
    assert match.post("resign", 2).status_code == 200
    page = new_page()
    page.goto(match.seat_link(2))
    expect(page.locator("#left-note")).to_be_visible()
    expect(page.locator('[data-key="rename"]')).to_have_count(0)
    page.goto(f"/g/{match.id}")
    expect(page.locator("#status")).to_be_visible()
    expect(page.locator('[data-key="rename"]')).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_button_and_the_form_have_no_serious_accessibility_violation_nor_a_small_target(new_page, server, scheme):
    match = new_match(server, "addup", join=False)  # the waiting page: invite, seat link and the form
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    found = serious_violations(page) + too_small(page)  # the button, beside the seat's other tools
    open_form(page).fill("Bob")
    page.locator('[data-key="rename-save"]').click()
    expect(page.locator("#rename-error")).to_be_visible()
    found += serious_violations(page) + too_small(page)
    page.locator('input[name="rename-name"]').fill("Anna")
    page.locator('[data-key="rename-save"]').click()
    expect(page.locator("#renamed")).to_be_visible()
    assert found + serious_violations(page) + too_small(page) == []


def test_the_form_speaks_every_language(new_page, server):
    match = new_match(server, "addup")
    for language, locale in sorted(LANGUAGES.items()):
        page = new_page(locale=locale)
        page.goto(match.seat_link(0))
        open_form(page)
        page.locator('[data-key="rename-save"]').click()  # the name as it is: changes nothing
        expect(page.locator("#renamed")).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == language
        assert missing_keys(page) == [], language
    assert requests.get(f"{server}/api/v1/games/{match.id}", timeout=10).json()["seats"][0]["name"] == "Ann"


def rename_through(page, match, handle, name: str) -> None:
    """Open Bob's (seat 1's) page, its requests to the seat going to `handle(route)`, and save `name` as his new name."""
    page.route(re.compile(rf"/api/v1/games/{match.id}/seats/1$"), handle)
    page.goto(match.seat_link(1))
    page.locator('[data-key="rename"]').click()
    page.locator('input[name="rename-name"]').fill(name)
    page.locator('[data-key="rename-save"]').click()


def test_another_name_typed_after_a_lost_answer_is_another_request(new_page, server):
    """On a train: "Jonas" was saved but its answer lost ("cannot be reached... try again"); the player, unsure, made it
    "Jonas K" and saved again, under the first name's Idempotency-Key: the server refused it in its own English ("This
    Idempotency-Key was sent with another request; use a new key for a new request."). Another name is another request,
    with its own key; the same name saved again is still a retry (test_bad_network's rename test)."""
    match = new_match(server, "addup")
    page = new_page()
    sent = []

    def lose_the_first_answer(route):
        if route.request.method != "PATCH":
            return route.fallback()
        sent.append((route.request.headers.get("idempotency-key"), route.request.post_data_json["name"]))
        if len(sent) > 1:
            return route.fallback()
        route.fetch()  # the server renames the seat; its answer never reaches the phone
        route.abort()

    rename_through(page, match, lose_the_first_answer, "Jonas")
    expect(page.locator("#rename-error")).to_have_text("The server cannot be reached. Check your connection, then try again.")
    assert match.view(1)["seats"][1]["name"] == "Jonas"
    page.locator('input[name="rename-name"]').fill("Jonas K")
    page.locator('[data-key="rename-save"]').click()
    expect(page.locator("#renamed")).to_have_text("Your name is now Jonas K.")
    assert match.view(1)["seats"][1]["name"] == "Jonas K"
    assert [name for _, name in sent] == ["Jonas", "Jonas K"] and sent[0][0] != sent[1][0], sent
