"""The request's database connection: SQLAlchemy Core on one pooled connection, opened on first
use and given back when the request ends.

The hot requests (polls, views, moves) skip the ORM session: building and tearing one down cost
more than the single query a poll needs. Reads run on this connection, staged writes
(api/transaction.py) commit on it, and whatever a request leaves open is rolled back when it ends.

On PostgreSQL, reads run in autocommit: a poll is then one round trip (its SELECT) instead of
three (BEGIN, SELECT, ROLLBACK). Each read sees what was committed before it, which is all a read
of append-only events and a compare-and-set write need. `for_writes` opens the one transaction a
request's writes commit in.
"""
from flask import g
from sqlalchemy import Connection

from .models import db


def get() -> Connection:
    conn = g.get("connection")
    if conn is None:
        conn = g.connection = db.engine.connect()
        if conn.dialect.name == "postgresql":
            conn.execution_options(isolation_level="AUTOCOMMIT")
    return conn


def reads_autocommit() -> bool:
    """Whether the request's reads run in autocommit (PostgreSQL): a single write there commits alone."""
    return get().dialect.name == "postgresql"


def for_writes() -> Connection:
    """The request's connection, now in a transaction of its own (`for_reads` when it has ended)."""
    conn = get()
    if conn.dialect.name == "postgresql":
        conn.rollback()  # ends the reads' autocommit session on our side; nothing is sent
        conn.execution_options(isolation_level=conn.default_isolation_level)
    return conn


def for_reads() -> None:
    """Back to the reads' autocommit once the write transaction has ended (PostgreSQL). A read
    after it (a lost race's second look) must not open a transaction on the driver's connection
    that SQLAlchemy does not know of (api/reads.py reads on the driver's cursor)."""
    conn = get()
    if conn.dialect.name == "postgresql" and conn.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
        conn.execution_options(isolation_level="AUTOCOMMIT")


def give_back() -> None:
    """End the request's connection (rolling back what it left open); `get` takes a new one."""
    conn = g.pop("connection", None)
    if conn is not None:
        conn.close()


def init_app(app) -> None:
    app.teardown_appcontext(lambda _error: give_back())
