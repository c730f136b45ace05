"""The request's database connection: SQLAlchemy Core on one pooled connection, opened on first
use and given back when the request ends.

The hot requests (polls, views, moves) skip the ORM session: building and tearing one down cost
more than the single query a poll needs. Reads run on this connection, staged writes
(api/transaction.py) commit on it, and whatever a request leaves open is rolled back when it ends.

A request inside the gate (api/gate.py) takes a connection given back by an earlier one there,
instead of one from the pool: taking a pooled connection and giving it back ran about
940 bytecodes in SQLAlchemy, and a move and the poll it ends took three. A kept connection is left
as the pool would take it back (rolled back, reads in autocommit), and goes back to the pool
instead of serving again when it may be stale (api/database.py's `still_trusted`).

On PostgreSQL, reads run in autocommit (every connection of the engine does: api/config.py): a
poll is then one round trip (its SELECT) instead of three (BEGIN, SELECT, ROLLBACK). Each read sees
what was committed before it, which is all a read of append-only events and a compare-and-set
write need. `for_writes` opens the one transaction a request's writes commit in.
"""
from sqlalchemy import Connection, event, exc

from . import database
from .context import current_g
from .models import db


class Resting:
    """Connections given back by requests inside the gate, kept out of the pool for the next ones
    there, the last given back taken first (as the pool does). As only the requests inside give
    back here, and each holds one connection at most, there are never more than the gate's places."""

    def __init__(self) -> None:
        self._kept: list[Connection] = []

    def take(self) -> Connection | None:
        """The last connection given back, if it may serve (else it goes back to the pool)."""
        try:
            conn = self._kept.pop()  # atomic: another thread may take the last one meanwhile
        except IndexError:
            return None
        if conn.invalidated or not database.still_trusted(conn):
            conn.close()
            return None
        return conn

    def keep(self, conn: Connection) -> None:
        database.resting(conn)
        self._kept.append(conn)

    def close(self) -> None:
        """Close every kept connection, as the engine's disposal closes those of its pool."""
        while self._kept:
            conn = self._kept.pop()
            conn.invalidate()  # closes the driver's connection: a disposed pool would only hold it
            conn.close()


def get() -> Connection:
    request_g = current_g()
    conn = request_g.get("connection")
    if conn is None:
        resting = request_g.get("resting")  # inside the gate (api/gate.py)
        kept = resting.take() if resting is not None else None
        conn = request_g.connection = kept if kept is not None else db.engine.connect()
    return conn


def reads_autocommit(conn: Connection) -> bool:
    """Whether the request's reads run in autocommit (PostgreSQL): a single write there commits alone.
    Asked of the driver's connection, so that an engine set up otherwise still commits every write."""
    return conn.dialect.name == "postgresql" and getattr(conn.connection.driver_connection, "autocommit", False)


def for_writes(conn: Connection) -> None:
    """Open the transaction the request's writes commit in, on its connection `conn` (`for_reads`
    when it has ended)."""
    if reads_autocommit(conn):  # else the reads' transaction on the driver's connection goes on
        conn.rollback()  # ends the reads' autocommit session on our side; nothing is sent
        database.transactional(conn)
    if not conn.in_transaction():
        conn.begin()  # the writes may run on the driver's cursor (api/reads.py), unseen by SQLAlchemy


def for_reads(conn: Connection) -> None:
    """Back to the reads' autocommit once the write transaction has ended (PostgreSQL). A read
    after it (a lost race's second look) must not open a transaction on the driver's connection
    that SQLAlchemy does not know of (api/reads.py reads on the driver's cursor)."""
    if conn.get_execution_options().get("isolation_level") not in (None, "AUTOCOMMIT"):  # set by for_writes
        conn.execution_options(isolation_level="AUTOCOMMIT")


def give_back() -> None:
    """End the request's connection (rolling back what it left open): to the resting ones, inside
    the gate, else to the pool. `get` takes one again."""
    request_g = current_g()
    conn = request_g.pop("connection", None)
    if conn is None:
        return
    resting = request_g.get("resting")
    if resting is not None and _reset(conn):
        resting.keep(conn)
    else:
        conn.close()


def _reset(conn: Connection) -> bool:
    """Leave `conn` as the pool leaves a connection given back to it (api/database.py): its
    transaction rolled back, the driver's too (after a failed COMMIT SQLite may keep one open that
    SQLAlchemy has ended), and its reads in autocommit again. False if it cannot serve again."""
    if conn.invalidated:
        return False
    try:
        if conn.get_transaction() is not None:  # also one a failed COMMIT left inactive
            conn.rollback()
        conn.connection.dbapi_connection.rollback()  # type: ignore[union-attr]  # a live connection has one
        for_reads(conn)
    except (exc.SQLAlchemyError, conn.dialect.loaded_dbapi.Error):
        conn.invalidate()
        return False
    return True


def init_app(app) -> None:
    """After the gate and the database (api/__init__.py)."""
    app.teardown_appcontext(lambda _error: give_back())
    with app.app_context():
        engine = db.engine
    resting = app.extensions["gate"].resting
    event.listen(engine, "engine_disposed", lambda _engine: resting.close())
