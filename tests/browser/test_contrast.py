"""Contrast for a low-vision player, measured from computed styles (contrast.py): WCAG AA's 4.5:1 for text, 3:1 for
large text, the edges of controls and focus rings, in the light theme and in a phone's dark one."""
import pytest
from playwright.sync_api import expect

from .contrast import low_contrast

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
