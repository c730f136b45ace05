"""A long match played over weeks (a family's rubber of Plus and Minus at four seats: 220 entries in its
log): its log opens on the latest entries, the earlier ones a button away, and a player reading it back
to its first moves stays where they read when the others' moves come."""
import re

import requests
from playwright.sync_api import expect

from .drive import read_to_the_start
from .matches import new_match

FAMILY = ["Mum", "Dad", "Lena", "Tom"]


def family_rubber(server, until):
    """A rubber of five games at four seats, played through the API until `until(view)`."""
    match = new_match(server, "plusminus", players=FAMILY, options={"games": 5})
    match.play(until)
    return match


def first_move(match) -> re.Pattern:
    """The log's first entry in words: its mover opened the first game."""
    first = requests.get(f"{match.origin}/api/v1/games/{match.id}/moves?limit=1", timeout=10).json()["moves"][0]
    return re.compile(f"^{FAMILY[first['seat']]} opened with ")


def log_scroll(page) -> dict:
    return page.locator("ol.log").evaluate("log => ({top: log.scrollTop, fromFoot: log.scrollHeight - log.scrollTop})")


def test_the_log_of_a_long_match_opens_on_its_latest_entries_and_shows_the_earlier_ones_on_request(new_page, server):
    match = family_rubber(server, lambda view: False)
    count = match.view(0)["version"]
    assert count > 200
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_be_visible()
    page.locator('[data-panel="log"]').click()
    log = page.locator("ol.log")
    expect(log.locator("li")).to_have_count(50)
    assert log.evaluate("log => [log.start, log.reversed]") == [count, True]  # numbered from the count down
    earlier = page.locator("[data-key=toggle-earlier]")
    expect(earlier).to_have_text(f"Show the {count - 50} earlier entries")
    earlier.click()
    read_to_the_start(page, count)  # a page at a time, as it is read (test_log_paging.py)
    expect(log.locator("li").last).to_have_text(first_move(match))  # at the list's foot
    expect(earlier).to_have_text("Show only the latest 50")
    expect(earlier).to_be_focused()
    earlier.click()
    expect(log.locator("li")).to_have_count(50)


def test_a_player_reading_the_first_moves_of_a_long_log_stays_there_when_the_others_move(new_page, server):
    match = family_rubber(server, lambda view: view["version"] >= 150 and view["turn"] == 1)
    shown = match.view(0)["version"]
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_be_visible()
    page.locator('[data-panel="log"]').click()
    page.locator("[data-key=toggle-earlier]").click()
    log = page.locator("ol.log")
    read_to_the_start(page, shown)  # down to the first moves
    read = log_scroll(page)
    assert read["top"] > 0
    now = match.play(lambda view: view["turn"] == 3)  # Dad and Lena move, seen on Mum's page at the next polls
    expect(log.locator("li")).to_have_count(now["version"])
    assert log_scroll(page)["fromFoot"] == read["fromFoot"]  # the first moves still in sight, not the latest
    expect(log.locator("li").last).to_have_text(first_move(match))
