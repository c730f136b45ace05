"""ADD-TOO scenarios: RULES.md section `addtoo`, its worked examples and its edge cases."""
import pytest

from engine import BadSetup, IllegalMove, addtoo
from engine.options import normalize

from .sweep import places_of, play_random_match


def d(a: int, b: int) -> str:
    """The id of the diamond showing a and b."""
    return f"dia{min(a, b)}-{max(a, b)}"


def table(board=(), hands=((), ()), pile=(), *, points=None, totals=None, turn=0, target=200, passes=0):
    """A State built directly, for positions no fixed deck reaches; `board`: (tile, x, y, rotation)."""
    seats = len(hands)
    return addtoo.State("test", target, 1, tuple(map(tuple, hands)), tuple(pile), tuple(board),
                        addtoo.frontier_of(board), tuple(points or (0,) * seats), tuple(totals or (0,) * seats),
                        passes, turn)


def fixed_deck(*hands):
    """A fixed deck that deals these five-diamond hands (round-robin from seat 0), the rest in canonical order."""
    top = [hand[i] for i in range(addtoo.HAND_SIZE) for hand in hands]
    return top + [tile for tile in addtoo.FACES if tile not in top]


def place(tile, x, y, rotation):
    return {"type": "place", "tile": tile, "x": x, "y": y, "rotation": rotation}


def offered(state, seat, tile, x, y, rotation):
    """The legal_moves entry for this placement, or None."""
    return next((p for p in addtoo.legal_moves(state, seat).get("place", [])
                 if (p["tile"], p["x"], p["y"], p["rotation"]) == (tile, x, y, rotation)), None)


def refusal(state, seat, move):
    with pytest.raises(IllegalMove) as error:
        addtoo.apply(state, seat, move)
    return error.value.code, error.value.reason


# --- the diamonds and the lattice

def test_there_are_45_diamonds_orange_by_the_parity_rule():
    faces = addtoo.deck(2, {})
    assert len(faces) == 45 and len({f["id"] for f in faces}) == 45
    assert addtoo.FACES[d(1, 2)] == {"id": "dia1-2", "kind": "diamond", "orange": 1, "blue": 2}
    assert addtoo.FACES[d(1, 3)]["orange"] == 3 and addtoo.FACES[d(5, 10)]["orange"] == 5
    orange_counts = [sum(f["orange"] == n for f in faces) for n in range(1, 11)]
    assert set(orange_counts) == {4, 5}


@pytest.mark.parametrize("rotation, orange_sides", [(0, "NE"), (1, "ES"), (2, "SW"), (3, "WN")])
def test_rotation_puts_the_orange_half_on_two_sides(rotation, orange_sides):
    outer = addtoo.OUTER[d(1, 2)][rotation]
    assert [side for side, (colour, _) in zip(addtoo.SIDES, outer) if colour == "orange"] == sorted(
        orange_sides, key=addtoo.SIDES.index)
    assert all(number == (1 if colour == "orange" else 2) for colour, number in outer)


def test_north_is_y_minus_one_and_sides_face_each_other():
    # orange 10 on the north side of (0, 0) faces the south side of (0, -1)
    state = table([(d(8, 10), 0, 0, 0)], [[d(5, 6)], [d(1, 2)]])
    assert offered(state, 0, d(5, 6), 0, -1, 1)["points"] == 15  # rotation 1: orange on E and S
    assert offered(state, 0, d(5, 6), 0, -1, 3) is None  # rotation 3: blue 6 faces the orange 10


# --- the start of a hand

def test_deal_is_five_face_up_each_round_robin_and_lowest_diamond_starts():
    hands = ([d(5, 9), d(6, 9), d(7, 9), d(8, 9), d(9, 10)], [d(4, 10), d(1, 2), d(8, 10), d(7, 10), d(6, 10)])
    state = addtoo.initial_state(2, {}, "seed", fixed_deck(*hands))
    assert state.hands == tuple(map(tuple, hands)) and len(state.pile) == 35
    assert addtoo.to_move(state) == 1
    assert [s["hand"] for s in addtoo.view(state, None)["seats"]] == [[addtoo.FACES[t] for t in h] for h in hands]


@pytest.mark.parametrize("hands, first", [
    # lowest totals 5 and 5 (1-4 and 2-3): the next-lowest decides (7 against 6)
    (([d(1, 4), d(3, 4), d(8, 9), d(8, 10), d(9, 10)], [d(2, 3), d(1, 5), d(7, 9), d(7, 10), d(6, 10)]), 1),
    (([d(2, 3), d(1, 5), d(8, 9), d(8, 10), d(9, 10)], [d(1, 4), d(3, 4), d(7, 9), d(7, 10), d(6, 10)]), 0),
    # lowest 5 and next-lowest 7 on both sides: the lower seat
    (([d(7, 10), d(1, 4), d(3, 4), d(8, 9), d(9, 10)], [d(6, 10), d(2, 3), d(2, 5), d(7, 9), d(8, 10)]), 0),
    (([d(5, 9), d(6, 9), d(7, 9), d(8, 9), d(9, 10)], [d(4, 10), d(5, 10), d(8, 10), d(7, 10), d(6, 10)],
      [d(2, 3), d(1, 5), d(4, 6), d(4, 8), d(4, 9)]), 2),
])
def test_first_player_tie_breaks(hands, first):
    assert addtoo.to_move(addtoo.initial_state(len(hands), {}, "seed", fixed_deck(*hands))) == first


def test_first_diamond_goes_at_the_origin_in_any_rotation():
    state = addtoo.initial_state(2, {}, "seed", fixed_deck(
        [d(1, 2), d(6, 9), d(7, 9), d(8, 9), d(9, 10)], [d(4, 10), d(5, 10), d(8, 10), d(7, 10), d(6, 10)]))
    places = addtoo.legal_moves(state, 0)["place"]
    assert len(places) == 20 and {(p["x"], p["y"], p["points"], p["bonus"]) for p in places} == {(0, 0, 0, False)}
    assert refusal(state, 0, place(d(1, 2), 1, 0, 0)) == ("first_at_origin", "The first diamond goes at (0, 0).")
    after = addtoo.apply(state, 0, place(d(6, 9), 0, 0, 3))
    assert after.turn == 1 and set(after.frontier) == {(0, -1), (1, 0), (0, 1), (-1, 0)}


# --- worked examples of the sheet

def test_five_against_ten_of_one_colour_scores_15():
    state = table([(d(8, 10), 0, 0, 0)], [[d(5, 6), d(1, 2)], [d(1, 3)]])  # orange 10 on the east side
    assert offered(state, 0, d(5, 6), 1, 0, 2) == {"tile": d(5, 6), "x": 1, "y": 0, "rotation": 2,
                                                    "points": 15, "bonus": False, "pairs": [[5, 10]]}
    assert addtoo.apply(state, 0, place(d(5, 6), 1, 0, 2)).points == (15, 0)


def test_five_against_five_matches_and_scores_10():
    state = table([(d(1, 5), 0, 0, 0)], [[d(5, 6), d(1, 2)], [d(1, 3)]])  # orange 5 on the east side
    assert addtoo.apply(state, 0, place(d(5, 6), 1, 0, 2)).points == (10, 0)


FIGURE_6 = [(d(4, 6), 0, 1, 3), (d(1, 7), 1, 0, 1), (d(5, 7), 2, 1, 2), (d(2, 9), -1, 1, 0)]


def test_figure_6_bonus_play_on_three_sides_scores_45():
    # 3-6 at (1, 1): orange 3 against orange 7 (north, east), blue 6 against blue 4 (west)
    state = table(FIGURE_6, [[d(3, 6), d(1, 2)], [d(1, 3)]])
    assert offered(state, 0, d(3, 6), 1, 1, 0)["points"] == 45
    after = addtoo.apply(state, 0, place(d(3, 6), 1, 1, 0))
    assert after.points == (45, 0) and after.board[-1] == (d(3, 6), 1, 1, 0)
    assert addtoo.log_entry(state, 0, place(d(3, 6), 1, 1, 0), after, None)["bonus"] is True


FIGURE_5 = [(d(7, 9), 1, 0, 1), (d(3, 10), 0, 1, 2), (d(2, 9), 3, 3, 0)]


def test_figure_5_bonus_play_on_two_sides_scores_30():
    # 9-10 at (1, 1): orange 9 matches orange 9 (north), blue 10 + blue 10 scores 20 (west)
    state = table(FIGURE_5, [[d(9, 10), d(1, 2)], [d(1, 3)]])
    assert offered(state, 0, d(9, 10), 1, 1, 0) == {"tile": d(9, 10), "x": 1, "y": 1, "rotation": 0,
                                                     "points": 30, "bonus": True, "pairs": [[10, 10]]}


def test_touching_the_last_played_diamond_is_a_normal_play_without_bonus():
    # as figure 5, but 3-10 was played last and the north neighbour shows orange 1: 9 + 1 scores 10 too
    board = [(d(1, 2), 1, 0, 1), (d(2, 9), 3, 3, 0), (d(3, 10), 0, 1, 2)]
    state = table(board, [[d(9, 10), d(1, 3)], [d(1, 4)]])
    assert offered(state, 0, d(9, 10), 1, 1, 0) == {"tile": d(9, 10), "x": 1, "y": 1, "rotation": 0,
                                                     "points": 30, "bonus": False, "pairs": [[9, 1], [10, 10]]}


def test_normal_play_ignores_sides_other_than_the_last_played():
    # the north neighbour shows a blue side to the orange 9: allowed, scores nothing
    board = [(d(1, 2), 1, 0, 0), (d(3, 10), 0, 1, 2)]
    state = table(board, [[d(9, 10), d(1, 3)], [d(1, 4)]])
    assert offered(state, 0, d(9, 10), 1, 1, 0)["points"] == 20


def test_bonus_play_with_one_colour_figure_7():
    # 3-4 (orange 3) at (1, 1), rotation 0: orange 3 + orange 7 north, orange 3 matches orange 3 east
    board = [(d(1, 7), 1, 0, 1), (d(1, 3), 2, 1, 3), (d(2, 9), 5, 5, 0)]
    state = table(board, [[d(3, 4), d(1, 2)], [d(1, 4)]])
    assert offered(state, 0, d(3, 4), 1, 1, 0)["points"] == 10 + 10


# --- illegal placements

NEXT_TO = [(d(7, 8), -1, 0, 0), (d(2, 4), 0, 0, 0)]  # last-played 2-4: orange 4 on north and east


@pytest.mark.parametrize("move, code, reason", [
    (place(d(1, 4), 1, 0, 0), "colour_mismatch", "West side: your blue 4 touches an orange side."),
    (place(d(3, 4), 1, 0, 2), "no_match_no_score", "West side: 3 and 4 neither match nor make a multiple of 5."),
    (place(d(3, 4), 0, 0, 2), "occupied", "(0, 0) already holds a diamond."),
    (place(d(3, 4), 5, 5, 2), "not_touching", "(5, 5) touches no diamond."),
    (place(d(3, 4), -2, 0, 2), "not_next_to_last",
     "(-2, 0) is not next to the last-played diamond at (0, 0), and a bonus play must touch 2 to 4 diamonds."),
    (place(d(9, 10), 1, 0, 2), "not_in_hand", "Diamond dia9-10 is not in your hand."),
    (place(d(3, 4), 1, 0, 4), "out_of_range", "The rotation must be from 0 to 3, not 4."),
    (place(d(3, 4), 1001, 0, 2), "out_of_range", "x must be from -1000 to 1000, not 1001."),
    (place(d(3, 4), 0, -1001, 2), "out_of_range", "y must be from -1000 to 1000, not -1001."),
    ({"type": "place", "tile": d(3, 4), "x": "1", "y": 0, "rotation": 0}, "bad_move", "'x' must be a whole number."),
    ({"type": "place", "tile": 7, "x": 1, "y": 0, "rotation": 0}, "bad_move", "'tile' must be a diamond id."),
    ({**place(d(3, 4), 1, 0, 2), "card": "x"}, "bad_move", "A 'place' move has no field 'card'."),
    ({"type": "draw"}, "must_place", "You can place a diamond, so you must place one."),
    ({"type": "pass"}, "must_place", "You can place a diamond, so you must place one."),
    ({"type": "draw", "tile": d(3, 4)}, "bad_move", "A 'draw' move has no field 'tile'."),
])
def test_illegal_moves_are_refused_with_a_reason(move, code, reason):
    state = table(NEXT_TO, [[d(1, 4), d(3, 4), d(1, 6)], [d(1, 3)]], [d(2, 3)])
    assert refusal(state, 0, move) == (code, reason)


def test_bonus_play_must_fit_every_side():
    state = table(FIGURE_5, [[d(9, 10), d(1, 2)], [d(1, 3)]])
    assert refusal(state, 0, place(d(9, 10), 1, 1, 1)) == (
        "colour_mismatch", "North side (bonus play: every side must fit): your blue 10 touches an orange side.")


# --- drawing and passing

CLOSED = [(d(2, 4), 0, 0, 0)]  # fits only orange 1, 4, 6 or blue 2, 3, 8
STUCK = [d(5, 7), d(7, 9), d(9, 10), d(5, 10), d(7, 10), d(8, 9)]  # none of them fits 2-4


def test_a_seat_that_cannot_place_draws_and_places_in_the_same_turn():
    state = table(CLOSED, [STUCK[:3], [d(1, 3)]], [STUCK[3], d(1, 2), d(1, 4)])
    assert addtoo.legal_moves(state, 0) == {"draw": True}
    assert addtoo.candidate_moves(state, 0) == [{"type": "draw"}]
    assert refusal(state, 0, {"type": "pass"})[0] == "must_draw"
    assert refusal(state, 0, place(STUCK[0], 1, 0, 0))[0] in {"colour_mismatch", "no_match_no_score"}
    state = addtoo.apply(state, 0, {"type": "draw"})
    assert state.turn == 0 and addtoo.legal_moves(state, 0) == {"draw": True}
    state = addtoo.apply(state, 0, {"type": "draw"})
    assert state.hands[0] == (*STUCK[:4], d(1, 2)) and state.pile == (d(1, 4),)
    assert "place" in addtoo.legal_moves(state, 0)
    assert refusal(state, 0, {"type": "draw"})[0] == "must_place"
    assert addtoo.apply(state, 0, place(d(1, 2), 1, 0, 2)).turn == 1


def test_drawing_stops_at_five_then_the_seat_passes():
    state = table(CLOSED, [STUCK[:4], [d(1, 3)]], [STUCK[4], d(1, 2)])
    state = addtoo.apply(state, 0, {"type": "draw"})
    assert len(state.hands[0]) == 5 and addtoo.legal_moves(state, 0) == {"pass": True}
    assert refusal(state, 0, {"type": "draw"}) == ("hand_full", "You hold 5 diamonds: you cannot draw, you must pass.")
    after = addtoo.apply(state, 0, {"type": "pass"})
    assert after.turn == 1 and after.passes == 1


def test_with_the_pile_empty_a_stuck_seat_passes():
    state = table(CLOSED, [STUCK[:2], [d(1, 3)]])
    assert addtoo.legal_moves(state, 0) == {"pass": True}
    assert refusal(state, 0, {"type": "draw"}) == ("pile_empty", "The pile is empty: you cannot draw, you must pass.")


def test_a_placement_resets_the_passes():
    state = table(CLOSED, [STUCK[:2], [d(1, 2), d(1, 3)], STUCK[2:4]])
    state = addtoo.apply(state, 0, {"type": "pass"})
    state = addtoo.apply(state, 1, place(d(1, 2), 1, 0, 2))
    assert state.passes == 0 and state.turn == 2


# --- the end of a hand

def test_hand_ends_when_a_player_places_every_diamond():
    state = table([(d(8, 10), 0, 0, 0)], [[d(5, 6)], [d(1, 2), d(1, 3)]], [d(1, 4)], points=(20, 5))
    move = place(d(5, 6), 1, 0, 2)
    after = addtoo.apply(state, 0, move)
    assert after.deal == 2 and after.totals == (35, -15) and after.board == () and len(after.pile) == 35
    assert after.points == (0, 0) and after.ended == "out"
    hand_over = {"reason": "out", "totals": [35, -15], "seats": [{"points": 35, "penalty": 0, "net": 35},
                                                                   {"points": 5, "penalty": 20, "net": -15}]}
    assert addtoo.view(after, None)["last_hand"] == hand_over
    entry = addtoo.log_entry(state, 0, move, after, 1)
    assert entry["hand_over"] == hand_over and entry["points"] == 15
    assert ("id" in entry["tile"]) == (d(5, 6) not in after.pile)  # a tile shuffled into the pile stays hidden


def test_hand_ends_when_the_last_played_diamond_is_surrounded():
    board = [(d(1, 2), 1, 0, 0), (d(1, 3), 2, 1, 0), (d(1, 4), 1, 2, 0), (d(8, 10), 0, 1, 0)]
    state = table(board, [[d(5, 6), d(9, 10)], [d(1, 5)]], [d(1, 6)])
    after = addtoo.apply(state, 0, place(d(5, 6), 1, 1, 2))
    assert after.ended == "blocked" and after.totals == (15 - 10, -10) and after.deal == 2


def test_hand_ends_when_every_seat_has_passed_since_the_last_placement():
    state = table(CLOSED, [STUCK[:2], STUCK[2:3]], points=(10, 0))
    state = addtoo.apply(state, 0, {"type": "pass"})
    assert state.deal == 1
    after = addtoo.apply(state, 1, {"type": "pass"})
    assert after.ended == "passes" and after.totals == (-10, -10) and after.deal == 2


# --- the target and the winner

def test_target_option_defaults_to_200_from_50_to_1000():
    assert normalize(addtoo, None) == {"target": 200}
    assert normalize(addtoo, {"target": 1000}) == {"target": 1000}
    for bad in (49, 1001, "200"):
        with pytest.raises(BadSetup):
            normalize(addtoo, {"target": bad})


def _last_play(totals, points, second_hand):
    """Seat 0 goes out scoring 15; seat 1 holds `second_hand`."""
    state = table([(d(8, 10), 0, 0, 0)], [[d(5, 6)], second_hand], points=points, totals=totals)
    return addtoo.apply(state, 0, place(d(5, 6), 1, 0, 2))


@pytest.mark.parametrize("totals, points, second_hand, final, winners, places", [
    ((190, 150), (0, 0), [d(1, 2)], [205, 140], [0], [1, 2]),
    ((195, 198), (0, 30), [d(1, 2)], [210, 218], [1], [2, 1]),  # both reach 200: the highest total
    ((190, 195), (0, 20), [d(1, 2)], [205, 205], [0], [1, 2]),  # equal totals: seat 0 scored 15 in that hand, seat 1 10
    ((190, 190), (0, 25), [d(1, 2)], [205, 205], [0, 1], [1, 1]),  # equal again: a shared win
])
def test_match_ends_when_a_total_reaches_the_target(totals, points, second_hand, final, winners, places):
    after = _last_play(totals, points, second_hand)
    assert addtoo.is_over(after) and addtoo.scores(after) == final and addtoo.winners(after) == winners
    assert places_of(addtoo, after) == places
    assert addtoo.to_move(after) is None and addtoo.legal_moves(after, 0) is None


def test_scores_count_only_at_the_end_of_a_hand():
    state = table([(d(8, 10), 0, 0, 0)], [[d(5, 6), d(1, 2)], [d(1, 3)]], totals=(190, 0))
    after = addtoo.apply(state, 0, place(d(5, 6), 1, 0, 2))
    assert addtoo.scores(after) == [190, 0] and not addtoo.is_over(after)
    assert addtoo.view(after, None)["seats"][0] == {"hand": [addtoo.FACES[d(1, 2)]], "hand_count": 1,
                                                    "hand_points": 15, "total": 190}
    assert addtoo.winners(_last_play((0, 0), (0, 0), [d(1, 2)])) == []


# --- over random matches

@pytest.mark.parametrize("seats", range(2, 7))
def test_scores_are_the_plays_points_minus_the_penalties(seats):
    for seed in range(4):
        earned = [0] * seats

        def check(before, seat, move, after):
            assert after.frontier == addtoo.frontier_of(after.board)
            if move["type"] == "place":
                earned[seat] += offered(before, seat, move["tile"], move["x"], move["y"], move["rotation"])["points"]
            if after.deal != before.deal or after.turn is None:
                for s, hand in enumerate(before.hands):
                    earned[s] -= addtoo.PENALTY * (len(hand) - (s == seat and move["type"] == "place"))

        _, _, final = play_random_match(addtoo, seats, seed, {"target": 100}, check)
        assert addtoo.scores(final) == earned


# --- the log entry shows the arithmetic


def test_a_placement_s_log_entry_gives_each_scoring_pair_and_the_bonus_so_a_reader_can_check_the_points():
    # figure 6: orange 3 + 7 north, orange 3 + 7 east, blue 6 + 4 west, and 5 for each of the 3 sides
    state = table(FIGURE_6, [[d(3, 6), d(1, 2)], [d(1, 3)]])
    entry = addtoo.log_entry(state, 0, place(d(3, 6), 1, 1, 0), addtoo.apply(state, 0, place(d(3, 6), 1, 1, 0)), 1)
    assert entry["pairs"] == [[3, 7], [3, 7], [6, 4]] and entry["bonus_points"] == 15
    assert sum(a + b for a, b in entry["pairs"]) + entry["bonus_points"] == entry["points"] == 45
    # a normal play: the side matching without scoring is no pair; no bonus
    state = table(FIGURE_5[1:] + FIGURE_5[:1], [[d(9, 10), d(1, 2)], [d(1, 3)]])
    move = place(d(9, 10), 1, 1, 0)
    entry = addtoo.log_entry(state, 0, move, addtoo.apply(state, 0, move), 1)
    assert (entry["pairs"], entry["bonus_points"], entry["points"]) == ([[10, 10]], 0, 20)


def test_a_placement_offered_gives_its_scoring_pairs_so_the_player_can_check_the_points_before_placing():
    state = table(FIGURE_6, [[d(3, 6), d(1, 2)], [d(1, 3)]])
    assert offered(state, 0, d(3, 6), 1, 1, 0)["pairs"] == [[3, 7], [3, 7], [6, 4]]
    state = table([(d(1, 5), 0, 0, 0)], [[d(5, 6), d(1, 5)], [d(1, 3)]])
    places = addtoo.legal_moves(state, 0)["place"]
    assert {p["points"] for p in places} == {0, 10} and all(("pairs" in p) == (p["points"] > 0) for p in places)
