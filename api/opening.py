"""How a view opens a match: read it, authenticate the asking seat by its token, find its game's
rules and, for a change to a running match, check that every seat is taken."""
from typing import Generic, Literal, NamedTuple, TypeVar, overload

from engine import Game

from . import catalogue, matches, replays, seat_tokens
from .errors import Problem
from .matches import MatchRow

Seat = TypeVar("Seat", int, int | None)


class Opened(NamedTuple, Generic[Seat]):
    match: MatchRow
    game: Game
    seat: Seat  # the asking seat: None for a spectator, or when the view does not ask


@overload
def opened(match_id: str, seat: Literal["required"], started: bool = False) -> Opened[int]: ...
@overload
def opened(match_id: str, seat: Literal["optional"] | None = "optional", started: bool = False) -> Opened[int | None]: ...
def opened(match_id: str, seat: Literal["optional", "required"] | None = "optional",
           started: bool = False) -> Opened[int] | Opened[int | None]:
    """The match (404 if unknown), its game and the seat whose token the request carries: 401
    without one when `seat` is "required", not looked at when None. `started`: 409 while seats are
    free."""
    match = matches.load(match_id)
    asking = None if seat is None else seat_tokens.seat_of_request(match, required=seat == "required")
    if started:
        check_started(match)
    return Opened(match, catalogue.game(match.game), asking)


def opened_caught_up(match_id: str) -> Opened[int | None]:
    """As `opened`, for a view: when this process keeps a state of the match, the events after it
    come in the same SELECT and the state they lead to is kept (api/replays.py), so that the view
    reads nothing more. (A poll woken by news of a move made in another process: one round trip.)"""
    after = replays.newest_state(match_id)
    if after is None:
        return opened(match_id)
    match, later = matches.load_with_events(match_id, after)
    viewed = Opened(match, catalogue.game(match.game), seat_tokens.seat_of_request(match))
    replays.catch_up(match, viewed.game, after, later)
    return viewed


def as_remembered(match: MatchRow, seat_required: bool = False) -> Opened | None:
    """`match`, a row this process remembers (api/replays.py), opened without reading the match, with
    the seat whose token the request carries: None when the token is none of its seats' (or, with
    `seat_required`, the request carries none), and the match as read now decides."""
    token = seat_tokens.bearer_token()
    if token is None:
        return None if seat_required else Opened(match, catalogue.game(match.game), None)
    seat = seat_tokens.seat_holding(match, token)
    return None if seat is None else Opened(match, catalogue.game(match.game), seat)


def opened_by_its_seat(match_id: str, seat: int, to: str) -> Opened[int]:
    """As `opened`, for a request about `seat` that only its own token may make (`to` do what):
    404 for a seat the match does not have, 403 for another seat's token."""
    match, game, asking = opened(match_id, seat="required")
    check_seat_exists(match, seat)
    if asking != seat:
        raise Problem(403, "not_your_seat", f"Only the seat's own token can {to}.")
    return Opened(match, game, asking)


def check_seat_exists(match: MatchRow, seat: int) -> None:
    if seat >= match.seat_count:
        raise Problem(404, "no_such_seat", f"This match has seats 0 to {match.seat_count - 1}.")


def check_creator(match: MatchRow, asker: int, to: str) -> None:
    """A 403 `not_creator` unless `asker` is the seat that created the match (`to` do what)."""
    if asker != match.creator:
        raise Problem(403, "not_creator", f"Only the player who created the match can {to}.")


def check_started(match: MatchRow) -> None:
    if not match.full:
        raise Problem(409, "not_started", f"Waiting for players: {len(match.seats)} of {match.seat_count} seats taken.")
