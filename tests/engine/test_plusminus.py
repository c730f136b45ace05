"""Plus and Minus scenarios from fixed decks: RULES.md section `plusminus`, one rule per test."""
from dataclasses import replace

import pytest

from engine import GameOver, IllegalMove, NotYourTurn, cards
from engine import plusminus as game
from engine.shuffle import pick, shuffled

from .sweep import places_of, play_random_match

ONE, RUBBER = {"games": 1}, {"games": 5}


def fixed_deck(hands, seats=None):
    """A whole pack: `hands` (filled up to 11 with spare cards) dealt one at a time from seat 0."""
    seats = seats or len(hands)
    ids = [face["id"] for face in game.deck(seats, ONE)]
    named = {card for hand in hands for card in hand}
    spare = iter(card for card in ids if card not in named)
    full = [list(hand) + [next(spare) for _ in range(11 - len(hand))] for hand in hands]
    full += [[next(spare) for _ in range(11)] for _ in range(seats - len(hands))]
    order = [hand[i] for i in range(11) for hand in full]
    return order + [card for card in ids if card not in order]


def new_match(hands, seats=None, options=ONE):
    seats = seats or max(2, len(hands))
    return game.initial_state(seats, options, "test", fixed_deck(hands, seats))


def at(state, seat=0, men=(0, 0, 0, 0), top=None):
    """`state` with seat's men placed and `top` (from another hand or the set-aside cards) played."""
    state = replace(state, boards=cards.set_at(state.boards, seat, tuple(men)), turn=seat)
    if top is None:
        return state
    hands = tuple(tuple(c for c in hand if c != top) for hand in state.hands)
    assert top not in hands[seat]
    return replace(state, hands=hands, set_aside=tuple(c for c in state.set_aside if c != top),
                   played=state.played + (top,))


def play(card, man=None):
    return {"type": "play", "card": card, "man": man}


def test_pack_is_44_cards_and_two_packs_for_five_or_more():
    one, two = game.deck(4, ONE), game.deck(5, ONE)
    assert len(one) == 44 and len(two) == 88 and len({f["id"] for f in two}) == 88
    assert sorted(f["value"] for f in one) == sorted(list(range(3, 16)) * 3 + [-2, -3, -5, -7, -9])
    assert sum(f["kind"] == "minus" for f in two) == 10


@pytest.mark.parametrize("seats, aside", [(2, 22), (3, 11), (4, 0), (5, 33), (8, 0)])
def test_eleven_cards_each_and_the_rest_set_aside_unseen(seats, aside):
    state = game.initial_state(seats, ONE, "seed")
    assert [len(hand) for hand in state.hands] == [11] * seats and len(state.set_aside) == aside
    zone = next(z for z in game.zones(state) if z.name == "set_aside")
    assert zone.seen_by == frozenset() and game.view(state, None)["set_aside_count"] == aside


def test_dealer_is_drawn_from_the_seed_and_the_next_seat_plays_first():
    state = game.initial_state(5, ONE, "seed")
    assert state.dealer == pick(5, "seed", "dealer") and state.turn == (state.dealer + 1) % 5


def test_fixed_deck_makes_the_last_seat_dealer_so_seat_0_plays_first():
    state = new_match([["plus-3a"], ["plus-4a"], ["plus-5a"]])
    assert state.dealer == 2 and state.turn == 0 and state.hands[0][0] == "plus-3a"


def test_first_card_enters_a_man_on_its_number():
    state = new_match([["plus-11a"], ["plus-4a"]])
    after = game.apply(state, 0, play("plus-11a", 0))
    assert after.boards[0] == (11, 0, 0, 0) and after.turn == 1 and after.played == ("plus-11a",)


def test_next_card_adds_the_top_card():
    state = game.apply(new_match([["plus-3a"], ["plus-4a"]]), 0, play("plus-3a", 0))
    after = game.apply(state, 1, play("plus-4a", 2))
    assert after.boards[1] == (0, 0, 7, 0)


@pytest.mark.parametrize("top, card, total", [
    ("plus-5a", "minus-7a", -2),  # back 2
    ("plus-5a", "minus-3a", 2),  # forward 2
    ("minus-3a", "plus-3a", 0),  # no move
    ("minus-2a", "minus-9a", -11),  # back 11
    ("plus-15a", "plus-11a", 26),
])
def test_worked_examples_of_the_move_total(top, card, total):
    state = at(new_match([[card]]), top=top, men=(12, 0, 0, 0))
    entry = next(e for e in game.legal_moves(state, 0)["play"] if e["card"] == card)
    assert entry["total"] == total


def test_minus_on_plus_moves_back():
    state = at(new_match([["minus-7a"]]), top="plus-5a", men=(12, 0, 0, 0))
    assert game.apply(state, 0, play("minus-7a", 0)).boards[0] == (10, 0, 0, 0)


def test_small_minus_on_plus_moves_forward():
    state = at(new_match([["minus-3a"]]), top="plus-5a", men=(12, 0, 0, 0))
    assert game.apply(state, 0, play("minus-3a", 0)).boards[0] == (14, 0, 0, 0)


def test_equal_red_and_black_move_nobody():
    state = at(new_match([["plus-3a"]]), top="minus-3a", men=(12, 0, 0, 0))
    assert game.legal_moves(state, 0)["play"][0]["men"] == []
    assert game.apply(state, 0, play("plus-3a")).boards[0] == (12, 0, 0, 0)


def test_red_on_red_moves_back_the_sum():
    state = at(new_match([["minus-9a"]]), top="minus-2a", men=(20, 0, 0, 0))
    assert game.apply(state, 0, play("minus-9a", 0)).boards[0] == (9, 0, 0, 0)


def test_moving_back_to_zero_or_less_returns_to_the_stars():
    state = at(new_match([["minus-9a"]]), top="minus-2a", men=(7, 0, 0, 0))
    men = game.legal_moves(state, 0)["play"][0]["men"]
    assert men == [{"man": 0, "from": 7, "to": 0, "outcome": "stars"}]
    assert game.apply(state, 0, play("minus-9a", 0)).boards[0] == (0, 0, 0, 0)


def test_exactly_25_takes_a_man_home():
    state = at(new_match([["plus-10a"]]), top="plus-5a", men=(10, 0, 0, 0))
    assert game.apply(state, 0, play("plus-10a", 0)).boards[0] == (25, 0, 0, 0)


def test_past_25_busts_a_man_back_to_the_stars():
    state = at(new_match([["plus-10a"]]), top="plus-5a", men=(11, 3, 0, 0))
    after = game.apply(state, 0, play("plus-10a", 0))
    assert after.boards[0] == (0, 3, 0, 0)


def test_worked_example_the_man_on_17_must_bust():
    state = at(new_match([["plus-11a"]]), top="plus-15a", men=(25, 25, 17, 0))
    entry = game.legal_moves(state, 0)["play"][0]
    assert entry["total"] == 26
    assert entry["men"] == [{"man": 2, "from": 17, "to": 0, "outcome": "bust"}]
    with pytest.raises(IllegalMove) as error:
        game.apply(state, 0, play("plus-11a"))
    assert error.value.code == "must_move"
    assert game.apply(state, 0, play("plus-11a", 2)).boards[0] == (25, 25, 0, 0)


def test_man_on_the_stars_may_bust_when_no_man_is_in_play():
    state = at(new_match([["plus-11a"]]), top="plus-15a", men=(25, 0, 0, 25))
    entry = game.legal_moves(state, 0)["play"][0]
    assert [m["man"] for m in entry["men"]] == [1, 2] and entry["men"][0]["outcome"] == "bust"
    assert game.apply(state, 0, play("plus-11a", 1)).boards[0] == (25, 0, 0, 25)


def test_deliberate_bust_is_allowed_when_another_man_could_move():
    state = at(new_match([["plus-10a"]]), top="plus-5a", men=(20, 3, 0, 0))
    moves = {m["man"]: m["outcome"] for m in game.legal_moves(state, 0)["play"][0]["men"]}
    assert moves == {0: "bust", 1: "forward", 2: "enter", 3: "enter"}
    assert game.apply(state, 0, play("plus-10a", 0)).boards[0] == (0, 3, 0, 0)


def test_no_man_can_move_so_the_card_is_played_with_man_null():
    state = at(new_match([["minus-7a"]]), top="plus-3a", men=(25, 0, 25, 0))
    assert game.legal_moves(state, 0)["play"][0]["men"] == []
    assert play("minus-7a") in game.candidate_moves(state, 0)
    after = game.apply(state, 0, play("minus-7a"))
    assert after.boards[0] == (25, 0, 25, 0) and after.played[-1] == "minus-7a"
    assert game.apply(state, 0, {"type": "play", "card": "minus-7a"}) == after  # "man" left out is null


def test_minus_card_cannot_start_a_game():
    state = new_match([["minus-2a", "plus-3a"]] + [[]])
    assert [e["card"] for e in game.legal_moves(state, 0)["play"]] == list(state.hands[0][1:])
    assert all(game.FACES[m["card"]]["kind"] == "plus" for m in game.candidate_moves(state, 0))


@pytest.mark.parametrize("men, top, card, move, code, reason", [
    ((12, 19, 0, 0), "plus-3a", "plus-4a", play("plus-4a", 0), "occupied",
     "Your man on 12 cannot move to 19: your other man is there."),
    ((7, 0, 0, 0), "plus-3a", "plus-4a", play("plus-4a", 1), "occupied",
     "Your man on the stars cannot enter on 7: your other man is there."),
    ((25, 25, 17, 0), "plus-15a", "plus-11a", play("plus-11a", 3), "stars_bust",
     "Your man on the stars cannot bust while your man on 17 is in play."),
    ((25, 25, 17, 0), "plus-15a", "plus-11a", play("plus-11a", 0), "man_home",
     "Your man on 25 is home and never moves again."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", play("minus-7a", 1), "stars_back",
     "Your man on the stars cannot move back 2."),
    ((12, 0, 0, 0), "minus-3a", "plus-3a", play("plus-3a", 0), "no_move",
     'Minus 3 and Plus 3 make 0: no man moves, so play with "man": null.'),
    ((25, 25, 17, 0), "plus-15a", "plus-11a", play("plus-11a"), "must_move",
     "Plus 15 and Plus 11 make 26: you must move a man (your man on 17 can go to the stars)."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", play("minus-7a"), "must_move",
     "Plus 5 and Minus 7 make -2: you must move a man (your man on 12 can go to 10)."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", {"type": "play", "card": "minus-7a"}, "must_move",
     "Plus 5 and Minus 7 make -2: you must move a man (your man on 12 can go to 10)."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", play("minus-7a", 4), "out_of_range",
     "A man must be from 0 to 3, not 4."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", play("minus-7a", "0"), "bad_move", "'man' must be a whole number."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", play("plus-9a", 0), "not_in_hand", "Card plus-9a is not in your hand."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", {"type": "play", "card": "minus-7a", "men": 0}, "bad_move",
     "A 'play' move has no field 'men'."),
    ((12, 0, 0, 0), "plus-5a", "minus-7a", {"type": "move"}, "unknown_move",
     "Unknown move type 'move': this game knows play."),
])
def test_illegal_moves_are_refused_with_a_reason(men, top, card, move, code, reason):
    state = at(new_match([[card]]), men=men, top=top)
    with pytest.raises(IllegalMove) as error:
        game.apply(state, 0, move)
    assert (error.value.code, error.value.reason) == (code, reason)


@pytest.mark.parametrize("men, man, params", [
    ((12, 19, 0, 0), 0, {"man": 0, "to": 19, "total": 7, "parts": [12, 7]}),  # 12 + 7 = 19
    ((7, 0, 0, 0), 1, {"man": 1, "to": 7, "total": 7}),  # entering from the stars: no sum but the total
])
def test_a_man_refused_a_taken_square_is_told_the_arithmetic_that_led_there(men, man, params):
    """With hints off the total is shown nowhere before the move: its refusal gives the arithmetic to write out."""
    state = at(new_match([["plus-4a"]]), men=men, top="plus-3a")
    with pytest.raises(IllegalMove) as error:
        game.apply(state, 0, play("plus-4a", man))
    assert (error.value.code, error.value.params) == ("occupied", params)


def test_minus_first_is_refused_with_a_reason():
    state = new_match([["minus-2a"], []])
    with pytest.raises(IllegalMove) as error:
        game.apply(state, 0, play("minus-2a", 0))
    assert (error.value.code, error.value.reason) == (
        "minus_first", "The first card of a game must be a Plus card, not Minus 2.")


def test_only_the_seat_to_move_may_play():
    state = new_match([["plus-3a"], ["plus-4a"]])
    with pytest.raises(NotYourTurn):
        game.apply(state, 1, play("plus-4a", 0))
    assert game.legal_moves(state, 1) is None and game.candidate_moves(state, 1) == []


def test_fourth_man_home_ends_the_game_at_once_and_scores_it():
    state = at(new_match([["plus-10a"], ["plus-3a"]]), men=(25, 25, 25, 10), top="plus-5a")
    state = replace(state, boards=cards.set_at(state.boards, 1, (25, 15, 0, 3)))
    after = game.apply(state, 0, play("plus-10a", 3))
    assert game.is_over(after) and after.history == ((200, 50 + 15 - 20 + 3),)
    assert game.scores(after) == [200, 48] and game.winners(after) == [0] and places_of(game, after) == [1, 2]
    entry = game.log_entry(state, 0, play("plus-10a", 3), after, 1)
    assert entry["game_end"] == {"game": 1, "reason": "home", "boards": [[25, 25, 25, 25], [25, 15, 0, 3]],
                                 "points": [200, 48], "totals": [200, 48]}
    with pytest.raises(GameOver):
        game.apply(after, 1, play("plus-3a", 0))


def test_sheet_scoring_example_two_home_one_on_15_one_on_stars_is_95():
    assert game._board_points((25, 25, 15, 0)) == 95 and game._board_points((25,) * 4) == 200


def test_game_ends_when_the_last_card_is_played():
    state = game.initial_state(3, ONE, "seed")
    moves = 0
    while not game.is_over(state):
        state = game.apply(state, state.turn, game.candidate_moves(state, state.turn)[-1])
        moves += 1
    assert all(board.count(25) < 4 for board in state.boards) and moves == 33 and not any(state.hands)


def test_rubber_of_five_games_passes_the_deal_and_adds_the_games():
    state = new_match([["plus-3a"], ["plus-4a"]], options=RUBBER)
    dealers = []
    while not game.is_over(state):
        if state.dealer not in dealers[-1:]:
            dealers.append(state.dealer)
        state = game.apply(state, state.turn, game.candidate_moves(state, state.turn)[0])
    assert dealers == [1, 0, 1, 0, 1] and len(state.history) == 5
    assert game.scores(state) == [sum(points[s] for points in state.history) for s in range(2)]


def test_later_games_are_dealt_from_a_fresh_shuffle():
    state = new_match([["plus-15a"], []], options=RUBBER)
    state = at(state, men=(25, 25, 25, 0), top="plus-10a")  # 10 + 15: the man enters on 25
    after = game.apply(state, 0, play("plus-15a", 3))
    order = shuffled([f["id"] for f in game.deck(2, ONE)], "test", "deal:2")
    assert after.game == 2 and after.dealer == 0 and after.turn == 1
    assert after.hands[1] == tuple(order[0:22:2]) and after.played == () and after.boards == ((0,) * 4,) * 2
    assert "id" not in game.log_entry(state, 0, play("plus-15a", 3), after, None)["card"]


def test_view_shows_only_the_top_card_and_the_count():
    state = game.apply(new_match([["plus-3a"], ["plus-4a"]]), 0, play("plus-3a", 0))
    state = game.apply(state, 1, play("plus-4a", 0))
    shown = game.view(state, 0)
    assert shown["top"]["id"] == "plus-4a" and shown["played_count"] == 2
    assert "plus-3a" not in str(shown)
    assert shown["seats"][1] == {"hand_count": 10, "men": [7, 0, 0, 0], "points": 7 - 60, "total": 0}
    assert len(shown["hand"]) == 10 and "hand" not in game.view(state, None)


def test_legal_moves_show_the_consequence_of_each_card():
    state = at(new_match([["plus-10a", "minus-9a"]]), top="plus-5a", men=(12, 0, 0, 0))
    plays = {e["card"]: e for e in game.legal_moves(state, 0)["play"]}
    assert plays["plus-10a"]["men"][0] == {"man": 0, "from": 12, "to": 0, "outcome": "bust"}
    assert plays["minus-9a"] == {"card": "minus-9a", "total": -4,
                                 "men": [{"man": 0, "from": 12, "to": 8, "outcome": "back"}]}


@pytest.mark.parametrize("seats", range(2, 9))
def test_game_scores_match_the_boards_at_each_game_end(seats):
    for seed in range(6):
        ends = []

        def check(before, seat, move, after):
            entry = game.log_entry(before, seat, move, after, None)
            if "game_end" in entry:
                ends.append(entry["game_end"])
                assert entry["game_end"]["points"] == [game._board_points(b) for b in entry["game_end"]["boards"]]
                assert after.history[-1] == tuple(entry["game_end"]["points"])

        setup, moves, final = play_random_match(game, seats, seed, RUBBER, check)
        assert len(ends) == 5 and ends[-1]["totals"] == game.scores(final)
        assert game.scores(final) == [sum(end["points"][s] for end in ends) for s in range(seats)]
