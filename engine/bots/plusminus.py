"""Plus and Minus for the bots: what a play gains at once, who stands best, and a hint in words."""
from .. import plusminus as rules
from ..addem_sums import expression
from ..protocol import JSON, Move
from .search import passing_up

State = rules.State

FACES = rules.FACES
WHERE = {rules.STARS: "the stars", rules.HOME: "home (25)"}
WIDTH = 8  # hard weighs at most this many moves, the greediest first
PLY_BUDGET = 500  # greedy plies per hard move (bench/bots.py keeps it under 100 ms of CPU)
ROUNDS = 2  # rounds of greedy play the hard bot looks ahead


def candidates(state: State, seat: int) -> list[Move]:
    return rules.candidate_moves(state, seat)


def rollout(state: State, seat: int) -> Move:
    """The greedy move (search.greedy's: the first candidate, the candidates being listed the most
    gaining first), found without listing them: the first (card, man) gaining strictly more."""
    top, board = rules._top(state), state.boards[seat]
    best: Move = {}
    most = 0
    for card in state.hands[seat]:
        if top is None and FACES[card]["kind"] == "minus":
            continue
        men = rules._legal_men(board, rules._total(card, top))
        for man, to, _ in men:
            worth = rules._points(to) - rules._points(board[man])
            if not best or worth > most:
                best, most = {"type": "play", "card": card, "man": man}, worth
        if not men and (not best or most < 0):
            best, most = {"type": "play", "card": card, "man": None}, 0
    return best


def gain(state: State, seat: int, move: Move) -> float:
    """The points the moved man gains on the board (0 when nothing moves)."""
    if move["man"] is None:
        return 0
    at, to = _step(state, seat, move)
    return rules._points(to) - rules._points(at)


def deal(state: State) -> int:
    return state.game


def values(state: State) -> list[float]:
    """Finished games' points plus what each board would score now."""
    totals = rules.scores(state)
    if rules.is_over(state):
        return [float(t) for t in totals]
    return [t + rules._board_points(board) for t, board in zip(totals, state.boards)]


settled = values  # a new deal starts everybody alike


def explain(state: State, seat: int, move: Move, better: Move | None) -> tuple[str, JSON, str]:
    top = rules._top(state)
    parts = ([FACES[top]["value"]] if top else []) + [FACES[move["card"]]["value"]]
    total = sum(parts)
    arithmetic = f"{expression(parts)} = {total}" if top else f"{total}"
    params = {"card": parts[-1], "top": parts[0] if top else None, "total": total, "man": move["man"]}
    card = rules._name(move["card"])
    if move["man"] is None:
        code, play = "no_move", f"no man can move, so play your {card}"
    else:
        at, to = _step(state, seat, move)
        params.update({"from": at, "to": to, "bust": total > 0 and to == rules.STARS})
        code, play = "move", f"play your {card} and move your man from {_where(at)} {_onto(at, to, params['bust'])}"
    # A move gaining less than another, but gaining, needs no words: a loss (a bust, say) passing a gain up does
    if better is None or gain(state, seat, move) > 0 or gain(state, seat, better) <= 0:
        return f"plusminus.{code}", params, f"{arithmetic}: {play}."
    at, to = _step(state, seat, better)
    instead = {"better_card": FACES[better["card"]]["value"], "better_from": at, "better_to": to}
    return f"plusminus.hold_{code}", {**params, **instead}, passing_up(
        f"{arithmetic}: {play}.", f"your {rules._name(better['card'])} could move a man from {_where(at)} {_onto(at, to)} now")


def _where(square: int) -> str:
    return WHERE.get(square, str(square))


def _onto(at: int, to: int, bust: bool = False) -> str:
    """Where a man goes, in words: a bust sends a man past home back to the stars, and leaves one on the stars
    where it is (RULES.md: only when no man of the seat is on 1..24)."""
    if bust:
        return "past home: a bust, so it stays on the stars" if at == rules.STARS else "back to the stars (past home: a bust)"
    return f"to {_where(to)}"


def _step(state: State, seat: int, move: Move) -> tuple[int, int]:
    board = state.boards[seat]
    total = rules._total(move["card"], rules._top(state))
    return board[move["man"]], rules._move_man(board, move["man"], total, "")[0]
