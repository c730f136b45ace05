"""The database engine's listeners: SQLite tuned on connect, every connection rolled back when
given back to the pool, a PostgreSQL connection that sat idle pinged before use, and lost
connections counted; when a connection kept out of the pool (api/connection.py) may serve again;
and `transactional`, for a connection whose statements must commit together."""
import os
import time
from pathlib import Path

from flask import Flask
from sqlalchemy import Connection, event, exc

from . import durable, writers
from .models import db


def init_app(app: Flask) -> None:
    """Listen on the engine of `app`'s database (after db.init_app)."""
    with app.app_context():
        engine = db.engine
    _tune_sqlite(engine, app.config["SQLITE_SYNCHRONOUS"])
    app.extensions["writers"] = writers.for_engine(engine)
    _always_roll_back(engine)
    _ping_when_idle(engine)
    _count_losses(engine)
    _remove_sessions_held(app)


def file_identity(path: str) -> tuple[int, int] | None:
    """The (device, inode) of the file at `path`; None when there is none."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def file_lost(conn: Connection) -> str | None:
    """The SQLite file `conn` writes to, if it is no longer at its path: removed, or replaced by another file. The
    connection writes on to the file it opened, unseen by any process started later, and lost once it closes."""
    driver = conn.connection.driver_connection
    if not isinstance(driver, durable.SyncingConnection) or driver.path is None:
        return None  # PostgreSQL, or SQLite in memory
    return driver.path if file_identity(driver.path) != driver.opened else None


def _remove_sessions_held(app: Flask) -> None:
    """Flask-SQLAlchemy removes the context's ORM session at the end of every request and app
    context. The hot requests use none (api/connection.py), yet asking whether the context holds
    one runs about 70 bytecodes, through werkzeug's proxies. Here the removal runs only when some
    context of the process holds a session; when none does, it would find none to remove."""
    held = db.session.registry.registry  # the sessions by context (a dict: sqlalchemy's ScopedRegistry)

    def remove_if_held(error: BaseException | None) -> None:
        if held:
            db._teardown_session(error)

    funcs = app.teardown_appcontext_funcs
    funcs[funcs.index(db._teardown_session)] = remove_if_held


def transactional(conn: Connection) -> Connection:
    """`conn`, its statements in transactions again (committed by `conn.commit()`): PostgreSQL's
    connections autocommit (api.config.engine_options). The pool sets them back when they return."""
    if conn.dialect.name == "postgresql":
        conn.execution_options(isolation_level=conn.default_isolation_level)
    return conn


def _always_roll_back(engine) -> None:
    """Roll back every connection given back to the pool. After a failed COMMIT (a full disk, a
    lock) SQLite may keep the transaction open, and SQLAlchemy then skips its rollback on return:
    the next request's commit on that connection would save the failed request's writes."""

    @event.listens_for(engine, "reset")
    def on_reset(dbapi_connection, _record, state):
        if state.transaction_was_reset and not state.terminate_only:
            dbapi_connection.rollback()


PING_AFTER_IDLE = 0.5  # seconds a pooled PostgreSQL connection may sit unused and still be trusted
# In a connection's info while it is unused: since when, and how many connections this process had
# found lost by then (api/connection.py's `Resting` keeps connections out of the pool).
IDLE_SINCE, LOSSES_SEEN = "idle_since", "losses_seen"
losses = 0  # connections this process found lost: a server restart or a failover ends them all


def resting(conn: Connection) -> None:
    """`conn` goes unused from now on, kept out of the pool: its idle time counts from now, as for
    a connection given back to the pool."""
    conn.connection.info.update({IDLE_SINCE: time.monotonic(), LOSSES_SEEN: losses})


def still_trusted(conn: Connection) -> bool:
    """Whether a kept connection may serve again without the pool's checks: no connection was
    found lost since it was kept (SQLAlchemy then drops the whole pool, and each kept connection
    goes back to it to be replaced), and on PostgreSQL it sat unused for less than PING_AFTER_IDLE.
    One that may not goes back to the pool with its idle time, so that the pool's checkout pings it."""
    info = conn.connection.info
    idle_since, seen = info.pop(IDLE_SINCE), info.pop(LOSSES_SEEN)
    if seen == losses and (conn.dialect.name == "sqlite" or time.monotonic() - idle_since <= PING_AFTER_IDLE):
        return True
    info[IDLE_SINCE] = idle_since
    return False


def _count_losses(engine) -> None:
    @event.listens_for(engine, "handle_error")
    def on_error(context):
        if context.is_disconnect:
            _lost()


def _lost() -> None:
    global losses
    losses += 1


def _ping_when_idle(engine) -> None:
    """pool_pre_ping's check (a SELECT 1 round trip, and on a dead connection a fresh pool), for a
    connection that sat unused for PING_AFTER_IDLE: one that went stale in a restart, a failover or
    an idle-connection reaper. A connection in steady use skips the round trip; if its server
    went away meanwhile, the request that finds out answers 503 and SQLAlchemy drops the whole
    pool, as the fault tests check."""
    if engine.dialect.name == "sqlite":
        return

    @event.listens_for(engine, "checkin")
    def on_checkin(_dbapi_connection, record):
        record.info.setdefault(IDLE_SINCE, time.monotonic())  # a kept connection has been idle for longer

    @event.listens_for(engine, "checkout")
    def on_checkout(dbapi_connection, record, _proxy):
        idle_since = record.info.pop(IDLE_SINCE, None)  # none yet: a fresh connection
        if idle_since is not None and time.monotonic() - idle_since > PING_AFTER_IDLE:
            try:
                engine.dialect.do_ping(dbapi_connection)
            except engine.dialect.loaded_dbapi.Error as error:
                if not engine.dialect.is_disconnect(error, dbapi_connection, None):
                    raise
                _lost()
                raise exc.InvalidatePoolError() from error  # the pool reconnects, as pool_pre_ping would


def _tune_sqlite(engine, synchronous: str) -> None:
    """WAL lets readers and one writer work at once; foreign keys make deletes cascade. With
    SQLITE_SYNCHRONOUS=FULL the log is synced after each COMMIT rather than in it (api/durable.py),
    which only a database in WAL mode allows: one that cannot be (in memory, or on a file system
    without shared memory) syncs in its COMMITs."""
    if engine.dialect.name != "sqlite":
        return
    database = engine.url.database
    if database not in (None, "", ":memory:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)
        database = os.path.abspath(database)

    @event.listens_for(engine, "connect")
    def on_connect(connection, _record):
        cursor = connection.cursor()
        in_wal = cursor.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
        syncs_after = in_wal and synchronous == "FULL" and isinstance(connection, durable.SyncingConnection)
        if syncs_after:
            connection.log = f"{database}-wal"
        if database not in (None, "", ":memory:") and isinstance(connection, durable.SyncingConnection):
            connection.path, connection.opened = database, file_identity(database)
        # (its busy timeout is the connection's `timeout`, api/config.py's SQLITE_BUSY_TIMEOUT: sqlite3 sets it)
        for pragma in (f"synchronous={'NORMAL' if syncs_after else synchronous}", "foreign_keys=ON"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()
