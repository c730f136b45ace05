"""Waiting for the others: a visible match page long-polls (If-None-Match with `Prefer: wait`), so
a move shows the moment it is made with one request per change; a hidden page polls without
waiting and backs off; shown again, it long-polls at once."""
import re

from playwright.sync_api import expect

from .drive import settled
from .matches import new_match


def test_a_visible_page_waits_for_news_and_a_hidden_one_backs_off(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    polls = []  # (the request's Prefer header, the answer's status, its Preference-Applied header)

    def answered(response):
        if re.search(rf"/api/v1/games/{match.id}$", response.url):
            polls.append((response.request.headers.get("prefer"), response.status,
                          response.headers.get("preference-applied")))

    page.on("response", answered)
    page.goto(match.seat_link(1))
    expect(page.locator("#status")).to_contain_text("Ann's turn")
    page.wait_for_timeout(1000)
    assert len(polls) <= 2, f"a visible page polls again and again instead of waiting: {polls}"

    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    match.play(lambda view: view["version"] >= 1)  # Ann moves: the poll that waits answers with it
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"), timeout=5000)
    assert page.title().startswith("● Your turn")
    # a held poll answered by the move: held as long as asked, or as the worker's timeout leaves room for (README:
    # Database stalls; tests/api/test_gate.py holds the figure)
    assert any(prefer == "wait=20" and status == 200 and re.fullmatch(r"wait=[1-9]\d*", applied or "")
               for prefer, status, applied in polls), polls

    hidden_from = len(polls)
    page.wait_for_timeout(1500)
    hidden = polls[hidden_from:]
    assert len(hidden) <= 1 and all(prefer is None for prefer, _, _ in hidden), \
        f"a hidden tab keeps polling at full speed, or holds a poll open: {hidden}"

    with page.expect_request(lambda r: re.search(rf"/api/v1/games/{match.id}$", r.url)
                             and r.headers.get("prefer") == "wait=20", timeout=3000):
        page.evaluate("""() => {
            Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
            document.dispatchEvent(new Event('visibilitychange'));
        }""")


def test_the_first_view_is_followed_at_once_by_a_poll_that_waits(new_page, server):
    """The first view, asked with no ETag and so answered at once, was followed by the page's usual pause (3 s, here a
    minute) before the first poll the server holds: a move made meanwhile showed that much later (QA: a bot writer
    read the spec's advice, poll again at once after a 200, and found the web app did not)."""
    match = new_match(server, "addup")
    page = new_page(poll_ms=60_000)
    with page.expect_request(lambda r: re.search(rf"/api/v1/games/{match.id}$", r.url)
                             and r.headers.get("prefer") == "wait=20", timeout=10_000):
        page.goto(match.seat_link(1))
    match.play(lambda view: view["version"] >= 1)  # Ann moves: the held poll answers with it
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"), timeout=5000)


def test_news_that_arrives_while_the_game_loads_comes_once_the_first_view_is_shown(new_page, server):
    """The first view starts loading the game's module, and the poller waits until the page has shown it
    (a view the page failed to show is asked for again, see test_bad_network.py): a move made meanwhile
    comes with the next poll, once the game is in. The page adds the game's actions once (twice would
    throw: see mergeActions) and shows the newer view, ready to play."""
    match = new_match(server, "addit")
    page = new_page()
    held = []  # the module's request, answered once the news is in
    polls = []
    page.route("**/js/games/addit.js", lambda route: held.append(route))
    page.on("request", lambda r: polls.append(r.url) if re.search(rf"/api/v1/games/{match.id}$", r.url) else None)
    with page.expect_request("**/js/games/addit.js"):
        page.goto(match.seat_link(1))
    match.play(lambda view: view["version"] >= 1)  # Ann moves while the game's code loads
    assert len(polls) == 1, "a poll went on before the page had shown the view it had"
    while not held:  # the route's handler runs as this process reads Playwright's events
        page.wait_for_timeout(20)
    for route in held:
        route.continue_()
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page, 1)
    chosen = page.locator('.hand [data-action="select"]').first
    chosen.click()
    expect(chosen).to_have_attribute("aria-pressed", "true")


def test_an_answer_cut_short_is_a_failed_poll_not_an_empty_match(new_page, server):
    """A 200 whose body cannot be read whole (the connection dropped mid-body) is a poll that
    failed: the page keeps the match it showed, says so, and asks again. (Read as an empty match,
    such a body threw in the page's status line: a poll stopped mid-body, as the page moved on,
    did so in the rematch test on a busy machine.)"""
    match = new_match(server, "addup")
    page = new_page()
    polls = []

    def second_cut_short(route):
        polls.append(route.request.url)
        if len(polls) == 2:
            return route.fulfill(status=200, content_type="application/json", body='{"status": "play')
        route.continue_()

    page.route(re.compile(rf"/api/v1/games/{match.id}$"), second_cut_short)
    page.goto(match.seat_link(1))
    expect(page.locator(".error")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Ann's turn")  # the match as it was shown, not an empty one
    match.play(lambda view: view["version"] >= 1)
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"), timeout=8000)
    expect(page.locator(".error")).to_have_count(0)


def test_an_answer_that_comes_after_the_poll_stopped_is_ignored(new_page):
    """A match's poll is stopped before its seat is forgotten: an answer on its way then (too late to abort)
    must not draw the page again nor keep the seat again (review)."""
    page = new_page()
    page.goto("/")
    heard = page.evaluate("""async () => {
        const {poll} = await import('/js/poller.js');
        const heard = [];
        let answer = null;
        const load = () => new Promise((resolve) => { answer = resolve; });  // deaf to the abort, as one on its way
        const poller = poll(load, (data) => heard.push(data), (error) => heard.push(String(error)));
        poller.stop();
        answer({notModified: false, etag: '"1"', data: 'late', waited: false});
        await new Promise((resolve) => setTimeout(resolve));  // every step of the answer's handling has run
        return heard;
    }""")
    assert heard == []


# Counts the times the screen is drawn: each draw replaces <main>'s children
COUNT_DRAWS = """() => { window.draws = 0; new MutationObserver((records) => { window.draws += records.length; })
  .observe(document.getElementById('main'), {childList: true}); }"""


def test_another_seats_move_is_drawn_once_with_its_last_move(new_page, server):
    """A poll's news of another seat's move waits a moment for its log entry and draws the screen once, the move's
    words above the table: drawn at once and again as the log came (50-250 ms each on a slow phone), the table and the
    hand moved down under a finger between the two."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(1))
    settled(page)
    page.evaluate(COUNT_DRAWS)
    version = match.play(lambda view: view["version"] >= 1)["version"]  # Ann moves from her phone
    settled(page, version)
    expect(page.locator("#last-move")).to_contain_text("Ann")
    assert page.evaluate("window.draws") == 1
