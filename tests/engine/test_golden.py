"""Recorded matches replay to the same final state under the rules version they were recorded with:
old matches in a database never change."""
import json
from pathlib import Path

import pytest

from engine import GAMES
from engine.replay import Setup, replay, state_hash

GOLDEN = sorted((Path(__file__).parent.parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_recorded_match_replays_to_its_recorded_state(path):
    recorded = json.loads(path.read_text())
    game = GAMES[recorded["game"]]
    assert 1 <= recorded["rules_version"] <= game.RULES_VERSION
    setup = Setup(recorded["seats"], recorded["options"], recorded["seed"], recorded["deck"], recorded["rules_version"])
    final = replay(game, setup, [(seat, move) for seat, move in recorded["moves"]])
    assert game.is_over(final) and game.scores(final) == recorded["scores"]
    assert state_hash(final) == recorded["final_state_sha256"]


def test_every_game_has_a_golden_match_under_its_newest_rules():
    recorded = [json.loads(p.read_text()) for p in GOLDEN]
    assert {(match["game"], match["rules_version"]) for match in recorded} >= {(key, game.RULES_VERSION)
                                                                                for key, game in GAMES.items()}
