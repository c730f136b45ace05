"""ADD'EM for the bots: what a move gains at once, who stands best, and a hint in words."""
from collections.abc import Iterable

from .. import addem as rules
from ..addem_sums import FACES, expression, names, solve, total_of
from ..protocol import JSON, Move

State = rules.State

GOING_OUT = 10  # a child sees that emptying the hand wins the round
PLY_BUDGET = 900  # greedy plies per hard move (bench/bots.py keeps it under 100 ms of CPU)
ROUNDS = 2  # rounds of greedy play the hard bot looks ahead


def candidates(state: State, seat: int) -> list[Move]:
    """The legal moves, but a replace only when it shrinks the hand: the engine does not yet stop
    replace circles (RULES.md), and two bots trading the exposed cards back and forth would
    never end the round."""
    return [move for move in rules.candidate_moves(state, seat)
            if move["type"] != "replace" or len(move["cards"]) > len(state.exposed)]


def gain(state: State, seat: int, move: Move) -> float:
    """The points a move takes out of the hand (a draw adds at least one)."""
    kind = move["type"]
    hand = state.hands[seat]
    if kind == "sum":
        left = [c for c in hand if c not in move["cards"]]
        kinds = {FACES[c]["kind"] for c in left}
        out = not left or (kinds == {"total"} and len(left) == 1) or kinds == {"addem"}
        return _points(move["cards"]) + (_points(left) + GOING_OUT if out else 0)
    if kind == "replace":
        return _points(move["cards"]) - _points(state.exposed)
    if kind == "expose":
        return 1 + (GOING_OUT if len(hand) == 1 else 0)
    return -1 if kind == "draw" else 0


def values(state: State) -> list[float]:
    """Lowest wins: minus (score so far + what the hand would count now)."""
    return [-(score + _points(hand)) for score, hand in zip(state.scores, state.hands)]


def explain(state: State, seat: int, move: Move) -> tuple[str, JSON, str]:
    kind = move["type"]
    if kind == "sum":
        used = state.exposed + tuple(move["cards"])
        chosen = solve(used, move.get("values", {})) or {}  # a hinted sum is right: solved
        total = next(FACES[c]["value"] for c in used if FACES[c]["kind"] == "total")
        parts = [chosen[c] if c in chosen else FACES[c]["value"] for c in used if FACES[c]["kind"] != "total"]
        params = {"parts": parts, "total": total, "cards": len(move["cards"]), "exposed": len(state.exposed)}
        with_exposed = f" and the exposed {names(state.exposed)}" if state.exposed else ""
        return "addem.sum", params, (f"{expression(parts)} = {total}: lay down your Total {total}{with_exposed} "
                                     f"({len(move['cards'])} cards from your hand).")
    if kind == "replace":
        parts = [FACES[c]["value"] for c in move["cards"]]
        target = total_of(state.exposed)
        params = {"parts": parts, "total": target}
        return "addem.replace", params, (f"{expression(parts)} = {target}: take the exposed {names(state.exposed)} "
                                         f"and lay your {names(move['cards'])} in its place.")
    if kind == "expose":
        value = FACES[move["card"]]["value"]
        return "addem.expose", {"card": value}, f"No sum to make: expose your {value}."
    if kind == "draw":
        return "addem.draw", {}, "No sum to make: draw a card."
    return "addem.pass", {}, "No sum to make and the pool is empty: pass."


def _points(cards: Iterable[str]) -> int:
    return sum(rules.POINTS[FACES[c]["kind"]] for c in cards)
