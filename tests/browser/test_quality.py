"""Quality in a real browser: no serious accessibility violation on any screen (axe-core, WCAG 2.2
AA tags) and no control under 44x44 px nor text under 12 px (drive.too_small), a turn played with the keyboard alone,
and a label on every card (the installable app shell: test_installed.py)."""
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .contrast import COLOURS, faint_rings, low_contrast
from .drive import create_match, join_match, settled, status, too_small
from .matches import GAMES, choose, new_match, unshuffled
from .test_computer import play_against_the_computer
from .test_i18n import navigate, open_panels

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE = Axe()


def serious_violations(page) -> list[str]:
    results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_screen_has_a_serious_accessibility_violation_low_contrast_a_small_target_or_small_text(
        new_page, matches, scheme):
    """In both themes: a phone set to dark gets light text on dark grounds, held to the same contrast by axe and by
    contrast.py, which also measures the edges of fields (theirs was 1.9:1, a decoration's grey) and focus rings (a
    class's set-up and sheet: test_class_sheet.py; a mistyped join code: test_join_code.py)."""
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    found = {}

    def scan(name, on=page):
        found[name] = serious_violations(on) + too_small(on) + low_contrast(on) + faint_rings(on)

    invite = create_match(page, "addup")
    scan("waiting (invite, join code, QR code, seat link)")
    navigate(page, "/")
    expect(page.locator(".games li")).to_have_count(5)
    scan("home, with My games")
    navigate(page, "/new/addem")
    expect(page.locator('form[data-submit="create"]')).to_be_visible()
    scan("create")
    navigate(page, "/rules/addtoo")
    expect(page.locator(".interpretations li").first).to_be_visible()
    scan("rules")
    for path in ("/privacy", "/no-such-page"):
        navigate(page, path)
        expect(page.locator("main h1")).to_be_visible()
        scan(path)
    joiner = new_page()
    joiner.emulate_media(color_scheme=scheme)
    joiner.goto(invite)
    expect(joiner.locator('form[data-submit="join"]')).to_be_visible()
    scan("join", joiner)
    joiner.locator('input[name="name"]').fill("Ann")
    joiner.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(joiner.locator("main .error")).to_contain_text("Another player of this match is called Ann")
    scan("join, refused", joiner)
    for game in GAMES:
        navigate(page, matches["playing"][game].seat_link(0))
        expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
        settled(page)  # not scanned, nor tapped, as the history's repaint draws the table again
        page.locator(".hand button.card:not([disabled])").first.click()
        scan(f"{game} playing, a card chosen")
        navigate(page, matches["over"][game].seat_link(0))
        expect(page.locator("#status")).to_have_attribute("data-status", "over")
        open_panels(page, verify=True)
        scan(f"{game} over, with the log, replay and fair-shuffle panels open")
    navigate(page, matches["timed"].seat_link(0))
    expect(page.locator("#deadline")).to_be_visible()
    page.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    expect(page.locator(".confirm")).to_be_visible()
    scan("a timed match, asking whether to resign")
    page.locator('[data-key="confirm-no"]').click()
    page.locator('[data-action="askConfirm"][data-confirm="toBot"]').click()
    expect(page.locator('[data-key="to-bot-hard"]')).to_be_visible()
    scan("a timed match, asking which computer is to play the seat")
    navigate(page, matches["left"].seat_link(2))
    expect(page.locator("#left-note")).to_be_visible()
    scan("a match the seat left (the autopilot plays it)")
    problems = "\n".join(f"{name}: {v}" for name, v in found.items() if v)
    assert not problems, problems


@pytest.mark.parametrize("game", GAMES)
def test_every_card_has_a_label_for_screen_readers(new_page, matches, game):
    page = new_page()
    navigate_to = matches["playing"][game].seat_link(0)
    page.goto(navigate_to)
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    cards = page.locator(".card")
    assert cards.count() > 0
    labels = [cards.nth(i).get_attribute("aria-label") or "" for i in range(cards.count())]
    assert all(labels), labels
    if game == "addem":
        # a Total card of the hand, a button, is named after what it shows too (a voice user says "7 total")
        assert all(re.fullmatch(r"(Figure|Minus|Total) card −?\d+|−?\d+ total card|(Odd|Even) Add-Em card", label)
                   for label in labels), labels


def tab_to(page, selector: str, limit: int = 80) -> int:
    """Press Tab until the focused element matches `selector`; how many times it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return presses
    raise AssertionError(f"Tab never reached {selector}")


def test_a_turn_of_add_up_can_be_played_with_the_keyboard_alone(new_page):
    ann, bob = new_page(), new_page()
    join_match(bob, create_match(ann, "addup"))
    expect(ann.locator("#status")).to_have_class(re.compile("your-turn"))
    tab_to(ann, ".hand button.card")
    ann.keyboard.press("Enter")
    tab_to(ann, '[data-action="play"]')
    ann.keyboard.press("Enter")
    expect(ann.locator("#status")).to_have_attribute("data-version", "1")
    expect(bob.locator("#status")).to_have_class(re.compile("your-turn"))


def move_with_the_keyboard(page) -> None:
    """Plus and Minus: Tab to the first card, choose it, Tab to its move, make it."""
    tab_to(page, ".hand button.card")
    page.keyboard.press("Enter")
    tab_to(page, '.controls [data-action="move"]')
    page.keyboard.press("Enter")


def test_after_a_move_made_with_the_keyboard_the_focus_stays_near_the_hand(new_page):
    """Plus and Minus against the computer: the move's button goes with the move, and the focus lands on
    the status line, from which the next Tabs reach the hand again, not from the top of the page."""
    page = new_page()
    play_against_the_computer(page, "plusminus", "easy", {"games": 1})
    version = status(page)[1]
    move_with_the_keyboard(page)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 2))  # the move, the bot's reply
    expect(page.locator("#status")).to_be_focused()
    assert tab_to(page, ".hand button.card") <= 2  # the Hint button, then the first card


def test_the_focus_given_back_after_a_repaint_does_not_scroll_the_page(new_page, server):
    """A move made with the keyboard leaves the focus on the status line; the player scrolls down; the
    next seat's move, which makes it nobody's turn here, repaints the page and the focus comes back to
    the status line without scrolling up to it (only this seat's own turn brings the status into view)."""
    match = new_match(server, "plusminus", seats=3)
    mover = match.view(0)["turn"]
    page = new_page()
    page.goto(match.seat_link(mover))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    version = status(page)[1]
    move_with_the_keyboard(page)
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#status")).to_be_focused()
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # down to the boards, the status line out of sight
    expect(page.locator("#status")).not_to_be_in_viewport()
    after = match.view(mover)["turn"]
    match.move(after, choose("plusminus", match.view(after)))
    assert match.view(mover)["turn"] != mover  # three seats: not this one's turn yet
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 2))
    expect(page.locator("#status")).to_be_focused()
    expect(page.locator("#status")).not_to_be_in_viewport()


def waiting_on_the_keyboard(new_page, server, game: str, selector: str):
    """Seat 0's page of a two-seat match of `game` dealt from its unshuffled deck, the other seat to move, the focus
    taken with Tab to `selector`: (match, page)."""
    match = new_match(server, game, deck=unshuffled(server, game))
    match.play(lambda view: view["version"] >= 3 and view["turn"] == 1)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    tab_to(page, selector)
    return match, page


def test_the_turn_brought_into_view_takes_a_focus_it_left_out_of_sight(new_page, server):
    """On the keyboard, waiting on the Replay button under the table: the other player's move made it this seat's
    turn and the page scrolled up to the status and the hand, leaving the focus out of sight down there, where the
    next Tab went on to the replay. The status line takes it, as after a move: the next Tabs reach the hand."""
    match, page = waiting_on_the_keyboard(new_page, server, "addup", '[data-key="toggle-replay"]')
    match.move(1, choose("addup", match.view(1)))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#status")).to_be_focused()
    expect(page.locator("#status")).to_be_in_viewport()
    assert tab_to(page, ".hand button.card") == 4  # the Hint button, the two rows (each scrolls), the first card


def test_a_diamond_can_be_placed_on_the_add_too_board_with_the_keyboard_alone(new_page, server):
    match = new_match(server, "addtoo")
    match.play(lambda view: view["version"] >= 1 and "place" in (match.view(view["turn"])["you"]["legal_moves"] or {}))
    seat = match.view(0)["turn"]
    page = new_page()
    page.goto(match.seat_link(seat))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    version = status(page)[1]
    tab_to(page, '.hand button[data-action="tile"]')
    page.keyboard.press("Enter")
    if not page.locator('[data-action="place"]').count():
        expect(page.locator("g.target").first).to_be_focused()  # the lit cells, above the hand, come next
        page.keyboard.press(" ")
    tab_to(page, '[data-action="place"]')
    page.keyboard.press("Enter")
    expect(page.locator("#status")).not_to_have_attribute("data-version", str(version))
    expect(page.locator("#status")).to_be_focused()  # not <body>: the Place button went with the move


def test_add_it_collects_with_the_keyboard_alone_the_table_s_cards_taking_the_focus(new_page, server):
    """The table's cards, to pick once a card of the hand is chosen, sit above the hand: Tab from the card went on
    down the hand and never reached them. A card chosen with a key that makes a group sends the focus to them."""
    match = new_match(server, "addit")

    def grouped(view):  # the hand's cards that make a group with table cards, for the seat to move
        return [offer for offer in match.view(view["turn"])["you"]["legal_moves"]["play"] if offer["captures"]]

    view = match.play(lambda view: bool(grouped(view)))
    offer = grouped(view)[0]
    page = new_page()
    page.goto(match.seat_link(view["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    version = status(page)[1]
    tab_to(page, f'.hand button[data-card="{offer["card"]}"]')
    page.keyboard.press("Enter")
    expect(page.locator('.addit [data-action="pick"]').first).to_be_focused()
    for card in offer["captures"][0]:
        tab_to(page, f'[data-action="pick"][data-card="{card}"]')
        page.keyboard.press(" ")
        expect(page.locator(f'[data-action="pick"][data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    tab_to(page, '[data-action="capture"]')
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#last-move")).to_contain_text("collected")  # the group, with the card played


def asked_to_resign(new_page, server):
    """A seat's page whose Resign button was pressed with the keyboard: the match, the page, the button."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(0))
    resign = page.locator('[data-action="askConfirm"][data-confirm="resign"]')
    resign.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#confirm-question")).to_be_focused()  # at the foot, where it appears
    return match, page, resign


def test_a_question_asked_before_resigning_takes_the_focus_and_cancel_gives_it_back(new_page, server):
    _, page, resign = asked_to_resign(new_page, server)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator('[data-action="cancelConfirm"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(resign).to_be_focused()


def test_escape_cancels_the_question_and_gives_the_focus_back(new_page, server):
    match, page, resign = asked_to_resign(new_page, server)
    page.keyboard.press("Tab")  # on "Yes, resign": Escape still says no
    page.keyboard.press("Escape")
    expect(page.locator("#confirm-question")).to_have_count(0)
    expect(resign).to_be_focused()
    assert match.view(0)["status"] == "playing"


def test_the_focus_a_resignation_moves_to_the_status_line_is_scrolled_into_view(new_page, server):
    """"Yes, resign" at the foot of the page goes with the resignation: the status line above takes the
    focus, and the page scrolls up to it, not leaving the focus out of sight."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(0))
    page.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    yes = page.locator('[data-action="confirmed"]')
    yes.focus()
    expect(page.locator("#status")).not_to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_attribute("data-status", "over")
    expect(page.locator("#status")).to_be_focused()
    expect(page.locator("#status")).to_be_in_viewport()


def test_the_last_card_played_is_marked_unlike_the_focus_ring(new_page):
    page = new_page()
    page.goto("/")
    expect(page.locator("main h1")).to_be_visible()  # the home screen mounted: it focuses <main>, which has no ring
    page.keyboard.press("Tab")
    rings = page.evaluate("""() => {
        const ring = (e) => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineColor, s.boxShadow]; };
        const focused = ring(document.activeElement);
        const card = document.createElement('span');
        card.className = 'card last-played';
        document.querySelector('main').append(card);
        return [focused, ring(card)];
    }""")
    focused, last = rings
    assert focused[0] == "solid" and last[0] not in ("solid", "none"), rings
    assert focused[1] != last[1], rings


def test_removing_a_match_from_my_games_leaves_the_focus_on_the_list(new_page, server):
    page = new_page()
    over = [new_match(server, "addup") for _ in range(2)]
    for match in over:
        assert match.post("resign", 1).status_code == 200
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_have_attribute("data-status", "over")
    page.goto("/")
    for match, after in zip(over, ["#mine-list", "#games-title"]):  # the last gone, so is the list
        page.locator(f'[data-action="forget"][data-id="{match.id}"]').focus()
        page.keyboard.press("Enter")
        expect(page.locator(f'[data-action="forget"][data-id="{match.id}"]')).to_have_count(0)
        expect(page.locator(after)).to_be_focused()


def test_my_games_says_what_changed_and_names_the_match_each_remove_button_removes(new_page, server):
    match = new_match(server, "addup")
    seat = 1 - match.view(0)["turn"]
    other = "Bob" if seat == 0 else "Ann"
    page = new_page()
    page.goto(match.seat_link(seat))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    page.goto("/")
    expect(page.locator(f'.my-games a[href="/g/{match.id}"]')).to_be_visible()
    match.play(lambda view: view["turn"] == seat)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(page.locator("#announce")).to_have_text(f"Your turn in ADD UP with {other}.")
    assert match.post("resign", 1 - seat).status_code == 200
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#announce")).to_have_text(f"ADD UP with {other} is over.")
    expect(page.get_by_role("button", name=f"Remove ADD UP with {other}")).to_be_visible()


def test_the_focus_ring_in_the_header_stands_out_from_its_blue(new_page):
    """WCAG 2.2's focus appearance: 3:1 at least against what is around it (the orange ring of the
    page was 1.6:1 on the header's blue)."""
    page = new_page()
    page.goto("/")
    expect(page.locator("main h1")).to_be_visible()
    page.keyboard.press("Tab")  # from the keyboard: the ring shows
    page.locator(".top .brand").focus()
    ratio = page.evaluate("() => {" + COLOURS + """
        return ratio(parse(getComputedStyle(document.activeElement).outlineColor),
                     parse(getComputedStyle(document.querySelector('.top')).backgroundColor)); }""")
    assert ratio >= 3, ratio


def test_the_ring_of_the_last_add_up_card_is_not_cut_by_its_row(new_page, server):
    match = new_match(server, "addup")
    match.play(lambda view: view["version"] >= 1)
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(match.view(0)["turn"]))
    last = page.locator(".board .last-played").first
    expect(last).to_be_visible()
    # In one step of the page's own: a poll's repaint between finding the card and measuring it left a detached card
    cut = page.evaluate("""() => {
        const card = document.querySelector('.board .last-played');
        const ring = parseFloat(getComputedStyle(card).outlineWidth) + parseFloat(getComputedStyle(card).outlineOffset);
        const box = card.getBoundingClientRect(), row = card.closest('.cards'), clip = row.getBoundingClientRect();
        return [box.top - ring - clip.top, clip.bottom - box.bottom - ring];
    }""")
    assert min(cut) >= 0, cut


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_each_link_of_the_home_page_s_games_names_its_game(new_page, locale):
    """A screen reader's list of links read "New match", "Play against the computer" and "Rules" five times
    over, not saying which game each opens: each name says its game, after the words it shows."""
    page = new_page(locale=locale)
    page.goto("/")
    expect(page.locator(".games .game-card")).to_have_count(5)
    every = []
    for card in page.locator(".games .game-card").all():
        game = card.locator("h3").inner_text()
        names = re.findall(r'link "(.*)"', card.aria_snapshot())
        assert len(names) == 3 and all(re.fullmatch(rf"\S.* \({re.escape(game)}\)", name) for name in names), names
        every += names
    assert len(set(every)) == 15, every
