"""Joining with a code: the creator's invite panel shows the match's short code large (a teacher projects it,
friends read it aloud), another phone types it on the home page in any spelling, with the keyboard alone,
lands on the match's join screen and plays on; a mistyped code, and the code of a match whose seats are all
taken, are said beside the field, which keeps what was typed."""
import re
from urllib.parse import urlparse

import requests

from playwright.sync_api import expect

from .contrast import faint_rings, low_contrast
from .drive import status, too_small
from .matches import new_match
from .test_addup import addup_move
from .test_quality import serious_violations

CODE = re.compile(r"[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}")


def type_code(page, typed: str) -> None:
    """Type `typed` into "Join with a code" on the home page and send it with Enter, as a keyboard does."""
    field = page.get_by_role("textbox", name=re.compile("^Code"))
    field.focus()
    page.keyboard.type(typed)
    page.keyboard.press("Enter")


def test_a_code_typed_on_the_home_page_joins_the_match_and_plays_on(new_page, server):
    ann, bob = new_page(), new_page(locale="fr-FR")
    ann.goto("/new/addup")
    ann.locator('input[name="name-0"]').fill("Ann")
    ann.locator('form[data-submit="create"] button[type="submit"]').click()
    shown = ann.locator("#join-code")
    expect(shown).to_have_text(CODE)
    code = shown.locator('[aria-hidden="true"]').inner_text()
    expect(ann.locator(".join-code-line")).to_contain_text(f"Or type this code at {urlparse(server).netloc}")
    expect(shown.locator(".sr-only")).to_have_text(f"{' '.join(code[:3])}, {' '.join(code[4:])}")  # said letter by letter
    assert not serious_violations(ann) + too_small(ann)

    bob.goto("/")
    expect(bob.get_by_role("heading", name="Rejoindre avec un code")).to_be_visible()
    type_code(bob, code.lower().replace("-", " "))
    expect(bob).to_have_url(re.compile(r"/g/[\w-]+$"))
    assert "#" not in bob.url, "the code is kept out of the address bar"
    expect(bob.get_by_role("heading", level=1)).to_have_text("Rejoindre cette partie : ADD UP")
    bob.locator('input[name="name"]').fill("Bob")
    bob.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(bob.locator("#status")).to_have_attribute("data-status", "playing")
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")
    expect(ann.locator("#join-code")).to_have_count(0)  # no seat left: the invite and its code are gone

    first, second = (ann, bob) if status(ann)[2] else (bob, ann)
    addup_move(first)
    expect(second.locator("#status")).to_have_class(re.compile("your-turn"))
    addup_move(second)
    expect(first.locator("#status")).to_have_class(re.compile("your-turn"))

    late = new_page()
    late.goto("/")
    type_code(late, code)
    field = late.get_by_role("textbox", name=re.compile("^Code"))
    expect(late.locator("#alert")).to_have_text("No match is waiting for players with this code. Check it with the person "
                                                "who gave it to you: a code stops working once every seat is taken.")
    expect(field).to_be_focused()
    expect(field).to_have_value(code)
    expect(field).to_have_attribute("aria-invalid", "true")


def test_a_mistyped_code_is_said_and_can_be_mended(new_page):
    page = new_page()
    page.goto("/")
    type_code(page, "K7P-2O")
    field = page.get_by_role("textbox", name=re.compile("^Code"))
    expect(page.locator("#alert")).to_have_text("A code has six letters and digits, such as K7P\u20112QX (never 0, 1, I, L, "
                                                "O or U): check the one you typed.")
    expect(field).to_be_focused()
    assert not serious_violations(page) + too_small(page) + low_contrast(page) + faint_rings(page)
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.press("Enter")
    expect(page.locator("#alert")).to_have_text("Type the code first.")


def test_a_code_looked_up_with_no_network_says_to_try_again_and_a_second_try_finds_the_match(new_page, server):
    """Offline, "Find" said "The server cannot be reached. Check your connection; the page will keep trying.", but
    the form never tried again: it now says to try again, and once the network is back a second try opens the match."""
    created = requests.post(f"{server}/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"}, timeout=10).json()
    code, match_id = created["join_code"], created["game"]["id"]
    page = new_page()
    page.goto("/")
    expect(page.get_by_role("heading", name="Join with a code")).to_be_visible()
    page.context.set_offline(True)
    type_code(page, code)
    error = page.locator("#join-code-error")
    expect(error).to_have_text("The server cannot be reached. Check your connection, then try again.")
    expect(page.get_by_role("textbox", name=re.compile("^Code"))).to_have_value(code)
    page.context.set_offline(False)
    page.keyboard.press("Enter")
    # the match's page takes "#code=" out of the address bar as it opens: either address may be seen
    expect(page).to_have_url(re.compile(rf"/g/{match_id}(#code=.*)?$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Join this ADD UP match")


def test_a_code_half_typed_keeps_its_caret_when_my_games_is_drawn_again(new_page, server):
    """A phone with a match of its own, its player typing a friend's code on the home page: My games, drawn again
    when a friend joined her match, put a new field under her thumbs with the caret at its start, and the rest of the
    code went in front of what she had typed ("3-59TBJ" for "BJ3-59T": a CI run met it). Any field of any screen
    keeps its caret over a repaint now."""
    match = new_match(server, "addup", join=False)
    page = new_page()
    page.clock.install()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    page.goto("/")
    mine = page.locator("#mine-list")
    expect(mine).to_contain_text("ADD UP")
    before = mine.inner_text()
    field = page.get_by_role("textbox", name=re.compile("^Code"))
    field.focus()
    page.keyboard.type("BJ3")
    match.take(1)
    page.clock.run_for(16_000)  # My games asks again: the match started
    expect(mine).not_to_have_text(before)
    page.keyboard.type("-59T")
    expect(field).to_have_value("BJ3-59T")


def test_a_link_pasted_where_the_code_goes_opens_its_match(new_page, server):
    """The invite came as a link in a message, and a dad pasted it under "Join with a code": the field kept its
    first 16 characters and said "A code has six letters and digits" (QA: a dad with dyslexia, WCAG 3.3.8)."""
    match = new_match(server, "addup", join=False)
    page = new_page()
    page.goto("/")
    field = page.get_by_role("textbox", name=re.compile("^Code"))
    field.focus()
    page.keyboard.insert_text(f" {server}{match.invite_link()} ")  # as a paste does, spaces and all
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Join this ADD UP match")
    page.locator('[data-key="take-1"]').click()  # "I am Bob": the seat kept for him
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    page.goto("/")
    type_code(page, "k7p-2qx and then some words, longer than any code")
    expect(page.locator("#alert")).to_have_text("A code has six letters and digits, such as K7P\u20112QX (never 0, 1, I, "
                                                "L, O or U): check the one you typed.")


def test_a_link_pasted_with_another_scheme_or_www_and_a_full_stop_still_opens_its_match(new_page, server):
    """The invite, copied out of an email as "https://www.<site>/g/...#invite=....", pasted under "Join with a code"
    on the site's own address: the field took it for a code ("A code has six letters and digits") since its origin
    was not the page's (QA). The same host, with or without www. and by either scheme, is this site."""
    match = new_match(server, "addup", join=False)
    page = new_page()
    page.goto("/")
    other_spelling = server.replace("http://", "https://www.")
    type_code(page, f"{other_spelling}{match.invite_link()}.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Join this ADD UP match")
    page.locator('[data-key="take-1"]').click()
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
