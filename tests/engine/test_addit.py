"""ADD-IT scenarios from fixed decks: RULES.md section `addit`, one rule per test."""
from dataclasses import replace

import pytest

from engine import GameOver, IllegalMove, NotYourTurn
from engine import addit as game
from engine.replay import start
from engine.shuffle import shuffled

from .sweep import places_of, play_random_match

SHORT, LONG = {"length": "short"}, {"length": "long"}
EXAMPLE_TABLE = ["tennis-2", "tennis-3", "hockey-3", "tennis-4", "hockey-4", "tennis-5", "tennis-6",
                 "tennis-8", "hockey-8", "tennis-9", "tennis-10", "hockey-10"]


def fixed_deck(hands, table=(), rest=()):
    """A whole deck: `hands` (filled up to 6 with spare cards) dealt one at a time from seat 0,
    then `table`, then `rest`, then every other card."""
    named = {card for hand in hands for card in hand} | set(table) | set(rest)
    spare = iter(card for card in game.FACES if card not in named)
    full = [list(hand) + [next(spare) for _ in range(6 - len(hand))] for hand in hands]
    order = [hand[i] for i in range(6) for hand in full] + [*table, *rest]
    return order + [card for card in game.FACES if card not in order]


def new_match(hands, table=(), rest=(), seats=None, options=SHORT):
    return game.initial_state(seats or len(hands), options, "test", fixed_deck(hands, table, rest))


def play(card, *capture):
    return {"type": "play", "card": card, "capture": list(capture)}


def test_deck_is_six_suits_of_one_to_ten_with_distinct_ids():
    faces = game.deck(2, SHORT)
    assert len(faces) == 60 and len({f["id"] for f in faces}) == 60
    assert sorted(f["value"] for f in faces) == sorted(list(range(1, 11)) * 6)
    assert {f["suit"] for f in faces} == set(game.SUITS)


@pytest.mark.parametrize("seats, stock", [(2, 36), (3, 30), (4, 24)])
def test_deal_gives_six_cards_each_and_twelve_to_the_table(seats, stock):
    state = game.initial_state(seats, SHORT, "seed")
    assert [len(hand) for hand in state.hands] == [6] * seats
    assert len(state.table) == 12 and len(state.stock) == stock
    assert state.turn == 0


def test_fixed_deck_deals_hands_round_robin_then_the_table():
    deck = fixed_deck([["tennis-1", "tennis-7"], ["soccer-1", "soccer-7"]], table=EXAMPLE_TABLE)
    assert deck[:4] == ["tennis-1", "soccer-1", "tennis-7", "soccer-7"]
    state = game.initial_state(2, SHORT, "test", deck)
    assert state.hands[0][:2] == ("tennis-1", "tennis-7") and state.hands[1][:2] == ("soccer-1", "soccer-7")
    assert state.table == tuple(EXAMPLE_TABLE)


def test_worked_example_offers_every_group_adding_up_to_eight():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    entry = next(e for e in game.legal_moves(state, 0)["play"] if e["card"] == "soccer-8")
    assert entry["value"] == 8
    assert sorted(map(sorted, entry["captures"])) == sorted(map(sorted, [
        ["tennis-8"], ["hockey-8"],
        ["tennis-2", "tennis-3", "hockey-3"],
        ["tennis-2", "tennis-6"],
        ["tennis-3", "tennis-5"], ["hockey-3", "tennis-5"],
        ["tennis-4", "hockey-4"],
    ]))
    assert entry["captures"][0] == ["tennis-2", "tennis-3", "hockey-3"], "the biggest group first"


def test_capture_takes_the_group_and_the_played_card():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    after = game.apply(state, 0, play("soccer-8", "tennis-2", "tennis-3", "hockey-3"))
    assert after.captured[0] == ("soccer-8", "tennis-2", "tennis-3", "hockey-3")
    assert len(after.table) == 9 and "tennis-2" not in after.table
    assert after.last_capturer == 0 and game.scores(after) == [4, 0]


def test_single_equal_card_is_a_capture():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    after = game.apply(state, 0, play("soccer-8", "hockey-8"))
    assert after.captured[0] == ("soccer-8", "hockey-8") and "tennis-8" in after.table


def test_capturing_is_never_compulsory():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    after = game.apply(state, 0, play("soccer-8"))
    assert after.table[-1] == "soccer-8" and after.captured[0] == () and after.turn == 1


def test_missing_capture_field_means_no_capture():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    after = game.apply(state, 0, {"type": "play", "card": "soccer-8"})
    assert after.table[-1] == "soccer-8"


def test_card_with_nothing_to_take_is_played_onto_the_table():
    state = new_match([["soccer-1"], ["soccer-2"]], table=EXAMPLE_TABLE)
    entry = next(e for e in game.legal_moves(state, 0)["play"] if e["card"] == "soccer-1")
    assert entry["captures"] == []
    assert game.candidate_moves(state, 0)[-1]["capture"] == []


def test_candidates_start_with_the_biggest_capture():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    first = game.candidate_moves(state, 0)[0]
    assert len(first["capture"]) == 3


@pytest.mark.parametrize("move, code, reason", [
    (play("soccer-8", "tennis-4", "tennis-3"), "capture_mismatch", "4 + 3 is 7, not 8."),
    (play("soccer-8", "tennis-9"), "capture_mismatch", "9 is not 8."),
    (play("soccer-8", "tennis-2", "tennis-6", "tennis-8"), "capture_mismatch", "2 + 6 + 8 is 16, not 8."),
    (play("soccer-8", "soccer-1"), "not_on_table", "Card soccer-1 is not on the table."),
    (play("soccer-8", "hockey-8", "hockey-8"), "duplicate_card", "Name each table card only once."),
    (play("soccer-1"), "not_in_hand", "Card soccer-1 is not in your hand."),
    ({"type": "play", "card": "soccer-8", "capture": "tennis-8"}, "bad_move", "'capture' must be a list of card ids."),
    ({"type": "play", "card": "soccer-8", "capture": [8]}, "bad_move", "'capture' must be a list of card ids."),
    ({"type": "play", "card": "soccer-8", "row": "top"}, "bad_move", "A 'play' move has no field 'row'."),
    ({"type": "take"}, "unknown_move", "Unknown move type 'take': this game knows play."),
    ("play", "bad_move", "A move must be a JSON object with a 'type'."),
])
def test_illegal_moves_are_refused_with_a_reason(move, code, reason):
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    with pytest.raises(IllegalMove) as error:
        game.apply(state, 0, move)
    assert (error.value.code, error.value.reason) == (code, reason)


def test_a_wrong_capture_has_its_own_code_naming_the_sum_and_the_card_played():
    """Not ADD'EM's sum_mismatch, whose `total` is a Total card's: here `total` is what the picked
    table cards make and `target` the number of the card played."""
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    with pytest.raises(IllegalMove) as error:
        game.apply(state, 0, play("soccer-8", "tennis-4", "tennis-3"))
    assert error.value.code == "capture_mismatch"
    assert error.value.params == {"parts": [4, 3], "total": 7, "target": 8}


def test_only_the_seat_to_move_may_play():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    with pytest.raises(NotYourTurn):
        game.apply(state, 1, play("soccer-1"))
    assert game.legal_moves(state, 1) is None and game.candidate_moves(state, 1) == []


def test_empty_hands_are_dealt_again_from_the_stock():
    state = game.initial_state(2, SHORT, "seed")
    for _ in range(12):
        state = game.apply(state, state.turn, {"type": "play", "card": state.hands[state.turn][0], "capture": []})
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert len(state.stock) == 24 and len(state.table) == 24 and state.turn == 0


def test_three_players_get_four_cards_each_in_the_last_round():
    state = game.initial_state(3, SHORT, "seed")
    dealt = [len(state.hands[0])]
    while not game.is_over(state):
        after = game.apply(state, state.turn, {"type": "play", "card": state.hands[state.turn][0], "capture": []})
        if after.stock != state.stock:
            dealt.append(len(after.hands[0]))
        state = after
    assert dealt == [6, 6, 4]


@pytest.mark.parametrize("stock, each", [(7, 2), (2, 0)])
def test_a_short_stock_is_shared_equally_and_the_cards_left_over_go_to_the_table(stock, each):
    state = game.initial_state(3, SHORT, "seed")
    last, *rest = state.stock[:1 + stock]
    state = replace(state, hands=((), (), (last,)), stock=tuple(rest), table=(), turn=2)
    after = game.apply(state, 2, play(last))
    assert [len(hand) for hand in after.hands] == [each] * 3 and after.stock == ()
    assert after.table == (last, *rest[3 * each:])
    assert game.is_over(after) == (each == 0)


def test_last_capturer_takes_the_table_at_the_end_of_the_deal():
    state = game.initial_state(2, SHORT, "seed")
    captured_by = None
    while not game.is_over(state):
        seat = state.turn
        move = game.candidate_moves(state, seat)[0]
        captured_by = seat if move["capture"] else captured_by
        state = game.apply(state, seat, move)
    assert state.table == () and state.last_capturer == captured_by
    assert sum(game.scores(state)) == 60


def test_cards_stay_uncounted_when_nobody_captured():
    state = game.initial_state(2, SHORT, "seed")
    while not game.is_over(state):
        state = game.apply(state, state.turn, {"type": "play", "card": state.hands[state.turn][0], "capture": []})
    assert len(state.table) == 60 and game.scores(state) == [0, 0]
    assert game.winners(state) == [0, 1]


def test_short_game_most_cards_wins():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    state = game.apply(state, 0, play("soccer-8", "tennis-8"))
    while not game.is_over(state):
        state = game.apply(state, state.turn, {"type": "play", "card": state.hands[state.turn][0], "capture": []})
    assert game.scores(state) == [60, 0] and game.winners(state) == [0] and places_of(game, state) == [1, 2]
    with pytest.raises(GameOver):
        game.apply(state, 0, play("soccer-1"))


def test_long_game_deals_again_with_the_next_first_player_until_201():
    setup, state = start(game, 3, LONG, "long-seed")
    firsts = {}
    while not game.is_over(state):
        firsts.setdefault(state.deal, state.first)
        state = game.apply(state, state.turn, game.candidate_moves(state, state.turn)[0])
    assert firsts == {d: (d - 1) % 3 for d in firsts} and len(firsts) >= 4
    totals = game.scores(state)
    assert max(totals) >= 201 and all(sum(points) == 60 for points in state.history)
    assert max(sum(points[s] for points in state.history[:-1]) for s in range(3)) < 201


def test_view_shows_own_hand_and_counts_only():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    shown = game.view(state, 1)
    assert [face["id"] for face in shown["hand"]] == list(state.hands[1])
    assert shown["seats"][0] == {"hand_count": 6, "captured": 0, "total": 0}
    assert shown["pile_count"] == 36 and "hand" not in game.view(state, None)


def test_log_reports_the_end_of_a_deal():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE)
    state = game.apply(state, 0, play("soccer-8", "tennis-8"))
    while True:
        move = {"type": "play", "card": state.hands[state.turn][0], "capture": []}
        after = game.apply(state, state.turn, move)
        if game.is_over(after):
            break
        state = after
    entry = game.log_entry(state, state.turn, move, after, None)
    assert entry["deal_end"] == {"deal": 1, "swept_by": 0, "swept": 58, "points": [60, 0], "totals": [60, 0]}


@pytest.mark.parametrize("options", [SHORT, LONG])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_collected_card_counts_once(seats, options):
    for seed in range(8):
        def check(before, seat, move, after):
            if len(after.history) > len(before.history) or game.is_over(after):
                left = len(after.table) if game.is_over(after) else 0
                assert sum(after.history[-1]) == 60 - left
        setup, moves, final = play_random_match(game, seats, seed, options, check)
        collected = [c for stack in final.captured for c in stack]
        assert len(collected) == len(set(collected)) == sum(final.history[-1]) == 60 - len(final.table)
        assert game.scores(final) == [sum(points[s] for points in final.history) for s in range(seats)]


def test_long_game_reshuffles_the_whole_deck_for_each_deal():
    state = new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE, options=LONG)
    state = game.apply(state, 0, play("soccer-8", "tennis-8"))
    while state.deal == 1:
        before, move = state, {"type": "play", "card": state.hands[state.turn][0], "capture": []}
        state = game.apply(state, state.turn, move)
    entry = game.log_entry(before, before.turn, move, state, 0)
    assert "id" not in entry["card"] and entry["deal_end"]["points"] == [60, 0]
    order = shuffled(list(game.FACES), "test", "deal:2")
    assert state.hands == (tuple(order[1:12:2]), tuple(order[0:12:2]))  # seat 1 plays first, so is dealt first
    assert state.table == tuple(order[12:24]) and state.turn == 1 and state.history == ((60, 0),)
    assert game.scores(state) == [60, 0] and not game.is_over(state)
