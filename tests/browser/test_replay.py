"""Going back over a finished match together (QA: a family after every match, and grandpa sent the link): the replay
shows the scores as they stood at each step, says which step the slider is on while it is dragged, and ADD-TOO's
replay board shows the step's diamond big enough to read on a phone, and pans like the play board."""
import pytest
import requests
from playwright.sync_api import expect

from .drive import settled
from .matches import new_match, unshuffled
from .test_slow_network import first_held

NUMBER = 13  # board units: a diamond's numbers (.tile text)


@pytest.fixture(scope="module")
def finished(server):
    """A two-seat ADD-TOO match to 50 from a fixed deck, played to its end: its one hand grows a board of 17
    diamonds."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"))
    assert match.play(lambda view: False)["status"] == "over"
    return match


def log(match) -> list[dict]:
    return requests.get(f"{match.origin}/api/v1/games/{match.id}/moves?after=0", timeout=10).json()["moves"]


def past(match, version: int) -> dict:
    return requests.get(f"{match.origin}/api/v1/games/{match.id}/versions/{version}", timeout=10).json()


def open_replay(page, match):
    """Grandpa's phone, no seat: the match's address alone, its replay opened on the last step."""
    page.goto(f"/g/{match.id}")
    settled(page)
    page.locator('[data-panel="replay"]').click()
    expect(page.locator(".replay-board")).to_be_visible()


def step_to(page, version: int):
    """The slider set to `version` as the keyboard does, a step at a time from the end."""
    slider = page.locator('[data-key="replay-at"]')
    slider.focus()
    for _ in range(int(slider.input_value()) - version):
        page.keyboard.press("ArrowLeft")
    expect(slider).to_have_value(str(version))
    expect(page.locator(".replay-board")).to_have_attribute("data-version", str(version))


def test_the_replay_shows_each_seats_score_as_it_stood_at_the_step(new_page, finished):
    """"How did you get 15 points there?": the replay drew the table at the step but the scores only as they are at
    the end, above it, so nobody could see a seat's points rise from one step to the next."""
    moves = log(finished)
    scoring = next(n for n, entry in enumerate(moves, 1) if entry["kind"] != "hint" and entry["move"].get("points"))
    page = new_page()
    open_replay(page, finished)
    seats = page.locator(".replay-open .scores .seat")
    expect(seats).to_contain_text([f"{score} of 50" for score in finished.view()["scores"]])
    for version in (scoring, scoring - 1):
        step_to(page, version)
        then = past(finished, version)
        expect(seats).to_contain_text([f"{score} of 50" for score in then["scores"]])
        expect(seats).to_contain_text([f"{seat['hand_points']} this hand" for seat in then["state"]["seats"]])
    assert past(finished, scoring)["state"]["seats"] != past(finished, scoring - 1)["state"]["seats"]


def test_dragging_the_replay_slider_says_the_step_under_the_thumb(new_page, finished):
    """Dragged, the slider said "After step 0 of 27" until it was let go, wherever the thumb was: a child sliding
    back to the move they lost on could not tell where to stop."""
    page = new_page()
    open_replay(page, finished)
    slider = page.locator('[data-key="replay-at"]')
    label = page.locator("label.field", has=slider)
    box = slider.bounding_box()
    middle = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] - 4, middle)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, middle, steps=8)
    at = slider.input_value()
    expect(label).to_have_text(f"After step {at} of {finished.view()['version']}")
    expect(slider).to_have_attribute("aria-valuetext", f"After step {at} of {finished.view()['version']}")
    page.mouse.up()
    expect(page.locator(f'.replay-board .addtoo[data-version="{at}"]')).to_be_attached()


def test_addtoo_the_replay_shows_the_steps_diamond_readable_on_a_phone(new_page, finished):
    """The replay fitted the whole board into the phone's width: at the last hand's late placements the numbers were
    a few pixels high, and it could not be moved. It opens on the step's diamond at a size the numbers read at (12 px),
    follows the steps, and a drag moves it as it moves the play board."""
    moves = log(finished)
    places = [n for n, entry in enumerate(moves, 1) if entry["kind"] != "hint" and entry["move"]["type"] == "place"
              and len(past(finished, n)["state"]["board"]) >= 12]
    assert len(places) >= 2, "the fixed deck's last hand grows a board of 12 diamonds and more"
    page = new_page()
    open_replay(page, finished)
    board = page.locator(".replay-board svg.addtoo-board")

    def shown():
        return board.evaluate("""(svg) => {
            const tile = svg.querySelector('.tile.last').getBoundingClientRect(), box = svg.getBoundingClientRect();
            return {px: svg.getScreenCTM().a, viewBox: svg.getAttribute('viewBox'),
                    inside: tile.left >= box.left - 1 && tile.right <= box.right + 1 && tile.top >= box.top - 1
                        && tile.bottom <= box.bottom + 1};
        }""")

    for version in (places[-1], places[0]):
        step_to(page, version)
        seen = shown()
        assert NUMBER * seen["px"] > 11.9, f"numbers drawn {NUMBER * seen['px']:.1f} px at step {version}"
        assert seen["inside"], f"the step's diamond is out of sight at step {version}: {seen}"
    board.scroll_into_view_if_needed()
    before = shown()["viewBox"]
    box = board.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 80, box["y"] + box["height"] / 2 + 40, steps=6)
    page.mouse.up()
    assert shown()["viewBox"] != before


def test_a_log_entry_opens_the_replay_at_its_step(new_page, finished):
    """"When did I lose it?": reading the log they found the move, but the replay had to be slid to it step by step
    (27 here, hundreds in a rubber). Each entry's *Show* opens the replay at its step, the slider focused for the arrow
    keys, and the table then in sight."""
    moves = log(finished)
    scoring = next(n for n, entry in enumerate(moves, 1) if entry["kind"] != "hint" and entry["move"].get("points"))
    page = new_page()
    page.goto(f"/g/{finished.id}")
    settled(page)
    page.locator('[data-panel="log"]').click()
    entry = page.locator(".log li").nth(len(moves) - scoring)  # the latest first
    show = entry.get_by_role("button", name=f"Show the table after step {scoring} in the replay")
    said = entry.locator(".said").inner_text()
    show.tap()
    slider = page.locator('[data-key="replay-at"]')
    expect(slider).to_have_value(str(scoring))
    expect(slider).to_be_focused()
    expect(page.locator(f'.replay-board .addtoo[data-version="{scoring}"]')).to_be_attached()
    expect(page.locator(".replay-open")).to_contain_text(said)
    expect(page.locator(".replay-open h2")).to_be_in_viewport()
    expect(page.locator(".replay-board svg.addtoo-board")).to_be_in_viewport(ratio=1)  # the whole table then, under the words


def test_the_replay_outlines_the_cards_its_step_played(new_page, server):
    """"What did you play there?": the table above outlines the last move's cards, the replay's table drew its step's
    card like any other. It outlines the cards the step played, as the table does the last move's."""
    match = new_match(server, "addit", deck=unshuffled(server, "addit"))
    assert match.play(lambda view: False)["status"] == "over"
    moves = log(match)
    laid = next(n for n, entry in enumerate(moves, 1) if entry["kind"] == "move" and not entry["move"]["captured"]
                and n < len(moves) - 1)
    page = new_page()
    open_replay(page, match)
    step_to(page, laid)
    card = moves[laid - 1]["move"]["card"]["id"]
    expect(page.locator(".replay-board .last-played")).to_have_count(1)
    expect(page.locator(".replay-board .last-played")).to_have_attribute("data-card", card)


def test_addtoo_the_replay_board_zooms_with_buttons_from_the_keyboard(new_page, finished):
    """A pupil on the keyboard alone (and a teacher who reads at 200 %) could move the replay's board with the arrow
    keys but never zoom it: only a pinch or the wheel did, and the play board's +, − and Fit were missing there. The
    replay's board has its own, which zoom it and not the table's, keep the focus, and Fit opens it as it opened."""
    page = new_page()
    open_replay(page, finished)
    board = page.locator(".replay-board svg.addtoo-board")
    opened = board.get_attribute("viewBox")
    x, y, w, h = map(float, opened.split())
    table = page.locator(".play > .board svg.addtoo-board")
    on_the_table = table.get_attribute("viewBox")
    replay = page.locator(".replay-board")
    zoom_in = replay.get_by_role("button", name="Zoom in")
    zoom_in.focus()
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("viewBox", opened)
    zoomed = list(map(float, board.get_attribute("viewBox").split()))
    assert zoomed[2:] == pytest.approx([w / 1.4, h / 1.4], abs=0.1)
    assert [zoomed[0] + zoomed[2] / 2, zoomed[1] + zoomed[3] / 2] == pytest.approx([x + w / 2, y + h / 2], abs=0.1)
    expect(zoom_in).to_be_focused()
    page.keyboard.press("Tab")
    expect(replay.get_by_role("button", name="Zoom out")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("viewBox", " ".join(f"{n:.1f}" for n in zoomed))
    assert float(board.get_attribute("viewBox").split()[2]) == pytest.approx(w * 1.4, abs=0.1)
    page.keyboard.press("Tab")
    expect(page.locator('[data-key="replay-zoom-fit"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("viewBox", opened)
    assert table.get_attribute("viewBox") == on_the_table


def test_the_replay_steps_say_each_move_and_keep_the_focus_at_the_first_step(new_page, finished):
    """A pupil with a screen reader stepped back with *Previous*: it said nothing of the step (the move's sentence is
    a plain paragraph under the buttons), and at the first step, *Previous* disabled, the focus jumped to the status
    line at the top of the page. Each step's move is said, and *Previous* disabled leaves the focus on the slider."""
    page = new_page()
    open_replay(page, finished)
    step_to(page, 2)
    previous = page.locator('[data-key="replay-prev"]')
    previous.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".replay-board")).to_have_attribute("data-version", "1")
    said = page.locator(".replay-open .actions + p").inner_text()  # the step's move, under the buttons
    expect(page.locator("#announce")).to_contain_text(said)
    expect(previous).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".replay-board")).to_have_attribute("data-version", "0")
    expect(page.locator("#announce")).to_contain_text("The deal, before any move.")
    expect(previous).to_be_disabled()
    expect(page.locator('[data-key="replay-at"]')).to_be_focused()
    expect(page.locator('[data-key="replay-at"]')).to_be_in_viewport()


def test_a_slow_step_keeps_the_step_before_on_screen_until_it_comes(new_page, finished):
    """On a slow phone each *Previous* blanked the replay's table into "Loading…" until the step came, a flash at every
    step of a long match, the family's eyes losing the table each time. The step shown stays, marked busy, until the
    next one is drawn; only a step that is slow to come says "Loading…", after a moment."""
    page = new_page()
    open_replay(page, finished)
    last = finished.view()["version"]
    held = []
    page.route(f"**/api/v1/games/{finished.id}/versions/{last - 1}", lambda route: held.append(route))
    page.locator('[data-key="replay-prev"]').click()
    expect(page.locator('[data-key="replay-at"]')).to_have_value(str(last - 1))
    board = page.locator(".replay-board")
    assert "Loading…" not in page.locator(".replay-open").inner_text()  # drawn at the click, before any answer
    expect(board).to_have_attribute("data-version", str(last))
    expect(board).to_have_attribute("aria-busy", "true")
    expect(page.locator(".replay-open")).to_contain_text("Loading…")  # the answer is late: now it says so
    expect(board).to_have_attribute("data-version", str(last))
    first_held(page, held).fallback()
    expect(board).to_have_attribute("data-version", str(last - 1))
    expect(board).not_to_have_attribute("aria-busy", "true")
    expect(page.locator(".replay-open")).not_to_contain_text("Loading…")


def test_a_step_that_cannot_be_fetched_leaves_the_replay_on_the_step_shown(new_page, finished):
    """A step whose request failed on the phone's network: the slider and the step's words go back to the step the
    table shows, not a table of one step under the words of another."""
    page = new_page()
    open_replay(page, finished)
    last = finished.view()["version"]
    page.route(f"**/api/v1/games/{finished.id}/versions/{last - 1}", lambda route: route.abort())
    page.locator('[data-key="replay-prev"]').click()
    board = page.locator(".replay-board")
    expect(board).not_to_have_attribute("aria-busy", "true")
    expect(page.locator('[data-key="replay-at"]')).to_have_value(str(last))
    expect(board).to_have_attribute("data-version", str(last))
    said = page.locator(".replay-open .actions + p").inner_text()
    assert said == page.locator("#last-move").inner_text().removeprefix("Last move: ")


def test_addtoo_a_hand_just_ended_is_summed_up_once(new_page, server):
    """Right after a hand of ADD-TOO ended, the last move's line said its results ("Hand over: ... Ann 95 − 0 = 95,
    Bob 65 − 10 = 55.") and the empty board of the next hand said them again under it ("Last hand: Ann 95 − 0 = 95, ..."),
    on the table and in the replay at that step: twice the same sums read out. The board's note says the last hand once
    the line above no longer does, after the next hand's first move."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"), options={"target": 200})
    ended = match.play(lambda view: view["state"]["last_hand"])
    assert ended["status"] == "playing" and not ended["state"]["board"]
    page = new_page()
    page.goto(match.seat_link(0))
    settled(page)
    results = "Ann 95 − 0 = 95, Bob 65 − 10 = 55"
    expect(page.locator("#last-move")).to_contain_text(f"Hand over: Ann placed every diamond. {results}.")
    expect(page.locator("main")).not_to_contain_text("Last hand:")
    page.locator('[data-panel="replay"]').click()
    expect(page.locator(".replay-board")).to_have_attribute("data-version", str(ended["version"]))
    expect(page.locator(".replay-open")).to_contain_text(results)
    expect(page.locator("main")).not_to_contain_text("Last hand:")
    match.play(lambda view: view["version"] > ended["version"])  # the next hand's first placement
    settled(page, ended["version"] + 1)
    expect(page.locator(".play > .board .note", has_text="Last hand:")).to_have_text(f"Last hand: {results}.")
    expect(page.locator("#last-move")).not_to_contain_text(results)
