"""A long match opened on a phone fetches the latest page of its log, not all of it (a family's ADD-TOO to 1000: 900
events), and what reads further back fetches as far as it reads: the earlier entries of the log once shown, a replay's
step, the autopilot note, the moves missed since this seat's last turn and what ended meanwhile."""
import re

import pytest
import requests
from playwright.sync_api import expect

from . import matches
from .drive import settled
from .matches import FAMILY, move_back_in_time, new_match

LOG_PAGE = 50  # js/views/history.js


def fetched_entries(page) -> list[int]:
    """The number of log entries each log request of `page` brought, as they come."""
    counts: list[int] = []

    def seen(response):
        if "/moves" in response.url and response.request.method == "GET" and response.status == 200:
            counts.append(len(response.json()["moves"]))
    page.on("response", seen)
    return counts


def log_of(match, seat: int) -> list[dict]:
    return requests.get(f"{match.origin}/api/v1/games/{match.id}/moves", timeout=10,
                        headers={"Authorization": f"Bearer {match.tokens[seat]}"}).json()["moves"]


def opened(new_page, match):
    """Mum's seat link opened on a fresh device, its history caught up: (the page, the entries each log request
    brought)."""
    page = new_page()
    counts = fetched_entries(page)
    page.goto(match.seat_link(0))
    settled(page)
    return page, counts


@pytest.fixture(scope="module")
def long_addtoo(server):
    """ADD-TOO to 1000 at six seats, some 850 events played, Mum to move."""
    return matches.long_addtoo(server)


def test_opening_a_long_match_fetches_only_the_latest_page_of_its_log(new_page, long_addtoo):
    count = long_addtoo.view(0)["version"]
    page, counts = opened(new_page, long_addtoo)
    expect(page.locator("#last-move")).to_contain_text(re.compile(f"^Last move: {FAMILY[-1]} "))
    assert sum(counts) <= LOG_PAGE and len(counts) == 1, counts  # not the 850 and more before
    page.locator('[data-panel="log"]').click()
    log = page.locator("ol.log")
    expect(log.locator("li")).to_have_count(LOG_PAGE)
    assert log.evaluate("log => log.start") == count  # numbered from the match's first event all the same
    page.locator("[data-key=toggle-earlier]").click()  # fetched now
    expect(log.locator("li")).to_have_count(count)
    first = log_of(long_addtoo, 0)[0]
    expect(log.locator("li .said").last).to_contain_text(re.compile(f"^{FAMILY[first['seat']]} "))
    assert sum(counts) == count, counts  # each entry once


def test_the_replay_of_a_long_match_fetches_the_steps_it_goes_back_to(new_page, long_addtoo):
    page, counts = opened(new_page, long_addtoo)
    page.locator('[data-panel="replay"]').click()
    slider = page.locator('[data-key="replay-at"]')
    slider.evaluate("(input) => { input.value = '1'; input.dispatchEvent(new Event('change', {bubbles: true})); }")
    expect(page.locator(".replay-board")).to_have_attribute("data-version", "1")
    said = page.locator(".replay-open [data-say]")
    expect(said).not_to_have_text(re.compile("Loading|deal"))
    step_one = said.text_content()
    assert sum(counts) <= 2 * LOG_PAGE, counts  # the latest page, and the page of step 1
    page.locator('[data-key="replay-next"]').click()  # fetched with step 1
    expect(page.locator(".replay-board")).to_have_attribute("data-version", "2")
    expect(said).not_to_have_text(re.compile("Loading"))
    assert sum(counts) <= 2 * LOG_PAGE, counts
    page.locator('[data-panel="log"]').click()
    page.locator("[data-key=toggle-earlier]").click()
    expect(page.locator("ol.log li .said").last).to_have_text(step_one)  # the replay's words are the log's


def family_rubber(server, **create):
    """A rubber of five Plus and Minus games at four seats (Mum is seat 0)."""
    return new_match(server, "plusminus", players=FAMILY[:4], options={"games": 5}, **create)


def test_a_seat_that_left_long_ago_is_told_it_left_not_that_it_missed_turns(new_page, server):
    match = family_rubber(server)
    match.play(lambda view: view["version"] >= 6)
    assert match.post("resign", 0).status_code == 200  # Mum leaves; the autopilot plays her turns since
    match.play(lambda view: view["version"] >= 150)
    page, _ = opened(new_page, match)
    expect(page.locator("#left-note")).to_have_text("You left this match: the autopilot plays your turns.")


def test_a_seat_put_out_for_missed_turns_long_ago_is_told_so(new_page, server, database_file):
    match = family_rubber(server, time_per_move=3600, timeouts_to_leave=1)
    match.play(lambda view: view["version"] >= 6 and view["turn"] == 0)
    move_back_in_time(database_file, match.id, 2)
    assert match.post("timeouts", 1).status_code == 200  # Mum's turn claimed by Dad: she is out
    match.play(lambda view: view["version"] >= 150)
    page, _ = opened(new_page, match)
    expect(page.locator("#left-note")).to_have_text("You missed 1 turn in a row, so the autopilot plays your turns now.")


def test_the_notes_read_back_past_a_page_of_new_times_per_move_to_this_seat_s_last_move(new_page, server):
    """Mum moved; then a game ended on another seat's move, the next seat moved, and 60 changes of the time per move
    came after (Dad, not to move, trying times): the last move, what Mum missed and the game that ended meanwhile are
    all further back than the log's latest page."""
    match = family_rubber(server, time_per_move=3600)
    view = match.view(0)
    while True:  # to a game ended by someone else than Mum, then a move by the next seat, neither Mum
        game, mover = view["state"]["game"], view["turn"]
        view = match.play(lambda now, moved=view["version"]: now["version"] > moved)
        if view["state"]["game"] > game and mover != 0 and view["turn"] != 0:
            view = match.play(lambda now, moved=view["version"]: now["version"] > moved)
            break
    pacer = next(seat for seat in (1, 2, 3) if seat != view["turn"])
    for n in range(60):
        changed = requests.post(f"{server}/api/v1/games/{match.id}/pace", timeout=10,
                                headers={"Authorization": f"Bearer {match.tokens[pacer]}"},
                                json={"time_per_move": 7200 if n % 2 == 0 else 3600, "version": view["version"] + n})
        assert changed.status_code == 200, changed.json()
    entries = log_of(match, 0)
    mine = max(n for n, entry in enumerate(entries) if entry["seat"] == 0)
    *missed, last = [e for e in entries[mine + 1:] if e["kind"] not in ("hint", "pace")]
    ended = next(e["move"]["game_end"]["game"] for e in reversed(entries) if e["move"].get("game_end"))
    assert len(entries) - mine > LOG_PAGE + 2
    page, counts = opened(new_page, match)
    expect(page.locator("#last-move")).to_contain_text(re.compile(f"^Last move: {FAMILY[last['seat']]} "))
    expect(page.locator("#ended-meanwhile")).to_contain_text(f"Game {ended} over")
    count = len(missed)
    expect(page.locator('[data-key="toggle-missed"]')).to_have_text(
        f"{count} more move{'s' if count > 1 else ''} since your last turn")
    assert sum(counts) < len(entries), counts  # back to Mum's last move, not to the start
