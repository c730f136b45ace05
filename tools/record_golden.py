"""Record golden matches: seeded random matches played to the end, with their final state hash.

    python -m tools.record_golden GAME [SEATS ...]

writes tests/golden/GAME-<seats>p.json (GAME-<seats>p-v<N>.json from rules version 2 on).
tests/engine/test_golden.py replays every recorded match on every commit: an engine change that
alters an old match's outcome fails there. Record anew only together with a RULES_VERSION bump
that keeps old matches replaying as they were; the files of older versions stay and replay under
their own version.
"""
import json
import sys
from pathlib import Path

from engine import GAMES
from engine.replay import state_hash
from tests.engine.sweep import play_random_match

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def record(key: str, seats: int) -> Path:
    game = GAMES[key]
    setup, moves, final = play_random_match(game, seats, seed=seats)
    version = "" if setup.rules_version == 1 else f"-v{setup.rules_version}"
    path = GOLDEN / f"{key}-{seats}p{version}.json"
    path.write_text(json.dumps({
        "game": key, "rules_version": setup.rules_version, "seats": setup.seats, "options": setup.options,
        "seed": setup.seed, "deck": setup.deck, "moves": moves, "final_state_sha256": state_hash(final),
        "scores": game.scores(final),
    }, indent=1) + "\n")
    return path


if __name__ == "__main__":
    key, *counts = sys.argv[1:]
    for seats in map(int, counts or [GAMES[key].MIN_SEATS, GAMES[key].MAX_SEATS]):
        print(record(key, seats))
