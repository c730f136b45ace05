"""Each request kind of a two-seat ADD UP match, with the SQL it runs (tests/sqlcount.py's hook)
and, on PostgreSQL, the round trips it makes.

`per_request_kind(client)` plays create, join, a move, a 200 view, a 304 poll of the view and a 304
poll of the log on a new match, through the HTTP API only (so it holds while the internals change),
and records each once in its usual steady state: bench/bench.py and bench/load.py print the counts
beside the budget that tests/api/test_statements.py holds.

The SQL hook sees the statements the app runs, not every wait on the database: on PostgreSQL the
pool's pre-ping, the BEGIN psycopg sends before a transaction's first statement and the ROLLBACK
that ends a read are round trips too. `RoundTrips` counts them from libpq's own trace of each
connection: every simple Query and every Sync of the extended protocol waits for the server.
"""
import os
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import event

from api.models import db
from tests.api.play import bearer, first_legal
from tests.sqlcount import statements


@dataclass
class Recorded:
    response: object
    statements: list[str]  # SQL in order, "COMMIT" for each commit
    round_trips: list[str] | None = None  # on PostgreSQL: each wait for the server, as libpq traced it


class RoundTrips:
    """Traces every connection `app`'s engine hands out (psycopg on PostgreSQL only)."""

    def __init__(self, app):
        with app.app_context():
            self.engine = db.engine
        self.trace = tempfile.TemporaryFile("w+")
        self.traced = []
        event.listen(self.engine, "checkout", self._trace)

    def _trace(self, dbapi_connection, _record, _proxy):
        if not any(traced is dbapi_connection for traced in self.traced):
            dbapi_connection.pgconn.trace(self.trace.fileno())
            self.traced.append(dbapi_connection)

    @contextmanager
    def counting(self):
        """Yield a list that fills, once the block ends, with each round trip made inside it."""
        start = os.fstat(self.trace.fileno()).st_size
        trips: list[str] = []
        yield trips
        with open(self.trace.fileno(), closefd=False) as trace:
            trace.seek(start)
            for line in trace.read().splitlines():
                fields = line.split("\t")  # time, F(rontend) or B(ackend), length, message, contents
                if len(fields) > 3 and fields[1] == "F" and fields[3].startswith(("Query", "Sync")):
                    trips.append(_named(fields[4].strip().strip('"')) if fields[3].startswith("Query") else "statement")

    def close(self) -> None:
        event.remove(self.engine, "checkout", self._trace)
        for connection in self.traced:
            if not connection.closed:
                connection.pgconn.untrace()
        self.trace.close()


def record(client, method: str, path: str, trips: RoundTrips | None = None, **kw) -> Recorded:
    """Send one request with the test client (`kw` as for `client.open`), recording its SQL (and
    with `trips`, its round trips)."""
    with statements(client.application) as ran, (trips.counting() if trips else _nothing()) as waits:
        response = client.open(path, method=method, **kw)
    return Recorded(response, ran, waits)


def _named(query: str) -> str:
    """A simple query as the table shows it: ";" is the pool's pre-ping (SQLAlchemy's for psycopg)."""
    return "pre-ping" if query == ";" else query[:40]


@contextmanager
def _nothing():
    yield None


def per_request_kind(client, trips: RoundTrips | None = None) -> dict[str, Recorded]:
    """Each request kind of a two-seat ADD UP match, recorded once in its usual steady state."""
    kinds = {}
    kinds["create"] = created = record(client, "POST", "/api/v1/games", trips,
                                       json={"game": "addup", "seats": 2, "name": "Ann"})
    body = created.response.get_json()
    game, first = f"/api/v1/games/{body['game']['id']}", bearer(body["token"])
    kinds["join"] = joined = record(client, "POST", f"{game}/seats", trips, json={"invite": body["invite"], "name": "Bob"})
    seats = {0: first, 1: bearer(joined.response.get_json()["token"])}
    view = client.get(game, headers=first).get_json()
    mover = seats[view["turn"]]
    mine = client.get(game, headers=mover).get_json()
    kinds["move"] = record(client, "POST", f"{game}/moves", trips, headers=mover,
                           json={"version": mine["version"], "move": first_legal(mine)})
    kinds["view 200"] = view = record(client, "GET", game, trips, headers=first)
    kinds["view 304"] = record(client, "GET", game, trips,
                               headers={**first, "If-None-Match": view.response.headers["ETag"]})
    feed = f"{game}/moves?after={view.response.get_json()['version']}"
    log = client.get(feed, headers=first)
    kinds["log 304"] = record(client, "GET", feed, trips, headers={**first, "If-None-Match": log.headers["ETag"]})
    return kinds
