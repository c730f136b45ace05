"""What a screen reader hears on the play screen, through the page's one polite live region (#announce),
which outlives every repaint: each move (the seat's own too) with the status line, the running sum as cards
are picked, and a hint, which keeps the cards picked and the focus on its button."""
import re

import pytest

from playwright.sync_api import expect

from tests.engine.test_addup import fixed_deck as addup_deck

from .drive import create_match, once_true, settled
from .matches import PLAYERS, choose, new_match
from .test_addup import joker_match
from .test_bad_network import short_deadlines
from .test_class_sheet import MAKING_S, set_up
from .test_computer import play_against_the_computer
from .test_games import addem_match, addit_move
from .test_offline import moved_offline
from .test_quality import move_with_the_keyboard


def sentence(words: str) -> str:
    """`words` as the live region says them, ending with a full stop."""
    words = words.strip()
    return words if words.endswith((".", "!", "?")) else f"{words}."


def said(page) -> str:
    """The last move in words, as "Last move" shows it (in the page's language), ending with a full stop."""
    label = page.locator("#last-move .label").inner_text()
    return sentence(page.locator("#last-move").inner_text().removeprefix(label))


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_others_move_is_said_with_the_status_line_and_where_the_scores_stand(new_page, server, locale):
    """A friend's move was said with "Your turn." alone: where the scores stood after it, a screen reader had to go
    looking for in the players' list. It is said after the status line, each seat's score as the list shows it."""
    match = new_match(server, "addit")
    mover = match.view(0)["turn"]
    page = new_page(locale=locale)
    page.goto(match.seat_link(1 - mover))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    settled(page)
    match.move(mover, choose("addit", match.view(mover)))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#last-move")).to_be_visible()
    scores = page.locator(".scores .score").all_inner_texts()
    seat_score = "{}: {}" if locale == "en-GB" else "{}\u202f: {}"
    ranked = [seat_score.format(name, score) for name, score in zip(PLAYERS, scores)]
    standing = {"en-GB": f"Scores: {ranked[0]} and {ranked[1]}.",
                "fr-FR": f"Scores\u202f: {ranked[0]} et {ranked[1]}."}[locale]
    status = sentence(page.locator("#status").inner_text())
    expect(page.locator("#announce")).to_have_text(f"{said(page)} {status} {standing}")


def test_a_move_and_the_computers_reply_to_it_are_said_with_the_status_line(new_page):
    """The move is said once, with "The computer is thinking…" when the log's words came during the pause before the
    reply (js/views/thinking.js), else with the reply; the reply is said with the status line."""
    page = new_page()
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    play_against_the_computer(page, "plusminus", "easy", {"games": 1})
    version = int(page.locator("#status").get_attribute("data-version"))
    before = page.locator("#last-move").all_inner_texts()  # the computer's opening, when it played first
    move_with_the_keyboard(page)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 2))  # the move, the bot's reply
    if before:  # "Last move" waits for the log's words, which may come after the view
        expect(page.locator("#last-move")).not_to_have_text(before[0])
    expect(page.locator("#last-move")).to_contain_text("Computer (easy)")
    page.get_by_role("button", name=re.compile(r"^Log \(")).click()
    own = page.locator(".log li .said").nth(1).inner_text()  # the latest first: the reply, then the move
    expect(page.locator("#announce")).to_contain_text(f"{said(page)} Your turn.")
    assert heard(page, sentence(own)) == 1, page.evaluate("window.heard")


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_your_own_move_is_said_with_what_it_made_and_whose_turn_it_is(new_page, server, locale):
    """After the seat's own move the live region said the status line alone ("Bob's turn."): not what the move
    did (the cards collected, the points, the deal it ended). It says the move as the log words it, then the status
    line, once, in the page's language."""
    match = new_match(server, "addit")
    mover = match.view(0)["turn"]
    page = new_page(locale=locale)
    page.goto(match.seat_link(mover))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    version = int(page.locator("#status").get_attribute("data-version"))
    addit_move(page)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#last-move")).to_contain_text(PLAYERS[mover])
    status = sentence(page.locator("#status").inner_text())
    assert PLAYERS[1 - mover] in status  # the other's turn
    expect(page.locator("#announce")).to_have_text(f"{said(page)} {status}")


def test_the_running_sum_is_said_as_cards_are_picked(new_page, server):
    body = addem_match(server)  # seat 0, to move, holds F1 and F2: two cards that each change the sum (a Total, or
    # a 0, leaves it as it was; and a random deal left the seat one such card once in 70 matches)
    page = new_page()
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    lines = []
    for card in ("F1a", "F2a"):
        page.locator(f'.hand [data-card="{card}"]').click()
        expect(page.locator(f'.hand [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
        lines.append(page.locator(".live-sum").inner_text())
        expect(page.locator("#announce")).to_have_text(lines[-1])
    assert lines[0] != lines[1]  # each pick said anew


def test_a_hint_keeps_the_cards_picked_and_the_focus_and_is_said(new_page, server):
    match = new_match(server, "addem")
    page = new_page()
    short_deadlines(page)  # a poll held by the server fails soon once offline
    page.goto(match.seat_link(match.view(0)["turn"]))
    cards = page.locator('.hand [data-action="pick"]')
    picked = [cards.nth(n).get_attribute("data-card") for n in range(2)]
    for card in picked:
        page.locator(f'.hand button[data-card="{card}"]').click()
    hint = page.locator('[data-key="hint"]')
    hint.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#hint")).to_be_visible()
    expect(page.locator("#announce")).to_have_text(re.compile(r"^Hint: \S"))
    expect(page.locator("#announce")).to_contain_text(page.locator("#hint").inner_text().removeprefix("Hint:").strip())
    expect(hint).to_be_focused()
    for card in picked:
        expect(page.locator(f'.hand button[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".live-sum")).to_be_visible()


# The hint's answer comes after a poll that brought the hint's own version, whose log comes later still.
SLOW_HINT_AND_LOG = """
const fetched = window.fetch;
const later = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
window.fetch = async (input, init) => {
  const url = String(input.url || input);
  const answer = await fetched(input, init);
  if (/\\/moves\\?after=/.test(url)) return later(1200, answer);
  if (/\\/hint$/.test(url)) return later(600, answer);
  return answer;
};
"""


def test_a_hint_is_said_when_a_poll_brought_its_version_first(new_page, server):
    """The poll's drawing of the hint's version, waiting for its log, did not say "Your turn." over the hint."""
    match = new_match(server, "addem")
    page = new_page()
    page.add_init_script(SLOW_HINT_AND_LOG)
    page.goto(match.seat_link(match.view(0)["turn"]))
    hint = page.locator('[data-key="hint"]')
    expect(hint).to_be_enabled()
    hint.click()
    expect(page.locator("#hint")).to_be_visible()
    page.wait_for_timeout(2500)  # the log's answer, and the poll's drawing after it, have come
    expect(page.locator("#announce")).to_have_text(re.compile(r"^Hint: \S"))


def test_add_too_says_the_cell_chosen_its_points_and_each_turn(new_page, server):
    """The chosen cell is pressed; choosing it says the points there, and each turn of the diamond says
    its position (the points may stay the same)."""
    match = new_match(server, "addtoo")

    def turnable(view):  # a diamond of the seat to move has a cell where it can lie more than one way
        return len(ways(match.view(view["turn"]))) > 0

    def ways(view):
        counts = {}
        for place in (view["you"]["legal_moves"] or {}).get("place", []):
            key = (place["tile"], place["x"], place["y"])
            counts[key] = counts.get(key, 0) + 1
        return {key: count for key, count in counts.items() if count > 1}

    view = match.play(turnable)
    seat = view["turn"]
    (tile, x, y), count = next(iter(ways(match.view(seat)).items()))
    page = new_page()
    page.goto(match.seat_link(seat))
    page.locator(f'.hand [data-action="tile"][data-card="{tile}"]').click()
    cell = page.locator(f'[data-key="cell-{x}-{y}"]')
    if cell.get_attribute("aria-pressed") != "true":  # the only cell is chosen with the diamond
        cell.click()
    expect(cell).to_have_attribute("aria-pressed", "true")
    announce = page.locator("#announce")
    expect(announce).to_have_text(re.compile(rf"At {x}, {y} this placement scores \d+\. Position 1 of {count}\.$"))
    cell.focus()
    page.keyboard.press("Enter")  # again: turn it
    expect(announce).to_have_text(re.compile(rf"At {x}, {y} this placement scores \d+\. Position 2 of {count}\.$"))
    expect(cell).to_be_focused()


def listen_to_alerts(page) -> None:
    """Record in window.alerted what a screen reader says as an alert: the text of an element with role="alert"
    added to the page, or of one whose text changed."""
    page.evaluate("""() => {
        window.alerted = [];
        new MutationObserver((records) => {
            const alerts = new Set();
            for (const record of records) {
                const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
                if (target?.closest('[role=alert]')) alerts.add(target.closest('[role=alert]'));
                for (const node of record.addedNodes) {
                    if (node.nodeType !== 1) continue;
                    if (node.matches('[role=alert]')) alerts.add(node);
                    node.querySelectorAll('[role=alert]').forEach((alert) => alerts.add(alert));
                }
            }
            for (const alert of alerts) if (alert.textContent.trim()) window.alerted.push(alert.textContent.trim());
        }).observe(document.body, {childList: true, subtree: true, characterData: true});
    }""")


def test_an_error_is_said_once_not_again_at_each_repaint(new_page, server):
    """Offline, the poll's failure shows under the status. It was drawn with role="alert", and each repaint that
    drew it anew (each card picked, each poll failing again) had a screen reader say it again, cutting in: it is
    said once, through the page's alert region, which outlives every repaint."""
    match = new_match(server, "addem")
    page = new_page()
    short_deadlines(page)  # a poll held by the server fails soon once offline
    page.goto(match.seat_link(match.view(0)["turn"]))
    cards = page.locator('.hand [data-action="pick"]')
    expect(cards.first).to_be_visible()
    listen_to_alerts(page)
    page.context.set_offline(True)
    error = page.locator("main .error")
    expect(error).to_be_visible()
    for n in range(2):
        cards.nth(n).click()
        expect(cards.nth(n)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.alerted") == [error.inner_text()]  # was said three times and more
    expect(page.locator("#alert")).to_have_text(error.inner_text())


def read_aloud(element) -> str:
    """The words a screen reader reads of `element`, from its accessibility snapshot. An element a repaint replaced
    between finding it and reading it (the play screen repaints as it settles) has an empty snapshot: taken again."""
    for _ in range(50):
        if found := re.search(r"- text: \"?(.*?)\"?$", element.aria_snapshot(), re.M):
            return found.group(1)
        element.page.wait_for_timeout(100)
    raise AssertionError(f"{element} has no words to read")


@pytest.mark.parametrize(("locale", "your_turn"), [("en-GB", "you, to play"), ("de-CH", "du, am Zug"),
                                                    ("es-ES", "tú, con el turno")])
def test_each_seat_s_name_score_and_details_are_said_apart(new_page, matches, locale, your_turn):
    """The players' list set a seat's score and its details apart by lines and weight alone, and a screen reader
    read them as one run of words: "Ann you to play 0 of 50 5 diamonds · 0 this hand"; the turn after the *you* tag
    read "du ist dran" in German ("you is up")."""
    page = new_page(locale=locale)
    page.goto(matches["playing"]["addtoo"].seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    seats = page.locator(".scores li").all()
    assert len(seats) == 2
    for n, seat in enumerate(seats):
        read = read_aloud(seat)
        read = re.sub(r"\s+,", ",", read)  # the space between a part and the next one's comma is not said
        score, info = seat.locator(".score").inner_text(), seat.locator(".info").inner_text()
        assert read.endswith(f", {score}, {info}"), (read, score, info)
        assert (f"{your_turn}, " in read) == (n == 0), read


HEAR_LIVE_REGIONS = """(() => {
    // What a screen reader says from live regions, in window.heard: the words of a live region (role="status" or
    // "alert", aria-live) added to the page with words, or whose words changed.
    window.heard = [];
    const live = '[role=status], [role=alert], [aria-live]:not([aria-live=off])';
    new MutationObserver((records) => {
        const regions = new Set();
        for (const record of records) {
            const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
            if (target?.closest?.(live)) regions.add(target.closest(live));
            for (const node of record.addedNodes) {
                if (node.nodeType !== 1) continue;
                if (node.matches(live)) regions.add(node);
                node.querySelectorAll(live).forEach((region) => regions.add(region));
            }
        }
        for (const region of regions) {
            const words = region.textContent.replace(/\\s+/g, ' ').trim();
            if (words) window.heard.push(words);
        }
    }).observe(document, {childList: true, subtree: true, characterData: true});
})();"""


def heard(page, words: str) -> int:
    """How many times a screen reader said `words` (among other words, or alone)."""
    return sum(words in said for said in page.evaluate("window.heard"))


def test_a_note_is_said_once_not_again_at_each_poll_that_draws_it_anew(new_page, server):
    """Another seat's link opened on a phone that holds a seat: the note that says so was drawn as a live region of its
    own (role="status"), and each repaint drew it anew, so a screen reader said it again at each poll's news (each
    move of the others) and each card picked. It is said once, through the page's polite region."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator(".seat.me")).to_contain_text("Ann")
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    page.goto("/")  # the next page loads anew (a link to the same page that changes its hash only would not)
    page.goto(match.seat_link(1))  # Bob's link, on Ann's phone
    note = page.locator("#other-seat p").first
    expect(note).to_contain_text("This link is for Bob's seat")
    expect(page.locator("#announce")).to_contain_text(note.inner_text())
    for _ in range(2):  # two moves made elsewhere, each drawn here as the poll brings it
        version = match.view(1)["version"]
        seat = match.view(1)["turn"]
        match.move(seat, choose("addup", match.view(seat)))
        expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
        expect(page.locator("#last-move")).to_contain_text(PLAYERS[seat])
    if match.view(1)["turn"] == 1:
        page.locator('.hand [data-action="select"]').first.click()
        expect(page.locator('.hand [aria-pressed="true"]')).to_have_count(1)
    assert heard(page, note.inner_text()) == 1, page.evaluate("window.heard")  # was said three times and more


def test_a_jokers_value_out_of_range_is_said_as_typed_not_again_at_a_repaint(new_page, server):
    """ADD UP's "9 is not from 10 to 999." under a joker's field was a live region of its own: each repaint (a panel
    opened, a poll's news) said it again."""
    page = new_page()
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    page.goto(joker_match(server))  # Ann holds a yellow joker
    page.locator('.hand [data-card="y1"]').click()
    page.locator('[data-key="joker-value"]').fill("9")  # a yellow joker is worth 10 or more
    expect(page.locator("#joker-range")).to_have_text("9 is not from 10 to 999.")
    expect(page.locator("#announce")).to_have_text("9 is not from 10 to 999.")
    toggle = page.locator('[data-key="toggle-fair"]')
    toggle.click()  # a repaint, which draws the line again
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#joker-range")).to_have_text("9 is not from 10 to 999.")
    assert heard(page, "9 is not from 10 to 999.") == 1, page.evaluate("window.heard")



def test_a_new_page_gives_the_focus_to_its_heading_and_a_repaint_keeps_it_there(new_page, server):
    """A page the router shows focused <main>, where a screen reader read the whole page or nothing, not the new
    page's name: its heading (h1) takes the focus, once it is drawn (a match's page shows "Loading…" first), and a
    repaint (the others' move) leaves it there."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto("/")
    expect(page.locator("main h1")).to_be_focused()  # the first page too
    page.locator('a[href="/rules/addup"]').first.click()
    expect(page).to_have_url(re.compile("/rules/addup$"))
    heading = page.locator("main h1")
    expect(heading).to_have_text("Rules of ADD UP")
    expect(heading).to_be_focused()
    expect(heading).to_have_attribute("tabindex", "-1")
    page.go_back()
    expect(page.locator("main h1")).to_have_text("Counting games to play with friends")
    expect(page.locator("main h1")).to_be_focused()
    # A match this device holds no seat of: its page has no heading until the match arrives.
    page.evaluate("""(path) => { history.pushState({app: true}, "", path);
        window.dispatchEvent(new PopStateEvent("popstate")); }""", f"/g/{match.id}")
    heading = page.locator("main h1.play-title")
    expect(heading).to_have_text("ADD UP")
    expect(heading).to_be_focused()
    version = match.view(0)["version"]
    seat = match.view(0)["turn"]
    match.move(seat, choose("addup", match.view(seat)))
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(heading).to_be_focused()


def test_a_link_copied_again_is_said_again(new_page):
    """"Link copied." stays under the link once said: a second copy drew the same note, which was not said again,
    and a screen reader heard nothing of it."""
    page = new_page()
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    create_match(page, "addup")
    copy = page.get_by_role("button", name="Copy", exact=True)
    for times in (1, 2):
        copy.click()
        expect(page.locator(".invite .notice")).to_have_text("Link copied.")
        once_true(page, f"() => window.heard.filter((words) => words.includes('Link copied.')).length === {times}",
                  f"'Link copied.' said {times} times")


def test_the_connection_back_note_goes_once_the_match_moves_on(new_page, server):
    """"Connection back: the server received your move." stayed through the opponent's next moves, long after it
    was news: it goes with the next move shown, once said."""
    match = new_match(server, "addup", deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]], ["4a", "5a"]))
    page = new_page()
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    version = moved_offline(page, match)
    page.context.set_offline(False)
    expect(page.locator("#outbox-news")).to_have_text("Connection back: the server received your move.")
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    match.play(lambda view: view["version"] >= version + 2)  # the opponent replies
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 2))
    expect(page.locator("#outbox-news")).to_have_count(0)
    assert heard(page, "Connection back: the server received your move.") == 1


def last_move_left_to(match, seat: int) -> None:
    """Play an ADD UP match on until its last card is `seat`'s to play: the move that ends it."""
    match.play(lambda view: sum(s["hand_count"] for s in view["state"]["seats"]) == 1
               and view["state"]["pile_count"] == 0 and view["turn"] == seat)


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_end_of_a_match_is_said_with_every_seat_s_final_score(new_page, server, locale):
    """The other's last move ended the match: the live region said the move and "Match over: Bob wins.", and no score
    (ADD UP's last move has none in its words): a screen reader had to go looking for who had how many. It says each
    seat's final score, as the scores show it, once, with the winner."""
    match = new_match(server, "addup")
    last_move_left_to(match, 1)
    page = new_page(locale=locale)
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    settled(page)
    match.move(1, choose("addup", match.view(1)))
    expect(page.locator("#status")).to_have_attribute("data-status", "over")
    expect(page.locator("#last-move")).to_be_visible()
    scores = [read_aloud(score) for score in page.locator(".scores .score").all()]
    places = match.view(0)["places"]  # the server's: first the winner (or both, on a tie), in that order
    first, second = sorted(range(2), key=lambda seat: places[seat])
    names, ordinal = ["Ann", "Bob"], {"en-GB": ["", "1st", "2nd"], "fr-FR": ["", "1er", "2e"]}[locale]
    seat_score = "{} {}: {}" if locale == "en-GB" else "{} {}\u202f: {}"
    ranked = [seat_score.format(ordinal[places[s]], names[s], scores[s]) for s in (first, second)]
    final = {"en-GB": f"Final scores: {ranked[0]} and {ranked[1]}.",
             "fr-FR": f"Scores finaux\u202f: {ranked[0]} et {ranked[1]}."}[locale]
    expect(page.locator(".scores .place")).to_have_text([ordinal[place] for place in places])
    status = sentence(page.locator("#status").inner_text())
    expect(page.locator("#announce")).to_have_text(f"{said(page)} {status} {final}")
    spaced = [re.sub(r"\s", " ", words) for words in page.evaluate("window.heard")]  # French no-break spaces plain
    assert sum(re.sub(r"\s", " ", final) in words for words in spaced) == 1, spaced


def test_a_rematch_the_other_seat_asks_for_is_said_on_the_finished_match(new_page, server):
    """The blind player waits on the finished match; the friend asks for a rematch on their phone. The page showed
    "Bob asked for a rematch." and *Join the rematch* at the next poll, but said nothing: the player never knew. It is
    said once (not again at each poll), and Tab from the status line leads to the button that joins it."""
    match = new_match(server, "addup")
    match.play(lambda view: False)
    page = new_page()
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "over")
    settled(page)
    assert match.post("rematch", 1).status_code in (200, 201)
    expect(page.locator("#announce")).to_have_text("Bob asked for a rematch.")
    page.wait_for_timeout(500)  # polls that draw the page anew: none says it again
    assert heard(page, "Bob asked for a rematch.") == 1, page.evaluate("window.heard")
    page.locator("#status").focus()
    join = page.get_by_role("button", name="Join the rematch")
    for _ in range(10):
        page.keyboard.press("Tab")
        if join.evaluate("element => element === document.activeElement"):
            break
    expect(join).to_be_focused()


def test_a_move_s_button_that_is_off_says_why(new_page, server):
    """A screen reader reading the controls met "Collect cards, dimmed" (ADD-IT, no group picked yet) and "Top row: 5 → ?,
    dimmed" (ADD UP, a joker's value out of range), with nothing on why: each button is described by the line that
    says what is missing."""
    match = new_match(server, "addit")
    page = new_page()
    page.goto(match.seat_link(match.view(0)["turn"]))
    settled(page)
    page.locator(".hand button.card").first.focus()
    page.keyboard.press("Enter")
    collect = page.locator('[data-key="capture"]')
    expect(collect).to_be_disabled()
    expect(collect).to_have_accessible_description(re.compile(re.escape(page.locator(".addit .live-sum").inner_text())))

    page.goto(joker_match(server))  # Ann holds a yellow joker
    settled(page)
    page.locator('.hand [data-card="y1"]').focus()
    page.keyboard.press("Enter")
    page.locator('[data-key="joker-value"]').fill("9")  # a yellow joker is worth 10 or more
    for row in ("top", "bottom"):
        button = page.locator(f'[data-key="play-{row}"]')
        expect(button).to_be_disabled()
        expect(button).to_have_accessible_description("9 is not from 10 to 999.")


def test_a_player_who_joins_is_said_with_the_status_line(new_page, server):
    """The blind player created a match and waits on it. The status line changed from "Waiting for Bob and Cy." to
    "Waiting for Cy." in silence, and the start said "Your turn." alone: who came was never said. Each arrival is said,
    with the status line."""
    match = new_match(server, "addup", seats=3, join=False)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    match.take(1)
    expect(page.locator("#announce")).to_have_text("Bob joined. Waiting for Cy.")
    match.take(2)
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    expect(page.locator("#announce")).to_have_text(f"Cy joined. {sentence(page.locator('#status').inner_text())}")


def test_a_jokers_value_is_judged_aloud_once_typing_pauses_not_at_each_digit(new_page, server):
    """Typing 12 for a yellow joker (10 or more), the 1 alone was said out of range: "1 is not from 10 to 999." came
    after the 2, as the player's own keys were echoed, and told them 12 was refused. A value out of range is said once
    the typing pauses, and only if it still is."""
    page = new_page()
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    page.goto(joker_match(server))  # Ann holds a yellow joker
    settled(page)
    page.locator('.hand [data-card="y1"]').focus()
    page.keyboard.press("Enter")
    field = page.locator('[data-key="joker-value"]')
    field.focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("12", delay=100)
    top = page.locator('[data-key="play-top"]')
    expect(top).to_contain_text("Top row: 5 → 17")
    page.keyboard.press("Backspace")  # 1: out of range, and left so
    expect(top).to_be_disabled()
    expect(page.locator("#announce")).to_have_text("1 is not from 10 to 999.")
    assert heard(page, "is not from 10 to 999.") == 1, page.evaluate("window.heard")  # not at the 1 of 12


def test_the_rematch_s_page_says_whose_turn_it_is_when_it_opens(new_page, server):
    """Ann asked for a rematch; the blind player joined it. The rematch's page opened on "Ann's turn." and said
    nothing (the live region still held "Ann asked for a rematch."): whose turn it was came only with the first move.
    The status line is said once as the page opens, on each side."""
    match = new_match(server, "addup")
    match.play(lambda view: False)
    ann, bob = new_page(), new_page()
    for page in (ann, bob):
        page.context.add_init_script(HEAR_LIVE_REGIONS)
    ann.goto(match.seat_link(0))
    bob.goto(match.seat_link(1))
    settled(bob)
    ann.locator('[data-action="rematch"]').click()
    expect(ann).not_to_have_url(re.compile(match.id))
    expect(ann.locator("#announce")).to_have_text("Waiting for Bob.")
    join = bob.get_by_role("button", name="Join the rematch")
    join.focus()
    bob.keyboard.press("Enter")
    expect(bob).to_have_url(re.compile(ann.url.split("/g/")[1].split("#")[0]))
    expect(bob.locator("#status")).to_have_attribute("data-status", "playing")
    settled(bob)
    status = sentence(bob.locator("#status").inner_text())
    expect(bob.locator("#announce")).to_have_text(status)
    bob.wait_for_timeout(500)  # polls that draw the page anew: none says it again
    assert heard(bob, status) == 1, bob.evaluate("window.heard")


def test_the_class_sheet_says_its_matches_are_made_in_place_of_the_last_progress_line(new_page):
    """The progress, "Making match 2 of 2…", was the live region's last words once the matches were made: a screen
    reader reading on to the end of the page found it there, as if the sheet were still at work. The finished message
    takes its place."""
    teacher = new_page()
    set_up(teacher, ["Ann", "Bob", "Cy", "Di"])
    teacher.locator('[data-key="make"]').click()
    made = teacher.locator("#made")
    expect(made).to_have_text(
        "Every pupil has a card. This device keeps no seat: it watches the matches, in My games.", timeout=MAKING_S * 1000)
    expect(teacher.locator("#announce")).to_have_text(made.inner_text())
