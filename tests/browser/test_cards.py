"""Cards at phone widths: every card's number and word stay on one line inside the card (never "+1"
over "5", nor "MINU" over "S"), in every language, for the widest faces each game has."""
import pytest

from tests.engine.test_addem import FILLER
from tests.engine.test_addem import fixed_deck as addem_deck
from tests.engine.test_addup import fixed_deck as addup_deck
from tests.engine.test_plusminus import fixed_deck as plusminus_deck

from .matches import new_match
from .test_i18n import LANGUAGES

WIDTHS = (360, 390)
PLUSMINUS = ["plus-15a", "plus-14a", "plus-13a", "plus-12a", "plus-11a", "plus-10a",
             "minus-9a", "minus-7a", "minus-5a", "minus-3a", "minus-2a"]
ADDEM = ["T12a", "T10a", "AOa", "AEa", "M5a", "F8a"]


@pytest.fixture(scope="module")
def wide_faces(server) -> list[str]:
    """Seat links of matches whose seat 0 sees the widest faces: Plus 10 to 15 and every Minus card, Total
    12 and both Add-Em cards, a yellow joker played as 999 beside both jokers' ranges, ADD-IT's 10s."""
    plusminus = new_match(server, "plusminus", deck=plusminus_deck([PLUSMINUS]))
    addem = new_match(server, "addem", deck=addem_deck([ADDEM, FILLER]))
    addup = new_match(server, "addup", deck=addup_deck([["y1", "w1", "y2"], ["1b", "2b", "3b"]], ["1a", "2a"]))
    addup.move(0, {"type": "play", "card": "y1", "row": "top", "value": 999})
    return [match.seat_link(0) for match in (plusminus, addem, addup, new_match(server, "addit"))]


def broken_faces(page) -> list[str]:
    """The card numbers and words taller than one line (a card's line height is its font size) or
    sticking out of their card."""
    return page.evaluate("""() => [...document.querySelectorAll('.card .value, .card .corner')].flatMap((e) => {
        const box = e.getBoundingClientRect(), card = e.closest('.card').getBoundingClientRect();
        const lines = box.height / parseFloat(getComputedStyle(e).fontSize);
        const out = box.left < card.left || box.right > card.right;
        return lines > 1.5 || out ? [`"${e.textContent}" on ${Math.round(lines)} lines${out ? ", out of its card" : ""}`] : [];
    })""")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_card_number_and_word_stays_on_one_line_at_phone_widths(new_page, wide_faces, language):
    page = new_page(locale=LANGUAGES[language])
    found = {}
    for link in wide_faces:
        page.goto(link)
        page.locator(".hand .card").first.wait_for()
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 844})
            found[f"{link.split('#')[0]} at {width} px"] = broken_faces(page)
    problems = "\n".join(f"{where}: {faces}" for where, faces in found.items() if faces)
    assert not problems, problems
