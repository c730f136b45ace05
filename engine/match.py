"""What happens around the rules in a match played over days: timeouts, leaving and resigning.

A match's events are folded here; each game's own rules stay in its module. Event kinds:

    move       a seat's own move
    timeout    the move the service made for a seat whose deadline passed (a claimed timeout)
    autopilot  the move the service made for a seat that has left
    bot        the move a computer player (engine/bots) made for its seat
    resign     the seat gives up: in a two-seat match the other seat wins at once; in a larger
               match the seat leaves and the autopilot plays for it so the others can finish.
               With the move {"bot": level} the seat leaves and a bot of that level plays for it,
               whatever the match's size. When no person is left to play against bots, the
               match ends at once (the others win).
    hint       the seat to move asked what the hard bot would play (the next move it makes is
               "after a hint"); the match itself does not change

A timeout or autopilot move is always the game's `candidate_moves(...)[0]`, its simplest or
least harmful legal move, recorded as the concrete move it was. After `timeouts_to_leave`
timeouts in a row, a seat is treated as having resigned. A bot's move is recorded too: replaying
a match never runs a bot again.
"""
from dataclasses import dataclass, replace
from typing import Any, Iterator

from . import bots as computer
from .protocol import GameOver, IllegalMove, check_turn

PLAYED = ("move", "timeout", "autopilot", "bot")
KINDS = PLAYED + ("resign", "hint")


@dataclass(frozen=True)
class MatchState:
    game: Any  # the game's own state
    left: frozenset[int]  # seats the autopilot plays for
    resigned: int | None  # the seat that resigned a two-seat match, which ended it
    timeouts: tuple[int, ...]  # timeouts in a row, per seat
    bots: tuple[str | None, ...]  # per seat, the level of the bot that plays it (seated so, or handed over)
    hinted: frozenset[int]  # seats that asked for a hint since their last move


def begin(game_state: Any, seats: int, bots: tuple[str | None, ...] | None = None) -> MatchState:
    return MatchState(game_state, frozenset(), None, (0,) * seats, bots or (None,) * seats, frozenset())


def apply(game, match: MatchState, kind: str, seat: int, move: dict | None, timeouts_to_leave: int) -> MatchState:
    """The match after one event (moves are checked by the game's rules)."""
    if is_over(game, match):
        raise GameOver("game_over", "The match is over.")
    if kind == "resign":
        return _resign(match, seat, (move or {}).get("bot"))
    if kind == "hint":
        check_turn(to_move(game, match), seat)
        return replace(match, hinted=match.hinted | {seat})
    if kind not in PLAYED:
        raise IllegalMove("unknown_event", f"Unknown event kind {kind!r}.")
    if kind == "bot" and match.bots[seat] is None:
        raise IllegalMove("not_a_bot", f"Seat {seat} is not played by a bot.")
    state = game.apply(match.game, seat, move)
    in_a_row = match.timeouts[seat] + 1 if kind == "timeout" else 0
    match = replace(match, game=state, timeouts=match.timeouts[:seat] + (in_a_row,) + match.timeouts[seat + 1:],
                    hinted=match.hinted - {seat})
    if kind == "timeout" and in_a_row >= timeouts_to_leave:
        match = _resign(match, seat)
    return match


def is_over(game, match: MatchState) -> bool:
    return match.resigned is not None or game.is_over(match.game)


def to_move(game, match: MatchState) -> int | None:
    return None if is_over(game, match) else game.to_move(match.game)


def winners(game, match: MatchState) -> list[int]:
    if match.resigned is not None:
        return [seat for seat in range(len(match.timeouts)) if seat != match.resigned]
    return game.winners(match.game)


def status(match: MatchState, seat: int) -> str:
    """'playing', 'left' (the autopilot or a bot plays for it) or 'resigned' (it lost a two-seat match)."""
    if seat == match.resigned:
        return "resigned"
    return "left" if seat in match.left else "playing"


def stand_in(game, match: MatchState) -> dict:
    """The move the service makes for the seat to move: the game's simplest legal move."""
    return game.candidate_moves(match.game, to_move(game, match))[0]


def bot_seed(seed: str, seat: int, seq: int) -> str:
    """The seed of the bot's move that is event `seq` of a match dealt from `seed`."""
    return f"{seed}:bot:{seat}:{seq}"


def stand_ins(game, match: MatchState, timeouts_to_leave: int, seed: str,
              version: int) -> Iterator[tuple[str, int, dict, MatchState]]:
    """The moves the service makes while a bot or a seat that has left is to move, the match being
    at `version` and dealt from `seed`: (kind, seat, move, match after), kind `bot` or `autopilot`."""
    while (seat := to_move(game, match)) is not None and (match.bots[seat] or seat in match.left):
        version += 1
        if match.bots[seat]:
            kind, move = "bot", computer.choose(game, match.game, seat, match.bots[seat], bot_seed(seed, seat, version))
        else:
            kind, move = "autopilot", stand_in(game, match)
        match = apply(game, match, kind, seat, move, timeouts_to_leave)
        yield kind, seat, move, match


def people(match: MatchState) -> list[int]:
    """The seats a person still plays."""
    return [seat for seat, level in enumerate(match.bots)
            if level is None and seat not in match.left and seat != match.resigned]


def _resign(match: MatchState, seat: int, bot: str | None = None) -> MatchState:
    if seat in match.left or seat == match.resigned:
        raise IllegalMove("already_left", "This seat has already left the match.")
    if bot is not None:
        if bot not in computer.LEVELS:
            raise IllegalMove("unknown_level", f"There is no bot level {bot!r}: {', '.join(computer.LEVELS)}.")
        return replace(match, left=match.left | {seat}, bots=match.bots[:seat] + (bot,) + match.bots[seat + 1:])
    if len(match.timeouts) == 2 or (people(match) == [seat] and any(match.bots)):
        return replace(match, resigned=seat)
    return replace(match, left=match.left | {seat})
