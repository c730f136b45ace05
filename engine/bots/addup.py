"""ADD UP for the bots: what a play gains at once, who stands best, and a hint in words."""
from .. import addup as rules
from ..addem_sums import expression
from ..protocol import JSON, Move
from .search import passing_up

State = rules.State

FACES, ROWS = rules.FACES, rules.ROWS
WIDTH = 8  # hard weighs at most this many moves, the greediest first
PLY_BUDGET = 1800  # greedy plies per hard move (bench/bots.py keeps it under 100 ms of CPU)
ROUNDS = 2  # rounds of greedy play the hard bot looks ahead


def candidates(state: State, seat: int) -> list[Move]:
    return rules.candidate_moves(state, seat)


def rollout(state: State, seat: int) -> Move:
    """The greedy move (search.greedy's: the first candidate capturing, else the first candidate),
    found without listing the candidates: every capture takes the whole table, so the first is it."""
    sums = [sum(v for _, v in row) for row in state.rows]
    for card in state.hands[seat]:
        face = FACES[card]
        joker = face["kind"] in rules.JOKERS
        lo, hi = (face["min"], face["max"]) if joker else (face["value"], face["value"])
        played_as = [lo, lo] + [sums[1 - mine] - sums[mine] for mine in (0, 1)]  # as listed, then as needed
        for n, value in enumerate(played_as):
            mine = n % 2
            if state.rows[1 - mine] and lo <= value <= hi and sums[mine] + value == sums[1 - mine]:
                return rules._play(card, ROWS[mine], value if joker else None)
    first = FACES[state.hands[seat][0]]
    return rules._play(first["id"], ROWS[0], first["min"] if first["kind"] in rules.JOKERS else None)


def gain(state: State, seat: int, move: Move) -> float:
    """The cards a play captures (0 when the rows do not balance)."""
    return _captured(state, move)


def deal(state: State) -> int:
    """ADD UP is one deal."""
    return 1


def values(state: State) -> list[float]:
    return [len(stack) for stack in state.captured]


settled = values  # a new deal starts everybody alike


def explain(state: State, seat: int, move: Move, better: Move | None) -> tuple[str, JSON, str]:
    card, row = move["card"], move["row"]
    value = _value(move)
    mine = ROWS.index(row)
    parts = [v for _, v in state.rows[mine]] + [value]
    other = sum(v for _, v in state.rows[1 - mine])
    captured = _captured(state, move)
    params = {"card": _card_name(card, value), "value": value, "joker": _joker(card), "row": row, "parts": parts,
              "total": sum(parts), "other_row": ROWS[1 - mine], "other_total": other, "captured": captured}
    arithmetic = f"{expression(parts)} = {sum(parts)}" if len(parts) > 1 else f"{value}"
    if captured:
        return "addup.capture", params, (f"{arithmetic}, the same as the {ROWS[1 - mine]} row: play your "
                                         f"{params['card']} on the {row} row to capture {captured} cards.")
    play = f"your {params['card']} on the {row} row ({arithmetic}; the {ROWS[1 - mine]} row has {other})."
    if better is None:  # every capture takes the whole table: a play gaining more is a capture
        return "addup.play", params, f"None of your cards makes both rows equal now: play {play}"
    skipped = {"capture_card": _card_name(better["card"], _value(better)), "capture_value": _value(better),
               "capture_joker": _joker(better["card"]), "capture_row": better["row"],
               "could_capture": _captured(state, better)}
    return "addup.hold", {**params, **skipped}, passing_up(
        f"Play {play}", f"your {skipped['capture_card']} on the {skipped['capture_row']} row would capture "
        f"{skipped['could_capture']} cards now")


def _captured(state: State, move: Move) -> int:
    mine = ROWS.index(move["row"])
    value = _value(move)
    other = state.rows[1 - mine]
    if other and sum(v for _, v in state.rows[mine]) + value == sum(v for _, v in other):
        return len(state.rows[0]) + len(state.rows[1]) + 1
    return 0


def _value(move: Move) -> int:
    """The value the card is played as: a joker's chosen value, else the card's own."""
    return int(move["value"]) if "value" in move else FACES[move["card"]]["value"]


def _joker(card: str) -> str | None:
    """'white' or 'yellow' for a joker (whose value is chosen), None for a number card."""
    kind = FACES[card]["kind"]
    return kind.split("_")[0] if kind in rules.JOKERS else None


def _card_name(card: str, value: int) -> str:
    joker = _joker(card)
    return f"{joker} joker as {value}" if joker else str(value)
