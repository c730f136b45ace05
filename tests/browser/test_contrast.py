"""Contrast for a low-vision player, measured from computed styles (contrast.py): WCAG AA's 4.5:1 for text, 3:1 for
large text, the edges of controls and focus rings, in the light theme and in a phone's dark one."""
import re

import pytest
from playwright.sync_api import expect

from tests.engine.test_addem import FILLER
from tests.engine.test_addem import fixed_deck as addem_deck
from tests.engine.test_addup import fixed_deck as addup_deck
from tests.engine.test_plusminus import fixed_deck as plusminus_deck

from .contrast import faint_rings, low_contrast
from .drive import create_match
from .matches import GAMES, new_match, unshuffled
from .test_class_sheet import MAKING_S, set_up
from .test_i18n import navigate, open_panels
from .test_join_code import type_code

SCHEMES = ["light", "dark"]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_language_menu_stands_out_from_the_header_s_blue(new_page, scheme):
    """A phone set to dark drew the menu in the browser's dark grey, edged in grey, on the header's blue: 2.2:1 where
    a control's edge needs 3:1."""
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto("/")
    expect(page.locator("#language")).to_be_visible()
    assert low_contrast(page, ".top") == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_screen_s_text_controls_and_focus_rings_meet_aa_contrast(new_page, matches, scheme):
    """The edges of text fields and menus were --line, a decoration's grey: 1.9:1 on the page (2.5:1 in the dark
    theme), where a low-vision player needs 3:1 to find the field to type in."""
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    found = {}

    def scan(name, on=page):
        found[name] = low_contrast(on) + faint_rings(on)

    invite = create_match(page, "addup")
    scan("waiting (invite, join code, QR code, seat link)")
    navigate(page, "/")
    expect(page.locator(".games li")).to_have_count(5)
    scan("home, with My games")
    type_code(page, "K7P-2O")
    expect(page.locator("#alert")).to_be_visible()
    scan("home, a mistyped join code")
    navigate(page, "/new/addem")
    expect(page.locator('form[data-submit="create"]')).to_be_visible()
    scan("create")
    for path in ("/rules/addtoo", "/privacy", "/no-such-page"):
        navigate(page, path)
        expect(page.locator("main h1")).to_be_visible()
        scan(path)
    joiner = new_page()
    joiner.emulate_media(color_scheme=scheme)
    joiner.goto(invite)
    joiner.locator('input[name="name"]').fill("Ann")
    joiner.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(joiner.locator("main .error")).to_contain_text("Another player of this match is called Ann")
    scan("join, refused", joiner)
    for game in GAMES:
        navigate(page, matches["playing"][game].seat_link(0))
        expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
        page.locator(".hand button.card:not([disabled])").first.click()
        scan(f"{game} playing, a card chosen")
        navigate(page, matches["over"][game].seat_link(0))
        expect(page.locator("#status")).to_have_attribute("data-status", "over")
        open_panels(page, verify=True)
        scan(f"{game} over, with the log, replay and fair-shuffle panels open")
    navigate(page, matches["timed"].seat_link(0))
    expect(page.locator("#deadline")).to_be_visible()
    scan("a timed match, a turn skipped")
    set_up(page, ["Ann", "Bob", "Cy"])
    scan("a class's set-up")
    page.locator('[data-key="make"]').click()
    expect(page.locator("#made")).to_be_visible(timeout=MAKING_S * 1000)
    scan("a class sheet")
    problems = "\n".join(f"{name}: {v}" for name, v in found.items() if v)
    assert not problems, problems


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
