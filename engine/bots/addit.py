"""ADD-IT for the bots: what a play gains at once, who stands best, and a hint in words."""
from .. import addit as rules
from ..addem_sums import expression
from ..protocol import JSON, Move
from .search import passing_up

State = rules.State

FACES = rules.FACES
SWEEP_SHARE = 0.5  # what the table is worth to the last capturer before the deal ends
WIDTH = 8  # hard weighs at most this many moves, the greediest first
PLY_BUDGET = 1500  # greedy plies per hard move (bench/bots.py keeps it under 100 ms of CPU)
ROUNDS = 2  # rounds of greedy play the hard bot looks ahead


def candidates(state: State, seat: int) -> list[Move]:
    return rules.candidate_moves(state, seat)


def rollout(state: State, seat: int) -> Move:
    """The greedy play (search.greedy's: the first card in hand with a group of the most cards, its
    first such group; else the lowest card onto the table), without listing every candidate."""
    best, most, groups = None, 0, {}
    for card in state.hands[seat]:
        value = FACES[card]["value"]
        if value not in groups:
            groups[value] = rules._groups(state.table, value)
        if groups[value] and len(groups[value][0]) > most:
            best, most = (card, groups[value][0]), len(groups[value][0])
    if best is None:
        return {"type": "play", "card": min(state.hands[seat], key=lambda c: FACES[c]["value"]), "capture": []}
    return {"type": "play", "card": best[0], "capture": list(best[1])}


def gain(state: State, seat: int, move: Move) -> float:
    """The cards a play collects: the played card and its group (0 without a capture)."""
    return len(move["capture"]) + 1 if move["capture"] else 0


def deal(state: State) -> int:
    return state.deal


def values(state: State) -> list[float]:
    """Points so far, and a share of the table for the last capturer, who sweeps it at the end."""
    points = [float(p) for p in rules.scores(state)]
    if state.last_capturer is not None and not rules.is_over(state):
        points[state.last_capturer] += SWEEP_SHARE * len(state.table)
    return points


settled = values  # a new deal starts everybody alike


def explain(state: State, seat: int, move: Move, better: Move | None) -> tuple[str, JSON, str]:
    value = FACES[move["card"]]["value"]
    parts = [FACES[c]["value"] for c in move["capture"]]
    params = {"card": value, "parts": parts, "total": sum(parts), "cards": len(parts) + 1 if parts else 0}
    if parts:
        arithmetic = f"{expression(parts)} = {value}" if len(parts) > 1 else f"{value} = {value}"
        return "addit.capture", params, (f"{arithmetic}: play your {value} and take the "
                                         f"{' and the '.join(map(str, parts))} ({len(parts) + 1} cards).")
    place = f"your {value} on the table without capturing."
    if better is None:  # a play gaining more is a capture
        return "addit.place", params, f"Put {place}"
    capture = {"capture_card": FACES[better["card"]]["value"], "could_capture": gain(state, seat, better)}
    return "addit.hold", {**params, **capture}, passing_up(
        f"Put {place}", f"your {capture['capture_card']} could take {capture['could_capture']} cards now")
