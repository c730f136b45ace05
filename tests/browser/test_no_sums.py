"""A match created without hints ("hints": false: a teacher wants the child to count) gets no help with the
sums from the web app either: no sum, total, "→ result", capture or points preview, no "show me" button and
no joker value filled in, while every move can still be built and sent (the server refuses a wrong one with
its reason). The same screens with hints (the default) show those aids."""
import re

import pytest
from playwright.sync_api import expect

from tests.api.test_hints_off import counted_in
from tests.engine.test_addem import fixed_deck as addem_deck
from tests.engine.test_addit import fixed_deck as addit_deck
from tests.engine.test_addup import fixed_deck as addup_deck
from tests.engine.test_plusminus import fixed_deck as plusminus_deck

from .drive import settled
from .matches import new_match



def opened(new_page, match):
    """Seat 0's page of `match`, on its turn; `page.answers` gathers what the API answers it (as devtools show)."""
    page = new_page()
    page.answers = []
    page.on("response", lambda response: "/api/" in response.url and page.answers.append(response))
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    return page


def counted(page, game) -> set:
    """What the views the page was sent (polls and a move's answer) counted for the player: the sums, totals,
    captures and points a match with hints shows before a move (tests/api/test_hints_off.py)."""
    bodies = [answer.json() for answer in page.answers
              if answer.status == 200 and "json" in answer.headers.get("content-type", "")]
    views = [body for body in bodies if isinstance(body, dict) and {"state", "you", "hints"} <= set(body)]
    assert views, "the page was sent no view"
    return set().union(*(counted_in(game, view) for view in views))


def scored(page, text):
    """The player's own score reads `text`: once a move is made, they can check what they counted."""
    expect(page.locator(".seat.me .score")).to_contain_text(text)


def played(page, version):
    """The move was made: the page shows the next version, and no refusal."""
    expect(page.locator("#status")).to_have_attribute("data-version", str(version))
    expect(page.locator("main .error")).to_have_count(0)


def refused(page, reason):
    """The server refused the move with `reason`: the match did not move on."""
    expect(page.locator("main .error")).to_contain_text(reason)
    expect(page.locator("#status")).to_have_attribute("data-version", "0")


def wrong_then_right(page, game, send, reason, wrong, right):
    """With no sum on screen, `send` is refused with the server's `reason`; with the `wrong` card swapped for
    the `right` one, the move is made."""
    expect(page.locator(f"{game} .controls")).not_to_contain_text("=")
    send.click()
    refused(page, reason)
    page.locator(f'{game} [data-card="{wrong}"]').click()
    page.locator(f'{game} [data-card="{right}"]').click()
    send.click()
    played(page, 1)


def said_once(page, helped):
    """Without hints the page says, once, that it shows no sums."""
    expect(page.locator("#no-sums")).to_have_count(0 if helped else 1)
    if not helped:
        expect(page.locator("#no-sums")).to_have_text("This match shows no sums or previews: help with the sums is off.")


def addup_turn(new_page, server, helped):
    """Rows 5 and 6; Ann holds a white joker (1 captures on the top row), 1 (captures there) and 3."""
    deck = addup_deck([["w1", "1b", "3a"], ["2a", "2b", "3b"]], openings=("5a", "6a"))
    page = opened(new_page, new_match(server, "addup", deck=deck, hints=helped))
    said_once(page, helped)
    top = page.locator('[data-action="play"][data-row="top"]:not([data-value])')
    expect(page.locator(".addup .sum")).to_have_count(2 if helped else 0)
    expect(page.locator(".addup .relation")).to_have_count(1 if helped else 0)
    page.locator('.hand [data-card="1b"]').click()
    expect(top).to_have_text("Top row: 5 → 6 captures!" if helped else "Top row")
    page.locator('.hand [data-card="w1"]').click()
    expect(page.locator('[data-key="joker-value"]')).to_have_value("1" if helped else "")
    expect(page.locator('[data-key="hint-top-1"]')).to_have_count(1 if helped else 0)
    if helped:
        return page
    expect(top).to_be_disabled()  # no value yet: the player types one
    page.locator('[data-key="joker-value"]').fill("1")
    expect(top).to_have_text("Top row")
    scored(page, "0 cards captured")
    top.click()
    played(page, 1)
    expect(page.locator("#last-move")).to_contain_text("captured")
    scored(page, "3 cards captured")
    return page


def addit_turn(new_page, server, helped):
    """Ann plays 7; the table holds 3, 4 and 5 (among others)."""
    deck = addit_deck([["soccer-7"], []], table=["tennis-3", "tennis-4", "tennis-5"])
    page = opened(new_page, new_match(server, "addit", deck=deck, hints=helped))
    said_once(page, helped)
    capture = page.locator('[data-action="capture"]')
    page.locator('.hand [data-card="soccer-7"]').click()
    for card in ("tennis-3", "tennis-5"):
        page.locator(f'.addit [data-card="{card}"]').click()
    expect(page.locator(".addit .live-sum")).to_have_count(1 if helped else 0)
    expect(page.locator('[data-action="best"]')).to_have_count(1 if helped else 0)
    if helped:
        expect(page.locator(".addit .live-sum")).to_contain_text("3 + 5 = 8 (you need 7)")
        expect(capture).to_be_disabled()
        return page
    wrong_then_right(page, ".addit", capture, "3 + 5 = 8, not 7", wrong="tennis-5", right="tennis-4")
    scored(page, "3 cards collected")
    return page


def addem_turn(new_page, server, helped):
    """Ann holds Total 3, 1, 2 and 5: 1 + 2 makes it, 1 + 5 does not (no penalties: refused)."""
    deck = addem_deck([["T3a", "F1a", "F2a", "F5a", "F4a", "F3a"], ["F6a", "F6b", "F6c", "F7a", "F8a", "F8b"]])
    match = new_match(server, "addem", deck=deck, options={"penalties": False}, hints=helped)
    page = opened(new_page, match)
    said_once(page, helped)
    expect(page.locator('[data-action="hintSum"]')).to_have_count(1 if helped else 0)
    verdict = page.locator("#addem-verdict")
    for card in ("T3a", "F1a"):
        page.locator(f'.hand [data-card="{card}"]').click()
    expect(verdict).to_contain_text("a sum needs 3 cards or more")  # a count, not a sum: said either way
    page.locator('.hand [data-card="F5a"]').click()
    lay = page.locator('[data-action="sum"]')
    if helped:
        expect(verdict).to_have_text("1 + 5 = 6 · not Total 3")
        expect(lay).to_be_disabled()
        return page
    expect(verdict).to_have_count(0)
    wrong_then_right(page, ".addem", lay, "1 + 5 = 6, not 3", wrong="F5a", right="F2a")
    expect(page.locator("#last-move")).to_contain_text("1 + 2 = Total 3")  # its score counts at the round's end
    return page


def plusminus_turn(new_page, server, helped):
    """Ann's first card, Plus 5, with every man on the stars: any man may enter, so one must."""
    deck = plusminus_deck([["plus-5a"], ["plus-9a"]])
    page = opened(new_page, new_match(server, "plusminus", deck=deck, hints=helped))
    said_once(page, helped)
    page.locator('.hand [data-card="plus-5a"]').click()
    buttons = page.locator('.controls [data-action="move"]')
    expect(page.locator(".plusminus .live-sum")).to_have_count(1 if helped else 0)
    expect(page.locator(".pm-board.own .target")).to_have_count(1 if helped else 0)
    expect(page.locator('.pm-board.own [data-action="move"]')).to_have_count(1 if helped else 0)
    if helped:
        expect(page.locator(".plusminus .live-sum")).to_have_text("First card of the game: total +5")
        expect(buttons).to_have_text(["Man 1 enters on 5"])
        return page
    expect(buttons).to_have_text(["Move man 1", "Move man 2", "Move man 3", "Move man 4", "Play without moving a man"])
    scored(page, "−80 this game")
    buttons.last.click()
    refused(page, "one of your men can move, so you must move one")
    page.locator('.controls [data-key="man-1"]').click()  # man 2
    played(page, 1)
    expect(page.locator(".pm-board.own")).to_contain_text("man 2: 5")
    scored(page, "−55 this game")
    return page


def addtoo_turn(new_page, server, helped):
    """A turn of Ann's (played to by the API) with a diamond that fits in several cells: lit, without points."""
    match = new_match(server, "addtoo", hints=helped)

    def spread(view):  # seat 0 to place a diamond that fits in two cells or more
        place = view["turn"] == 0 and match.view(0)["you"]["legal_moves"].get("place") or []
        return any(len({(p["x"], p["y"]) for p in place if p["tile"] == tile["tile"]}) > 1 for tile in place)

    view = match.play(spread)
    assert view["status"] == "playing", "no turn with a diamond for several cells"
    place = match.view(0)["you"]["legal_moves"]["place"]
    tile = max({p["tile"] for p in place}, key=lambda t: len({(p["x"], p["y"]) for p in place if p["tile"] == t}))
    page = opened(new_page, match)
    said_once(page, helped)
    page.locator(f'[data-key="tile-{tile}"]').click()
    cells = page.locator("g.target")
    expect(cells.first).to_be_visible()
    labels = cells.evaluate_all("(cells) => cells.map((c) => c.getAttribute('aria-label'))")
    assert len(labels) > 1 and all(("points" in label) == helped for label in labels), labels
    expect(page.locator(".target-points")).to_have_count(len(labels) if helped else 0)
    cells.first.click()
    line = page.locator(".addtoo .live-sum")
    expect(line).to_contain_text(re.compile(r"At −?\d+, −?\d+"))
    place_it = page.locator('[data-action="place"]')
    if helped:
        expect(line).to_contain_text("scores")
        expect(place_it).to_contain_text("points")
        return page
    expect(line).not_to_contain_text("scores")
    expect(place_it).to_have_text("Place it")
    place_it.click()
    played(page, view["version"] + 1)
    expect(page.locator("#last-move")).to_contain_text(" points")  # its score counts at the hand's end
    return page


TURNS = {"addup": addup_turn, "addit": addit_turn, "addem": addem_turn, "plusminus": plusminus_turn,
         "addtoo": addtoo_turn}


@pytest.mark.parametrize("game", TURNS)
def test_without_hints_a_turn_shows_no_sums_yet_can_be_played(new_page, server, game):
    """The same turn with hints (its aids there, in the page and in what the API sends it), then without (none,
    the move made and its score shown once made)."""
    assert counted(TURNS[game](new_page, server, True), game), "hints on: the page was sent no sums (the check proved nothing)"
    assert not counted(TURNS[game](new_page, server, False), game)


def test_the_create_form_says_what_unticking_hints_turns_off(new_page):
    page = new_page()
    page.goto("/new/addup")
    hints = page.locator('label.choice:has([data-key="hints"])')
    expect(hints).to_have_text("Help with the sums: hints, and sums and points shown before a move (unticked: the players count for themselves)")
    page.locator('[data-key="seats-2"]').click()
    page.locator('input[name="name-0"]').fill("Ann")
    hints.click()
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    said_once(page, helped=False)


def test_a_wrong_sum_that_costs_penalty_points_says_its_arithmetic_to_whoever_laid_it(new_page, server):
    """ADD'EM's penalties (as on the sheet): a wrong sum is not refused but costs 5 points. Counting by herself, the
    pupil is told, on the screen and by a screen reader, what she counted wrong (1 + 5 = 6, not 3), not only the cost."""
    deck = addem_deck([["T3a", "F1a", "F2a", "F5a", "F4a", "F3a"], ["F6a", "F6b", "F6c", "F7a", "F8a", "F8b"]])
    page = opened(new_page, new_match(server, "addem", deck=deck, options={"penalties": True}, hints=False))
    for card in ("T3a", "F1a", "F5a"):
        page.locator(f'.hand [data-card="{card}"]').click()
    page.locator('[data-action="sum"]').click()
    played(page, 1)
    arithmetic = "1 + 5 = 6, not 3: the cards must add up to the Total card's number."
    expect(page.locator("#last-move")).to_contain_text(f"Ann laid a wrong sum of 3 cards: 5 penalty points. {arithmetic}")
    expect(page.locator("#announce")).to_contain_text(arithmetic)
    scored(page, "5 of 50")


def test_a_man_sent_to_a_taken_square_is_refused_with_the_total_and_the_card_stays_picked(new_page, server):
    """Plus and Minus without hints, in German: Ann's man 1 is on 5; her Minus 3 on Bob's Plus 8 makes 5, and a man
    from the stars cannot enter there. The refusal gives the total she did not see before (in her language, said to a
    screen reader), her card stays picked, and another man makes the move."""
    deck = plusminus_deck([["plus-5a", "minus-3a"], ["plus-8a"]])
    match = new_match(server, "plusminus", deck=deck, hints=False)
    match.move(0, {"type": "play", "card": "plus-5a", "man": 0})
    match.move(1, {"type": "play", "card": "plus-8a", "man": 0})
    page = new_page(locale="de-DE")
    page.goto(match.seat_link(0))
    settled(page, 2)
    page.locator('.hand [data-card="minus-3a"]').click()
    expect(page.locator(".plusminus .live-sum")).to_have_count(0)
    page.locator('.controls [data-key="man-1"]').click()  # man 2, on the stars
    reason = "Zusammen 5: Deine Figur kann nicht auf 5 kommen, dort steht deine andere Figur."
    expect(page.locator("main .error")).to_have_text(reason)
    expect(page.locator("#alert")).to_have_text(reason)
    expect(page.locator('.hand [data-card="minus-3a"]')).to_have_attribute("aria-pressed", "true")
    page.locator('.controls [data-key="man-0"]').click()  # man 1: 5 + 5 = 10
    played(page, 3)
    expect(page.locator(".pm-board.own")).to_contain_text("Figur 1: 10")
