"""A match plays under the rules version it was created with: ADD'EM's replace circle rule
(version 2) holds for new matches, and a match recorded under version 1 plays on without it."""
from api import replays
from api.models import Match, db
from tests.engine.test_addem import FILLER, PAD, fixed_deck

from .play import Table

CIRCLE = [{"type": "expose", "card": "F8a"}, {"type": "replace", "cards": ["F5a", "F3a"]},
          {"type": "replace", "cards": ["F7b", "F7c", "M4b", "M2b"]}]  # seat 0, seat 1, seat 0
AGAIN = {"type": "replace", "cards": ["F8a", "F1a", "M1a"]}  # seat 1 lays 8 + 1 - 1 for 7 + 7 - 4 - 2


def circled(client, app, rules_version=None) -> Table:
    """An ADD'EM match in which both seats have replaced in turn; seat 1 is to move."""
    table = Table.create(client, game="addem", deck=fixed_deck([["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]]))
    if rules_version is not None:  # as if created before the rules changed
        with app.app_context():
            db.session.get(Match, table.id).rules_version = rules_version
            db.session.commit()
        replays.forget_all()
    for seat, move in zip((0, 1, 0), CIRCLE):
        assert table.post_move(seat, move).status_code == 200
    return table


def test_a_new_addem_match_ends_a_replace_circle(client, app):
    table = circled(client, app)
    view = table.view(1)
    assert view["rules_version"] == 2 and view["turn"] == 1
    legal = view["you"]["legal_moves"]
    assert legal["replace_closed"] == "replace_circle" and "replace" not in legal["types"]
    refused = table.post_move(1, AGAIN)
    assert refused.status_code == 422 and refused.json["code"] == "replace_circle"
    assert table.view()["version"] == 3
    assert table.view(1, "/moves")["moves"][-1]["move"]["circle_closed"] is True


def test_a_match_created_under_rules_version_1_replays_and_plays_without_the_rule(client, app):
    table = circled(client, app, rules_version=1)
    view = table.view(1)
    assert view["rules_version"] == 1 and view["you"]["legal_moves"]["replace_closed"] is None
    assert "replace" in view["you"]["legal_moves"]["types"]
    moved = table.post_move(1, AGAIN)
    assert moved.status_code == 200 and [c["id"] for c in moved.json["state"]["exposed"]] == ["F8a", "F1a", "M1a"]
    assert "circle_closed" not in table.view(1, "/moves")["moves"][-1]["move"]
