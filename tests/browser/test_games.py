"""Every game, two players in two browsers, played to the end through the UI: each turn the player
whose page says "your turn" takes the first choice the page offers."""
import re

import pytest
import requests
from playwright.sync_api import expect

from .drive import create_match, join_match, on_one_screen, play_to_end
from .matches import choose, new_match, unshuffled


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
    def click(action):
        return page.locator(f'[data-action="{action}"]:not([disabled])')

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
        lit_cell_in_view(page).click()
    page.locator('[data-action="place"]').click()


def lit_cell_in_view(page):
    """The first lit cell the board shows: on a large board the turn's view keeps the tiles readable and
    may leave lit cells far from the last move outside it (the player zooms out for them)."""
    index = page.evaluate("""() => {
        const board = document.querySelector("svg.addtoo-board").getBoundingClientRect();
        return [...document.querySelectorAll("g.target")].findIndex((cell) => {
            const box = cell.getBoundingClientRect(), x = box.x + box.width / 2, y = box.y + box.height / 2;
            return x > board.left && x < board.right && y > board.top && y < board.bottom; }); }""")
    assert index >= 0, "the turn's view of the board shows no lit cell"
    return page.locator("g.target").nth(index)


GAMES = {
    "addtoo": ({"target": 50}, addtoo_move),
    "addem": ({"penalties": "true"}, addem_move),
    "addit": ({}, addit_move),
    "plusminus": ({"games": 1}, plusminus_move),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_players_play_a_match_to_the_end(new_page, artifacts, game):
    """Each turn also fits one phone screen (the page brings it back into view if a tap scrolled)."""
    options, move = GAMES[game]
    move = on_one_screen(move)
    ann, bob = new_page(), new_page()
    join_match(bob, create_match(ann, game, options=options))

    def shoot(page, moves):
        if moves == 6:  # the board at the top for the picture, then the page as the player left it
            scrolled = page.evaluate("() => { const y = window.scrollY; document.querySelector('.board')?.scrollIntoView(); return y; }")
            page.screenshot(path=artifacts / f"{game}-play.png")
            page.screenshot(path=artifacts / f"{game}-play-full.png", full_page=True)
            page.evaluate("y => window.scrollTo(0, y)", scrolled)

    assert play_to_end([ann, bob], move, on_move=shoot) > 5
    expect(ann.locator("#status")).to_contain_text("Match over")
    expect(bob.locator("#status")).to_contain_text("Match over")
    expect(ann.locator("#last-move")).to_be_visible()


def addem_match(server, penalties=False, first=("T9a", "F6a", "F1a", "F6b", "F2a", "F6c")) -> dict:
    """An ADD'EM match whose seat 0 holds T9, F1 and F2 (cards 0, 2, 4) and seat 1 three F6s, or as `first` deals."""
    deck = [card["id"] for card in requests.get(f"{server}/api/v1/rules/addem", timeout=10).json()["decks"][0]["cards"]]
    body = requests.post(f"{server}/api/v1/games", timeout=10, json={
        "game": "addem", "players": ["Ann", "Bob"], "options": {"penalties": penalties},
        "deck": [*first, *(c for c in deck if c not in first)]}).json()
    body["bob"] = requests.post(f"{server}/api/v1/games/{body['game']['id']}/seats", timeout=10,
                                json={"invite": body["invite"], "seat": 1}).json()["token"]
    return body


def test_addem_lays_a_sum_with_an_open_add_em_card_only_when_a_value_fits(new_page, server):
    """Once the Lay button said "the game will find the Add-Em values" for Total 4 + 2 + Odd, which no
    value makes (with penalties on, 5 points)."""
    body = addem_match(server, penalties=True, first=("T4a", "F6a", "F2a", "F6b", "AOa", "F6c", "F1a", "F7a"))
    page = new_page()
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    lay = page.locator('[data-action="sum"]')
    for card in ("T4a", "F2a", "AOa"):
        page.locator(f'.hand [data-card="{card}"]').click()
    expect(page.locator("#addem-verdict")).to_contain_text("2 + ? · not Total 4: laying it costs 5 penalty points")
    page.locator('.hand [data-card="F2a"]').click()
    page.locator('.hand [data-card="F1a"]').click()  # 1 + Odd 3
    expect(page.locator("#addem-verdict")).to_contain_text("Total 4: the game will find the Add-Em values")
    expect(lay).to_be_enabled()


def test_addem_enables_a_move_only_when_legal_and_says_why_next_to_the_builder(new_page, server):
    body = addem_match(server)
    page = new_page(locale="fr-FR")
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    lay, expose = page.locator('[data-action="sum"]'), page.locator('[data-action="expose"]')
    page.locator('.hand [data-card="F1a"]').click()
    expect(page.locator("#addem-verdict")).to_contain_text("choisissez une carte Total rouge")
    expect(lay).to_be_disabled()
    expect(expose).to_be_enabled()
    page.locator('.hand [data-card="T9a"]').click()
    expect(page.locator("#addem-verdict")).to_contain_text("3 cartes ou plus")
    page.locator('.hand [data-card="F2a"]').click()
    expect(page.locator("#addem-verdict")).to_contain_text("1 + 2 = 3 · pas Total 9")
    expect(lay).to_be_disabled()
    expect(expose).to_be_disabled()

    # A stale page could still send it: the server refuses, and the page says why, translated.
    page.evaluate("document.querySelector('[data-action=\"sum\"]').disabled = false")
    lay.click()
    expect(page.locator("main .error")).to_have_text(
        "1 + 2 = 3, pas 9 : les cartes doivent faire le nombre de la carte Total.")
    expect(page.locator("#status")).to_have_attribute("data-version", "0")

    page.locator('[data-action="clear"]').click()
    page.locator('.hand [data-card="F1a"]').click()
    expose.click()  # Ann exposes 1: Bob may replace it with plain cards worth 1
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    bob = new_page()
    bob.goto(f"/g/{body['game']['id']}#seat={body['bob']}")
    bob.locator('.hand [data-card="F6a"]').click()
    # one card alone, not "6 = 6" (read as a right sum)
    expect(bob.locator("#addem-verdict")).to_contain_text("Replace: 6, the exposed cards make 1 · lay two or more cards")
    bob.locator('.hand [data-card="F6b"]').click()
    expect(bob.locator("#addem-verdict")).to_contain_text("Replace: 6 + 6 = 12, the exposed cards make 1")
    expect(bob.locator("#addem-verdict")).to_contain_text("the cards you lay must make 1")
    expect(bob.locator('[data-action="replace"]')).to_be_disabled()



def test_addem_writes_the_sum_being_built_as_the_hint_does(new_page, server):
    """The builder wrote "8 + −4 = 4" where the hint writes "8 − 4", a Total card tapped alone
    "0 = 0" (QA: teacher), and one card beside it "8 = 8"."""
    body = addem_match(server, first=("T4a", "F6a", "F8a", "F6b", "M4a", "F6c"))
    page = new_page()
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    verdict = page.locator("#addem-verdict")
    page.locator('.hand [data-card="T4a"]').click()
    expect(verdict).to_have_text("Total card 4 · a sum needs 3 cards or more, the exposed ones included")
    page.locator('.hand [data-card="F8a"]').click()
    # One card is not a sum: "8 = 8" beside a Total 4 read as a right sum (QA: a dad with dyslexia)
    expect(verdict).to_have_text("8 · a sum needs 3 cards or more, the exposed ones included")
    page.locator('.hand [data-card="M4a"]').click()
    expect(verdict).to_have_text("8 − 4 = 4 · Total 4 ✓")


def test_addem_tells_a_sum_laid_as_it_was_built(new_page, server):
    """A child laid "8 − 4 = 4", and the last move and the log said "Ann laid a sum: 8 + −4 = Total 4." (QA: a child
    against the computer)."""
    body = addem_match(server, first=("T4a", "F6a", "F8a", "F6b", "M4a", "F6c"))
    page = new_page()
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    for card in ("T4a", "F8a", "M4a"):
        page.locator(f'.hand [data-card="{card}"]').click()
    page.locator('[data-action="sum"]').click()
    expect(page.locator("#last-move")).to_contain_text("Ann laid a sum: 8 − 4 = Total 4.")

def test_addem_with_penalties_lets_a_wrong_sum_be_laid_and_says_its_cost(new_page, server):
    body = addem_match(server, penalties=True)
    page = new_page()
    page.goto(f"/g/{body['game']['id']}#seat={body['token']}")
    for card in ("T9a", "F1a", "F2a"):
        page.locator(f'.hand [data-card="{card}"]').click()
    expect(page.locator("#addem-verdict")).to_contain_text("not Total 9: laying it costs 5 penalty points")
    page.locator('[data-action="sum"]').click()
    expect(page.locator("#status")).to_have_attribute("data-version", "1")


def test_addit_says_the_sum_a_capture_made(new_page, server):
    """"Ann played 9 and collected 2 + 3 + 2 + 1 + 1 (6 cards).": a child read a sum without its total, where the
    sum being built says "= 9" (QA: a child against the computer); and "played 2 and collected 2 (2 cards)" read as two
    cards taken from the table: the count is of the cards collected in all, the one played with them."""
    match = new_match(server, "addit", deck=unshuffled(server, "addit"))
    while True:  # a capture of two cards or more, by whoever can make one first
        seat = match.view(0)["turn"]
        view = match.view(seat)
        group = next(([offer["card"], capture] for offer in view["you"]["legal_moves"]["play"]
                      for capture in offer["captures"] if len(capture) > 1), None)
        if group:
            break
        match.move(seat, choose("addit", view))
    match.move(seat, {"type": "play", "card": group[0], "capture": group[1]})
    page = new_page()
    page.goto(match.seat_link(seat))
    said = page.locator("#last-move")
    expect(said).to_contain_text("collected")
    played, parts, total, count = re.search(r"played (\d+) and collected ([\d +]+) = (\d+) from the table: (\d+) cards in all",
                                            said.inner_text()).groups()
    assert played == total == str(sum(int(n) for n in parts.split(" + "))), said.inner_text()
    # the group and the card played go to the stack (RULES.md): the count says both, as what the move collected in all
    assert int(count) == len(group[1]) + 1, said.inner_text()



def test_plusminus_says_how_each_board_made_its_points_when_a_game_ends(new_page, server):
    """"Game 1 over: the cards ran out. Points: Ann −41, Bob 98.": the boards are dealt afresh for the next game
    of a rubber, and a child could not rebuild −41 from anything on the screen (QA: a class practising
    arithmetic). The line says each man's points as a sum, "Ann 19 − 20 − 20 − 20 = −41"."""
    deck = unshuffled(server, "plusminus")
    deck = (deck[41:] + deck[:41])[::-1]  # played by the first choice: a man home, men on squares and on the stars
    match = new_match(server, "plusminus", deck=deck)
    view = match.play(lambda view: False)
    assert [seat["men"] for seat in view["state"]["seats"]] == [[19, 0, 0, 0], [25, 25, 18, 0]]
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_contain_text(
        "Game 1 over: the cards ran out. Points: Ann 19 − 20 − 20 − 20 = −41, Bob 50 + 50 + 18 − 20 = 98.")


def bob_after_round_one(new_page, server):
    """Bob's page of an ADD'EM match whose first round Ann ended at once, with a sum of her whole hand."""
    body = addem_match(server, first=("T9a", "F5b", "F2a", "M5b", "F3a", "T0a", "F4a", "AOa", "F0a", "F6b", "T7a", "F8b"))
    moved = requests.post(f"{server}/api/v1/games/{body['game']['id']}/moves", timeout=10,
                          headers={"Authorization": f"Bearer {body['token']}"},
                          json={"version": 0, "move": {"type": "sum", "cards": ["T9a", "F2a", "F3a", "F4a", "F0a"]}})
    assert moved.status_code == 200, moved.json()
    page = new_page()
    page.goto(f"/g/{body['game']['id']}#seat={body['bob']}")
    return page


def test_addem_says_how_each_hand_was_counted_when_a_round_ends(new_page, server):
    """"Round 1 over: Ann called ADD-EM. Points: Ann +0, Bob +17.": Bob's cards are dealt afresh at once, and a
    child could not tell what made 17 (QA: a class practising arithmetic). The line says each card as it was
    counted, and the scoring line under the table says what each kind of card counts."""
    page = bob_after_round_one(new_page, server)
    expect(page.locator("#last-move li")).to_have_text(["Ann 0 + 0 = 0", "Bob 0 + 17 (1 + 1 + 1 + 1 + 3 + 10) = 17"])
    expect(page.locator(".score-rule")).to_contain_text(
        "1 for a Figure or Minus card, 3 for a Total card, 10 for an Add-Em card")


def test_plusminus_says_which_games_a_score_is_from_in_a_rubber(new_page, server):
    """"−80 − 80 this game" on the scoreboard in a rubber's second game: a child read a subtraction with no answer,
    where it meant −80 from game 1 and −80 for the board now (QA: a class practising arithmetic)."""
    match = new_match(server, "plusminus", deck=unshuffled(server, "plusminus"), options={"games": 5})
    view = match.play(lambda view: view["state"]["game"] == 2)
    assert view["scores"] == [-80, -80] and [seat["points"] for seat in view["state"]["seats"]] == [-80, -80]
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator(".scores .seat .score")).to_have_text(["−80 in game 1 · −80 this game"] * 2)


def test_addit_long_says_the_totals_a_deal_brings_the_scores_to(new_page, server):
    """"End of deal 2: Ann 31, Bob 29." beside a scoreboard at "69 of 201": the line did not add up to the
    scoreboard, and a child had to find deal 1 in the log (QA: a class practising arithmetic). It adds each total
    as a sum, "Totals: Ann 38 + 31 = 69, Bob 22 + 29 = 51." (deal 2 is shuffled from the match's seed: the test
    checks the sums, whatever the cards)."""
    match = new_match(server, "addit", deck=unshuffled(server, "addit"), options={"length": "long"})
    view = match.play(lambda view: view["state"]["deal"] == 3)
    page = new_page()
    page.goto(match.seat_link(0))
    said = page.locator("#last-move")
    expect(said).to_contain_text("End of deal 2")
    text = said.inner_text()
    deal = dict(re.findall(r"(Ann|Bob) (\d+)", text.split("End of deal 2: ")[1].split(".")[0]))
    totals = re.search(r"Totals: Ann (\d+) \+ (\d+) = (\d+), Bob (\d+) \+ (\d+) = (\d+)\.", text)
    assert totals, text
    a0, a1, a, b0, b1, b = map(int, totals.groups())
    assert (a1, b1) == (int(deal["Ann"]), int(deal["Bob"])) and a0 + a1 == a and b0 + b1 == b, text
    assert [a, b] == view["scores"], text
    expect(page.locator(".scores .seat .score").first).to_have_text(f"{a} of 201")


def test_addem_says_the_totals_a_round_brings_the_scores_to(new_page, server):
    """"Points: Ann +0, Bob +18 (…)." beside a scoreboard at "5 of 50" for Ann: her 5 penalty points of the round
    were in the log, but the line did not add up to the scoreboard (QA: a class practising arithmetic). It adds
    each total as a sum, "Totals: Ann 5 + 0 = 5, Bob 0 + 18 = 18.", as ADD-IT's long match does."""
    body = addem_match(server, penalties=True,
                       first=("T9a", "F5b", "F2a", "M5b", "F3a", "T0a", "F4a", "AOa", "F0a", "F6b", "T7a", "F8b"))
    url, token = f"{server}/api/v1/games/{body['game']['id']}/moves", body["token"]
    for version, (who, move) in enumerate([(token, {"type": "sum", "cards": ["T7a", "F2a", "F3a"]}),  # 5, not 7
                                           (body["bob"], {"type": "draw"}),
                                           (token, {"type": "sum", "cards": ["T9a", "F2a", "F3a", "F4a", "F0a"]})]):
        moved = requests.post(url, timeout=10, headers={"Authorization": f"Bearer {who}"},
                              json={"version": version, "move": move})
        assert moved.status_code == 200, moved.json()
    assert moved.json()["scores"] == [5, 18]  # Bob's hand and the card drawn: 1 + 1 + 1 + 1 + 1 + 3 + 10
    page = new_page()
    page.goto(f"/g/{body['game']['id']}#seat={body['bob']}")
    expect(page.locator("#last-move li")).to_have_text(["Ann 5 + 0 = 5", "Bob 0 + 18 (1 + 1 + 1 + 1 + 1 + 3 + 10) = 18"])
    expect(page.locator(".scores .seat .score")).to_have_text(["5 of 50 · lower wins", "18 of 50 · lower wins"])


def test_addem_s_last_move_at_a_round_end_is_short_lines_and_the_points_a_list(new_page, server):
    """"Ann laid a sum: … ADD-EM! Ann's hand is empty. Round 1 over: Ann called ADD-EM. Points: … Totals: …" was one
    paragraph of five sentences and more: a dad with dyslexia lost his place in it. The move, then the round's end,
    each on its line, and each player's points and total one a line; the log keeps every sentence, as before."""
    page = bob_after_round_one(new_page, server)
    lines = page.locator("#last-move").locator("p, li")
    expect(lines).to_have_text(["Last move: Ann laid a sum: 2 + 3 + 4 + 0 = Total 9.",
                                "ADD-EM! Ann discarded the last card: the hand is empty.", "Round 1 over: Ann called ADD-EM.", "Ann 0 + 0 = 0",
                                "Bob 0 + 17 (1 + 1 + 1 + 1 + 3 + 10) = 17"])
    page.locator('[data-panel="log"]').click()
    expect(page.locator("ol.log li").first).to_contain_text(
        "Points: Ann +0, Bob +17 (1 + 1 + 1 + 1 + 3 + 10). Totals: Ann 0 + 0 = 0, Bob 0 + 17 = 17.")
