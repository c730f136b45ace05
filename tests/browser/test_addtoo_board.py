"""ADD-TOO's board on a phone (QA): a grown board opens on the last diamond and the lit cells, big
enough to read and tap; the zoom buttons never cover the board, also with 200% text; tapping the
chosen cell again turns the diamond, though the preview is drawn on it; the arrow keys move the view as a drag does."""
import re

import pytest
from playwright.sync_api import expect

from .contrast import faint_diamond_numbers
from .drive import settled
from .matches import choose, new_match, unshuffled
from .test_quality import tab_to, waiting_on_the_keyboard

PHONES = {"portrait": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375}}
H = 30  # board units: half a cell's width and height
NUMBER = 13  # board units: a diamond's numbers (.tile text)
CELL = 2 * H
READABLE = 12 / NUMBER  # CSS px per board unit at which the numbers are drawn 12 px


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


@pytest.fixture(scope="module")
def spread_places(server):
    """A match where the seat to move holds a diamond whose lit cells lie four cells apart or more:
    (match, seat, diamond)."""
    def spread(view):
        places = (match.view(view["turn"])["you"]["legal_moves"] or {}).get("place", [])
        for tile in {place["tile"] for place in places}:
            if max(span({(place["x"], place["y"]) for place in places if place["tile"] == tile})) >= 4 * CELL:
                return tile
        return None

    for _ in range(10):
        match = new_match(server, "addtoo", options={"target": 1000})
        view = match.play(spread)
        if view["status"] == "playing":
            return match, view["turn"], spread(view)
    raise AssertionError("no diamond's lit cells spread that far in 10 matches")


def tap(page, element):
    """A finger on the middle of `element`: whatever lies on top there gets the tap."""
    box = element.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def pick_a_diamond(page):
    page.locator('.hand button[data-action="tile"]').first.click()
    expect(page.locator(".addtoo-board .target").first).to_be_attached()


def span(cells):
    """(width, height) in board units of the cells' diamonds on the turned lattice, each 2 * H wide and high."""
    across, down = [x - y for x, y in cells], [x + y for x, y in cells]
    return (max(across) - min(across) + 2) * H, (max(down) - min(down) + 2) * H


def inside(cell, box):
    """Whether the diamond of `cell` lies wholly in the viewBox `box` [x, y, w, h]."""
    x, y = cell
    left, top = (x - y - 1) * H, (x + y) * H
    return box[0] <= left and left + 2 * H <= box[0] + box[2] and box[1] <= top and top + 2 * H <= box[1] + box[3]


@pytest.mark.parametrize("phone", PHONES)
def test_addtoo_a_big_board_opens_readable_on_the_last_diamond_and_the_lit_cells(new_page, big_board, phone):
    match, seat = big_board
    mine = match.view(seat)
    places = mine["you"]["legal_moves"]["place"]
    lit = {(place["x"], place["y"]) for place in places}
    last = (mine["state"]["last"]["x"], mine["state"]["last"]["y"])
    page = new_page()
    page.set_viewport_size(PHONES[phone])
    page.goto(match.seat_link(seat))
    settled(page)  # the board is drawn again, and the turn scrolled into sight, once the history comes
    shown = page.evaluate("""() => {
        const svg = document.querySelector('.addtoo-board'), box = svg.viewBox.baseVal;
        return {px: svg.getScreenCTM().a, box: [box.x, box.y, box.width, box.height],
                size: [svg.clientWidth, svg.clientHeight]};
    }""")
    assert NUMBER * shown["px"] > 11.9, f"numbers drawn {NUMBER * shown['px']:.1f} px"  # 12, to the viewBox's tenths
    assert CELL * shown["px"] >= 44, f"cells drawn {CELL * shown['px']:.1f} px"
    in_sight = [place for place in places if inside((place["x"], place["y"]), shown["box"])]
    assert in_sight, f"no lit cell in sight: {shown}"
    # With a cell to spare on every side the lit cells and the last diamond fit at the readable size: all in sight
    width, height = span(lit | {last})
    if (width + 2 * CELL) * READABLE <= shown["size"][0] and (height + 2 * CELL) * READABLE <= shown["size"][1]:
        assert all(inside(cell, shown["box"]) for cell in lit | {last}), shown
    place = in_sight[0]
    page.locator(f'.hand [data-action="tile"][data-card="{place["tile"]}"]').click()
    cell = page.locator(f'[data-key="cell-{place["x"]}-{place["y"]}"]')
    tap(page, cell)
    expect(cell).to_have_attribute("aria-pressed", "true")


def test_addtoo_a_board_too_spread_opens_on_the_lit_cell_nearest_the_last_diamond(new_page):
    """Lit cells too far apart to show with the last diamond at the readable size: the view centres on the lit
    cell nearest to it, not on the last diamond itself, which left no place to play in sight when none touched it."""
    page = new_page()
    page.goto("/")
    box = page.evaluate("""async () => {
        const {turnView} = await import('/js/games/diamonds.js');
        const board = [...Array(30).keys()].map((x) => ({x, y: 0}));
        return turnView(board, [{x: 0, y: 5}, {x: 29, y: 3}], {x: 20, y: 0}, 375, 300);
    }""")
    assert inside((29, 3), box) and not inside((0, 5), box), box


def test_addtoo_what_the_board_shows_follows_its_shape_when_the_device_turns(new_page):
    """The board's view told the page what it showed (the count of lit cells left out of it) when drawn or moved only:
    a phone turned upright showed a lit cell more than before, and "2 lit cells are outside the view" stayed for
    one in sight (QA). The board reshaped, the same view tells what it shows now."""
    page = new_page()
    page.goto("/")
    shown = page.evaluate("""async () => {
        const {attach} = await import('/js/games/camera.js');
        const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        svg.style.cssText = 'position: fixed; top: 0; left: 0; width: 400px; height: 100px';
        document.body.append(svg);
        const seen = [];
        attach(svg, {box: [0, 0, 100, 100], shown: null}, () => [0, 0, 100, 100], (box) => seen.push(box));
        svg.style.cssText = 'position: fixed; top: 0; left: 0; width: 100px; height: 400px';
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        return seen.at(-1);
    }""")
    assert shown == pytest.approx([0, -150, 100, 400]), shown  # the box centred, four times as high as wide


SHOWN = """() => { const svg = document.querySelector('.addtoo-board'), box = svg.viewBox.baseVal;
    return {px: svg.getScreenCTM().a, box: [box.x, box.y, box.width, box.height]}; }"""


@pytest.mark.parametrize(("before", "after"), [((390, 844), (844, 390)), ((844, 390), (390, 844))],
                         ids=["turned-sideways", "turned-upright"])
def test_addtoo_a_board_left_as_it_opened_opens_anew_when_the_device_turns(new_page, server, before, after):
    """A board no one moved, opened on a phone held upright, then turned sideways: it kept the view chosen for the
    upright board, drawn smaller in the low board (numbers under the readable size) and centred elsewhere than a
    turn opened sideways would be. Untouched, it now shows what it would show opened at the new size."""
    # five diamonds placed, four cells high with the lit cells: readable whole upright, not in the low board sideways
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"))
    seat = match.play(lambda view: len(view["state"]["board"]) >= 5
                      and "place" in match.view(view["turn"])["you"]["legal_moves"])["turn"]
    page = new_page(poll_ms=60_000)  # the turn alone moves the view: no repaint draws the board anew meanwhile
    page.set_viewport_size(dict(zip(("width", "height"), before)))
    page.goto(match.seat_link(seat))
    expect(page.locator("#last-move")).to_be_visible()  # drawn again once the history came: not after the turn
    page.set_viewport_size(dict(zip(("width", "height"), after)))
    page.wait_for_function(f"() => innerWidth === {after[0]}")
    page.wait_for_timeout(200)  # the board's resize observed
    turned = page.evaluate(SHOWN)
    opened = new_page()
    opened.set_viewport_size(dict(zip(("width", "height"), after)))
    opened.goto(match.seat_link(seat))
    settled(opened)  # as `page` was measured: its board drawn again with the last move above it
    shown = opened.evaluate(SHOWN)
    assert turned["box"] == pytest.approx(shown["box"], abs=0.1), (turned, shown)
    assert NUMBER * turned["px"] > 11.9, f"numbers drawn {NUMBER * turned['px']:.1f} px"


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
    settled(page)  # tap() reads the cell's box, then taps there: the history's repaint may scroll between the two
    page.locator(f'.hand [data-action="tile"][data-card="{tile}"]').click()
    cell = page.locator(f'[data-key="cell-{x}-{y}"]')
    if cell.get_attribute("aria-pressed") != "true":  # the only cell is chosen with the diamond
        tap(page, cell)
    expect(page.locator('[data-key="turn"]')).to_have_text(re.compile(r"\(1 of \d\)"))
    tap(page, cell)  # on the preview drawn there
    expect(page.locator('[data-key="turn"]')).to_have_text(re.compile(r"\(2 of \d\)"))


def placing_with_a_diamond_that_fits_nowhere(page, server):
    """`page` opened on the seat to move of an ADD-TOO match where it may place some of its diamonds but not all: the
    seat's view."""
    match = new_match(server, "addtoo")

    def nowhere(view):  # the seat to move may place, but not every diamond it holds
        mine = match.view(view["turn"])
        placeable = {place["tile"] for place in (mine["you"]["legal_moves"] or {}).get("place", [])}
        return placeable and len(placeable) < len(mine["state"]["seats"][view["turn"]]["hand"])

    seat = match.play(nowhere)["turn"]
    page.goto(match.seat_link(seat))
    expect(page.locator(".hand:not(.other) .tile-card.fits-nowhere").first).to_be_visible()
    return match.view(seat)


def test_addtoo_a_diamond_that_fits_nowhere_is_dimmed_and_says_so(new_page, server):
    """Once every diamond in hand looked alike, and tapping one that fits nowhere did nothing."""
    page = new_page()
    mine = placing_with_a_diamond_that_fits_nowhere(page, server)
    seat = mine["you"]["seat"]
    placeable = {place["tile"] for place in mine["you"]["legal_moves"]["place"]}
    hand = page.locator(".hand:not(.other) .tile-card")
    expect(hand).to_have_count(len(mine["state"]["seats"][seat]["hand"]))
    dimmed = page.locator(".hand:not(.other) .tile-card.fits-nowhere")
    expect(dimmed).to_have_count(len(mine["state"]["seats"][seat]["hand"]) - len(placeable))
    expect(dimmed.first).to_have_attribute("aria-label", re.compile("fits nowhere now$"))
    expect(page.locator(".board .hint")).to_contain_text("Dimmed diamonds fit nowhere now.")
    expect(page.locator(".hand.other .fits-nowhere")).to_have_count(0)  # only the seat placing now


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_addtoo_numbers_stand_out_on_the_hatching_and_on_a_dimmed_diamond(new_page, server, scheme):
    """A low-vision player could not read the diamonds: a white number on the blue half was 3.0:1 where a stripe of
    its hatching passed under it, and a diamond that fits nowhere, dimmed to 55 %, showed its numbers at 2.4:1."""
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    placing_with_a_diamond_that_fits_nowhere(page, server)
    expect(page.locator(".board .tile").first).to_be_visible()
    assert faint_diamond_numbers(page) == []


# The lit cells whose middle lies outside the board's drawing on the screen: inside its border, which hides what lies
# under it (counted in, a cell's middle under the 2 px border was "in the view" here and outside it in the note: 1 run
# in 40); the middle of the cell's own shape, not of its group, which the points written on it make wider where they
# stand out of it.
OFF_SCREEN = """() => {
    const svg = document.querySelector(".addtoo-board"), box = svg.getBoundingClientRect(), style = getComputedStyle(svg);
    const inset = (side) => parseFloat(style["border" + side + "Width"]) + parseFloat(style["padding" + side]);
    const board = {left: box.left + inset("Left"), right: box.right - inset("Right"), top: box.top + inset("Top"),
                   bottom: box.bottom - inset("Bottom")};
    return [...document.querySelectorAll(".addtoo-board .target")].filter((cell) => {
        const box = (cell.querySelector(".target-cell") || cell).getBoundingClientRect();
        const x = box.x + box.width / 2, y = box.y + box.height / 2;
        return !(x >= board.left && x <= board.right && y >= board.top && y <= board.bottom);
    }).map((cell) => cell.dataset.key); }"""


def lit_cells_off_screen(page) -> list[str]:
    return page.evaluate(OFF_SCREEN)


def note_counts_the_lit_cells_off_screen(page) -> None:
    """Wait (5 s at most) for the note to say as many lit cells outside the view as the screen shows (hidden for
    none): a .ci/run once read the cells off the screen before the page had settled, 1 where the note said 3."""
    page.wait_for_function(f"""() => {{
        const count = ({OFF_SCREEN})().length, note = document.querySelector("#addtoo-outside");
        return count === 0 ? note.hidden
            : !note.hidden && note.textContent.trim().startsWith(count === 1 ? "1 lit cell is" : `${{count}} lit cells are`);
    }}""", timeout=5000)


def zoomed_in_past_a_lit_cell(page) -> list[str]:
    """Zoom in until the board's view leaves a lit cell out (at most 8 steps): those cells."""
    for _ in range(8):
        page.locator('[data-key="zoom-in"]').click()
        if outside := lit_cells_off_screen(page):
            return outside
    raise AssertionError("8 steps in leave no lit cell out")


def test_addtoo_lit_cells_outside_the_view_are_counted_shown_and_followed_by_the_focus(new_page, spread_places):
    """A view that leaves lit cells out (one the player zoomed or dragged to, kept from turn to turn, or a
    grown board's readable view): the page says how many, shows them all on request, and moves the view
    to a lit cell reached with the keyboard."""
    match, seat, tile = spread_places
    page = new_page()
    page.goto(match.seat_link(seat))
    page.locator(f'.hand [data-action="tile"][data-card="{tile}"]').click()
    note = page.locator("#addtoo-outside")
    zoomed_in_past_a_lit_cell(page)
    expect(note).to_be_visible()
    expect(note).to_contain_text("outside the view.")
    note_counts_the_lit_cells_off_screen(page)
    note.get_by_role("button", name="Show them all").click()
    expect(note).to_be_hidden()
    assert lit_cells_off_screen(page) == []
    expect(page.locator(".addtoo-board .target").first).to_be_focused()
    outside = zoomed_in_past_a_lit_cell(page)
    page.locator(f'[data-key="{outside[0]}"]').focus()
    left_out = lit_cells_off_screen(page)
    assert outside[0] not in left_out, "the view did not follow the focus"
    note_counts_the_lit_cells_off_screen(page)


def test_addtoo_the_view_the_lit_cells_are_counted_in_is_the_one_drawn_inside_the_board_s_border(new_page, spread_places):
    """The note counted the lit cells outside a view measured to the board's border's outside: on a board not square
    it was up to half a pixel off on two sides, and a cell whose middle lay that close to the edge was counted on the
    wrong side of it. The view counted in is now the part of the board the browser draws, inside the border."""
    match, seat, tile = spread_places
    page = new_page()
    page.goto(match.seat_link(seat))
    settled(page)
    page.locator(f'.hand [data-action="tile"][data-card="{tile}"]').click()
    page.locator('[data-key="zoom-in"]').click()
    counted, drawn = page.evaluate("""async (id) => {
        const {camera} = await import("/js/games/camera.js");
        const svg = document.querySelector(".addtoo-board"), box = svg.getBoundingClientRect(), style = getComputedStyle(svg);
        const inset = (side) => parseFloat(style["border" + side + "Width"]) + parseFloat(style["padding" + side]);
        const toBoard = svg.getScreenCTM().inverse();
        const [a, b] = [[box.left + inset("Left"), box.top + inset("Top")], [box.right - inset("Right"), box.bottom - inset("Bottom")]]
            .map(([x, y]) => new DOMPoint(x, y).matrixTransform(toBoard));
        return [camera(id).shown, [a.x, a.y, b.x - a.x, b.y - a.y]];
    }""", match.id)
    assert counted == pytest.approx(drawn, abs=0.01), (counted, drawn)


def test_addtoo_the_arrow_keys_move_the_view_of_the_focused_board_and_a_poll_keeps_it(new_page, server):
    """Zoomed in, a player on the keyboard alone could not see the rest of the board: only a drag moved the view
    (the board took the focus, and an arrow key scrolled the page). The arrow keys now move it a quarter of the
    view at a time, the page staying put, and the other player's move, brought by a poll, leaves the view and
    the focus where they were."""
    match, page = waiting_on_the_keyboard(new_page, server, "addtoo", '[data-key="zoom-in"]')
    page.keyboard.press("Enter")
    board = page.locator(".addtoo-board")
    tab_to(page, ".addtoo-board")
    x, y, w, h = map(float, board.get_attribute("viewBox").split())
    scrolled = page.evaluate("scrollY")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(board).to_have_attribute("viewBox", f"{x + w / 4:.1f} {y + h / 4:.1f} {w:.1f} {h:.1f}")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(board).to_have_attribute("viewBox", f"{x:.1f} {y - h / 4:.1f} {w:.1f} {h:.1f}")
    assert page.evaluate("scrollY") == scrolled
    version = match.view(1)["version"]
    match.move(1, choose("addtoo", match.view(1)), version)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(board).to_be_focused()
    expect(board).to_have_attribute("viewBox", f"{x:.1f} {y - h / 4:.1f} {w:.1f} {h:.1f}")


def scoring_placement(view):
    """The mover's first placement scoring two pairs or a bonus, else None."""
    return next((p for p in (view["you"]["legal_moves"] or {}).get("place", []) if p["bonus"] or p["points"] >= 15),
                None)


def test_addtoo_a_placement_says_the_sums_its_points_are_made_of(new_page, server):
    """"Ann placed the orange 3 / blue 7 diamond at −1, 0 for 20 points.": a child could not check which sides made
    the 20; the last move and the log say each pair's sum, and a bonus play's points (QA: a child against the computer)."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"), options={"target": 1000})
    view = match.play(lambda view: scoring_placement(match.view(view["turn"])) is not None)
    seat = view["turn"]
    placement = scoring_placement(match.view(seat))
    match.move(seat, {key: placement[key] for key in ("tile", "x", "y", "rotation")} | {"type": "place"})
    page = new_page()
    page.goto(match.seat_link(seat))
    said = page.locator("#last-move")
    expect(said).to_contain_text("points (")
    points, sums = re.search(r"for (\d+) points \((.*)\)\.", said.inner_text()).groups()
    pairs = re.findall(r"(\d+) \+ (\d+) = (\d+)", sums)
    bonus = re.findall(r"(\d+) for a bonus play", sums)
    assert all(int(a) + int(b) == int(c) and int(c) % 5 == 0 for a, b, c in pairs), sums
    assert sum(int(c) for _, _, c in pairs) + sum(map(int, bonus)) == int(points) == placement["points"], sums


def finished(server):
    """A two-seat match to 50 on a fixed deck, played to its end by the first choices."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"))
    match.play(lambda view: False)
    return match


def test_addtoo_at_the_end_the_scoreboard_takes_off_the_diamonds_left_as_the_last_move_does(new_page, server):
    """The scoreboard said "1 diamond · 50 this hand" where the last move said "50 − 10 = 40": it showed the hand's
    points before the penalty for the diamonds left. Once over it says the hand's sum, "50 − 10 = 40 this hand"."""
    match = finished(server)
    last = match.view(0)["state"]["last_hand"]["seats"]
    assert any(seat["penalty"] for seat in last)  # the fixed deal leaves someone diamonds to pay for
    page = new_page()
    page.goto(match.seat_link(0))
    infos = page.locator(".scores .seat .info")
    expect(infos).to_have_count(2)
    for n, seat in enumerate(last):
        kept = f"{seat['points']} − {seat['penalty']} = {seat['net']}".replace("-", "−")
        expect(page.locator("#last-move")).to_contain_text(kept)
        expect(infos.nth(n)).to_contain_text(f"{kept} this hand")


def test_addtoo_a_hand_won_by_placing_every_diamond_says_who_did(new_page, server):
    """"Hand over: a player placed every diamond.": the child had to work out which; it names the player."""
    match = finished(server)
    view = match.view(0)
    assert view["state"]["last_hand"]["reason"] == "out"  # the fixed deal ends so
    out = next(n for n, seat in enumerate(view["state"]["seats"]) if not seat["hand"])
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_contain_text(f"Hand over: {view['seats'][out]['name']} placed every diamond.")



def test_addtoo_a_placement_picked_says_the_sums_it_would_score(new_page, server):
    """"At 3, 1 this placement scores 15.": a child could not tell which sides made the 15 before placing; the line
    says the sums, as the log will ("… scores 15 (5 + 10 = 15)")."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"), options={"target": 1000})
    view = match.play(lambda view: scoring_placement(match.view(view["turn"])) is not None)
    seat = view["turn"]
    placement = scoring_placement(match.view(seat))
    page = new_page()
    page.goto(match.seat_link(seat))
    page.locator(f'[data-action="tile"][data-card="{placement["tile"]}"]').click()
    cell = page.locator(f'.target[data-x="{placement["x"]}"][data-y="{placement["y"]}"]')
    if page.locator(".live-sum").count() == 0:  # the diamond fits in more than one cell
        cell.click()
    said = page.locator(".live-sum")
    expect(said).to_contain_text("(")
    points, sums = re.search(r"scores (\d+) \((.*)\)\.", said.inner_text()).groups()
    pairs = re.findall(r"(\d+) \+ (\d+) = (\d+)", sums)
    bonus = re.findall(r"(\d+) for a bonus play", sums)
    assert pairs or bonus, sums
    assert all(int(a) + int(b) == int(c) and int(c) % 5 == 0 for a, b, c in pairs), sums
    assert sum(int(c) for _, _, c in pairs) + sum(map(int, bonus)) == int(points), sums


def test_addtoo_a_placement_that_scores_nothing_says_its_point_in_the_singular_in_french(new_page, server):
    """French counts 0 in the singular: the first diamond of a hand, which scores nothing where it lies, was
    "Le poser (0 points)" on its button and "jusqu'à 0 points" on its cell, and the log said "pour 0 points"."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"))
    seat = match.view(0)["turn"]
    page = new_page(locale="fr-FR")
    page.goto(match.seat_link(seat))
    pick_a_diamond(page)
    cell = page.locator('.addtoo-board .target[data-x="0"][data-y="0"]')
    expect(cell).to_have_attribute("aria-label", "Poser en 0, 0\u00a0: jusqu'à 0 point")
    if page.locator('[data-action="place"]').count() == 0:
        cell.click()
    expect(page.locator('[data-action="place"]')).to_have_text("Le poser (0 point)")
    page.locator('[data-action="place"]').click()
    expect(page.locator("#last-move")).to_contain_text("en 0, 0 sans marquer de point.")
