"""ADD-TOO's board on a phone (QA): tapping the chosen cell again turns the diamond, though the
preview is drawn on it."""
import re

from playwright.sync_api import expect

from .matches import new_match


def tap(page, element):
    """A finger on the middle of `element`: whatever lies on top there gets the tap."""
    box = element.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


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
