"""A term's class league (QA: a primary-school teacher playing a round every Friday): the rounds' sheets counted
together on the teacher's device, the standing with its scoring said on the page, the next round started with the same
pupils, the standing on the projector and as a CSV file; a pupil absent, joining mid-term or renamed, a round left
out. The tally (js/league.js) is tested on fixed leagues; the rounds' matches are played through the API and the
expected points read from their views (a class sheet deals as the server shuffles: it takes no deck)."""
import csv
import io
import re
from datetime import date
from pathlib import Path

from playwright.sync_api import expect

from .drive import too_small
from .test_class_results import cards_made, match_of, pair, played_to_the_end
from .test_class_sheet import set_up
from .test_quality import serious_violations

# Three rounds counted, one left out (abandoned); Bob renamed Bobby; "cy " typed as Cy is; Di absent from the second
# round on; Eve joined in the second and the computer played her match (no outcome kept for her).
LEAGUE = {"id": "L", "at": 0, "same": {"bob": {"from": "Bob", "to": "Bobby"}}, "rounds": [
    {"sheet": "s1", "game": "addit", "at": 1, "pupils": ["Ann", "Bob", "Cy", "Di"],
     "matches": {"m1": {"Ann": "won", "Bob": "lost"}, "m2": {"Cy": "shared", "Di": "shared"},
                 "m1r": {"Ann": "lost", "Bob": "won"}}},
    {"sheet": "s2", "game": "addup", "at": 2, "pupils": ["Ann", "Bob", "cy ", "Eve"],
     "matches": {"m3": {"Ann": "won", "Bob": "lost"}, "m4": {"cy ": "won"}}},
    {"sheet": "s3", "game": "addit", "at": 3, "out": True, "pupils": ["Ann", "Bob"], "matches": {"m5": {"Bob": "won"}}},
    {"sheet": "s4", "game": "addit", "at": 4, "pupils": ["Ann", "Bobby", "Cy", "Eve"],
     "matches": {"m6": {"Bobby": "won", "Ann": "lost"}}},
]}
POINTS = {"won": 3, "shared": 2, "lost": 1}


def test_the_tally_counts_3_a_win_2_a_shared_win_1_a_loss_across_the_rounds_counted(new_page):
    page = new_page()
    page.goto("/")
    rows = page.evaluate("async (league) => (await import('/js/league.js')).standing(league)", LEAGUE)
    assert [(row["place"], row["pupil"], row["points"], row["rounds"], row["played"], row["won"], row["shared"],
             row["lost"], row["byRound"]) for row in rows] == [
        (1, "Ann", 8, 3, 4, 2, 0, 2, [4, 3, 1]),
        (1, "Bobby", 8, 3, 4, 2, 0, 2, [4, 1, 3]),  # a tie in points and wins: the same place; m5 left out
        (3, "Cy", 5, 2, 2, 1, 1, 0, [2, 3, None]),
        (4, "Di", 2, 1, 1, 0, 1, 0, [2, None, None]),  # absent after the first round
        (5, "Eve", 0, 0, 0, 0, 0, 0, [None, None, None]),  # in the class, no match of hers finished
    ]


def points_of(view: dict, names: list[str]) -> dict[str, int]:
    """The league's points each pupil of a finished match of two gets."""
    winners = view["winners"]
    return {name: POINTS["lost" if seat not in winners else "shared" if len(winners) > 1 else "won"]
            for seat, name in enumerate(names)}


def standing(page) -> list[list[str]]:
    """The league's table as shown, a row a pupil."""
    return page.locator("#league-table tbody tr").evaluate_all(
        "rows => rows.map((row) => [...row.cells].map((cell) => cell.innerText.trim()))")


def test_a_term_of_rounds_is_one_standing_and_the_next_round_has_the_same_pupils(new_page, server):
    first = ["Ann", "Bob", "Cy", "=Zed"]  # "=Zed": a name a spreadsheet would run as a formula
    teacher = new_page()
    set_up(teacher, first, game="addit")
    links = cards_made(teacher, first)
    teacher.locator('[data-key="start-league"]').click()
    expect(teacher.locator("#sheet-league")).to_have_text("Round 1 of a class league. See the league")
    view = played_to_the_end(server, links["Ann"], links["Bob"])
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(teacher.locator("#results tbody tr").nth(0).locator("td").nth(4)).to_have_text("1")
    round1 = points_of(view, ["Ann", "Bob"])

    teacher.locator('[data-key="league-link"]').click()
    expect(teacher).to_have_url(re.compile(r"/leagues/[\w-]+$"))
    expect(teacher.locator("h1")).to_have_text("Class league")
    expect(teacher.locator("#league-device")).to_contain_text("kept on this device only")
    expect(teacher.locator("#league-scoring")).to_contain_text("3 for a win, 2 for a shared win and 1 for a loss")
    expect(teacher.locator("#league-table tbody th")).to_have_count(4)
    shown = {row[1]: row for row in standing(teacher)}
    assert shown["Ann"][2] == str(round1["Ann"]) and shown["Bob"][2] == str(round1["Bob"])
    assert shown["Cy"][2:4] == ["0", "0"] and shown["Cy"][8] == "–"  # their match not over: nothing yet
    order = [row[1] for row in standing(teacher)]
    assert set(order[:2]) == {"Ann", "Bob"} and order[:2] == sorted(order[:2], key=lambda name: -round1[name])

    # Next Friday: the same pupils typed in, the standing's order; =Zed is absent, Cy now goes by Cyrus, Eve joined.
    teacher.locator('[data-key="league-next"]').click()
    expect(teacher).to_have_url(re.compile(r"/class/addit$"))
    expect(teacher.locator("#class-league")).to_have_text(
        "This round joins the class league: its results count in the standing.")
    expect(teacher.locator('textarea[name="pupils"]')).to_have_value("\n".join(order))
    second = [order[0], order[1], "Cyrus", "Eve"]
    teacher.locator('textarea[name="pupils"]').fill("\n".join(second))
    links = cards_made(teacher, second)
    expect(teacher.locator("#sheet-league")).to_have_text("Round 2 of a class league. See the league")
    views = [played_to_the_end(server, links[second[0]], links[second[1]]),
             played_to_the_end(server, links["Cyrus"], links["Eve"])]
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(teacher.locator("#results tbody tr td:nth-child(6)")).to_have_text(["1", "1", "1", "1"])
    round2 = points_of(views[0], second[:2]) | points_of(views[1], second[2:])
    teacher.locator('[data-key="league-link"]').click()
    expect(teacher.locator("#league-table thead th")).to_have_text(
        ["Place", "Pupil", "Points", "Rounds", "Matches played", "Wins", "Shared wins", "Losses", "Round 1", "Round 2"])
    rows = {row[1]: row for row in standing(teacher)}
    assert rows["=Zed"][8:] == ["–", "–"]  # absent: nothing in either round
    assert rows["Eve"][8:] == ["–", str(round2["Eve"])]  # joined in the second
    assert rows["Ann"][2] == str(round1["Ann"] + round2["Ann"]) and rows["Ann"][3] == "2"

    # Cy is Cyrus: one pupil, one row.
    teacher.locator("#league-renamed summary").click()
    teacher.locator('[data-key="from"]').select_option("Cy")
    teacher.locator('[data-key="to"]').select_option("Cyrus")
    teacher.locator('[data-key="same"]').click()
    expect(teacher.locator("#league-renamed li")).to_have_text(re.compile(r"Cy is now Cyrus\.\s*Undo"))
    expect(teacher.locator("#league-renamed li")).to_be_visible()  # the panel still open on it
    rows = {row[1]: row for row in standing(teacher)}
    assert "Cy" not in rows and rows["Cyrus"][8:] == ["–", str(round2["Cyrus"])]
    assert serious_violations(teacher) + too_small(teacher) == []

    # The CSV file: the page's columns, the formula shown as typed.
    with teacher.expect_download() as saving:
        teacher.locator('[data-key="league-download"]').click()
    assert saving.value.suggested_filename == f"League {date.today().isoformat()}.csv"
    raw = Path(saving.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    saved = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert saved[0][-2:] == ["Round 1", "Round 2"]
    assert [line[1] for line in saved[1:]] == [row[1].replace("=Zed", "'=Zed") for row in standing(teacher)]
    assert [line[2] for line in saved[1:]] == [row[2] for row in standing(teacher)]

    # The projector: place, name, points; Escape back.
    teacher.locator('[data-key="board"]').click()
    expect(teacher.locator("#league-board")).to_have_text("League after 2 rounds")
    expect(teacher.locator(".board-match")).to_have_count(5)
    expect(teacher.locator(".board-match").first).to_contain_text(re.compile(r"1\s*\S+\s*\d+ points?"))
    teacher.keyboard.press("Escape")
    expect(teacher.locator("#league-table")).to_be_visible()

    # The first round abandoned: left out, counted nowhere; counted again.
    first_sheet = teacher.locator("#league-rounds li").first
    first_sheet.locator("button").click()
    expect(first_sheet).to_contain_text("Left out")
    expect(teacher.locator("#league-table thead th").last).to_have_text("Round 2")
    rows = {row[1]: row for row in standing(teacher)}
    assert rows["Ann"][2] == str(round2["Ann"])
    first_sheet.locator("button").click()
    expect(teacher.locator("#league-table thead th").last).to_have_text("Round 2")
    expect(teacher.locator("#league-table thead th")).to_have_count(10)


def test_a_pupil_absent_whose_seat_the_computer_played_scores_nothing_in_that_round(new_page, server):
    names = ["Ann", "Bob"]  # Bob is off sick: the computer plays his seat, and its result is not his
    teacher = new_page()
    set_up(teacher, names, game="addit")
    links = cards_made(teacher, names)
    teacher.locator('[data-key="start-league"]').click()
    teacher.locator('[data-key="absent-open"]').click()
    teacher.locator('[data-key="absent-Bob"]').click()
    teacher.locator('[data-key="absent-yes"]').click()
    expect(teacher.locator("#absent-done")).to_have_text("The computer now plays for Bob.")
    view = pair(server, links["Ann"]).play(lambda view: False)  # Ann against the computer, to the end
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(teacher.locator("#results tbody tr").nth(0).locator("td").nth(4)).to_have_text("1")
    teacher.locator('[data-key="league-link"]').click()
    expect(teacher.locator("#league-table tbody th")).to_have_count(2)
    rows = {row[1]: row for row in standing(teacher)}
    assert rows["Ann"][2:5] == [str(points_of(view, names)["Ann"]), "1", "1"]
    assert rows["Bob"][2:] == ["0", "0", "0", "0", "0", "0", "–"]


def test_matches_finished_after_the_sheet_was_closed_count_on_the_league_page_and_are_not_read_again(new_page, server):
    """Monday morning: three pairs finished Friday's round at home over the weekend, the sheet's page long closed. The
    league page reads the matches not known finished (the sheet page's code), only those, on open and on its button;
    offline, it says the standing is as last known."""
    names = ["Ann", "Bob", "Cy", "Di"]
    teacher = new_page()
    set_up(teacher, names, game="addit")
    links = cards_made(teacher, names)
    teacher.locator('[data-key="start-league"]').click()
    teacher.locator('[data-key="league-link"]').click()
    expect(teacher).to_have_url(re.compile(r"/leagues/[\w-]+$"))
    league = teacher.url
    teacher.goto("/")  # Friday's lesson over: neither the sheet nor the league open
    view = played_to_the_end(server, links["Ann"], links["Bob"])  # at home, over the weekend
    asked: list[str] = []  # the matches the page asks for
    teacher.on("request", lambda request: asked.extend(re.findall(r"/api/v1/games/([\w-]+)$", request.url)))

    teacher.goto(league)
    expect(teacher.locator("#league-standing-part")).to_have_attribute("data-read", "done")
    rows = {row[1]: row for row in standing(teacher)}
    assert rows["Ann"][2] == str(points_of(view, ["Ann", "Bob"])["Ann"])
    assert rows["Bob"][2] == str(points_of(view, ["Ann", "Bob"])["Bob"])
    assert rows["Cy"][2] == "0"  # their match not over
    assert sorted(asked) == sorted([match_of(links["Ann"]), match_of(links["Cy"])])

    asked.clear()  # the match known finished is not asked again: on open nor on the button
    teacher.reload()
    expect(teacher.locator("#league-standing-part")).to_have_attribute("data-read", "done")
    teacher.locator('[data-key="league-refresh"]').click()
    expect(teacher.locator("#league-standing-part")).to_have_attribute("data-read", "done")
    assert asked == [match_of(links["Cy"])] * 2

    # Cy and Di's match never finished, and the server's retention deleted it: nothing to read, no failure said.
    teacher.route(f"**/api/v1/games/{match_of(links['Cy'])}", lambda route: route.fulfill(
        status=404, content_type="application/problem+json",
        body='{"type": "about:blank", "title": "Not found", "status": 404, "code": "unknown_match"}'))
    teacher.locator('[data-key="league-refresh"]').click()
    expect(teacher.locator("#league-standing-part")).to_have_attribute("data-read", "done")
    expect(teacher.locator("#league-news")).to_have_count(0)

    teacher.route("**/api/v1/games/**", lambda route: route.abort())  # offline: the standing as last known
    teacher.locator('[data-key="league-refresh"]').click()
    expect(teacher.locator("#league-news")).to_have_text(
        "The latest results could not be read: the standing is as last known. The server cannot be reached. "
        "Check your connection, then try again.")
    assert {row[1]: row for row in standing(teacher)}["Ann"][2] == rows["Ann"][2]
    assert serious_violations(teacher) == []


def test_the_renamed_pupil_panel_stays_open_while_the_results_are_read(new_page):
    """The page draws itself again when the latest results come in (on opening, on the button): the panel for a pupil
    who changed name shut under the teacher's hand as she chose the name (CI met its menu hidden mid-choice)."""
    names = ["Ann", "Bob"]
    teacher = new_page()
    set_up(teacher, names, game="addit")
    cards_made(teacher, names)
    teacher.locator('[data-key="start-league"]').click()
    teacher.locator('[data-key="league-link"]').click()
    expect(teacher.locator("#league-standing-part")).to_have_attribute("data-read", "done")
    teacher.locator("#league-renamed summary").click()
    expect(teacher.locator('[data-key="to"]')).to_be_visible()
    teacher.locator('[data-key="league-refresh"]').click()  # a reading and its results: two drawings of the page
    expect(teacher.locator("#league-standing-part")).to_have_attribute("data-read", "done")
    expect(teacher.locator('[data-key="to"]')).to_be_visible()
    teacher.locator("#league-renamed summary").click()  # and shut by hand, it stays shut
    teacher.locator('[data-key="league-refresh"]').click()
    expect(teacher.locator("#league-standing-part")).to_have_attribute("data-read", "done")
    expect(teacher.locator('[data-key="to"]')).to_be_hidden()
    teacher.locator("#league-renamed summary").focus()  # the keyboard opens it too, and the focus stays on it
    teacher.keyboard.press("Enter")
    expect(teacher.locator('[data-key="to"]')).to_be_visible()
    expect(teacher.locator("#league-renamed summary")).to_be_focused()


def test_a_league_is_forgotten_on_this_device_after_a_question_that_can_be_cancelled(new_page):
    """A new term: the teacher forgets last term's league (asked first: its standing is gone for good); My games no
    longer lists it, and its page says it is not there."""
    page = new_page()
    page.goto("/")
    page.evaluate("async (league) => (await import('/js/league.js')).keepLeague(league)", LEAGUE)
    page.goto("/leagues/L")
    page.locator('[data-key="forget-league"]').click()
    expect(page.locator("#forget-ask")).to_be_focused()
    expect(page.locator("#forget-ask")).to_contain_text("download it first (CSV)")
    page.keyboard.press("Escape")
    expect(page.locator('[data-key="forget-league"]')).to_be_focused()
    assert page.evaluate("async () => (await import('/js/league.js')).leagueById('L') !== null")
    page.locator('[data-key="forget-league"]').click()
    page.locator('[data-key="forget-yes"]').click()
    expect(page).to_have_url(re.compile(r"/$"))
    assert page.evaluate("async () => (await import('/js/league.js')).allLeagues().length") == 0
    expect(page.locator('a[href="/leagues/L"]')).to_have_count(0)
    page.goto("/leagues/L")
    expect(page.locator("h1")).to_have_text("This class league is not on this device")
