"""Seeded random matches played to the end, checking the protocol's promises at every step.

`ADDGAMES_SWEEP=full` plays the full sweep (1,000 matches per game); CI plays a smaller one.
"""
import itertools
import json
import os
import random

from engine import RuleError, events
from engine.bots import choose
from engine.replay import moves_only, replay, start, state_hash

MATCHES = 1000 if os.environ.get("ADDGAMES_SWEEP") == "full" else 100
MAX_MOVES = 20_000


def play_random_match(game, seats: int, seed: int, options: dict | None = None, check=None, bots=None):
    """Play one match by random candidate moves, or with `bots` (a level per seat) by the bots;
    call `check(before, seat, move, after)` on each move."""
    rng = random.Random(seed)
    setup, state = start(game, seats, options, f"sweep-{seed}")
    moves = []
    while not game.is_over(state):
        assert len(moves) < MAX_MOVES, "the match did not end"
        seat = game.to_move(state)
        candidates = game.candidate_moves(state, seat)
        assert candidates, f"seat {seat} is to move but has no candidate move"
        move = choose(game, state, seat, bots[seat], f"{seed}:{len(moves)}") if bots else rng.choice(candidates)
        assert bots or move in candidates, f"{move} is not a candidate move"
        after = game.apply(state, seat, move)  # refuses an illegal move (a hard bot weighs more than the candidates)
        if check:
            check(state, seat, move, after)
        moves.append((seat, move))
        state = after
    return setup, moves, state


def places_of(game, state) -> list[int]:
    """The places of a finished match's seats (engine/events.py's `places`), nobody having resigned."""
    return events.places(game, events.begin(state, len(game.scores(state))))


# The games whose lowest score wins (RULES.md): in the others the highest does.
LOWEST_WINS = {"addem"}


def assert_places_rank_the_scores(game, state):
    """Every seat has one place from 1 to the number of seats, as many seats before it as its place says (a tie shares
    a place, the next is skipped), the seats in place 1 are the winners, and a better score is never placed lower
    (ADD-TOO: a better total; equal totals are told apart by the last hand, so only there may equal scores differ)."""
    places, scores = places_of(game, state), game.scores(state)
    assert len(places) == len(scores), "every seat is ranked exactly once"
    assert all(sum(other < place for other in places) == place - 1 for place in places), places
    assert [seat for seat, place in enumerate(places) if place == 1] == game.winners(state)
    sign = -1 if game.KEY in LOWEST_WINS else 1
    for a, b in itertools.permutations(range(len(scores)), 2):
        if sign * scores[a] > sign * scores[b]:
            assert places[a] < places[b], (scores, places)
        if scores[a] == scores[b] and game.KEY != "addtoo":
            assert places[a] == places[b], (scores, places)


def strings_in(document) -> set[str]:
    """Every string value and key anywhere in a JSON-like document."""
    found: set[str] = set()
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def hidden_from(game, state, viewer: int | None) -> set[str]:
    """The ids of every card `viewer` may not see in `state`."""
    return {card for zone in game.zones(state)
            if zone.seen_by is not None and (viewer is None or viewer not in zone.seen_by)
            for card in zone.cards}


def assert_each_card_once(game, state, seats: int, options: dict):
    placed = [card for zone in game.zones(state) for card in zone.cards]
    expected = [face["id"] for face in game.deck(seats, options)]
    assert sorted(placed) == sorted(expected), "a card is missing or in two places"


def assert_nothing_hidden_leaks(game, before, seat, move, after, seats: int):
    for viewer in [None, *range(seats)]:
        secret = hidden_from(game, after, viewer)
        shown = strings_in(game.view(after, viewer)) | strings_in(game.log_entry(before, seat, move, after, viewer))
        json.dumps(game.view(after, viewer))  # views must be plain JSON
        assert not secret & shown, f"viewer {viewer} was shown hidden cards {sorted(secret & shown)}"


def assert_refuses_nonsense(game, state, seat: int, seats: int):
    """Malformed moves and moves out of turn raise RuleError and leave the state as it was."""
    before = state_hash(state)
    bad_moves = [None, [], {}, {"type": "no-such-move"}, {"type": 7}]
    for bad in bad_moves:
        try:
            game.apply(state, seat, bad)
        except RuleError as error:
            assert error.reason and error.code
        else:
            raise AssertionError(f"{bad!r} was accepted")
    other = (seat + 1) % seats
    if game.to_move(state) != other:
        move = game.candidate_moves(state, seat)[0]
        try:
            game.apply(state, other, move)
        except RuleError:
            pass
        else:
            raise AssertionError("a move out of turn was accepted")
    assert state_hash(state) == before


def replays_to(game, setup, moves, state) -> bool:
    """Whether the fold of these moves gives `state` (no timeout among them: any limit will do)."""
    return state_hash(replay(game, setup, moves_only(moves), timeouts_to_leave=3).game) == state_hash(state)


def play_random_events(game, seats: int, seed: int, timeouts_to_leave: int, bots=None):
    """A seeded random match as the service records it, played to the end: random moves, a hint
    asked for one turn in ten, a timeout one turn in eight (the stand-in move), one resignation
    after some moves, and the moves of the `bots` (a level per seat, or None) and of the autopilot
    for every seat that has left. Returns (setup, events, final MatchState)."""
    rng = random.Random(seed)
    setup, state = start(game, seats, None, f"events-{seed}")
    current = events.begin(state, seats, bots)
    played: list[events.Entry] = []
    resign_at = rng.randrange(8 * seats, 16 * seats)
    while not events.is_over(game, current):
        assert len(played) < MAX_MOVES, "the match did not end"
        seat = events.to_move(game, current)
        if len(played) == resign_at:
            event = events.Entry("resign", rng.choice(events.people(current)))
        elif rng.randrange(10) == 0 and current.hinted != {seat}:
            event = events.Entry("hint", seat)
        elif rng.randrange(8) == 0:
            event = events.Entry("timeout", seat, events.stand_in(game, current))
        else:
            event = events.Entry("move", seat, rng.choice(game.candidate_moves(current.game, seat)))
        current = events.apply(game, current, *event, timeouts_to_leave)
        played.append(event)
        for kind, auto_seat, auto_move, after in events.stand_ins(game, current, timeouts_to_leave, setup.seed,
                                                                 len(played)):
            played.append(events.Entry(kind, auto_seat, auto_move))
            current = after
    return setup, played, current
