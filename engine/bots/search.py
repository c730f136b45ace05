"""The three levels, each a function (game, tactics, known, seat, stream) -> move.

`known` is the seat's information set (worlds.information_set): no level sees more. Work is
counted in plies, never in time, so a position and a seed always give the same move.
"""
from collections.abc import Callable
from typing import Any, Protocol

from ..protocol import JSON, Game, Move
from ..shuffle import Stream
from .worlds import sample

MAX_WORLDS = 40
WIN = 100  # what ending the match as a winner adds to a position's worth
# Why a hint passes up a move that gains more at once (each game's `explain` names that move), in words a child of 8
# reads: the move to make comes first, then this, then what the move passed up would gain
BETTER_LATER = "The computer thinks this is better for later"


class Tactics(Protocol):
    """A game's module in engine/bots/ (engine/bots/addup.py and the others): what the levels ask of it. It may
    also give `rollout` (`greedy`) and `searched` (`hard`), read with getattr: optional, as the protocol's are."""

    @property
    def PLY_BUDGET(self) -> int: ...  # greedy plies per hard move
    @property
    def ROUNDS(self) -> int: ...  # rounds of greedy play the hard bot looks ahead
    @property
    def WIDTH(self) -> int: ...  # hard weighs at most this many moves, the greediest first

    def candidates(self, state: Any, seat: int) -> list[Move]: ...
    def gain(self, state: Any, seat: int, move: Move) -> float: ...
    def values(self, state: Any) -> list[float]: ...
    def settled(self, state: Any) -> list[float]: ...  # values at the start of a deal
    def deal(self, state: Any) -> int: ...  # which deal (round, hand, game) the state is in
    def explain(self, state: Any, seat: int, move: Move, better: Move | None) -> tuple[str, JSON, str]: ...


def passing_up(move: str, gain: str) -> str:
    """A hint that passes up a gain: `move` (a sentence), why, and `gain` ("your 6 could take 2 cards now")."""
    return f"{move} {BETTER_LATER}, even though {gain}."


def easy(game: Game, tactics: Tactics, known: Any, seat: int, stream: Stream) -> Move:
    """Any legal move, uniformly."""
    moves = tactics.candidates(known, seat)
    return moves[stream.below(len(moves))]


def medium(game: Game, tactics: Tactics, known: Any, seat: int, stream: Stream) -> Move:
    """The move that gains the most at once; a tie is broken at random."""
    moves = tactics.candidates(known, seat)
    gains = [tactics.gain(known, seat, move) for move in moves]
    best = [move for move, g in zip(moves, gains) if g == max(gains)]
    return best[stream.below(len(best))]


def hard(game: Game, tactics: Tactics, known: Any, seat: int, stream: Stream) -> Move:
    """Determinized search: the moves a game's tactics weigh (`searched`, else the candidates), the
    `WIDTH` greediest of them, are each played in the same sampled worlds, everybody then plays
    greedily until the seat has moved `ROUNDS` more times or the deal ends, and the best average
    standing wins."""
    weighed: Callable[[Any, int], list[Move]] = getattr(tactics, "searched", tactics.candidates)
    moves = weighed(known, seat)
    if len(moves) == 1:
        return moves[0]
    order = sorted(range(len(moves)), key=lambda i: -tactics.gain(known, seat, moves[i]))
    shortlist = [moves[i] for i in order[:tactics.WIDTH]]
    plies = tactics.ROUNDS * len(known.hands) + 1
    totals, spent, worlds, play = [0.0] * len(shortlist), 0, 0, greedy(game, tactics)
    while not worlds or (worlds < MAX_WORLDS and spent < tactics.PLY_BUDGET):
        world = sample(game, known, seat, stream, str(worlds))
        for i, move in enumerate(shortlist):
            lead, played = _outcome(game, tactics, play, world, seat, move, plies)
            totals[i] += lead
            spent += played
        worlds += 1
    return shortlist[max(range(len(shortlist)), key=lambda i: (totals[i], -i))]


def greedy(game: Game, tactics: Tactics) -> Callable[[Any, int], Move]:
    """How every seat plays in a look-ahead: (state, seat) -> the first move with the highest
    immediate gain (a game's tactics may find it faster themselves, as `rollout`)."""
    faster: Callable[[Any, int], Move] | None = getattr(tactics, "rollout", None)
    if faster is not None:
        return faster

    return lambda state, seat: first_best(tactics, state, seat)


def first_best(tactics: Tactics, state: Any, seat: int) -> Move:
    """The first candidate with the highest immediate gain: the greedy move."""
    moves = tactics.candidates(state, seat)
    return max(moves, key=lambda move: tactics.gain(state, seat, move))


def _outcome(game: Game, tactics: Tactics, play: Callable[[Any, int], Move], state: Any, seat: int, move: Move,
             plies: int) -> tuple[float, int]:
    """Play `move`, then as `play` (greedy) until `seat` has moved `tactics.ROUNDS` more times, the deal ends or
    `plies` moves are played; then the seat's lead, and the plies played."""
    deal = tactics.deal(state)
    state, turns, played = game.apply(state, seat, move), 0, 1
    while played <= plies and tactics.deal(state) == deal:
        mover = game.to_move(state)
        if mover is None:
            break
        state = game.apply(state, mover, play(state, mover))
        played += 1
        turns += mover == seat
        if turns == tactics.ROUNDS:
            break
    values = tactics.values(state) if tactics.deal(state) == deal else tactics.settled(state)
    return standing(game, tactics, state, seat, values), played


def standing(game: Game, tactics: Tactics, state: Any, seat: int, values: list[float]) -> float:
    """How far `seat` leads the others on average by `values` (negative when behind); a won match counts WIN."""
    lead = values[seat] - (sum(values) - values[seat]) / (len(values) - 1)
    if game.is_over(state):
        lead += WIN if seat in game.winners(state) else -WIN
    return lead
