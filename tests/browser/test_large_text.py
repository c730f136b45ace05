"""A grandmother's phone with the browser's text made larger (130 %, sometimes 200 %): the play screen, the create
form, the class sheet, join by code and a seat's new link stay readable, whole and, where it matters, on one screen."""
import re

import pytest
from playwright.sync_api import expect

from .drive import settled
from .matches import GAMES, new_match, unshuffled
from .test_class_results import cards_made
from .test_class_sheet import set_up
from .test_one_screen import BROKEN_WORDS

TEXT_AT = "addEventListener('DOMContentLoaded', () => {{ document.documentElement.style.fontSize = '{}%'; }})"


def large_text_page(new_page, width: int, height: int, percent: int, locale: str = "en-GB"):
    page = new_page(locale=locale)
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(TEXT_AT.format(percent))  # a style sheet would break the page's policy
    page.emulate_media(reduced_motion="reduce")
    return page


@pytest.mark.parametrize(("game", "seats"), [(game, seats) for game in GAMES for seats in (2, 3, 4)
                                             if (game, seats) != ("addtoo", 4)])  # see the README: not this one
def test_at_130_percent_text_the_table_and_the_hand_share_the_first_screen(new_page, server, artifacts, game, seats):
    """A 360x740 phone at 130 % text, her turn: in ADD UP, ADD-IT and ADD-TOO her hand started 100-150 px below the
    first screen, under the header, the status, a column of score cards, the last move and the table; she scrolled
    down to her cards and back up to the table at every turn. The table's top and her hand's first row now show
    together without scrolling."""
    match = new_match(server, game, seats=seats, deck=unshuffled(server, game, seats))
    match.play(lambda view: view["version"] >= seats + 1 and view["turn"] == 0
               and (game != "addtoo" or "place" in match.view(0)["you"]["legal_moves"]))
    page = large_text_page(new_page, 360, 740, 130)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(page.locator("#last-move")).to_be_visible()
    page.screenshot(path=artifacts / f"text-130-360x740-{game}-{seats}.png")
    # in one step of the page's own: a poll may repaint the table between two steps of the test's
    status, board, card = page.evaluate("""() => ['#status', '.play > .board', '.board .hand:not(.other) .cards > *']
        .map((selector) => document.querySelector(selector).getBoundingClientRect().toJSON())""")
    assert status["top"] >= 0 and board["top"] >= 0, (status, board)
    assert card["bottom"] <= 740, card  # the page scrolled the status to the screen's top when the hand was below
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("game", GAMES)
def test_the_create_form_at_twice_the_text_size_on_a_small_phone_keeps_its_words_whole(new_page, artifacts, game):
    """A 320 px phone at 200 % text: ADD'EM's "Wrong sums" choice broke "arith|metic", squeezed by the paddings of
    the page, the fieldset and the choice's frame around it. Nothing wider than the screen either."""
    page = large_text_page(new_page, 320, 640, 200)
    page.goto(f"/new/{game}")
    page.locator('[data-key="seats-3"]').click()
    expect(page.locator('[data-key="player-2-"]')).to_be_visible()
    page.screenshot(path=artifacts / f"text-200-320-create-{game}.png", full_page=True)
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# A menu (a select) never wrapped, it cut ("A friend, who joins wi"); the form's choices are buttons now (a switch
# reaches each with Tab): a word one of them breaks, or a choice wider than the screen
CHOICES_CUT = """() => [...document.querySelectorAll('main button.choice')].filter((choice) =>
    choice.getBoundingClientRect().right > document.documentElement.clientWidth
    || choice.scrollWidth > choice.clientWidth).map((choice) => choice.textContent.trim())"""


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL", "pt-PT", "pt-BR"])
def test_at_130_percent_text_the_menus_of_the_create_form_show_their_choices_whole(new_page, artifacts, locale):
    """A 360 px phone at 130 % text: "Player 2"'s menu cut its first choice, "A friend, who joins with the link", to
    "A friend, who joins wi" (and, on a shared device, "A player at this device" in five languages of six): shorter
    choices now, in every language, for a friend and for a player at the device."""
    page = large_text_page(new_page, 360, 740, 130, locale)
    page.goto("/new/addem")
    page.locator('[data-key="seats-3"]').click()
    expect(page.locator('[data-key="player-2-"]')).to_be_visible()
    page.screenshot(path=artifacts / f"text-130-360-create-{locale}.png", full_page=True)
    assert page.evaluate(CHOICES_CUT) == [] and page.evaluate(BROKEN_WORDS) == []
    page.locator('[data-key="place-table"]').click()
    expect(page.locator('[data-key="player-2-"]')).to_have_attribute("aria-checked", "true")
    assert page.evaluate(CHOICES_CUT) == [] and page.evaluate(BROKEN_WORDS) == []


def test_at_twice_the_text_size_the_join_code_stays_on_one_line(new_page, artifacts):
    """A 320 px phone at 200 % text, the match waiting: the join code, drawn 9vw high at least 2rem, broke at its
    hyphen, "JFW-" over "C6T", read aloud across a table as two codes. Whole on one line now."""
    page = large_text_page(new_page, 320, 640, 200)
    page.goto("/new/addup")
    page.locator('input[name="name-0"]').fill("Ann")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    code = page.locator('#join-code [aria-hidden="true"]')
    expect(code).to_have_text(re.compile(r"^\w{3}-\w{3}$"))
    page.locator("#join-code").screenshot(path=artifacts / "text-200-320-join-code.png")
    assert code.inner_text() not in page.evaluate(BROKEN_WORDS)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_at_twice_the_text_size_the_class_forms_matches_keep_a_pupils_name_whole(new_page, artifacts):
    """A teacher's 320 px phone at 200 % text: the list of the matches the class form will make, indented 1.75rem,
    broke "Maximilian|o". Whole now, nothing wider than the screen."""
    page = large_text_page(new_page, 320, 640, 200)
    page.goto("/class/addup")
    page.locator('textarea[name="pupils"]').fill("Ann\nBob\nCy\nMaximiliano Alejandro\nEve\n")
    expect(page.locator(".class-matches li")).to_have_count(3)
    page.locator(".class-matches").screenshot(path=artifacts / "text-200-320-class-matches.png")
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("game", GAMES)
def test_at_twice_the_text_size_the_hand_comes_before_the_log_and_the_tools(new_page, server, artifacts, game):
    """A 360x740 phone at 200 % text, her turn: the page stacks, and her hand comes right after the table, before the
    log, the replay, the rules and the tools, in reading order and on the page, and no more than two screens down."""
    match = new_match(server, game, deck=unshuffled(server, game))
    match.play(lambda view: view["version"] >= 3 and view["turn"] == 0
               and (game != "addtoo" or "place" in match.view(0)["you"]["legal_moves"]))
    page = large_text_page(new_page, 360, 740, 200)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page)  # the last move, above the table, pushes the hand down
    page.screenshot(path=artifacts / f"text-200-360x740-{game}.png", full_page=True)
    before, below = page.evaluate("""() => {
        const card = document.querySelector('.board .hand:not(.other) .cards > *');
        const later = [...document.querySelectorAll('.play > .panel, .play > .links, .play > .actions')];
        return [later.every((e) => card.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING
                                    && e.getBoundingClientRect().top >= card.getBoundingClientRect().bottom),
                card.getBoundingClientRect().top + scrollY];
    }""")
    assert before
    assert below < 2 * 740, below


@pytest.mark.parametrize("game", GAMES)
def test_at_twice_the_text_size_on_a_320_px_screen_a_new_match_keeps_its_words_whole(new_page, server, artifacts, game):
    """A teacher reading at 200 % on a 320 px screen (a desktop zoomed to 400 %) opened a new Plus and Minus match:
    "Top card" beside "No card played yet." broke into "Top car|d", the heading squeezed by the sentence beside it."""
    match = new_match(server, game, deck=unshuffled(server, game))
    page = large_text_page(new_page, 320, 640, 200)
    page.goto(match.seat_link(1 - match.view(0)["turn"]))
    settled(page)
    page.screenshot(path=artifacts / f"text-200-320-new-{game}.png", full_page=True)
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# The words broken inside an element, from a locator's evaluate
BROKEN_WITHIN = BROKEN_WORDS.replace("() =>", "(scope) =>", 1).replace('document.querySelector("main")', "scope")

# The rules page's "Play against the computer": in English for each game, and in the languages it broke a word in
COMPUTER_FORMS = [(game, "en-GB") for game in GAMES] + [("plusminus", locale) for locale in
                                                        ("es-ES", "it-IT", "nl-NL", "pt-PT", "pt-BR")]


@pytest.mark.parametrize(("game", "locale"), COMPUTER_FORMS)
def test_at_twice_the_text_size_the_rules_pages_computer_form_keeps_its_words_whole(new_page, artifacts, game, locale):
    """A grandmother's 360x740 phone at 200 % text, on a game's page to play against the computer: the panel's frame
    around the form's fieldsets, 24 px a side, and the tick box's 40 px left "them|selves)" under "Help with the sums",
    "arith|metic" in ADD'EM's "Wrong sums", "Makkelijk|:", "adelan|tado", "(desmar|cada:". Whole now, the page no
    wider than the phone."""
    page = large_text_page(new_page, 360, 740, 200, locale)
    page.goto(f"/rules/{game}")
    form = page.locator(".computer")
    expect(form.locator('[data-key="play-computer"]')).to_be_visible()
    form.screenshot(path=artifacts / f"text-200-360-computer-{game}-{locale}.png")
    assert form.evaluate(BROKEN_WITHIN) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize(("path", "locale", "selector"), [("/rules/addit", "en-GB", "h1"), ("/rules/addtoo", "en-GB", "h1"),
                                                          ("/new/addit", "fr-FR", '[data-key="rules"]'),
                                                          ("/new/addtoo", "de-DE", '[data-key="rules"]')])
def test_at_twice_the_text_size_a_game_name_is_not_split_at_its_hyphen(new_page, artifacts, path, locale, selector):
    """A 360x740 phone at 200 % text: the rules page's heading read "Rules of ADD-" over "IT", and the create form's
    link "Règles du jeu ADD-" over "IT"; the name is whole on a line of its own now, the heading as many lines."""
    page = large_text_page(new_page, 360, 740, 200, locale)
    page.goto(path)
    # the page drawn (the rules' heading is the game's name alone until they come)
    expect(page.locator('[data-key="play-computer"], form[data-submit="create"]').first).to_be_visible()
    words = page.locator(selector)
    expect(words).to_contain_text(re.compile("ADD-(IT|TOO)"))
    words.screenshot(path=artifacts / f"text-200-360-name-{path.replace('/', '-')}-{locale}.png")
    assert words.evaluate(BROKEN_WITHIN) == []


# How far a card picked in the hand, and its tick, reach up into the hand's title (its words' box): above 0, they cover it
PICKED_OVER_TITLE = """() => {
    const card = document.querySelector('.board .hand:not(.other) .card.selected');
    const words = document.createRange();
    words.selectNodeContents(card.closest('.hand').querySelector('h3'));
    const tick = card.getBoundingClientRect().top + parseFloat(getComputedStyle(card, '::after').top);
    return words.getBoundingClientRect().bottom - Math.min(card.getBoundingClientRect().top, tick);
}"""


@pytest.mark.parametrize("percent", [130, 200])
@pytest.mark.parametrize("game", ["addup", "addit", "plusminus", "addem"])
def test_with_large_text_a_card_picked_leaves_the_hands_title_readable(new_page, server, artifacts, game, percent):
    """A 360x740 phone at 200 % text (and 130 %), her turn: the card she tapped rose 0.35rem with its tick 0.6rem over
    it, onto "Your hand" above (27 px over its words at 200 %, "r h" hidden). The card stays in its row there, its
    tick under the title, the hand as high on the screen as before."""
    match = new_match(server, game, deck=unshuffled(server, game))
    match.play(lambda view: view["version"] >= 3 and view["turn"] == 0)
    page = large_text_page(new_page, 360, 740, percent)
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    settled(page)
    page.locator(".board .hand:not(.other) button.card:not([disabled])").first.click()
    expect(page.locator(".board .hand:not(.other) .card.selected")).to_have_count(1)
    page.locator(".board .hand:not(.other)").screenshot(path=artifacts / f"text-{percent}-360-picked-{game}.png")
    assert page.evaluate(PICKED_OVER_TITLE) <= 0


@pytest.mark.parametrize(("width", "percent"), [(360, 200), (320, 200), (390, 200), (360, 130)])
def test_with_large_text_the_list_of_languages_opens_on_the_screen(new_page, artifacts, width, percent):
    """A 360x740 phone at 200 % text: the header in two lines, the language button on the left under the app's name,
    the list it opens hung from the button's right edge leftwards, 20rem wide, and 110 px of it lay off the screen:
    "ish", "ais", "ñol" to choose from. Each language now shows whole on the screen."""
    page = large_text_page(new_page, width, 740, percent)
    page.goto("/")
    page.locator("#language").click()
    choices = page.locator("#languages [data-lang]")
    expect(choices).to_have_count(8)
    page.screenshot(path=artifacts / f"text-{percent}-{width}-languages.png")
    off = page.evaluate("""() => [...document.querySelectorAll('#languages [data-lang]')].filter((choice) => {
        const box = choice.getBoundingClientRect();
        return box.left < 0 || box.right > document.documentElement.clientWidth;
    }).map((choice) => choice.textContent.trim())""")
    assert off == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "de-DE"])
def test_at_twice_the_text_size_the_privacy_page_keeps_its_words_whole(new_page, artifacts, locale):
    """A grandmother's 360x740 phone at 200 % text, reading what is kept about her: the title broke French's
    "Confidentialit|é" (its 11vw letters 5 px wider than the line), and the list's 40 px indent German's
    "Benachrichtigunge|n". Whole now: the title a little smaller, the lists' bullets in their first line."""
    page = large_text_page(new_page, 360, 740, 200, locale)
    page.goto("/privacy")
    expect(page.locator('[data-key="privacy-kept"]')).to_be_visible()
    page.screenshot(path=artifacts / f"text-200-360-privacy-{locale}.png", full_page=True)
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# A table's sideways-scrolling frame scrolled to its end: the pupils' names not (or not all) in its box
NAMES_OUT_OF_FRAME = """(frame) => {
    frame.scrollLeft = frame.scrollWidth;
    const box = frame.getBoundingClientRect(), column = frame.querySelector('tbody th').cellIndex;
    const cells = [...frame.querySelectorAll('tbody th, thead th')].filter((cell) => cell.cellIndex === column);
    return cells.filter((cell) => { const r = cell.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5; }).map((cell) => cell.textContent.trim());
}"""


def test_at_twice_the_text_size_the_results_and_the_league_say_whose_row_it_is(new_page, artifacts):
    """A grandmother running a club for her grandchildren, her 360x740 phone at 200 % text: the class sheet's results
    and the league's standing scroll sideways in their frames, 1,000-1,300 px wide, and scrolled to a row's score,
    result or points, its pupil's name had gone off the left: whose "Won" was it? The pupil's column stays in view."""
    names = ["Ann", "Bob", "Cy", "Maximiliano", "Eve"]
    page = large_text_page(new_page, 360, 740, 200)
    set_up(page, names, game="addit")
    cards_made(page, names)
    # the results read (the table fills in as they come), wider than the screen
    page.wait_for_function("() => document.querySelector('.results .table-scroll')?.scrollWidth > 700")
    frame = page.locator(".results .table-scroll")
    out = frame.evaluate(NAMES_OUT_OF_FRAME)
    frame.screenshot(path=artifacts / "text-200-360-results-scrolled.png")
    page.locator('[data-key="start-league"]').click()
    page.locator('[data-key="league-link"]').click()
    expect(page.locator("#league-table tbody th")).to_have_count(5)
    page.wait_for_function("() => document.querySelector('.results .table-scroll')?.scrollWidth > 700")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    out += page.locator(".results .table-scroll").evaluate(NAMES_OUT_OF_FRAME)
    page.locator(".results .table-scroll").screenshot(path=artifacts / "text-200-360-league-scrolled.png")
    assert out == []


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "de-DE"])
def test_at_twice_the_text_size_the_log_of_a_long_match_keeps_its_words_whole(new_page, server, artifacts, locale):
    """A grandmother's 360x740 phone at 200 % text, reading back an ADD'EM match she lost: the log's numbers, 135
    entries, took a column 4.5 characters wide beside each entry, and German's "Summenkarte" broke to "Summenkart|e"
    in it. A word now breaks only at its hyphen ("Add-Em-Karte")."""
    match = new_match(server, "addem", deck=unshuffled(server, "addem"))
    match.play(lambda view: False)
    page = large_text_page(new_page, 360, 740, 200, locale)
    page.goto(match.seat_link(0))
    page.locator('[data-key="toggle-log"]').click()
    log = page.locator("#panel-log")
    expect(log.locator("ol.log li").first).to_be_visible()
    log.screenshot(path=artifacts / f"text-200-360-log-addem-{locale}.png")
    assert [word for word in log.evaluate(BROKEN_WITHIN) if "-" not in word] == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
