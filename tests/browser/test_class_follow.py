"""A class sheet followed from the teacher's phone (QA: class tournament day): the sheet lives on the classroom's
computer, which holds the pupils' private links; *Follow on another device* gives a link to share or copy that holds
only the matches and the pupils' names, so that her phone at 360x640 shows the same results and the projector's board,
read again as the matches go on, with no card, no seat link and nothing that plays for a pupil."""
import re

from playwright.sync_api import expect

from .test_class_board import CLASS
from .test_class_results import cards_made, match_of, over_line, played_to_the_end, table
from .test_class_sheet import set_up
from .test_quality import serious_violations


def test_the_teachers_phone_follows_the_class_sheet_made_on_the_classroom_computer(new_page, server):
    teacher = new_page()
    set_up(teacher, CLASS, game="addit")
    links = cards_made(teacher, CLASS)
    teacher.locator('[data-key="follow"]').click()
    follow = teacher.locator("#follow-link")
    expect(follow).to_be_visible()
    address = follow.input_value()
    assert address.startswith(f"{server}{teacher.evaluate('location.pathname')}#follow=")
    assert not any(re.search(r"seat=([\w-]+)", link)[1] in address for link in links.values())  # no private link
    assert len(address) < 1000, len(address)  # a class of 25 in a link a chat or an e-mail carries whole

    phone = new_page()
    phone.set_viewport_size({"width": 360, "height": 640})
    phone.goto(address)
    expect(phone.locator("h1")).to_have_text("Class sheet: ADD-IT")
    expect(phone).to_have_url(re.compile(r"/sheets/[\w-]+$"))  # the address bar keeps no list of matches
    rows = phone.locator("#results tbody tr")
    expect(rows.locator("th")).to_have_text(CLASS)
    expect(rows.nth(24).locator("td").nth(1)).to_contain_text(re.compile(r"(Yui|Computer \(easy\))'s turn"))
    expect(phone.locator(".pupil-card, [data-key='print'], [data-key='show-cards'], [data-key='absent-open']")).to_have_count(0)
    expect(phone.locator("#sheet-followed")).to_have_text(
        "Followed from the device that made the sheet: the pupils' cards are there, not here.")

    # Zoë and Ömer finish their match: the phone says so, as the teacher's computer does.
    view = played_to_the_end(server, links["Zoë"], links["Ömer"])
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(over_line(view, CLASS))
    teacher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(teacher.locator("#results tbody tr").nth(0).locator("td").nth(1)).to_have_text(over_line(view, CLASS))
    assert table(phone) == table(teacher)
    assert phone.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert serious_violations(phone) == []

    # Her phone keeps it: opened again from My games, after a reload.
    phone.goto("/")
    phone.locator(".class-sheets a").first.click()
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(over_line(view, CLASS))
    phone.locator('[data-key="board"]').click()
    expect(phone.locator(".board-match")).to_have_count(13)
    assert match_of(links["Zoë"]) in address


def test_a_sheets_or_leagues_address_opened_on_another_device_says_where_it_is_and_how_to_follow_it(new_page):
    """The teacher opened the sheet's address, copied from the classroom computer's address bar, on the staff-room
    laptop the next day: "There is nothing here.", her sheet seemingly lost. The page now says that the sheet (and its
    league) stays on the device that made it, and how to follow it here."""
    teacher = new_page()
    set_up(teacher, CLASS[:3], game="addit")
    cards_made(teacher, CLASS[:3])
    sheet = teacher.url
    teacher.locator('[data-key="start-league"]').click()
    teacher.locator('[data-key="league-link"]').click()
    expect(teacher).to_have_url(re.compile(r"/leagues/[\w-]+$"))
    league = teacher.url

    laptop = new_page()
    laptop.goto(sheet)
    expect(laptop.locator("h1")).to_have_text("This class sheet is not on this device")
    expect(laptop.locator("#elsewhere")).to_have_text(
        "A class sheet stays in the browser of the device that made it, with its pupils' cards, until forgotten there: "
        "another device or browser has none of it. On the device that made it, Follow on another device gives a link "
        "that shows its results here.")
    laptop.goto(league)
    expect(laptop.locator("h1")).to_have_text("This class league is not on this device")
    expect(laptop.locator("#elsewhere")).to_have_text(
        "A class league stays in the browser of the device that made it, until forgotten there: another device or "
        "browser has none of it. Open it there; Download the league (CSV) saves a copy to keep.")
    assert serious_violations(laptop) == []
