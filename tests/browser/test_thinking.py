"""The computer's replies, paced: a child's move and the computer's reply come back in one answer (the bots move
on the server as the move is made), and the table jumped straight to the state after the computer's move, so
the child never saw their own move land (QA: a child against the computer). The page shows the table after
the child's own move first, says "The computer is thinking…", then the reply."""
from playwright.sync_api import expect

from .matches import choose, new_match
from .test_addup import addup_move
from .test_bad_network import short_deadlines
from .test_screen_reader import HEAR_LIVE_REGIONS, heard

# Every status line the page drew, in order, as [version, words] (a repaint that changes neither is not kept).
RECORD_STATUSES = """(() => {
    window.statuses = [];
    new MutationObserver(() => {
        const status = document.getElementById('status');
        if (!status) return;
        const drawn = [Number(status.dataset.version), status.textContent.replace(/\\s+/g, ' ').trim()];
        const last = window.statuses.at(-1);
        if (!last || last[0] !== drawn[0] || last[1] !== drawn[1]) window.statuses.push(drawn);
    }).observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
})();"""


def child_moves(page, match, seats_after: int = 1) -> tuple[int, list]:
    """The child (seat 0) makes a move on the page; once their turn is back: (the version they moved on,
    the status lines drawn since)."""
    expect(page.locator("#status.your-turn")).to_be_visible()
    version = int(page.locator("#status").get_attribute("data-version"))
    page.evaluate("window.statuses = []")
    addup_move(page)
    after = version + 1 + seats_after  # their move, then each computer's reply
    expect(page.locator("#status")).to_have_attribute("data-version", str(after))
    expect(page.locator("#status.your-turn")).to_be_visible()
    assert match.view(0)["version"] == after
    return version, page.evaluate("window.statuses")


def test_the_child_sees_their_own_move_land_then_the_computer_thinking_then_its_reply(new_page, server):
    match = new_match(server, "addup", bots={1: "easy"})
    # "Thinking" is said with the child's move once the log has it: a pause longer than the log's fetch on a loaded
    # machine (the tests' 50 ms was not, and the reply's words came first: a .ci/run heard no "thinking")
    page = new_page(think_ms=3000)
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    page.context.add_init_script(RECORD_STATUSES)
    page.goto(match.seat_link(0))
    version, statuses = child_moves(page, match)
    assert [version + 1, "The computer is thinking…"] in statuses, statuses
    versions = [drawn for drawn, _ in statuses]
    assert versions.index(version + 1) < versions.index(version + 2), statuses  # the child's move, then the reply
    expect(page.locator("#last-move")).to_contain_text("Computer (easy)")
    page.wait_for_function("() => window.heard.some((said) => said.includes('Your turn'))")
    assert heard(page, "The computer is thinking…") >= 1, page.evaluate("window.heard")


def test_each_reply_shows_in_turn_at_a_table_of_computers_and_more_than_three_jump_to_the_last(new_page, server):
    """Three computers reply one by one, a pause apart; four would make the child wait too long: after their own
    move, the table as the last one left it."""
    page = new_page()
    page.context.add_init_script(RECORD_STATUSES)
    three = new_match(server, "addup", seats=4, bots={1: "easy", 2: "easy", 3: "easy"})
    page.goto(three.seat_link(0))
    version, statuses = child_moves(page, three, seats_after=3)
    assert [drawn for drawn, _ in statuses] == [version + n for n in range(5)], statuses
    assert [said for _, said in statuses[1:4]] == ["The computer is thinking…"] * 3, statuses
    four = new_match(server, "addup", seats=5, bots=dict.fromkeys(range(1, 5), "easy"))
    page.goto(four.seat_link(0))
    version, statuses = child_moves(page, four, seats_after=4)
    assert [drawn for drawn, _ in statuses] == [version, version + 1, version + 5], statuses


def test_with_less_motion_asked_for_the_reply_shows_at_once(new_page, server):
    match = new_match(server, "addup", bots={1: "easy"})
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script(RECORD_STATUSES)
    page.goto(match.seat_link(0))
    version, statuses = child_moves(page, match)
    assert [drawn for drawn, _ in statuses] == [version, version + 2], statuses


def test_a_move_whose_answer_is_lost_is_paced_from_the_poll_that_brings_it(new_page, server):
    """The server made the move and the computer's reply, but the answer never came: the outbox keeps the move, and
    the poll brings the match after the reply first. It is paced the same, and the move's answer, once the outbox
    sends it again, neither turns the table back nor shows it twice."""
    match = new_match(server, "addup", bots={1: "easy"})
    page = new_page()
    short_deadlines(page)
    page.context.add_init_script(RECORD_STATUSES)
    page.goto(match.seat_link(0))
    expect(page.locator("#status.your-turn")).to_be_visible()
    version = int(page.locator("#status").get_attribute("data-version"))
    lost = []

    def lose_the_first_answer(route):
        if route.request.method != "POST" or lost:
            return route.fallback()
        lost.append(route.fetch().status)  # made on the server, the computer's reply with it
        route.abort()

    page.route(f"**/api/v1/games/{match.id}/moves", lose_the_first_answer)
    page.evaluate("window.statuses = []")
    addup_move(page)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 2))
    expect(page.locator("#status.your-turn")).to_be_visible()
    expect(page.locator("#sending")).to_have_count(0)  # sent again, answered as the server kept it
    assert lost == [200] and match.view(0)["version"] == version + 2
    statuses = page.evaluate("window.statuses")
    assert [version + 1, "The computer is thinking…"] in statuses, statuses
    versions = [drawn for drawn, _ in statuses]
    assert versions == sorted(versions) and versions.count(version + 2) == 1, statuses
    page.unroute_all(behavior="ignoreErrors")



def test_a_parent_watching_sees_the_child_s_move_land_then_the_computer_s_reply(new_page, server):
    """A parent follows a child's match against the computer from another device, with no seat: the child's move and
    the computer's reply came in one poll, and the parent's table jumped straight past the child's move (QA: family
    over days). The parent's page paces them as the child's does."""
    match = new_match(server, "addup", bots={1: "easy"})
    page = new_page()
    page.context.add_init_script(RECORD_STATUSES)
    page.goto(f"/g/{match.id}")
    view = match.view(0)
    expect(page.locator("#status")).to_have_attribute("data-version", str(view["version"]))
    page.evaluate("window.statuses = []")
    match.move(0, choose("addup", view), view["version"])
    expect(page.locator("#status")).to_have_attribute("data-version", str(view["version"] + 2))
    statuses = page.evaluate("window.statuses")
    assert [view["version"] + 1, "The computer is thinking…"] in statuses, statuses
    versions = [drawn for drawn, _ in statuses]
    assert versions == sorted(versions) and versions.count(view["version"] + 2) == 1, statuses
