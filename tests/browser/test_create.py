"""The create form: an error about the form as it stood goes once another game is picked, and the
address follows the game picked, so that a reload keeps it."""
import re

from playwright.sync_api import expect


def test_picking_another_game_clears_the_error_and_moves_the_address(new_page):
    page = new_page()
    page.goto("/new/addup")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page.locator("main .error")).to_have_text("Type your name first.")
    page.locator('[data-key="game-addem"]').check()
    expect(page.locator("main .error")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/new/addem$"))
    page.reload()
    expect(page.locator('[data-key="game-addem"]')).to_be_checked()
