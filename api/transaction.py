"""The request's one write transaction: writes are staged while the request runs and executed
together by `commit`, just before COMMIT.

So no read can flush a half-made write (a unique-key clash always surfaces in `commit`, where it
becomes the caller's 409), nothing is read back after COMMIT, and a compare-and-set that changes no
row (another request was faster) undoes the whole request.
"""
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from functools import partial
from typing import NamedTuple

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import Executable

from . import connection, durable, errors, gate, news
from .context import current_flask_app, current_g
from .models import games_table
from .reads import Prepared

Statement = tuple[Executable, dict | list | None]  # a statement and its parameters


class Write(NamedTuple):
    statement: Executable | Prepared
    params: dict | list | None = None
    must_change: bool = False  # a compare-and-set: changing no row means another request was faster
    news: str | None = None  # a write of a match's row: the head it leaves, as news names it (news.Heard.head)

    def run(self, conn: Connection) -> int:
        """Run on `conn`; the rows it changed."""
        if isinstance(self.statement, Prepared):
            return self.statement.run(conn, self.params or {})
        return conn.execute(self.statement, self.params).rowcount

    @property
    def clause(self) -> Executable:
        return self.statement.statement if isinstance(self.statement, Prepared) else self.statement


def stage(statement: Executable | Prepared, params: dict | list | None = None, must_change: bool = False,
          news: str | None = None) -> None:
    """Add a write to the request's transaction; `commit` runs them in order. `news`: for a write of
    a match's row, the head it leaves, told with the news of the change (else its id alone)."""
    current_g().setdefault("writes", []).append(Write(statement, params, must_change, news))


def discard() -> None:
    """Forget the writes staged so far: the request will stage its writes again."""
    current_g().pop("writes", None)


class _Overtaken(Exception):
    """A compare-and-set changed nothing."""


def commit(conflict: Callable[[], errors.Problem], first: Iterable[Statement] = ()) -> None:
    """Run `first`, then the staged writes, in one transaction and commit; then (on SQLite once the
    request has left the gate and synced its write, api/durable.py) wake the polls waiting on the
    matches it changed. When another request was faster (a compare-and-set that
    changed nothing, a unique-key clash), nothing is written and the Problem `conflict()` is raised."""
    staged = current_g().pop("writes", [])
    writes = [*(Write(statement, params) for statement, params in first), *staged]
    # One statement is atomic by itself: where reads run in autocommit (PostgreSQL), it commits
    # alone, without the round trips of BEGIN and COMMIT.
    conn = connection.get()
    alone = len(writes) == 1 and connection.reads_autocommit(conn)
    queue = current_flask_app().extensions["writers"]  # SQLite's (api/writers.py)
    with queue.turn() if queue is not None else nullcontext() as waited:
        if waited:  # behind another process's writer, stalled for as long as SQLite waits at most?
            gate.refuse_past_cutoff()  # then past its cutoff, this one's own wait would outlast the worker's timeout
        try:
            if not alone:
                connection.for_writes(conn)
            for write in writes:
                if write.run(conn) == 0 and write.must_change:
                    raise _Overtaken
            log = None if alone else durable.commit_unsynced(conn)
        except (IntegrityError, _Overtaken):
            conn.rollback()
            connection.for_reads(conn)
            raise conflict() from None
    errors.note_saved()
    connection.for_reads(conn)
    # For SQLite's processes; on PostgreSQL a trigger announces every change of a match's row
    # at COMMIT, api/writes.py's advance-and-append included.
    notes = {write.news or write.params["match_id"] for write in staged
             if write.clause.is_update and write.clause.table is games_table}
    if log is None:
        news.announce(notes)
    else:  # SQLite's log is synced outside the gate, and the change is news once it is on disk
        gate.after_leaving(partial(_synced, log, notes))


def _synced(log: str, notes: set[str]) -> None:
    durable.sync(log)
    news.announce(notes)
