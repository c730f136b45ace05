"""The SQL statements one request runs, counted by SQLAlchemy's engine events, in process.

`statements(client, "GET", path, headers=...)` sends one request through a Flask test client and
returns what the app's engine sent to the database: each executed statement's SQL, plus `"COMMIT"`
for each commit. Rollbacks are counted apart (`record(...).rollbacks`): every request ends its
session with one, and whether that costs a round trip depends on the backend (on SQLite a
read-only transaction never began; on PostgreSQL psycopg began one with the first statement, so
its BEGIN and ROLLBACK are round trips too). A pool's pre-ping is not an engine event and is not
counted.

`per_request_kind(client)` plays the request kinds the budget is about (create, join, a 200 view,
a 304 poll of the view, a move, a 304 of the log, ...) on a new two-seat ADD UP match, and records
each. It talks to the app only through its HTTP API, so it holds while the internals change.
"""
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import event

from api.models import db
from tests.api.play import bearer, first_legal


@dataclass
class Recorded:
    response: object
    statements: list[str] = field(default_factory=list)  # SQL in order, "COMMIT" for each commit
    rollbacks: int = 0


@contextmanager
def recording(engine):
    """Collect, while inside, every statement and commit `engine` runs (in a Recorded)."""
    seen = Recorded(None)

    def on_execute(_conn, _cursor, statement, _parameters, _context, _executemany):
        seen.statements.append(" ".join(statement.split()))

    def on_commit(_conn):
        seen.statements.append("COMMIT")

    def on_rollback(_conn):
        seen.rollbacks += 1

    hooks = [("before_cursor_execute", on_execute), ("commit", on_commit), ("rollback", on_rollback)]
    for name, hook in hooks:
        event.listen(engine, name, hook)
    try:
        yield seen
    finally:
        for name, hook in hooks:
            event.remove(engine, name, hook)


def record(client, method: str, path: str, **kw) -> Recorded:
    """Send one request with the test client (`kw` as for `client.open`), recording its SQL."""
    with client.application.app_context():
        engine = db.engine
    with recording(engine) as seen:
        seen.response = client.open(path, method=method, **kw)
    return seen


def statements(client, method: str, path: str, **kw) -> list[str]:
    """The SQL one request runs: each statement's text, and "COMMIT" for each commit."""
    return record(client, method, path, **kw).statements


def per_request_kind(client) -> dict[str, Recorded]:
    """Each request kind of a two-seat ADD UP match, recorded once in its usual steady state."""
    kinds = {}
    kinds["create"] = created = record(client, "POST", "/api/v1/games",
                                       json={"game": "addup", "seats": 2, "name": "Ann"})
    body = created.response.get_json()
    game, first = f"/api/v1/games/{body['game']['id']}", bearer(body["token"])
    kinds["join"] = joined = record(client, "POST", f"{game}/seats", json={"invite": body["invite"], "name": "Bob"})
    seats = {0: first, 1: bearer(joined.response.get_json()["token"])}
    view = client.get(game, headers=first).get_json()
    mover = seats[view["turn"]]
    mine = client.get(game, headers=mover).get_json()
    kinds["move"] = record(client, "POST", f"{game}/moves", headers=mover,
                           json={"version": mine["version"], "move": first_legal(mine)})
    kinds["view 200"] = view = record(client, "GET", game, headers=first)
    kinds["view 304"] = record(client, "GET", game, headers={**first, "If-None-Match": view.response.headers["ETag"]})
    feed = f"{game}/moves?after={view.response.get_json()['version']}"
    log = client.get(feed, headers=first)
    kinds["log 304"] = record(client, "GET", feed, headers={**first, "If-None-Match": log.headers["ETag"]})
    return kinds
