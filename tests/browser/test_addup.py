"""ADD UP in two browsers: create, share, join, wait, play to the end, verify the shuffle."""
import re

import requests
from playwright.sync_api import expect

from engine.addup import FACES
from tests.engine.test_addup import fixed_deck as addup_deck

from .drive import create_match, join_match, on_one_screen, play_to_end
from .matches import new_match


def addup_move(page):
    page.locator(".hand button.card:not([disabled])").first.click()
    page.locator('.controls [data-action="play"]').first.click()


def test_two_players_create_share_join_and_play_addup_to_the_end(new_page, artifacts):
    ann, bob = new_page(), new_page()
    invite = create_match(ann, "addup")
    expect(ann.locator("#status")).to_have_attribute("data-status", "waiting")
    expect(ann.locator(".seat-link")).to_be_visible()
    assert "#seat=" in ann.locator("#seat-link").input_value()
    expect(ann.locator(".qr")).to_be_visible()
    # QA (teacher): pupils scan it with school tablets, not with "the other phone"
    expect(ann.locator(".invite figcaption")).to_have_text("Or scan it with the other players' phones or tablets.")

    join_match(bob, invite)
    expect(bob.locator(".seat-link")).to_be_visible()
    # Ann's waiting page notices Bob by itself.
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")
    expect(ann.locator(".seat.me")).to_contain_text("Ann")

    def shoot(page, moves):
        if moves == 6:
            page.evaluate("document.querySelector('.board')?.scrollIntoView()")
            page.screenshot(path=artifacts / "addup-play.png")
            page.screenshot(path=artifacts / "addup-play-full.png", full_page=True)

    moves = play_to_end([ann, bob], on_one_screen(addup_move), on_move=shoot)
    assert moves >= 10
    expect(ann.locator("#status")).to_contain_text("Match over")
    expect(ann.locator("#last-move")).to_contain_text(re.compile(r"(Ann|Bob) played"))

    ann.get_by_role("button", name="Fair shuffle").click()
    ann.get_by_role("button", name="Verify this shuffle").click()
    checks = ann.locator(".checks")
    expect(checks).to_contain_text("The seed matches the fingerprint")
    expect(checks).to_contain_text("exactly what this shuffle dealt")
    expect(checks.locator(".bad")).to_have_count(0)


def test_the_waiting_page_updates_itself_when_the_other_player_moves(new_page):
    ann, bob = new_page(), new_page()
    join_match(bob, create_match(ann, "addup"))
    expect(ann.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(bob.locator("#status")).to_contain_text("Ann's turn")
    addup_move(ann)
    expect(bob.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(bob.locator("#last-move")).to_contain_text("Ann played")
    expect(ann.locator("#status")).to_contain_text("Bob's turn")


def joker_match(server) -> str:
    """An ADD UP match whose seat 0 (Ann), to move, holds a yellow joker (y1), 2 and 3; the rows open on 5 and 6: the
    seat's link."""
    first = ["y1", "1a", "2a", "2b", "3a", "3b", "5a", "6a"]
    body = requests.post(f"{server}/api/v1/games", timeout=10, json={
        "game": "addup", "players": ["Ann", "Bob"], "deck": first + [c for c in FACES if c not in first]}).json()
    requests.post(f"{server}/api/v1/games/{body['game']['id']}/seats", json={"invite": body["invite"], "seat": 1},
                  timeout=10)
    return f"/g/{body['game']['id']}#seat={body['token']}"


def test_a_jokers_typed_value_shows_at_once_and_the_first_tap_plays_it(new_page, server):
    """Typing a joker's value updates the buttons' arithmetic in place, so the first tap counts."""
    page = new_page()
    page.goto(joker_match(server))
    page.locator('.hand [data-card="y1"]').click()
    top = page.locator('[data-action="play"][data-row="top"]:not([data-value])')
    expect(top).to_contain_text("Top row: 5 → 15")
    page.locator('[data-key="joker-value"]').fill("9")  # a yellow joker is worth 10 or more
    expect(top).to_be_disabled()
    expect(page.locator("#joker-range")).to_have_text("9 is not from 10 to 999.")  # once a red outline alone
    page.locator('[data-key="joker-value"]').fill("12")
    expect(top).to_contain_text("Top row: 5 → 17")
    expect(page.locator("#joker-range")).to_be_hidden()
    top.click()
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    expect(page.locator("#last-move")).to_contain_text("12")


def test_the_other_player_s_capture_shows_the_sum_that_balanced_the_rows(new_page, server):
    """A child playing the computer saw "Computer (easy) played 3 on the top row and captured 4 cards", the
    rows already dealt anew, with no way to follow the arithmetic (QA: a child alone); then "… the same as the
    bottom row.", whose 7 and two cards a child could not see any more (QA: a class practising arithmetic)."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "5a"], ["1b", "2b", "3b"]], ["4a", "5b"]))
    match.move(0, {"type": "play", "card": "2a", "row": "bottom"})  # 4 against 5 + 2 = 7
    match.move(1, {"type": "play", "card": "3b", "row": "top"})  # 4 + 3 = 7: Bob captures
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_have_text(
        "Last move: Bob played 3 on the top row and captured 4 cards. 4 + 3 = 7, the same as the bottom row: 5 + 2 = 7.")
