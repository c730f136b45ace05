"""Timeouts, leaving and resigning around any game's rules (engine/events.py), shown on ADD UP."""
import pytest

from engine import GameOver, IllegalMove, NotYourTurn, UnknownEvent, addup, bots
from engine import events
from engine.replay import start

from .sweep import places_of


def new(seats: int):
    _, state = start(addup, seats, None, "match-tests")
    return events.begin(state, seats)


def play_first(match, kind="move"):
    seat = events.to_move(addup, match)
    return events.apply(addup, match, kind, seat, events.stand_in(addup, match), timeouts_to_leave=3)


def test_resigning_a_two_seat_match_ends_it_and_the_other_wins():
    match = events.apply(addup, new(2), "resign", 1, None, 3)
    assert events.is_over(addup, match) and events.to_move(addup, match) is None
    assert events.winners(addup, match) == [0] and events.status(match, 1) == "resigned"
    assert events.places(addup, match) == [1, 2]
    with pytest.raises(GameOver):
        events.apply(addup, match, "resign", 0, None, 3)


def test_an_event_a_newer_release_wrote_after_the_end_is_one_this_release_does_not_know():
    """A newer release may store an event after a match's end (of a kind this one does not know): replaying it said
    "The match is over.", a player's 409 on the finished match's view, and My games failed whole with it, where any
    other such event is the server's 503 unknown_event, logged for the operator and listed apart in My games."""
    over = events.apply(addup, new(2), "resign", 1, None, 3)
    with pytest.raises(UnknownEvent) as raised:
        events.apply(addup, over, "applause", 0, {}, 3)
    assert raised.value.kind == "applause"


def test_leaving_a_larger_match_hands_the_seat_to_the_autopilot():
    match = events.apply(addup, new(3), "resign", 0, None, 3)
    assert not events.is_over(addup, match) and events.status(match, 0) == "left"
    moved = list(events.stand_ins(addup, match, 3, "match-tests", 1))
    assert [(kind, seat) for kind, seat, _, _ in moved] == [("autopilot", 0)]
    assert moved[0][2] == addup.candidate_moves(match.game, 0)[0]
    assert events.to_move(addup, moved[-1][3]) == 1
    with pytest.raises(IllegalMove, match="already left"):
        events.apply(addup, match, "resign", 0, None, 3)


@pytest.mark.parametrize("kind", ["move", "hint"])
def test_a_seat_that_left_is_told_so_when_it_moves_or_asks_a_hint_not_that_it_is_not_its_turn(kind):
    """Its turn never comes (the autopilot plays it): "not your turn" made a client wait forever."""
    match = events.apply(addup, new(3), "resign", 1, None, 3)
    with pytest.raises(IllegalMove) as refused:
        events.apply(addup, match, kind, 1, events.stand_in(addup, match), 3)
    assert refused.value.code == "already_left"


def test_when_everyone_has_left_the_autopilot_finishes_the_match():
    match = new(3)
    for seat in range(3):
        match = events.apply(addup, match, "resign", seat, None, 3)
    *_, (_, _, _, last) = events.stand_ins(addup, match, 3, "match-tests", 3)
    assert events.is_over(addup, last) and events.winners(addup, last) == addup.winners(last.game)
    assert events.places(addup, last) == places_of(addup, last.game), "seats that left rank by their scores"


def test_timeouts_in_a_row_count_and_a_move_resets_them():
    match = play_first(new(3), "timeout")
    assert match.timeouts == (1, 0, 0)
    match = play_first(play_first(match), "move")  # seats 1 and 2
    match = play_first(match, "timeout")
    assert match.timeouts == (2, 0, 0)
    match = play_first(play_first(play_first(match)), "move")  # seats 1, 2 then seat 0 itself
    assert match.timeouts == (0, 0, 0)


def test_enough_timeouts_in_a_row_mean_the_seat_has_left():
    match = new(2)
    for _ in range(2):
        match = play_first(play_first(match, "timeout"))  # seat 0 times out, seat 1 moves
    match = play_first(match, "timeout")
    assert match.resigned == 0 and events.winners(addup, match) == [1]


def test_a_bot_seat_moves_by_itself_and_the_move_is_the_bot_s_own():
    _, state = start(addup, 2, None, "match-tests")
    match = events.begin(state, 2, (None, "medium"))
    match = play_first(match)
    (kind, seat, move, after), = events.stand_ins(addup, match, 3, "match-tests", 1)
    assert (kind, seat) == ("bot", 1) and events.to_move(addup, after) == 0
    assert move == bots.choose(addup, match.game, 1, "medium", events.bot_seed("match-tests", 1, 2))
    assert events.apply(addup, match, "bot", 1, move, 3) == after
    with pytest.raises(IllegalMove, match="not played by a bot"):
        events.apply(addup, after, "bot", 0, events.stand_in(addup, after), 3)


def test_a_seat_handed_to_a_bot_leaves_and_the_bot_plays_it_even_in_a_two_seat_match():
    match = events.apply(addup, new(2), "resign", 0, {"bot": "easy"}, 3)
    assert not events.is_over(addup, match) and events.status(match, 0) == "left" and match.bots == ("easy", None)
    assert [kind for kind, *_ in events.stand_ins(addup, match, 3, "match-tests", 1)] == ["bot"]
    with pytest.raises(IllegalMove, match="no bot level"):
        events.apply(addup, new(2), "resign", 0, {"bot": "genius"}, 3)


def test_the_last_person_leaving_bots_ends_the_match_and_the_others_win():
    _, state = start(addup, 3, None, "match-tests")
    match = events.apply(addup, events.begin(state, 3, (None, "easy", "hard")), "resign", 0, None, 3)
    assert events.is_over(addup, match) and events.winners(addup, match) == [1, 2]
    assert events.places(addup, match) == [3, 1, 1], "the seat that resigned is last, behind the tie for first"


def test_a_hint_marks_the_seat_until_its_next_move_and_changes_nothing_else():
    match = new(2)
    with pytest.raises(NotYourTurn):
        events.apply(addup, match, "hint", 1, None, 3)
    hinted = events.apply(addup, match, "hint", 0, None, 3)
    assert hinted.hinted == {0} and hinted.game == match.game
    assert play_first(hinted).hinted == set()
