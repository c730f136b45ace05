"""ADD'EM for the bots: what a move gains at once, who stands best, and a hint in words."""
from collections.abc import Iterable

from .. import addem as rules
from ..addem_sums import FACES, expression, found_replaces, found_sums, names, solve, total_of, values_of
from ..protocol import JSON, Move
from .search import passing_up

State = rules.State
Picked = tuple[tuple[str, int], ...]  # cards of a sum or replace, each with the value it stands for

GOING_OUT = 10  # a child sees that emptying the hand wins the round
WIDTH = 8  # hard weighs at most this many moves, the greediest first
PLY_BUDGET = 800  # greedy plies per hard move (bench/bots.py keeps it under 100 ms of CPU)
ROUNDS = 2  # rounds of greedy play the hard bot looks ahead


def candidates(state: State, seat: int) -> list[Move]:
    """The legal moves, but a replace only when it shrinks the hand: rules version 1 (matches
    begun before the replace circle rule) does not stop replace circles, and two bots trading
    the exposed cards back and forth would never end the round."""
    return [move for move in rules.candidate_moves(state, seat)
            if move["type"] != "replace" or len(move["cards"]) > len(state.exposed)]


def searched(state: State, seat: int) -> list[Move]:
    """What the hard bot weighs. A sum sheds the most, a replace sheds too and a draw only adds,
    so: the sums and replaces when there is a sum, otherwise every move but the draw (unless the
    draw is all there is). Added to the candidates, which hold the first sum and replace found: for
    each Total card the sum that sheds the most points (the first may keep a 10-point Add-Em card),
    and the replace that lays the most cards, while replacing is open."""
    moves, hand, exposed = candidates(state, seat), state.hands[seat], state.exposed
    if any(move["type"] == "sum" for move in moves):
        moves = [move for move in moves if move["type"] in ("sum", "replace")] + _heaviest_sums(hand, exposed)
    if exposed and not rules._replace_closed(state):  # a closed circle (version 2) or an empty pool: no replace
        moves += [move for move in _longest_replace(hand, exposed) if len(move["cards"]) > len(exposed)]
    shedding = [move for n, move in enumerate(moves) if move["type"] not in ("draw", "pass") and move not in moves[:n]]
    return shedding or moves


def rollout(state: State, seat: int) -> Move:
    """The greedy move (search.greedy's: the first candidate gaining the most), found with less
    work: of the exposes (all gain alike) only the first, and the replace is looked for only when
    it could gain more than the best sum (a replace gains a point per card laid beyond those taken)."""
    hand, exposed = state.hands[seat], state.exposed
    best: Move = {"type": "draw" if state.pool else "pass"}
    if rules._forced_draw(hand):
        return best
    most = gain(state, seat, best)
    plain = [c for c in hand if rules._plain(c)]
    if plain and not exposed:
        value = FACES[plain[0]]["value"]
        best = {"type": "expose", "card": next(c for c in reversed(plain) if FACES[c]["value"] == value)}
        most = gain(state, seat, best)
    if rules._sum_possible(state, hand):
        for found in found_sums(hand, exposed):
            move = {"type": "sum", **found}
            if (worth := gain(state, seat, move)) > most:
                best, most = move, worth
    if exposed and len(plain) - len(exposed) > most and len(plain) >= 2 and not rules._replace_closed(state):
        for found in found_replaces(hand, exposed):
            move = {"type": "replace", **found}
            if len(move["cards"]) > len(exposed) and (worth := gain(state, seat, move)) > most:
                best, most = move, worth
    return best


def deal(state: State) -> int:
    return state.deal


def settled(state: State) -> list[float]:
    """At the start of a deal: the scores alone (the fresh hands say nothing of the last one)."""
    return [-score for score in state.scores]


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


def explain(state: State, seat: int, move: Move, better: Move | None) -> tuple[str, JSON, str]:
    kind = move["type"]
    if kind == "sum":
        return _sum_words(state, move)
    if kind == "replace":
        parts = [FACES[c]["value"] for c in move["cards"]]
        params = {"parts": parts, "total": total_of(state.exposed), "exposed": len(state.exposed)}
        arithmetic = f"{expression(parts)} = {params['total']}"
        lay = (f"take the exposed {names(state.exposed)} and lay your {names(move['cards'])} in "
               f"{'its' if len(state.exposed) == 1 else 'their'} place")
        if better is None or better["type"] != "sum":
            return "addem.replace", params, f"{arithmetic}: {lay}."
        laid = _sum_words(state, better)[1]
        instead = {"better_parts": laid["parts"], "better_total": laid["total"]}
        return "addem.hold", {**params, **instead}, passing_up(
            f"{arithmetic}: {lay}.",
            f"you could lay down your Total {laid['total']} now ({expression(laid['parts'])} = {laid['total']})")
    if kind == "expose":
        value = FACES[move["card"]]["value"]
        return "addem.expose", {"card": value}, f"No sum to make: expose your {value}."
    if rules._forced_draw(state.hands[seat]):  # "no sum" would be false of Total 3, Odd and Even, say
        return _forced(kind)
    if kind == "draw":
        return "addem.draw", {}, "No sum to make: draw a card."
    return "addem.pass", {}, "No sum to make and the pool is empty: pass."


def _sum_words(state: State, move: Move) -> tuple[str, JSON, str]:
    """A sum's explanation: its arithmetic, and the cards it takes from the hand."""
    used = state.exposed + tuple(move["cards"])
    chosen = solve(used, move.get("values", {})) or {}  # a hinted sum is right: solved
    total = next(FACES[c]["value"] for c in used if FACES[c]["kind"] == "total")
    parts = [chosen[c] if c in chosen else FACES[c]["value"] for c in used if FACES[c]["kind"] != "total"]
    params = {"parts": parts, "total": total, "cards": len(move["cards"]), "exposed": len(state.exposed)}
    with_exposed = f" and the exposed {names(state.exposed)}" if state.exposed else ""
    from_hand = f"{params['cards']} card{'' if params['cards'] == 1 else 's'} from your hand"
    return "addem.sum", params, f"{expression(parts)} = {total}: lay down your Total {total}{with_exposed} ({from_hand})."


def _forced(kind: str) -> tuple[str, JSON, str]:
    """A hand of only Total and Add-Em cards may not lay a sum, even one it could make: it draws or passes."""
    if kind == "draw":
        return "addem.must_draw", {}, "Your hand holds only Total and Add-Em cards, so you must draw a card."
    return "addem.must_pass", {}, ("Your hand holds only Total and Add-Em cards and the pool is empty, "
                                   "so you must pass.")


def _heaviest_sums(hand: tuple[str, ...], exposed: tuple[str, ...]) -> list[Move]:
    """For each Total card in `hand`, the valid sum that takes the most points out of it."""
    need = max(0, 2 - len(exposed))
    best = _heaviest([c for c in hand if FACES[c]["kind"] != "total"], need)
    sums, base = [], total_of(exposed)
    for card in sorted((c for c in hand if FACES[c]["kind"] == "total"), key=lambda c: FACES[c]["value"]):
        found = best.get((FACES[card]["value"] - base, need))
        if found is not None:
            move = {"type": "sum", "cards": [card] + [c for c, _ in found]}
            values = {c: v for c, v in found if FACES[c]["kind"] == "addem"}
            sums.append({**move, "values": values} if values else move)
    return sums


def _longest_replace(hand: tuple[str, ...], exposed: tuple[str, ...]) -> list[Move]:
    """The replace that lays the most cards, if any."""
    found = _heaviest([c for c in hand if FACES[c]["kind"] in ("figure", "minus")], 2).get((total_of(exposed), 2))
    return [] if found is None else [{"type": "replace", "cards": [c for c, _ in found]}]


def _heaviest(cards: list[str], need: int) -> dict[tuple[int, int], Picked]:
    """(sum, cards used capped at `need`) -> the ((card, value), ...) reaching it with the most points."""
    best: dict[tuple[int, int], tuple[int, Picked]] = {(0, 0): (0, ())}
    for card in cards:
        step = dict(best)
        worth = rules.POINTS[FACES[card]["kind"]]
        for (total, used), (points, picked) in best.items():
            for value in values_of(card):
                key = (total + value, min(used + 1, need))
                if key not in step or step[key][0] < points + worth:
                    step[key] = (points + worth, picked + ((card, value),))
        best = step
    return {key: picked for key, (_, picked) in best.items()}


def _points(cards: Iterable[str]) -> int:
    return sum(rules.POINTS[FACES[c]["kind"]] for c in cards)
