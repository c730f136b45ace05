"""ADD-IT for the bots: what a play gains at once, who stands best, and a hint in words."""
from .. import addit as rules
from ..addem_sums import expression
from ..protocol import JSON, Move

State = rules.State

FACES = rules.FACES
SWEEP_SHARE = 0.5  # what the table is worth to the last capturer before the deal ends
PLY_BUDGET = 1500  # greedy plies per hard move (bench/bots.py keeps it under 100 ms of CPU)
ROUNDS = 2  # rounds of greedy play the hard bot looks ahead


def candidates(state: State, seat: int) -> list[Move]:
    return rules.candidate_moves(state, seat)


def gain(state: State, seat: int, move: Move) -> float:
    """The cards a play collects: the played card and its group (0 without a capture)."""
    return len(move["capture"]) + 1 if move["capture"] else 0


def values(state: State) -> list[float]:
    """Points so far, and a share of the table for the last capturer, who sweeps it at the end."""
    points = [float(p) for p in rules.scores(state)]
    if state.last_capturer is not None and not rules.is_over(state):
        points[state.last_capturer] += SWEEP_SHARE * len(state.table)
    return points


def explain(state: State, seat: int, move: Move) -> tuple[str, JSON, str]:
    value = FACES[move["card"]]["value"]
    parts = [FACES[c]["value"] for c in move["capture"]]
    params = {"card": value, "parts": parts, "total": sum(parts), "cards": len(parts) + 1 if parts else 0}
    if not parts:
        return "addit.place", params, f"Put your {value} on the table without capturing."
    arithmetic = f"{expression(parts)} = {value}" if len(parts) > 1 else f"{value} = {value}"
    return "addit.capture", params, (f"{arithmetic}: play your {value} and take the "
                                     f"{' and the '.join(map(str, parts))} ({len(parts) + 1} cards).")
