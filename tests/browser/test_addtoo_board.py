"""ADD-TOO's board on a phone (QA): a grown board opens on the last diamond and the lit cells, big
enough to read and tap; the zoom buttons never cover the board, also with 200% text; tapping the
chosen cell again turns the diamond, though the preview is drawn on it."""
import re

import pytest
from playwright.sync_api import expect

from .matches import new_match

PHONES = {"portrait": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375}}
NUMBER = 13  # board units: a diamond's numbers (.tile text)
CELL = 60  # board units: a cell's width and height (2 * H)


@pytest.fixture(scope="module")
def big_board(server):
    """A two-seat match to 1000 whose hand has 18 diamonds on the board or more, a seat to place:
    (match, seat). A match whose hands all end sooner is left for another."""
    for _ in range(10):
        match = new_match(server, "addtoo", options={"target": 1000})
        view = match.play(lambda view: len(view["state"]["board"]) >= 18
                          and "place" in (match.view(view["turn"])["you"]["legal_moves"] or {}))
        if view["status"] == "playing":
            return match, view["turn"]
    raise AssertionError("no hand reached 18 diamonds in 10 matches")


def tap(page, element):
    """A finger on the middle of `element`: whatever lies on top there gets the tap."""
    box = element.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def pick_a_diamond(page):
    page.locator('.hand button[data-action="tile"]').first.click()
    expect(page.locator(".addtoo-board .target").first).to_be_attached()


@pytest.mark.parametrize("phone", PHONES)
def test_addtoo_a_big_board_opens_readable_on_the_last_diamond_and_the_lit_cells(new_page, big_board, phone):
    match, seat = big_board
    page = new_page()
    page.set_viewport_size(PHONES[phone])
    page.goto(match.seat_link(seat))
    pick_a_diamond(page)
    shown = page.evaluate("""() => {
        const svg = document.querySelector('.addtoo-board'), frame = svg.getBoundingClientRect();
        const inside = (e) => { const r = e.getBoundingClientRect();
            return r.left >= frame.left && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom; };
        return {px: svg.getScreenCTM().a, last: inside(svg.querySelector('.tile.last')),
                lit: [...svg.querySelectorAll('.target')].map(inside)};
    }""")
    assert NUMBER * shown["px"] > 11.9, f"numbers drawn {NUMBER * shown['px']:.1f} px"  # 12, to the viewBox's tenths
    assert CELL * shown["px"] >= 44, f"cells drawn {CELL * shown['px']:.1f} px"
    assert shown["last"] and all(shown["lit"]), shown
    cell = page.locator(".addtoo-board .target").last
    tap(page, cell)
    expect(cell).to_have_attribute("aria-pressed", "true")


def test_addtoo_zoom_buttons_never_cover_the_board_with_200_percent_text(new_page, big_board):
    match, seat = big_board
    page = new_page()
    page.goto(match.seat_link(seat))
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # the CSSOM: the policy refuses a <style>
    pick_a_diamond(page)
    # In one step of the page's own: a poll may repaint the board between two steps of the test's
    covering = page.evaluate("""() => {
        const board = document.querySelector('.addtoo-board');
        board.scrollIntoView({block: 'center'});
        const b = board.getBoundingClientRect();
        return [...document.querySelectorAll('.zoom button')].map((button) => [button.dataset.key, button.getBoundingClientRect()])
            .filter(([, z]) => z.right > b.left && z.left < b.right && z.bottom > b.top && z.top < b.bottom)
            .map(([key]) => key);
    }""")
    assert covering == [], f"{covering} cover the board"


def test_addtoo_tapping_the_chosen_cell_again_turns_the_diamond(new_page, server):
    match = new_match(server, "addtoo")

    def ways(view):  # (tile, x, y) where a diamond of the seat to move lies more than one way
        counts = {}
        for place in (view["you"]["legal_moves"] or {}).get("place", []):
            key = (place["tile"], place["x"], place["y"])
            counts[key] = counts.get(key, 0) + 1
        return [key for key, count in counts.items() if count > 1]

    view = match.play(lambda view: ways(match.view(view["turn"])))
    seat = view["turn"]
    tile, x, y = ways(match.view(seat))[0]
    page = new_page()
    page.goto(match.seat_link(seat))
    page.locator(f'.hand [data-action="tile"][data-card="{tile}"]').click()
    cell = page.locator(f'[data-key="cell-{x}-{y}"]')
    if cell.get_attribute("aria-pressed") != "true":  # the only cell is chosen with the diamond
        tap(page, cell)
    expect(page.locator('[data-key="turn"]')).to_have_text(re.compile(r"\(1 of \d\)"))
    tap(page, cell)  # on the preview drawn there
    expect(page.locator('[data-key="turn"]')).to_have_text(re.compile(r"\(2 of \d\)"))


def test_addtoo_a_diamond_that_fits_nowhere_is_dimmed_and_says_so(new_page, server):
    """Once every diamond in hand looked alike, and tapping one that fits nowhere did nothing."""
    match = new_match(server, "addtoo")

    def nowhere(view):  # the seat to move may place, but not every diamond it holds
        mine = match.view(view["turn"])
        placeable = {place["tile"] for place in (mine["you"]["legal_moves"] or {}).get("place", [])}
        return placeable and len(placeable) < len(mine["state"]["seats"][view["turn"]]["hand"])

    seat = match.play(nowhere)["turn"]
    mine = match.view(seat)
    placeable = {place["tile"] for place in mine["you"]["legal_moves"]["place"]}
    page = new_page()
    page.goto(match.seat_link(seat))
    hand = page.locator(".hand:not(.other) .tile-card")
    expect(hand).to_have_count(len(mine["state"]["seats"][seat]["hand"]))
    dimmed = page.locator(".hand:not(.other) .tile-card.fits-nowhere")
    expect(dimmed).to_have_count(len(mine["state"]["seats"][seat]["hand"]) - len(placeable))
    expect(dimmed.first).to_have_attribute("aria-label", re.compile("fits nowhere now$"))
    expect(page.locator(".board .hint")).to_contain_text("Dimmed diamonds fit nowhere now.")
    expect(page.locator(".hand.other .fits-nowhere")).to_have_count(0)  # only the seat placing now
