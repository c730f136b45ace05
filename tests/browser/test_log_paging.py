"""A long match opened on a phone fetches the latest page of its log, not all of it (a family's ADD-TOO to 1000: 900
events), and what reads further back fetches as far as it reads: the earlier entries of the log once shown, a replay's
step, the autopilot note, the moves missed since this seat's last turn and what ended meanwhile."""
import re
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from playwright.sync_api import expect

from . import matches
from .drive import read_to_the_start, settled
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


def replay_at_step_one(page, match) -> None:
    """The replay opened and its slider moved to step 1, once its latest step is drawn (the repaint that draws that
    step would otherwise take the slider from under the change: a race seen 2 runs in 5)."""
    page.locator('[data-panel="replay"]').click()
    expect(page.locator(".replay-board")).to_have_attribute("data-version", str(match.view(0)["version"]))
    page.locator('[data-key="replay-at"]').evaluate(
        "(input) => { input.value = '1'; input.dispatchEvent(new Event('change', {bubbles: true})); }")


def test_opening_a_long_match_fetches_only_the_latest_page_of_its_log(new_page, long_addtoo):
    count = long_addtoo.view(0)["version"]
    page, counts = opened(new_page, long_addtoo)
    expect(page.locator("#last-move")).to_contain_text(re.compile(f"^Last move: {FAMILY[-1]} "))
    assert sum(counts) <= LOG_PAGE and len(counts) == 1, counts  # not the 850 and more before
    page.locator('[data-panel="log"]').click()
    log = page.locator("ol.log")
    expect(log.locator("li")).to_have_count(LOG_PAGE)
    assert log.evaluate("log => log.start") == count  # numbered from the match's first event all the same
    page.locator("[data-key=toggle-earlier]").click()  # fetched now, a page at a time as they are read
    read_to_the_start(page, count)
    first = log_of(long_addtoo, 0)[0]
    expect(log.locator("li .said").last).to_contain_text(re.compile(f"^{FAMILY[first['seat']]} "))
    assert sum(counts) == count, counts  # each entry once


def test_the_replay_of_a_long_match_fetches_the_steps_it_goes_back_to(new_page, long_addtoo):
    page, counts = opened(new_page, long_addtoo)
    replay_at_step_one(page, long_addtoo)
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
    read_to_the_start(page, page.locator("ol.log").evaluate("log => log.start"))
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


def test_the_earlier_entries_of_a_long_log_come_a_page_at_a_time_as_she_reads(new_page, long_addtoo):
    """A player on a train reading back a long match: *Show earlier* fetched all 800 older entries at once (16 kB
    gzipped on a poor connection, for a reader who may stop at the tenth); now a page, then the next as she nears the
    foot of the list."""
    page, _ = opened(new_page, long_addtoo)
    limits = []
    page.on("request", lambda request: limits.append(parse_qs(urlsplit(request.url).query).get("limit"))
            if "/moves?" in request.url else None)
    page.locator('[data-panel="log"]').click()
    page.locator("[data-key=toggle-earlier]").click()
    log = page.locator("ol.log")
    expect(log.locator("li")).to_have_count(2 * LOG_PAGE)
    log.evaluate("log => { log.scrollTop = log.scrollHeight; }")  # read to the foot
    expect(log.locator("li")).to_have_count(3 * LOG_PAGE)
    assert limits == [[str(LOG_PAGE)]] * 2, limits  # a page each time, not the 800 earlier entries at once
    assert log.evaluate("log => log.scrollTop") > 0  # the entries read stay in place, not back to the latest


def earlier_pages(url: str) -> bool:
    """The requests for a page of the log before its latest one (which opening the match asks for without a limit)."""
    return "/moves?" in url and "limit=" in url


def test_a_page_of_the_log_that_did_not_arrive_says_so_and_comes_on_try_again_or_back_online(new_page, long_addtoo):
    """Offline, *Show earlier* closed again without a word, and the replay's Previous left the step as it was: the
    player could not tell a lost connection from a tap that missed. Each says now what did not arrive, with Try
    again, and asks again by itself when the network is back."""
    page, _ = opened(new_page, long_addtoo)
    page.locator('[data-panel="log"]').click()
    page.route(earlier_pages, lambda route: route.abort())
    page.locator("[data-key=toggle-earlier]").click()
    failure = page.locator(".log-open .error")
    expect(failure).to_have_text("The earlier entries could not be loaded (no connection?). Try again")
    page.unroute(earlier_pages)
    failure.get_by_role("button", name="Try again").click()
    expect(page.locator("ol.log li")).to_have_count(2 * LOG_PAGE)
    expect(failure).to_have_count(0)
    expect(page.locator("ol.log")).to_be_focused()  # on what it brought, not thrown back to the top of the page
    version = long_addtoo.view(0)["version"]
    page.locator('[data-panel="replay"]').click()
    board = page.locator(".replay-board")
    expect(board).to_have_attribute("data-version", str(version))
    page.context.set_offline(True)
    page.locator('[data-key="replay-prev"]').click()
    said = page.locator(".replay-open .error")
    expect(said).to_have_text(f"Step {version - 1} could not be loaded (no connection?). Try again")
    expect(page.locator("#replay-said")).to_have_text(f"After step {version} of {version}")  # the step shown
    page.context.set_offline(False)  # the browser's "online": asked again without a tap
    expect(board).to_have_attribute("data-version", str(version - 1))
    expect(page.locator("#replay-said")).to_have_text(f"After step {version - 1} of {version}")
    expect(said).to_have_count(0)


def test_a_replay_step_whose_words_did_not_arrive_says_so_not_loading_for_ever(new_page, long_addtoo):
    page, _ = opened(new_page, long_addtoo)
    page.route(earlier_pages, lambda route: route.abort())
    replay_at_step_one(page, long_addtoo)
    expect(page.locator(".replay-board")).to_have_attribute("data-version", "1")  # its table came, not its words
    failure = page.locator(".replay-open .error")
    expect(failure).to_have_text("Step 1 could not be loaded (no connection?). Try again")
    expect(page.locator(".replay-open")).not_to_contain_text("Loading…")
    page.unroute(earlier_pages)
    failure.get_by_role("button", name="Try again").click()
    first = log_of(long_addtoo, 0)[0]
    expect(page.locator(".replay-open [data-say]")).to_contain_text(re.compile(f"^{FAMILY[first['seat']]} "))
    expect(failure).to_have_count(0)
    expect(page.locator('[data-key="replay-at"]')).to_be_focused()
