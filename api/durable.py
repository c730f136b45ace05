"""On SQLite, every write is on disk before it is answered, without holding the database's write
lock or the process's place (api/gate.py) while the disk syncs.

SQLite's `synchronous=FULL` syncs the write-ahead log inside COMMIT: for the whole sync (half a
millisecond on these machines) the writer holds the write lock that every other process's writer
queues for (api/writers.py), and its process's one place, so that no other request of its
process runs. Here connections run `synchronous=NORMAL`, which in WAL mode is safe from corruption
but leaves the log unsynced at COMMIT, and the log is synced after COMMIT instead:

- a request's writes (api/transaction.py) sync once the request has left the gate, before its
  answer's first byte and before the news of its change goes out;
- any other commit (the command line, the push worker, a migration) syncs at once, in `commit`.

A sync of the log file flushes every frame written to it so far, so each write is on disk when it
is answered, as with FULL. When the log is gone by then, the last connection closed and SQLite
checkpointed it into the database, syncing the database first. (Other requests may read a write
during its sync, as they may read a PostgreSQL commit the moment it is made: whoever answers a
client has synced first.)
"""
import os
import sqlite3

from sqlalchemy import Connection


class SyncingConnection(sqlite3.Connection):
    """sqlite3's connection (the engine's `factory`, api/config.py) whose commit syncs the log.
    `log` is the log's path, set on connect (api/database.py) when writes must be synced."""

    log: str | None = None
    path: str | None = None  # the database file, and its (device, inode) when opened (api/database.py): None in memory
    opened: tuple[int, int] | None = None
    later = False  # a request's commit: `commit_unsynced` syncs after the request leaves the gate

    def commit(self) -> None:
        wrote = self.in_transaction
        super().commit()
        if wrote and self.log is not None and not self.later:
            sync(self.log)


def commit_unsynced(conn: Connection) -> str | None:
    """Commit `conn`'s transaction; the log to `sync` before answering (None: nothing to sync)."""
    driver = conn.connection.driver_connection
    # no log on PostgreSQL, in memory, or with SQLITE_SYNCHRONOUS=NORMAL
    if not isinstance(driver, SyncingConnection) or driver.log is None or not driver.in_transaction:
        conn.commit()
        return None
    driver.later = True
    try:
        conn.commit()
    finally:
        driver.later = False
    return driver.log


class NotOnDisk(Exception):
    """A write committed whose sync failed: it may or may not last. Not an OSError, which gunicorn's
    worker would take for the client's socket failing and answer nothing (serving.py answers `503
    not_on_disk`)."""


def sync(log: str) -> None:
    """Flush the write-ahead log at `log` to the disk."""
    try:
        descriptor = os.open(log, os.O_RDONLY)
    except FileNotFoundError:
        return  # checkpointed into the database, which SQLite synced first
    try:
        os.fsync(descriptor)
    except OSError as error:
        raise NotOnDisk(f"{log}: {error}") from error
    finally:
        os.close(descriptor)
