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
    candidate_moves(state, seat)      concrete legal moves; the first is what a timeout plays
    apply(state, seat, move)          the next state, or raises a RuleError
    view(state, viewer)               JSON for one seat (int) or a spectator (None)
    view_before_start(state)          optional: JSON for everyone while seats are free, when a seat may still be
                                      given back: nothing dealt that makes one seat better (ADD-TOO's face-up
                                      hands, a first dealer); without it, `view(state, None)`
    unhinted_legal_moves(legal)       legal_moves' JSON as a match with hints off shows it: less every sum, total or
                                      points worked out for the seat (engine/unhinted.py)
    unhinted_view(view)               optional: the same for a view that holds such a number (ADD UP's row sums)
    log_entry(before, seat, move, after, viewer)  one move as `viewer` may see it
    is_over(state), scores(state), winners(state)
    standing(state)                   optional: per seat what a finished match ranks it on, higher first
                                      (`winners` are the best); without it, `scores(state)`
    zones(state)                      where every card is, and who may see it

States are immutable (frozen dataclasses of tuples): `apply` never changes its argument, so a
rejected move changes nothing and any state may be cached or shared.
"""
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Required, TypedDict

if TYPE_CHECKING:
    from .options import Option

EVERYONE = None  # Zone.seen_by value: a face-up zone
NOBODY: frozenset[int] = frozenset()  # Zone.seen_by value: a face-down zone

Options = dict[str, Any]  # a match's options, {name: value}: see engine/options.py
Move = dict[str, Any]  # a move as a client sends it: {"type": ..., fields of that type}
JSON = dict[str, Any]  # what legal_moves, view and log_entry return: each game's docstring gives its shape


class Face(TypedDict, total=False):
    """A card's face as JSON: `kind` always, `id` unless the face is shown without it (see
    `cards.shown`), and the fields of its game (each game's docstring lists which)."""

    id: str
    kind: Required[str]
    value: int  # ADD UP numbers, ADD-IT, Plus and Minus, ADD'EM figures, minus and total cards
    min: int  # ADD UP jokers: the values they may stand for
    max: int
    suit: str  # ADD-IT
    number: int  # Plus and Minus: the number printed on the card (its value is signed)
    orange: int  # ADD-TOO diamonds
    blue: int
    parity: str  # ADD'EM Add-Em cards: "odd" or "even", and the values they may stand for
    values: list[int]


class RuleError(Exception):
    """A request the rules refuse; `code` and `params` let a client translate `reason`."""

    def __init__(self, code: str, reason: str, **params: Any):
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = params


class UnknownEvent(Exception):
    """A stored event of a kind this code does not know: a newer release wrote it (this one was rolled back to, or
    serves beside it during an upgrade). Not a rule's refusal: the match cannot be read here at all."""

    def __init__(self, kind: str, match: str | None = None):
        super().__init__(f"Unknown event kind {kind!r}.")
        self.kind, self.match = kind, match


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
    """A game module (engine/addup.py and the others) as the rest of the code uses it: GAMES holds
    five of these; a module missing a name or with a different signature fails the type check.
    States are the game's own frozen dataclass, hence `Any` here."""

    @property
    def KEY(self) -> str: ...
    @property
    def NAME(self) -> str: ...
    @property
    def MIN_SEATS(self) -> int: ...
    @property
    def MAX_SEATS(self) -> int: ...
    @property
    def RULES_VERSION(self) -> int: ...
    @property
    def OPTIONS(self) -> Mapping[str, "Option"]: ...
    @property
    def INFO(self) -> Mapping[str, object]: ...
    @property
    def INTERPRETATIONS(self) -> tuple[str, ...]: ...

    def deck(self, seats: int, options: Options) -> list[Face]: ...
    def initial_state(self, seats: int, options: Options, seed: str,
                      deck: list[str] | None = None, rules_version: int | None = None) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_moves(self, state: Any, seat: int) -> JSON | None: ...
    def candidate_moves(self, state: Any, seat: int) -> list[Move]: ...
    def apply(self, state: Any, seat: int, move: Any) -> Any: ...
    def view(self, state: Any, viewer: int | None) -> JSON: ...
    def unhinted_legal_moves(self, legal: JSON) -> JSON: ...
    def log_entry(self, before: Any, seat: int, move: Move, after: Any, viewer: int | None) -> JSON: ...
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


def leaders(values: Sequence[Any]) -> list[int]:
    """The seats whose value is the highest (several on a tie): who wins on these values."""
    best = max(values)
    return [seat for seat, value in enumerate(values) if value == best]


def ranks(values: Sequence[Any]) -> list[int]:
    """Each seat's place on these values, the highest first: 1 + the seats with a higher value, so that a tie
    shares a place and the next place is skipped (1, 1, 3); the seats in place 1 are the `leaders`."""
    return [1 + sum(other > value for other in values) for value in values]
