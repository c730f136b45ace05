"""The create form: an error about the form as it stood goes once another game is picked, and the
address follows the game picked, so that a reload keeps it; any seat but the creator's may be the
computer's, and with every other seat the computer's the match starts at once."""
import re

import requests
from playwright.sync_api import expect

from .drive import too_small
from .test_addup import addup_move


def test_picking_another_game_clears_the_error_and_moves_the_address(new_page):
    """"Type your name first." left the name field unmarked and the focus on the button (QA: a dad with dyslexia,
    WCAG 3.3.1): the field it speaks of is marked and taken to."""
    page = new_page()
    page.goto("/new/addup")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page.locator("main .error")).to_have_text("Type your name first.")
    expect(page.locator('[data-key="name-0"]')).to_be_focused()
    expect(page.locator('[data-key="name-0"]')).to_have_attribute("aria-invalid", "true")
    page.locator('[data-key="seats-3"]').click()
    page.locator('[data-key="name-0"]').fill("Ann")
    page.locator('[data-key="name-1"]').fill("Bob")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page.locator("main .error")).to_have_text("Give every other player a name, or leave them all empty.")
    expect(page.locator('[data-key="name-2"]')).to_be_focused()  # the friend left unnamed, of the two
    expect(page.locator("[aria-invalid=true]")).to_have_count(1)
    page.locator('[data-key="game-addem"]').check()
    expect(page.locator("main .error")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/new/addem$"))
    page.reload()
    expect(page.locator('[data-key="game-addem"]')).to_be_checked()


def test_the_form_links_to_the_rules_of_the_game_picked_where_the_join_screen_does(new_page):
    """The rules were a link away on the home page, the join screen and the match, but not on the form
    that asks which game and which options (QA: a dad with dyslexia, WCAG 3.2.6 Consistent Help)."""
    page = new_page()
    page.goto("/new/addup")
    rules = page.locator("main p.links").first.get_by_role("link", name="Rules of ADD UP")
    expect(rules).to_have_attribute("href", "/rules/addup")
    page.locator('[data-key="game-addtoo"]').check()
    rules = page.locator("main p.links").first.get_by_role("link", name="Rules of ADD-TOO")
    expect(rules).to_have_attribute("href", "/rules/addtoo")
    rules.click()
    expect(page.locator("main h1")).to_have_text("Rules of ADD-TOO")


def test_a_number_out_of_range_is_said_with_its_range_at_the_field_which_takes_the_focus(new_page):
    """ADD-TOO's "Play until a player's total reaches" gave no range, and 5 sent was answered at the foot of the form,
    "Choose a number from 50 to 1000.", the focus lost to the page and the field unmarked (QA: a dad with dyslexia,
    WCAG 3.3.1 and 3.3.2)."""
    page = new_page()
    page.goto("/new/addtoo")
    target = page.get_by_role("spinbutton", name="Play until a player's total reaches")
    expect(target).to_have_accessible_description("From 50 to 1000.")
    expect(target).not_to_have_attribute("aria-invalid", "true")
    page.locator('input[name="name-0"]').fill("Ann")
    target.fill("5")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page.locator("main .error")).to_have_text("Choose a number from 50 to 1000.")
    expect(target).to_be_focused()
    expect(target).to_have_attribute("aria-invalid", "true")
    target.fill("60")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))


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


def new_match_form(page, seats: int, players: dict[int, str], name: str = "Ann") -> None:
    """The New match form of ADD UP, with `seats` seats, filled in: `players` says who plays each
    other seat, "easy", "medium" or "hard" (the computer), or a friend's name ("" for none)."""
    page.goto("/new/addup")
    page.locator(f'[data-key="seats-{seats}"]').click()
    page.locator('[data-key="name-0"]').fill(name)
    for seat, player in players.items():
        level = player if player in ("easy", "medium", "hard") else ""
        page.locator(f'[data-key="player-{seat}-{level}"]').click()
        if not level:
            page.locator(f'[data-key="name-{seat}"]').fill(player)


def created_match(page, server: str) -> dict:
    """The match the form created, its page open, as the API shows it to anyone."""
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
    return requests.get(f"{server}/api/v1/games/{page.url.rsplit('/', 1)[1]}", timeout=10).json()


def test_a_four_seat_match_with_two_computer_seats_waits_for_the_friend(new_page, server):
    """A teacher's three pupils and the computer, or two and two computers: the computer's seats are
    taken at once, listed so on the waiting page, and the friend's seat keeps the name given."""
    page = new_page()
    new_match_form(page, 4, {1: "easy", 2: "Bob", 3: "hard"})
    match = created_match(page, server)
    assert [(seat["joined"], seat["bot"]) for seat in match["seats"]] == [
        (True, None), (True, "easy"), (False, None), (True, "hard")]
    assert match["seats"][2]["name"] == "Bob"
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    seats = page.locator(".seats .seat")
    expect(seats.nth(1)).to_contain_text("Computer (easy)")
    expect(seats.nth(3).locator(".tag.bot")).to_have_text("computer · hard")
    expect(seats.nth(2)).to_contain_text("free seat")
    bob = new_page()
    bob.goto(page.locator("#invite-link").input_value())
    expect(bob.locator("main")).to_contain_text("Already here: Ann, Computer (easy), Computer (hard)")
    bob.locator('[data-key="take-2"]').click()  # "I am Bob"
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")


def test_with_every_other_seat_the_computers_the_match_starts_and_the_creator_plays(new_page, server):
    page = new_page()
    new_match_form(page, 3, {1: "medium", 2: "easy"})
    match = created_match(page, server)
    assert match["status"] == "playing" and [seat["bot"] for seat in match["seats"]] == [None, "medium", "easy"]
    status = page.locator("#status")
    expect(status).to_have_class(re.compile("your-turn"))
    expect(page.locator("#invite-link")).to_have_count(0)  # no one else is to join
    version = int(status.get_attribute("data-version"))
    addup_move(page)
    expect(status).to_have_attribute("data-version", str(version + 3))  # the move and the computers' replies
    expect(status).to_have_class(re.compile("your-turn"))
    page.go_back()  # the match replaced the form in the history
    expect(page).not_to_have_url(re.compile(r"/new/"))


def test_the_form_with_computer_seats_fits_a_small_phone_with_large_text(new_page):
    """At 320 px with text at twice its size, every control of the form stays inside the screen
    and keeps a 44 px target."""
    page = new_page()
    page.set_viewport_size({"width": 320, "height": 640})
    new_match_form(page, 4, {1: "hard", 2: "Maximiliano Alejandro", 3: "medium"})
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # a style sheet would break the page's policy
    outside = page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll('main input, main select, main button, main label')]
            .map((e) => [e.dataset.key || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
            .filter(([, box]) => box.left < 0 || box.right > width).map(([name, box]) => `${name}: ${box.right}`);
    }""")
    assert outside == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert too_small(page) == []


def test_skip_to_content_moves_the_focus_and_keeps_what_was_typed(new_page):
    """The header's *Skip to content* went to `#main` as the browser does, through a history entry of its own (Back
    only undid the skip) whose popstate had the router draw the screen again."""
    page = new_page()
    page.goto("/new/addup")
    page.locator('input[name="name-0"]').fill("Ann")
    entries = page.evaluate("history.length")
    page.locator("a.skip").focus()
    page.keyboard.press("Enter")
    expect(page.locator("main#main")).to_be_focused()
    expect(page.locator('input[name="name-0"]')).to_have_value("Ann")
    assert page.evaluate("history.length") == entries
    expect(page).to_have_url(re.compile(r"/new/addup$"))


def test_a_radio_beside_a_long_option_keeps_its_size(new_page):
    """A radio beside an option whose words take two or three lines was squeezed to half the others' width, at every
    text size: the dot a child aims at shrank where the words were longest."""
    page = new_page()
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto("/new/addem")
    radios = page.get_by_role("radio")
    expect(radios.first).to_be_visible()
    sizes = set(radios.evaluate_all("""(all) => all.map((radio) => {
        const dot = getComputedStyle(radio, "::before"); return dot.width + " " + dot.height; })"""))
    assert len(sizes) == 1, sizes
