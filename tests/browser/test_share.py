"""Sharing the invite link: the phone's share sheet when there is one, the clipboard when not
(headless Chromium has no navigator.share: one test stubs it, one checks the fallback)."""
import re
from urllib.parse import urlsplit

import requests
from playwright.sync_api import expect

from .drive import create_match, once_true
from .matches import Match, new_match


def test_share_uses_the_share_sheet_when_the_browser_has_one(new_page):
    """The message says what to play and the join code, with where to type it: a link broken in the message (or
    read off a phone held up at the table) still gets the others in (QA: it said only "Come and play ADD UP")."""
    page = new_page(share=True)
    invite = create_match(page, "addup")
    code = page.locator("#join-code [aria-hidden]").inner_text()
    page.get_by_role("button", name="Share the link").click()
    page.wait_for_function("() => window.sharedData")
    assert page.evaluate("window.sharedData.url") == invite
    assert page.evaluate("window.sharedData.text") == (
        f"Come and play ADD UP with me! Open the link, or type the code {code} at {urlsplit(invite).netloc}.")
    assert page.evaluate("window.sharedData.title") == "ADD UP · addgames"  # an e-mail's subject says the game


def test_share_falls_back_to_the_clipboard_with_the_message_and_copy_copies_the_link_alone(new_page):
    """Without a share sheet (a laptop), *Share the link* copied the bare link, as *Copy* beside it does: pasted into
    an email or a chat, it went without a word of what it was or the join code (QA)."""
    page = new_page()
    invite = create_match(page, "addup")
    code = page.locator("#join-code [aria-hidden]").inner_text()
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.get_by_role("button", name="Share the link").click()
    expect(page.locator(".invite .notice")).to_have_text("Message with the link copied: paste it into a chat or an email.")
    assert page.evaluate("navigator.clipboard.readText()") == (
        f"Come and play ADD UP with me! Open the link, or type the code {code} at {urlsplit(invite).netloc}.\n{invite}")
    page.get_by_role("button", name="Copy", exact=True).click()
    expect(page.locator(".invite .notice")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == invite


def test_the_seat_link_is_shown_once(new_page):
    page = new_page()
    create_match(page, "addup")
    expect(page.locator(".seat-link")).to_be_visible()
    page.reload()
    expect(page.locator("#status")).to_be_visible()
    expect(page.locator(".seat-link")).to_have_count(0)
    expect(page.locator(".invite")).to_be_visible()  # the invite stays until every seat is taken


def test_the_invite_comes_first_and_the_private_seat_link_apart_asks_once_before_copying(new_page):
    page = new_page()
    invite = create_match(page, "addup")
    order = page.evaluate("""() => [...document.querySelectorAll('.invite, .board, .seat-link')].map((e) => e.className)""")
    assert [name.split()[0] for name in order] == ["invite", "board", "seat-link"], order
    expect(page.locator(".seat-link h2")).to_contain_text("private")
    expect(page.locator(".seat-link")).to_contain_text("send the invite link above, never this one")
    seat_link = page.locator("#seat-link").input_value()
    assert "#seat=" in seat_link and seat_link != invite

    page.locator('[data-key="copy-seat"]').click()
    expect(page.locator("#seat-ask")).to_contain_text("Anyone who opens it plays as you")
    page.locator('[data-action="cancelSeatCopy"]').click()
    assert page.evaluate("navigator.clipboard.readText()") != seat_link
    page.locator('[data-key="copy-seat"]').click()
    page.locator('[data-action="copySeat"]').click()
    expect(page.locator(".seat-link .notice")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == seat_link

    page.evaluate("navigator.clipboard.writeText('')")
    page.locator('[data-key="copy-seat"]').click()  # asked once on this device: copies at once now
    expect(page.locator("#seat-ask")).to_have_count(0)
    once_true(page, "async () => (await navigator.clipboard.readText()) !== ''", "the link copied")
    assert page.evaluate("navigator.clipboard.readText()") == seat_link


def test_my_games_lists_the_matches_this_device_has_a_seat_in(new_page):
    page = new_page()
    create_match(page, "addup")
    page.goto("/")
    mine = page.locator(".my-games li")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text("ADD UP")
    expect(mine).to_contain_text("Waiting for players: 1 of 2 has joined.")


def test_a_40_letter_name_never_makes_a_page_wider_than_a_320_px_phone(new_page, server):
    long_names = ["Bartholomew" * 3 + "Ferdina", "Maximiliana" * 3 + "Theodor"]  # 40 letters, no space
    assert all(len(name) == 40 for name in long_names)
    body = requests.post(f"{server}/api/v1/games", timeout=10, json={"game": "addem", "players": long_names}).json()
    page = new_page()
    page.set_viewport_size({"width": 320, "height": 844})
    wide = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    page.goto(f"/g/{body['game']['id']}#invite={body['invite']}")  # the join page offers the named seats
    expect(page.locator('[data-action="take"]')).to_contain_text(long_names[1])
    assert page.evaluate(wide) == 0
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    expect(page.locator(".seat.me")).to_contain_text(long_names[0])
    assert page.evaluate(wide) == 0
    page.goto("/")
    expect(page.locator(".my-games li")).to_contain_text(long_names[0])
    assert page.evaluate(wide) == 0
    page.goto("/new/addup")
    page.locator('[data-key="seats-3"]').click()
    expect(page.locator(".field .limit").first).to_have_text("Up to 40 characters.")
    page.locator('input[name="name-0"]').fill(long_names[0] + "extra")
    assert page.locator('input[name="name-0"]').input_value() == long_names[0]
    assert page.evaluate(wide) == 0


def test_back_from_a_match_goes_home_never_to_a_filled_form(new_page):
    ann, bob = new_page(), new_page()
    invite = create_match(ann, "addup")
    ann.go_back()
    expect(ann).to_have_url(re.compile(r"/$"))
    expect(ann.locator("h1")).to_have_text("Counting games to play with friends")
    expect(ann.locator('form[data-submit="create"]')).to_have_count(0)

    bob.goto(invite)  # straight from a chat message: the app's first page
    bob.locator('input[name="name"]').fill("Bob")
    bob.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(bob.locator("#status")).to_have_attribute("data-status", "playing")
    bob.go_back()
    expect(bob).to_have_url(re.compile(r"/$"))
    expect(bob.locator(".my-games li")).to_have_count(1)


PRINTED = """(selectors) => selectors.map((selector) => [...document.querySelectorAll(selector)]
    .some((element) => element.checkVisibility()))"""


def test_a_printed_waiting_page_shows_the_invite_and_never_the_seat_link_or_the_hand(new_page, server):
    """There was no print style sheet: printing the waiting page printed the creator's private seat link
    in full, their hand and the table (QA: teacher). It prints the invite: the whole link, and the QR code."""
    page = new_page()
    invite = create_match(page, "addup")
    parts = [".private", ".hand", ".board", "button", ".invite .link-text", ".invite .qr"]
    # no hand while seats are free, on screen either: a seat may be given back until then (tests/api/test_secrets.py)
    assert page.evaluate(PRINTED, parts) == [True, False, True, True, False, True]
    page.emulate_media(media="print")
    assert page.evaluate(PRINTED, parts) == [False, False, False, False, True, True]
    expect(page.locator(".invite .link-text")).to_have_text(invite)

    playing = new_match(server, "addup")
    page.goto(playing.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    assert page.evaluate(PRINTED, [".hand", ".board", "#status"]) == [False, True, True]  # the table is public


def test_an_invite_for_reserved_seats_names_their_players_on_screen_and_on_paper(new_page):
    """It said "Anyone with it can take a free seat" of seats kept for Uma and Vic, and the print left out
    whom the match waits for (QA)."""
    page = new_page()
    page.goto("/new/addup")
    page.locator('[data-key="seats-3"]').click()
    page.locator('input[name="name-0"]').fill("Ann")
    page.locator('input[name="name-1"]').fill("Uma")
    page.locator('input[name="name-2"]').fill("Vic")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    hint = page.locator(".invite > p").first
    expect(hint).to_have_text("Send this link to Uma and Vic: each of them takes the seat kept for them.")
    page.emulate_media(media="print")
    assert page.evaluate(PRINTED, ["#status", ".invite .qr", ".invite figcaption"]) == [True, True, False]
    expect(page.locator("#status")).to_have_text("Waiting for Uma and Vic.")


def test_a_player_who_joined_in_another_browser_is_told_where_their_seat_is(new_page, server):
    """Grandma joined in her chat app's own browser, then opened the invite in her real one: typing her name
    again was refused as another player's, and a full match said only that it was full (QA)."""
    created = requests.post(f"{server}/api/v1/games", json={"game": "addup", "seats": 3, "name": "Ann"}, timeout=10).json()
    match = Match(server, "addup", created["game"]["id"], created["invite"], {0: created["token"]})
    joined = requests.post(f"{server}/api/v1/games/{match.id}/seats", json={"invite": match.invite, "name": "Grandma"},
                           timeout=10)
    assert joined.status_code == 201
    page = new_page()
    page.goto(match.invite_link())
    page.locator('input[name="name"]').fill("Grandma")
    page.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(page.locator("main .error")).to_contain_text("Another player of this match is called Grandma")
    expect(page.locator("#joined-elsewhere")).to_have_text(
        "Joined already, in another app or browser? Open the match there (My games lists it), or ask the person who "
        "created the match for a new link to your seat.")
    assert requests.post(f"{server}/api/v1/games/{match.id}/seats", json={"invite": match.invite, "name": "Bob"},
                         timeout=10).status_code == 201  # the last seat taken meanwhile
    page.locator('input[name="name"]').fill("Grandpa")
    page.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(page.locator("main")).to_contain_text("Every seat of this match is taken.")  # the seats as they are now
    expect(page.locator("#joined-elsewhere")).to_be_visible()
