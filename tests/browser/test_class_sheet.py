"""A teacher sets up a whole class in one go (QA: teacher): the pupils' names one per line, the matches made through
the API (a rate limit waited out), a printable sheet of a card per pupil whose QR code opens that pupil's seat, the matches
followed from My games, and names the cards could not tell apart refused before anything is made."""
import re

import pytest
from playwright.sync_api import expect

from .conftest import serving
from .contrast import faint_rings, low_contrast
from .drive import too_small
from .test_js_ports import _segno_matrix
from .test_quality import serious_violations

CLASS = ["Ann", "Bob", "Cy", "Di", "Eve"]
MAKING_S = 30  # how long a class may take to make on a loaded machine (a 429 waited out included)


def creates_and_joins(page) -> list[str]:
    """The create and join requests `page` sends from now on ("create", "join"), in order."""
    sent = []
    page.on("request", lambda request: request.method == "POST" and sent.extend(
        ["create"] if request.url.endswith("/api/v1/games") else ["join"] if request.url.endswith("/seats") else []))
    return sent


def set_up(page, names: list[str], game: str = "addup") -> None:
    """From the game's page to the class form, the names typed one per line."""
    page.goto(f"/rules/{game}")
    page.locator('[data-key="class-link"]').click()
    expect(page).to_have_url(re.compile(rf"/class/{game}$"))
    page.locator('textarea[name="pupils"]').fill("\n".join(names) + "\n")


def progress_said(page):
    """() -> each line the page's progress (#making) said from now on, in order, once each: whatever the machine's
    speed, none is missed (a line shown for a moment only)."""
    page.evaluate("""() => {
        window.progressSaid = [];
        new MutationObserver(() => {
            const line = document.getElementById('making')?.textContent.replace(/\\s+/g, ' ').trim();
            if (line && line !== window.progressSaid.at(-1)) window.progressSaid.push(line);
        }).observe(document.getElementById('main'), {childList: true, subtree: true, characterData: true});
    }""")
    return lambda: page.evaluate("window.progressSaid")


def qr_matrix(card) -> list[list[bool]]:
    """The modules of the QR code a card draws, read back from its SVG path (one 1x1 square a dark module)."""
    size = int(card.locator("svg.qr").get_attribute("viewBox").split()[2]) - 8  # a four-module quiet zone around it
    dark = [[False] * size for _ in range(size)]
    for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", card.locator("svg.qr path").get_attribute("d")):
        dark[int(y) - 4][int(x) - 4] = True
    return dark


def encodes(matrix, text: str, monkeypatch) -> bool:
    """Whether `matrix` is the QR code of `text` (level M, the encoder's, whichever mask it chose), by segno."""
    return any(matrix == _segno_matrix(text, "M", mask, monkeypatch) for mask in range(8))


def test_a_teacher_sets_up_a_class_of_five_in_pairs_and_prints_a_card_per_pupil(new_page, monkeypatch):
    teacher = new_page()
    set_up(teacher, CLASS)
    preview = teacher.locator(".class-matches li")
    expect(preview).to_have_text(["Match 1: Ann, Bob", "Match 2: Cy, Di", "Match 3: Eve, Computer (easy)"])
    assert serious_violations(teacher) + too_small(teacher) + low_contrast(teacher) + faint_rings(teacher) == []

    # The second create meets the rate limit once: the sheet waits its Retry-After, says so, and goes on.
    limited = []

    def rate_limited(route):
        """The second create is answered 429, as LIMIT_CREATE answers."""
        if route.request.method == "POST":
            limited.append(route.request.url)
        if len(limited) == 2 and route.request.method == "POST":
            return route.fulfill(status=429, headers={"Retry-After": "2", "Content-Type": "application/problem+json"},
                                 body='{"code": "rate_limited", "detail": "Too many requests (at most 30 per 1 minute)."}')
        return route.fallback()

    creates = creates_and_joins(teacher)
    teacher.route("**/api/v1/games", rate_limited)
    said = progress_said(teacher)
    teacher.locator('[data-key="make"]').click()
    expect(teacher).to_have_url(re.compile(r"/sheets/[\w-]+$"))
    expect(teacher.locator("#made")).to_have_text(
        "Every pupil has a card. This device keeps no seat: it watches the matches, in My games.", timeout=MAKING_S * 1000)
    assert "Making match 2 of 3… The server asks us to wait 2 s (many matches at once): the sheet carries on by itself." \
        in said() and said()[-1] == "Making match 3 of 3…", said()
    assert len(limited) == 4 and creates == ["create", "join", "create", "create", "join", "create"]  # the 429 asked again
    expect(teacher.locator("#sheet-private")).to_contain_text("This sheet holds the pupils' private links")

    cards = teacher.locator(".pupil-card")
    expect(cards).to_have_count(5)
    expect(cards.locator("h2")).to_have_text(CLASS)
    expect(cards.locator(".card-with")).to_have_text(
        ["Plays with Bob", "Plays with Ann", "Plays with Di", "Plays with Cy", "Plays with Computer (easy)"])
    expect(cards.first).to_contain_text("ADD UP")
    expect(cards.first).to_contain_text("Scan to play")
    links = {}
    for n, pupil in enumerate(CLASS):
        link = cards.nth(n).locator("figure").get_attribute("data-link")
        assert re.fullmatch(r"http://localhost:\d+/g/[\w-]+#seat=[\w-]+&qr", link), link  # as the own-link panel's
        assert encodes(qr_matrix(cards.nth(n)), link, monkeypatch), pupil
        links[pupil] = link
    assert len({link.split("#")[0] for link in links.values()}) == 3  # three matches
    assert serious_violations(teacher) + too_small(teacher) + low_contrast(teacher) + faint_rings(teacher) == []

    # Paper: the cards alone, each a block no page break cuts.
    teacher.emulate_media(media="print")
    printed = teacher.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter((e) => e.getClientRects().length && !e.closest('.pupil-card') && !e.querySelector('.pupil-card'))
        .map((e) => e.tagName)""")
    assert printed == ["H1"], printed
    assert set(cards.evaluate_all("cards => cards.map((c) => getComputedStyle(c).display)")) == {"inline-block"}
    teacher.emulate_media(media="screen")

    # Each card opens its pupil's seat on their own tablet, with nothing to type.
    for pupil, link in links.items():
        tablet = new_page()
        tablet.goto(link)
        expect(tablet.locator(".seat.me")).to_contain_text(pupil)
        expect(tablet.locator("#other-device")).to_have_count(0)  # the teacher's device never showed the seat
        tablet.goto("/")
        expect(tablet.locator("#mine-list > li")).to_contain_text("ADD UP")
        expect(tablet.locator("#mine-list .as")).to_have_count(0)  # one pupil's tablet: no name to tell apart

    # The teacher's device keeps no seat: My games follows the three matches, and opens the sheet again.
    assert teacher.evaluate("localStorage.getItem('addgames.seats')") in (None, "{}")
    teacher.goto("/")
    items = teacher.locator("#mine-list > li")
    expect(items).to_have_count(3)
    expect(items.filter(has_text="Watching: a match of your class sheet.")).to_have_count(3)
    for players in ["Ann, Bob", "Cy, Di", "Eve, Computer (easy)"]:
        expect(items.filter(has_text=players)).to_have_count(1)
    expect(items.filter(has_text="Eve, Computer (easy)")).to_contain_text(re.compile(r"Eve's turn|Computer \(easy\)'s turn"))
    items.filter(has_text="Cy, Di").locator("a").click()
    expect(teacher.locator("#watch-note")).to_have_text(
        "A match of your class sheet: the pupils play it from their cards; this device only watches.")
    teacher.go_back()
    sheets = teacher.locator(".class-sheets li")
    expect(sheets).to_have_text([re.compile(r"ADD UP · 5 pupils · made")])
    sheets.locator("a").click()
    teacher.reload()  # kept on the device: a lost card can be printed again
    expect(teacher.locator(".pupil-card")).to_have_count(5)
    assert teacher.locator(".pupil-card figure").nth(4).get_attribute("data-link") == links["Eve"]

    # Forgotten (asked first), the sheet leaves this device; the matches are still followed.
    teacher.locator('[data-key="forget-sheet"]').click()
    teacher.locator('[data-key="forget-yes"]').click()
    expect(teacher).to_have_url(re.compile(r"/$"))
    expect(items).to_have_count(3)
    expect(teacher.locator(".class-sheets")).to_have_count(0)


def test_names_the_cards_could_not_tell_apart_are_refused_before_anything_is_made(new_page):
    teacher = new_page()
    sent = creates_and_joins(teacher)
    set_up(teacher, ["Ann", "Bob", "ann", "Di"], game="plusminus")
    problem = teacher.locator("#class-problem")
    expect(problem).to_have_text("ann is there twice (lines 1 and 3): add an initial so that the cards tell them apart.")
    teacher.locator('[data-key="make"]').click()
    expect(problem).to_have_class("error")  # said once, through the page's alert region
    expect(teacher.locator("#alert")).to_have_text(
        "ann is there twice (lines 1 and 3): add an initial so that the cards tell them apart.")
    expect(teacher.locator('textarea[name="pupils"]')).to_be_focused()
    teacher.locator('textarea[name="pupils"]').fill("Ann\n\nBob")
    teacher.locator('[data-key="make"]').click()
    expect(problem).to_have_text("Line 2 is empty: type a name there or remove the line.")
    teacher.locator('textarea[name="pupils"]').fill("")
    teacher.locator('[data-key="make"]').click()
    expect(problem).to_have_text("Type at least one name.")
    expect(teacher).to_have_url(re.compile(r"/class/plusminus$"))
    assert sent == [] and teacher.evaluate("localStorage.getItem('addgames.sheets')") is None

    # Three a match: the last two play the computer in the empty seat.
    teacher.locator('textarea[name="pupils"]').fill("Ann\nBob\nCy\nDi\nEve")
    teacher.locator('[data-key="seats-3"]').click()
    teacher.locator('[data-key="level-hard"]').click()
    expect(teacher.locator(".class-matches li")).to_have_text(["Match 1: Ann, Bob, Cy", "Match 2: Di, Eve, Computer (hard)"])


def test_a_class_whose_making_stopped_midway_keeps_what_was_made_and_goes_on_without_doing_anything_twice(new_page):
    teacher = new_page()
    set_up(teacher, ["Ann", "Bob", "Cy"])
    lost = []

    def answer_lost(route):
        """The first join is made by the server, but its answer never reaches the page."""
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch().status)
            return route.abort()
        return route.fallback()

    teacher.route("**/api/v1/games/*/seats", answer_lost)
    sent = creates_and_joins(teacher)
    teacher.locator('[data-key="make"]').click()
    expect(teacher.locator("#making-failed")).to_have_text(  # not "the page will keep trying": Go on does
        "Not everything could be made: The server cannot be reached. Check your connection, then try again.",
        timeout=MAKING_S * 1000)
    assert lost == [201]
    expect(teacher.locator("#unmade")).to_have_text("No card yet for Bob and Cy.")
    expect(teacher.locator("#announce")).to_have_text("No card yet for Bob and Cy.")  # not "Making match 1 of 2…"
    expect(teacher.locator(".pupil-card h2")).to_have_text(["Ann"])  # what was made is usable
    teacher.goto("/")
    expect(teacher.locator("#mine-list > li")).to_have_count(1)
    expect(teacher.locator("#mine-list")).to_contain_text(re.compile(r"Ann, Bob.*(Ann|Bob)'s turn", re.S))  # joined
    teacher.locator(".class-sheets a").click()

    teacher.locator('[data-key="go-on"]').click()
    expect(teacher.locator("#made")).to_be_visible(timeout=MAKING_S * 1000)
    expect(teacher.locator(".pupil-card h2")).to_have_text(["Ann", "Bob", "Cy"])
    assert sent == ["create", "join", "join", "create"]  # Bob's join asked again with its key: answered, not redone
    bob = new_page()
    bob.goto(teacher.locator('.pupil-card[data-pupil="Bob"] figure').get_attribute("data-link"))
    expect(bob.locator(".seat.me")).to_contain_text("Bob")
    expect(bob.locator("#status")).to_have_attribute("data-status", "playing")
    teacher.goto("/")
    expect(teacher.locator("#mine-list > li")).to_have_count(2)


@pytest.fixture(scope="module")
def limited(tmp_path_factory, chromium_path):
    """A server with its rate limits on (one worker: one count), its creates limited to 10 in 20 seconds, as a school
    behind one address that made matches already may find LIMIT_CREATE; joins as LIMIT_JOIN's default, 60 a minute."""
    with serving(tmp_path_factory.mktemp("limited") / "limited.sqlite", workers=1, RATELIMIT_ENABLED="true",
                 LIMIT_CREATE="10 per 20 second") as origin:
        yield origin


def test_a_class_of_thirty_is_made_through_the_rate_limits_by_waiting_out_their_429s(new_page, limited):
    teacher = new_page()
    answers = []
    teacher.on("response", lambda response: response.request.method == "POST" and answers.append(response.status))
    teacher.goto(f"{limited}/class/addit")
    teacher.locator('textarea[name="pupils"]').fill("\n".join(f"Pupil {n}" for n in range(1, 31)))
    expect(teacher.locator(".class-matches li")).to_have_count(15)
    said = progress_said(teacher)
    teacher.locator('[data-key="make"]').click()
    expect(teacher.locator("#made")).to_be_visible(timeout=3 * MAKING_S * 1000)
    expect(teacher.locator(".pupil-card")).to_have_count(30)
    waits = [line for line in said() if "wait" in line]  # the 11th create was refused, and waited out
    assert waits and all(re.match(r"Making match 11 of 15… The server asks us to wait \d+ s", line) for line in waits), said()
    assert 429 in answers and answers.count(201) == 30, answers  # 15 matches and 15 seats joined, each once


def printed_cards(page) -> list[str]:
    """The pupils whose card paper gets, as the page stands now."""
    page.emulate_media(media="print")
    names = page.locator(".pupil-card").evaluate_all(
        "cards => cards.filter((c) => c.getClientRects().length).map((c) => c.dataset.pupil)")
    page.emulate_media(media="screen")
    return names


def test_the_cards_stay_off_a_projected_screen_and_a_lost_one_is_printed_again_alone(new_page):
    teacher = new_page()
    set_up(teacher, ["Ann", "Bob", "Cy"], game="addit")
    teacher.locator('[data-key="make"]').click()
    expect(teacher.locator("#made")).to_be_visible(timeout=MAKING_S * 1000)
    teacher.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")  # no dialog here

    # A projector may mirror the screen: the cards, whose QR codes open the pupils' seats, stay off it until asked for,
    # and are printed all the same.
    cards = teacher.locator(".pupil-card")
    expect(cards).to_have_count(3)
    expect(cards.first).to_be_hidden()
    expect(teacher.locator("#cards-hidden")).to_have_text(
        "The cards stay off the screen: on a projector, the class would see every pupil's QR code. Print prints them.")
    assert printed_cards(teacher) == ["Ann", "Bob", "Cy"]
    show = teacher.locator('[data-key="show-cards"]')
    expect(show).to_have_attribute("aria-expanded", "false")
    show.click()
    expect(cards).to_have_count(3)
    for n in range(3):
        expect(cards.nth(n)).to_be_visible()
    expect(show).to_have_text("Hide the cards")
    expect(show).to_have_attribute("aria-expanded", "true")
    expect(teacher.locator("#cards-hidden")).to_have_count(0)

    bob = teacher.locator('.pupil-card[data-pupil="Bob"] [data-action="printCard"]')
    expect(bob).to_have_text("Print this card")
    expect(bob).to_have_accessible_name("Print this card: Bob")
    bob.click()
    assert teacher.evaluate("window.printed") == 1
    assert printed_cards(teacher) == ["Bob"]
    assert serious_violations(teacher) + too_small(teacher) == []

    # The printing done (the dialog closed), the whole sheet prints again, as does its Print button.
    teacher.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert printed_cards(teacher) == ["Ann", "Bob", "Cy"]
    bob.click()
    teacher.locator('[data-key="print"]').click()
    assert teacher.evaluate("window.printed") == 3 and printed_cards(teacher) == ["Ann", "Bob", "Cy"]
    show.click()
    expect(cards.first).to_be_hidden()
    teacher.reload()  # hidden again on opening the sheet
    expect(teacher.locator(".pupil-card").first).to_be_hidden()



def test_an_old_sheet_is_forgotten_with_its_matches_where_my_games_kept_listing_each_one_to_remove(new_page):
    teacher = new_page()
    set_up(teacher, ["Ann", "Bob", "Cy", "Di", "Eve"], game="plusminus")
    teacher.locator('[data-key="make"]').click()
    expect(teacher.locator("#made")).to_be_visible(timeout=MAKING_S * 1000)
    teacher.goto("/")
    expect(teacher.locator("#mine-list > li")).to_have_count(3)
    teacher.locator(".class-sheets a").click()

    teacher.locator('[data-key="forget-sheet"]').click()
    expect(teacher.locator("#forget-ask")).to_have_text(
        "Forget this sheet on this device? Its cards can no longer be printed from here. The matches go on: My games can"
        " go on listing them, or stop following them too.")
    teacher.locator('[data-key="forget-all"]').click()
    expect(teacher).to_have_url(re.compile(r"/$"))
    expect(teacher.locator(".class-sheets")).to_have_count(0)
    expect(teacher.locator("#mine-list > li")).to_have_count(0)
    assert teacher.evaluate("localStorage.getItem('addgames.watched')") in (None, "{}")
