"""On SQLite a write is synced to the disk after its COMMIT, outside the writers' turn and the gate,
and before it is answered or announced (api/durable.py).

The syncs are counted where the app makes them, at `os.fsync`: SQLite's own syncs, in C, do not go
through it."""
import errno
import os
import sqlite3

import pytest
from sqlalchemy import text

from api import create_app, durable, news
from api.models import db

from .play import Table, bearer, first_legal
from .test_writers import held


REAL_FSYNC = os.fsync


class Syncs:
    """What the app synced, and what stood around each sync."""

    def __init__(self, app, database: str):
        self.app, self.database = app, database
        self.seen: list[dict] = []
        self.announced: list[set[str]] = []
        self.fail = False

    def fsync(self, descriptor: int) -> None:
        places = self.app.extensions["gate"].places
        queue = self.app.extensions["writers"]
        with sqlite3.connect(self.database) as reader:  # another connection: what is committed
            versions = dict(reader.execute("SELECT id, version FROM games"))
        self.seen.append({"file": os.readlink(f"/proc/self/fd/{descriptor}"), "free places": places.qsize(),
                          "turn held": held(queue.path), "announced before": len(self.announced),
                          "versions": versions})
        if self.fail:
            raise OSError(errno.EIO, "the disk failed")
        REAL_FSYNC(descriptor)


@pytest.fixture
def syncs(app, monkeypatch):
    if app.extensions["writers"] is None:
        pytest.skip("PostgreSQL syncs its own log at COMMIT: only SQLite's here")
    with app.app_context():
        database = os.path.abspath(db.engine.url.database)
    found = Syncs(app, database)
    monkeypatch.setattr(durable.os, "fsync", found.fsync)
    real_announce = news.announce

    def announce(notes):
        found.announced.append(set(notes))
        real_announce(notes)

    monkeypatch.setattr(news, "announce", announce)
    return found


def ready_to_move(client):
    table = Table.create(client)
    mover = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0])).json["turn"]
    seen = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[mover])).json
    return table, mover, seen


def test_a_move_is_synced_once_committed_outside_the_turn_and_the_gate_then_announced(app, client, syncs):
    table, mover, seen = ready_to_move(client)
    places = app.extensions["gate"].places.qsize()
    syncs.seen.clear()
    syncs.announced.clear()
    moved = client.post(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[mover]),
                        json={"version": seen["version"], "move": first_legal(seen)})
    assert moved.status_code == 200, moved.json
    [sync] = syncs.seen
    assert sync["file"] == syncs.database + "-wal"
    assert sync["versions"][table.id] == seen["version"] + 1  # committed before its sync
    assert not sync["turn held"] and sync["free places"] == places  # another writer, another request may go on
    assert sync["announced before"] == 0 and len(syncs.announced) == 1  # news of it once it is on disk


def test_reads_and_refused_writes_sync_nothing(client, syncs):
    table, mover, seen = ready_to_move(client)
    move = {"version": seen["version"], "move": first_legal(seen)}
    assert client.post(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[mover]), json=move).status_code == 200
    syncs.seen.clear()
    assert client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[mover])).status_code == 200
    refused = client.post(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[mover]), json=move)
    assert refused.status_code == 409, refused.json
    assert syncs.seen == []


def test_a_commit_outside_a_request_is_synced_in_it(app, client, syncs):
    """The command line, the push worker and migrations commit on the engine's connections too."""
    table = Table.create(client)
    syncs.seen.clear()
    with app.app_context(), db.engine.connect() as conn:
        conn.execute(text("UPDATE games SET version = version WHERE id = :id"), {"id": table.id})
        assert syncs.seen == []
        conn.commit()
        assert len(syncs.seen) == 1
        conn.execute(text("SELECT version FROM games")).all()
        conn.commit()  # nothing written
    assert len(syncs.seen) == 1


def test_a_failed_sync_fails_the_request_and_tells_nobody(app, client, syncs):
    table, mover, seen = ready_to_move(client)
    syncs.fail, syncs.announced[:] = True, []
    places = app.extensions["gate"].places.qsize()
    with pytest.raises(durable.NotOnDisk) as raised:  # the worker answers it 503 not_on_disk (test_serving)
        client.post(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[mover]),
                    json={"version": seen["version"], "move": first_legal(seen)})
    assert not isinstance(raised.value, OSError)  # gunicorn would take it for the client's socket failing
    assert syncs.announced == []
    assert app.extensions["gate"].places.qsize() == places
    syncs.fail = False
    assert client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[mover])).status_code == 200


@pytest.mark.parametrize("setting, log", [("FULL", True), ("NORMAL", False)])
def test_sqlite_syncs_each_write_as_configured(tmp_path, setting, log):
    """FULL: SQLite's own sync at COMMIT is off, and the app syncs the log after it; NORMAL: no sync."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/s.sqlite", "SQLITE_SYNCHRONOUS": setting})
    with app.app_context(), db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.connection.driver_connection.log == (f"{tmp_path}/s.sqlite-wal" if log else None)
    with app.app_context():
        db.engine.dispose()


def test_a_database_in_memory_syncs_in_its_commits():
    """No log to sync after COMMIT without WAL mode: SQLite syncs as configured."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite:///:memory:", "SQLITE_SYNCHRONOUS": "FULL"})
    with app.app_context(), db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert conn.connection.driver_connection.log is None
    with app.app_context():
        db.engine.dispose()
