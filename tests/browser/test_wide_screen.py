"""A wide screen uses its width (QA: teacher): a teacher follows a class's matches from My games at the front desk, on
a laptop or a projector, and sees them all at once, in a grid of cards; a phone's list stays one column. A projected
match of Plus and Minus shows both boards on the first screen, and every game its table beside the status and the
scores, whole on the first screen."""
import json
import time

import pytest
from playwright.sync_api import expect

from .drive import settled, too_small
from .matches import GAMES, PLAYERS, new_match, unshuffled
from .test_quality import serious_violations

PROJECTOR, LAPTOP, PHONE = (1920, 1080), (1366, 768), (390, 844)


@pytest.fixture
def screen(browser, server):
    """screen(width, height, seed="") -> a page of a desktop browser (no touch, classic scroll bars) that runs `seed`
    before each page's own scripts."""
    contexts = []

    def make(width: int, height: int, seed: str = ""):
        mobile = (width, height) == PHONE
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=mobile,
                                      locale="en-GB", base_url=server, service_workers="block")
        context.add_init_script(seed)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield make
    for context in contexts:
        context.close()


def class_of_twelve(server) -> str:
    """Twelve matches of pairs of pupils, made through the API: this device keeps a seat in four (its own, with
    the teacher playing) and watches the eight it handed over; the script that keeps them in its localStorage."""
    seats, watched = {}, {}
    now = int(time.time() * 1000)
    for n in range(12):
        game = GAMES[n % len(GAMES)]
        match = new_match(server, game, players=PLAYERS[n % 7:n % 7 + 2])
        if n < 4:
            seats[match.id] = {"seat": 0, "token": match.tokens[0], "game": game, "at": now - n, "linkShown": True}
        else:
            watched[match.id] = {"game": game, "name": PLAYERS[n % 7], "at": now - n}
    return (f"localStorage.setItem('addgames.seats', {json.dumps(json.dumps(seats))});"
            f"localStorage.setItem('addgames.watched', {json.dumps(json.dumps(watched))});")


def my_games(page):
    """The boxes of My games' entries, once each says how its match stands: [(x, y, width, height)]."""
    page.goto("/")
    expect(page.locator(".my-games li .state")).to_have_count(12)
    return page.locator(".my-games li").evaluate_all(
        "(items) => items.map((e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })")


def on_first_screen(boxes, height: int) -> int:
    return sum(1 for x, y, width, tall in boxes if y >= 0 and y + tall <= height)


def test_my_games_on_a_wide_screen_is_a_grid_showing_a_class_s_matches_at_once_and_one_column_on_a_phone(
        screen, server):
    seed = class_of_twelve(server)
    projector = screen(*PROJECTOR, seed)
    boxes = my_games(projector)
    assert len({x for x, *_ in boxes}) >= 3, f"My games in {len({x for x, *_ in boxes})} column(s): {boxes}"
    assert on_first_screen(boxes, PROJECTOR[1]) == 12, boxes  # the reading column showed 7
    name_size = projector.locator(".my-games li strong").first.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert name_size >= 20, f"a game's name is {name_size} px: small to read from the back of a classroom"
    for scheme in ("light", "dark"):
        projector.emulate_media(color_scheme=scheme)
        assert serious_violations(projector) + too_small(projector) == [], scheme

    laptop = screen(*LAPTOP, seed)
    boxes = my_games(laptop)
    assert len({x for x, *_ in boxes}) >= 3, boxes
    assert on_first_screen(boxes, LAPTOP[1]) >= 8, boxes  # the reading column showed 4

    phone = screen(*PHONE, seed)
    boxes = my_games(phone)
    list_width = phone.locator("#mine-list").evaluate("(e) => e.getBoundingClientRect().width")
    assert {(x, width) for x, _, width, _ in boxes} == {(boxes[0][0], list_width)}, "one column, the list's width"
    assert [y for _, y, *_ in boxes] == sorted(y for _, y, *_ in boxes)  # most urgent first, top to bottom


def test_a_projected_match_of_plus_and_minus_shows_both_boards_side_by_side_on_the_first_screen(screen, server):
    """Under each other, the second board began near the foot of the screen, below it once the last move took two
    lines."""
    match = new_match(server, "plusminus")
    match.play(lambda view: view["version"] >= 4)
    projector = screen(*PROJECTOR)
    projector.goto(f"/g/{match.id}")  # watched: no seat on this device
    boards = projector.locator(".pm-board")
    expect(boards).to_have_count(2)
    settled(projector)  # with the last move above them
    tops = boards.evaluate_all("(boards) => boards.map((e) => e.getBoundingClientRect().top)")
    assert tops[0] == tops[1], f"the boards' tops: {tops}"
    for board in boards.all():
        expect(board).to_be_in_viewport(ratio=1)


def side_by_side(page) -> dict:
    """The boxes of the status, the scores and the table: {name: (left, top, right, bottom)}."""
    return page.evaluate("""() => Object.fromEntries(Object.entries({status: '#status', scores: '.scores',
            table: '.play > .board'}).map(([name, selector]) => {
        const r = document.querySelector(selector).getBoundingClientRect();
        return [name, [r.left, r.top, r.right, r.bottom]];
    }))""")


@pytest.mark.parametrize("game", GAMES)
def test_a_projected_match_shows_the_table_beside_the_status_and_scores_whole_on_the_first_screen(
        screen, server, artifacts, game):
    """At 1920x1080 the play column left 500 px empty on each side, and the table began under the scores. A fixed
    deck: a random deal's long last move once pushed ADD-TOO's table 3 % below the screen."""
    match = new_match(server, game, deck=unshuffled(server, game))
    match.play(lambda view: view["version"] >= 4 and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    projector = screen(*PROJECTOR)
    projector.emulate_media(reduced_motion="reduce")
    projector.goto(match.seat_link(match.view(0)["turn"]))
    expect(projector.locator("#last-move")).to_be_visible()
    projector.screenshot(path=artifacts / f"{game}-projected.png")
    boxes = side_by_side(projector)
    for name in ("status", "scores"):
        assert boxes[name][2] <= boxes["table"][0], f"the {name} is not beside the table: {boxes}"
        assert boxes[name][1] < boxes["table"][3] and boxes["table"][1] < boxes[name][3], f"{name}: {boxes}"
    expect(projector.locator(".play > .board")).to_be_in_viewport(ratio=1)
    for scheme in ("light", "dark"):
        projector.emulate_media(color_scheme=scheme)
        assert serious_violations(projector) + too_small(projector) == [], scheme


RING = """() => {
    const card = document.querySelector('.top-card .card.last-played');
    card.style.transform = 'scale(1.25)';  // the pulse's first frame, where the card arrives a quarter larger
    const style = getComputedStyle(card), box = card.getBoundingClientRect();
    const ring = (parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth)) * 1.25 * (card.currentCSSZoom || 1);
    const words = document.createRange();
    words.selectNodeContents(document.querySelector('.top-card h3'));
    const label = words.getBoundingClientRect(), hand = document.querySelector('.hand h3').getBoundingClientRect();
    return {ringLeft: box.left - ring, labelRight: label.right, ringBottom: box.bottom + ring, handTop: hand.top};
}"""


@pytest.mark.parametrize("size", [PROJECTOR, PHONE], ids=["projector", "phone"])
def test_the_ring_of_the_last_top_card_of_plus_and_minus_leaves_its_label_whole(screen, server, size):
    """Arriving a quarter larger, the ring of the card last played covered the end of "Top card" (QA: teacher)."""
    match = new_match(server, "plusminus")
    match.play(lambda view: view["version"] >= 4)
    page = screen(*size)
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator(".top-card .card.last-played")).to_be_visible()
    edges = page.evaluate(RING)
    assert edges["labelRight"] <= edges["ringLeft"], edges
    assert edges["ringBottom"] <= edges["handTop"], edges
