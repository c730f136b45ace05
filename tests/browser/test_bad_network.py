"""A network that hangs, and a server too busy to answer: every request has a deadline, after which it
fails as a dead network does (and is asked again where that is); a busy server (429, 503) is said so,
and asked again after its Retry-After; a poll's error clears when polling recovers; a log that failed
to load is asked for again, its last move "Loading…" meanwhile; a view the page failed to show is
asked for again, never answered 304."""
import re
import time

import pytest
from playwright.sync_api import expect

from tests.engine.test_addup import fixed_deck as addup_deck

from .drive import status
from .matches import new_match
from .test_addup import addup_move
from .test_offline import keys_sent, your_turn
from .test_rename import rename_through

NO_ANSWER = "The server cannot be reached"


def short_deadlines(page) -> None:
    """The app's test hooks: a request fails after 1.5 s without an answer, a held poll waits 1 s (+1.5 s)."""
    page.context.add_init_script("""localStorage.setItem('addgames.deadlineMs', '1500');
        localStorage.setItem('addgames.waitS', '1');""")


def polls_of(match) -> re.Pattern:
    return re.compile(rf"/api/v1/games/{match.id}$")


def busy(route, retry_after: int, status: int = 503, code: str = "database_unavailable"):
    route.fulfill(status=status, headers={"Retry-After": str(retry_after)}, content_type="application/problem+json",
                  body=f'{{"code": "{code}", "detail": "Try again shortly.", "status": {status}}}')


def on_the_first_move(page, match, handle) -> None:
    """The page's first move posted to `match` goes to `handle(route)`, the others to the server."""
    handled = []

    def first(route):
        if route.request.method != "POST" or handled:
            return route.fallback()
        handled.append(route.request.url)
        handle(route)

    page.route(f"**/api/v1/games/{match.id}/moves", first)


def test_a_poll_that_never_answers_fails_at_its_deadline_and_polling_goes_on(new_page, server):
    """A held poll that nothing answers (a captive portal, a mobile connection gone dead) hung the match
    page for good: no error, no news. Past its deadline it is a failed poll, said so, and asked again."""
    match = new_match(server, "addup")
    page = new_page()
    short_deadlines(page)
    hung = []

    def hang_the_first_held_poll(route):
        if route.request.headers.get("if-none-match") and not hung:
            return hung.append(route)  # never answered
        route.fallback()

    page.route(polls_of(match), hang_the_first_held_poll)
    page.goto(match.seat_link(1))
    expect(page.locator("#status")).to_contain_text("Ann's turn")
    expect(page.locator("main .error")).to_contain_text(NO_ANSWER)
    expect(page.locator("main .error")).to_have_count(0)  # the next poll answered: the note goes
    match.play(lambda view: view["version"] >= 1)
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    assert len(hung) == 1


def test_a_move_whose_answer_never_comes_is_sent_again_with_the_same_key(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    short_deadlines(page)
    version = your_turn(page, match)
    keys = keys_sent(page, f"/games/{match.id}/moves")
    hung = []
    page.route(f"**/api/v1/games/{match.id}/moves",
               lambda route: hung.append(route) if route.request.method == "POST" and not hung else route.fallback())
    addup_move(page)
    expect(page.locator("#sending")).to_contain_text("No connection: this device keeps your move")
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#sending")).to_have_count(0)
    assert match.view(0)["version"] == version + 1
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1], keys


def test_a_busy_server_is_said_so_asked_again_after_its_retry_after_and_the_note_clears(new_page, server):
    """A 503 with Retry-After showed the server's English reason, which stayed after polling recovered;
    and the next poll came at the page's own pace, sooner than the server asked."""
    match = new_match(server, "addup")
    page = new_page()
    short_deadlines(page)  # a held poll answers within 1 s, and with it the note goes
    asked = []  # when each held poll reached the route

    def busy_once(route):
        if not route.request.headers.get("if-none-match"):
            return route.fallback()
        asked.append(time.monotonic())
        if len(asked) == 1:
            return busy(route, retry_after=3)
        route.fallback()

    page.route(polls_of(match), busy_once)
    page.goto(match.seat_link(1))
    expect(page.locator('main .error')).to_have_text(
        "The server is very busy right now. It will work again in a moment.")
    expect(page.locator("main .error")).to_have_count(0)
    assert asked[1] - asked[0] >= 3, "the poll came back before the server's Retry-After"
    match.play(lambda view: view["version"] >= 1)
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))


def test_a_move_the_server_is_too_busy_for_waits_and_lands(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    version = your_turn(page, match)
    keys = keys_sent(page, f"/games/{match.id}/moves")
    on_the_first_move(page, match, lambda route: busy(route, retry_after=1, status=429, code="rate_limited"))
    addup_move(page)
    expect(page.locator("#sending")).to_have_text(
        "The server is busy: this device keeps your move and sends it again in a moment.")
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your move.")
    assert match.view(0)["version"] == version + 1
    assert len(keys) == 2 and keys[0] == keys[1], keys


def test_a_proxy_s_bad_gateway_page_is_said_to_be_a_busy_server(new_page, server):
    """A proxy in front answers 502 or 504 with an HTML page of its own while the app restarts: a poll said
    "Something went wrong." and a kept move "No connection", on a phone that was connected all along."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    version = your_turn(page, match)

    def bad_gateway(route, status=502):
        route.fulfill(status=status, content_type="text/html", body=f"<html><body><h1>{status}</h1></body></html>")

    on_the_first_move(page, match, lambda route: bad_gateway(route, 504))
    addup_move(page)
    expect(page.locator("#sending")).to_have_text(
        "The server is busy: this device keeps your move and sends it again in a moment.")
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your move.")
    assert match.view(0)["version"] == version + 1
    failed = []

    def fail_once(route):
        if failed:
            return route.fallback()
        failed.append(route.request.url)
        bad_gateway(route)

    page.route(polls_of(match), fail_once)
    match.play(lambda view: view["turn"] == 0)
    expect(page.locator("main .error")).to_have_text("The server is very busy right now. It will work again in a moment.")
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("main .error")).to_have_count(0)


def test_a_log_that_failed_to_load_says_loading_and_is_asked_again(new_page, server):
    """The move log is read apart from the view: when it failed, the last move was never shown (or the
    one before it stayed) until the next move."""
    match = new_match(server, "addup")
    match.play(lambda view: view["version"] >= 1)
    page = new_page()
    failed = []

    def fail_twice(route):
        if route.request.method != "GET" or len(failed) >= 2:
            return route.fallback()
        failed.append(route.request.url)
        busy(route, retry_after=1)

    page.route(re.compile(rf"/api/v1/games/{match.id}/moves\?"), fail_twice)
    page.goto(match.seat_link(1))
    expect(page.locator("#last-move")).to_have_text("Last move: Loading…")
    expect(page.locator("#last-move")).to_contain_text("Ann played")
    assert len(failed) == 2
    expect(page.locator("main .error")).to_have_count(0)


def test_a_view_the_page_failed_to_show_is_asked_for_again_not_answered_304(new_page, server):
    """The game's code did not load the first time: the poller had kept the view's ETag anyway, so every
    later poll was answered 304 and the page said "Loading…" for good. Meanwhile the page said "Something went
    wrong.", as if final, while it tried again: it says what failed and that it tries again."""
    match = new_match(server, "addup")
    page = new_page()
    cut = []

    def fail_once(route):
        if cut:
            return route.fallback()
        cut.append(route.request.url)
        route.abort()  # the connection dropped as the game's code came

    page.route("**/js/games/addup.js", fail_once)
    page.goto(match.seat_link(1))
    expect(page.locator("main .error")).to_have_text("This game's page could not load; trying again…")
    expect(page.locator("#status")).to_contain_text("Ann's turn")
    expect(page.locator("main .error")).to_have_count(0)


def test_a_page_woken_after_its_poll_s_deadline_asks_again_at_once(new_page, server):
    """A phone that slept froze the page's timers too, the deadline's among them: once it wakes, a poll
    already past its deadline is given up and asked again at once, so the news shows."""
    match = new_match(server, "addup")
    page = new_page()
    hung = []
    page.route(polls_of(match), lambda route: hung.append(route)
               if route.request.headers.get("if-none-match") and not hung else route.fallback())
    with page.expect_request(lambda r: polls_of(match).search(r.url) and r.headers.get("if-none-match")):
        page.goto(match.seat_link(1))
    expect(page.locator("#status")).to_contain_text("Ann's turn")
    match.play(lambda view: view["version"] >= 1)  # while the page's poll hangs
    with page.expect_request(lambda r: polls_of(match).search(r.url), timeout=5000):
        page.evaluate("""() => {
            const now = Date.now, asleep = 60 * 60 * 1000;  // an hour later, as the wall clock says
            Date.now = () => now() + asleep;
            document.dispatchEvent(new Event('visibilitychange'));
        }""")
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))


def test_a_move_answered_late_never_turns_the_table_back(new_page, server):
    """The server made the move but its answer was lost; polls then brought Bob's reply, and the retry's kept
    answer (the match just after the move) turned the table back to "Bob's turn" until the next poll's news:
    the player, whose turn it was, saw it taken away for as long as a poll is held."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    version = your_turn(page, match)
    keys = keys_sent(page, f"/games/{match.id}/moves")
    made, retried = [], []

    def lose_the_answer_then_hold_the_retry(route):
        if route.request.method != "POST":
            return route.fallback()
        if made:
            return retried.append(route)  # sent on once Bob's reply is on the page
        made.append(route.fetch().status)  # the server makes the move; its answer never reaches the phone
        route.abort()

    page.route(f"**/api/v1/games/{match.id}/moves", lose_the_answer_then_hold_the_retry)
    addup_move(page)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))  # a poll brought it
    match.play(lambda view: view["turn"] == 0)  # Bob replies
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 2))
    for _ in range(100):  # the retry, sent when the poll showed the move made (10 s at most)
        if retried:
            break
        page.wait_for_timeout(100)
    retried[0].fallback()  # the retry's kept answer: the match just after the move
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your move.")
    assert status(page) == ("playing", version + 2, True)
    expect(page.locator("#sending")).to_have_count(0)
    assert made == [200] and len(keys) == 2 and keys[0] == keys[1], (made, keys)
    assert match.view(0)["version"] == version + 2


def test_a_poll_s_note_goes_as_soon_as_the_server_answers_again(new_page, server):
    """The first poll after a failure was held by the server like any other (20 s when nothing happens), so "The
    server cannot be reached" stayed that long after the network came back: it is asked without waiting."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    cut = [True]
    page.route(polls_of(match), lambda route: route.abort()
               if cut[0] and route.request.headers.get("if-none-match") else route.fallback())
    page.goto(match.seat_link(1))
    expect(page.locator("#status")).to_contain_text("Ann's turn")
    expect(page.locator("main .error")).to_contain_text(NO_ANSWER)
    cut[0] = False
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the network is back
    expect(page.locator("main .error")).to_have_count(0, timeout=5000)  # not after a 20 s hold
    match.play(lambda view: view["version"] >= 1)  # and polls are held for news again
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))


def test_a_poll_the_server_failed_says_it_is_tried_again(new_page, server):
    """A poll answered 500 (the app's error, not a proxy's busy page) said "Something went wrong on our side and
    nothing was saved.", in English and as if final, while the page went on polling and the next poll answered."""
    match = new_match(server, "addup")
    page = new_page(locale="fr-FR")
    short_deadlines(page)  # a held poll answers within 1 s, and with it the note goes
    failed = []

    def fail_once(route):
        if failed or not route.request.headers.get("if-none-match"):
            return route.fallback()
        failed.append(route.request.url)
        route.fulfill(status=500, content_type="application/problem+json", body='{"code": "internal_error", '
                      '"detail": "Something went wrong on our side and nothing was saved.", "status": 500}')

    page.route(polls_of(match), fail_once)
    page.goto(match.seat_link(1))
    expect(page.locator("main .error")).to_have_text(
        "Le serveur a eu un problème\u00a0; la page réessaie toute seule.")
    expect(page.locator("main .error")).to_have_count(0)
    match.play(lambda view: view["version"] >= 1)
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))


SERVER_FAILED = {  # a busy server, a failed one, and how a reference is written, in two languages
    "en-GB": ("The server is very busy right now. It will work again in a moment.",
              "The server had a problem; the page is trying again.", "(reference: {})"),
    "fr-FR": ("Le serveur est très occupé en ce moment. Ça ira mieux dans un instant.",
              "Le serveur a eu un problème\u00a0; la page réessaie toute seule.", "(référence\u00a0: {})"),
}


@pytest.mark.parametrize("locale", SERVER_FAILED)
def test_a_failure_of_the_server_shows_the_reference_its_operator_finds_in_the_log(new_page, server, locale):
    """A teacher whose pupil's page said the server had a problem had nothing to quote to the operator: a failure of
    the server (a 500, a 503) shows the start of its X-Request-Id, which names the log's line; a refusal (a rate
    limit) none, and a screen reader hears a failure once, not again at each retry that brings another reference."""
    from .test_screen_reader import HEAR_LIVE_REGIONS, heard  # pylint: disable=import-outside-toplevel  # it imports this

    busy_words, failed_words, reference = SERVER_FAILED[locale]
    match = new_match(server, "addup")
    page = new_page(locale=locale)
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    answers = [(429, "rate_limited", "aaaa1111bbbb2222"), (503, "database_unavailable", "5e1f00d2c3b4a596"),
               (500, "internal_error", "3f9a1c2e5d6b7a80"), (500, "internal_error", "77ab0c9de1f2a3b4")]

    def failing(route):
        if not answers or not route.request.headers.get("if-none-match"):
            return route.fallback()
        status, code, ident = answers.pop(0)
        route.fulfill(status=status, headers={"Retry-After": "1", "X-Request-Id": ident},
                      content_type="application/problem+json",
                      body=f'{{"code": "{code}", "detail": "Not now.", "status": {status}}}')

    page.route(polls_of(match), failing)
    page.goto(match.seat_link(1))
    error = page.locator("main .error")
    expect(error).to_have_text(busy_words)
    expect(error).to_have_text(f"{busy_words} {reference.format('5e1f00d2')}", timeout=10000)
    expect(error).to_have_text(f"{failed_words} {reference.format('3f9a1c2e')}", timeout=10000)
    expect(error).to_have_text(f"{failed_words} {reference.format('77ab0c9d')}", timeout=10000)
    expect(error).to_have_count(0, timeout=10000)
    assert heard(page, failed_words.split(";")[0].replace("\u00a0", "")) == 1, page.evaluate("window.heard")


def test_a_move_whose_answer_was_lost_is_known_to_have_landed_as_soon_as_a_poll_answers(new_page, server):
    """The poll brought the move at once ("Bob's turn"), but for 4 s more, till the outbox's next try, the page said
    "No connection: this device keeps your move and sends it as soon as the network returns.", over a network that
    had just answered: a poll's answer sends the kept move again at once."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    version = your_turn(page, match)
    on_the_first_move(page, match, lambda route: (route.fetch(), route.abort()))  # made, its answer lost
    addup_move(page)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))  # a poll brought it
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your move.",
                                                      timeout=2500)  # not after the outbox's 4 s
    expect(page.locator("#sending")).to_have_count(0)
    assert match.view(0)["version"] == version + 1


def test_a_rename_the_server_failed_says_so_in_the_page_s_language_and_save_again_lands_once(new_page, server):
    """A rename (or a new link, a hint: a change the player tries again) answered 500 showed the server's English
    "Something went wrong on our side and nothing was saved." on a French page; it is said in the page's language
    (without claiming nothing was saved: a 500 from past the app's handlers cannot know), a failure after the change
    was saved says so, and Save again sends the same Idempotency-Key."""
    match = new_match(server, "addup")
    page = new_page(locale="fr-FR")
    keys = []
    crash = '{"code": "internal_error", "detail": "Something went wrong on our side%s.", "status": 500%s}'

    def fail_twice(route):
        if route.request.method != "PATCH":
            return route.fallback()
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:  # before saving
            return route.fulfill(status=500, content_type="application/problem+json",
                                 body=crash % (" and nothing was saved", ""))
        if len(keys) == 2:  # after saving: the rename is made, its answer lost
            route.fetch()
            return route.fulfill(status=500, content_type="application/problem+json",
                                 body=crash % (" after the change was saved", ', "saved": true'))
        route.fallback()

    rename_through(page, match, fail_twice, "Bobby")
    error = page.locator("#rename-error")
    expect(error).to_have_text("Le serveur a eu un problème. Réessayez dans un instant.")
    assert match.view(1)["seats"][1]["name"] == "Bob"
    page.locator('[data-key="rename-save"]').click()
    expect(error).to_have_text(
        "Le serveur a eu un problème après avoir enregistré votre changement\u00a0: rechargez la page pour le voir.")
    assert match.view(1)["seats"][1]["name"] == "Bobby"
    page.locator('[data-key="rename-save"]').click()
    expect(page.locator("#renamed")).to_have_text("Vous vous appelez maintenant Bobby.")
    assert len(keys) == 3 and keys[0] and len(set(keys)) == 1, "one rename asked for, tried again with its key"
