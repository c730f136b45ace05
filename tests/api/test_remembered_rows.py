"""A move starts from the match's row the process remembers (api/moves.py), and the database
checks that row in the move's compare-and-set. Here the process is made to remember a row the
match has left behind, one way for each thing the row says (its version, a seat's token, whether
anyone subscribed to push notifications): each move is answered as if the match had been read,
and a refused one writes nothing."""
import pytest

from api import replays
from api.models import PushMessage

from .play import Table
from .test_bots import solo
from .test_moves import first_legal
from .test_push import count, service, subscribe  # noqa: F401  (service: a fixture)
from .test_seat_links import reissue


@pytest.fixture
def table(client) -> Table:
    return Table.create(client)


def remembering(monkeypatch, table: Table):
    """From now on, the process remembers the match as it is now."""
    table.view(0)
    row = replays.known(table.id)
    assert row is not None and row.id == table.id
    monkeypatch.setattr(replays, "known", lambda match_id: row if match_id == table.id else None)
    return row


def move(table: Table, seat: int, version: int):
    return table.post_move(seat, first_legal(table.view(seat)), version)


def to_move(table: Table) -> int:
    return table.view(0)["turn"]


def test_a_row_behind_the_match_and_a_client_that_is_not(monkeypatch, table):
    remembering(monkeypatch, table)
    first = to_move(table)
    assert move(table, first, table.view(first)["version"]).status_code == 200
    second = to_move(table)
    current = table.view(second)["version"]
    answer = move(table, second, current)
    assert answer.status_code == 200, answer.json
    assert answer.json["version"] == current + 1 == table.view(0)["version"]


def test_a_client_as_far_behind_as_the_row_gets_409_with_the_version_now(monkeypatch, table):
    """The row says the version the client moved on is current; the database says it is not. On the
    row, the move is legal (the seat sends its last move again, on the version it moved on)."""
    row = remembering(monkeypatch, table)
    mover = to_move(table)
    again = first_legal(table.view(mover))
    assert table.post_move(mover, again, row.version).status_code == 200
    refused = table.post_move(mover, again, row.version)
    assert refused.status_code == 409, refused.json
    assert refused.json["code"] == "stale_version" and refused.json["version"] == row.version + 1
    assert table.view(0)["version"] == row.version + 1, "nothing written"


def test_against_a_bot_a_client_as_far_behind_as_the_row_gets_409_and_nothing_is_written(monkeypatch, client):
    """The move and the bot's reply are written in one transaction, their events before the match's
    row (api/writes.py): sent again on the row's version, the move's event clashes on the events'
    unique key before the row's compare-and-set runs, and that too is the conflict, on both
    databases."""
    table = solo(client, bots=((1, "easy"),))
    row = remembering(monkeypatch, table)
    again = first_legal(table.view(0))
    assert table.post_move(0, again, row.version).status_code == 200
    now = table.view(0)["version"]
    assert now == row.version + 2, "the bot replied in the same write"
    refused = table.post_move(0, again, row.version)
    assert refused.status_code == 409, refused.json
    assert refused.json["code"] == "stale_version" and refused.json["version"] == now
    assert table.view(0)["version"] == now, "nothing written"


def test_a_move_the_row_would_refuse_is_judged_on_the_match_as_read(monkeypatch, table):
    """On the row it is not the seat's turn (a rule's refusal, 422); on the match it is, but the
    client moved on the row's version: 409, as without the row."""
    row = remembering(monkeypatch, table)
    first = to_move(table)
    assert move(table, first, row.version).status_code == 200
    refused = move(table, 1 - first, row.version)
    assert refused.status_code == 409, refused.json
    assert refused.json["code"] == "stale_version" and refused.json["version"] == row.version + 1


def test_a_replaced_link_is_refused_though_the_row_remembers_it(monkeypatch, table):
    if to_move(table) == 0:  # the creator's own link cannot be replaced: let seat 1 be the one to move
        assert move(table, 0, table.view(0)["version"]).status_code == 200
    seen = table.view(1)
    row = remembering(monkeypatch, table)
    assert reissue(table, 1).status_code == 200
    refused = table.post_move(1, first_legal(seen), row.version)  # with the old token
    assert refused.status_code == 401, refused.json
    assert refused.json["code"] == "link_replaced"
    assert table.view(0)["version"] == row.version, "nothing written"


def test_a_push_subscription_made_since_the_row_gets_its_notification(app, monkeypatch, table, service):  # noqa: F811
    mover = to_move(table)
    row = remembering(monkeypatch, table)
    assert not row.pushed
    assert subscribe(table, 1 - mover, service.device("next")).status_code == 201
    assert move(table, mover, row.version).status_code == 200
    assert count(app, PushMessage) == 1, "the next seat is told it is its turn"
