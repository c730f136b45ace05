"""Nothing tapped is lost to a dead network: a move, join, resignation or rematch asked offline is kept on the
device, shown as sending, and sent (once, with the same Idempotency-Key) when the network returns;
the page then says what happened. Screens that failed to load recover by themselves."""
import re

import pytest
from playwright.sync_api import expect

from tests.engine.test_addup import fixed_deck as addup_deck

from .matches import GAMES, choose, move_back_in_time, new_match
from .test_addup import addup_move
from .test_games import GAMES as PLAYED

MOVES = {"addup": addup_move, **{game: move for game, (_, move) in PLAYED.items()}}


def keys_sent(page, path: str) -> list:
    """The Idempotency-Key of every POST to `path` the page tries, failed ones included."""
    keys = []
    page.on("request", lambda r: keys.append(r.headers.get("idempotency-key"))
            if r.method == "POST" and r.url.endswith(path) else None)
    return keys


def your_turn(page, match):
    """Open the page of the seat to move; its version."""
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    return int(page.locator("#status").get_attribute("data-version"))


def moved_offline(page, match):
    """Make an ADD UP move on the page of the seat to move while offline: its version before the move."""
    version = your_turn(page, match)
    page.context.set_offline(True)
    addup_move(page)
    expect(page.locator("#sending")).to_be_visible()
    return version


@pytest.mark.parametrize("game", GAMES)
def test_a_move_made_offline_is_sent_once_when_the_network_returns(new_page, server, game):
    match = new_match(server, game)
    page = new_page()
    version = your_turn(page, match)
    keys = keys_sent(page, f"/games/{match.id}/moves")
    page.context.set_offline(True)
    MOVES[game](page)
    expect(page.locator("#sending")).to_contain_text("No connection: this device keeps your move")
    assert match.view(0)["version"] == version

    page.context.set_offline(False)
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your move.")
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#sending")).to_have_count(0)
    expect(page.locator("main .error")).to_have_count(0)
    assert match.view(0)["version"] == version + 1  # made exactly once
    assert keys and set(keys) == {keys[0]} and keys[0], keys


def test_a_network_lost_again_is_said_at_once_and_the_connection_back_note_goes(new_page, server):
    """The held poll went on waiting for news (up to 20 s) after the phone lost its network, the page saying
    nothing; then it said "The server cannot be reached" under "Connection back: the server received your move."."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    held = set()  # the polls the server holds now
    page.on("request", lambda r: held.add(r) if r.url.endswith(f"/games/{match.id}") and "prefer" in r.headers else None)
    page.on("requestfinished", lambda r: held.discard(r))
    page.on("requestfailed", lambda r: held.discard(r))
    moved_offline(page, match)
    page.context.set_offline(False)
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your move.")
    for _ in range(100):  # until a poll is held (10 s at most)
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "no poll was held"
    page.context.set_offline(True)
    expect(page.locator("main .error")).to_contain_text("The server cannot be reached", timeout=5000)
    expect(page.locator("#outbox-news")).to_have_count(0)
    page.context.set_offline(False)
    expect(page.locator("main .error")).to_have_count(0)
    match.play(lambda view: view["turn"] == 0)
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))


def test_a_reload_while_offline_keeps_the_move_and_sends_it_later(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    version = moved_offline(page, match)
    # The reload needs the network, but the moves keep failing: the route is cut before the network
    # returns, or the browser's "online" event would send the move before the reload.
    page.route(f"**/api/v1/games/{match.id}/moves", lambda route: route.abort())
    page.context.set_offline(False)
    page.reload()
    expect(page.locator("#sending")).to_be_visible()
    page.unroute(f"**/api/v1/games/{match.id}/moves")
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1), timeout=15_000)
    assert match.view(0)["version"] == version + 1


def test_a_reload_that_cannot_reach_the_server_still_shows_the_game_and_the_kept_move(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    moved_offline(page, match)
    page.route("**/api/v1/**", lambda route: route.abort())  # the page loads, the API stays out of reach
    page.context.set_offline(False)
    page.reload()
    expect(page.locator("main .error")).to_contain_text("The server cannot be reached")
    expect(page.locator("main h1")).to_have_text("ADD UP")
    expect(page.locator("#sending")).to_contain_text("your move")


def test_a_hint_asked_offline_says_to_ask_again_and_the_note_goes_with_the_network(new_page, server):
    """A hint (asked once, never kept to send later) said "the page will keep trying", which it did not, and the
    note stayed once the network was back, until the player's next move."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    your_turn(page, match)
    page.context.set_offline(True)
    page.locator('[data-key="hint"]').click()
    expect(page.locator("main .error")).to_have_text(
        "The server cannot be reached. Check your connection, then try again.")
    page.context.set_offline(False)
    expect(page.locator("main .error")).to_have_count(0)
    page.locator('[data-key="hint"]').click()
    expect(page.locator("#hint")).to_be_visible()
    assert match.view(0)["version"] == 1  # the one hint asked while online


def test_a_hint_lost_on_a_brief_drop_says_so_until_the_next_poll_answers(new_page, server):
    """A drop too brief for the browser's `offline` event (a lift, a tunnel): the hint's "cannot be reached" stayed
    while the polls went on answering, until the match next moved."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    your_turn(page, match)
    page.route("**/hint", lambda route: route.abort(), times=1)
    # The note may come and go within one of expect's polls (the poll asked at once answers in milliseconds): every
    # error drawn is recorded as it is drawn.
    page.evaluate("""() => {
        window.errorsDrawn = [];
        new MutationObserver(() => document.querySelectorAll('main .error').forEach((e) => errorsDrawn.push(e.textContent)))
            .observe(document.getElementById('main'), {childList: true, subtree: true});
    }""")
    page.locator('[data-key="hint"]').click()
    page.wait_for_function("errorsDrawn.length > 0")
    assert set(page.evaluate("errorsDrawn")) == {"The server cannot be reached. Check your connection, then try again."}
    expect(page.locator("main .error")).to_have_count(0)
    assert match.view(0)["version"] == 0  # nothing moved: the poll's answer alone said the server is there


def test_a_match_that_does_not_exist_says_so_and_leads_home(new_page):
    """A screen reader going by headings found none on the page (the app's other pages that are not there have one):
    its heading, focused as a page's is, comes before the error."""
    page = new_page()
    page.goto("/g/no-such-match")
    expect(page.locator("main .error")).to_have_text("There is no such match.")
    expect(page.locator("main h1")).to_have_text("There is nothing here.")
    expect(page.locator("main h1")).to_be_focused()
    page.locator('main a[href="/"]').click()
    expect(page.locator(".games .game-card")).to_have_count(5)


def test_a_tab_hears_of_a_move_another_tab_of_the_device_had_answered(new_page, server):
    """The outbox is shared by the tabs of a device: a tab whose move landed while another tab's was
    still queued stops waiting once that one is answered, and plays its next turn without a reload."""
    match = new_match(server, "addup")
    seat = match.view(0)["turn"]
    first = new_page()
    version = your_turn(first, match)
    # Another tab's move, queued a moment ago and not yet heard of here (as when two tabs move at once).
    other = {"kind": "move", "match": match.id, "token": match.tokens[seat], "version": version,
             "move": choose("addup", match.view(seat)), "key": "another-tab", "waited": False}
    first.evaluate("""(entry) => localStorage.setItem("addgames.outbox",
        JSON.stringify([...JSON.parse(localStorage.getItem("addgames.outbox") || "[]"), entry]))""", other)
    addup_move(first)
    expect(first.locator("#status")).to_have_attribute("data-version", str(version + 1))
    second = first.context.new_page()
    second.goto(f"/g/{match.id}")  # the other tab sends its move: the match moved on, it is refused
    expect(second.locator("main .error")).to_be_visible()
    expect(first.locator("#sending")).to_have_count(0)
    match.play(lambda view: view["turn"] == seat)
    expect(first.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(first.locator(".hand button.card:not([disabled])").first).to_be_visible()


def test_a_move_the_match_outran_is_refused_with_the_servers_reason(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    moved_offline(page, match)
    assert match.post("resign", 1).status_code == 200  # meanwhile Bob resigns: the match is over
    page.context.set_offline(False)
    expect(page.locator("main .error")).to_contain_text("Connection back, but the server refused your move:")
    expect(page.locator("#status")).to_have_attribute("data-status", "over")
    expect(page.locator("#sending")).to_have_count(0)


def test_a_move_refused_while_the_player_looked_elsewhere_is_said_when_the_match_opens_again(new_page, server,
                                                                                          database_file):
    """On a train, a move kept for want of a network; the player went back to My games, and meanwhile his late turn was
    skipped. The network came back there: the move was sent and refused, with no match page open to say so, and the
    match, opened again, showed the table without a word of it, as if the move had been made."""
    match = new_match(server, "addup", time_per_move=3600)
    move_back_in_time(database_file, match.id, 2)  # Ann's turn is late
    page = new_page()
    version = your_turn(page, match)
    page.route(f"**/api/v1/games/{match.id}/moves", lambda route: route.abort())  # the train's dead network
    addup_move(page)
    expect(page.locator("#sending")).to_contain_text("No connection: this device keeps your move")
    page.locator('header a[href="/"]').click()
    mine = page.locator(f'[data-key="mine-{match.id}"]')
    expect(mine).to_be_visible()
    assert match.post("timeouts", 1).status_code == 200  # Bob skips Ann's late turn
    refused = []
    page.on("response", lambda r: refused.append(r.status) if r.url.endswith(f"/games/{match.id}/moves") else None)
    page.unroute(f"**/api/v1/games/{match.id}/moves")
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the network is back
    page.wait_for_function("() => !localStorage.getItem('addgames.outbox')?.includes('move')")
    assert refused == [409], refused
    mine.click()
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("main .error")).to_have_text(
        "Connection back, but the server refused your move: Someone moved just before you: here is the table now.")
    page.reload()  # said once
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("main .error")).to_have_count(0)


def test_a_join_and_a_resignation_made_offline_are_sent_when_the_network_returns(new_page, server):
    match = new_match(server, "addup", join=False)
    page = new_page()
    page.goto(match.invite_link())
    take = page.locator('[data-action="take"]')
    expect(take).to_be_visible()
    page.context.set_offline(True)
    take.click()
    # said once, in the sending line: it said "Sending your seat request…" and, in red under it (the error a name typed
    # in the form shows under its field), "No connection: this device keeps your seat request…"
    expect(page.locator("#sending")).to_have_text(
        "No connection: this device keeps your seat request and sends it as soon as the network returns.")
    expect(page.locator("main .error")).to_have_count(0)
    page.context.set_offline(False)
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    assert match.view()["seats"][1]["joined"]

    page.context.set_offline(True)
    page.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    page.locator('[data-action="confirmed"]').click()
    expect(page.locator("#sending")).to_contain_text("your resignation")
    page.context.set_offline(False)
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your resignation.")
    expect(page.locator("#status")).to_have_attribute("data-status", "over")
    assert match.view()["status"] == "over"


def test_a_rematch_asked_offline_is_sent_and_opened_when_the_network_returns(new_page, server):
    match = new_match(server, "addup")
    match.play(lambda view: False)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator('[data-action="rematch"]')).to_have_text("Ask for a rematch")
    page.context.set_offline(True)
    page.locator('[data-action="rematch"]').click()
    expect(page.locator("#sending")).to_be_visible()
    page.context.set_offline(False)
    expect(page).not_to_have_url(re.compile(match.id))  # the rematch opened
    expect(page.locator("#status")).to_contain_text("Waiting for Bob.")
    assert match.view()["rematch"] is not None


def test_the_home_page_recovers_by_itself_when_the_network_returns(new_page):
    page = new_page()
    page.route("**/api/v1/rules", lambda route: route.abort())
    page.goto("/")
    expect(page.locator("main .error")).to_be_visible()
    page.unroute("**/api/v1/rules")
    page.context.set_offline(True)
    page.context.set_offline(False)  # the "online" event
    expect(page.locator(".games .game-card")).to_have_count(5)
    expect(page.locator("main .error")).to_have_count(0)


def busy_once(page, url: str) -> None:
    """The first request to `url` answered as a restarting server's proxy answers (503, its own page)."""
    answered = []

    def once(route):
        if answered:
            return route.fallback()
        answered.append(route.request.url)
        return route.fulfill(status=503, content_type="text/html", body="<h1>Service Unavailable</h1>")
    page.route(url, once)


@pytest.mark.parametrize(("path", "loaded"), [("/new/addup", 'form[data-submit="create"]'),
                                              ("/rules/addup", ".interpretations"),
                                              ("invite", 'form[data-submit="join"]')])
def test_a_screen_that_could_not_load_asks_again_by_itself(new_page, server, path, loaded):
    """The create, rules and join screens asked again only on the browser's "online" event, which never
    comes while a phone keeps a network that answers nothing, or the server restarts: they stayed on the
    error, whose words say the page keeps trying (QA)."""
    page = new_page()
    if path == "invite":
        match = new_match(server, "addup", join=False)
        busy_once(page, re.compile(rf"/api/v1/games/{match.id}$"))
        path = match.invite_link()
    else:
        busy_once(page, re.compile(r"/api/v1/rules(/addup)?$"))
    page.goto(path)
    expect(page.locator('main .error')).to_be_visible()
    expect(page.locator(loaded)).to_be_visible(timeout=15_000)  # no "online" event: it asked again itself
    expect(page.locator("main .error")).to_have_count(0)


def test_a_match_asked_for_again_after_its_answer_was_lost_is_created_once(new_page, server):
    """The create form sent no Idempotency-Key: each press after a lost answer made another match, and the
    page said it would keep trying, which it did not (QA)."""
    page = new_page()
    keys = keys_sent(page, "/api/v1/games")
    lost = []

    def lose_the_first_answer(route):
        if lost:
            return route.fallback()
        lost.append(route.fetch().json())  # the server creates the match; its answer never reaches the phone
        return route.abort()
    page.route("**/api/v1/games", lose_the_first_answer)
    page.goto("/new/addup")
    page.locator('[data-key="name-0"]').fill("Ann")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page.locator('main .error')).to_have_text(
        "The server did not answer (no connection, or it is busy). Press the button again in a moment: "
        "the match is created only once.")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page).to_have_url(re.compile(rf"/g/{lost[0]['game']['id']}$"))  # the match the lost answer told of
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1]
    page.goto("/new/addup")
    page.locator('[data-key="name-0"]').fill("Ann")
    page.locator('form[data-submit="create"] button[type="submit"]').click()  # the same form again: another match
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
    assert page.url.rsplit("/", 1)[1] != lost[0]["game"]["id"] and keys[2] != keys[0]
