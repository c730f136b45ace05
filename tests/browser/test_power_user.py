"""A keen player's device: 60 matches of all five games at once (against the computer, with friends, waiting for
players, finished), opened from My games and back, as they come back to it several times a day."""
import re

import pytest
import requests
from playwright.sync_api import expect

from .matches import GAMES, move_back_in_time, new_match

COUNT = 60


@pytest.fixture(scope="module")
def held(server):
    """The seats of 60 matches made through the API, as a device keeps them ({id: seat}): a quarter waiting for
    players, a quarter finished (Bob resigned), the others in play, some against the computer."""
    seats = {}
    for n in range(COUNT):
        game, kind = GAMES[n % len(GAMES)], n % 4
        match = new_match(server, game, join=kind != 0, bots={1: "easy"} if kind == 3 and n % 8 == 3 else None)
        if kind == 1:
            assert requests.post(f"{server}/api/v1/games/{match.id}/resign", timeout=10,
                                 headers={"Authorization": f"Bearer {match.tokens[1]}"}).status_code == 200
        seats[match.id] = {"seat": 0, "token": match.tokens[0], "game": game, "linkShown": True, "at": n}
    return seats


def device(new_page, held):
    """A phone holding the 60 seats, on My games with every match listed."""
    page = new_page()
    page.goto("/api/v1/health")
    page.evaluate("(seats) => localStorage.setItem('addgames.seats', JSON.stringify(seats))", held)
    page.goto("/")
    expect(page.locator("#mine-list > li")).to_have_count(COUNT)
    return page


def test_back_from_a_match_opened_far_down_my_games_comes_back_where_the_list_was(new_page, held):
    """Opened from the foot of a list of 60, a match's Back showed the top of the home page: the player scrolled down
    past dozens again to open the next one (QA: power user)."""
    page = device(new_page, held)
    link = page.locator("#mine-list > li a").nth(45)
    link.scroll_into_view_if_needed()
    scrolled = page.evaluate("scrollY")
    assert scrolled > 2000
    href = link.get_attribute("href")
    link.click()
    expect(page.locator("#status")).to_be_visible()
    page.go_back()
    expect(page.locator("#mine-list > li")).to_have_count(COUNT)
    expect(page.locator(f'#mine-list a[href="{href}"]')).to_be_in_viewport()
    assert abs(page.evaluate("scrollY") - scrolled) < 5


def test_back_from_a_match_opened_by_keyboard_gives_the_focus_back_to_its_entry(new_page, held):
    """Back from a match opened with Enter far down My games put the focus on the page's heading: a keyboard player
    tabbed through 45 entries again to open the next one, and a screen reader started over at the page's name. Its
    entry takes the focus back, named by its game, players and state; a fresh visit, or the home page reached by a
    link, still starts at the heading (QA: keyboard and screen reader)."""
    page = device(new_page, held)
    entries = page.locator("#mine-list > li a")
    entries.nth(45).focus()
    href, after = entries.nth(45).get_attribute("href"), entries.nth(46).get_attribute("href")  # finished: 45 to 59
    game = entries.nth(45).locator("strong").text_content()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_be_visible()
    expect(page.locator("main h1")).to_be_focused()
    page.go_back()
    entry = page.locator(f'#mine-list a[href="{href}"]')
    expect(entry).to_be_focused()
    expect(entry).to_be_in_viewport()
    expect(entry).to_have_accessible_name(re.compile(rf"^{re.escape(game)} Ann, Bob Match over: you win! · ended \w"))
    page.keyboard.press("Tab")  # its Remove button, then the next entry: where Tab went on before
    page.keyboard.press("Tab")
    expect(page.locator(f'#mine-list a[href="{after}"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_be_visible()
    page.locator("header a.brand").click()  # home by a link: a new visit of the page
    expect(page.locator("#mine-list > li")).to_have_count(COUNT)
    expect(page.locator("main h1")).to_be_focused()
    page.reload()
    expect(page.locator("#mine-list > li")).to_have_count(COUNT)
    expect(page.locator("main h1")).to_be_focused()


def test_my_games_lists_a_chain_of_rematches_once_by_its_newest_match(new_page, server, held):
    """Three rematches in a row with Bob were four entries, three of them "Match over" with the same players: the list
    shows the one in play, which says how many came before it; the tidying still removes those (QA: power user)."""
    chain, seats = new_match(server, "addup"), dict(held)
    earlier = []
    for n in range(3):
        assert chain.post("resign", 1).status_code == 200
        seats[chain.id] = {"seat": 0, "token": chain.tokens[0], "game": "addup", "linkShown": True, "at": 100 + n}
        earlier.append(chain.id)
        asked, joined = chain.post("rematch", 0).json(), chain.post("rematch", 1).json()
        chain = type(chain)(server, "addup", asked["game"]["id"], "", {0: asked["token"], 1: joined["token"]})
    seats[chain.id] = {"seat": 0, "token": chain.tokens[0], "game": "addup", "linkShown": True, "at": 200}
    page = new_page()
    page.goto("/api/v1/health")
    page.evaluate("(seats) => localStorage.setItem('addgames.seats', JSON.stringify(seats))", seats)
    page.goto("/")
    items = page.locator("#mine-list > li")
    expect(items).to_have_count(COUNT + 1)
    expect(page.locator(", ".join(f'#mine-list a[href="/g/{id}"]' for id in earlier))).to_have_count(0)
    newest = items.filter(has=page.locator(f'a[href="/g/{chain.id}"]'))
    expect(newest.locator(".rematches")).to_have_text("Rematch · 3 earlier matches")
    finished = COUNT // 4
    expect(page.locator('[data-key="tidy"]')).to_have_text(f"Remove the {finished + 3} finished matches")


def test_my_games_says_when_a_finished_match_ended(new_page, server, database_file, held):
    """Fifteen finished matches each said "Match over: you win!" and nothing more: which was last night's, which last
    month's, the list did not tell (QA: power user)."""
    old = new_match(server, "addit")
    assert old.post("resign", 1).status_code == 200
    move_back_in_time(database_file, old.id, 50)
    page = new_page()
    page.goto("/api/v1/health")
    seats = {**held, old.id: {"seat": 0, "token": old.tokens[0], "game": "addit", "linkShown": True, "at": 300}}
    page.evaluate("(seats) => localStorage.setItem('addgames.seats', JSON.stringify(seats))", seats)
    page.goto("/")
    expect(page.locator(f'#mine-list a[href="/g/{old.id}"] .state')).to_have_text("Match over: you win! · ended 2 days ago")
    newest = page.locator("#mine-list > li").filter(has_text="Match over").first
    expect(newest.locator(".state")).to_have_text("Match over: you win! · ended this minute")


def test_my_games_says_since_when_a_match_waits_for_players(new_page, server, database_file, held):
    """Fifteen matches waiting for players each said who had joined and nothing more: an invitation nobody took for 9
    days looked like one made a minute ago. A match says when it was made, or, once a player has joined since, when
    the last one did (QA: keyboard and screen reader user with many matches)."""
    stale = new_match(server, "addit", join=False)
    move_back_in_time(database_file, stale.id, 9 * 24)
    fresh, third = new_match(server, "addup", join=False), new_match(server, "plusminus", join=False, seats=3)
    move_back_in_time(database_file, third.id, 6 * 24)  # made 9 days ago, Bob came 3 days ago
    third.take(1)
    move_back_in_time(database_file, third.id, 3 * 24)
    # made 9 days ago, Bob came 6 days ago and gave his seat back 3 days ago: "created" said 6 days (QA: keen player)
    given_back = new_match(server, "addup", join=False, seats=3)
    move_back_in_time(database_file, given_back.id, 3 * 24)
    given_back.take(1)
    move_back_in_time(database_file, given_back.id, 3 * 24)
    given_back.free(1)
    move_back_in_time(database_file, given_back.id, 3 * 24)
    page = new_page()
    page.goto("/api/v1/health")
    seats = {**held, **{match.id: {"seat": 0, "token": match.tokens[0], "game": match.game, "linkShown": True, "at": 300}
                        for match in (stale, fresh, third, given_back)}}
    page.evaluate("(seats) => localStorage.setItem('addgames.seats', JSON.stringify(seats))", seats)
    page.goto("/")

    def state(match):
        return page.locator(f'#mine-list a[href="/g/{match.id}"] .state')

    expect(state(stale)).to_have_text("Waiting for Bob. · created 9 days ago")
    expect(state(third)).to_have_text("Waiting for Cy. · last player joined 3 days ago")
    expect(state(fresh)).to_have_text("Waiting for Bob. · created this minute")
    expect(state(given_back)).to_have_text("Waiting for Bob and Cy. · created 9 days ago")
    page.evaluate("localStorage.setItem('addgames.lang', 'de')")
    page.reload()
    expect(state(stale)).to_have_text("Warten auf Bob. · vor 9 Tagen erstellt")
    expect(state(third)).to_have_text("Warten auf Cy. · zuletzt kam vor 3 Tagen jemand dazu")
