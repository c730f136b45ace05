"""Joining by an invite. A match whose creator gave their seat back mixes an open seat with seats kept for
names: a name nobody's seat is kept for takes the open seat, a kept name its own (typed or tapped), and a
join refused because the seats changed meanwhile (taken, or only kept ones left) says why in the
reader's words, kept over the page drawn again with the seats as they are now."""
import re

import requests
from playwright.sync_api import expect

from .matches import delete_match, new_match

RESERVED = "The free seats are kept for the players named above: if you are one of them, choose your name."


def seats(server, match_id: str) -> list[tuple[str | None, bool]]:
    view = requests.get(f"{server}/api/v1/games/{match_id}", timeout=10).json()
    return [(seat["name"], seat["joined"]) for seat in view["seats"]]


def test_a_match_mixing_an_open_seat_and_seats_kept_for_names(new_page, server):
    match = new_match(server, "addup", players=["Ann", "Uma", "Vic"], join=False)
    match.free(0)  # the creator gave her seat back: it is open to anyone now, the others still kept for names
    assert seats(server, match.id) == [(None, False), ("Uma", False), ("Vic", False)]
    uma, eve, dan = new_page(), new_page(), new_page()
    for page in (uma, eve, dan):
        page.goto(match.invite_link())
        expect(page.locator('[data-key="take-1"]')).to_have_text("I am Uma")
        expect(page.locator('[data-key="take-2"]')).to_have_text("I am Vic")
        expect(page.locator('input[name="name"]')).to_be_visible()  # for whoever no seat is kept for

    dan.locator('input[name="name"]').fill("Dan")
    dan.locator('[data-key="join"]').click()
    expect(dan.locator("#status")).to_have_text("Waiting for Uma and Vic.")
    assert seats(server, match.id)[0] == ("Dan", True), "the open seat, not one kept for a name"

    eve.locator('input[name="name"]').fill("Eve")  # on a page drawn before Dan took the open seat
    eve.locator('[data-key="join"]').click()
    expect(eve.locator('input[name="name"]')).to_have_count(0)  # drawn again: only the kept seats are left
    expect(eve.locator('[data-key="take-1"]')).to_be_visible()
    expect(eve.get_by_role("alert")).to_have_text(RESERVED)

    uma.locator('input[name="name"]').fill("uma")  # her name typed takes the seat kept for it, as the creator wrote it
    uma.locator('[data-key="join"]').click()
    expect(uma.locator("#status")).to_have_text("Waiting for Vic.")
    vic = new_page()
    vic.goto(match.invite_link())
    expect(vic.locator('input[name="name"]')).to_have_count(0)  # the last seat is kept for him: his button only
    vic.locator('[data-key="take-2"]').click()
    expect(vic.locator("#status")).to_have_attribute("data-status", "playing")
    assert seats(server, match.id) == [("Dan", True), ("Uma", True), ("Vic", True)]


def test_a_seat_taken_a_moment_before_is_said_over_the_seats_drawn_again(new_page, server):
    match = new_match(server, "addup", players=["Ann", "Bob", "Cy"], join=False)
    first, late = new_page(locale="fr-FR"), new_page(locale="fr-FR")
    for page in (first, late):
        page.goto(match.invite_link())
        expect(page.locator('[data-key="take-1"]')).to_be_visible()
    first.locator('[data-key="take-1"]').click()
    expect(first.locator("#status")).to_have_attribute("data-status", "waiting")
    late.locator('[data-key="take-1"]').click()
    expect(late.locator('[data-key="take-1"]')).to_have_count(0)  # drawn again: Bob's seat is gone
    expect(late.locator('[data-key="take-2"]')).to_be_visible()
    expect(late.get_by_role("alert")).to_have_text("Quelqu'un vient de prendre cette place : choisissez-en une autre.")


def test_an_invite_to_a_deleted_match_says_it_went_why_and_leads_home(new_page, server, database_file):
    """A grandfather's invite from the spring, opened in winter: "There is no such match." under "Join a match", and
    nothing to do but the browser's Back (QA)."""
    match = new_match(server, "addup", join=False)
    delete_match(database_file, match.id)
    page = new_page()
    page.goto(match.invite_link())
    expect(page.locator("main .error")).to_have_text("This match no longer exists.")
    expect(page.locator('#gone-why a[href="/privacy"]')).to_be_visible()
    page.locator('main a[href="/"]').click()
    expect(page.locator(".games .game-card")).to_have_count(5)


def test_a_seat_gets_its_cards_once_every_seat_is_taken(new_page, server):
    """A seat may be given back until every seat is taken, and its player, having seen its hand, could then sit
    elsewhere knowing it (QA: a player cheating with devtools): the hand shows from the start, and the page says so
    meanwhile. ADD-TOO's diamonds lie face up, from the start too: before it, a joiner would pick the seat holding the
    best, and the page tells seats and spectators alike."""
    match = new_match(server, "addup", join=False)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    expect(page.locator("#hand-later")).to_have_text("Your cards show once every seat is taken.")
    expect(page.locator(".hand button.card")).to_have_count(0)
    match.take(1)
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    expect(page.locator(".hand button.card")).to_have_count(3)
    expect(page.locator("#hand-later")).to_have_count(0)

    tiles = new_match(server, "addtoo", join=False)
    watcher = new_page()
    watcher.goto(f"/g/{tiles.id}")
    page.goto(tiles.seat_link(0))
    for seen in (page, watcher):
        expect(seen.locator("#status")).to_have_attribute("data-status", "waiting")
        expect(seen.locator("#hand-later")).to_have_text("Everyone's diamonds show, face up, once every seat is taken.")
        expect(seen.locator(".tile-card")).to_have_count(0)
    tiles.take(1)
    for seen in (page, watcher):
        expect(seen.locator("#status")).to_have_attribute("data-status", "playing")
        expect(seen.locator(".hand .tile-card")).to_have_count(10)  # both seats' five, face up for all
        expect(seen.locator("#hand-later")).to_have_count(0)


def test_a_link_with_what_a_message_put_after_it_still_opens_its_match(new_page, server):
    """Grandma copied the invite out of an email with the sentence's full stop, a chat app took the ")" of "(here is
    the link)" into it, a mail client left an encoded space: each was "This invite link is not valid" (QA). No secret
    or match id holds these characters, so the page drops them, and the address without a fragment too; a # sent
    encoded (%23) still starts the link's secret."""
    made = requests.post(f"{server}/api/v1/games", timeout=10, json={"game": "addup", "name": "Mum", "seats": 4}).json()
    for tail, name in [(".", "Gran"), (")", "Ted"), ("!%20", "Uma")]:
        page = new_page()
        page.goto(made["invite_link"] + tail)
        page.locator('input[name="name"]').fill(name)
        page.locator('form[data-submit="join"] button[type="submit"]').click()
        expect(page.locator("#status")).to_have_attribute("data-status", "playing" if name == "Uma" else "waiting")
        expect(page).to_have_url(f"{server}/g/{made['game']['id']}")
    for seat_link in (made["seat_link"] + ",", made["seat_link"].replace("#", "%23")):  # a # some apps send encoded
        seat = new_page()
        seat.goto(seat_link)
        expect(seat.locator("#status")).to_have_attribute("data-status", "playing")
        expect(seat.locator("main")).not_to_contain_text("not valid")
        expect(seat.locator(".hand")).to_be_visible()  # Mum's own cards: the seat, not a spectator's view
    watcher = new_page()
    watcher.goto(f"/g/{made['game']['id']}.")
    expect(watcher.locator("#status")).to_have_attribute("data-status", "playing")
    expect(watcher).to_have_url(f"{server}/g/{made['game']['id']}")


INSTAGRAM = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 "
             "Instagram 307.0.0.23.105 (iPhone14,5; iOS 17_1; en_GB; en-GB; scale=3.00; 1170x2532; 532287224)")
FACEBOOK_ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
                    "Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/446.0.0.31.111;]")


def test_an_invite_opened_in_a_chat_apps_own_browser_says_to_open_it_in_the_usual_browser(new_page, server):
    """A teenager taps the invite in Instagram: its browser keeps the seat in its own storage, lost to the phone's
    browser where he later opens the match (QA). The join screen says so before the seat is taken, keeping the invite
    in the address there, which the app's "Open in browser" carries over (the page took it out, as it does in a
    browser); the seat link shown once after says to carry it to the usual browser. A phone's own browser is told
    nothing of it."""
    match = new_match(server, "addup", seats=4, join=False)
    for agent, seat in [(INSTAGRAM, 1), (FACEBOOK_ANDROID, 2), (None, 3)]:
        phone = new_page(user_agent=agent)
        phone.goto(match.invite_link())
        expect(phone.locator(f'[data-key="take-{seat}"]')).to_be_visible()
        if agent:
            expect(phone.locator("#in-app")).to_contain_text("open the link in your usual browser first")
            browser_tab = new_page()  # the app's "Open in browser" opens the address as it is now: the invite in it
            browser_tab.goto(phone.url)
            expect(browser_tab.locator(f'[data-key="take-{seat}"]')).to_be_visible()
        else:
            expect(phone.locator("#in-app")).to_have_count(0)
            expect(phone).to_have_url(f"{server}/g/{match.id}")  # a browser's address bar shows no secret
        phone.locator(f'[data-key="take-{seat}"]').click()
        expect(phone.locator(".seat-link")).to_be_visible()
        expect(phone.locator("#seat-in-app")).to_have_count(1 if agent else 0)
        if agent:
            expect(phone.locator(".seat-link #seat-in-app")).to_contain_text("copy your seat link")


def test_an_invite_opened_after_the_match_ended_says_it_is_over_and_shows_the_result(new_page, server):
    """Her brother opens the invite days later, once the others played it out: it said "Join this ADD UP match" and
    "Every seat of this match is taken", as if he were too late for a match still on (QA)."""
    match = new_match(server, "addup")
    match.play(lambda view: False)
    page = new_page()
    page.goto(match.invite_link())
    expect(page.get_by_role("heading", level=1)).to_have_text("This ADD UP match is over")
    expect(page.locator("#join-over")).to_have_text(re.compile(r"^Match over: (Ann|Bob) wins\.$|share the win\.$"))
    expect(page.locator("main")).not_to_contain_text("Every seat of this match is taken")
    page.get_by_role("link", name="See the final scores").click()
    expect(page.locator("#status")).to_have_attribute("data-status", "over")


def test_nobody_is_named_dealer_before_every_seat_is_taken(new_page, server):
    """ADD'EM's first dealer is drawn from the seed, and the seat after them starts: a joiner who saw it could pick
    that seat, so the round's dealer is named from the start only (tests/api/test_secrets.py)."""
    match = new_match(server, "addem", join=False)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    expect(page.locator(".addem .facts")).to_have_text(re.compile(r"^\d+ cards in the pool$"))
    match.take(1)
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    expect(page.locator(".addem .facts")).to_contain_text(re.compile(r"^Round 1 · (Ann|Bob) dealt · "))
