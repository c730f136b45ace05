"""A new phone (QA: a mother and teacher playing a dozen matches, her children's seats held on her phone, a class sheet
and a league, whose old phone is wiped on Saturday): each seat link had to be found under "My seat link" in each match
and carried over one by one, the children's seats, the class sheet and the league not at all, the language chosen
again. *Move everything to a new device* gives one private link that carries it all, and the new phone says what moved
and what did not (notifications)."""
import re

from playwright.sync_api import expect

from .drive import choose_language, settled
from .matches import new_match, unshuffled
from .test_class_results import cards_made
from .test_class_sheet import set_up
from .test_i18n import missing_keys


def test_one_link_moves_every_match_sheet_and_the_language_to_the_new_phone(new_page, server):
    mine = new_match(server, "addup", deck=unshuffled(server, "addup"))
    sons = new_match(server, "addit", deck=unshuffled(server, "addit"), players=["Tom", "Gran"])
    watched = new_match(server, "addup", deck=unshuffled(server, "addup"), players=["Lena", "Pop"])
    old = new_page()
    old.goto(mine.seat_link(0))
    settled(old)
    old.goto(sons.seat_link(0))  # the son's seat, held on his mother's phone
    settled(old)
    old.goto(f"/g/{watched.id}")  # her daughter's match, watched
    expect(old.locator("#status")).to_be_visible()
    set_up(old, ["Lea", "Max"], game="addit")
    cards_made(old, ["Lea", "Max"])
    old.locator('[data-key="start-league"]').click()  # the term's league, on this device only
    expect(old.locator("#sheet-league")).to_be_visible()
    choose_language(old, "fr")
    # her laptop, said to be hers ("It's my device"), and this phone's notifications for her match
    old.evaluate("""(id) => { const seats = JSON.parse(localStorage.getItem('addgames.seats'));
        seats[id] = {...seats[id], devices: ['laptop'], push: 'sub-1', pushLang: 'fr'};
        localStorage.setItem('addgames.seats', JSON.stringify(seats)); }""", mine.id)
    old.goto("/")
    expect(old.locator("#mine-list > li")).to_have_count(4)  # her match, her son's, the watched one, the sheet's
    old.locator('[data-key="toggle-move"]').click()
    link = old.locator("#move-link").input_value()
    assert link.startswith(f"{server}/#move=")
    assert mine.tokens[0] not in link  # not readable at a glance, but private all the same: it is said so
    expect(old.locator('[data-key="share-move"]')).to_be_visible()
    assert missing_keys(old) == []

    new = new_page()  # a browser in English, as the phone came out of its box
    new.goto(link + ".")  # the full stop of the message it came in
    expect(new.locator("html")).to_have_attribute("lang", "fr")
    expect(new).to_have_url(f"{server}/")  # the link's secrets out of the address bar
    moved = new.locator("#moved")
    expect(moved).to_contain_text(re.compile(r"Transféré sur cet appareil\s*:\s*2 parties, 2 parties suivies, "
                                             r"1 feuille de classe et 1 championnat\."))
    expect(moved).to_contain_text("Les notifications ne suivent pas")
    assert missing_keys(new) == []
    expect(new.locator("#mine-list > li")).to_have_count(4)
    expect(new.locator(".class-sheets li")).to_have_count(2)  # the sheet and the league
    kept = new.evaluate("(id) => JSON.parse(localStorage.getItem('addgames.seats'))[id]", mine.id)
    assert kept["devices"] == ["laptop"]  # still not told of her laptop
    assert kept["push"] is None and "pushLang" not in kept  # the old phone's subscription is not this one's

    # her own seat opens on the new phone without "also open on another device": the old phone is expected
    with new.expect_response(lambda response: response.url.endswith("/device")) as shown:
        new.goto(f"/g/{mine.id}")
    settled(new)
    assert shown.value.json()["other_device_active"] is True
    expect(new.locator(".seat.me")).to_contain_text("Ann")
    expect(new.locator("#other-device")).to_have_count(0)
    new.wait_for_function("(id) => JSON.parse(localStorage.getItem('addgames.seats'))[id].moved === false", arg=mine.id)
    new.goto(f"/g/{sons.id}")
    settled(new)
    expect(new.locator(".seat.me")).to_contain_text("Tom")

    # both phones the same evening: the old one is told of the new, and the new one of the old from then on
    old.goto(f"/g/{mine.id}")
    settled(old)
    expect(old.locator("#other-device")).to_be_visible()
    new.goto(f"/g/{mine.id}")
    settled(new)
    expect(new.locator("#other-device")).to_be_visible()


def test_a_moving_link_cut_short_moves_nothing_and_says_so(new_page):
    page = new_page()
    page.goto("/#move=eyJzZWF0cyI6eyJhYmMiOnsic2")
    expect(page.locator("#moved")).to_have_text(
        "This moving link is cut short: nothing was moved. Copy it again, whole, on the old device.")
    assert page.evaluate("localStorage.getItem('addgames.seats')") is None
    expect(page.locator('[data-key="toggle-move"]')).to_have_count(0)  # nothing here to move
