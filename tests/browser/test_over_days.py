"""Matches played over days, through the web app: deadlines shown and a late turn skipped, resigning,
leaving to the autopilot, giving a seat back, the rematch (and My games saying one waits), and My games
from one request."""
import re
import sqlite3
from contextlib import closing

import pytest
import requests
from playwright.sync_api import expect

from .drive import choose_language, create_match, join_match, status
from .matches import PLAYERS, choose, delete_match, move_back_in_time, new_match, newer_event, unshuffled


def match_id(page) -> str:
    return re.search(r"/g/([\w-]+)$", page.url)[1]


def test_a_timed_match_shows_the_deadline_and_anyone_can_skip_a_late_turn(new_page, server, database_file):
    ann, bob = new_page(), new_page()
    join_match(bob, create_match(ann, "addup", time_per_move=86400))
    expect(ann.locator(".pace-rule")).to_have_text("1 day per move · out after 3 missed turns in a row")
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")
    mover, waiter = (ann, bob) if status(ann)[2] else (bob, ann)
    late_name = "Ann" if mover is ann else "Bob"
    expect(mover.locator("#deadline")).to_contain_text("Play by")
    expect(waiter.locator("#deadline")).to_contain_text(f"{late_name} has until")
    expect(waiter.locator('[data-action="claimTimeout"]')).to_have_count(0)

    move_back_in_time(database_file, match_id(ann), 25)
    waiter.reload()
    expect(waiter.locator("#deadline")).to_contain_text(f"{late_name}'s time ran out")
    mover.reload()
    expect(mover.locator("#deadline")).to_contain_text("Your time ran out")
    expect(mover.locator('[data-action="claimTimeout"]')).to_have_count(0)  # nobody claims their own turn

    waiter.locator('[data-action="claimTimeout"]').click()
    expect(waiter.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(waiter.locator("#last-move")).to_contain_text(f"Time ran out: {late_name}")
    expect(waiter.locator("#deadline")).to_contain_text("Play by")
    expect(mover.locator(".seat.me .tag", has_text="1 missed turn")).to_be_visible()  # updated by itself
    expect(mover.locator("#status")).to_have_text(re.compile("'s turn"))


def test_a_deadline_is_written_the_way_the_browsers_region_writes_dates(new_page, server):
    """English pages in a British browser write "Tue 2 Dec, 14:05 GMT", in an American one "Tue, Dec 2, 2:05 PM EST"."""
    match = new_match(server, "addup", time_per_move=86400)
    written = {}
    for locale in ("en-GB", "en-US"):
        page = new_page(locale=locale)
        page.goto(match.seat_link(0))
        written[locale] = page.locator("#deadline").inner_text()
    assert re.search(r"\b\d{1,2} [A-Z][a-z]{2},? \d{1,2}:\d{2}\b(?! [AP]M)", written["en-GB"]), written
    assert re.search(r"\b[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M\b", written["en-US"]), written


def test_resigning_asks_first_then_ends_the_match_for_both(new_page):
    ann, bob = new_page(), new_page()
    join_match(bob, create_match(ann, "plusminus", options={"games": 1}))
    ann.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    expect(ann.locator(".confirm")).to_contain_text("Resign? The match ends and Bob wins.")
    ann.locator('[data-action="cancelConfirm"]').click()
    expect(ann.locator(".confirm")).to_have_count(0)
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")

    ann.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    ann.locator('[data-action="confirmed"]').click()
    expect(ann.locator("#status")).to_have_text("Match over: Bob wins.")
    expect(bob.locator("#status")).to_have_text("Match over: you win!")
    expect(bob.locator(".seat", has_text="Ann").locator(".tag", has_text="resigned")).to_be_visible()
    expect(bob.locator("#last-move")).to_contain_text("Ann resigned.")


def test_a_seat_that_leaves_a_three_seat_match_is_played_by_the_autopilot(new_page, server):
    match = new_match(server, "addup", seats=3)
    cy = new_page()
    cy.goto(match.seat_link(2))
    cy.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    expect(cy.locator(".confirm")).to_contain_text("The autopilot will play your turns")
    cy.locator('[data-action="confirmed"]').click()
    expect(cy.locator("#left-note")).to_contain_text("You left this match")
    expect(cy.locator(".seat.me .tag", has_text="autopilot")).to_be_visible()

    match.play(lambda view: view["version"] >= 4)  # Ann and Bob play on; Cy's turns play themselves
    cy.locator('[data-panel="log"]').click()
    expect(cy.locator(".log li", has_text="Autopilot: Cy played")).not_to_have_count(0)
    expect(cy.locator("#status")).not_to_have_class(re.compile("your-turn"))


@pytest.mark.parametrize("bots, says, then, logged", [
    ({2: "easy"}, "No other person is playing: the match ends now and the others win.",
     "Match over: Bob and Computer (easy) share the win.", "Ann resigned."),
    ({}, "No other person is playing: the autopilot will play the match out now, for every seat.",
     re.compile("^Match over: "), "Ann left the match: the autopilot plays for them."),
], ids=["with-a-bot", "without"])
def test_the_last_person_to_leave_is_told_what_leaving_does(new_page, server, bots, says, then, logged):
    """Bob has left: Ann is the last person at the table. With a bot there, her leaving ends the match
    and the others win (the log says she resigned); without, the autopilot plays it out for every seat."""
    match = new_match(server, "addup", seats=3, bots=bots)
    for seat in [1, 2][:2 - len(bots)]:
        assert match.post("resign", seat).status_code == 200
    ann = new_page()
    ann.goto(match.seat_link(0))
    ann.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    expect(ann.locator("#confirm-question")).to_have_text(f"Leave the match? {says}")
    ann.locator('[data-action="confirmed"]').click()
    expect(ann.locator("#status")).to_have_attribute("data-status", "over")
    expect(ann.locator("#status")).to_have_text(then)
    ann.locator('[data-panel="log"]').click()
    expect(ann.locator(".log li .said", has_text=re.compile("^Ann "))).to_have_text([logged])  # not "Autopilot: Ann..."


def test_a_seat_put_out_for_missed_turns_is_told_so_not_that_it_left(new_page, server, database_file):
    """On its page and in My games, which said "You left this match" to a member who never chose to (club week)."""
    match = new_match(server, "addup", seats=3, time_per_move=3600, timeouts_to_leave=1)
    late = match.view(0)["turn"]
    move_back_in_time(database_file, match.id, 2)
    assert match.post("timeouts", (late + 1) % 3).status_code == 200
    page = new_page()
    page.goto(match.seat_link(late))
    expect(page.locator("#left-note")).to_have_text(
        "You missed 1 turn in a row, so the autopilot plays your turns now.")
    expect(page.locator(".seat.me .tag", has_text="autopilot")).to_be_visible()
    page.goto("/")
    expect(page.locator(".my-games li .left")).to_have_text(
        "You missed too many turns in a row, so the autopilot plays your turns now.")


def test_a_seat_can_be_given_back_before_the_start_and_any_joined_device_can_reshare_the_invite(new_page):
    ann, bob, cy = new_page(), new_page(), new_page()
    invite = create_match(ann, "addit", seats=3)
    join_match(bob, invite, last=False)
    expect(bob.locator("#invite-link")).to_have_value(invite)  # Bob can send it on, too
    expect(ann.locator("#status")).to_contain_text("2 of 3")

    bob.locator('[data-action="askConfirm"][data-confirm="free"]').click()
    bob.locator('[data-action="confirmed"]').click()
    expect(bob).to_have_url(re.compile(r"/$"))
    expect(bob.locator(".my-games")).to_have_count(0)  # the device forgot the seat it gave back
    expect(ann.locator("#status")).to_contain_text("1 of 3")
    join_match(cy, invite, "Cy", last=False)  # the seat is free for someone else
    expect(ann.locator("#status")).to_contain_text("2 of 3")


def test_a_rematch_is_one_new_match_for_the_same_players(new_page, server):
    match = new_match(server, "addup")
    match.play(lambda view: False)
    ann, bob = new_page(), new_page()
    ann.goto(match.seat_link(0))
    bob.goto(match.seat_link(1))
    expect(bob.locator('[data-action="rematch"]')).to_have_text("Ask for a rematch")

    ann.locator('[data-action="rematch"]').click()
    expect(ann).not_to_have_url(re.compile(match.id))
    rematch = match_id(ann)
    expect(ann.locator("#status")).to_contain_text("Waiting for Bob.")  # the rematch keeps his seat for him
    # not only a link to send: Bob is asked on the match that ended (QA)
    expect(ann.locator(".invite.panel")).to_contain_text("The others are asked to join the rematch on the page of the match that just ended.")
    expect(bob.locator('[data-action="rematch"]')).to_have_text("Join the rematch")  # updated by itself
    expect(bob.locator("#rematch-askers")).to_have_text("Ann asked for a rematch.")  # who asked, not only that (QA)
    bob.locator('[data-action="rematch"]').click()
    expect(bob).to_have_url(re.compile(rematch))
    for page in (ann, bob):
        expect(page.locator("#status")).to_have_attribute("data-status", "playing")
        expect(page.locator(".seat.me strong")).to_have_text("Ann" if page is ann else "Bob")

    ann.goto(match.seat_link(0))
    expect(ann.locator('a[data-key="rematch"]')).to_have_text("Go to the rematch")
    ann.locator('a[data-key="rematch"]').click()
    expect(ann).to_have_url(re.compile(rematch))

def test_my_games_says_a_rematch_is_waiting_until_this_device_holds_a_seat_in_it(new_page, server, artifacts):
    """Once My games showed a finished match as only "Match over" while the others waited in its rematch."""
    match = new_match(server, "addup")
    match.play(lambda view: False)
    bob = new_page()
    bob.goto(match.seat_link(1))
    expect(bob.locator("#status")).to_have_attribute("data-status", "over")
    bob.goto("/")
    finished = bob.locator(f'.my-games a[href="/g/{match.id}"]')
    expect(finished).to_contain_text("Match over")
    expect(finished).not_to_contain_text("rematch")
    assert match.post("rematch", 0).status_code == 201  # Ann asks, on her phone
    bob.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(bob.locator("#announce")).to_have_text("A rematch of ADD UP with Ann is waiting for you.")
    expect(finished.locator(".rematch-waiting")).to_have_text("A rematch is waiting for you: open the match to join it.")
    bob.screenshot(path=artifacts / "my-games-rematch.png")
    finished.click()
    join = bob.locator('[data-action="rematch"]')
    expect(join).to_have_text("Join the rematch")
    expect(join).to_be_in_viewport()
    join.click()
    expect(bob.locator("#status")).to_have_attribute("data-status", "playing")
    rematch = match_id(bob)
    bob.goto("/")  # the rematch is Bob's own entry now, listed in place of the finished match (test_power_user.py)
    expect(bob.locator(f'.my-games a[href="/g/{rematch}"] .rematches')).to_have_text("Rematch · 1 earlier match")
    expect(finished).to_have_count(0)


def test_a_seat_open_on_two_devices_is_told_it_joined_the_rematch_on_the_other(new_page, server):
    """Once Ann's desktop, after her phone took her seat in the rematch, offered "Join the rematch" for
    ever: it was refused as "Someone took that seat a moment ago: pick another." and My games kept
    saying a rematch waited. The rematch seat's token went to the phone and cannot be given twice."""
    elsewhere = "You joined the rematch on another device: open it there."
    match = new_match(server, "addup", seats=3)
    match.play(lambda view: False)
    desktop, tablet = new_page(), new_page()
    for page in (desktop, tablet):
        page.goto(match.seat_link(0))
        expect(page.locator('[data-action="rematch"]')).to_have_text("Ask for a rematch")
    assert match.post("rematch", 2).status_code == 201  # Cy asks
    join = desktop.locator('[data-action="rematch"]')
    expect(join).to_have_text("Join the rematch")  # updated by itself
    tablet.goto("/")
    finished = tablet.locator(f'.my-games a[href="/g/{match.id}"]')
    expect(finished.locator(".rematch-waiting")).to_be_visible()

    phone = new_page()
    phone.goto(match.seat_link(0))
    phone.locator('[data-action="rematch"]').click()
    expect(phone).not_to_have_url(re.compile(match.id))

    join.click()  # the desktop, which still shows the button
    expect(desktop.locator("#rematch-elsewhere")).to_have_text(elsewhere)
    expect(desktop.locator("#announce")).to_have_text(elsewhere)
    expect(join).to_have_count(0)
    expect(desktop.locator(".error")).to_have_count(0)
    desktop.reload()  # remembered with the seat
    expect(desktop.locator("#rematch-elsewhere")).to_have_text(elsewhere)
    expect(join).to_have_count(0)

    tablet.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(finished.locator(".rematch-elsewhere")).to_have_text(elsewhere)
    expect(finished.locator(".rematch-waiting")).to_have_count(0)
    finished.click()
    expect(tablet.locator("#rematch-elsewhere")).to_have_text(elsewhere)
    expect(tablet.locator('[data-action="rematch"]')).to_have_count(0)

    laptop = new_page()  # opens the seat's link only now: the page asks the rematch's public view
    laptop.goto(match.seat_link(0))
    expect(laptop.locator("#rematch-elsewhere")).to_have_text(elsewhere)
    expect(laptop.locator('[data-action="rematch"]')).to_have_count(0)
    expect(phone.locator("#status")).to_have_attribute("data-status", "waiting")  # Bob has not come yet


def test_a_seat_that_left_whose_rematch_place_a_newcomer_took_is_not_told_it_joined_elsewhere(new_page, server):
    """Bob left; his seat in the rematch was open to anyone, and Zed took it with the join code. Bob's page and his My
    games said "You joined the rematch on another device: open it there." (club week)."""
    taken = "Your seat in the rematch is taken: because you left this match, anyone could take it."
    match = new_match(server, "addup", seats=3)
    assert match.post("resign", 1).status_code == 200
    match.play(lambda view: False)
    asked = match.post("rematch", 0).json()
    zed = requests.post(f"{server}/api/v1/games/{asked['game']['id']}/seats", timeout=10,
                        json={"join_code": asked["join_code"], "name": "Zed"})
    assert zed.status_code == 201 and zed.json()["seat"] == 1
    bob = new_page()
    bob.goto(match.seat_link(1))
    expect(bob.locator("#rematch-elsewhere")).to_have_text(taken)
    expect(bob.locator('[data-action="rematch"]')).to_have_count(0)
    bob.goto("/")
    expect(bob.locator(f'.my-games a[href="/g/{match.id}"] .rematch-elsewhere')).to_have_text(taken)
    choose_language(bob, "it")  # once "era aperto a chiunque": a seat is free, not open
    expect(bob.locator(f'.my-games a[href="/g/{match.id}"] .rematch-elsewhere')).to_have_text(
        "Il tuo posto nella rivincita è occupato: avevi lasciato questa partita, quindi chiunque poteva prenderlo.")


def test_my_games_lists_the_device_s_matches_most_urgent_first(new_page, server):
    waiting = new_match(server, "addit", join=False)
    theirs, mine = new_match(server, "addup"), new_match(server, "plusminus")
    turn = mine.view(0)["turn"]
    finished = new_match(server, "addem")
    finished.play(lambda view: False)
    page = new_page()
    for match, seat in ((waiting, 0), (theirs, 1 - theirs.view(0)["turn"]), (mine, turn), (finished, 0)):
        page.goto(match.seat_link(seat))
        expect(page.locator("#status")).to_be_visible()
    page.evaluate("""() => { const seats = JSON.parse(localStorage.getItem('addgames.seats'));
        seats['no-such-match'] = {seat: 0, token: 'not-a-real-token', game: 'addtoo', at: 0};
        localStorage.setItem('addgames.seats', JSON.stringify(seats)); }""")
    page.goto("/api/v1/health")  # away from the last match's page, and from the poll it may be about to send
    polls = []
    page.on("request", lambda r: polls.append(r.url) if "/api/v1/" in r.url else None)
    page.goto("/")
    items = page.locator(".my-games li")
    expect(items).to_have_count(5)
    expect(items.nth(0)).to_have_class(re.compile("your-turn"))
    expect(items.nth(0)).to_contain_text("Plus and Minus")
    expect(items.nth(0)).to_contain_text("Your turn")
    expect(items.nth(0)).to_contain_text(f"You play as {PLAYERS[turn]}")  # a shared tablet: which seat is this one's
    expect(items.nth(3)).to_contain_text("ADD'EM")
    expect(items.nth(3)).to_contain_text("Match over")
    expect(items.nth(4)).to_contain_text("This match no longer exists.")
    expect(page.locator(".my-games")).to_contain_text("Waiting for Bob.")  # the name the free seat was reserved for
    assert not [url for url in polls if "/api/v1/games/" in url], "My games asks once, not per match"

    items.nth(4).locator('[data-action="forget"]').click()
    expect(items).to_have_count(4)
    expect(page.locator("#announce")).to_have_text("ADD-TOO: removed from this device.")  # said, not only gone (QA)



def test_my_games_lists_a_device_holding_more_seats_than_one_request_takes(new_page, server):
    """A child who played the computer ten times a day held over 100 seats within a fortnight: the API takes 100
    tokens a request, answered 422, and My games said "Loading…" for ever. It asks in parts now."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_be_visible()
    page.evaluate("""() => { const seats = JSON.parse(localStorage.getItem('addgames.seats'));
        for (let n = 0; n < 120; n++) seats[`gone-${n}`] = {seat: 0, token: `old-token-${n}`, game: 'addup', at: n};
        localStorage.setItem('addgames.seats', JSON.stringify(seats)); }""")
    page.goto("/")
    items = page.locator(".my-games li")
    expect(items).to_have_count(121)
    expect(items.nth(0)).to_contain_text("Your turn")
    expect(page.locator(".my-games")).not_to_contain_text("Loading")


def test_my_games_puts_a_rematch_offered_before_the_others_turns_and_the_newest_finished_first(
        new_page, server, database_file):
    """A keen player's dozens of finished matches came oldest first, a rematch just offered at the foot (QA)."""
    finished = [new_match(server, game) for game in ("addup", "addit", "plusminus")]
    for hours, match in zip((300, 30, 3), finished):  # two weeks ago, yesterday, this morning
        match.play(lambda view: False)
        move_back_in_time(database_file, match.id, hours)
    offered, theirs = finished[1], new_match(server, "addem")
    theirs.play(lambda view: view["turn"] == 1)
    page = new_page()
    for match in (*finished, theirs):
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    assert offered.post("rematch", 1).status_code == 201  # Bob asks for a rematch of yesterday's
    page.goto("/")
    items = page.locator(".my-games li")
    expect(items.locator("strong")).to_have_text(["ADD-IT", "ADD'EM", "Plus and Minus", "ADD UP"])
    expect(items.nth(0).locator(".rematch-waiting")).to_be_visible()


def test_my_games_removes_every_finished_match_at_once_asked_first(new_page, server):
    """A keen player tapped Remove on dozens of finished matches one by one (QA: heavy player)."""
    finished = [new_match(server, game) for game in ("addup", "addit", "plusminus", "addem")]
    playing = new_match(server, "addtoo")
    for match in finished:
        assert match.post("resign", 1).status_code == 200  # Bob resigns: over
    page = new_page()
    for match in (*finished, playing):
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    assert finished[3].post("rematch", 1).status_code == 201  # kept: its page offers the rematch
    page.goto("/")
    items, tidy = page.locator(".my-games li"), page.locator('[data-key="tidy"]')
    expect(tidy).to_have_text("Remove the 3 finished matches")
    tidy.click()
    expect(page.locator("#tidy-ask")).to_be_focused()
    expect(page.locator("#tidy-ask")).to_contain_text("Remove the 3 finished matches from this device?")
    page.keyboard.press("Escape")
    expect(tidy).to_be_focused()
    expect(items).to_have_count(5)

    tidy.click()
    page.locator('[data-key="tidy-yes"]').click()
    expect(page.locator("#tidied")).to_have_text("3 finished matches removed from this device.")
    expect(page.locator("#tidied")).to_be_focused()
    kept = [f'.my-games a[href="/g/{match.id}"]' for match in (finished[3], playing)]
    expect(page.locator(", ".join(kept))).to_have_count(2)
    expect(items).to_have_count(2)
    expect(tidy).to_have_count(0)
    page.reload()  # gone from the device, not only from the screen
    expect(page.locator(", ".join(kept))).to_have_count(2)
    expect(items).to_have_count(2)


def tidied_to(page, said: str, kept) -> None:
    """Say yes to the tidying asked on My games: it says `said`, and the match `kept` is left alone, on the device too."""
    items = page.locator(".my-games li")
    page.locator('[data-key="tidy-yes"]').click()
    expect(page.locator("#tidied")).to_have_text(said)
    expect(items).to_have_count(1)
    expect(page.locator(f'.my-games a[href="/g/{kept.id}"]')).to_be_visible()
    page.reload()
    expect(items).to_have_count(1)


def test_the_tidying_removes_the_matches_the_player_left_too_listed_after_those_she_plays(new_page, server, database_file):
    """A grandmother who resigned from one bridge match and was put out of another for missed turns found both
    listed above her grandchildren's match, and the tidying of her finished matches left them: each needed a Remove of
    its own, though she had no move in them any more (QA: many matches over weeks)."""
    finished, playing = new_match(server, "addup"), new_match(server, "addit")
    left = new_match(server, "plusminus", players=["Rose", "Edna", "Joan"])
    out = new_match(server, "addup", players=["Rose", "Edna", "Joan"], time_per_move=3600, timeouts_to_leave=1)
    out.play(lambda view: view["turn"] == 0)
    move_back_in_time(database_file, out.id, 2)
    assert out.post("timeouts", 1).status_code == 200  # Rose's turn claimed: she is out
    assert left.post("resign", 0).status_code == 200  # Rose leaves; Edna and Joan play on
    assert finished.post("resign", 1).status_code == 200
    page = new_page()
    for match in (finished, playing, left, out):
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    items, tidy = page.locator(".my-games li"), page.locator('[data-key="tidy"]')
    links = items.locator("a")
    expect(links).to_have_count(4)
    assert links.evaluate_all("(links) => links.map((link) => link.getAttribute('href'))") == [
        f"/g/{match.id}" for match in (playing, out, left, finished)]
    expect(tidy).to_have_text("Remove the 3 matches you finished or left")
    tidy.click()
    expect(page.locator("#tidy-ask")).to_contain_text("Remove the 3 matches you finished or left from this device?")
    expect(page.locator("#tidy-ask")).to_contain_text("The matches you still play stay.")
    tidied_to(page, "3 matches you finished or left removed from this device.", playing)


def test_my_games_says_the_seat_s_last_turn_was_skipped_while_another_plays(new_page, server, database_file):
    """Rose's turn, skipped for time, showed nowhere in her list: it said only "Edna's turn" (QA: results)."""
    match = new_match(server, "addup", players=["Rose", "Edna", "Joan"], time_per_move=3600,
                      deck=unshuffled(server, "addup", 3))
    match.play(lambda view: view["turn"] == 0)
    move_back_in_time(database_file, match.id, 2)
    assert match.post("timeouts", 1).status_code == 200  # Edna skips Rose's turn
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    entry = page.locator(".my-games li")
    expect(entry.locator(".state")).to_contain_text("Edna's turn")
    expect(entry.locator(".skipped")).to_have_text("Your last turn was skipped: time ran out.")
    match.play(lambda view: view["turn"] == 0)
    view = match.move(0, choose("addup", match.view(0)))  # Rose plays again: no turn of hers missed now
    assert view["turn"] == 1 and view["seats"][0]["timeouts"] == 0
    page.reload()
    expect(entry.locator(".state")).to_contain_text("Edna's turn")
    expect(entry.locator(".skipped")).to_have_count(0)


def test_my_games_says_the_seat_s_place_in_a_lost_match_of_three_not_of_two(new_page, server):
    """A finished match of three said only who won, the loser's second or last place nowhere (QA: results); of two,
    the loss is the place. ADD-IT's fixed deals end with a place each (ADD UP's in a tie of all)."""
    three = new_match(server, "addit", players=["Rose", "Edna", "Joan"], deck=unshuffled(server, "addit", 3))
    two = new_match(server, "addit", players=["Rose", "Edna"], deck=unshuffled(server, "addit"))
    places = [match.play(lambda view: False)["places"] for match in (three, two)]
    last = [max(range(len(each)), key=each.__getitem__) for each in places]  # a seat that lost (the last place)
    assert places[0][last[0]] > 1 and places[1][last[1]] == 2, places
    page = new_page()
    for match, seat in zip((three, two), last):
        page.goto(match.seat_link(seat))
        expect(page.locator("#status")).to_have_attribute("data-status", "over")
    page.goto("/")
    entries = page.locator(".my-games li")
    expect(entries).to_have_count(2)
    ordinal = {2: "2nd", 3: "3rd"}[places[0][last[0]]]
    expect(entries.filter(has=page.locator(f'[href="/g/{three.id}"]')).locator(".place")).to_have_text(
        f"Your place: {ordinal}")
    expect(entries.filter(has=page.locator(f'[href="/g/{two.id}"]')).locator(".state")).to_contain_text("Match over")
    expect(page.locator(".my-games .place")).to_have_count(1)
    choose_language(page, "fr")
    expect(page.locator(".my-games .place")).to_have_text(re.compile(r"^Votre place\s:\s\d+e$"))


def test_the_tidying_removes_the_matches_the_server_deleted_too(new_page, server, database_file):
    """Back in winter, the retention had deleted two of a grandfather's spring matches: each said "This match no
    longer exists." with a Remove of its own, and the tidying offered to remove the one finished match left (QA)."""
    finished, deleted = new_match(server, "addup"), [new_match(server, game) for game in ("addit", "addem")]
    playing = new_match(server, "plusminus")
    for match in (finished, *deleted):
        assert match.post("resign", 1).status_code == 200
    page = new_page()
    for match in (finished, *deleted, playing):
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    for match in deleted:
        delete_match(database_file, match.id)
    page.goto("/")
    items, tidy = page.locator(".my-games li"), page.locator('[data-key="tidy"]')
    expect(items.filter(has_text="This match no longer exists.")).to_have_count(2)
    expect(tidy).to_have_text("Remove the 3 finished matches")
    tidy.click()
    tidied_to(page, "3 finished matches removed from this device.", playing)


def test_my_games_keeps_a_match_the_server_cannot_read_during_an_upgrade(new_page, server, database_file):
    """During an upgrade (the old instance serving beside the new one, which wrote a kind of event the old one does
    not know) My games failed whole on every other request: the list said the server had a problem and showed only
    what the device remembered. The other matches are listed as usual; the one the server cannot read is kept, said
    so, and neither said gone nor offered to the tidying."""
    playing, paced = new_match(server, "plusminus"), new_match(server, "addup")
    page = new_page()
    for match in (playing, paced):
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    newer_event(database_file, paced.id)
    page.goto("/")
    items = page.locator(".my-games li")
    expect(items).to_have_count(2)
    expect(page.locator(f'.my-games a[href="/g/{playing.id}"] .players')).to_contain_text("Bob")
    expect(page.locator(f'.my-games a[href="/g/{paced.id}"] .state')).to_have_text(
        "The server cannot show this match just now: it stays on this device and comes back in the list once the "
        "server can show it.")
    expect(page.locator("#mine-unlisted")).to_have_count(0)
    expect(page.locator('[data-key="tidy"]')).to_have_count(0)
    choose_language(page, "de")
    expect(page.locator(f'.my-games a[href="/g/{paced.id}"] .state')).to_contain_text(
        "Der Server kann dieses Spiel gerade nicht zeigen")


def test_the_tidying_leaves_a_seat_kept_in_another_tab_since_the_list_was_asked(new_page, server):
    """A seat this device took in another tab is not one the server no longer has: it was not asked about yet."""
    finished = [new_match(server, game) for game in ("addup", "addit")]
    for match in finished:
        assert match.post("resign", 1).status_code == 200
    page = new_page()
    for match in finished:
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    tidy = page.locator('[data-key="tidy"]')
    expect(tidy).to_have_text("Remove the 2 finished matches")
    joined = new_match(server, "plusminus")
    other_tab = page.context.new_page()
    other_tab.goto(joined.seat_link(1))
    expect(other_tab.locator("#status")).to_have_attribute("data-status", "playing")
    tidy.click()
    page.locator('[data-key="tidy-yes"]').click()
    expect(page.locator("#tidied")).to_have_text("2 finished matches removed from this device.")
    assert page.evaluate("Object.keys(JSON.parse(localStorage.getItem('addgames.seats')))") == [joined.id]


def test_the_home_tab_says_in_how_many_matches_it_is_your_turn(new_page, server):
    """The tab said "addgames" over ten matches waiting for the player (QA: heavy player)."""
    mine = [new_match(server, game) for game in ("addup", "addit")]
    for match in mine:
        match.play(lambda view: view["turn"] == 0)
    page = new_page(locale="de-DE")
    for match in mine:
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    expect(page).to_have_title("● Du bist in 2 Spielen dran · addgames")
    mine[0].play(lambda view: view["turn"] == 1)  # played on another device
    page.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(page).to_have_title("● Du bist in 1 Spiel dran · addgames")


def test_my_games_says_in_sight_in_how_many_matches_it_is_your_turn(new_page, server):
    """A grandmother's phone shows no tab: the count of her turns was in a title she never saw, over a list of 30
    matches she scrolled to the end to know whether another waited for her (QA: many matches over weeks)."""
    mine = [new_match(server, game) for game in ("addup", "addit")]
    for match in mine:
        match.play(lambda view: view["turn"] == 0)
    theirs = new_match(server, "plusminus")
    theirs.play(lambda view: view["turn"] == 1)
    page = new_page(locale="de-DE")
    for match in (*mine, theirs):
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    turns = page.locator("#mine-turns")
    expect(turns).to_have_text("● Du bist in 2 Spielen dran")
    expect(turns).to_be_in_viewport()
    mine[0].play(lambda view: view["turn"] == 1)  # played on another device
    page.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(turns).to_have_text("● Du bist in 1 Spiel dran")
    mine[1].play(lambda view: view["turn"] == 1)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(turns).to_have_count(0)
    expect(page.locator("#mine-list > li")).to_have_count(3)


def test_the_home_tab_counts_a_late_turn_to_skip_apart_from_the_turns(new_page, server, database_file):
    """A late seat's turn that this device may skip was counted as "your turn": the tab said "Your turn in 2 matches"
    where one was Bob's, and the match's own tab said no turn. It is a turn this device may take, not one it must:
    the tab marks it, as My games does, in the words My games uses (review)."""
    late, mine = new_match(server, "addup", time_per_move=3600), new_match(server, "addit")
    mine.play(lambda view: view["turn"] == 0)
    sleeper = late.view(0)["turn"]
    move_back_in_time(database_file, late.id, 2)
    page = new_page()
    page.goto(late.seat_link(1 - sleeper))
    expect(page.locator("#deadline")).to_contain_text("time ran out")
    expect(page).to_have_title("ADD UP · addgames")  # the match's tab: not this seat's turn
    page.goto(mine.seat_link(0))
    expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    items = page.locator("#mine-list > li")
    expect(items.filter(has_text="you may skip their turn")).to_have_class(re.compile("your-turn"))
    expect(page).to_have_title("● Your turn in 1 match · A late turn you may skip · addgames")
    mine.play(lambda view: view["turn"] == 1)  # played on another device: only the late turn is left
    page.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(page).to_have_title("● A late turn you may skip · addgames")
    choose_language(page, "fr")
    expect(page).to_have_title("● Un tour en retard à faire passer · addgames")


def test_a_long_my_games_list_has_a_way_down_to_the_games(new_page, server):
    """A keen player scrolled past dozens of matches to start a new one (QA: heavy player)."""
    page = new_page()
    for game in ("addup", "addit", "plusminus", "addem"):
        page.goto(new_match(server, game, join=False).seat_link(0))
        expect(page.locator("#status")).to_be_visible()
        page.goto("/")
        expect(page.locator(".my-games li").first).to_be_visible()
        expect(page.locator('[data-key="to-games"]')).to_have_count(0 if game != "addem" else 1)  # from 4 matches
    new = page.locator('a[href="/new/addup"]')
    expect(new).not_to_be_in_viewport()
    page.locator('[data-key="to-games"]').click()
    expect(page.locator("#games-title")).to_be_focused()
    expect(new).to_be_in_viewport()


def test_a_match_waiting_for_players_names_the_ones_its_seats_are_reserved_for(new_page, server):
    """"Sam, Tom, 2 free seats" and "2 of 4 have joined", where the creator had named Uma and Vic (QA: teacher)."""
    match = new_match(server, "addup", join=False, players=["Sam", "Tom", "Uma", "Vic"])
    match.take(1)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_text("Waiting for Uma and Vic.")
    page.goto("/")
    entry = page.locator(".my-games li")
    expect(entry.locator(".players")).to_have_text("Sam, Tom")
    expect(entry.locator(".state")).to_have_text("Waiting for Uma and Vic. · last player joined this minute")

def test_a_turn_skipped_by_another_seat_a_moment_before_is_told_so(new_page, server, database_file):
    """Two players tap Skip at once: the second was told "There is still time to move: the deadline
    has not passed yet", of a turn now someone else's (QA)."""
    match = new_match(server, "addup", seats=3, time_per_move=86400)
    late = match.view(0)["turn"]
    bob, cid = [seat for seat in range(3) if seat != late]
    move_back_in_time(database_file, match.id, 25)
    page = new_page()
    page.goto(match.seat_link(bob))
    claim = page.locator('[data-action="claimTimeout"]')
    expect(claim).to_be_visible()
    # Cid's claim lands while Bob's is on its way
    page.route("**/timeouts", lambda route: (match.post("timeouts", cid), route.continue_()))
    version = status(page)[1]
    claim.click()
    expect(page.locator(".error")).to_have_text("Someone skipped or played that turn a moment ago.")
    # The page then shows the change the refusal explains, and keeps saying why (the new view cleared it)
    expect(page.locator("#status")).not_to_have_attribute("data-version", str(version))
    expect(page.locator(".error")).to_have_text("Someone skipped or played that turn a moment ago.")


def test_a_seat_put_out_for_missed_turns_is_not_called_resigned(new_page, server, database_file):
    """Two seats, out after one missed turn: the match ends, and the late seat's tags said "resigned"
    beside "1 missed turn" (QA)."""
    match = new_match(server, "plusminus", time_per_move=86400, timeouts_to_leave=1)
    late = match.view(0)["turn"]
    move_back_in_time(database_file, match.id, 25)
    assert match.post("timeouts", 1 - late).status_code == 200
    page = new_page()
    page.goto(match.seat_link(late))
    expect(page.locator("#status")).to_have_attribute("data-status", "over")
    tags = page.locator(".seat.me .tag")
    expect(tags.filter(has_text="1 missed turn")).to_have_count(1)
    expect(tags.filter(has_text="resigned")).to_have_count(0)
    expect(page.locator(".score-rule")).to_contain_text("after the game the highest total wins")  # one game, no "(s)"
    # Said, not only tagged: a grandfather back months later read "Match over: Bob wins." of a match he never finished
    # and nowhere why, his page and My games alike (QA)
    expect(page.locator("#left-note")).to_have_text("You missed 1 turn in a row, so you are out of this match.")
    page.goto("/")
    expect(page.locator(".my-games li .left")).to_have_text(
        "You missed too many turns in a row, so you are out of this match.")


def test_my_games_says_a_seat_left_a_match_the_others_play_on_and_can_remove_it(new_page, server):
    """It was listed like any running match, at the top forever, with no way to remove it (QA)."""
    match = new_match(server, "addup", seats=3)
    page = new_page()
    page.goto(match.seat_link(0))  # this phone keeps the seat
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    assert match.post("resign", 0).status_code == 200
    page.goto("/")
    entry = page.locator(".my-games li")
    expect(entry).to_contain_text("You left this match: the autopilot plays your turns.")
    entry.locator('[data-action="forget"]').click()
    expect(page.locator(".my-games li")).to_have_count(0)
    expect(page.locator("#announce")).to_have_text("ADD UP with Bob and Cy: removed from this device.")


def test_my_games_marks_a_late_turn_this_device_may_skip_as_its_turn(new_page, server, database_file):
    """"Bob's turn · time ran out" read as a wait, where the match's page offers the skip (QA)."""
    match, other = new_match(server, "addup", time_per_move=3600), new_match(server, "plusminus")
    late = match.view(0)["turn"]
    move_back_in_time(database_file, match.id, 2)
    waiter, sleeper = new_page(), new_page()
    for page, seat in ((waiter, 1 - late), (sleeper, late)):
        page.goto(other.seat_link(1 - other.view(0)["turn"]))  # a match waiting for the others, listed first before
        expect(page.locator("#status")).to_have_attribute("data-status", "playing")
        page.goto(match.seat_link(seat))
        expect(page.locator("#deadline")).to_contain_text("time ran out")
        page.goto("/")
    entry = waiter.locator("#mine-list > li").first
    expect(entry).to_have_class(re.compile("your-turn"))
    expect(entry.locator(".state")).to_have_text(f"● {PLAYERS[late]}'s turn · time ran out 1 hour ago: you may skip their turn")
    expect(waiter.locator("#mine-list > li").nth(1)).not_to_have_class(re.compile("your-turn"))
    expect(sleeper.locator("#mine-list > li").first.locator(".state")).to_have_text("● Your turn · time ran out 1 hour ago")
    waiter.locator(f'#mine-list a[href="/g/{match.id}"]').click()
    waiter.locator('[data-action="claimTimeout"]').click()
    expect(waiter.locator("#status")).to_have_class(re.compile("your-turn"))


def test_my_games_says_a_late_turn_to_skip_as_such(new_page, server, database_file):
    """A late seat's turn, which this device may skip, was announced as "Your turn in ADD UP with Bob." (review)."""
    match = new_match(server, "addup", time_per_move=3600)
    late = match.view(0)["turn"]
    page = new_page()
    page.goto(match.seat_link(1 - late))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    page.goto("/")
    expect(page.locator(f'.my-games a[href="/g/{match.id}"]')).to_be_visible()
    move_back_in_time(database_file, match.id, 2)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(page.locator("#announce")).to_have_text(f"You may skip a late turn in ADD UP with {PLAYERS[late]}.")


def test_my_games_says_since_when_a_match_without_deadlines_waits(new_page, server, database_file):
    """Whose turn, and since when: a teacher's list tells who has kept the others waiting (QA)."""
    match, unplayed = new_match(server, "addup", seats=3, bots={2: "easy"}), new_match(server, "addup", seats=3)
    match.play(lambda view: view["version"] >= 1)
    turn = unplayed.view(0)["turn"]
    assert unplayed.post("hint", turn).status_code == 200  # a hint is no move (review)
    move_back_in_time(database_file, match.id, 50)
    move_back_in_time(database_file, unplayed.id, 75)
    leaver = next(seat for seat in (1, 2) if seat != turn)
    assert unplayed.post("resign", leaver).status_code == 200  # nor is a seat leaving before anyone moved (QA)
    page = new_page(locale="fr-FR")
    for each in (match, unplayed):
        page.goto(each.seat_link(0))
        expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    page.goto("/")
    states = page.locator(".my-games li .state")
    # 50 hours, whatever the time of day: "avant-hier" (the day before yesterday) was 3 calendar days back after 02:00
    expect(states.filter(has_text="· dernier coup il y a 2 jours")).to_have_count(1)
    expect(states.filter(has_text="· commencée il y a 3 jours")).to_have_count(1)  # no move to blame anyone for (QA)
    expect(page.locator(".my-games li .players").filter(has_text="Ordinateur (facile)")).to_have_count(1)  # not "Computer"


def test_a_deadline_is_told_in_whole_units_never_further_than_it_is(new_page):
    """59.5 minutes read "in 60 minutes" and 2 days 13 hours "in 3 days" (QA)."""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const {relativeTime} = await import('/js/i18n.js'), now = Date.now(), minute = 60000;
        return [relativeTime(now + 59.5 * minute, now), relativeTime(now + (2 * 24 + 13) * 60 * minute, now),
                relativeTime(now - 90 * minute, now), relativeTime(now + 20000, now)];
    }""")
    assert said == ["in 59 minutes", "in 2 days", "1 hour ago", "this minute"], said


def test_a_deadline_names_the_time_zone_it_is_told_in(browser, server):
    """Players of one match live in different zones: "14:05" alone did not say whose 14:05."""
    context = browser.new_context(base_url=server, locale="en-GB", timezone_id="Europe/Paris", service_workers="block")
    page = context.new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const {dateTime} = await import('/js/i18n.js');
        return [dateTime(Date.UTC(2026, 0, 5, 13, 5)), dateTime(Date.UTC(2026, 6, 6, 12, 5))];
    }""")
    context.close()
    assert said == ["Mon 5 Jan, 14:05 CET", "Mon 6 Jul, 14:05 CEST"], said
    american = browser.new_context(base_url=server, locale="en-US", timezone_id="America/New_York", service_workers="block")
    page = american.new_page()
    page.goto("/")
    said = page.evaluate("import('/js/i18n.js').then(({dateTime}) => dateTime(Date.UTC(2026, 0, 5, 14, 5)))")
    american.close()
    assert said == "Mon, Jan 5, 9:05 AM EST", said  # no "09:05", as Americans write it (QA)


def test_my_games_shows_on_the_first_screen_of_a_phone_with_large_text(new_page, server):
    """Grandma back the next day, her browser's text at 150 %: the form to join with a code filled the first screen,
    her match listed under it, out of sight (QA: family over days)."""
    match = new_match(server, "plusminus", seats=3)
    page = new_page()
    page.add_init_script("addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '150%'; })")
    page.goto(match.seat_link(1))
    expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    expect(page.locator(".my-games li").first).to_be_visible()
    expect(page.locator(f'.my-games a[href^="/g/{match.id}"]')).to_be_in_viewport()
    expect(page.locator("#join-code-title")).to_be_visible()  # still there, under the list


def test_the_moves_made_while_a_player_was_away_are_a_tap_under_the_last_move(new_page, server):
    """At a table of three, Bob back the next day saw Ann's move and not Cy's before it (QA: family over days)."""
    from tests.engine.test_plusminus import fixed_deck

    match = new_match(server, "plusminus", seats=3, deck=fixed_deck([[], [], []]))
    match.play(lambda view: view["version"] >= 4)  # Ann, Bob, Cy, Ann: Bob to move
    bob = new_page()
    bob.goto(match.seat_link(1))
    expect(bob.locator("#last-move")).to_contain_text("Last move: Ann played")
    missed = bob.locator('[data-action="toggle"][data-panel="missed"]')
    expect(missed).to_have_text("1 more move since your last turn")
    expect(missed).to_have_attribute("aria-expanded", "false")
    missed.click()
    expect(missed).to_have_attribute("aria-expanded", "true")
    expect(bob.locator("#missed-moves li")).to_have_count(1)
    expect(bob.locator("#missed-moves li")).to_contain_text("Cy played")
    cy = new_page()
    cy.goto(match.seat_link(2))
    expect(cy.locator("#last-move")).to_contain_text("Ann played")
    expect(cy.locator('[data-panel="missed"]')).to_have_count(0)  # Cy saw every move but the last one

    first = new_match(server, "plusminus", seats=3, deck=fixed_deck([[], [], []]))
    first.play(lambda view: view["version"] >= 2)  # Ann, Bob: Cy's first turn
    cy_fr = new_page(locale="fr-FR")
    cy_fr.goto(first.seat_link(2))
    expect(cy_fr.locator("#last-move")).to_contain_text("Dernier coup : Bob a joué")
    cy_fr.locator('[data-panel="missed"]').click()
    expect(cy_fr.locator('[data-panel="missed"]')).to_have_text("1 autre coup depuis le début")
    expect(cy_fr.locator("#missed-moves li")).to_contain_text("Ann a ouvert avec")


def count_paints(page) -> None:
    """From now on `window.paints` counts the times the screen in <main> is drawn anew (ui.js replaces its content)."""
    page.evaluate("""() => {
        window.paints = 0;
        new MutationObserver((records) => { window.paints += records.length; })
            .observe(document.getElementById('main'), {childList: true});
    }""")


def test_a_timed_match_left_open_is_drawn_again_only_when_its_deadline_words_change(new_page, server):
    """A phone left on a timed match for days drew the whole screen again every 30 s to bring "in 23 hours" up to date,
    hidden or not, though the words changed once an hour: a cheap phone's CPU and battery spent 2,880 times a day
    (QA: low-end phone); and again at each return to it, for the server's answer that no other device shows the seat. The page's clock runs fast here; its polls do not time out meanwhile."""
    match = new_match(server, "addup", time_per_move=5 * 3600 + 1800)  # "in 5 hours" for half an hour
    match.play(lambda view: view["version"] >= 1)
    page = new_page()
    # the polls' deadlines beyond the fast clock: a poll in flight is not given up meanwhile
    page.add_init_script("localStorage.setItem('addgames.waitS', '100000'); localStorage.setItem('addgames.deadlineMs', '1e9')")
    page.clock.install()
    with page.expect_response(re.compile(r"/seats/0/device$")):  # this device shows the seat: its answer is drawn
        page.goto(match.seat_link(0))
    deadline = page.locator("#deadline")
    expect(deadline).to_contain_text("(in 5 hours)")
    expect(page.locator("#last-move")).to_contain_text("Last move: Ann played")
    count_paints(page)
    page.clock.run_for(120_000)  # four ticks of the page's 30 s clock
    assert page.evaluate("window.paints") == 0, "drawn again with nothing new to show"

    hide = """(hidden) => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
        document.dispatchEvent(new Event('visibilitychange'));
    }"""
    page.evaluate(hide, True)
    page.clock.run_for(3_600_000)  # an hour in the pocket: the words changed, nobody saw them
    assert page.evaluate("window.paints") == 0, "a hidden page is drawn again"
    with page.expect_response(re.compile(r"/seats/0/device$")):  # in front again: shown again, no other device
        page.evaluate(hide, False)
    expect(deadline).to_contain_text("(in 4 hours)")  # up to date at once
    assert page.evaluate("window.paints") == 1


def test_my_games_left_open_is_drawn_again_only_when_the_list_changes(new_page, server):
    """The home page asks for My games every 15 s and drew the whole page again with each answer, the same list or not:
    240 repaints an hour on a phone left on it (QA: low-end phone). A move is news, drawn and said."""
    match = new_match(server, "addup", time_per_move=5 * 3600 + 1800)  # "in 5 hours" for half an hour
    match.play(lambda view: view["version"] >= 1)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#deadline")).to_be_visible()
    page.goto("/api/v1/health")  # away from the match's page
    page.clock.install()
    asked = re.compile(r"/api/v1/my-games$")
    with page.expect_response(asked):
        page.goto("/")
    expect(page.locator(".my-games li")).to_contain_text("deadline in 5 hours")
    count_paints(page)
    sent = []
    page.on("request", lambda request: sent.append(request.url) if asked.search(request.url) else None)

    def next_refresh():  # the clock run a second at a time until the page asks: its timer is set once an answer is shown
        with page.expect_response(asked):
            before = len(sent)
            for _ in range(60):
                page.clock.run_for(1000)
                if len(sent) > before:
                    break

    for _ in range(3):
        next_refresh()
    assert page.evaluate("window.paints") == 0, "drawn again with the same list"

    match.play(lambda view: view["version"] >= 2)
    next_refresh()
    expect(page.locator(".my-games li")).to_contain_text("Your turn")
    assert page.evaluate("window.paints") == 1



FAMILY = [  # (browser's language, zone, the app's language chosen, the line): a family over four zones
    ("de-DE", "Europe/Berlin", "de", "{name} hat Zeit bis So., 25. Okt., 23:00 MEZ (in 24 Stunden)."),
    ("de-DE", "Europe/Berlin", "en", "{name} has until Sun, 25 Oct, 23:00 CET (in 24 hours)."),
    ("pt-PT", "Europe/Lisbon", "pt", "{name} tem até domingo, 25/10, 22:00 WET (dentro de 24 horas)."),
    ("en-US", "America/New_York", "en", "{name} has until Sun, Oct 25, 6:00 PM EDT (in 24 hours)."),
    ("en-AU", "Australia/Sydney", "en", "{name} has until Mon, 26 Oct, 9:00 am AEDT (in 24 hours)."),
]


def deadline_read(browser, server, database_file, moved_at: str, per_move: int, device: tuple[str, str, str],
                  now: str) -> tuple[str, str]:
    """(the #deadline line, the name of the seat to move) of a timed match whose last move was made `moved_at` (UTC),
    watched from a device (browser's language, zone, the app's language) whose clock says `now`."""
    match = new_match(server, "addup", time_per_move=per_move)
    with closing(sqlite3.connect(database_file)) as db, db:
        db.execute("UPDATE games SET moved_at = ? WHERE id = ?", (f"{moved_at}.000000", match.id))
    locale, zone, language = device
    context = browser.new_context(base_url=server, locale=locale, timezone_id=zone, service_workers="block")
    context.add_init_script(f"localStorage.setItem('addgames.lang', '{language}')")
    page = context.new_page()
    page.clock.set_fixed_time(now)  # this device's clock; the server keeps its own
    page.goto(f"/g/{match.id}")
    expect(page.locator("#deadline")).to_be_visible()
    line = page.locator("#deadline").inner_text()
    context.close()
    return line, PLAYERS[match.view()["turn"]]


@pytest.mark.parametrize("locale, zone, language, said", FAMILY, ids=[f"{zone}-{lang}" for _, zone, lang, _ in FAMILY])
def test_a_day_per_move_across_the_night_and_a_clock_change_as_each_of_the_family_reads_it(
        browser, server, database_file, locale, zone, language, said):
    """The last move made on Saturday 24 October 2026 at 22:00 UTC, a day per move, watched half an hour before:
    the deadline is 24 real hours later, past midnight and, in Europe, past the change to winter time, told in each
    reader's zone, day and clock. A cousin in Berlin who reads the app in English got "11:00 PM GMT+1", an American
    clock and no zone name: a language his browser does not list was written as its bare default region writes it."""
    line, name = deadline_read(browser, server, database_file, "2026-10-24 22:00:00", 86400, (locale, zone, language),
                               "2026-10-24T21:30:00Z")
    assert line == said.format(name=name)


def test_a_deadline_days_away_is_never_named_by_a_day_word_it_does_not_fall_on(browser, server, database_file):
    """In Berlin just after midnight on Monday, a deadline on Thursday at 00:10 is 2 days and 23 hours away: German
    wrote "(übermorgen)", the day after tomorrow, a Wednesday, beside "Do." (French "après-demain", Spanish "pasado
    mañana"...). Whole days are told as a number: "in 2 Tagen"."""
    line, name = deadline_read(browser, server, database_file, "2026-12-02 23:10:00", 7 * 86400,
                               ("de-DE", "Europe/Berlin", "de"), "2026-12-06T23:30:00Z")
    assert line == f"{name} hat Zeit bis Do., 10. Dez., 00:10 MEZ (in 2 Tagen)."
