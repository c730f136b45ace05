"""ADD'EM scenarios from RULES.md (section `addem`), built from fixed decks."""
import dataclasses

import pytest

from engine import addem
from engine.addem_sums import choose
from engine.protocol import BadSetup, IllegalMove
from engine.shuffle import pick, shuffled

from .sweep import assert_each_card_once, assert_nothing_hidden_leaks, places_of, play_random_match

FILLER = ["F1a", "F1b", "F1c", "M1a", "M1b", "F2c"]  # a harmless hand: six cards worth 6 points
PAD = ["F7b", "F7c", "F6c", "M4b", "M2b", "F0c"]  # more harmless cards for the player's own hand


def fixed_deck(hands, pool=()):
    """A deck dealing `hands` (seat 0 plays first) with `pool` on top of the rest."""
    seats = len(hands)
    dealt = [hands[i % seats][i // seats] for i in range(addem.HAND_SIZE * seats)]
    assert len(set(dealt) | set(pool)) == len(dealt) + len(pool), "a card is named twice"
    rest = [face["id"] for face in addem.deck(seats, {}) if face["id"] not in dealt and face["id"] not in pool]
    return dealt + list(pool) + rest


def start(*hands, pool=(), penalties=False, rules_version=None):
    return addem.initial_state(len(hands), {"penalties": penalties}, "test", fixed_deck(hands, pool), rules_version)


def play(state, *moves):
    """Apply (seat, move) pairs in order."""
    for seat, move in moves:
        state = addem.apply(state, seat, move)
    return state


def summed(*cards, **values):
    move = {"type": "sum", "cards": list(cards)}
    if values:
        move["values"] = values
    return move


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as caught:
        addem.apply(state, seat, move)
    return caught.value


DRAW, PASS = {"type": "draw"}, {"type": "pass"}


def expose(card):
    return {"type": "expose", "card": card}


def replacing(*cards):
    return {"type": "replace", "cards": list(cards)}


# --- the pack, dealing and the dealer ----------------------------------------------------

def test_pack_is_52_cards_and_two_packs_from_five_players():
    kinds = [face["kind"] for face in addem.deck(4, {})]
    assert (len(kinds), kinds.count("figure"), kinds.count("minus"), kinds.count("total"), kinds.count("addem")) \
        == (52, 27, 10, 13, 2)
    assert len(addem.deck(5, {})) == 104 and len({f["id"] for f in addem.deck(8, {})}) == 104


def test_fixed_deck_deals_six_each_from_seat_zero_with_last_seat_dealing():
    state = start(["T3a", "F5a", "AEa", *PAD[:3]], FILLER, pool=["F7a"])
    assert state.dealer == 1 and addem.to_move(state) == 0
    assert state.hands[0] == ("T3a", "F5a", "AEa", *PAD[:3]) and state.pool[0] == "F7a"
    assert len(state.pool) == 40


def test_dealer_is_drawn_from_the_seed_and_the_next_seat_plays_first():
    state = addem.initial_state(3, {"penalties": False}, "some seed")
    dealer = pick(3, "some seed", "dealer")
    assert state.dealer == dealer and addem.to_move(state) == (dealer + 1) % 3
    order = shuffled([f["id"] for f in addem.deck(3, {})], "some seed", "deal:1")
    assert state.hands[(dealer + 1) % 3][:2] == (order[0], order[3])


# --- sums --------------------------------------------------------------------------------

def test_even_addem_stands_for_minus_two_in_a_sum_for_total_three():
    state = start(["T3a", "F5a", "AEa", "F4a", "F4b", "F6a"], FILLER)
    after = addem.apply(state, 0, summed("T3a", "F5a", "AEa"))
    assert after.hands[0] == ("F4a", "F4b", "F6a") and after.pool[-3:] == ("T3a", "F5a", "AEa")
    entry = addem.log_entry(state, 0, summed("T3a", "F5a", "AEa"), after, 1)
    assert entry["total"] == 3 and entry["cards"][2]["as"] == -2
    assert addem.apply(state, 0, summed("T3a", "F5a", "AEa", AEa=-2)) == after


def test_hints_find_the_addem_sum():
    state = start(["T3a", "F5a", "AEa", "F4a", "F4b", "F6a"], FILLER)
    legal = addem.legal_moves(state, 0)
    assert legal["types"] == ["sum", "expose", "draw"] and legal["any_sum"]
    for found in legal["sums"]:
        addem.apply(state, 0, {"type": "sum", **found})
    assert addem.legal_moves(state, 1) is None


@pytest.mark.parametrize("move, code, reason", [
    (summed("T3a", "F5a", AEa=-2), "value_not_in_sum", "Card AEa is not in this sum."),
    (summed("T3a", "F5a", "AEa", AEa=3), "addem_value",
     "The Even Add-Em may stand for 2, 4, 6, 8, -2 or -4, not 3."),
    (summed("T3a", "F5a", "AOa", AOa=2), "addem_value",
     "The Odd Add-Em may stand for 1, 3, 5, 7, -1, -3 or -5, not 2."),
    (summed("T3a", "F5a", "AEa", AEa=0), "addem_value",
     "The Even Add-Em may stand for 2, 4, 6, 8, -2 or -4, not 0."),
    (summed("T3a", "F5a", "AEa", AEa=4), "sum_mismatch", "5 + 4 is 9, not 3."),
    (summed("T3a", "F5a", "AEa", F5a=5), "value_not_addem", "Only an Add-Em card takes a value: 5 is always 5."),
    (summed("T3a", "F5a", "AOa"), "sum_mismatch",
     "5 + Odd Add-Em cannot make 3: the Odd Add-Em would have to stand for -2, and it stands only for "
     "1, 3, 5, 7, -1, -3 or -5."),
    (summed("T9a", "F5a", "AOa", "AEa"), "sum_mismatch",
     "5 + Odd Add-Em + Even Add-Em cannot make 9: no values the Add-Em cards may stand for add up to 4."),
    (summed("T9a", "F5a", "F0a"), "sum_mismatch", "5 + 0 is 5, not 9."),
    (summed("T9a", "F5a", "F0a", "AEa", AEa=-2), "sum_mismatch", "5 + 0 - 2 is 3, not 9."),
    (summed("T3a", "F5a"), "too_few_cards", "A sum needs at least 3 cards: this has 2."),
    (summed("T3a", "T9a", "F5a"), "one_total", "A sum has exactly one Total card, not 2."),
    (summed("F0a", "F5a", "AEa"), "one_total", "A sum has exactly one Total card, not 0."),
    (summed("T3a", "F5a", "F5a"), "duplicate_card", "Name each card only once."),
    (summed("T3a", "F5a", "F7a"), "not_in_hand", "Card F7a is not in your hand."),
    ({"type": "sum", "cards": "T3a"}, "bad_move", "'cards' must be a list of card ids."),
    ({"type": "sum", "cards": [3]}, "bad_move", "'cards' must be a list of card ids."),
    ({"type": "sum", "cards": []}, "bad_move", "'cards' is empty: name the cards from your hand."),
    ({"type": "sum", "cards": ["T3a", "F5a", "AEa"], "values": [2]}, "bad_move",
     "'values' must map Add-Em card ids to numbers."),
    ({"type": "sum", "cards": ["T3a", "F5a", "AEa"], "total": 3}, "bad_move", "A 'sum' move has no field 'total'."),
])
def test_wrong_sums_are_refused_with_the_reason(move, code, reason):
    state = start(["T3a", "F5a", "AEa", "AOa", "T9a", "F0a"], FILLER)
    error = refused(state, 0, move)
    assert (error.code, error.reason) == (code, reason)


def test_a_thirty_card_hand_still_finds_its_sum_quickly():
    hand = ["F8a", "F8b", "F8c", "F8d", "F8e", "F8f", "F6a", "F6b", "F6c", "F6d", "F6e", "F6f",
            "F4a", "F4b", "F4c", "F4d", "F4e", "F4f", "F2a", "F2b", "F2c", "F2d", "F2e", "F2f",
            "M1a", "M3a", "M5a", "M1c", "M3c", "T9a"]
    others = [f["id"] for f in addem.deck(5, {}) if f["id"] not in hand]
    hands = [hand[:6]] + [others[i:i + 6] for i in range(0, 24, 6)]
    state = addem.initial_state(5, {"penalties": False}, "test", fixed_deck(hands, hand[6:]))
    # as if seat 0 had drawn the 24 cards on top of the pool
    state = dataclasses.replace(state, hands=(tuple(hand), *state.hands[1:]), pool=state.pool[24:])
    legal = addem.legal_moves(state, 0)
    assert legal["any_sum"] and [s["cards"][0] for s in legal["sums"]] == ["T9a"]
    after = addem.apply(state, 0, {"type": "sum", **legal["sums"][0]})
    assert len(after.hands[0]) < 30


def test_subset_search_handles_forty_cards():
    options = [(8,)] * 20 + [(2,)] * 19 + [(1, 3, 5, 7, -1, -3, -5)]
    found = choose(options, [161, 1000], 2)
    assert 1000 not in found
    values = [v for v in found[161] if v is not None]
    assert sum(values) == 161 and len(values) >= 2


# --- penalties ---------------------------------------------------------------------------

def test_wrong_sum_is_refused_with_the_arithmetic_when_penalties_are_off():
    state = start(["T9a", "F5a", "F3a", "F2a", "F4a", "F6a"], FILLER)
    error = refused(state, 0, summed("T9a", "F5a", "F3a", "F2a"))
    assert (error.code, error.reason) == ("sum_mismatch", "5 + 3 + 2 is 10, not 9.")
    assert error.params == {"parts": [5, 3, 2], "total": 9}


def test_wrong_sum_costs_five_points_and_the_cards_stay_when_penalties_are_on():
    state = start(["T9a", "F5a", "F3a", "F2a", "F4a", "F6a"], FILLER, penalties=True)
    move = summed("T9a", "F5a", "F3a", "F2a")
    after = addem.apply(state, 0, move)
    assert after.scores == (5, 0) and after.hands[0] == state.hands[0] and addem.to_move(after) == 1
    for viewer in (None, 1):  # the cards went back to a hidden hand: the others learn how many
        entry = addem.log_entry(state, 0, move, after, viewer)
        assert entry == {"type": "sum", "penalty": 5, "card_count": 4}
    # the player who laid it is told its arithmetic, as a refusal would say it: a pupil counting by
    # themselves learns what they got wrong, not only that it cost 5 points
    assert addem.log_entry(state, 0, move, after, 0) == {"type": "sum", "penalty": 5, "card_count": 4,
                                                         "parts": [5, 3, 2], "total": 9}


def test_badly_formed_sum_is_refused_even_with_penalties():
    state = start(["T9a", "F5a", "F3a", "F2a", "F4a", "F6a"], FILLER, penalties=True)
    assert refused(state, 0, summed("T9a", "F5a")).code == "too_few_cards"
    assert refused(state, 0, summed("T9a", "F5a", "F3a", "AEa", AEa=3)).code == "not_in_hand"


# --- expose and replace ------------------------------------------------------------------

def test_replace_an_exposed_eight_by_five_and_three():
    state = play(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]), (0, expose("F8a")))
    assert state.exposed == ("F8a",) and addem.legal_moves(state, 1)["types"] == ["replace", "draw"]
    after = addem.apply(state, 1, replacing("F5a", "F3a"))
    assert after.exposed == ("F5a", "F3a") and "F8a" in after.hands[1] and len(after.hands[1]) == 5
    entry = addem.log_entry(state, 1, replacing("F5a", "F3a"), after, 0)
    assert entry["took"] == [{"kind": "figure", "value": 8}] and [c["id"] for c in entry["laid"]] == ["F5a", "F3a"]


def test_replace_an_exposed_minus_three_by_six_minus_four_and_minus_five():
    state = play(start(["M3a", *PAD[:5]], ["F6a", "M4a", "M5a", "F2a", "F3a", "F4a"]), (0, expose("M3a")))
    assert addem.legal_moves(state, 1)["any_replace"]
    after = addem.apply(state, 1, replacing("F6a", "M4a", "M5a"))
    assert after.exposed == ("F6a", "M4a", "M5a") and after.hands[1] == ("F2a", "F3a", "F4a", "M3a")


def test_exposed_group_is_replaced_as_one_value():
    state = play(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]),
                 (0, expose("F8a")), (1, replacing("F5a", "F3a")))
    after = addem.apply(state, 0, replacing("F7b", "F7c", "M4b", "M2b"))  # 7 + 7 - 4 - 2 for 5 + 3
    assert after.exposed == ("F7b", "F7c", "M4b", "M2b") and after.hands[0] == ("F6c", "F5a", "F3a")


@pytest.mark.parametrize("move, code, reason", [
    (replacing("F8a", "F5a", "F3a"), "lay_back", "You cannot lay back the cards you take: 8 is the exposed card."),
    (replacing("F5a"), "too_few_cards", "Lay two or more cards in place of the exposed cards."),
    (replacing("F5a", "F2a"), "replace_mismatch", "5 + 2 is 7, not 8."),
    (replacing("F5a", "T3a"), "cannot_lay", "Only Figure and Minus cards can be laid, not Total 3."),
    (replacing("F5a", "F4a"), "not_in_hand", "Card F4a is not in your hand."),
    (expose("F5a"), "already_exposed", "8 is exposed already: make a sum with it, replace it or draw."),
    (PASS, "pool_not_empty", "You can only pass when the pool is empty: draw instead."),
    ({"type": "replace", "cards": 8}, "bad_move", "'cards' must be a list of card ids."),
])
def test_bad_replaces_are_refused(move, code, reason):
    state = play(start(["F8a", *PAD[:5]], ["F5a", "F3a", "F2a", "T3a", "M1a", "F0a"]), (0, expose("F8a")))
    error = refused(state, 1, move)
    assert (error.code, error.reason) == (code, reason)


@pytest.mark.parametrize("card, code, reason", [
    ("T3a", "cannot_expose", "Only a Figure or Minus card can be exposed, not Total 3."),
    ("AEa", "cannot_expose", "Only a Figure or Minus card can be exposed, not Even Add-Em."),
    ("F9a", "not_in_hand", "Card F9a is not in your hand."),
])
def test_bad_exposes_are_refused(card, code, reason):
    state = start(["T3a", "AEa", "F5a", "F0a", "F0b", "F0c"], FILLER)
    error = refused(state, 0, expose(card))
    assert (error.code, error.reason) == (code, reason)
    assert refused(state, 0, replacing("F5a", "F0a")).code == "nothing_exposed"


def test_a_sum_uses_every_exposed_card():
    state = play(start(["F8a", "T7a", "F4a", "F3b", "T8a", "F0a"], ["F5a", "F3a", *FILLER[:4]]),
                 (0, expose("F8a")), (1, replacing("F5a", "F3a")))
    error = refused(state, 0, summed("T7a", "F4a", "F3b"))
    assert (error.code, error.reason) == (
        "sum_mismatch", "5 + 3 + 4 + 3 is 15, not 7 (every sum uses all the exposed cards: 5 and 3).")
    error = refused(state, 0, summed("T8a", "F5a"))
    assert (error.code, error.reason) == (
        "exposed_named", "Name only cards from your hand: the exposed 5 and 3 count in every sum already.")
    after = addem.apply(state, 0, summed("T8a"))  # 5 + 3 exposed and the Total 8: three cards
    assert after.exposed == () and after.pool[-3:] == ("F5a", "F3a", "T8a")
    assert [found["cards"][0] for found in addem.legal_moves(state, 0)["sums"]] == ["T8a"]


# --- replace circles (rules version 2) ----------------------------------------------------

def circled(rules_version=None):
    """Seat 0 exposes 8, seat 1 replaces it by 5 + 3, seat 0 by 7 + 7 - 4 - 2: both have replaced in turn,
    and seat 1 could lay 8 + 1 - 1 for them."""
    return play(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]], rules_version=rules_version),
                (0, expose("F8a")), (1, replacing("F5a", "F3a")), (0, replacing("F7b", "F7c", "M4b", "M2b")))


def test_when_every_player_has_replaced_in_turn_the_next_may_not_replace():
    state = circled()
    legal = addem.legal_moves(state, 1)
    assert legal["types"] == ["draw"] and legal["replace_closed"] == "replace_circle" and not legal["any_replace"]
    assert addem.candidate_moves(state, 1) == [DRAW]
    error = refused(state, 1, replacing("F8a", "F1a", "M1a"))
    assert (error.code, error.reason) == (
        "replace_circle", "Every player has replaced in turn (2 replaces in a row): you may not replace now. "
                          "Make a sum or draw.")
    before = play(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]),
                  (0, expose("F8a")), (1, replacing("F5a", "F3a")))
    assert addem.log_entry(before, 0, replacing("F7b", "F7c", "M4b", "M2b"), state, 1)["circle_closed"] is True
    assert addem.log_entry(circled(), 1, DRAW, addem.apply(state, 1, DRAW), 1).get("circle_closed") is None


def test_another_move_between_opens_replacing_again():
    state = play(circled(), (1, DRAW))  # the circle is broken: seat 0 may replace again
    legal = addem.legal_moves(state, 0)
    assert "replace" in legal["types"] and legal["replace_closed"] is None
    after = addem.apply(state, 0, replacing("F5a", "F3a"))  # the 5 and 3 it took, for 7 + 7 - 4 - 2
    assert after.exposed == ("F5a", "F3a") and addem.legal_moves(after, 1)["replace_closed"] is None


def test_nobody_may_replace_once_the_pool_is_empty():
    state = drawn_dry(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]))
    state = play(state, (0, expose("F8a")))
    legal = addem.legal_moves(state, 1)
    assert "replace" not in legal["types"] and legal["types"][-1] == "pass"
    assert legal["replace_closed"] == "replace_pool_empty" and legal["replaces"] == []
    error = refused(state, 1, replacing("F5a", "F3a"))
    assert (error.code, error.reason) == ("replace_pool_empty",
                                          "The pool is empty: nobody may replace any more. Make a sum or pass.")


def test_a_second_expose_is_told_only_the_moves_open_now():
    """Once always "make a sum with it, replace it or draw", even when the pool was empty (draw is
    refused: pass) or replacing was closed."""
    state = play(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]), (0, expose("F8a")))
    assert refused(state, 1, expose("F5a")).reason == (
        "8 is exposed already: make a sum with it, replace it or draw.")
    assert refused(circled(), 1, expose("F1a")).reason == (
        "7, 7, -4 and -2 are exposed already: make a sum with them or draw.")
    dry = play(drawn_dry(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]])), (0, expose("F8a")))
    assert refused(dry, 1, expose("F5a")).reason == "8 is exposed already: make a sum with it or pass."


def test_a_match_of_rules_version_1_keeps_replacing_in_circles():
    state = circled(rules_version=1)
    assert type(state) is addem.State and "replaces" not in dataclasses.asdict(state)
    legal = addem.legal_moves(state, 1)
    assert "replace" in legal["types"] and legal["replace_closed"] is None
    after = addem.apply(state, 1, replacing("F8a", "F1a", "M1a"))
    assert after.exposed == ("F8a", "F1a", "M1a")
    assert "circle_closed" not in addem.log_entry(state, 1, replacing("F8a", "F1a", "M1a"), after, 0)
    dry = play(drawn_dry(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]], rules_version=1)), (0, expose("F8a")))
    assert "replace" in addem.legal_moves(dry, 1)["types"]


@pytest.mark.parametrize("version", [0, 3, "2", True])
def test_an_unknown_rules_version_is_refused(version):
    with pytest.raises(BadSetup) as caught:
        start(FILLER, PAD, rules_version=version)
    assert caught.value.code == "bad_rules_version"


# --- forced draw, pass and the blocked round ---------------------------------------------

def test_a_hand_of_only_total_and_addem_cards_must_draw():
    state = start(["T3a", "T5a", "AEa", "AOa", "T9a", "T8a"], ["F5a", "F3a", *FILLER[:4]])
    legal = addem.legal_moves(state, 0)
    assert legal["forced"] and legal["types"] == ["draw"] and addem.candidate_moves(state, 0) == [DRAW]
    error = refused(state, 0, summed("T8a", "AOa", "AEa", AOa=3, AEa=4))  # even a true sum
    assert (error.code, error.reason) == ("must_draw", "Your hand holds only Total and Add-Em cards: you must draw.")
    assert error.params == {"instead": "draw"}  # the move to make instead, for translating the reason
    assert addem.apply(state, 0, DRAW).hands[0][-1] == state.pool[0]


def drawn_dry(state):
    """Both seats draw until the pool is empty."""
    while state.pool:
        state = addem.apply(state, addem.to_move(state), DRAW)
    return state


def test_pass_only_when_the_pool_is_empty_and_everyone_passing_blocks_the_round():
    state = drawn_dry(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]))
    assert addem.to_move(state) == 0 and addem.legal_moves(state, 0)["types"][-1] == "pass"
    assert (refused(state, 0, DRAW).code, refused(state, 0, DRAW).reason) == ("pool_empty",
                                                                               "The pool is empty: pass instead.")
    once = addem.apply(state, 0, PASS)
    assert once.passes == 1 and once.deal == 1
    after = addem.apply(once, 1, PASS)
    points = [sum(addem.POINTS[addem.FACES[c]["kind"]] for c in hand) for hand in state.hands]
    assert after.counted == tuple(points) and after.scores == tuple(points) and after.called is None
    entry = addem.log_entry(once, 1, PASS, after, None)["round_end"]
    assert entry["blocked"] and entry["points"] == points
    assert [sum(counted) for counted in entry["card_points"]] == points  # each card as it was counted, for the log


def test_a_move_between_passes_keeps_the_round_going():
    state = drawn_dry(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]))
    state = play(state, (0, PASS), (1, expose("F5a")), (0, PASS))
    assert state.deal == 1 and state.passes == 1 and addem.to_move(state) == 1


# --- going out and counting --------------------------------------------------------------

LOSER = ["F5b", "M5b", "T0a", "AOa", "F6b", "F8b"]  # counts 1 + 1 + 3 + 10 + 1 + 1 = 17


def test_going_out_after_a_sum_with_one_total_left_ends_the_round():
    state = start(["T9a", "F2a", "F3a", "F4a", "F0a", "T7a"], LOSER)
    move = summed("T9a", "F2a", "F3a", "F4a", "F0a")
    after = addem.apply(state, 0, move)
    assert after.scores == (0, 17) and after.counted == (0, 17) and after.called == 0
    assert after.deal == 2 and after.dealer == 0 and addem.to_move(after) == 1
    order = shuffled([f["id"] for f in addem.deck(2, {})], "test", "deal:2")
    assert after.hands == (tuple(order[1:12:2]), tuple(order[0:12:2])) and after.pool == tuple(order[12:])
    entry = addem.log_entry(state, 0, move, after, None)
    assert entry["went_out"] and entry["discarded"] == [{"kind": "total", "value": 7}]
    assert entry["round_end"] == {"deal": 1, "called": 0, "blocked": False, "points": [0, 17], "scores": [0, 17],
                                  "card_points": [[], [1, 1, 1, 1, 3, 10]], "dropped": [], "match_over": False}


def test_both_addem_cards_are_discarded_after_a_sum():
    state = start(["T9a", "F2a", "F3a", "F4a", "AOa", "AEa"], FILLER)
    after = addem.apply(state, 0, summed("T9a", "F2a", "F3a", "F4a"))
    assert after.called == 0 and after.counted == (0, 6)


def test_with_two_packs_three_addem_cards_left_after_a_sum_are_discarded():
    hand = ["T5a", "F2a", "F3a", "AOa", "AEa", "AOb"]
    others = [f["id"] for f in addem.deck(5, {}) if f["kind"] == "figure" and f["id"] not in hand]
    state = start(hand, *(others[i:i + 6] for i in range(0, 24, 6)))
    after = addem.apply(state, 0, summed("T5a", "F2a", "F3a"))
    assert after.called == 0 and after.counted == (0, 6, 6, 6, 6) and after.deal == 2
    assert addem.log_entry(state, 0, summed("T5a", "F2a", "F3a"), after, 0)["discarded"] == [
        {"kind": "addem", "parity": p, "values": list(addem.FACES[c]["values"])}
        for c, p in (("AOa", "odd"), ("AEa", "even"), ("AOb", "odd"))]


def test_one_total_and_one_addem_cannot_be_discarded_together():
    state = start(["T9a", "F2a", "F3a", "F4a", "T7a", "AOa"], FILLER)
    after = addem.apply(state, 0, summed("T9a", "F2a", "F3a", "F4a"))
    assert after.deal == 1 and after.hands[0] == ("T7a", "AOa") and addem.to_move(after) == 1


def test_a_single_figure_card_waits_for_the_next_turn():
    state = start(["T9a", "F2a", "F3a", "F4a", "F0a", "F6a"], FILLER)
    state = addem.apply(state, 0, summed("T9a", "F2a", "F3a", "F4a", "F0a"))
    assert state.deal == 1 and state.hands[0] == ("F6a",)
    after = play(state, (1, DRAW), (0, expose("F6a")))
    assert after.called == 0 and after.counted == (0, 7) and after.deal == 2


def test_a_single_figure_card_cannot_go_while_a_card_is_exposed():
    state = start(["T9a", "F2a", "F3a", "F4a", "F0a", "F6a"], FILLER)
    state = play(state, (0, summed("T9a", "F2a", "F3a", "F4a", "F0a")), (1, expose("F1a")))
    assert addem.legal_moves(state, 0)["types"] == ["draw"]


def test_reaching_fifty_drops_a_player_and_the_deal_passes_among_those_still_in():
    hand = ["T9a", "F2a", "F3a", "F4a", "F0a", "T7a"]
    state = dataclasses.replace(start(FILLER, hand, LOSER), scores=(45, 0, 0))
    move = summed("T9a", "F2a", "F3a", "F4a", "F0a")
    before = play(state, (0, DRAW))
    after = addem.apply(before, 1, move)
    assert after.scores == (52, 0, 17) and after.playing == (1, 2) and after.hands[0] == ()
    assert after.dealer == 1 and addem.to_move(after) == 2  # seat 2 dealt last; seat 0 is out
    assert addem.log_entry(before, 1, move, after, 2)["round_end"]["dropped"] == [0]
    view = addem.view(after, 0)
    assert view["seats"][0]["in"] is False and view["hand"] == [] and view["last_round"] == {
        "called": 1, "points": [7, 0, 17]}


def test_penalty_points_count_at_once_but_the_player_drops_out_only_at_the_count():
    wrong = summed("T9a", "F5a", "F3a", "F2a")  # 5 + 3 + 2 is 10, not 9
    out = summed("T8a", "F2b", "F3b", "F0b", "F2c", "F1a")  # leaves T7a, discarded: seat 1 goes out
    state = start(["T9a", "F5a", "F3a", "F2a", "F4a", "F6a"], ["T8a", "F2b", "F3b", "F0b", "F2c", "T7a"], LOSER,
                  pool=("F1a", "F7b", "F8c"), penalties=True)
    state = play(dataclasses.replace(state, scores=(48, 0, 0)), (0, wrong))
    assert state.scores == (53, 0, 0) and state.playing == (0, 1, 2) and addem.view(state, None)["seats"][0]["in"]
    state = play(state, (1, DRAW), (2, DRAW))
    assert addem.to_move(state) == 0, "past 50 by a penalty, seat 0 still plays this round"
    before = play(state, (0, DRAW))
    after = addem.apply(before, 1, out)
    assert after.playing == (1, 2) and after.scores == (53 + 9, 0, 17 + 1) and after.hands[0] == ()
    assert addem.log_entry(before, 1, out, after, None)["round_end"]["dropped"] == [0]


def test_the_match_ends_when_one_player_is_left_under_fifty():
    state = dataclasses.replace(start(["T9a", "F2a", "F3a", "F4a", "F0a", "T7a"], LOSER), scores=(10, 40))
    after = addem.apply(state, 0, summed("T9a", "F2a", "F3a", "F4a", "F0a"))
    assert addem.is_over(after) and addem.to_move(after) is None and addem.winners(after) == [0]
    assert addem.scores(after) == [10, 57] and addem.candidate_moves(after, 0) == []
    assert places_of(addem, after) == [1, 2], "the lowest score is first"


def test_equal_lowest_scores_share_the_win():
    state = drawn_dry(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]))
    points = [sum(addem.POINTS[addem.FACES[c]["kind"]] for c in hand) for hand in state.hands]
    assert min(points) > 10  # so both seats are still under 50 before the count
    state = dataclasses.replace(state, scores=(60 - points[0], 60 - points[1]))
    after = play(state, (0, PASS), (1, PASS))
    assert addem.is_over(after) and addem.scores(after) == [60, 60] and addem.winners(after) == [0, 1]
    assert places_of(addem, after) == [1, 1]


# --- what each viewer sees ---------------------------------------------------------------

def test_a_drawn_card_is_shown_to_the_drawer_only():
    state = start(["T3a", "F5a", "AEa", *PAD[:3]], FILLER, pool=["F7a"])
    after = addem.apply(state, 0, DRAW)
    assert addem.log_entry(state, 0, DRAW, after, 0) == {"type": "draw", "card": addem.FACES["F7a"]}
    assert addem.log_entry(state, 0, DRAW, after, 1) == {"type": "draw"}
    assert "hand" not in addem.view(after, None) and addem.view(after, 1)["seats"][0]["hand_count"] == 7


@pytest.mark.parametrize("move, code", [
    (None, "bad_move"), ({"type": "play"}, "unknown_move"), ({"type": "draw", "card": "F7a"}, "bad_move"),
    ({"type": "expose"}, "bad_move"), ({"type": "expose", "card": ["F5a"]}, "bad_move"),
    ({"type": "sum"}, "bad_move"), ({"type": "sum", "cards": []}, "bad_move"),
    ({"type": "sum", "cards": ["T3a", "F5a", "AEa"], "values": {"AEa": True}}, "addem_value"),
    ({"type": "sum", "cards": ["T3a", "F5a", "AEa"], "values": {"AEa": "2"}}, "addem_value"),
    ({"type": "sum", "cards": ["T3a", "F5a", "AEa"], "values": {"9": 2}}, "value_not_in_sum"),
])
def test_malformed_moves_are_refused(move, code):
    state = start(["T3a", "F5a", "AEa", *PAD[:3]], FILLER)
    assert refused(state, 0, move).code == code


# --- invariants over random matches -------------------------------------------------------

@pytest.mark.parametrize("penalties", [False, True])
def test_scores_add_up_to_the_hands_counted_at_each_round_end(penalties):
    for seed in range(30):
        seats = 2 + seed % 7

        def check(before, seat, move, after):
            gained = [a - b for a, b in zip(after.scores, before.scores)]
            if after.deal == before.deal and not addem.is_over(after):
                assert gained == [0] * seats or (penalties and gained == [5 if s == seat else 0 for s in range(seats)])
                return
            for s in range(seats):
                hand = before.hands[s] if s != seat or move["type"] == "pass" else ()
                expected = sum(addem.POINTS[addem.FACES[c]["kind"]] for c in hand) if s in before.playing else 0
                assert gained[s] == expected == after.counted[s]
            assert after.playing == tuple(s for s in range(seats) if after.scores[s] < 50) or addem.is_over(after)

        play_random_match(addem, seats, seed, {"penalties": penalties}, check)


def test_penalised_sums_hide_the_cards_that_went_back_to_the_hand():
    penalised = 0
    for seed in range(12):
        seats = 2 + seed % 7
        state = addem.initial_state(seats, {"penalties": True}, f"penalty-{seed}")
        for step in range(300):
            if addem.is_over(state):
                break
            seat = addem.to_move(state)
            hand = state.hands[seat]
            totals = [c for c in hand if addem.FACES[c]["kind"] == "total"]
            others = [c for c in hand if addem.FACES[c]["kind"] in ("figure", "minus")]
            move = addem.candidate_moves(state, seat)[step % 3 % len(addem.candidate_moves(state, seat))]
            if step % 4 == 0 and totals and len(others) >= 2 and not addem.legal_moves(state, seat)["forced"]:
                move = summed(totals[0], *others[:2])
            after = addem.apply(state, seat, move)
            penalised += after.scores[seat] - state.scores[seat] == 5 and after.deal == state.deal
            assert_each_card_once(addem, after, seats, {"penalties": True})
            assert_nothing_hidden_leaks(addem, state, seat, move, after, seats)
            state = after
    assert penalised > 10
