"""The play screen explains itself: ADD'EM's replace closed by the circle rule with the reason beside
the builder, scores that say what counts and how far the line is, ADD-TOO's board named by the same
coordinates as its log, a tap on a lit Plus and Minus square that makes the move, a move log whose
numbers show whole, ADD'EM's going out told without a discard of no cards, negative scores with a
minus sign, and a join screen that says what the game is and who is already there. A match dealt from
a deck its creator chose says so before a seat is taken and while it is played. A hand played out shows
no heading over nothing."""
import re

import pytest
import requests
from playwright.sync_api import expect

from tests.engine.test_addem import FILLER, PAD, fixed_deck
from tests.engine.test_addit import EXAMPLE_TABLE
from tests.engine.test_addit import fixed_deck as addit_deck
from tests.engine.test_addup import fixed_deck as addup_deck
from tests.engine.test_plusminus import fixed_deck as plusminus_deck

from .drive import settled, status
from .matches import PLAYERS, choose, new_match

CIRCLE = [(0, {"type": "expose", "card": "F8a"}), (1, {"type": "replace", "cards": ["F5a", "F3a"]}),
          (0, {"type": "replace", "cards": ["F7b", "F7c", "M4b", "M2b"]})]


def test_addem_closes_replacing_after_a_circle_and_says_why_beside_the_builder(new_page, server):
    body = requests.post(f"{server}/api/v1/games", timeout=10, json={
        "game": "addem", "players": ["Ann", "Bob"],
        "deck": fixed_deck([["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]])}).json()
    match, tokens = body["game"]["id"], {0: body["token"]}
    tokens[1] = requests.post(f"{server}/api/v1/games/{match}/seats", timeout=10,
                              json={"invite": body["invite"], "seat": 1}).json()["token"]
    ann, bob = new_page(), new_page(locale="fr-FR")
    ann.goto(f"/g/{match}#seat={tokens[0]}")
    bob.goto(f"/g/{match}#seat={tokens[1]}")
    expect(ann.locator(".seat.me .score")).to_have_text("0 of 50 · lower wins")
    expect(ann.locator(".seat.me meter.toward")).to_have_attribute("max", "50")
    for version, (seat, move) in enumerate(CIRCLE):  # Ann exposes 8, Bob replaces it, Ann replaces his cards
        moved = requests.post(f"{server}/api/v1/games/{match}/moves", json={"version": version, "move": move},
                              headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=10)
        assert moved.status_code == 200, moved.text
    expect(bob.locator("#status")).to_have_attribute("data-version", "3")
    for card in ("F8a", "F1a", "M1a"):  # 8 + 1 - 1 would make the exposed 8: only the circle rule forbids it
        bob.locator(f'.hand [data-card="{card}"]').click()
    replace = bob.locator('[data-action="replace"]')
    expect(replace).to_be_disabled()
    expect(bob.locator("#addem-closed")).to_have_text(
        "Tous les joueurs encore en jeu ont remplacé l'un après l'autre : vous ne pouvez pas remplacer maintenant. "
        "Posez une addition ou piochez.")
    expect(replace).to_have_attribute("aria-describedby", "addem-closed")
    controls = bob.locator(".addem .controls")
    assert controls.bounding_box()["y"] <= bob.locator("#addem-closed").bounding_box()["y"] \
        <= replace.bounding_box()["y"], "the reason sits in the builder, above the button"
    expect(bob.locator("#last-move")).to_contain_text("le joueur suivant ne peut pas remplacer")
    expect(bob.locator('[data-action="draw"]')).to_be_enabled()


def test_addem_tells_a_sum_that_empties_the_hand_without_a_discard(new_page, server):
    match = new_match(server, "addem", deck=fixed_deck([["T12a", "F3a", "F3b", "F4a", "F2a", "F0a"], FILLER]))
    match.move(0, {"type": "sum", "cards": ["T12a", "F3a", "F3b", "F4a", "F2a", "F0a"]})  # 3 + 3 + 4 + 2 + 0 = 12
    page = new_page()
    page.goto(match.seat_link(1))
    # "Ann went out." beside the badge "out (50 or more)" read as Ann losing (QA: a dad with dyslexia): said as the
    # home page's summary says it, "empty your hand"
    expect(page.locator("#last-move")).to_contain_text("ADD-EM! Ann's hand is empty.")
    expect(page.locator("#last-move")).not_to_contain_text("discarded")


@pytest.mark.parametrize("left, says", [
    ("draw", "Your hand holds only Total and Add-Em cards: you must draw."),
    ("pass", "Your hand holds only Total and Add-Em cards and the pool is empty: you must pass.")])
def test_addem_says_what_a_hand_of_only_total_and_add_em_cards_must_do(new_page, server, left, says):
    """Such a hand may only draw, or pass once the pool is empty: the board's note says which (drawn by
    the game module from the mover's view, its legal moves made so)."""
    match = new_match(server, "addem")
    mover = match.view(0)["turn"]
    page = new_page()
    page.goto("/")
    notes = page.evaluate("""async ([view, left]) => {
        const game = (await import('/js/games/addem.js')).default;
        const legal = {...view.you.legal_moves, forced: true, types: [left]};
        const board = document.createElement('div');
        board.innerHTML = String(game.board({view, me: view.you.seat, legal, ui: game.fresh(view), busy: false,
                                             play: () => {}, repaint: () => {}, readOnly: false}));
        return [...board.querySelectorAll('.controls .note')].map((note) => note.textContent);
    }""", [match.view(mover), left])
    assert [note for note in notes if "Total and Add-Em" in note] == [says]


def test_scores_say_what_counts_and_how_far_the_line_is(new_page, server):
    page = new_page()
    addtoo = new_match(server, "addtoo")  # target 50
    page.goto(addtoo.seat_link(0))
    expect(page.locator(".seat.me .score")).to_have_text("0 of 50")
    expect(page.locator(".seat.me meter.toward")).to_have_attribute("max", "50")
    expect(page.locator(".seat.me .info")).to_have_text(re.compile(r"^5 diamonds · 0 this hand$"))
    plusminus = new_match(server, "plusminus")
    view = plusminus.play(lambda view: any(seat["points"] for seat in view["state"]["seats"]))
    page.goto(plusminus.seat_link(0))
    worth = [seat["points"] for seat in view["state"]["seats"]]
    for n in range(2):  # the first game: what the board is worth now is the whole score
        shown = f"{'−' if worth[n] < 0 else ''}{abs(worth[n])} this game"
        expect(page.locator(".seat .score").nth(n)).to_have_text(shown)
    expect(page.locator(".seat meter")).to_have_count(0)  # no line to reach: the most points wins
    addit = new_match(server, "addit")
    addit.play(lambda view: sum(view["scores"]) > 0)
    page.goto(addit.seat_link(0))
    scores = addit.view(0)["scores"]
    collected = f"{scores[1]} card{'' if scores[1] == 1 else 's'} collected"
    expect(page.locator(".seat .score").nth(1)).to_have_text(collected)
    expect(page.locator(".seat .info").nth(1)).not_to_contain_text("total")  # one number, said once


def test_add_too_names_every_placed_diamond_by_the_coordinates_the_log_uses(new_page, server):
    match = new_match(server, "addtoo")
    view = match.play(lambda view: len(view["state"]["board"]) >= 3)
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-version", str(view["version"]))
    board = view["state"]["board"]
    placed = page.locator(".addtoo-board g[role=img]")
    expect(placed).to_have_count(len(board))
    labels = [placed.nth(n).get_attribute("aria-label") for n in range(len(board))]
    shown = page.locator(".addtoo-board text.coord").all_text_contents()
    for tile, label in zip(board, labels):
        assert label.endswith(f" at {at(tile)}"), label
        assert at(tile) in shown
    last = view["state"]["last"]  # the third diamond: the move that made the board three diamonds placed it
    expect(page.locator("#last-move")).to_contain_text(f"at {at(last)}")
    last_tile = page.locator(".addtoo-board g[role=img]", has=page.locator(".tile.last"))
    expect(last_tile).to_have_attribute("aria-label", re.compile(f" at {at(last)}$"))


def at(cell: dict) -> str:
    """A cell's coordinates as the page writes them: "−2, 1", with a true minus sign (QA: once "-2")."""
    return f"{cell['x']}, {cell['y']}".replace("-", "\u2212")


def test_negative_scores_and_totals_are_written_with_a_minus_sign(new_page):
    """As the games' modules word them for the scoreboard and the log: "−2", never "-2"."""
    page = new_page()
    page.goto("/")
    written = page.evaluate("""async () => {
        const pm = (await import('/js/games/plusminus.js')).default, too = (await import('/js/games/addtoo.js')).default;
        const seats = [{name: 'Ann'}, {name: 'Bob'}];
        const played = {top: null, card: {id: 'plus-5a', kind: 'plus', number: 5}, total: 5, man: null,
                        game_end: {reason: 'cards', game: 1, boards: [[18, 20, 0, 0], [25, 21, 9, 0]], points: [-2, 60]}};
        const passed = {type: 'pass', hand_over: {reason: 'passes', seats: [{points: 0, penalty: 20, net: -20},
                                                                            {points: 30, penalty: 0, net: 30}],
                                                  totals: [-20, 30]}};
        return [pm.score({status: 'over', scores: [-2, 40], seats, state: {seats: [{points: -20}, {points: 0}]}}, 0).text,
                pm.describe(played, {name: 'Ann', view: {seats}}).join(' '),
                too.score({status: 'playing', scores: [-20, 30], seats, state: {target: 200}}, 0).text,
                too.describe(passed, {name: 'Ann', view: {seats}}).join(' ')];
    }""")
    assert written[0] == "−2 in all" and "Points: Ann 18 + 20 − 20 − 20 = −2, Bob 50 + 21 + 9 − 20 = 60." in written[1], written
    assert written[2] == "−20 of 200" and "Ann 0 − 20 = −20, Bob 30 − 0 = 30" in written[3], written
    assert not any(re.search(r"-\d", text) for text in written), written


def test_a_move_that_ends_a_game_is_its_own_sentence_before_the_end(new_page):
    """The log's words of a move come first, ended, then what the move ended: once "Man 3 enters on
    8 Game 1 over", and "(after a hint)" said after the hand's results instead of after the move."""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const pm = (await import('/js/games/plusminus.js')).default, too = (await import('/js/games/addtoo.js')).default;
        const view = {seats: [{name: 'Ann'}, {name: 'Bob'}]};
        const entered = {top: {id: 'plus-3a', kind: 'plus', number: 3}, card: {id: 'plus-5a', kind: 'plus', number: 5},
                         total: 8, man: 2, from: 0, to: 8, outcome: 'enter',
                         game_end: {reason: 'cards', game: 1, boards: [[0, 0, 8, 0], [25, 10, 0, 0]], points: [-52, 20]}};
        const placed = {type: 'place', tile: {id: 'd1', orange: 1, blue: 2}, x: 1, y: 0, points: 5, bonus: false,
                        hand_over: {reason: 'out', seats: [{points: 5, penalty: 0, net: 5}, {points: 0, penalty: 10, net: -10}],
                                    totals: [5, -10]}};
        return [pm.describe(entered, {name: 'Ann', view}), too.describe(placed, {name: 'Ann', view})];
    }""")
    for move, *ended in said:
        assert move.endswith(".") and ended and "over" in ended[0], said
    assert said[0][0].endswith("Man 3 enters on 8."), said


def test_add_too_says_why_a_seat_wins_on_equal_totals(new_page):
    """RULES.md's interpretation of a tie: when several seats reach the target in one hand, the highest total
    wins, then the higher score in that last hand. The page said "Match over: Bob wins" beside two equal
    totals, without a word of why; a tie the last hand does not break, and a hand that ends no match,
    add nothing."""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const too = (await import('/js/games/addtoo.js')).default;
        const view = {seats: [{name: 'Ann'}, {name: 'Bob'}], state: {target: 200}};
        const over = (totals, nets) => ({type: 'pass', hand_over: {reason: 'passes', totals,
            seats: nets.map((net) => ({points: net + 10, penalty: 10, net}))}});
        return [[210, 210, 30, 50], [210, 190, 30, 50], [210, 210, 40, 40], [150, 150, 30, 50]].map(
            ([a, b, netA, netB]) => too.describe(over([a, b], [netA, netB]), {name: 'Ann', view}).join(' '));
    }""")
    assert said[0].endswith("Ann 40 − 10 = 30, Bob 60 − 10 = 50. Equal totals: Bob wins with the higher score in "
                            "this last hand."), said
    assert not any("Equal totals" in text for text in said[1:]), said


def test_a_right_to_left_name_keeps_its_points_beside_it(new_page):
    """A Hebrew or Arabic name is isolated in the sentences it sits in: unisolated, "שרה +0, Ann +5"
    showed as "0+ שרה, Ann +5" (the bidi algorithm ran the name into its points); a name in a
    left-to-right script is left as it is."""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const addem = (await import('/js/games/addem.js')).default, words = await import('/js/views/words.js');
        const view = {seats: [{name: 'שרה'}, {name: 'Ann'}, {name: 'سارة'}]};
        const entry = {type: 'pass', round_end: {deal: 1, blocked: true, called: null, points: [1, 5, 4],
                                                 card_points: [[1], [1, 1, 3], [1, 3]], scores: [1, 5, 4], dropped: []}};
        return [addem.describe(entry, {name: 'Ann', view}).join(' '), words.seatName(view, 1)];
    }""")
    assert "\u2068שרה\u2069 +1, Ann +5 (1 + 1 + 3), \u2068سارة\u2069 +4 (1 + 3)" in said[0], said
    assert "\u2068שרה\u2069 0 + 1 = 1, Ann 0 + 5 = 5, \u2068سارة\u2069 0 + 4 = 4" in said[0], said
    assert said[1] == "Ann", said


def test_an_add_em_round_counts_only_the_players_dealt_in_it(new_page):
    """RULES.md: a player at 50 drops out and the next round is dealt among those still in. A round's
    points list its players only: once "Points: Ann +0, Bob +20, Cy +0" after Cy had dropped out, as if Cy
    had played the round and held nothing; the one who called ADD-EM still shows +0."""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const addem = (await import('/js/games/addem.js')).default;
        const view = {seats: [{name: 'Ann'}, {name: 'Bob'}, {name: 'Cy'}]};
        const called = {type: 'expose', card: {id: 'F3a', kind: 'figure', value: 3},
                        round_end: {deal: 6, blocked: false, called: 0, points: [0, 20, 0], card_points: [[], [10, 10], []],
                                    scores: [12, 53, 57], dropped: [1]}};
        const blocked = {type: 'pass', round_end: {deal: 7, blocked: true, called: null, points: [4, 0, 9],
                                                   card_points: [[1, 3], [], [3, 3, 3]], scores: [16, 53, 39], dropped: []}};
        return [addem.describe(called, {name: 'Ann', view}).join(' '), addem.describe(blocked, {name: 'Cy', view}).join(' ')];
    }""")
    assert ("Round 6 over: Ann called ADD-EM. Points: Ann +0, Bob +20 (10 + 10). Totals: Ann 12 + 0 = 12, "
            "Bob 33 + 20 = 53. Bob reached 50 and drops out.") in said[0], said
    assert ("Round 7 over: blocked, nobody could empty their hand. Points: Ann +4 (1 + 3), Cy +9 (3 + 3 + 3). "
            "Totals: Ann 12 + 4 = 16, Cy 30 + 9 = 39.") in said[1], said


def test_a_deal_s_end_said_above_the_table_leaves_each_seat_s_sums_to_the_log(new_page):
    """The last-move line of a table of more than two (`brief`) says each seat's points without the sums behind them,
    which the log keeps: an ADD'EM round's cards and totals at eight seats with long names took the table and the hand
    off the first screen (test_one_screen met such a deal)."""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const games = Object.fromEntries(await Promise.all(['addem', 'addit', 'plusminus'].map(async (key) =>
            [key, (await import(`/js/games/${key}.js`)).default])));
        const view = {seats: [{name: 'Ann'}, {name: 'Bob'}, {name: 'Cy'}]};
        const entries = {
            addem: {type: 'pass', round_end: {deal: 7, blocked: true, called: null, points: [4, 0, 9],
                    card_points: [[1, 3], [], [3, 3, 3]], scores: [16, 53, 39], dropped: []}},
            addit: {card: {value: 5}, captured: [], deal_end: {deal: 2, swept_by: null, swept: 0, points: [31, 29, 3],
                    totals: [69, 51, 10]}},
            plusminus: {card: {kind: 'plus', number: 3}, top: null, total: 3, man: null, game_end: {game: 1,
                        reason: 'home', points: [-41, 98, 0], boards: [[19, 0, 0, 0], [53, 53, 18, 0], [0, 0, 0, 0]]}},
        };
        return Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key,
            [true, false].map((brief) => games[key].describe(entry, {name: 'Ann', view, brief}).join(' '))]));
    }""")
    assert said["addem"][0].endswith("Points: Ann +4, Cy +9."), said
    assert "Points: Ann +4 (1 + 3), Cy +9 (3 + 3 + 3). Totals: Ann 12 + 4 = 16" in said["addem"][1], said
    assert "Totals:" not in said["addit"][0] and "Totals: Ann 38 + 31 = 69" in said["addit"][1], said
    assert "Ann −41, Bob 98" in said["plusminus"][0] and "Ann 19 − 20 − 20 − 20 = −41" in said["plusminus"][1], said


def test_tapping_a_lit_plus_and_minus_square_makes_the_move(new_page, server):
    match = new_match(server, "plusminus")
    match.play(lambda view: view["version"] >= 4 and view["turn"] == 0)
    page = new_page()
    page.goto(match.seat_link(0))
    legal = match.view(0)["you"]["legal_moves"]["play"]
    offer = next(o for o in legal if {m["to"] for m in o["men"]} - {0})  # a card that moves a man onto a square
    option = next(m for m in offer["men"] if m["to"] != 0)
    page.locator(f'.hand [data-card="{offer["card"]}"]').click()
    square = page.locator(".pm-board.own .squares li").nth(option["to"] - 1)
    expect(square).to_have_class(re.compile("target"))
    version = status(page)[1]
    square.click()
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    assert option["to"] in match.view(0)["state"]["seats"][0]["men"]
    expect(page.locator(".pm-board.own .squares li").nth(option["to"] - 1).locator(".man")).not_to_have_count(0)


def test_the_join_screen_says_what_the_game_is_and_links_its_rules(new_page, server):
    match = new_match(server, "addem", join=False)
    page = new_page()
    page.goto(match.invite_link())
    expect(page.locator(".summary")).to_have_text(
        "Make sums with a red Total card, expose and replace cards, and be first to empty your hand: "
        "at 50 points you drop out.")
    rules = page.locator('a[href="/rules/addem"]')
    expect(rules).to_have_text("Rules of ADD'EM")
    rules.click()
    expect(page.locator(".interpretations li").last).to_contain_text("Replace circles end")
    page.go_back()
    expect(page.locator('form[data-submit="join"]')).to_be_visible()



def test_the_join_screen_says_who_is_here_and_nothing_when_nobody_is(new_page, server):
    match = new_match(server, "addup", seats=3, join=False)
    match.take(1)
    page = new_page()
    page.goto(match.invite_link())
    expect(page.locator("main")).to_contain_text("Already here: Ann, Bob")
    match.free(1)  # Bob joined and left,
    match.free(0)  # then Ann, who created the match, gave her seat back
    page.reload()
    expect(page.locator('form[data-submit="join"]')).to_be_visible()
    expect(page.locator("main")).not_to_contain_text("Already here")


def test_a_fixed_deck_is_said_before_a_seat_is_taken_and_at_the_table(new_page, server, artifacts):
    """Once only the fairness panel said so, after the match: the creator knows every hand meanwhile."""
    fixed = new_match(server, "addup", join=False, deck=addup_deck([["1a", "2a", "3a"], ["1b", "2b", "3b"]]))
    bob = new_page()
    bob.goto(fixed.invite_link())
    expect(bob.locator("#fixed-deck")).to_have_text(
        "This match is dealt from a deck its creator chose, not shuffled: the creator knows every hand "
        "and the order of the draws.")
    bob.screenshot(path=artifacts / "join-fixed-deck.png")
    bob.locator('[data-key="take-1"]').click()
    expect(bob.locator("#status")).to_have_attribute("data-status", "playing")
    expect(bob.locator("#fixed-deck")).to_contain_text("the creator knows every hand")
    expect(bob.locator("#fixed-deck")).not_to_have_attribute("role", re.compile("."))  # said, not an alarm
    bob.screenshot(path=artifacts / "play-fixed-deck.png")
    ann = new_page()
    ann.goto(fixed.seat_link(0))
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")
    expect(ann.locator("#fixed-deck")).to_have_text(
        "This match is dealt from the deck you chose, not shuffled: the other players are told that you know every hand.")
    shuffled = new_match(server, "addup")
    ann.goto(shuffled.seat_link(0))
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")
    expect(ann.locator("#fixed-deck")).to_have_count(0)


def clipped_log_numbers(page) -> list[str]:
    """The log's widest numbers of one, two and three digits ("9. ", "99. ", its count) that are wider than
    the room its list leaves them: the list scrolls, and clips what lies outside its padding."""
    return page.evaluate("""() => {
        const log = document.querySelector('.log'), count = log.start;  // numbered from the match's count down
        const probe = document.createElement('span');
        probe.style.whiteSpace = 'pre';
        log.after(probe);  // in the list's font
        const room = parseFloat(getComputedStyle(log).paddingLeft), out = [];
        for (const number of new Set([Math.min(count, 9), Math.min(count, 99), count])) {
            probe.textContent = `${number}. `;
            const width = probe.getBoundingClientRect().width;
            if (width > room) out.push(`"${number}. " is ${width.toFixed(1)} px wide, the list leaves ${room} px`);
        }
        probe.remove();
        return out;
    }""")


def test_the_move_log_shows_its_numbers_whole_past_a_hundred_moves(new_page, server):
    # three seats: a two-seat rubber of 5 ran to 95 moves once (all four men home early in each game), no number past 99
    match = new_match(server, "plusminus", seats=3, options={"games": 5})
    match.play(lambda view: False)
    page = new_page()
    page.goto(match.seat_link(0))
    page.locator('[data-panel="log"]').click()
    assert page.locator(".log").evaluate("log => log.start") >= 100  # numbered past a hundred, the latest 50 shown
    assert clipped_log_numbers(page) == []


def test_a_hint_is_no_move_the_last_move_and_its_marks_stay_the_last_real_ones(new_page, server):
    """Asking for a hint is logged, but "Last move" and the outline on the table keep the move before it,
    on the asker's phone and on the others'."""
    match = new_match(server, "addit")

    def left_a_card(view):  # on the table, to be outlined: a play that captured nothing
        moves = requests.get(f"{server}/api/v1/games/{match.id}/moves", timeout=10).json()["moves"]
        return view["version"] >= 3 and not moves[-1]["move"]["captured"]

    view = match.play(left_a_card)
    mover = view["turn"]
    asker, other = new_page(), new_page()
    asker.goto(match.seat_link(mover))
    other.goto(match.seat_link(1 - mover))
    marked = ".board .last-played"
    marks = lambda page: page.locator(marked).evaluate_all("(cards) => cards.map((card) => card.dataset.card)")  # noqa: E731
    expect(asker.locator(marked).first).to_be_visible()
    said, outlined = asker.locator("#last-move").inner_text(), marks(asker)
    asker.locator('[data-key="hint"]').click()
    expect(asker.locator("#hint")).to_be_visible()
    for page in (asker, other):
        expect(page.locator("#status")).to_have_attribute("data-version", str(view["version"] + 1))
        expect(page.locator('[data-panel="log"]')).to_have_text(f"Log ({view['version'] + 1})")  # the hint's entry too
        expect(page.locator("#last-move")).to_have_text(said)
        expect(page.locator(marked).first).to_be_visible()
        assert marks(page) == outlined
    asker.locator('[data-panel="log"]').click()
    expect(asker.locator(".log li .said").first).to_have_text(f"{view['seats'][mover]['name']} asked for a hint.")



def test_a_hint_asked_before_any_move_is_a_step_of_the_log_never_a_move(new_page, server):
    """Before anyone played, a hint made the heading "Moves (1)" and the replay "After move 1 of 1:
    Ann asked for a hint." (QA: teacher): the log and the replay count entries and steps instead."""
    match = new_match(server, "addit")
    asker = match.view(0)["turn"]
    page = new_page()
    page.goto(match.seat_link(asker))
    page.locator('[data-key="hint"]').click()
    expect(page.locator('[data-panel="log"]')).to_have_text("Log (1)")
    page.locator('[data-panel="replay"]').click()
    replay = page.locator("label.field", has=page.locator('[data-key="replay-at"]'))
    expect(replay).to_have_text("After step 1 of 1")
    expect(page.locator('[data-key="replay-at"]')).to_have_attribute("aria-valuetext", "After step 1 of 1")  # not "1"
    # The replay's words (the live region says them too, out of sight: not what a player sees)
    expect(page.locator("main").get_by_text(f"{PLAYERS[asker]} asked for a hint.")).to_be_visible()


def test_a_deal_that_ended_before_the_last_move_is_still_told_under_the_table(new_page, server):
    """Bob's last card ended the first game of Plus and Minus and he opened the next: "Last move"
    said only his opening, and the game's result was in the closed move log alone (QA, in ADD'EM
    against the computer, whose going out and next move came together)."""
    match = new_match(server, "plusminus", options={"games": 5})

    def log():
        return requests.get(f"{server}/api/v1/games/{match.id}/moves", timeout=10,
                            headers={"Authorization": f"Bearer {match.tokens[0]}"}).json()["moves"]

    match.play(lambda view: view["turn"] == 0 and len(moves := log()) >= 2 and moves[-2]["move"].get("game_end")
               and moves[-1]["seat"] == 1)
    ended = log()[-2]["move"]["game_end"]
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_contain_text("Bob")
    expect(page.locator("#ended-meanwhile")).to_contain_text(f"Game {ended['game']} over")
    match.move(0, choose("plusminus", match.view(0)), match.view(0)["version"])  # Ann's own move: she has seen it
    expect(page.locator("#ended-meanwhile")).to_have_count(0)


def test_a_man_on_the_stars_that_busts_stays_there_in_words(new_page):
    """A man on the stars may bust only when no man stands on 1..24: it stays where it is, and the
    words said "back to the stars" (QA)."""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
        const pm = (await import('/js/games/plusminus.js')).default;
        const view = {seats: [{name: 'Ann'}, {name: 'Bob'}]};
        const move = (from) => ({top: {id: 'plus-15a', kind: 'plus', number: 15}, card: {id: 'plus-11a', kind: 'plus', number: 11},
                                 total: 26, man: 0, from, to: 0, outcome: 'bust'});
        return [pm.describe(move(0), {name: 'Ann', view})[0], pm.describe(move(17), {name: 'Ann', view})[0]];
    }""")
    assert said[0].endswith("Man 1 busts: stays on the stars.") and said[1].endswith("Man 1 busts: back to the stars."), said


def test_add_it_counts_the_cards_to_collect_once_a_table_card_is_picked(new_page, server):
    """With a hand card picked and no table card yet, the button read "Collect 1 card" (QA)."""
    match = new_match(server, "addit")
    page = new_page()
    page.goto(match.seat_link(match.view(0)["turn"]))
    page.locator(".hand button.card:not([disabled])").first.click()
    collect = page.locator('[data-key="capture"]')
    expect(collect).to_have_text("Collect cards")
    expect(collect).to_be_disabled()
    page.locator('[data-key^="table-"]').first.click()
    expect(collect).to_have_text("Collect 2 cards")


def test_add_it_counts_the_groups_of_the_sheets_example_as_the_sheet_does(new_page, server):
    """RULES.md's worked example: with 2, 3, 3, 4, 4, 5, 6, 8, 8 on the table an 8 may take one 8, 2 + 3 + 3,
    2 + 6, 3 + 5 or 4 + 4. The page said "7 groups", counting each 8 and each 3 of 3 + 5 apart."""
    match = new_match(server, "addit", deck=addit_deck([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE))
    page = new_page()
    page.goto(match.seat_link(0))
    page.locator('.hand [data-card="soccer-8"]').click()
    expect(page.locator(".addit .controls .hint")).to_have_text("5 groups on the table add up to 8.")


def test_plus_and_minus_says_why_a_minus_card_cannot_open_a_game(new_page, server):
    """RULES.md: the first card of each game must be a Plus card. Its Minus cards could not be picked and
    nothing said why; once a card is on the pile, the note goes."""
    match = new_match(server, "plusminus", deck=plusminus_deck([["minus-7a", "plus-5a"], ["plus-3a"]]))
    page = new_page()
    page.goto(match.seat_link(0))
    note = page.locator("#pm-plus-first")
    expect(note).to_have_text("The first card of a game must be a Plus card.")
    expect(page.locator('.hand [data-card="minus-7a"]')).not_to_have_attribute("data-action", "select")
    expect(page.locator('.hand [data-card="plus-5a"]')).to_have_attribute("data-action", "select")
    match.move(0, {"type": "play", "card": "plus-5a", "man": 0})
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    expect(note).to_have_count(0)


def test_add_up_says_equal_opening_cards_capture_nothing(new_page, server):
    """RULES.md: opening cards that happen to be equal capture nothing. The rows showed "4 = 4" and nobody had
    captured, without a word; once a card is played on them, the note goes."""
    match = new_match(server, "addup", deck=addup_deck([["5a", "6a", "7a"], ["1b", "2b", "3b"]], openings=("4a", "4b")))
    page = new_page()
    page.goto(match.seat_link(0))
    note = page.locator("#addup-equal-openings")
    expect(note).to_have_text("Opening cards that happen to be equal capture nothing.")
    match.move(0, {"type": "play", "card": "5a", "row": "top"})
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    expect(note).to_have_count(0)


def test_plus_and_minus_men_stay_rings_in_forced_colours(new_page, server):
    """Windows' high contrast (forced colours) drops backgrounds: the men were bare digits among the squares'."""
    match = new_match(server, "plusminus")
    page = new_page()
    page.emulate_media(forced_colors="active")
    page.goto(match.seat_link(0))
    man = page.locator(".pm-board.own .man").first
    expect(man).to_be_visible()
    # In one step of the page: a poll's repaint may replace the man between two steps of the test's
    ring = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('.pm-board.own .man'));
        return [s.borderTopStyle, s.borderTopWidth, s.borderRadius]; }""")
    assert ring[0] == "solid" and float(ring[1].removesuffix("px")) >= 1 and ring[2] == "50%", ring


def empty_hands(page) -> list[str]:
    """The headings of the hands on the page (the play screen's and the replay's) with no card under them."""
    return page.evaluate("""() => [...document.querySelectorAll('main .hand')].filter((hand) => !hand.querySelector('.card'))
        .map((hand) => hand.querySelector('h3')?.textContent.trim() ?? '')""")


def test_a_finished_match_and_its_replay_show_no_hand_heading_with_no_cards_under_it(new_page, matches):
    """A seat's hand emptied by the end (every game but ADD'EM ends with one) had a "Your hand" heading over
    nothing, on the page and in the replay, which opens on the last step; ADD-TOO's diamonds too, and a
    spectator's."""
    seat, spectator = new_page(), new_page()
    found = {}
    for game, match in matches["over"].items():
        for who, page, link in (("seat", seat, match.seat_link(0)), ("spectator", spectator, f"/g/{match.id}")):
            page.goto(link)
            expect(page.locator("#status")).to_have_attribute("data-status", "over")
            settled(page)  # the log's button comes with the history, above the replay's
            page.locator('[data-panel="replay"]').click()
            expect(page.locator(".replay-board")).to_be_visible()
            found[f"{game} {who}"] = empty_hands(page)
    assert found == {key: [] for key in found}


def test_a_press_the_page_redraws_under_is_not_lost(new_page, server):
    """A poll's answer repainting the page between a button's press and its release replaced the button, and the
    browser sent no click: the press did nothing (seen as a flaky test, as a player would see it)."""
    match = new_match(server, "addup", seats=3, bots={2: "easy"})
    assert match.post("resign", 1).status_code == 200  # Ann's turn comes, and the page waits for her
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_contain_text("Bob left")
    leave = page.locator('[data-action="askConfirm"][data-confirm="resign"]')
    leave.hover()  # scrolled to, and the pointer on it (a repaint meanwhile draws it at the same place)
    page.mouse.down()
    page.evaluate("(main => { main.innerHTML = main.innerHTML; })(document.getElementById('main'))")  # as a repaint does
    page.mouse.up()
    expect(page.locator("#confirm-question")).to_be_visible()
    page.locator('[data-action="cancelConfirm"]').click()
    expect(page.locator("#confirm-question")).to_have_count(0)
    leave.click()  # an ordinary click acts once: the question shows, not shown and taken back
    expect(page.locator("#confirm-question")).to_be_visible()


def in_sight(page, selector: str) -> bool:
    return page.eval_on_selector(selector, """(e) => { const box = e.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight; }""")


def test_a_card_picked_on_a_small_phone_with_large_text_brings_its_moves_into_sight(new_page, server):
    """A 360x740 phone with the browser's text at 130 %, scrolled down to its hand: the moves of the card picked
    were drawn under the fold, so the tap seemed to do nothing; they come up, the card tapped still in sight."""
    match = new_match(server, "plusminus", seats=3, deck=plusminus_deck([[], [], []]))
    match.play(lambda view: view["version"] >= 3)
    page = new_page()
    page.set_viewport_size({"width": 360, "height": 740})  # with Android's text size at 130 %:
    page.add_init_script("addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '130%'; })")
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_be_visible()
    # Scrolled to the hand, no further, once nothing drawn above it moves it any more (a panel that came late, on a
    # loaded machine, pushed the hand back under the fold): the card at the same place at two looks 0.3 s apart.
    page.wait_for_function("""(selector) => {
        const card = document.querySelector(selector);
        window.scrollBy(0, card.getBoundingClientRect().bottom - innerHeight + 4);
        const top = card.getBoundingClientRect().top, still = window.handTop === top;
        window.handTop = top;
        return still;
    }""", arg=".hand button.card:not([disabled])", polling=300)
    assert in_sight(page, ".hand button.card:not([disabled])")
    card = page.locator(".hand button.card:not([disabled])").first
    card.click()
    expect(page.locator('.controls [data-action="move"]').first).to_be_visible()
    assert in_sight(page, '.controls [data-action="move"]'), page.evaluate("scrollY")
    assert in_sight(page, ".hand [aria-pressed=true]")


def test_a_card_tapped_twice_fast_stays_picked(new_page, server):
    """A child's double tap picked the card and put it back at once: nothing seemed to happen (QA: family over days)."""
    match = new_match(server, "plusminus", deck=plusminus_deck([["plus-5a"], ["plus-9a"]]))
    page = new_page()
    page.goto(match.seat_link(0))
    card = page.locator('.hand [data-card="plus-5a"]')
    card.dblclick()
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(page.locator('.controls [data-action="move"]')).to_have_text(["Man 1 enters on 5"])
    card.click()  # a tap of its own still puts it back
    expect(card).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".controls")).to_have_count(0)


def test_a_card_picked_on_a_short_phone_with_large_text_shows_every_move_it_makes(new_page, server):
    """A 360x640 phone with the browser's text at 130 %, two seats, the hand three rows high: a card tapped drew its
    moves under the fold, the first button cut by the screen's foot and the next out of sight, because the scroll
    that brings them up stopped at the table's top ("Top card"). In Plus and Minus the squares a move lands on lie
    under the buttons, not above the hand: the moves come up whole, the card tapped still in sight."""
    match = new_match(server, "plusminus", deck=plusminus_deck([["plus-5a", "plus-14a"], ["plus-6a"]]))
    match.play(lambda view: view["version"] >= 2)
    page = new_page()
    page.set_viewport_size({"width": 360, "height": 640})
    page.add_init_script("addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '130%'; })")
    page.emulate_media(reduced_motion="reduce")
    page.goto(match.seat_link(0))
    expect(page.locator("#last-move")).to_be_visible()
    page.wait_for_function("""(selector) => {  // scrolled to the card, once nothing drawn above it moves it any more
        const card = document.querySelector(selector);
        window.scrollBy(0, card.getBoundingClientRect().bottom - innerHeight + 4);
        const top = card.getBoundingClientRect().top, still = window.handTop === top;
        window.handTop = top;
        return still;
    }""", arg='.hand [data-card="plus-14a"]', polling=300)
    page.locator('.hand [data-card="plus-14a"]').click()
    expect(page.locator('.controls [data-action="move"]').first).to_be_visible()
    moves = page.locator('.controls [data-action="move"]')
    assert moves.count() >= 2
    assert all(in_sight(page, f'.controls [data-action="move"] >> nth={n}') for n in range(moves.count())), \
        page.evaluate("""() => [...document.querySelectorAll('.controls [data-action="move"]')]
            .map((e) => [e.textContent, e.getBoundingClientRect().top, e.getBoundingClientRect().bottom, innerHeight])""")
    assert in_sight(page, ".hand [aria-pressed=true]")


# WCAG 3.2.6 (Consistent Help): the rules, this app's help, sit in the same place relative to the rest on every page
# of a match, right under its heading: on the join screen before the form, on the match page before the status.
RULES_BEFORE = """(after) => {
    const rules = document.querySelector('main a[href^="/rules/"]');
    const next = document.querySelector(after);
    const heading = document.querySelector('main h1');
    const follows = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    return {order: Boolean(rules && next && follows(rules, next) && follows(heading, rules)),
            bottom: rules ? rules.getBoundingClientRect().bottom : null, height: window.innerHeight};
}"""


@pytest.mark.parametrize("game", ["addup", "plusminus"])
def test_the_rules_link_sits_under_the_heading_on_the_join_screen_and_the_match_page_alike(new_page, server, game):
    match = new_match(server, game, join=False)
    page = new_page()
    page.goto(match.invite_link())
    expect(page.locator('form[data-submit="join"]')).to_be_visible()
    assert page.evaluate(RULES_BEFORE, 'form[data-submit="join"]')["order"]
    match = new_match(server, game)
    page.goto(match.seat_link(match.view(0)["turn"]))  # Plus and Minus draws its first player
    expect(page.locator("#status")).to_have_text("Your turn")
    placed = page.evaluate(RULES_BEFORE, "#status")
    assert placed["order"] and placed["bottom"] <= placed["height"], placed  # at the player's turn, unscrolled
    expect(page.locator('main a[href^="/rules/"]')).to_have_accessible_name(re.compile("Rules"))
