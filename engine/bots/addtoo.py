"""ADD-TOO for the bots: what a move gains at once, who stands best, and a hint in words."""
from .. import addtoo as rules
from ..protocol import JSON, Move
from .search import passing_up

State = rules.State

FACES = rules.FACES
WIDTH = 20  # hard weighs at most this many moves, the greediest first (most placements score 0)
PLY_BUDGET = 200  # greedy plies per hard move (bench/bots.py keeps it under 100 ms of CPU)
ROUNDS = 1  # rounds of greedy play the hard bot looks ahead


def candidates(state: State, seat: int) -> list[Move]:
    return rules.candidate_moves(state, seat)


def rollout(state: State, seat: int) -> Move:
    """The greedy move (search.greedy's: the first placement scoring the most), found without the
    engine's refusal reasons (rules.fitting)."""
    best = max(rules.fitting(state, seat), key=lambda fit: fit[3], default=None)
    if best is None:
        return {"type": "draw" if rules._can_draw(state, seat) else "pass"}
    (x, y), tile, rotation, _ = best
    return {"type": "place", "tile": tile, "x": x, "y": y, "rotation": rotation}


def gain(state: State, seat: int, move: Move) -> float:
    """The points a placement scores (a placement also saves the 10 the diamond would cost)."""
    if move["type"] != "place":
        return 0
    cells, last = rules._cells(state.board), rules._last(state)
    fit = rules._fit(cells, last, move["tile"], move["x"], move["y"], move["rotation"])
    return fit[0] + rules.PENALTY


def deal(state: State) -> int:
    return state.deal


def values(state: State) -> list[float]:
    """Match totals, this hand's points, minus 10 for each diamond still in hand."""
    if rules.is_over(state):
        return [float(t) for t in state.totals]
    return [t + p - rules.PENALTY * len(hand) for t, p, hand in zip(state.totals, state.points, state.hands)]


settled = values  # a new deal starts everybody alike


def explain(state: State, seat: int, move: Move, better: Move | None) -> tuple[str, JSON, str]:
    if move["type"] != "place":
        word = move["type"]
        text = "No diamond fits: draw one." if word == "draw" else "No diamond fits and you cannot draw: pass."
        return f"addtoo.{word}", {}, text
    tile, x, y, rotation = move["tile"], move["x"], move["y"], move["rotation"]
    cells = rules._cells(state.board)
    points, bonus = rules._fit(cells, rules._last(state), tile, x, y, rotation)
    pairs = rules.scoring_pairs(cells, tile, x, y, rotation)
    sides = sum(cell in cells for cell in rules._around((x, y))) if bonus else 0
    face = FACES[tile]
    params = {"orange": face["orange"], "blue": face["blue"], "x": x, "y": y, "rotation": rotation,
              "pairs": pairs, "bonus": rules.BONUS * sides, "points": points}
    where = f"{_name(tile)} at ({x}, {y})"
    if pairs or sides:
        scored = " and ".join(f"{a} + {b} = {a + b}" for a, b in pairs)
        extra = f"{' plus ' if pairs else ''}{rules.BONUS} for each of its {sides} sides (bonus play)" if sides else ""
        return "addtoo.score", params, f"Place {where}: {scored}{extra}, {points} points."
    if better is None:
        return "addtoo.place", params, f"Place {where}: it fits, but it scores nothing."
    face = FACES[better["tile"]]
    instead = {"better_orange": face["orange"], "better_blue": face["blue"], "better_x": better["x"],
               "better_y": better["y"], "could_score": gain(state, seat, better) - rules.PENALTY}
    return "addtoo.hold", {**params, **instead}, passing_up(
        f"Place {where}: it scores nothing.",
        f"{_name(better['tile'])} at ({better['x']}, {better['y']}) would score {instead['could_score']} points now")


def _name(tile: str) -> str:
    """A diamond as the log names it, orange number first."""
    return f"the orange {FACES[tile]['orange']} / blue {FACES[tile]['blue']} diamond"
