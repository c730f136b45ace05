"""A match from its setup: checking a new one, dealing it, replaying its events, hashing a state.

The fold itself is `engine.events.fold`, over `engine.events.apply`: the one step requests take too.
"""
import dataclasses
import hashlib
import json
from collections.abc import Iterable
from typing import Any

from . import cards
from . import options as match_options
from .events import PERSON, Entry, Event, MatchState, begin, fold
from .protocol import Game, Move


@dataclasses.dataclass(frozen=True)
class Setup:
    """Everything a match starts from: with its events, it reproduces the match exactly."""

    seats: int
    options: dict[str, Any]
    seed: str
    deck: list[str] | None = None
    rules_version: int | None = None  # the version the match was created with (None: the newest)


def checked_setup(game: Game, seats: int, options: dict[str, Any] | None, seed: str,
                  deck: list[str] | None = None) -> Setup:
    """A new match's Setup, its seats, options and fixed deck checked without dealing (BadSetup if wrong)."""
    setup = Setup(match_options.check_seats(game, seats), match_options.normalize(game, options), seed, deck,
                  game.RULES_VERSION)
    if deck is not None:
        cards.check_fixed([face["id"] for face in game.deck(setup.seats, setup.options)], deck)
    return setup


def start(game: Game, seats: int, options: dict[str, Any] | None, seed: str,
          deck: list[str] | None = None) -> tuple[Setup, Any]:
    """Check a new match's seats and options; return its Setup and first state (BadSetup if wrong)."""
    setup = checked_setup(game, seats, options, seed, deck)
    return setup, game.initial_state(setup.seats, setup.options, setup.seed, setup.deck, setup.rules_version)


def dealt(game: Game, setup: Setup, bots: tuple[str | None, ...] | None = None) -> MatchState:
    """The match as dealt, before any event (`bots`: the level of the bot seated at each seat)."""
    return begin(game.initial_state(setup.seats, setup.options, setup.seed, setup.deck, setup.rules_version),
                 setup.seats, bots)


def replay(game: Game, setup: Setup, events: Iterable[Event],
           timeouts_to_leave: int, bots: tuple[str | None, ...] | None = None) -> MatchState:
    """The match after all `events`, from the deal."""
    return fold(game, dealt(game, setup, bots), events, timeouts_to_leave)


def moves_only(moves: Iterable[tuple[int, Move]]) -> list[Entry]:
    """The events of a match where every seat played its own moves: [(seat, move)] as "move" events."""
    return [Entry(PERSON, seat, move) for seat, move in moves]


def state_hash(state: Any) -> str:
    """SHA-256 of a state's canonical JSON (a game's state or a MatchState, whose set of seats that
    left counts sorted): equal states, equal hashes, on any machine."""
    canonical = json.dumps(dataclasses.asdict(state), sort_keys=True, separators=(",", ":"), default=sorted)
    return hashlib.sha256(canonical.encode()).hexdigest()
