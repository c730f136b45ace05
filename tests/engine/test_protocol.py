"""Every game against the protocol: many seeded matches played to the end, some by the bots."""
import dataclasses

import pytest

from engine import GAMES, BadSetup, cards
from engine.options import check_seats, normalize
from engine.replay import checked_setup, start

from .sweep import (MATCHES, assert_each_card_once, assert_nothing_hidden_leaks, assert_places_rank_the_scores,
                    assert_refuses_nonsense, play_random_match, replays_to)


def seat_counts(game):
    return range(game.MIN_SEATS, game.MAX_SEATS + 1)


def players(n: int, seats: int) -> list[str] | None:
    """Who plays match n: random moves, but every fifth match the bots (hard only in match 4: it
    costs tens of milliseconds a move)."""
    if n % 5 != 4:
        return None
    levels = ("hard", "medium", "easy") if n == 4 else ("medium", "easy")
    return [levels[seat % len(levels)] for seat in range(seats)]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_random_matches_keep_every_promise(key):
    game = GAMES[key]
    for n in range(MATCHES):
        seats = list(seat_counts(game))[n % len(seat_counts(game))]
        options = normalize(game, None)

        def check(before, seat, move, after):
            assert_each_card_once(game, after, seats, options)
            if n % 10 == 0:  # the costly checks on every tenth match
                assert_refuses_nonsense(game, before, seat, seats)
                assert_nothing_hidden_leaks(game, before, seat, move, after, seats)
            assert game.legal_moves(before, seat) is not None
            assert all(game.legal_moves(before, other) is None for other in range(seats) if other != seat)

        setup, moves, final = play_random_match(game, seats, seed=n, options=options, check=check,
                                                  bots=players(n, seats))
        assert len(game.scores(final)) == seats
        assert game.winners(final), "a finished match has at least one winner"
        assert_places_rank_the_scores(game, final)
        assert game.to_move(final) is None and game.candidate_moves(final, 0) == []
        assert replays_to(game, setup, moves, final)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_catalogue_data_is_complete(key):
    game = GAMES[key]
    assert game.NAME and game.INTERPRETATIONS and {"age", "minutes", "summary"} <= set(game.INFO)
    for seats in seat_counts(game):
        ids = [face["id"] for face in game.deck(seats, normalize(game, None))]
        assert len(ids) == len(set(ids)), "card ids are unique"




def mean_turns(key: str) -> float:
    """Turns of a two-seat match of the default options, played by the medium bots."""
    game = GAMES[key]
    turns = [len(play_random_match(game, 2, seed, normalize(game, None), bots=["medium"] * 2)[1]) for seed in range(4)]
    return sum(turns) / len(turns)


def test_plus_and_minus_claims_the_time_of_its_default_rubber_of_five_games():
    """The home page said "about 20 min" while the form's default is a rubber of 5 games: some 100
    turns, twice ADD-IT's 15-minute match, whose turns (find cards adding up to yours) are no quicker
    (QA: teacher). The claim is the default match's at ADD-IT's pace, to the nearest 5 minutes."""
    addit_pace = mean_turns("addit") / GAMES["addit"].INFO["minutes"]
    assert GAMES["plusminus"].INFO["minutes"] >= 5 * round(mean_turns("plusminus") / addit_pace / 5)

@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_state_replaced_fast_is_the_state_dataclasses_would_make(key):
    game = GAMES[key]
    state = start(game, 2, None, "replaced")[1]
    changed = cards.replaced(state, turn=None)
    assert changed == dataclasses.replace(state, turn=None) and type(changed) is type(state)
    assert state.turn is not None  # the original is left alone
    with pytest.raises(TypeError):
        cards.replaced(state, no_such_field=1)


def _verdict(check) -> str:
    try:
        check()
    except BadSetup as refused:
        return f"{refused.code}: {refused}"
    return "accepted"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_new_setup_is_checked_without_dealing_as_dealing_checks_it(key):
    """checked_setup (what creating a match runs) refuses exactly the seats, options and fixed
    decks that dealing them refuses, with the same reason."""
    game = GAMES[key]

    def deal(seats, options, deck):
        game.initial_state(check_seats(game, seats), normalize(game, options), "seed", deck, game.RULES_VERSION)

    packs = {tuple(face["id"] for face in game.deck(n, normalize(game, None))) for n in seat_counts(game)}
    for seats in (game.MIN_SEATS - 1, *seat_counts(game), game.MAX_SEATS + 1):
        for ids in map(list, packs):
            for deck in (None, ids[::-1], ids[1:], ids[:-1] + ids[:1], [*ids, ids[0]]):
                for options in (None, {"nonsense": 1}):
                    dealt = _verdict(lambda: deal(seats, options, deck))
                    assert _verdict(lambda: checked_setup(game, seats, options, "seed", deck)) == dealt, (seats, deck)
