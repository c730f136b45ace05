"""One-screen play at 390x844: the player to move sees the status, the scores, the table, their hand
and the opponent's last move (in words and marked on the table) without scrolling, with two seats
and with a full table (6 or 8 players, long names, a longer language)."""
import re

import pytest
from playwright.sync_api import expect

from .drive import create_match, off_screen, settled, too_small
from .matches import GAMES, PLAYERS, new_match, unshuffled

LONG_NAMES = ["Ann", "Maximiliano Alejandro Fernández-García", "Cy", "Wolfgang Amadeus Mozart-Salieri", "Eve",
              "Christopher Columbus Jr.", "Gus", "Hal"]


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_fits_one_phone_screen(new_page, server, artifacts, game):
    match = new_match(server, game)
    match.play(lambda view: view["version"] >= 4 and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    page = new_page()
    page.emulate_media(reduced_motion="reduce")  # the last move shows at once, not mid-animation
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#last-move")).to_be_visible()
    page.screenshot(path=artifacts / f"{game}-turn.png")
    assert off_screen(page) == []


def test_an_addtoo_turn_fits_a_split_view_third(new_page, server, artifacts):
    """An iPad's Split View third (320x700): the five diamonds of the hand wrapped onto two rows, the second under the
    first screen. The table and the whole hand show on it, the diamonds still targets of 44 px."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"))
    # the first diamond placed: the second seat, to move, holds its five and sees that move
    match.play(lambda view: view["version"] >= 1 and "place" in match.view(view["turn"])["you"]["legal_moves"])
    page = new_page()
    page.set_viewport_size({"width": 320, "height": 700})
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator(".board .hand:not(.other) .tile-card")).to_have_count(5)
    settled(page)  # the last move above the table, and the turn scrolled into sight again under it
    page.screenshot(path=artifacts / "addtoo-turn-320x700.png")
    assert off_screen(page) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert min(box["height"] for box in (card.bounding_box() for card in page.locator(".board .hand:not(.other) .tile-card").all())) >= 44


@pytest.mark.parametrize(("game", "seats", "players", "locale"), [
    ("addtoo", 6, None, "en-GB"),
    ("addup", 6, None, "en-GB"),
    ("addem", 8, None, "en-GB"),
    ("addem", 8, LONG_NAMES, "en-GB"),
    ("addem", 8, LONG_NAMES, "de-DE"),
], ids=["addtoo-6", "addup-6", "addem-8", "addem-8-long-names", "addem-8-long-names-de"])
def test_a_turn_at_a_full_table_fits_one_phone_screen(new_page, server, artifacts, game, seats, players, locale):
    """Every seat's name and score, whose turn it is, the table and the hand on the first screen, the
    page no wider than the phone."""
    # ADD-TOO's deal fixed, its last move a bonus play said in four lines: with a random deal the test met one now and
    # then, and the hand was 17 px under the 844 px screen (the board is lower at such a table since)
    deck = {"deck": unshuffled(server, game, seats)} if game == "addtoo" else {}
    match = new_match(server, game, seats=seats, players=players, **deck)
    match.play(lambda view: view["version"] >= seats + 1
               and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    page = new_page(locale=locale)
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#last-move")).to_be_visible()
    expect(page.locator(".seats .seat")).to_have_count(seats)
    expect(page.locator(".seats .seat.turn")).to_have_count(1)
    page.screenshot(path=artifacts / f"{game}-{seats}-{locale}-turn.png")
    assert off_screen(page) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    names = page.locator(".seats .seat .who strong").all_inner_texts()  # whole: a long name wraps
    assert names == (players or PLAYERS)[:seats]
    if game == "addem":  # "0 of 50" alone read as a goal to reach (QA: teacher)
        lower_wins = {"en-GB": "Points: lower wins", "de-DE": "Punkte: weniger ist besser"}[locale]
        expect(page.locator(".scores .scores-note")).to_have_text(lower_wins)


@pytest.mark.parametrize("width", [320, 375])
def test_text_at_twice_its_size_still_fits_the_width_of_a_phone(new_page, server, artifacts, width):
    """A phone set to large text (twice the default size): no screen scrolls sideways, and no word
    is broken mid-word. Once the header (the name and the language menu, unwrapped) ran 160 px past
    the edge of a 320 px screen, and the score cards, 10rem each at least, 30 px."""
    match = new_match(server, "addup")
    match.play(lambda view: view["version"] >= 2)
    page = new_page()
    page.set_viewport_size({"width": width, "height": 640})
    for path in ("/", match.seat_link(match.view(0)["turn"])):
        page.goto(path)
        expect(page.locator("main h1")).to_be_visible()
        if path != "/":
            settled(page)  # the last move's words too
        page.evaluate("document.documentElement.style.fontSize = '200%'")  # a style sheet would break the page's policy
        page.screenshot(path=artifacts / f"text-200-{width}-{'home' if path == '/' else 'play'}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0, path
        assert page.evaluate(BROKEN_WORDS) == [], path


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "es-ES", "it-IT", "de-DE", "nl-NL", "pt-PT"])
def test_the_home_page_at_twice_the_text_size_keeps_its_words_whole_in_every_language(new_page, locale):
    """A 390 px phone at 200 % text: the heading broke German's "Rechenspiele" to "Rechenspiel|e" (QA)."""
    page = new_page(locale=locale)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    expect(page.locator("main .game-card").first).to_be_visible()
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # a style sheet would break the page's policy
    assert page.evaluate(BROKEN_WORDS) == []


# The words of the page's text that wrap across lines ("You|r turn"): a word on one line has one box
BROKEN_WORDS = """() => {
    const broken = [], walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement.checkVisibility() || node.parentElement.closest(".sr-only")) continue;
        for (const word of node.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            if (new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1) broken.push(word[0]);
        }
    }
    return broken;
}"""


# Phones held sideways: iPhone 12-14, two Androids, an iPhone SE
SIDEWAYS = {"844x390": {"width": 844, "height": 390}, "740x360": {"width": 740, "height": 360},
            "915x412": {"width": 915, "height": 412}, "667x375": {"width": 667, "height": 375}}


@pytest.mark.parametrize(("game", "seats"), [(game, 2) for game in GAMES] + [("plusminus", 8)])
@pytest.mark.parametrize("size", SIDEWAYS)
def test_a_phone_held_sideways_shows_the_table_beside_the_status(new_page, server, artifacts, size, game, seats):
    """At 667x375 the status and the scores filled the first screen (with 8 seats, no card of the
    table showed at all): the table now stands beside them. Its turn scrolled the status to the top of
    the screen, the table's top, higher, above it (ADD UP's top row title, ADD-TOO's zoom buttons), and at
    844x390 ADD UP's cards, larger from 48rem wide, left its hand half under the screen's foot: the table's
    top, the status and the whole hand now show together, the page no wider than the screen, every control
    44 px. A card picked left the move's buttons under the screen's foot in every game but Plus and Minus: they come
    into sight with it, and with what the game keeps in sight above them."""
    width, height = SIDEWAYS[size]["width"], SIDEWAYS[size]["height"]
    match = new_match(server, game, seats=seats, deck=unshuffled(server, game, seats))
    match.play(lambda view: view["version"] >= seats + 1
               and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    page = new_page()
    page.set_viewport_size(SIDEWAYS[size])
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    # The turn is scrolled into sight again once the history (the last move, above the table) has come: a tap before
    # that scroll could land beside the card
    settled(page)
    page.screenshot(path=artifacts / f"sideways-{game}-{seats}-{size}.png")
    # in one step of the page's own: a poll may repaint the table between two steps of the test's
    status, board, hand = page.evaluate("""() => [document.querySelector('#status'), document.querySelector('.board'),
        ...document.querySelectorAll('.board .hand:not(.other) .cards > *')].map((e) => e.getBoundingClientRect().toJSON())
        .reduce((parts, box, i) => i < 3 ? [...parts, box] : [parts[0], parts[1], {...parts[2], bottom: Math.max(parts[2].bottom, box.bottom)}], [])""")
    assert board["x"] >= status["x"] + status["width"], (status, board)
    assert board["top"] >= 0 and status["top"] >= 0 and status["bottom"] <= height, (status, board)
    assert hand["top"] >= 0 and hand["bottom"] <= height, hand
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert too_small(page) == []
    # A card picked rises, its tick above it: with the rows tightened they covered "Your hand"
    page.locator(".board .hand:not(.other) button.card:not([disabled])").first.tap()
    expect(page.locator('.board .hand [aria-pressed="true"]')).to_have_count(1)
    assert page.evaluate(COVERED, ".board .hand:not(.other) h3") == []
    # ...and the buttons that make the move come into sight with it: ADD'EM's "Draw a card", ADD UP's "Top row" and
    # "Bottom row", ADD-IT's "Collect cards" and ADD-TOO's "Place it" stayed under the foot
    page.screenshot(path=artifacts / f"sideways-{game}-{seats}-{size}-picked.png")
    assert page.evaluate(BELOW_THE_FOOT, ".board .controls button") == []


# The texts of the elements of `selector` that reach below the screen's foot
BELOW_THE_FOOT = """(selector) => [...document.querySelectorAll(selector)]
    .filter((element) => element.getBoundingClientRect().bottom > window.innerHeight).map((element) => element.textContent.trim())"""


@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, {"width": 375, "height": 667}, {"width": 390, "height": 844}],
                         ids=["360x640", "375x667", "390x844"])
@pytest.mark.parametrize("game", GAMES)
def test_a_card_picked_on_an_upright_phone_brings_the_moves_buttons_into_sight(new_page, server, game, size):
    """On a 360x640 phone a card picked in ADD-IT left "Show the biggest group" under the screen's foot: the scroll
    kept the table's top, its facts and title, in sight; it keeps the table's cards the group is taken from."""
    match = new_match(server, game, deck=unshuffled(server, game))
    match.play(lambda view: view["version"] >= 3
               and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    page = new_page()
    page.set_viewport_size(size)
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page)
    page.locator(".board .hand:not(.other) button.card:not([disabled])").first.tap()
    expect(page.locator('.board .hand [aria-pressed="true"]')).to_have_count(1)
    assert page.evaluate(BELOW_THE_FOOT, ".board .controls button") == []
    assert page.evaluate("document.querySelector('.board .hand [aria-pressed=true]').getBoundingClientRect().top") >= 0


# The points along the foot of each line of `selector`'s text where something else is drawn over it
COVERED = """(selector) => {
    const heading = document.querySelector(selector), range = document.createRange();
    range.selectNodeContents(heading);
    return [...range.getClientRects()].flatMap((line) => [line.left + 2, (line.left + line.right) / 2, line.right - 2]
        .map((x) => [x, line.bottom - 3]))
        .filter(([x, y]) => !heading.contains(document.elementFromPoint(x, y)));
}"""


@pytest.mark.parametrize("game", GAMES)
def test_a_desktop_zoomed_to_400_percent_shows_the_table_under_the_status_the_width_of_the_page(new_page, server,
                                                                                                artifacts, game):
    """1280x1024 at 400 % is 320x256 CSS px, wider than high: laid out as a phone held sideways, the page squeezed the
    status and scores into a column 110 px wide, a word or two a line, and the table beside them into 160 px (three
    cards of an ADD UP row in sight, an ADD-TOO board 163x140). One column now, the table as wide as the status,
    ADD-TOO's board three quarters of the screen high."""
    match = new_match(server, game, seats=3, deck=unshuffled(server, game, 3))
    match.play(lambda view: view["version"] >= 4
               and (game != "addtoo" or "place" in match.view(view["turn"])["you"]["legal_moves"]))
    page = new_page()
    page.set_viewport_size({"width": 320, "height": 256})
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page)  # laid out with the last move above the table
    page.screenshot(path=artifacts / f"zoom-400-{game}.png", full_page=True)
    status, board = page.evaluate("""() => ['#status', '.play > .board']
        .map((selector) => document.querySelector(selector).getBoundingClientRect().toJSON())""")  # in one step
    assert board["y"] >= status["y"] + status["height"] and board["width"] >= status["width"], (status, board)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    if game == "addtoo":
        assert page.locator(".addtoo-board").bounding_box()["height"] >= 0.75 * 256 - 1


@pytest.mark.parametrize(("game", "locale", "width"), [("plusminus", "fr-FR", 384), ("addem", "de-DE", 400)])
def test_a_grandparents_tablet_at_twice_the_text_size_in_their_language(new_page, server, artifacts, game, locale,
                                                                        width):
    """An old tablet zoomed to 200 % (384 px wide), three seats, in the grandparent's language: nothing runs
    off the side and no word breaks. A three-seat score ("−49 dans cette manche") kept to one line ran 44 px
    past the edge, cut off ("−49 dans cette man"); the titles of the panels under the table, as large as a
    heading, broke "Wieder|holung" and "Verla|uf" mid-word."""
    match = new_match(server, game, players=["Oma", "Mia", "Leo"])
    match.play(lambda view: view["version"] >= 3 and view["turn"] == 0)
    page = new_page(locale=locale)
    page.set_viewport_size({"width": width, "height": 600})
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page)  # the last move's words too
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # a style sheet would break the page's policy
    page.screenshot(path=artifacts / f"grandparent-{game}-{locale}.png", full_page=True)
    overflow = page.evaluate("""() => [document.documentElement.scrollWidth - document.documentElement.clientWidth,
        [...document.querySelectorAll('.seat .score')].filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)]""")
    assert overflow == [0, []], overflow
    assert [word for word in page.evaluate(BROKEN_WORDS) if "-" not in word] == []  # "Add-Em-|Karte" may wrap


@pytest.mark.parametrize("game", GAMES)
def test_a_small_phone_with_large_text_keeps_the_scores_side_by_side(new_page, server, artifacts, game):
    """A grandmother's 360x640 phone with Android's text at 130 %, two seats: the two score cards, 10rem wide at the
    least, no longer fitted side by side and stood one above the other, and "Your turn", 12em at the least, sent Hint
    to a row of its own: 190 px more before the table, the hand two screens down. Side by side now, Hint beside the
    status, nothing wider than the screen and no word broken."""
    match = new_match(server, game, deck=unshuffled(server, game))
    match.play(lambda view: view["version"] >= 2 and view["turn"] == 0
               and (game != "addtoo" or "place" in match.view(0)["you"]["legal_moves"]))
    page = new_page()
    page.set_viewport_size({"width": 360, "height": 640})
    page.add_init_script("addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '130%'; })")
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator('[data-key="hint"]')).to_be_visible()
    settled(page)
    page.screenshot(path=artifacts / f"text-130-360-{game}.png", full_page=True)
    status, hint, ann, bob = page.evaluate("""() => ['#status', '[data-key="hint"]', '.seats .seat:nth-child(1)',
        '.seats .seat:nth-child(2)'].map((selector) => document.querySelector(selector).getBoundingClientRect().toJSON())""")
    assert hint["top"] < status["bottom"], (status, hint)
    assert bob["top"] == ann["top"], (ann, bob)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert page.evaluate(BROKEN_WORDS) == []


def test_a_panel_title_that_wraps_with_large_text_starts_at_the_left_like_the_others(new_page, server, artifacts):
    """At 130 % text on a 360 px phone, "Give a seat a new link" takes two lines: its title stood centred, its arrow
    alone on a line under it at the left, unlike "Fair shuffle" above it, which reads from the left edge."""
    match = new_match(server, "addup")
    page = new_page()
    page.set_viewport_size({"width": 360, "height": 640})
    page.add_init_script("addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '130%'; })")
    page.goto(match.seat_link(0))
    expect(page.locator('[data-key="toggle-links"]')).to_be_visible()
    lefts = page.evaluate("""() => [...document.querySelectorAll('.disclose')].map((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return [button.textContent.trim(), Math.round(range.getClientRects()[0].left - button.getBoundingClientRect().left)];
    })""")
    assert len(lefts) >= 2 and all(left == 0 for _, left in lefts), lefts


@pytest.mark.parametrize("width", [320, 360])
def test_my_games_at_twice_the_text_size_keeps_a_games_name_whole_beside_its_remove_button(new_page, server, artifacts,
                                                                                         width):
    """A grandmother's phone at 200 % text, My games listing a match she watches: Remove, as wide as its large label,
    left the game's name a column two letters wide, "Plus and Minus" read "Plu|s an|d Min|us". The button goes under
    the name when both do not fit on one line."""
    match = new_match(server, "plusminus")
    page = new_page()
    page.set_viewport_size({"width": width, "height": 640})
    page.goto(f"/g/{match.id}")  # no seat: watched, and kept in My games with Remove
    expect(page.locator("#status")).to_be_visible()
    page.goto("/")
    expect(page.locator(f'[data-key="forget-{match.id}"]')).to_be_visible()
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # a style sheet would break the page's policy
    page.screenshot(path=artifacts / f"text-200-{width}-my-games.png", full_page=True)
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_the_replay_at_twice_the_text_size_keeps_a_rows_title_and_sum_whole(new_page, server, artifacts):
    """A grandmother's 320 px phone at 200 % text opens an ADD UP match's replay: inside its dashed frame, narrower than
    the table, a row's title and its sum shared one line, each squeezed to a word's part a line ("Botto|m row",
    "su|m 7"). The sum now goes under the title when both do not fit."""
    match = new_match(server, "addup", seats=3, deck=unshuffled(server, "addup", 3))
    match.play(lambda view: view["version"] >= 2 and view["turn"] == 0)
    page = new_page()
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page)  # the replay's words of a step come from the history
    page.locator('[data-key="toggle-replay"]').click()
    expect(page.locator(".replay-board .sum").first).to_be_visible()
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # a style sheet would break the page's policy
    page.locator(".replay-board").screenshot(path=artifacts / "text-200-320-replay.png")
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("game", GAMES)
def test_a_desktop_zoomed_to_200_percent_opens_the_replay_as_wide_as_the_table(new_page, matches, artifacts, game):
    """1280x800 at 200 % is 640x400 CSS px, laid out as a phone held sideways: the replay, in the column of the status
    and the scores, drew its table 210 px wide, narrower than any phone's (ADD-TOO's diamonds too small to read, an
    ADD UP row scrolled), the column beside it empty under the table. Open, it spans both columns under the table."""
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 640, "height": 400})
    page.goto(matches["playing"][game].seat_link(0))
    expect(page.locator("#last-move")).to_be_visible()
    page.locator('[data-key="toggle-replay"]').click()
    expect(page.locator(".replay-board")).to_be_visible()
    page.screenshot(path=artifacts / f"zoom-200-{game}-replay.png", full_page=True)
    table, replay = page.evaluate("""() => ['.play > .board', '.replay-board']
        .map((selector) => document.querySelector(selector).getBoundingClientRect().toJSON())""")  # in one step
    assert replay["width"] >= table["width"] and replay["y"] >= table["y"] + table["height"], (table, replay)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


OUTSIDE_ITS_PANEL = """() => [...document.querySelectorAll('.play .panel :is(.join-code, .qr)')].filter((shown) => {
    const box = (shown.querySelector('[aria-hidden]') ?? shown).getBoundingClientRect();  // a code's letters, not its box
    const panel = shown.closest('.panel').getBoundingClientRect();
    const ring = parseFloat(getComputedStyle(shown).outlineWidth) + parseFloat(getComputedStyle(shown).outlineOffset);
    return box.left - ring < panel.left || box.right + ring > panel.right;
}).map((shown) => `${shown.className.baseVal ?? shown.className} in ${shown.closest('.panel').className}`)"""


@pytest.mark.parametrize("size", [{"width": 640, "height": 400}, {"width": 480, "height": 270}, {"width": 844, "height": 390}],
                         ids=["desktop-200", "desktop-1920-at-400", "phone-sideways"])
def test_the_invite_s_code_and_qr_codes_stay_inside_their_panels_beside_the_table(new_page, artifacts, size):
    """1280x800 at 200 % is 640x400 CSS px, laid out as a phone held sideways: the waiting screen's invite, in the
    column of the status (237 px), drew its join code and QR code by the screen's width, the code 300 px wide, out of
    its panel over the table, the QR code over the panel's edge; the seat's own QR code, ringed, as well."""
    page = new_page()
    page.set_viewport_size(size)
    create_match(page, "addup")
    page.locator('.seat-link [data-key^="show-qr"]').click()
    expect(page.locator(".seat-link .qr")).to_be_visible()
    page.screenshot(path=artifacts / f"invite-{size['width']}x{size['height']}.png", full_page=True)
    assert page.evaluate(OUTSIDE_ITS_PANEL) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("player", ["scrolls", "taps a card"])
def test_a_player_who_moved_the_page_before_the_history_came_keeps_it_where_it_is(new_page, server, player):
    """A 360x640 phone: the turn opened scrolled to the table's top, and the history (the last move, above the table)
    came a moment later, on a slow network. The player had meanwhile scrolled down to the hand, or tapped a card (its
    moves brought up under it): the history's repaint scrolled the turn into sight again, the page jumped under the
    finger. Once the player has scrolled, touched or typed, the turn stays where they left it."""
    match = new_match(server, "addup", deck=unshuffled(server, "addup"))
    match.play(lambda view: view["version"] >= 3)
    page = new_page()
    page.set_viewport_size({"width": 360, "height": 640})
    page.emulate_media(reduced_motion="reduce")
    held, history = [], re.compile(rf"/api/v1/games/{match.id}/moves\?")
    page.route(history, lambda route: held.append(route))  # the history, slow to come
    page.goto(match.seat_link(match.view(0)["turn"]))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    page.wait_for_function("scrollY > 0")  # the turn's scroll, to the table's top
    if player == "scrolls":
        before = page.evaluate("scrollY")
        page.mouse.wheel(0, 60)
        page.wait_for_function("(before) => scrollY === before + 60", arg=before)  # the whole scroll, had it steps
    else:
        card = page.locator(".board .hand:not(.other) button.card:not([disabled])").first
        card.tap()
        expect(card).to_have_attribute("aria-pressed", "true")
    left = page.evaluate("scrollY")
    while not held:  # asked for with the match's view (the route's handler runs as this process reads Playwright's events)
        page.wait_for_timeout(20)
    page.unroute(history)
    for route in held:
        route.fallback()
    expect(page.locator("#last-move")).to_be_visible()  # drawn by the repaint that would have scrolled
    assert page.evaluate("scrollY") == left
