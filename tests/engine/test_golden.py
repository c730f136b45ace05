"""Recorded matches replay to the same final state under the rules version they were recorded with:
old matches in a database never change.

Every match is replayed through `engine.events.fold`, the fold requests use: the `*-events` ones
record hints, timeouts, resignations and the autopilot's and a bot's moves as the service stores them."""
import json
from pathlib import Path

import pytest

from engine import GAMES, events
from engine.replay import Setup, moves_only, replay, state_hash

GOLDEN = sorted((Path(__file__).parent.parent / "golden").glob("*.json"))


def events_of(recorded: dict) -> list[events.Entry]:
    if "events" in recorded:
        return [events.Entry(kind, seat, move) for kind, seat, move in recorded["events"]]
    return moves_only(recorded["moves"])


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_recorded_match_replays_to_its_recorded_state(path):
    recorded = json.loads(path.read_text())
    game = GAMES[recorded["game"]]
    assert 1 <= recorded["rules_version"] <= game.RULES_VERSION
    setup = Setup(recorded["seats"], recorded["options"], recorded["seed"], recorded["deck"], recorded["rules_version"])
    bots = tuple(recorded["bots"]) if recorded.get("bots") else None
    final = replay(game, setup, events_of(recorded), recorded.get("timeouts_to_leave", 3), bots)
    assert events.is_over(game, final) and game.scores(final.game) == recorded["scores"]
    assert state_hash(final.game) == recorded["final_state_sha256"]
    if "events" in recorded:
        assert state_hash(final) == recorded["final_match_sha256"]
        assert events.winners(game, final) == recorded["winners"]


def test_every_game_has_golden_matches_with_and_without_timeouts():
    recorded = [json.loads(p.read_text()) for p in GOLDEN]
    assert {r["game"] for r in recorded if "moves" in r} == set(GAMES)
    assert {r["game"] for r in recorded if "events" in r} == set(GAMES)


def test_the_golden_events_hold_every_kind_and_a_two_seat_resignation():
    recorded = [json.loads(p.read_text()) for p in GOLDEN if p.stem.endswith("-events")]
    assert {kind for r in recorded for kind, _, _ in r["events"]} == set(events.KINDS)
    assert any(r["seats"] == 2 and r["events"][-1][0] in ("resign", "timeout") and len(r["winners"]) == 1
               for r in recorded)


def test_every_game_has_a_golden_match_under_its_newest_rules():
    recorded = [json.loads(p.read_text()) for p in GOLDEN]
    assert {(match["game"], match["rules_version"]) for match in recorded} >= {(key, game.RULES_VERSION)
                                                                                for key, game in GAMES.items()}
