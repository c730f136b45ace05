"""The protocol every game module implements, and the errors its rules raise.

A game is a module (see `engine/addup.py`) with these names:

    KEY, NAME, MIN_SEATS, MAX_SEATS   what the catalogue shows
    RULES_VERSION                     bumped whenever a rule change alters outcomes
    OPTIONS                           {name: Option}; checked by `engine.options.normalize`
    INFO                              {"age", "minutes", "summary"} for the catalogue
    INTERPRETATIONS                   RULES.md's *Interpretation* notes, shown to players
    deck(seats, options)              every card face of one deal, in a canonical order
    initial_state(seats, options, seed, deck=None, rules_version=None)
                                      the first state under that rules version (None: the newest);
                                      a match keeps the version it was created with
    to_move(state)                    the seat expected to move, or None when over
    legal_moves(state, seat)          compact JSON of what the seat may do now, or None
    candidate_moves(state, seat)      concrete legal moves, the simplest first
    apply(state, seat, move)          the next state, or raises a RuleError
    view(state, viewer)               JSON for one seat (int) or a spectator (None)
    log_entry(before, seat, move, after, viewer)  one move as `viewer` may see it
    is_over(state), scores(state), winners(state)
    zones(state)                      where every card is, and who may see it

States are immutable (frozen dataclasses of tuples): `apply` never changes its argument, so a
rejected move changes nothing and any state may be cached or shared.
"""
from dataclasses import dataclass
from typing import Any, Protocol

EVERYONE = None  # Zone.seen_by value: a face-up zone
NOBODY = frozenset()  # Zone.seen_by value: a face-down zone


class RuleError(Exception):
    """A request the rules refuse; `code` and `params` let a client translate `reason`."""

    def __init__(self, code: str, reason: str, **params: Any):
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = params


class IllegalMove(RuleError):
    """The move is malformed or breaks a rule."""


class NotYourTurn(RuleError):
    """The seat is not the one expected to move."""


class GameOver(RuleError):
    """The match has ended: no more moves."""


class BadSetup(RuleError):
    """Seats, options or a fixed deck that the game cannot start from."""


@dataclass(frozen=True)
class Zone:
    """A place cards lie in: `seen_by` is EVERYONE, NOBODY or a frozenset of seats."""

    name: str
    cards: tuple[str, ...]
    seen_by: frozenset[int] | None


class Game(Protocol):
    KEY: str
    NAME: str
    MIN_SEATS: int
    MAX_SEATS: int
    RULES_VERSION: int
    OPTIONS: dict
    INFO: dict
    INTERPRETATIONS: tuple[str, ...]

    def deck(self, seats: int, options: dict) -> list[dict]: ...
    def initial_state(self, seats: int, options: dict, seed: str, deck: list[str] | None = None,
                      rules_version: int | None = None) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_moves(self, state: Any, seat: int) -> dict | None: ...
    def candidate_moves(self, state: Any, seat: int) -> list[dict]: ...
    def apply(self, state: Any, seat: int, move: Any) -> Any: ...
    def view(self, state: Any, viewer: int | None) -> dict: ...
    def log_entry(self, before: Any, seat: int, move: dict, after: Any, viewer: int | None) -> dict: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[int]: ...
    def winners(self, state: Any) -> list[int]: ...
    def zones(self, state: Any) -> list[Zone]: ...


def check_turn(expected: int | None, seat: int) -> None:
    """Raise GameOver (nobody is to move) or NotYourTurn unless `seat` is the one expected."""
    if expected is None:
        raise GameOver("game_over", "The match is over.")
    if seat != expected:
        raise NotYourTurn("not_your_turn", f"It is seat {expected}'s turn, not seat {seat}'s.",
                          seat=seat, expected=expected)


def check_rules_version(asked: int | None, newest: int) -> int:
    """The rules version a match plays under: `asked` (None: the newest); BadSetup if unknown."""
    if asked is None:
        return newest
    if type(asked) is not int or not 1 <= asked <= newest:
        raise BadSetup("bad_rules_version", f"Rules version {asked!r} does not exist: 1 to {newest}.")
    return asked


def leaders(values: list) -> list[int]:
    """The seats whose value is the highest (several on a tie): who wins on these values."""
    best = max(values)
    return [seat for seat, value in enumerate(values) if value == best]
