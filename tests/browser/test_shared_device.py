"""A family's tablet: one device holds a seat of each child's match, and the play screen says whose turn it is
by name, so that Leo does not play Mia's turn; so does the tab's title, which a child sees among the tabs, and My games
names who plays each match there (on a phone whose every match is Mia's, it says no name)."""
import re

from playwright.sync_api import expect

from .matches import new_match


def test_a_device_that_plays_under_two_names_says_whose_turn_it_is(new_page, server):
    mias = new_match(server, "addup", players=["Mia", "Oma"])
    mias.play(lambda view: view["turn"] == 0)
    leos = new_match(server, "plusminus", players=["Leo", "Papa"])
    leos.play(lambda view: view["turn"] == 0)
    phone = new_page()  # Mia's seat alone: "Your turn" is enough
    phone.goto(mias.seat_link(0))
    expect(phone.locator("#status")).to_have_text("Your turn")
    expect(phone).to_have_title(re.compile(r"^● Your turn · "))
    phone.goto("/")
    expect(phone.locator("#mine-list > li")).to_contain_text("Your turn")
    expect(phone.locator("#mine-list .as")).to_have_count(0)

    tablet = new_page(locale="de-DE")
    tablet.goto(mias.seat_link(0))
    expect(tablet.locator("#status")).to_have_text("Du bist dran")  # one name so far
    tablet.goto(leos.seat_link(0))
    expect(tablet.locator("#status")).to_have_text("Leo, du bist dran")
    expect(tablet).to_have_title(re.compile(r"^● Leo, du bist dran · "))
    tablet.goto("/")
    expect(tablet.locator(f'#mine-list a[href="/g/{mias.id}"] .as')).to_have_text("Du spielst als Mia")
    expect(tablet.locator(f'#mine-list a[href="/g/{leos.id}"] .as')).to_have_text("Du spielst als Leo")
    tablet.goto(f"/g/{mias.id}")
    expect(tablet.locator("#status")).to_have_text("Mia, du bist dran")
    expect(tablet.locator("#status")).to_have_class(re.compile("your-turn"))
