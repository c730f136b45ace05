"""Every game, two players in two browsers, played to the end through the UI: each turn the player
whose page says "your turn" takes the first choice the page offers."""
import pytest
import requests
from playwright.sync_api import expect

from .drive import create_match, join_match, play_to_end


def first_card(page):
    page.locator(".hand button.card:not([disabled])").first.click()


def addit_move(page):
    first_card(page)
    best = page.locator('[data-action="best"]')
    if best.count():
        best.click()
        page.locator('[data-action="capture"]').click()
    else:
        page.locator('[data-action="lay"]').click()


def plusminus_move(page):
    first_card(page)
    page.locator('.controls [data-action="move"]').first.click()


def addem_move(page):
    """A hinted sum when there is one; else, under 50 points, a wrong sum (5 penalty points) to end
    the match soon; else expose a card, draw or pass."""
    click = lambda action: page.locator(f'[data-action="{action}"]:not([disabled])')
    if click("hintSum").count():
        click("hintSum").click()
        click("sum").click()
        return
    score = int(page.locator(".seat.me .score").inner_text().split()[0])
    hand = page.locator(".hand button.card")
    totals = hand.and_(page.locator('[data-kind="total"]'))
    plain = hand.and_(page.locator('[data-kind="figure"], [data-kind="minus"]'))
    need = max(0, 2 - page.locator(".addem .card-row .card").count())
    if score < 50 and page.locator('[data-action="sum"]').count() and totals.count() and plain.count() >= need:
        totals.first.click()
        for n in range(need):
            plain.nth(n).click()
        click("sum").click()
    elif page.locator('[data-action="expose"]').count() and plain.count():
        plain.first.click()
        click("expose").click()
    else:
        (click("draw") if click("draw").count() else click("pass")).click()


def addtoo_move(page):
    tiles = page.locator('.hand button[data-action="tile"]:not([disabled])')
    if not tiles.count():
        page.locator('[data-action="draw"], [data-action="pass"]').first.click()
        return
    tiles.first.click()
    if not page.locator('[data-action="place"]').count():
        page.locator("g.target").first.click()
    page.locator('[data-action="place"]').click()


GAMES = {
    "addtoo": ({"target": 50}, addtoo_move),
    "addem": ({"penalties": "true"}, addem_move),
    "addit": ({}, addit_move),
    "plusminus": ({"games": 1}, plusminus_move),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_players_play_a_match_to_the_end(new_page, artifacts, game):
    options, move = GAMES[game]
    ann, bob = new_page(), new_page()
    join_match(bob, create_match(ann, game, options=options))

    def shoot(page, moves):
        if moves == 6:
            page.evaluate("document.querySelector('.board')?.scrollIntoView()")
            page.screenshot(path=artifacts / f"{game}-play.png")
            page.screenshot(path=artifacts / f"{game}-play-full.png", full_page=True)

    assert play_to_end([ann, bob], move, on_move=shoot) > 5
    expect(ann.locator("#status")).to_contain_text("Match over")
    expect(bob.locator("#status")).to_contain_text("Match over")
    expect(ann.locator("#last-move")).to_be_visible()


def test_an_illegal_move_is_explained_with_the_servers_reason(new_page, server):
    """ADD'EM without penalties refuses a wrong sum; the page says why, translated, and nothing moves."""
    deck = [card["id"] for card in requests.get(f"{server}/api/v1/rules/addem", timeout=10).json()["decks"][0]["cards"]]
    first = ["T9a", "F6a", "F1a", "F6b", "F2a", "F6c"]  # seat 0 is dealt T9, F1, F2 (cards 0, 2, 4)
    body = requests.post(f"{server}/api/v1/games", timeout=10, json={
        "game": "addem", "players": ["Ann", "Bob"], "deck": first + [c for c in deck if c not in first]}).json()
    requests.post(f"{server}/api/v1/games/{body['game']['id']}/seats", json={"invite": body["invite"], "seat": 1},
                  timeout=10)
    page = new_page(locale="fr-FR")
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    for card in ("T9a", "F1a", "F2a"):
        page.locator(f'.hand [data-card="{card}"]').click()
    expect(page.locator(".live-sum")).to_contain_text("1 + 2 = 3")
    page.locator('[data-action="sum"]').click()
    expect(page.locator("main .error")).to_have_text("Ces cartes ne peuvent pas faire le 9 de la carte Total.")
    expect(page.locator("#status")).to_have_attribute("data-version", "0")
