"""On SQLite, the writers of every process on the machine take turns in a queue the kernel keeps.

SQLite lets one connection write at a time. A writer that finds the lock taken is backed off by
SQLite's busy handler, which sleeps 1, 2, 5, 10, ... ms between tries, while a move holds the lock
for a fraction of a millisecond (its UPDATE, INSERT and COMMIT). With one request at a time per
process on SQLite (api/gate.py), the sleeping writer holds its process's place meanwhile. Under
issue 12's load at K = 32 the two workers slept about 850 times in 4 s, a sixth of their time, with
a fifth of the two cores idle (docs/PERFORMANCE.md).

So a request's writes first take an exclusive `flock` on a file beside the database
(`<database>-writers`), and the kernel wakes the next writer as soon as the lock is given back.
Threads of one process take turns on a lock of their own first: a descriptor's `flock` is the
process's, not the thread's. SQLite's busy handler still backs off writers that do not queue here
(the command line, a migration, another program).

The turn is waited for without a deadline: a writer that had to wait may have waited for another
process's writer stalled for SQLite's whole busy timeout, so entering it says whether it waited,
and the request then checks its cutoff before waiting on the database (api/transaction.py).
"""
import fcntl
import os
import threading

AT_ONCE = fcntl.LOCK_EX | fcntl.LOCK_NB  # the turn if it is free, else BlockingIOError


class Queue:
    """The writers' turns on one SQLite file."""

    def __init__(self, database: str):
        self.path = f"{database}-writers"
        self._in_process = threading.Lock()
        self._fd: int | None = None
        self._pid: int | None = None  # the process that opened `_fd`
        self._held = -1  # the descriptor locked by the turn being held

    def turn(self) -> "Queue":
        """The database's write turn, held for a `with` block: entering it waits in the queue. (The
        queue is its own context manager, not a generator under contextlib's `contextmanager`: every
        move enters it, and contextlib's wrapper runs about 70 bytecodes more.)"""
        return self

    def __enter__(self) -> bool:
        """Whether the turn was waited for: another process's writer had it, for as long as its
        database work may take (SQLite's busy timeout behind a lock held from outside)."""
        self._in_process.acquire()
        try:
            self._held = self._descriptor()  # this thread's alone while it holds `_in_process`
            try:
                fcntl.flock(self._held, AT_ONCE)
            except BlockingIOError:
                fcntl.flock(self._held, fcntl.LOCK_EX)  # waits in the kernel, the interpreter let go
                return True
        except BaseException:
            self._in_process.release()
            raise
        return False

    def __exit__(self, *_exc) -> None:
        try:
            fcntl.flock(self._held, fcntl.LOCK_UN)
        finally:
            self._in_process.release()

    def _descriptor(self) -> int:
        """This process's own open file: a forked worker must not share its parent's, whose lock
        would then be theirs together."""
        if self._fd is None or self._pid != os.getpid():
            if self._fd is not None:
                os.close(self._fd)
            self._fd, self._pid = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600), os.getpid()
        return self._fd


def for_engine(engine) -> Queue | None:
    """The queue of `engine`'s database: SQLite on a file only (a database in memory is one process's)."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or database in (None, "", ":memory:"):
        return None
    return Queue(os.path.abspath(database))
