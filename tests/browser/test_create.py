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


def test_a_link_followed_while_the_first_screen_loads_is_the_screen_shown(new_page):
    """On a slow network the home screen's code may arrive after the player followed a link: the
    address asked for last is the screen shown, not the one whose code came last."""
    page = new_page()
    held = []
    page.route("**/js/views/home.js", lambda route: held.append(route))  # the home screen's code, held back
    page.goto("/", wait_until="domcontentloaded")
    while not held:
        page.wait_for_timeout(50)
    page.evaluate("(path) => import('/js/router.js').then((m) => m.go(path))", "/rules/addup")
    expect(page.locator("main h1")).to_have_text("Rules of ADD UP")
    held[0].continue_()
    page.evaluate("() => import('/js/views/home.js').then(() => new Promise((done) => setTimeout(done, 0)))")
    expect(page.locator("main h1")).to_have_text("Rules of ADD UP")
    expect(page).to_have_url(re.compile(r"/rules/addup$"))
