"""ADD UP as RULES.md plays it, from fixed decks (section `addup`)."""
import pytest

from engine import GameOver, IllegalMove, NotYourTurn, addup
from engine.addup import State

from .sweep import places_of

ALL = [face["id"] for face in addup.deck(2, {})]


def fixed_deck(hands, openings=(), pile=()) -> list[str]:
    """A deck that deals `hands` (round-robin from seat 0), then the openings, then `pile`, then the rest."""
    dealt = [hand[i] for i in range(len(hands[0])) for hand in hands]
    named = dealt + list(openings) + list(pile)
    return named + [card for card in ALL if card not in named]


def deal(hands, openings=("1a", "2a"), pile=()) -> State:
    return addup.initial_state(len(hands), {}, "unused", fixed_deck(hands, openings, pile))


def play(state, seat, card, row, value=None):
    move = {"type": "play", "card": card, "row": row}
    if value is not None:
        move["value"] = value
    return addup.apply(state, seat, move)


def test_the_deck_is_36_numbers_and_12_jokers():
    kinds = [face["kind"] for face in addup.deck(2, {})]
    assert kinds.count("number") == 36 and kinds.count("white_joker") == 6 and kinds.count("yellow_joker") == 6
    numbers = sorted(face["value"] for face in addup.deck(2, {}) if face["kind"] == "number")
    assert numbers == sorted(list(range(1, 10)) * 4)


def test_three_cards_each_then_the_top_then_the_bottom_opening_card():
    state = deal([["3a", "4a", "5a"], ["3b", "4b", "5b"]], openings=("6a", "7a"), pile=("8a",))
    assert state.hands == (("3a", "4a", "5a"), ("3b", "4b", "5b"))
    assert state.rows == ((("6a", 6),), (("7a", 7),))
    assert state.pile[0] == "8a" and len(state.pile) == 48 - 8
    assert addup.to_move(state) == 0


def test_a_joker_turned_as_opening_card_goes_to_the_bottom_of_the_deck():
    state = deal([["3a", "4a", "5a"], ["3b", "4b", "5b"]], openings=("w1", "6a", "y1", "7a"), pile=("8a",))
    assert state.rows == ((("6a", 6),), (("7a", 7),))
    assert state.pile[0] == "8a" and state.pile[-2:] == ("w1", "y1")


def test_when_only_jokers_remain_a_row_starts_empty():
    rows, pile = addup._open_rows(("w1", "5a", "y2"))
    assert rows == ((("5a", 5),), ()) and pile == ("y2", "w1")


def test_capture_when_rows_balance_then_draw_then_new_openings():
    state = deal([["1b", "4a", "5a"], ["3b", "4b", "5b"]], openings=("2a", "3a"), pile=("9a", "6a", "7a"))
    after = play(state, 0, "1b", "top")  # top 2 + 1 = 3 = bottom 3
    assert sorted(after.captured[0]) == ["1b", "2a", "3a"]
    assert after.hands[0] == ("4a", "5a", "9a")  # drew before the new openings were turned
    assert after.rows == ((("6a", 6),), (("7a", 7),))
    assert addup.scores(after) == [3, 0] and addup.to_move(after) == 1


def test_opening_cards_that_happen_to_be_equal_capture_nothing_but_a_card_keeping_them_equal_does():
    state = deal([["w1", "4a", "5a"], ["3b", "4b", "5b"]], openings=("6a", "6b"))
    assert state.rows == ((("6a", 6),), (("6b", 6),)) and state.captured == ((), ())
    assert addup.legal_moves(state, 0)["play"][0]["captures"] == [{"row": "top", "value": 0},
                                                                  {"row": "bottom", "value": 0}]
    after = play(state, 0, "w1", "top", 0)  # both rows hold cards and add up to 6
    assert sorted(after.captured[0]) == ["6a", "6b", "w1"]


def test_a_capture_with_the_deck_run_out_leaves_both_rows_empty():
    state = State(hands=(("3a",), ("4a",)), pile=(), rows=((("1a", 1),), (("4b", 4),)), captured=((), ()), turn=0)
    after = play(state, 0, "3a", "top")
    assert after.captured[0] == ("1a", "3a", "4b") and after.rows == ((), ())
    after = play(after, 1, "4a", "bottom")  # an empty row never balances
    assert after.captured == (("1a", "3a", "4b"), ()) and after.rows == ((), (("4a", 4),))
    assert addup.is_over(after) and addup.scores(after) == [3, 0], "the card left on the table belongs to nobody"


def test_no_capture_while_the_rows_differ():
    state = deal([["1b", "4a", "5a"], ["3b", "4b", "5b"]], openings=("2a", "3a"), pile=("9a",))
    after = play(state, 0, "4a", "top")
    assert after.captured == ((), ()) and after.rows == ((("2a", 2), ("4a", 4)), (("3a", 3),))


def test_a_joker_takes_the_value_its_player_chooses_and_keeps_it():
    state = deal([["w1", "4a", "5a"], ["y1", "4b", "5b"]], openings=("2a", "3a"))
    after = play(state, 0, "w1", "top", 1)
    assert after.captured[0] == ("2a", "w1", "3a")
    state = deal([["w1", "4a", "5a"], ["y1", "4b", "5b"]], openings=("2a", "3a"))
    after = play(play(state, 0, "w1", "bottom", 0), 1, "y1", "top", 11)
    assert after.rows == ((("2a", 2), ("y1", 11)), (("3a", 3), ("w1", 0)))


def test_the_view_shows_each_played_card_with_the_value_it_counts_as():
    state = deal([["w1", "4a", "5a"], ["y1", "4b", "5b"]], openings=("2a", "3a"))
    after = play(play(state, 0, "w1", "bottom", 0), 1, "y1", "top", 11)
    shown, again = addup.view(after, 0), addup.view(after, 1)
    assert shown["rows"] == again["rows"] == {
        "top": {"cards": [{"card": addup.FACES["2a"], "value": 2}, {"card": addup.FACES["y1"], "value": 11}], "sum": 13},
        "bottom": {"cards": [{"card": addup.FACES["3a"], "value": 3}, {"card": addup.FACES["w1"], "value": 0}], "sum": 3}}
    assert shown["rows"]["top"]["cards"] is not again["rows"]["top"]["cards"], "each view its own rows"
    other = play(play(state, 0, "w1", "bottom", 5), 1, "y1", "top", 12)
    assert [card["value"] for card in addup.view(other, 0)["rows"]["bottom"]["cards"]] == [3, 5]


def test_an_empty_row_never_balances():
    state = State(hands=(("w1",), ("5a",)), pile=(), rows=((), ()), captured=((), ()), turn=0)
    after = play(state, 0, "w1", "top", 0)
    assert after.captured == ((), ()) and after.rows == ((("w1", 0),), ())


def test_when_the_deck_is_empty_hands_are_played_out_and_empty_hands_are_skipped():
    state = State(hands=(("5a",), ("6a", "7a")), pile=(), rows=((("1a", 1),), (("9a", 9),)), captured=((), ()), turn=0)
    state = play(state, 0, "5a", "top")
    assert addup.to_move(state) == 1
    state = play(state, 1, "6a", "top")
    assert addup.to_move(state) == 1, "seat 0 has no cards left, so seat 1 plays again"
    state = play(state, 1, "7a", "top")
    assert addup.is_over(state) and addup.to_move(state) is None


def test_most_captured_cards_wins_and_equal_counts_share():
    over = State(hands=((), (), ()), pile=(), rows=((), ()), captured=(("1a", "2a"), ("3a",), ("4a", "5a")), turn=None)
    assert addup.winners(over) == [0, 2] and addup.scores(over) == [2, 1, 2]
    assert places_of(addup, over) == [1, 3, 1], "the two first share place 1: the next is third"


def test_legal_moves_offer_each_card_and_where_it_would_capture():
    state = deal([["1b", "w1", "y1"], ["3b", "4b", "5b"]], openings=("2a", "3a"))
    offers = {offer["card"]: offer for offer in addup.legal_moves(state, 0)["play"]}
    assert offers["1b"]["captures"] == [{"row": "top", "value": 1}]
    assert offers["w1"]["value"] == {"min": 0, "max": 5}
    assert offers["w1"]["captures"] == [{"row": "top", "value": 1}]
    assert offers["y1"]["captures"] == []
    assert addup.legal_moves(state, 1) is None


@pytest.mark.parametrize("move, code, reason", [
    ({"type": "play", "card": "9d", "row": "top"}, "not_in_hand", "Card 9d is not in your hand."),
    ({"type": "play", "card": "4a", "row": "left"}, "bad_row", "Choose the 'top' or the 'bottom' row."),
    ({"type": "play", "card": "4a", "row": "top", "value": 4}, "value_not_joker",
     "Only a joker takes a value: a 4 is always 4."),
    ({"type": "play", "card": "w1", "row": "top"}, "bad_move", "This move needs 'value' (a whole number from 0 to 5)."),
    ({"type": "play", "card": "w1", "row": "top", "value": 6}, "out_of_range",
     "A white joker's value must be from 0 to 5, not 6."),
    ({"type": "play", "card": "y1", "row": "top", "value": 9}, "out_of_range",
     "A yellow joker's value must be from 10 to 999, not 9."),
    ({"type": "play", "card": "y1", "row": "top", "value": 1000}, "out_of_range",
     "A yellow joker's value must be from 10 to 999, not 1000."),
    ({"type": "play", "card": "w1", "row": "top", "value": 2.0}, "bad_move", "'value' must be a whole number."),
    ({"type": "play", "card": ["4a"], "row": "top"}, "bad_move", "'card' must be a card id."),
    ({"type": "draw"}, "unknown_move", "Unknown move type 'draw': this game knows play."),
    ({"card": "4a", "row": "top"}, "unknown_move", "A move needs a 'type': this game knows play."),
    ({"type": 1, "card": "4a", "row": "top"}, "unknown_move", "A move needs a 'type': this game knows play."),
    # what a client sent is quoted back cut short
    ({"type": "play", "card": "x" * 10_000, "row": "top"}, "not_in_hand", f"Card {'x' * 23}… is not in your hand."),
    ({"type": "d" * 10_000}, "unknown_move", f"Unknown move type '{'d' * 23}…': this game knows play."),
    ({"type": "play", "card": "4a", "row": "top", "f" * 30: 1}, "bad_move", f"A 'play' move has no field '{'f' * 23}…'."),
])
def test_illegal_moves_are_refused_with_a_reason(move, code, reason):
    state = deal([["4a", "w1", "y1"], ["3b", "4b", "5b"]])
    with pytest.raises(IllegalMove) as refused:
        addup.apply(state, 0, move)
    assert (refused.value.code, refused.value.reason) == (code, reason)


def test_out_of_turn_and_after_the_end():
    state = deal([["4a", "w1", "y1"], ["3b", "4b", "5b"]])
    with pytest.raises(NotYourTurn, match="It is seat 0's turn, not seat 1's."):
        play(state, 1, "3b", "top")
    over = State(hands=((), ()), pile=(), rows=((), ()), captured=((), ()), turn=None)
    with pytest.raises(GameOver):
        play(over, 0, "3b", "top")


def test_a_capture_s_log_entry_gives_the_balanced_row_s_values_so_a_reader_can_follow_the_sum():
    state = deal([["w1", "4a", "5a"], ["y1", "4b", "5b"]], openings=("2a", "3a"))
    move = {"type": "play", "card": "w1", "row": "top", "value": 1}
    entry = addup.log_entry(state, 0, move, addup.apply(state, 0, move), 1)
    assert entry["captured"] == 3 and entry["row_values"] == [2, 1]  # 2 + 1 = 3, the bottom row's sum
    assert entry["other_values"] == [3]  # the bottom row, captured with it: its sum, and the count of cards, add up
    move = {"type": "play", "card": "4a", "row": "top"}
    assert {"row_values", "other_values"}.isdisjoint(addup.log_entry(state, 0, move, addup.apply(state, 0, move), 1))
