"""For a player with red-green colour blindness (deuteranopia, about 1 boy in 17): what the page tells by colour, it tells
by more than hue, checked in the colours a deuteranope sees (contrast.py: the screenshot's pixels through Machado et
al.'s matrix). The cards' kinds, whose turn and the focus ring are checked in forced colours (test_contrast.py), where
no colour is left at all."""
import pytest
from playwright.sync_api import expect

from .contrast import lightness_ratio, seen_by_a_deuteranope
from .drive import settled
from .matches import move_back_in_time, new_match
from .test_addup import joker_match

# Lightness apart by this ratio at least, a deuteranope tells two colours apart whatever their hues (red and green are
# both a dull olive to them).
APART = 1.5


def fill(pixels: list[tuple[int, int, int]]) -> tuple[bool, tuple[int, int, int]]:
    """Whether a bar's fill is patterned (stripes of light and dark along it), and its first colour."""
    patterned = max(lightness_ratio(pixels[0], pixel) for pixel in pixels) >= APART
    return patterned, pixels[0]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_add_em_s_bar_close_to_fifty_points_differs_from_a_safe_one_by_more_than_red_and_green(new_page, server, scheme):
    """ADD'EM's bar under each score fills toward the 50 points that put a player out, in the browser's green, then
    yellow from 30 and red from 40: at 45 points, about to drop out, a red-green colour-blind child saw the bar of a
    safe 10 (both olive: 1.45:1 apart in lightness, 1.14:1 in the dark theme)."""
    match = new_match(server, "addem")
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(match.seat_link(0))
    settled(page)
    bar = page.locator(".seat meter.toward.low-wins").first
    fills = {}
    for points in (10, 35, 45):  # the bar is 50 points long: its first tenth is filled at each
        bar.evaluate("(meter, points) => { meter.value = points; }", points)
        pixels = seen_by_a_deuteranope(page, bar.screenshot(animations="disabled"))
        fills[points] = fill(pixels[3:len(pixels) // 10])
    for a, b in ((10, 35), (10, 45), (35, 45)):
        (striped_a, colour_a), (striped_b, colour_b) = fills[a], fills[b]
        assert striped_a != striped_b or lightness_ratio(colour_a, colour_b) >= APART, (
            f"{a} and {b} points: bars alike for a deuteranope ({fills[a]}, {fills[b]})")


# The messages the page says in --bad's red (where the red starts: not the lines inside an error), each without the
# warning mark (⚠, or ✗ for a failed check) that an error carries before its words.
UNMARKED_RED = """() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--bad)';
    document.querySelector('main').append(probe);
    const red = getComputedStyle(probe).color;
    probe.remove();
    const marked = (e) => /[⚠✗]/.test(getComputedStyle(e, '::before').content) || /^[⚠✗]/.test(e.innerText.trim());
    return [...document.querySelectorAll('main *')].filter((e) => {
        const s = getComputedStyle(e);
        return s.color === red && getComputedStyle(e.parentElement).color !== red && s.display === 'block'
            && e.innerText.trim() && !marked(e);
    }).map((e) => `${e.className}: ${e.innerText.trim()}`);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_joker_s_value_refused_and_a_turn_run_late_carry_the_warning_mark_of_every_error(new_page, server,
                                                                                            database_file, scheme):
    """Errors wear a ⚠ before their words; two warnings said in red wore the red alone, which a red-green colour-blind
    player reads as any bold line: a joker's value out of range ("9 is not from 10 to 999.") and a turn whose time
    ran out ("Your time ran out 1 hour ago: play now, before someone skips your turn.")."""
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(joker_match(server))
    page.locator('.hand [data-card="y1"]').click()
    page.locator('[data-key="joker-value"]').fill("9")
    expect(page.locator("#joker-range")).to_have_text("9 is not from 10 to 999.")
    assert page.evaluate(UNMARKED_RED) == []
    late = new_match(server, "addup", time_per_move=3600)
    move_back_in_time(database_file, late.id, 2)
    page.goto(late.seat_link(late.view(0)["turn"]))
    settled(page)
    expect(page.locator("#deadline")).to_contain_text("ran out")
    assert page.evaluate(UNMARKED_RED) == []
