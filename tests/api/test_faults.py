"""The database failing mid-request: a 503 problem with Retry-After, nothing half-written, and the
next request succeeds. Faults are injected with SQLAlchemy engine events (and, on PostgreSQL, by
having the server kill the request's connection)."""
import re
import sqlite3
import time
import uuid
from contextlib import contextmanager

import flask_migrate
import psycopg
import pytest
from sqlalchemy import event, make_url
from sqlalchemy.exc import OperationalError

from api import create_app, observe, revisions, writes
from api.database import PING_AFTER_IDLE
from api.models import db
from bench.server import libpq_url

from .play import Table
from .test_retries import create, join, move, relink, rows


def fails(message: str):
    def fault(conn, *args):
        raise OperationalError("(injected)", None, sqlite3.OperationalError(message))
    return fault


def kill_own_connection(conn, cursor, statement, *args):
    """The server ends this very connection, as a restart or failover would."""
    if statement.lstrip().upper().startswith("INSERT"):
        pid = conn.connection.dbapi_connection.info.backend_pid
        with psycopg.connect(libpq_url(conn.engine.url)) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])


def on_writes(fault):
    def maybe(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            fault(conn)
    return maybe


FAULTS = {  # name: (engine event, listener, backends it applies to)
    "connection lost at commit": ("commit", fails("server closed the connection unexpectedly"), None),
    "disk full at commit": ("commit", fails("database or disk is full"), None),
    "lock timeout on a write": ("before_cursor_execute", on_writes(fails("database is locked")), None),
    "database gone on every query": ("before_cursor_execute", fails("could not connect to server"), None),
    "connection killed by the server": ("before_cursor_execute", kill_own_connection, "postgresql"),
}


@contextmanager
def fault(app, name: str):
    kind, listener, only = FAULTS[name]
    with app.app_context():
        engine = db.engine
    if only and engine.dialect.name != only:
        pytest.skip(f"{name}: {only} only")
    event.listen(engine, kind, listener)
    try:
        yield
    finally:
        event.remove(engine, kind, listener)


@pytest.mark.parametrize("request_for", [create, join, move])
@pytest.mark.parametrize("name", sorted(FAULTS))
def test_a_failing_database_is_a_503_and_writes_nothing(app, client, name, request_for):
    table = Table.create(client, join=False)
    path, body, auth = request_for(table)
    headers = {**auth, "Idempotency-Key": str(uuid.uuid4())}
    before = rows(app)
    with fault(app, name):
        failed = client.post(path, json=body, headers=headers)
    assert failed.status_code == 503 and failed.content_type == "application/problem+json"
    assert failed.json["code"] == "database_unavailable" and int(failed.headers["Retry-After"]) >= 1
    assert rows(app) == before, "nothing is half-written"
    retried = client.post(path, json=body, headers=headers)
    assert retried.status_code in (200, 201) and "Idempotent-Replayed" not in retried.headers, retried.json


def test_health_reports_the_database_state(app, client, caplog):
    with fault(app, "database gone on every query"):
        down = client.get("/api/v1/health")
    assert (down.status_code, down.json["code"], down.json["database"]) == (503, "database_unavailable", "unavailable")
    assert "database unavailable: OperationalError: could not connect to server" in caplog.messages, \
        "the log says why, for an operator to tell a wrong DATABASE_URL from a server down"
    assert client.get("/api/v1/health").json == {"status": "ok", "database": "ok"}


@contextmanager
def schema_at(app, revision: str):
    """The database marked as migrated to `revision` meanwhile."""
    with app.app_context():
        db.session.execute(db.text("UPDATE alembic_version SET version_num = :at"), {"at": revision})
        db.session.commit()
    try:
        yield
    finally:
        with app.app_context():
            db.session.execute(db.text("UPDATE alembic_version SET version_num = :head"), {"head": revisions.schema_head()})
            db.session.commit()


def test_health_reports_a_schema_behind_the_code(app, client):
    with schema_at(app, "0001"):
        response = client.get("/api/v1/health")
    assert (response.status_code, response.json["code"], response.json["database"]) == (503, "database_outdated", "outdated")


def test_a_schema_a_newer_release_migrated_is_healthy(app, client):
    """The next release's migrations run before it serves, while this one still does."""
    with schema_at(app, "9999_next"):
        response = client.get("/api/v1/health")
    assert (response.status_code, response.json["database"]) == (200, "newer")
    assert "9999_next" in response.json["detail"]


@contextmanager
def never_migrated(app, tmp_path):
    """An app of this backend on a database with no table at all: a file of its own on SQLite, a
    schema of its own on PostgreSQL."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    schema = f"unmigrated_{uuid.uuid4().hex[:8]}"
    if url.startswith("sqlite"):
        empty = f"sqlite:///{tmp_path}/empty.sqlite"
    else:
        with psycopg.connect(libpq_url(url), autocommit=True) as admin:
            admin.execute(f'CREATE SCHEMA "{schema}"')
        empty = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    unmigrated = create_app({"SQLALCHEMY_DATABASE_URI": empty, "TESTING": True, "RATELIMIT_ENABLED": False})
    try:
        yield unmigrated
    finally:
        with unmigrated.app_context():
            db.engine.dispose()
        if not url.startswith("sqlite"):
            with psycopg.connect(libpq_url(url), autocommit=True) as admin:
                admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


def test_a_database_never_migrated_says_so_and_answers_503s(app, tmp_path, caplog):
    """A first deploy whose migrations did not run (a release step that failed or was left out, a
    plan without Render's pre-deploy command): health says to migrate, in words (it said "The
    database schema is at None"), and every request is a 503 with Retry-After, whose log line gives
    the driver's reason, as on SQLite; on PostgreSQL each was a 500 "internal_error" and a traceback."""
    with never_migrated(app, tmp_path) as unmigrated:
        client = unmigrated.test_client()
        health = client.get("/api/v1/health")
        answers = [client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"}),
                   client.get("/api/v1/games/abcdefghijklmnop")]
    assert (health.status_code, health.json["code"]) == (503, "database_outdated")
    assert health.json["detail"] == "The database has no tables yet: migrate it (flask --app wsgi db upgrade)."
    assert [(answer.status_code, answer.json["code"], "Retry-After" in answer.headers) for answer in answers] == \
        [(503, "database_unavailable", True)] * 2
    said = [message for message in caplog.messages if message.startswith("database unavailable")]
    assert len(said) == 2 and all(re.search(r"no such table|does not exist", message) for message in said), said


def test_health_is_503_once_the_sqlite_file_it_writes_to_was_removed_or_replaced(tmp_path, capsys):
    """A process keeps writing to the SQLite file it opened after the file was deleted (a deploy that replaced the
    folder holding `instance/`) or replaced (a backup copied over it while it ran): every create and move answered
    201 and 200 and was gone at the next restart, and health said ok all along. Now health says the database is
    unavailable, and the log names the file, until it is back or the service restarted."""
    path = tmp_path / "addgames.sqlite"
    served = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "TESTING": True, "RATELIMIT_ENABLED": False})
    with served.app_context():
        flask_migrate.upgrade()
    client = served.test_client()
    try:
        assert client.get("/api/v1/health").status_code == 200
        path.rename(tmp_path / "moved.sqlite")
        gone = client.get("/api/v1/health")
        path.write_bytes((tmp_path / "moved.sqlite").read_bytes())
        replaced = client.get("/api/v1/health")
        path.unlink()
        (tmp_path / "moved.sqlite").rename(path)
        back = client.get("/api/v1/health")
    finally:
        with served.app_context():
            db.engine.dispose()
    for answer in (gone, replaced):
        assert (answer.status_code, answer.json["code"], answer.json["database"]) == (503, "database_unavailable",
                                                                                    "unavailable")
        assert "removed or replaced" in answer.json["detail"] and str(tmp_path) not in answer.json["detail"]
    assert back.json == {"status": "ok", "database": "ok"}
    said = [line for line in capsys.readouterr().err.splitlines() if "removed or replaced" in line]  # (alembic's
    assert said and all(str(path) in line for line in said), said  # logging set-up leaves caplog deaf)


def resign(table: Table):
    table.join("Bob")
    return f"/api/v1/games/{table.id}/resign", None, table.auth(1)


def rematch(table: Table):
    table.join("Bob")
    table.client.post(f"/api/v1/games/{table.id}/resign", headers=table.auth(1))
    return f"/api/v1/games/{table.id}/rematch", None, table.auth(0)


@contextmanager
def database_gone_after_commit(app):
    """Every statement after the request's COMMIT fails, as when the database goes away just then."""
    with app.app_context():
        engine = db.engine
    committed = []

    def on_commit(conn):
        committed.append(True)

    def after_commit(conn, *args):
        if committed:
            raise OperationalError("(injected)", None, sqlite3.OperationalError("server closed the connection"))

    event.listen(engine, "commit", on_commit)
    event.listen(engine, "before_cursor_execute", after_commit)
    try:
        yield
    finally:
        event.remove(engine, "commit", on_commit)
        event.remove(engine, "before_cursor_execute", after_commit)


@pytest.mark.parametrize("request_for", [create, join, move, resign, rematch, relink])
@pytest.mark.parametrize("keyed", [False, True], ids=["plain", "idempotency-key"])
def test_nothing_after_the_commit_turns_a_success_into_a_failure(app, client, request_for, keyed):
    table = Table.create(client, join=False)
    path, body, auth = request_for(table)
    headers = {**auth, **({"Idempotency-Key": str(uuid.uuid4())} if keyed else {})}
    before = rows(app)
    with database_gone_after_commit(app):
        answer = client.post(path, json=body, headers=headers)
    assert answer.status_code in (200, 201), answer.json
    assert rows(app) != before, "the write was stored"


@pytest.mark.parametrize("idle", ["in the pool", "resting in the gate"])
def test_a_restarted_server_is_not_a_503(app, client, idle):
    """PostgreSQL ends every connection (a restart, a failover): the idle connections, in the pool
    or resting in the gate (api/connection.py), are dead, and the next request still succeeds
    (they are checked before use)."""
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL only")
    table = Table.create(client)
    # Only the connection the next request takes is ended, not every connection of the database:
    # another test run may share the database (.ci/run's contract tests, in a schema of their own).
    resting = app.extensions["gate"].resting
    if idle == "in the pool":
        resting.close()  # the next request then takes the pool's last connection (it is LIFO)
        with engine.connect() as pooled:
            pid = pooled.connection.dbapi_connection.info.backend_pid
    else:
        with app.app_context():
            kept = resting.take()
            assert kept is not None, "the requests before left a connection resting"
            pid = kept.connection.dbapi_connection.info.backend_pid
            resting.keep(kept)
    admin_url = libpq_url(engine.url)
    with psycopg.connect(admin_url, autocommit=True) as admin:
        ended = admin.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0]
    assert ended, "the connection was open"
    time.sleep(PING_AFTER_IDLE * 1.5)  # a restart takes longer than that
    view = client.get(f"/api/v1/games/{table.id}", headers=table.auth(0))
    assert view.status_code == 200, view.json


def crash(*_args, **_kwargs):
    raise RuntimeError("injected")


@pytest.mark.parametrize("keyed", [False, True], ids=["plain", "idempotency-key"])
def test_a_crash_after_the_commit_says_the_change_was_saved(app, client, monkeypatch, keyed):
    table = Table.create(client, join=False)
    path, body, auth = move(table)
    headers = {**auth, **({"Idempotency-Key": str(uuid.uuid4())} if keyed else {})}
    before = rows(app)
    monkeypatch.setattr(observe, "moved", crash)  # runs once the move is committed
    answer = client.post(path, json=body, headers=headers)
    assert (answer.status_code, answer.content_type, answer.json["code"]) == (500, "application/problem+json",
                                                                             "internal_error")
    assert answer.json["saved"] is True and "after the change was saved" in answer.json["detail"]
    assert rows(app)["Event"] == before["Event"] + 1, "the move stands"
    assert table.view(1)["version"] == 1
    if keyed:
        retried = client.post(path, json=body, headers=headers)
        assert retried.status_code == 200 and retried.headers["Idempotent-Replayed"] == "true"
        assert retried.json["version"] == 1


def test_a_crash_before_the_commit_says_nothing_was_saved(app, client, monkeypatch):
    table = Table.create(client, join=False)
    path, body, auth = move(table)
    headers = {**auth, "Idempotency-Key": str(uuid.uuid4())}
    before = rows(app)
    with monkeypatch.context() as patched:
        patched.setattr(writes, "view_response", crash)  # the answer is made before the commit
        answer = client.post(path, json=body, headers=headers)
    assert (answer.status_code, answer.json["code"]) == (500, "internal_error")
    assert "saved" not in answer.json and "nothing was saved" in answer.json["detail"]
    assert rows(app) == before
    retried = client.post(path, json=body, headers=headers)
    assert retried.status_code == 200 and "Idempotent-Replayed" not in retried.headers
