"""Record golden matches: seeded random matches played to the end, with their final state hash.

    python -m tools.record_golden GAME [SEATS ...]          moves only: tests/golden/GAME-<seats>p.json
    python -m tools.record_golden --events GAME [SEATS ...]  with hints, timeouts, a resignation, the
                                                            autopilot and (3+ seats) a bot:
                                                            tests/golden/GAME-<seats>p-events.json

tests/engine/test_golden.py replays every recorded match through `engine.events.fold` on every
commit: an engine change that alters an old match's outcome fails there. Record anew only
together with a RULES_VERSION bump that keeps old matches replaying as they were.
Files of older rules versions stay and replay under their own version; from version 2 on a
file's name says its version (GAME-<seats>p-v2.json, GAME-<seats>p-v2-events.json).
"""
import json
import sys
from pathlib import Path

from engine import GAMES, events
from engine.replay import state_hash
from tests.engine.sweep import play_random_events, play_random_match

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
TIMEOUTS_TO_LEAVE = 2  # low, so that timeouts in a row make a seat leave within a short match


def record(key: str, seats: int) -> Path:
    game = GAMES[key]
    setup, moves, final = play_random_match(game, seats, seed=seats)
    return _write(f"{key}-{seats}p{_version(setup)}", key, setup, {"moves": moves}, final, game.scores(final))


def record_events(key: str, seats: int) -> Path:
    """At three seats and more, the last seat is an easy bot."""
    game = GAMES[key]
    bots = (None,) * (seats - 1) + ("easy",) if seats > 2 else None
    setup, played, final = play_random_events(game, seats, seed=seats, timeouts_to_leave=TIMEOUTS_TO_LEAVE, bots=bots)
    return _write(f"{key}-{seats}p{_version(setup)}-events", key, setup, {
        "timeouts_to_leave": TIMEOUTS_TO_LEAVE, "bots": bots, "events": [list(event) for event in played],
        "final_match_sha256": state_hash(final), "winners": events.winners(game, final),
    }, final.game, game.scores(final.game))


def _write(name: str, key: str, setup, played: dict, final, scores: list[int]) -> Path:
    path = GOLDEN / f"{name}.json"
    path.write_text(json.dumps({
        "game": key, "rules_version": setup.rules_version, "seats": setup.seats, "options": setup.options,
        "seed": setup.seed, "deck": setup.deck, **played, "final_state_sha256": state_hash(final), "scores": scores,
    }, indent=1) + "\n")
    return path


def _version(setup) -> str:
    """The file name's mark of the rules version: none for version 1."""
    return "" if setup.rules_version == 1 else f"-v{setup.rules_version}"


if __name__ == "__main__":
    with_events = sys.argv[1] == "--events"
    key, *counts = sys.argv[2:] if with_events else sys.argv[1:]
    for seats in map(int, counts or [GAMES[key].MIN_SEATS, GAMES[key].MAX_SEATS]):
        print((record_events if with_events else record)(key, seats))
