"""A player with a switch (or a keyboard they can only Tab, Shift+Tab, Enter and Space on: no arrow keys), and a player
who speaks to the phone ("tap English"). Every choice on a form is made with Tab and Enter or Space (WCAG 2.1.1), and a
setting changes nothing before the player confirms it (WCAG 3.2.2). Turns played with the keyboard: test_quality.py."""
import re

import requests
from playwright.sync_api import expect

from .test_quality import tab_to


def test_a_match_is_set_up_with_tab_and_space_alone(new_page, server):
    """The create form's game and place were radio buttons and the seats, each seat's player and the time per move
    selects: only arrow keys change those, Tab goes past all but the chosen one, and Space opens a select's list,
    where only arrows move. A switch user could make nothing but the default match. Each choice is now a button Tab
    reaches and Enter or Space picks; arrow keys still move along a group."""
    page = new_page()
    page.goto("/new/addup")
    expect(page.locator("h1")).to_have_text("New match")
    expect(page.get_by_role("radio", name="ADD UP", exact=True)).to_be_checked()  # the form drawn
    tab_to(page, '[data-key="game-addit"]')
    page.keyboard.press("Space")
    expect(page).to_have_url(re.compile(r"/new/addit$"))
    expect(page.get_by_role("radio", name="ADD-IT", exact=True)).to_be_checked()
    expect(page.get_by_role("radio", name="ADD UP", exact=True)).not_to_be_checked()
    tab_to(page, '[data-key="seats-3"]')
    page.keyboard.press("Enter")
    expect(page.locator('[data-key="player-2-"]')).to_be_visible()  # a third seat: a friend's, at first
    tab_to(page, '[data-key="player-1-hard"]')
    page.keyboard.press("Space")
    expect(page.locator('input[name="name-1"]')).to_have_count(0)  # the computer needs no name
    tab_to(page, '[data-key="time-per-move-86400"]')
    page.keyboard.press("Enter")
    tab_to(page, '[data-key="timeouts-to-leave-5"]')
    page.keyboard.press("Enter")
    tab_to(page, 'input[name="name-0"]')
    page.keyboard.type("Ann")
    tab_to(page, '[data-key="create"]')
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
    match = page.url.rsplit("/", 1)[1]
    view = requests.get(f"{server}/api/v1/games/{match}", timeout=10).json()
    assert view["game"] == "addit"
    assert len(view["seats"]) == 3
    assert view["seats"][1]["bot"] == "hard"
    assert (view["pace"]["time_per_move"], view["pace"]["timeouts_to_leave"]) == (86400, 5)


def test_arrow_keys_still_move_along_a_group(new_page):
    """Keyboard users who know radio buttons use the arrows: they still pick the next choice."""
    page = new_page()
    page.goto("/new/addup")
    expect(page.get_by_role("radio", name="ADD UP", exact=True)).to_be_checked()  # the form drawn
    tab_to(page, '[data-key="game-addup"]')
    page.keyboard.press("ArrowRight")
    expect(page.locator('[data-key="game-addit"]')).to_be_focused()
    expect(page.locator('[data-key="game-addit"]')).to_have_attribute("aria-checked", "true")
    expect(page).to_have_url(re.compile(r"/new/addit$"))


def test_the_language_changes_only_once_chosen(new_page):
    """The language was a select: each arrow press on it drew the whole page in the next language (WCAG 3.2.2), and
    with Tab, Enter and Space alone it could not be changed at all. It is now a button ("English") that opens the list
    of languages, each a button named as it is written; the page changes when one is pressed, and the focus comes back
    to the language button."""
    page = new_page()
    page.goto("/")
    expect(page.locator("h1")).to_have_text("Counting games to play with friends")
    expect(page.locator("h1")).to_be_focused()  # the page drawn: its heading takes the focus once, before any Tab
    tab_to(page, "#language")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Counting games to play with friends")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Deutsch", exact=True)).to_be_visible()
    tab_to(page, '[data-lang="de"]')
    page.keyboard.press("Space")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#language")).to_be_focused()
    expect(page.get_by_role("button", name=re.compile("^Deutsch"))).to_have_attribute("aria-expanded", "false")


def test_tab_past_the_list_of_languages_closes_it(new_page):
    """The open list of languages lies over the top of the page: Tab past its last language left it open there, over
    the heading and the links the focus went on to, out of sight."""
    page = new_page()
    page.goto("/")
    expect(page.locator("h1")).to_be_focused()  # the page drawn: its heading takes the focus once, before any Tab
    tab_to(page, "#language")
    page.keyboard.press("Enter")
    languages = page.locator("#languages")
    expect(languages).to_be_visible()
    tab_to(page, "#languages li:last-child button")
    page.keyboard.press("Tab")
    expect(languages).to_be_hidden()
    expect(page.locator("#language")).to_have_attribute("aria-expanded", "false")
    expect(page.locator("html")).to_have_attribute("lang", "en")
