"""Rebuilding a match from its setup and its events: the one fold every request uses."""
import dataclasses
import hashlib
import json
from typing import Any, Iterable, Iterator

from . import options as match_options


@dataclasses.dataclass(frozen=True)
class Setup:
    """Everything a match starts from: with its moves, it reproduces the match exactly."""

    seats: int
    options: dict
    seed: str
    deck: list[str] | None = None
    rules_version: int | None = None  # the version the match was created with (None: the newest)


def start(game, seats: int, options: dict | None, seed: str, deck: list[str] | None = None) -> tuple[Setup, Any]:
    """Check a new match's seats and options; return its Setup and first state (BadSetup if wrong)."""
    setup = Setup(match_options.check_seats(game, seats), match_options.normalize(game, options), seed, deck,
                  game.RULES_VERSION)
    return setup, game.initial_state(setup.seats, setup.options, setup.seed, setup.deck, setup.rules_version)


def states(game, setup: Setup, moves: Iterable[tuple[int, dict]]) -> Iterator[Any]:
    """The first state, then the state after each (seat, move)."""
    state = game.initial_state(setup.seats, setup.options, setup.seed, setup.deck, setup.rules_version)
    yield state
    for seat, move in moves:
        state = game.apply(state, seat, move)
        yield state


def replay(game, setup: Setup, moves: Iterable[tuple[int, dict]]) -> Any:
    """The state after all `moves`."""
    for state in states(game, setup, moves):
        pass
    return state


def state_hash(state: Any) -> str:
    """SHA-256 of the state's canonical JSON: equal states, equal hashes, on any machine."""
    canonical = json.dumps(dataclasses.asdict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
