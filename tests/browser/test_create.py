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


def test_an_unknown_address_shows_the_apps_not_found_screen(new_page):
    page = new_page()
    for path in ("/rules/nope", "/new/nope", "/no/such/page"):
        page.goto(path)
        expect(page.locator("main h1")).to_have_text("There is nothing here.")
    page.goto("/rules/addup/")
    expect(page).to_have_url(re.compile(r"/rules/addup$"))
    expect(page.locator("main h1")).to_have_text("Rules of ADD UP")
