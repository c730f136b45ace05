"""Snapshots of replayed states: a cold process replays at most snapshots.EVERY events (fewer in a
game whose events replay slowly), and snapshots are derived data (dropping them, or one made by
other code, changes no answer)."""
import pickle
from types import SimpleNamespace

import pytest
from sqlalchemy import delete, select, update

from api import matches, replays, snapshots
from api.models import Snapshot, db

from .play import Table
from .test_every_game import CHOOSERS
from .test_moves import first_legal

EVERY = 4


@pytest.fixture
def played(client, monkeypatch):
    """An ADD UP match played 11 moves with a snapshot every 4 events."""
    monkeypatch.setattr(snapshots, "EVERY", EVERY)
    table = Table.create(client)
    for _ in range(11):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], first_legal(view), view["version"])
    return table


def views(table: Table) -> list[dict]:
    return [table.view(seat, f"/versions/{n}") for n in (11, 9, 5, 2, 0) for seat in (None, 0, 1)]


def stored(app) -> list[int]:
    with app.app_context():
        return list(db.session.scalars(select(Snapshot.version).order_by(Snapshot.version)))


def test_a_snapshot_is_stored_each_time_the_events_cross_a_mark(app, played):
    assert stored(app) == [4, 8]


def test_add_too_whose_events_replay_slowest_stores_its_states_five_times_as_often(app, client, monkeypatch):
    monkeypatch.setattr(snapshots, "EVERY", 10)
    table = Table.create(client, game="addtoo")
    for _ in range(5):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], CHOOSERS["addtoo"](view["you"]["legal_moves"]), view["version"])
    assert stored(app) == [2, 4]


def test_a_cold_process_replays_only_the_events_since_the_last_snapshot(app, client, played, monkeypatch):
    reads = []
    events = matches.events
    monkeypatch.setattr(matches, "events", lambda match, after=0, upto=None: reads.append(after) or events(match, after, upto))
    replays.forget_all()
    assert played.view(0)["version"] == 11
    assert reads == [8]


def test_snapshots_are_derived_data(app, client, played):
    warm = views(played)
    replays.forget_all()
    assert views(played) == warm, "cold, from snapshots"
    with app.app_context():
        db.session.execute(update(Snapshot).values(engine="other-code", state=pickle.dumps("not a state")))
        db.session.commit()
    replays.forget_all()
    assert views(played) == warm, "a snapshot of other code is not read"
    with app.app_context():
        db.session.execute(delete(Snapshot))
        db.session.commit()
    replays.forget_all()
    assert views(played) == warm, "without any snapshot"


def test_a_process_keeps_the_highest_states_it_saw_of_a_match_each_once():
    replays.forget_all()
    row = SimpleNamespace(id="AQd0zODt6g0McKXr", version=9, seating=2)
    for version in (3, 1, 5, 2, 5, 4, 7, 6, 3):
        replays.remember(row, version, f"after {version}")
    assert replays._recent[row.id][1] == tuple((version, f"after {version}") for version in (4, 5, 6, 7))
    replays.forget_all()
