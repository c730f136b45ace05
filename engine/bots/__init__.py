"""Computer opponents and hints, pure Python like the rest of the engine.

    choose(game, state, seat, level, seed) -> move      level: "easy", "medium" or "hard"
    hint(game, state, seat, seed) -> {"move", "explanation": {"code", "params", "text"}}

Every level first reduces the state to what `seat` may know (worlds.information_set) and draws
its randomness from `seed` through the documented stream: the same position, seat, level and
seed always give the same move, and no hidden card can change it.
"""
from collections.abc import Callable
from typing import Any

from ..protocol import JSON, Game, Move, check_turn
from ..shuffle import Stream
from . import addem, addit, addtoo, addup, plusminus, search
from .search import Tactics
from .worlds import information_set

LEVELS = ("easy", "medium", "hard")
TACTICS: dict[str, Tactics] = {"addup": addup, "addit": addit, "plusminus": plusminus, "addem": addem, "addtoo": addtoo}
_POLICIES: dict[str, Callable[[Game, Tactics, Any, int, Stream], Move]] = {
    "easy": search.easy, "medium": search.medium, "hard": search.hard}


def choose(game: Game, state: Any, seat: int, level: str, seed: str) -> Move:
    """The move the bot of `level` plays for `seat` (NotYourTurn or GameOver if it is not to move)."""
    check_turn(game.to_move(state), seat)
    known = information_set(game, state, seat)
    return _POLICIES[level](game, TACTICS[game.KEY], known, seat, Stream(seed, f"bot:{level}"))


def hint(game: Game, state: Any, seat: int, seed: str) -> JSON:
    """The move the hard bot would play for `seat`, with the arithmetic in words; when another move
    gains more at once (the greedy one), the words may name it: the look-ahead passed it up, and a
    player who sees it must not be told it was not there."""
    move = choose(game, state, seat, "hard", seed)
    tactics, known = TACTICS[game.KEY], information_set(game, state, seat)
    greedy = search.first_best(tactics, known, seat)
    better = greedy if tactics.gain(known, seat, greedy) > tactics.gain(known, seat, move) else None
    code, params, text = tactics.explain(known, seat, move, better)
    return {"move": move, "explanation": {"code": code, "params": params, "text": text}}
