"""The three levels, each a function (game, tactics, known, seat, stream) -> move.

`known` is the seat's information set (worlds.information_set): no level sees more. Work is
counted in plies, never in time, so a position and a seed always give the same move.
"""
from ..shuffle import Stream
from .worlds import sample

MAX_WORLDS = 40
WIN = 100  # what ending the match as a winner adds to a position's worth


def easy(game, tactics, known, seat: int, stream: Stream) -> dict:
    """Any legal move, uniformly."""
    moves = tactics.candidates(known, seat)
    return moves[stream.below(len(moves))]


def medium(game, tactics, known, seat: int, stream: Stream) -> dict:
    """The move that gains the most at once; a tie is broken at random."""
    moves = tactics.candidates(known, seat)
    gains = [tactics.gain(known, seat, move) for move in moves]
    best = [move for move, g in zip(moves, gains) if g == max(gains)]
    return best[stream.below(len(best))]


def hard(game, tactics, known, seat: int, stream: Stream) -> dict:
    """Determinized search: the moves a game's tactics weigh (`searched`, else the candidates), the
    `WIDTH` greediest of them, are each played in the same sampled worlds, everybody then plays
    greedily until the seat has moved `ROUNDS` more times or the deal ends, and the best average
    standing wins."""
    moves = getattr(tactics, "searched", tactics.candidates)(known, seat)
    if len(moves) == 1:
        return moves[0]
    order = sorted(range(len(moves)), key=lambda i: -tactics.gain(known, seat, moves[i]))
    shortlist = [moves[i] for i in order[:tactics.WIDTH]]
    plies = tactics.ROUNDS * len(known.hands) + 1
    totals, spent, worlds = [0.0] * len(shortlist), 0, 0
    while not worlds or (worlds < MAX_WORLDS and spent < tactics.PLY_BUDGET):
        world = sample(game, known, seat, stream, str(worlds))
        for i, move in enumerate(shortlist):
            lead, played = _outcome(game, tactics, world, seat, move, plies)
            totals[i] += lead
            spent += played
        worlds += 1
    return shortlist[max(range(len(shortlist)), key=lambda i: (totals[i], -i))]


def greedy(game, tactics, state, seat: int) -> dict:
    """The first move with the highest immediate gain: the other seats' play in a rollout (a game's
    tactics may find it faster themselves, as `rollout`)."""
    if hasattr(tactics, "rollout"):
        return tactics.rollout(state, seat)
    moves = tactics.candidates(state, seat)
    return max(moves, key=lambda move: tactics.gain(state, seat, move))


def _outcome(game, tactics, state, seat: int, move: dict, plies: int) -> tuple[float, int]:
    """Play `move`, then greedily until `seat` has moved `tactics.ROUNDS` more times, the deal ends or
    `plies` moves are played; then the seat's lead, and the plies played."""
    deal = tactics.deal(state)
    state, turns, played = game.apply(state, seat, move), 0, 1
    while played <= plies and tactics.deal(state) == deal:
        mover = game.to_move(state)
        if mover is None:
            break
        state = game.apply(state, mover, greedy(game, tactics, state, mover))
        played += 1
        turns += mover == seat
        if turns == tactics.ROUNDS:
            break
    values = tactics.values(state) if tactics.deal(state) == deal else tactics.settled(state)
    return standing(game, tactics, state, seat, values), played


def standing(game, tactics, state, seat: int, values: list[float]) -> float:
    """How far `seat` leads the others on average by `values` (negative when behind); a won match counts WIN."""
    lead = values[seat] - (sum(values) - values[seat]) / (len(values) - 1)
    if game.is_over(state):
        lead += WIN if seat in game.winners(state) else -WIN
    return lead
