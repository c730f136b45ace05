"""The request's database connection: SQLAlchemy Core on one pooled connection, opened on first
use and given back when the request ends.

The hot requests (polls, views, moves) skip the ORM session: building and tearing one down cost
more than the single query a poll needs. Reads run on this connection, staged writes
(api/transaction.py) commit on it, and whatever a request leaves open is rolled back when it ends.

On PostgreSQL, reads run in autocommit (every connection of the engine does: api/config.py): a
poll is then one round trip (its SELECT) instead of three (BEGIN, SELECT, ROLLBACK). Each read sees
what was committed before it, which is all a read of append-only events and a compare-and-set
write need. `for_writes` opens the one transaction a request's writes commit in.
"""
from flask import g
from sqlalchemy import Connection

from .database import transactional
from .models import db


def get() -> Connection:
    conn = g.get("connection")
    if conn is None:
        conn = g.connection = db.engine.connect()
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
        transactional(conn)


def for_reads(conn: Connection) -> None:
    """Back to the reads' autocommit once the write transaction has ended (PostgreSQL). A read
    after it (a lost race's second look) must not open a transaction on the driver's connection
    that SQLAlchemy does not know of (api/reads.py reads on the driver's cursor)."""
    if conn.get_execution_options().get("isolation_level") not in (None, "AUTOCOMMIT"):  # set by for_writes
        conn.execution_options(isolation_level="AUTOCOMMIT")


def give_back() -> None:
    """End the request's connection (rolling back what it left open); `get` takes a new one."""
    conn = g.pop("connection", None)
    if conn is not None:
        conn.close()


def init_app(app) -> None:
    app.teardown_appcontext(lambda _error: give_back())
