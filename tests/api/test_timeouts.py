"""Every wait on the database is bounded: a table locked by another connection, a statement that
runs too long, or a server that accepts connections and never answers is a 503 problem with
Retry-After within seconds (not a request hung until gunicorn kills its worker), and the next
request succeeds once the database is free again."""
import socket
import uuid
from contextlib import contextmanager

import psycopg
import pytest
from sqlalchemy.engine import make_url

from api import create_app
from api.models import db
from bench.server import libpq_url

from .play import Table
from .test_retries import create, move


def view(table: Table):
    return "GET", f"/api/v1/games/{table.id}", None, table.auth(0)


def posted(request_for):
    def build(table: Table):
        return ("POST", *request_for(table))
    build.__name__ = request_for.__name__
    return build


WAITS = {"lock timeout": {"DATABASE_LOCK_TIMEOUT": 0.3, "DATABASE_STATEMENT_TIMEOUT": 30},
         "statement timeout": {"DATABASE_LOCK_TIMEOUT": 30, "DATABASE_STATEMENT_TIMEOUT": 0.3}}


@pytest.fixture(scope="module", params=sorted(WAITS))
def impatient(request, app):
    """The app on the test database with one short PostgreSQL wait."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if make_url(url).get_backend_name() != "postgresql":
        pytest.skip("PostgreSQL's own timeouts (SQLite waits its busy timeout: test_faults.py)")
    impatient = create_app({"SQLALCHEMY_DATABASE_URI": url, "TESTING": True, "RATELIMIT_ENABLED": False,
                            **WAITS[request.param]})
    impatient.test_client_class = app.test_client_class
    yield impatient
    with impatient.app_context():
        db.engine.dispose()


@contextmanager
def locked(url: str, table: str):
    """Another connection holds `table` in ACCESS EXCLUSIVE mode (as a long migration would)."""
    with psycopg.connect(libpq_url(url)) as holder:
        holder.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
        yield


@pytest.mark.parametrize("table_name, request_for", [  # (a view of a known match reads no event)
    ("events", posted(move)), ("games", view), ("games", posted(move)), ("games", posted(create))])
def test_a_locked_table_is_a_503_then_the_request_succeeds(client, impatient, table_name, request_for):
    client = impatient.test_client()
    method, path, body, auth = request_for(Table.create(client, join=False))
    headers = {**auth, "Idempotency-Key": str(uuid.uuid4())} if method == "POST" else auth
    with locked(impatient.config["SQLALCHEMY_DATABASE_URI"], table_name):
        waited = client.open(path, method=method, json=body, headers=headers)
    assert (waited.status_code, waited.content_type) == (503, "application/problem+json")
    assert waited.json["code"] == "database_unavailable" and int(waited.headers["Retry-After"]) >= 1
    again = client.open(path, method=method, json=body, headers=headers)
    assert again.status_code in (200, 201) and "Idempotent-Replayed" not in again.headers, again.json


def test_a_server_that_never_answers_is_a_503():
    """A PostgreSQL that accepts the connection and then says nothing (frozen, or a black hole)."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # the kernel completes the handshake; nobody ever reads or writes
        port = silent.getsockname()[1]
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"postgresql+psycopg://addgames@127.0.0.1:{port}/addgames",
                          "TESTING": True, "DATABASE_CONNECT_TIMEOUT": 1})
        health = app.test_client().get("/api/v1/health")
        with app.app_context():
            db.engine.dispose()
    assert (health.status_code, health.content_type) == (503, "application/problem+json")
    assert health.json["code"] == "database_unavailable" and int(health.headers["Retry-After"]) >= 1
