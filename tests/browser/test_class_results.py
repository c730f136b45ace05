"""A class sheet's results (QA: teacher): after the lesson, who played, who finished, who won and with what score, one
row per pupil in the order of the cards, from each match's public view; a match that cannot be read says so in its row
alone; the table saved as a CSV file a spreadsheet opens right (a byte order mark, every value quoted, no formula run);
pupils who play rematches followed into the newest one (kept with the sheet, found when an earlier match is deleted),
with how many matches they played and won, the last finished match's score and result kept while a rematch waits or is
under way."""
import csv
import io
import json
import re
from datetime import date
from pathlib import Path

from playwright.sync_api import expect

from .drive import choose_language, too_small
from .matches import Match, choose, unshuffled
from .test_class_sheet import MAKING_S, set_up
from .test_quality import serious_violations

# A comma, a formula, quotes, an accent and an emoji: what a CSV file and a spreadsheet can get wrong.
CLASS = ["Zoé, la grande", "=1+2", 'Léo "Lion" 🦁', "Mia", "Sam"]
HEADER = ["Pupil", "Match", "Status", "Score", "Result", "Matches played", "Wins"]


def cards_made(teacher, names: list[str]) -> dict[str, str]:
    """Each pupil's seat link, from their card, once the sheet's matches are all made."""
    teacher.locator('[data-key="make"]').click()
    expect(teacher.locator("#made")).to_be_visible(timeout=MAKING_S * 1000)
    cards = teacher.locator(".pupil-card")
    expect(cards.locator("h2")).to_have_text(names)
    return {name: cards.nth(n).locator("figure").get_attribute("data-link") for n, name in enumerate(names)}


def match_of(link: str) -> str:
    """The id of the match a seat link opens."""
    return re.search(r"/g/([\w-]+)#", link)[1]


def pair(origin: str, *links: str) -> Match:
    """The ADD-IT match of pupils' seat links (two, or all of a match of more), to play through the API."""
    tokens = {seat: re.search(r"#seat=([\w-]+)", link)[1] for seat, link in enumerate(links)}
    return Match(origin, "addit", match_of(links[0]), "", tokens)


def played_to_the_end(origin: str, first: str, second: str) -> dict:
    """The match of two pupils' seat links played to the end through the API; its public view then."""
    match = pair(origin, first, second)
    match.play(lambda view: False)
    return match.view()


def collected(count: int) -> str:
    """An ADD-IT score as the table says it."""
    return f"{count} card{'' if count == 1 else 's'} collected"


def over_line(view: dict, names: list[str]) -> str:
    """How a finished match of two stands, as the table says it."""
    winners = view["winners"]
    return (f"Match over: {names[winners[0]]} wins." if len(winners) == 1
            else f"Match over: {names[0]} and {names[1]} share the win.")


def result(view: dict, seat: int) -> str:
    """A pupil's result as the table says it: a loss with the place the server gave it (its `places`) where that tells
    more than the loss, in a match of three or more ("Lost (2nd)" of two said the same thing twice)."""
    winners, places = view["winners"], view["places"]
    if seat in winners:
        return "Won" if len(winners) == 1 else "Shared the win"
    return f"Lost ({places[seat]}{ {2: 'nd', 3: 'rd'}.get(places[seat], 'th')})" if len(places) >= 3 else "Lost"


def table(page) -> list[list[str]]:
    """The results table's body as shown, a row a pupil."""
    return page.locator("#results tbody tr").evaluate_all(
        "rows => rows.map((row) => [...row.cells].map((cell) => cell.innerText.replace(/\\s+/g, ' ').trim()))")


def downloaded(page) -> tuple[str, bytes]:
    """(file name, bytes) of the CSV file *Download results* saves."""
    with page.expect_download() as saving:
        page.locator('[data-key="download-results"]').click()
    return saving.value.suggested_filename, Path(saving.value.path()).read_bytes()


def saved_rows(page) -> list[list[str]]:
    """The rows of the CSV file *Download results* saves, its header first."""
    return list(csv.reader(io.StringIO(downloaded(page)[1].decode("utf-8-sig"), newline="")))


def test_the_results_say_who_won_with_what_score_and_download_as_a_csv_file_a_spreadsheet_opens_right(new_page, server):
    teacher = new_page()
    set_up(teacher, CLASS, game="addit")  # its test player collects what it can: a match with a winner, most often
    links = cards_made(teacher, CLASS)
    rows = teacher.locator("#results tbody tr")
    expect(rows).to_have_count(5)  # the pupils alone: Sam's computer has no row
    expect(rows.locator("th")).to_have_text(CLASS)  # as the cards, in the order typed
    expect(rows.locator("td:nth-child(2)")).to_have_text(["1", "1", "2", "2", "3"])
    expect(rows.nth(0)).to_contain_text(re.compile(r"(Zoé, la grande|=1\+2)'s turn"))
    expect(rows.nth(4)).to_contain_text("Sam's turn")  # the computer answers at once
    expect(rows.nth(4).locator("td").nth(2)).to_have_text("0 cards collected")
    expect(rows.nth(4).locator("td").nth(4)).to_have_text("0")  # no match finished yet, none won

    # Zoé and "=1+2" play their match to the end; the tab coming back into view shows it at once.
    view = played_to_the_end(server, links[CLASS[0]], links[CLASS[1]])
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    over = over_line(view, CLASS)
    for seat in (0, 1):
        cells = rows.nth(seat).locator("td")
        expect(cells.nth(1)).to_have_text(over)
        expect(cells.nth(2)).to_have_text(collected(view["scores"][seat]))
        expect(cells.nth(3)).to_have_text(result(view, seat))
        expect(cells.nth(4)).to_have_text("1")
        expect(cells.nth(5)).to_have_text(str(int(seat in view["winners"])))
    assert serious_violations(teacher) + too_small(teacher) == []

    # The CSV file: named after the game and the day, the page's columns, every value quoted, none run as a formula.
    name, raw = downloaded(teacher)
    assert name == f"ADD-IT results {date.today().isoformat()}.csv"
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8's byte order mark: Excel then reads "Zoé" and the lion right
    text = raw.decode("utf-8-sig")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    value = r'"(?:[^"]|"")*"'
    assert all(re.fullmatch(rf"{value}(,{value})*", line) for line in text.split("\r\n")[:-1]), text
    assert '"Zoé, la grande"' in text and '"\'=1+2"' in text and '"Léo ""Lion"" 🦁"' in text
    saved = list(csv.reader(io.StringIO(text, newline="")))
    shown = table(teacher)
    assert saved[0] == HEADER
    assert saved[1:] == [[pupil, *cells[1:]] for pupil, cells in zip(["Zoé, la grande", "'=1+2", *CLASS[2:]], shown)]

    # In French: the columns in French, split by semicolons, as a French Excel expects.
    choose_language(teacher, "fr")
    expect(teacher.locator("#results thead th")).to_have_text(
        ["Élève", "Partie", "État", "Score", "Résultat", "Parties jouées", "Victoires"])
    name, raw = downloaded(teacher)
    assert name == f"Résultats ADD-IT {date.today().isoformat()}.csv"
    assert raw.decode("utf-8-sig").startswith(
        '"Élève";"Partie";"État";"Score";"Résultat";"Parties jouées";"Victoires"\r\n"Zoé, la grande";"1";')
    choose_language(teacher, "en")

    # A match that cannot be read (the server's cleanup deleted it) says so in its row; the others are shown as ever.
    teacher.route(f"**/api/v1/games/{match_of(links['Mia'])}", lambda route: route.fulfill(
        status=404, content_type="application/problem+json",
        body=json.dumps({"code": "unknown_match", "detail": "There is no match with that id."})))
    teacher.reload()
    expect(rows.nth(2).locator("td").nth(1)).to_have_text("Could not be read: There is no such match.")
    expect(rows.nth(3).locator("td").nth(1)).to_have_text("Could not be read: There is no such match.")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(over)
    expect(rows.nth(4)).to_contain_text("Sam's turn")
    expect(teacher.locator("#alert")).to_have_text("Could not be read: There is no such match.")
    # One read before and now out of reach keeps what it showed, marked so.
    teacher.route(f"**/api/v1/games/{match_of(links['Sam'])}", lambda route: route.abort())
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(rows.nth(4).locator("td").nth(1)).to_have_text(
        re.compile(r"^Sam's turn Not up to date: The server cannot be reached"))
    expect(rows.nth(4).locator("td").nth(2)).to_have_text("0 cards collected")

    # A 320 px phone with text at twice its size: the table scrolls sideways in its frame, which the keyboard reaches;
    # the page stays the screen's width.
    teacher.set_viewport_size({"width": 320, "height": 640})
    teacher.evaluate("document.documentElement.style.fontSize = '200%'")  # a style sheet would break the page's policy
    assert teacher.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    frame = teacher.locator(".table-scroll")
    assert frame.evaluate("(e) => e.scrollWidth > e.clientWidth")
    frame.focus()
    teacher.keyboard.press("ArrowRight")
    expect(frame).to_be_focused()
    teacher.wait_for_function("() => document.querySelector('.table-scroll').scrollLeft > 0")
    assert serious_violations(teacher) == []

    # On paper: the cards alone.
    teacher.emulate_media(media="print")
    expect(teacher.locator(".results")).to_be_hidden()


def test_a_loss_in_a_match_of_three_says_its_place_on_the_page_and_in_the_csv(new_page, server):
    """Among three, "Lost (3rd)" tells more than the loss; among two, the place said it twice ("Lost (2nd)")."""
    teacher = new_page()
    deck = unshuffled(server, "addit", seats=3)  # the same deal every time: the same places
    teacher.route("**/api/v1/games", lambda route: route.continue_(
        post_data=json.dumps({**route.request.post_data_json, "deck": deck})))
    names = ["Ann", "Bob", "Cy"]
    set_up(teacher, names, game="addit")
    teacher.locator('[data-key="seats-3"]').click()
    links = cards_made(teacher, names)
    match = pair(server, *links.values())
    match.play(lambda view: False)
    view = match.view()
    said = [result(view, seat) for seat in range(3)]
    assert any(text.startswith("Lost (") for text in said), view["places"]
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(teacher.locator("#results tbody tr td:nth-child(5)")).to_have_text(said)
    assert [line[4] for line in saved_rows(teacher)[1:]] == said


def test_the_results_follow_pupils_into_their_rematch_reading_only_the_newest_match_of_each_pair(new_page, server):
    names = ["Ann", "Bob", "Cy"]
    teacher = new_page()
    set_up(teacher, names, game="addit")
    links = cards_made(teacher, names)
    rows = teacher.locator("#results tbody tr")
    asked = []  # the matches the page reads from now on, one id a read
    teacher.on("request", lambda request: request.method == "GET" and (read := re.search(
        r"/api/v1/games/([\w-]+)$", request.url)) and asked.append(read[1]))
    first = pair(server, links["Ann"], links["Bob"])
    view = first.play(lambda view: False)
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(over_line(view, names))

    # Ann asks for a rematch from her tablet: her row and Bob's say it waits for Bob, and keep the score and the result
    # of the match they finished (the lesson may end before the rematch does) and the tally.
    asking = first.post("rematch", 0)
    assert asking.status_code == 201, asking.json()
    rematch = Match(server, "addit", asking.json()["game"]["id"], asking.json()["invite"], {0: asking.json()["token"]})
    wins = {seat: int(seat in view["winners"]) for seat in (0, 1)}
    finished = {seat: [collected(view["scores"][seat]), result(view, seat), "1", str(wins[seat])] for seat in (0, 1)}
    # The rematch out of reach at first: the rows say a rematch is on and why it is not told, the result kept.
    teacher.route(f"**/api/v1/games/{rematch.id}", lambda route: route.abort())
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(rows.nth(0).locator("td")).to_have_text(["1", re.compile(
        rf"^{re.escape(over_line(view, names))} Rematch: Could not be read: The server cannot be reached"), *finished[0]])
    teacher.unroute(f"**/api/v1/games/{rematch.id}")
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    for seat in (0, 1):
        expect(rows.nth(seat).locator("td")).to_have_text(
            ["1", f"{over_line(view, names)} Rematch: Waiting for Bob.", *finished[seat]])
    expect(rows.nth(2).locator("td").nth(4)).to_have_text("0")  # Cy's match against the computer goes on as it was
    choose_language(teacher, "fr")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(re.compile(r"^Partie terminée\u00a0: .+\. Revanche en cours\. En attente\u00a0: Bob\.$"))
    choose_language(teacher, "en")  # the page shown again reads each pair's chain again, once
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(f"{over_line(view, names)} Rematch: Waiting for Bob.")

    # Bob joins it from his: the rows say the rematch is under way and still show the finished match's score and
    # result, on screen and in the CSV file saved then; the one under way is not counted yet.
    asked.clear()
    joining = first.post("rematch", 1)
    assert joining.status_code == 201, joining.json()
    rematch.tokens[1] = joining.json()["token"]
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    under_way = re.compile(rf"^{re.escape(over_line(view, names))} Rematch: (Ann|Bob)'s turn$")
    for seat in (0, 1):
        expect(rows.nth(seat).locator("td")).to_have_text(["1", under_way, *finished[seat]])
    saved = saved_rows(teacher)
    assert saved[1:3] == [[pupil, *cells[1:]] for pupil, cells in zip(names, table(teacher)[:2])]
    assert [row[3:] for row in saved[1:3]] == [finished[0], finished[1]] and under_way.match(saved[1][2]), saved

    # They play it to the end: the rows tell the rematch, two played, the wins added up.
    second = rematch.play(lambda view: False)
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    wins = {seat: wins[seat] + int(seat in second["winners"]) for seat in (0, 1)}
    for seat in (0, 1):
        expect(rows.nth(seat).locator("td")).to_have_text([
            "1", over_line(second, names), collected(second["scores"][seat]), result(second, seat), "2", str(wins[seat])])
    # The first match named its rematch: it is over for good and never read again, only each pair's newest match is.
    assert rematch.id in asked and match_of(links["Cy"]) in asked and first.id not in asked, asked

    # The CSV file says the same: a row a pupil, the newest match and the tally.
    saved = saved_rows(teacher)
    assert saved == [HEADER, *[[pupil, *cells] for pupil, cells in zip(names, [row[1:] for row in table(teacher)])]]
    assert saved[1][4:] == [result(second, 0), "2", str(wins[0])]

    # Opened again (another day), the page reads the pair's matches the sheet kept: the first one once, for the tally.
    teacher.reload()
    expect(rows.nth(1).locator("td")).to_have_text([
        "1", over_line(second, names), collected(second["scores"][1]), result(second, 1), "2", str(wins[1])])
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    reads = ("(id) => performance.getEntriesByType('resource')"
             ".filter((entry) => entry.name.endsWith(`/api/v1/games/${id}`)).length")
    teacher.wait_for_function(f"() => ({reads})('{rematch.id}') >= 2")  # a second round was read
    assert teacher.evaluate(f"({reads})('{first.id}')") == 1

    # The first match deleted since (the server's retention deletes finished matches): the sheet kept its rematch, so
    # the rows still tell the pair's newest match, and count the one left to read.
    teacher.route(f"**/api/v1/games/{first.id}", lambda route: route.fulfill(
        status=404, content_type="application/problem+json",
        body=json.dumps({"code": "unknown_match", "detail": "There is no match with that id."})))
    teacher.reload()
    for seat in (0, 1):
        expect(rows.nth(seat).locator("td")).to_have_text([
            "1", over_line(second, names), collected(second["scores"][seat]), result(second, seat), "1",
            str(int(seat in second["winners"]))])


def test_the_network_down_mid_lesson_is_said_once_above_the_results_where_each_row_said_it(new_page):
    teacher = new_page()
    names = ["Ann", "Bob", "Cy", "Di"]
    set_up(teacher, names, game="addit")
    cards_made(teacher, names)
    rows = teacher.locator("#results tbody tr")
    expect(rows.nth(3)).to_contain_text("Cy's turn")

    # The school's network drops: the rows keep what they showed, and the page says once that it is not up to date.
    teacher.context.set_offline(True)
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    problem = teacher.locator("#results-problem")
    expect(problem).to_have_text(
        "Not up to date: The server cannot be reached. Check your connection; the page will keep trying.")
    expect(rows.nth(3)).to_contain_text("Cy's turn")
    expect(rows.locator(".note, .error")).to_have_count(0)

    # Back: the line goes (the browser's "online" reads the matches again at once).
    teacher.context.set_offline(False)
    expect(problem).to_have_count(0)
    expect(rows.nth(0)).to_contain_text("Ann's turn")


def test_a_pupil_absent_on_the_day_is_played_by_the_computer_so_their_partner_plays_on(new_page, server):
    names = ["Ann", "Bob", "Cy"]  # Bob is off sick: Ann, seated with him, would wait for him all lesson
    teacher = new_page()
    set_up(teacher, names)
    links = cards_made(teacher, names)
    rows = teacher.locator("#results tbody tr")
    expect(rows.nth(0)).to_contain_text("Ann's turn")
    absent = teacher.locator("#absent-pupils button")
    expect(absent).to_have_count(0)  # off the projector until asked for
    teacher.locator('[data-key="absent-open"]').click()
    # Who may be left to the computer: a pupil whose match goes on with another person in it; not Cy, who plays it.
    expect(absent).to_have_text(["Ann", "Bob"])
    teacher.locator('[data-key="absent-Bob"]').click()
    expect(teacher.locator("#absent-ask")).to_have_text(
        "The computer (easy) plays Bob's seat in match 1 to its end: Bob can no longer play in it.")
    expect(teacher.locator("#absent-ask")).to_be_focused()
    teacher.locator('[data-key="absent-no"]').click()  # asked first: nothing happens on a slip
    expect(teacher.locator('[data-key="absent-Bob"]')).to_be_focused()
    teacher.locator('[data-key="absent-Bob"]').click()
    teacher.locator('[data-key="absent-yes"]').click()

    # The seat is the computer's: Ann's move is answered by it, and the row of Bob says who plays for him.
    expect(teacher.locator("#absent-done")).to_have_text("The computer now plays for Bob.")
    match = Match(server, "addup", match_of(links["Ann"]), "", {0: re.search(r"#seat=([\w-]+)", links["Ann"])[1]})
    assert match.view()["seats"][1]["bot"] == "easy"
    after = match.move(0, choose("addup", match.view(0)))
    assert after["turn"] == 0 and after["version"] == 3, after  # Bob left to it, Ann played, the computer at once
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(rows.nth(0)).to_contain_text("Ann's turn")
    expect(rows.nth(1).locator("td").nth(1)).to_contain_text("The computer plays for Bob.")
    expect(teacher.locator('[data-key="absent-open"]')).to_have_count(0)  # Ann is the last person of her match
    assert serious_violations(teacher) + too_small(teacher) == []

    # Bob arrives late and scans his card: told the computer plays his turns, not "You left this match", which he
    # never chose to.
    tablet = new_page()
    tablet.goto(links["Bob"])
    expect(tablet.locator("#left-note")).to_have_text("The computer (easy) now plays your turns in this match.")


def test_a_pupil_who_resigned_is_named_in_the_results_the_board_and_the_csv(new_page, server):
    """A pupil who gives up mid-match loses it whatever the cards say: the table said "Match over: Olivia wins." beside
    Noah's 6 cards and Olivia's 4, a figure that did not add up for the teacher. The status now says who resigned."""
    names = ["Ann", "Bob", "Cy", "Di"]
    teacher = new_page()
    set_up(teacher, names, game="addit")
    links = cards_made(teacher, names)
    match = pair(server, links["Ann"], links["Bob"])
    match.move(0, choose("addit", match.view(0)))
    assert match.post("resign", 1).status_code == 200  # Bob, at his turn, gives up
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    rows = teacher.locator("#results tbody tr")
    for seat in (0, 1):
        expect(rows.nth(seat).locator("td").nth(1)).to_have_text("Match over: Ann wins. Bob resigned.")
    expect(rows.nth(1).locator("td").nth(3)).to_have_text("Lost")
    expect(rows.nth(2).locator("td").nth(1)).to_have_text("Cy's turn")  # the other match: nobody resigned there
    assert saved_rows(teacher)[2][2] == "Match over: Ann wins. Bob resigned."

    teacher.locator('[data-key="board"]').click()
    expect(teacher.locator(".board-match").nth(0).locator(".board-status")).to_have_text(
        "Match over: Ann wins. Bob resigned.")


def test_the_next_round_starts_from_the_sheet_with_its_pupils_the_most_wins_first(new_page, server):
    names = ["Ann", "Bob", "Cy", "Di", "Eve"]  # Eve plays the computer, whose seat is no pupil's
    teacher = new_page()
    set_up(teacher, names, game="addit")
    links = cards_made(teacher, names)
    views = [played_to_the_end(server, links["Ann"], links["Bob"]), played_to_the_end(server, links["Cy"], links["Di"])]
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    rows = teacher.locator("#results tbody tr")
    expect(rows.locator("td:nth-child(6)")).to_have_text(["1", "1", "1", "1", "0"])  # both matches over, read
    wins = {name: int(seat in view["winners"]) for view, pair in zip(views, [names[:2], names[2:4]])
            for seat, name in enumerate(pair)} | {"Eve": 0}

    # Round 2, ADD UP this time: the class form again, its names typed already, the winners first, so that the
    # pupils next to each other, who play together, won as often.
    teacher.locator('[data-key="next-round"]').click()
    expect(teacher).to_have_url(re.compile(r"/class/addit$"))
    expect(teacher.locator("#class-handed")).to_have_text(
        "The pupils of the last sheet, the most wins first: the pupils next to each other play together. "
        "Change the game, the order or the names as you like.")
    expected = sorted(names, key=lambda name: (-wins[name], names.index(name)))
    expect(teacher.locator('textarea[name="pupils"]')).to_have_value("\n".join(expected))
    teacher.locator('[data-key="game-addup"]').click()
    expect(teacher).to_have_url(re.compile(r"/class/addup$"))
    expect(teacher.locator('textarea[name="pupils"]')).to_have_value("\n".join(expected))  # the game changed, not them
    teacher.locator('[data-key="make"]').click()
    expect(teacher.locator("#made")).to_be_visible(timeout=MAKING_S * 1000)
    expect(teacher.locator("#results tbody th")).to_have_text(expected)
    expect(teacher.locator("h1")).to_have_text("Class sheet: ADD UP")
