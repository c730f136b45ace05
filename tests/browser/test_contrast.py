"""Contrast for a low-vision player, measured from computed styles (contrast.py): the header's language menu in both
themes, and every card, its kind and the focus ring in Windows' high contrast (forced colours), with what forced colours
would drop: the seat to play in the compact seat list, the language in use, ADD-TOO's focused cell. Every screen's text,
control edges and focus rings are measured with axe's checks in test_quality.py."""
import re

import pytest
from playwright.sync_api import expect

from tests.engine.test_addem import FILLER
from tests.engine.test_addem import fixed_deck as addem_deck
from tests.engine.test_addup import fixed_deck as addup_deck
from tests.engine.test_plusminus import fixed_deck as plusminus_deck

from .contrast import faint_diamond_numbers, faint_rings, lightness_ratio, low_contrast, pixel_row
from .drive import settled
from .matches import GAMES, new_match, unshuffled


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_language_menu_stands_out_from_the_header_s_blue(new_page, scheme):
    """A phone set to dark drew the menu in the browser's dark grey, edged in grey, on the header's blue: 2.2:1 where
    a control's edge needs 3:1."""
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto("/")
    expect(page.locator("#language")).to_be_visible()
    assert low_contrast(page, ".top") == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_choices_are_ticked_in_the_palette_s_accent(new_page, scheme):
    """The create form's radio buttons and tick boxes were drawn in the browser's own blue, in the dark theme too,
    beside buttons and focus in the palette's: a ticked choice now wears --accent, as the rest of the page does (the
    radio buttons, drawn as buttons a switch reaches with Tab, draw their dot in it)."""
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto("/new/addup")
    expect(page.locator('input[type="checkbox"]').first).to_be_visible()
    accents = page.evaluate("""() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--accent)';
        document.querySelector('main').append(probe);
        const accent = getComputedStyle(probe).color;
        probe.remove();
        return [accent, [...document.querySelectorAll('input[type="checkbox"]')]
            .map((input) => getComputedStyle(input).accentColor).concat([...document.querySelectorAll(
                '[role="radio"][aria-checked="true"]')].map((radio) => getComputedStyle(radio, "::before").borderTopColor))];
    }""")
    accent, inputs = accents
    assert inputs and set(inputs) == {accent}


# Windows' high contrast (forced colours) replaces every colour of the page with a few system ones: the kinds of card
# colour tells apart (red Minus and Total cards, yellow jokers, striped Add-Em cards) must differ by their edge and
# their words, as they must for a colour-blind player.
FORCED_DECKS = {
    "addup": lambda: addup_deck([["1a", "w1", "y1"], ["1b", "2b", "3b"]], openings=("4a", "4b")),
    "plusminus": lambda: plusminus_deck([["minus-7a", "plus-5a"], ["plus-3a"]]),
    "addem": lambda: addem_deck([["T12a", "F3a", "AEa", "AOa", "M3a", "F0a"], FILLER]),
}
SIGNS = """() => Object.fromEntries([...document.querySelectorAll('.hand .card')].map((card) => {
    const s = getComputedStyle(card), value = card.querySelector('.value')?.textContent.trim() ?? '';
    const kind = card.className.match(/\\b(?:addup|pm|addem)-[\\w-]+/)[0];
    return [kind, [s.borderTopStyle, card.querySelector('.corner')?.textContent.trim() ?? '', value.match(/^[+−±]?/)[0]]];
}))"""
EDGELESS = """() => [...document.querySelectorAll('main .card')].filter((card) => { const s = getComputedStyle(card);
    return s.borderTopStyle === 'none' || parseFloat(s.borderTopWidth) < 2; }).map((card) => card.getAttribute('aria-label'))"""


@pytest.mark.parametrize("game", GAMES)
def test_in_forced_colours_card_faces_keep_their_edges_kinds_and_focus_ring(new_page, server, game):
    deck = FORCED_DECKS[game]() if game in FORCED_DECKS else unshuffled(server, game)
    match = new_match(server, game, deck=deck)
    page = new_page()
    page.emulate_media(forced_colors="active", color_scheme="dark")
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    status_mark = page.evaluate("getComputedStyle(document.getElementById('status'), '::before').content")
    assert status_mark == '"▶ "', status_mark  # its blue ground is gone: the arrow says whose turn it is
    chosen = page.locator(".hand button.card:not([disabled])").first
    chosen.click()
    expect(chosen).to_have_class(re.compile("selected"))
    assert chosen.evaluate("(card) => getComputedStyle(card, '::after').content") == '"✓"'
    assert page.evaluate(EDGELESS) == []
    assert low_contrast(page) + faint_rings(page) == []
    if game in FORCED_DECKS:
        signs = page.evaluate(SIGNS)
        assert len(signs) == {"addup": 3, "plusminus": 2, "addem": 4}[game], signs
        assert len({tuple(sign) for sign in signs.values()}) == len(signs), f"kinds told apart by colour alone: {signs}"


# Where a card's row of pixels crosses its value (as a fraction of its height), and the value's left and right ends on
# it (in pixels from the card's left edge); a point of its ground, left of the value.
VALUE_ROW = """(card) => { const c = card.getBoundingClientRect(), v = (card.querySelector('.value') || card).getBoundingClientRect();
    return [(v.top + v.height / 2 - c.top) / c.height, Math.floor(v.left - c.left), Math.ceil(v.right - c.left)]; }"""
GROUND_X = 6


def picked_and_not(page, game: str) -> dict[str, tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]]:
    """For the card picked in hand and one left unpicked, the pointer away (a card under it is drawn in the hover's
    colour): a row of pixels through its value (near the top of a diamond, whose tip fills its middle), and the part of
    it the value spans."""
    page.mouse.move(0, 0)
    rows = {}
    for name, card in (("picked", page.locator(".hand:not(.other) .card.selected")),
                       ("unpicked", page.locator(".hand:not(.other) .card:not(.selected)").last)):
        at, left, right = (0.12, 0, 0) if game == "addtoo" else card.evaluate(VALUE_ROW)
        row = pixel_row(page, card.screenshot(animations="disabled"), at)
        rows[name] = row, row[left:right]
    return rows


@pytest.mark.parametrize("scheme", ["light", "dark"])  # Windows' white high contrast theme, and its black ones
@pytest.mark.parametrize("game", ["addit", "addtoo"])
def test_in_forced_colours_a_picked_card_stands_apart_from_the_others_and_its_value_from_its_ground(new_page, server,
                                                                                                   game, scheme):
    """Ruth, partially sighted, plays on a laptop in Windows' high contrast: a card picked in hand lost its accent
    edge, its halo and the tick's disc (forced colours drop them), and stood out by a bare tick and 6 px of rise, where
    she saw two cards alike. A picked card (a diamond too) is filled with the system's selection colour, its value
    still readable on it; ADD-TOO's board keeps its numbers, and the cell chosen stands apart from the other lit ones."""
    match = new_match(server, game, deck=unshuffled(server, game))
    if game == "addtoo":  # a board with diamonds on it, and cells to light
        match.play(lambda view: view["version"] >= 6 and view["turn"] == 0)
    page = new_page()
    page.emulate_media(forced_colors="active", color_scheme=scheme)
    page.goto(match.seat_link(0))
    settled(page)
    page.locator(".hand:not(.other) button.card:not([disabled])").first.click()
    expect(page.locator(".hand:not(.other) .card.selected")).to_have_count(1)
    rows = picked_and_not(page, game)
    picked, unpicked = rows["picked"][0][GROUND_X], rows["unpicked"][0][GROUND_X]
    assert lightness_ratio(picked, unpicked) >= 3, f"picked and unpicked cards alike: grounds {picked}, {unpicked}"
    if game == "addit":  # the values on both drawn apart from what lies right under them (the text's own backplate)
        for name, (_row, value) in rows.items():
            assert max(lightness_ratio(value[0], pixel) for pixel in value) >= 4.5, f"{name} card's value unseen: {value}"
    else:
        key = page.locator(".addtoo-board .target:not(.chosen)").first.get_attribute("data-key")
        cell = page.locator(f'.addtoo-board [data-key="{key}"]')
        cell.click()
        expect(cell).to_have_class(re.compile("chosen"))
        edges = page.evaluate("""() => [...document.querySelectorAll('.addtoo-board .target-cell')].map((cell) => {
            const s = getComputedStyle(cell); return [cell.closest('.chosen') ? 'chosen' : 'lit', s.stroke, s.strokeDasharray]; })""")
        assert len({tuple(edge) for edge in edges}) == 2, f"the chosen cell drawn as the others: {edges}"
    assert low_contrast(page, "main .hand") == []
    assert faint_diamond_numbers(page) == []


def test_in_forced_colours_add_em_s_bar_still_fills_toward_fifty_points(new_page, server):
    """ADD'EM's bar under each score fills toward the 50 points that put a player out: in Windows' high contrast its
    fill (a background) was dropped, and the bar of a player at 45 points was as empty as one at 0. It fills in the
    text's colour, and striped close to the line, as it is for a colour-blind player."""
    match = new_match(server, "addem")
    page = new_page()
    page.emulate_media(forced_colors="active", color_scheme="dark")
    page.goto(match.seat_link(0))
    settled(page)
    bar = page.locator(".seat meter.toward.low-wins").first
    rows = {}
    for points in (10, 45):
        bar.evaluate("(meter, points) => { meter.value = points; }", points)
        rows[points] = pixel_row(page, bar.screenshot(animations="disabled"))
    for points, row in rows.items():  # the filled part (a stripe, a gap between two) against the empty end
        filled, empty = row[3:len(row) * points // 50 - 3], row[-6]
        assert max(lightness_ratio(pixel, empty) for pixel in filled) >= 3, f"{points} points: bar empty ({filled})"
        if points == 45:
            assert min(lightness_ratio(pixel, empty) for pixel in filled) < 1.5, f"45 points: not striped ({filled})"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_in_forced_colours_the_compact_seat_list_still_marks_whose_turn_it_is_with_a_bar(new_page, server, scheme):
    """Mrs. Okafor, low-sighted, plays in Windows' high contrast at a table of three: the seat to play is marked in the
    compact list by a bar along its left edge (an inset shadow), which forced colours drop. Left with a small arrow
    before the name, the seat to play looked like the others; the bar is drawn again, as an edge in the text's colour."""
    match = new_match(server, "addup", seats=3)
    page = new_page()
    page.emulate_media(forced_colors="active", color_scheme=scheme)
    page.goto(match.seat_link(1))  # Ann (seat 0) to play, seen by Bob: neither "turn" nor "me" on the seat compared
    settled(page)
    expect(page.locator(".seats.compact .seat.turn")).to_have_count(1)
    page.mouse.move(0, 0)
    edges = {name: pixel_row(page, page.locator(f".seats.compact .seat{which}").last.screenshot(animations="disabled"))[2]
             for name, which in (("turn", ".turn"), ("waiting", ":not(.turn):not(.me)"))}
    assert lightness_ratio(edges["turn"], edges["waiting"]) >= 3, f"the seat to play looks like the others: {edges}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_in_forced_colours_the_list_of_languages_marks_the_one_in_use(new_page, scheme):
    """In Windows' high contrast every language in the header's list wore the same frame (the one in use had the
    accent's, the others none: forced colours draw both in the text's colour), the one in use told only by bold letters.
    It takes the system's colours of a selection, as a chosen item of a list does."""
    page = new_page()
    page.emulate_media(forced_colors="active", color_scheme=scheme)
    page.goto("/")
    # The page's heading takes the focus once drawn (a new page's), which closes a list opened before: this .ci/run met
    # it on a loaded machine
    expect(page.locator("main h1")).to_be_focused()
    page.locator("#language").click()
    expect(page.locator("#languages")).to_be_visible()
    page.mouse.move(0, 0)
    grounds = {name: pixel_row(page, page.locator(f"#languages button{which}").first.screenshot(animations="disabled"))[5]
               for name, which in (("in use", '[aria-current="true"]'), ("other", ":not([aria-current])"))}
    assert lightness_ratio(grounds["in use"], grounds["other"]) >= 3, f"the language in use looks like the others: {grounds}"
    assert low_contrast(page, "#languages") == []


CELL_EDGES = """() => Object.fromEntries([...document.querySelectorAll('.addtoo-board .target')].map((target) => {
    const s = getComputedStyle(target.querySelector('.target-cell'));
    return [target.dataset.key, [s.stroke, s.strokeWidth, s.strokeDasharray]]; }))"""


@pytest.mark.parametrize("forced", ["active", "none"])
def test_add_too_s_focused_cell_is_told_from_the_chosen_one_in_forced_colours_or_not(new_page, server, forced):
    """Played with the keyboard in Windows' high contrast, ADD-TOO's chosen cell wore the focus ring's look, orange and
    solid, and kept it unchanged when the focus came onto it: Mrs. Okafor could not tell where the focus was once a cell
    was chosen, nor could anyone on the keyboard in the app's own colours. The cell with the focus is ringed in dots,
    thicker, chosen or not."""
    match = new_match(server, "addtoo", deck=unshuffled(server, "addtoo"))
    match.play(lambda view: view["version"] >= 6 and view["turn"] == 0)
    page = new_page()
    page.emulate_media(forced_colors=forced, color_scheme="dark")
    page.goto(match.seat_link(0))
    settled(page)
    page.locator(".hand:not(.other) button.card:not([disabled])").first.click()
    expect(page.locator(".addtoo-board .target").nth(1)).to_be_attached()
    keys = page.locator(".addtoo-board .target").evaluate_all("(cells) => cells.map((cell) => cell.dataset.key)")
    chosen, lit = keys[0], keys[1]
    page.locator(f'.addtoo-board [data-key="{chosen}"]').click()
    expect(page.locator(f'.addtoo-board [data-key="{chosen}"]')).to_have_class(re.compile("chosen"))
    page.evaluate("document.activeElement?.blur()")
    page.keyboard.press("Shift")  # a key pressed: the focus moved by script shows, as after Tab
    edges = {"unfocused": page.evaluate(CELL_EDGES)}
    for key in (chosen, lit):
        page.locator(f'.addtoo-board [data-key="{key}"]').focus()
        assert page.evaluate("document.activeElement.matches(':focus-visible')")
        edges[key] = page.evaluate(CELL_EDGES)[key]
    unfocused = edges["unfocused"]
    assert unfocused[chosen] != unfocused[lit], f"the chosen cell drawn as the others: {unfocused}"
    assert edges[chosen] != unfocused[chosen], f"the focus on the chosen cell unseen: {edges[chosen]}"
    assert edges[lit] not in (unfocused[lit], unfocused[chosen]), f"a focused cell drawn as a lit or the chosen one: {edges}"
