"""Contrast for a low-vision player, measured from computed styles (contrast.py): the header's language menu in both
themes, and every card, its kind and the focus ring in Windows' high contrast (forced colours). Every screen's text,
control edges and focus rings are measured with axe's checks in test_quality.py."""
import re

import pytest
from playwright.sync_api import expect

from tests.engine.test_addem import FILLER
from tests.engine.test_addem import fixed_deck as addem_deck
from tests.engine.test_addup import fixed_deck as addup_deck
from tests.engine.test_plusminus import fixed_deck as plusminus_deck

from .contrast import faint_rings, low_contrast
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
