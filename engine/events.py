"""What happens around the rules in a match played over days: timeouts, leaving and resigning.

A match is its events, folded here: `fold` replays them (golden matches, tests, tools) from the
deal or a stored state, with the same `apply` a request uses for the event it writes; each game's
own rules stay in its module. Event kinds:

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
    pace       a seat still playing changed the match's time per move (the move {"time_per_move":
               seconds or None}); the game does not change: deadlines are the API's (api/pace.py)

A timeout or autopilot move is always the game's `candidate_moves(...)[0]` (ADD'EM's draw or pass,
ADD UP's first card on the top row, the greediest move of the other three), recorded as the
concrete move it was. After `timeouts_to_leave`
timeouts in a row, a seat is treated as having resigned; the autopilot's moves for it keep that count, which
tells it from a seat that left. A bot's move is recorded too: replaying
a match never runs a bot again.
"""
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Protocol

from . import bots as computer
from . import cards
from .protocol import JSON, Game, GameOver, IllegalMove, Move, UnknownEvent, check_turn, ranks

PERSON = "move"  # a move the seat's player made
PLAYED = (PERSON, "timeout", "autopilot", "bot")  # the kinds that carry a move of the game
RESIGN, HINT, PACE = "resign", "hint", "pace"
KINDS = (*PLAYED, RESIGN, HINT, PACE)


class Event(Protocol):
    """One event as the fold reads it: an `Entry`, or a stored row with these three attributes."""

    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def move(self) -> Move | None: ...


class Entry(NamedTuple):
    """An event written down in code: a golden match's, a test's or a tool's."""

    kind: str
    seat: int
    move: Move | None = None


@dataclass(frozen=True)
class MatchState:
    game: Any  # the game's own state
    seats: int
    left: frozenset[int]  # seats the autopilot plays for
    resigned: int | None  # the seat that resigned a two-seat match, which ended it
    timeouts: tuple[int, ...]  # timeouts in a row, per seat
    bots: tuple[str | None, ...]  # per seat, the level of the bot that plays it (seated so, or handed over)
    hinted: frozenset[int]  # seats that asked for a hint since their last move


def begin(game_state: Any, seats: int, bots: tuple[str | None, ...] | None = None) -> MatchState:
    """The match as dealt (`game_state`: the game's initial state), before any event; `bots`
    gives the level of the bot seated at each seat (None for a person)."""
    return MatchState(game_state, seats, frozenset(), None, (0,) * seats, bots or (None,) * seats, frozenset())


def fold(game: Game, match: MatchState, events: Iterable[Event], timeouts_to_leave: int) -> MatchState:
    """The match after `events`, from `match`: the match as dealt (`begin`) or a stored state."""
    for event in events:
        match = apply(game, match, event.kind, event.seat, event.move, timeouts_to_leave)
    return match


def apply(game: Game, match: MatchState, kind: str, seat: int, move: Move | None,
          timeouts_to_leave: int) -> MatchState:
    """The match after one event (moves are checked by the game's rules)."""
    if kind not in KINDS:  # first: a newer release may write one after the end
        raise UnknownEvent(kind)
    if is_over(game, match):
        raise GameOver("game_over", "The match is over.")
    if kind == RESIGN:
        return _resign(match, seat, (move or {}).get("bot"))
    if match.left and seat in match.left and kind in (PERSON, HINT, PACE):  # not "not your turn": that turn never comes
        raise IllegalMove("already_left", "This seat has left the match: its turns are played for it.")
    if kind == PACE:
        return match
    if kind == HINT:
        check_turn(to_move(game, match), seat)
        return replace(match, hinted=match.hinted | {seat})
    if kind == "bot" and match.bots[seat] is None:
        raise IllegalMove("not_a_bot", f"Seat {seat} is not played by a bot.")
    state = game.apply(match.game, seat, move)
    # A timeout is one more in a row; the autopilot's move keeps the count (a seat put out for missed turns stays at
    # it, told from one that left); any other move starts again from 0 (a move tests one tuple, as it tested "timeout")
    in_a_row = match.timeouts[seat] + (kind == "timeout") if kind in ("timeout", "autopilot") else 0
    timeouts = match.timeouts if match.timeouts[seat] == in_a_row else cards.set_at(match.timeouts, seat, in_a_row)
    hinted = match.hinted - {seat} if match.hinted else match.hinted
    match = MatchState(state, match.seats, match.left, match.resigned, timeouts, match.bots,
                       hinted)  # not replace(): this is the replay loop
    if kind == "timeout" and in_a_row >= timeouts_to_leave:
        match = _resign(match, seat)
    return match


def log_entry(game: Game, before: MatchState, event: Event, after: MatchState, viewer: int | None) -> JSON:
    """One event as `viewer` may see it: the game's log entry of its move, or {"type": "resign"}
    (with "bot": level when the seat was handed to a bot), {"type": "hint"}, or {"type": "pace", "time_per_move": ...}."""
    if event.kind not in PLAYED or event.move is None:
        return {"type": event.kind, **(event.move or {})}
    return game.log_entry(before.game, event.seat, event.move, after.game, viewer)


def view_before_start(game: Game, match: MatchState) -> JSON:
    """The state as every seat and spectator sees it while seats are free: the game's `view_before_start` (ADD-TOO's
    face-up hands would show which seat holds the best diamonds), else what a spectator sees."""
    shown = getattr(game, "view_before_start", None)  # optional in the protocol: most games hide nothing more
    return shown(match.game) if shown else game.view(match.game, None)


def is_over(game: Game, match: MatchState) -> bool:
    return match.resigned is not None or game.is_over(match.game)


def to_move(game: Game, match: MatchState) -> int | None:
    return None if is_over(game, match) else game.to_move(match.game)


def winners(game: Game, match: MatchState) -> list[int]:
    if match.resigned is not None:
        return [seat for seat in range(match.seats) if seat != match.resigned]
    return game.winners(match.game)


def places(game: Game, match: MatchState) -> list[int]:
    """Each seat's place in the finished match, as `winners` ranks it: the winners 1, a tie sharing a place and the
    next skipped (1, 1, 3); the seat that resigned (which ended the match) last, behind all the others; otherwise
    by the game's `standing` (a seat that left too: its turns were played out for it)."""
    if match.resigned is not None:
        return ranks([seat != match.resigned for seat in range(match.seats)])
    standing = getattr(game, "standing", game.scores)  # optional in the protocol: most games rank on their scores
    return ranks(standing(match.game))


def status(match: MatchState, seat: int) -> str:
    """'playing', 'left' (the autopilot or a bot plays for it) or 'resigned' (it lost a two-seat match)."""
    if seat == match.resigned:
        return "resigned"
    return "left" if seat in match.left else "playing"


def stand_in(game: Game, match: MatchState) -> Move:
    """The move the service makes for the seat to move: the game's first candidate move."""
    seat = to_move(game, match)
    if seat is None:
        raise GameOver("game_over", "The match is over.")
    return game.candidate_moves(match.game, seat)[0]


def bot_seed(seed: str, seat: int, seq: int) -> str:
    """The seed of the bot's move that is event `seq` of a match dealt from `seed`."""
    return f"{seed}:bot:{seat}:{seq}"


def stand_ins(game: Game, match: MatchState, timeouts_to_leave: int, seed: str,
              version: int) -> Iterator[tuple[str, int, Move, MatchState]]:
    """The moves the service makes while a bot or a seat that has left is to move, the match being
    at `version` and dealt from `seed`: (kind, seat, move, match after), kind `bot` or `autopilot`."""
    while (seat := to_move(game, match)) is not None and (match.bots[seat] or seat in match.left):
        version += 1
        level = match.bots[seat]
        if level:
            kind, move = "bot", computer.choose(game, match.game, seat, level, bot_seed(seed, seat, version))
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
        return replace(match, left=match.left | {seat}, bots=cards.set_at(match.bots, seat, bot))
    if match.seats == 2 or (people(match) == [seat] and any(match.bots)):
        return replace(match, resigned=seat)
    return replace(match, left=match.left | {seat})
