"""A class sheet on the classroom's projector (QA: class tournament day): the teacher shows how the round goes to the
class, read from the back of the room: one line a match, every match of a class of 25 on one screen at 1920x1080 and at
1280x720 in letters big enough, which are over and which go on, and no pupil's QR code or link."""
import re

from playwright.sync_api import expect

from .test_class_results import cards_made, match_of, played_to_the_end
from .test_class_sheet import set_up
from .test_quality import serious_violations, tab_to

CLASS = ["Zoë", "Ömer", "Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jay", "Kim", "Lea", "Max",
         "Nia", "Oli", "Pia", "Raj", "Sam", "Tom", "Uma", "Vic", "Wes", "Yui"]  # 25: Yui plays the computer


def all_in_sight_read_from_the_back(page) -> None:
    """At 1920x1080 and at 1280x720, every line of the board in sight at once, none cut at the foot, and letters a
    fortieth of the screen's height at least (27 px at 1080: the size a slide's smallest text is read at from the back
    of a classroom)."""
    for width, height in ((1920, 1080), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("""() => [...document.querySelectorAll('.board-match')].every((line) => {
            const box = line.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
        })"""), (width, height)
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.board-match *')]
            .filter((e) => e.childElementCount === 0).map((e) => parseFloat(getComputedStyle(e).fontSize)))""")
        assert smallest >= height / 40, (width, height, smallest)


def test_the_projector_view_shows_every_match_of_a_class_of_25_on_one_screen_read_from_the_back(new_page, server):
    teacher = new_page()
    set_up(teacher, CLASS, game="addit")
    links = cards_made(teacher, CLASS)
    view = played_to_the_end(server, links["Zoë"], links["Ömer"])
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # read at once, not in 15 s
    teacher.set_viewport_size({"width": 1920, "height": 1080})
    teacher.locator('[data-key="board"]').click()
    expect(teacher.locator('[data-key="board"]')).to_have_text("Back to the sheet")
    lines = teacher.locator(".board-match")
    expect(lines).to_have_count(13)
    expect(lines.nth(0)).to_contain_text(re.compile(rf"1\s+Zoë {view['scores'][0]} · Ömer {view['scores'][1]}\s+Match over"))
    expect(lines.nth(12)).to_contain_text(re.compile(r"13\s+Yui 0 · Computer \(easy\) \d+\s+(Yui|Computer \(easy\))'s turn"))
    expect(teacher.locator("#board-count")).to_have_text("Matches over: 1 of 13")
    expect(lines.nth(0)).to_have_class(re.compile(r"\bover\b"))
    expect(lines.nth(1)).not_to_have_class(re.compile(r"\bover\b"))
    # Nothing of a pupil's private link on the class's screen, nor the table the board stands for.
    expect(teacher.locator(".pupil-card svg.qr:visible, #results:visible, #sheet-private:visible")).to_have_count(0)
    assert serious_violations(teacher) == []

    all_in_sight_read_from_the_back(teacher)

    # Back to the table: the teacher's own screen again.
    teacher.locator('[data-key="board"]').click()
    expect(teacher.locator("#results")).to_be_visible()
    expect(lines).to_have_count(0)
    assert match_of(links["Zoë"]) == match_of(links["Ömer"])


def test_escape_closes_the_projector_view_and_the_follow_link_giving_the_focus_back(new_page):
    """A teacher on the keyboard alone (her mouse on the projector's desk): Escape closed the questions of the sheet
    but not the projector view nor the follow link's panel, and Tab went on through the link, Share and Copy. Escape
    now closes both, the focus back on the button that opened each."""
    teacher = new_page()
    set_up(teacher, CLASS[:4], game="addit")
    cards_made(teacher, CLASS[:4])
    projector = teacher.locator('[data-key="board"]')
    projector.focus()
    teacher.keyboard.press("Enter")
    expect(teacher.locator(".board-match")).to_have_count(2)
    expect(projector).to_be_focused()
    teacher.keyboard.press("Escape")
    expect(teacher.locator(".board-match")).to_have_count(0)
    expect(teacher.locator("#results")).to_be_visible()
    expect(projector).to_have_text("Projector view")
    expect(projector).to_be_focused()

    follow = teacher.locator('[data-key="follow"]')
    follow.focus()
    teacher.keyboard.press("Enter")
    expect(follow).to_have_attribute("aria-expanded", "true")
    tab_to(teacher, '[data-key="copy-follow"]')
    teacher.keyboard.press("Escape")
    expect(teacher.locator("#follow-panel")).to_have_count(0)
    expect(follow).to_have_attribute("aria-expanded", "false")
    expect(follow).to_be_focused()


def test_the_league_on_the_projector_shows_every_pupil_of_a_class_of_25_on_one_screen(new_page):
    """The league's *Projector view* kept the page's reading column: one pupil a line under another, 9 of 25 in sight
    at 1920x1080, 5 at 1280x720, the rest below the screen where the class could not read them. It spreads over the
    screen as the sheet's board does."""
    teacher = new_page()
    set_up(teacher, CLASS, game="addit")
    cards_made(teacher, CLASS)
    teacher.locator('[data-key="start-league"]').click()
    teacher.locator('[data-key="league-link"]').click()
    teacher.locator('[data-key="board"]').click()
    expect(teacher.locator("#league-board")).to_have_text("League after 1 round")
    expect(teacher.locator(".board-match")).to_have_count(25)
    all_in_sight_read_from_the_back(teacher)
