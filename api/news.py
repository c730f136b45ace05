"""News of a match: a poll that may wait for the match to change (long polling).

A client that sends `If-None-Match` with `Prefer: wait=N` (RFC 7240) on a match's view is answered
as soon as the match changes, or with a 304 after N seconds (at most MAX_WAIT): one request per
change instead of one every few seconds, and the news arrives at once. While it waits, the
request holds a thread but no database connection.

Nothing here is a source of truth. A waiting request learns *that* its match may have changed,
and then asks the database (one indexed query), unless the news says all it needs: that a row its
process remembers is the match's newest, or the move that follows the one it keeps (`Heard`). So a
lost or spurious message costs at most a re-check, and waiters re-check every `POLL_RECHECK`
seconds in any case. How the news of a commit reaches every process:

- PostgreSQL: a trigger on `games` (migrations 0007, 0010 and 0011) sends `NOTIFY addgames_news,
  '<match id> <version> <seating> <rematch>[ <step>]'` with every change of a match's row (a move,
  a seat taken, freed or given a new link, a rematch), delivered at COMMIT to every instance; the
  step (`of_change`) is the row's new status, turn and time of the move, and the events it added.
  A row deleted (migration 0013) is news of the match alone. Each process LISTENs on one
  connection of its own, outside the pool.
- SQLite (one machine): after a commit that changed or deleted a match's row, the writing process
  (the cleanup's too) sends the match id (and, for a move, the head it left and its step) as a
  datagram to every process's Unix socket in a folder named after the database file; each process
  that has a waiter binds one there.

Each process keeps only the list of its waiting requests (`board`), and at most
POLL_WAITERS wait at once: past that a poll is answered at once, as without `Prefer`.
"""
import enum
import hashlib
import logging
import os
import queue
import re
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import orjson

from . import gate, pace
from .context import current_flask_app, current_request
from .matches import EventRow
from .models import as_utc

if TYPE_CHECKING:
    from engine.events import Entry

    from .matches import MatchRow

# News as `Heard.hear` takes it: a match id, its head, and the step a change with events took.
NEWS = re.compile(r"([A-Za-z0-9_-]{1,64})(?: (\d{1,18}) (\d{1,18}) ([01])"
                  r"(?: ([a-z]{1,8} (?:\d{1,9}|-) [0-9T:.-]{26} \[.*\]))?)?", re.DOTALL)
NEWS_BYTES = 8000  # at most: PostgreSQL's limit on a NOTIFY's payload, and the datagrams of SQLite's news
MAX_WAIT = 20  # seconds: below gunicorn's request timeout (25 s) and the 30 s after which PaaS routers give up
# Seconds a poll's wait ends before its cutoff (api/gate.py), for it to come back in at the gate in
# ordinary times. So a poll waits until 25 - 1 - 2 = 22 s of its worker's timeout less the database's
# longest wait (api/config.py `longest_wait`): 12 s on SQLite, 14 s on PostgreSQL by default.
GATE_SPARE = 2
CHANNEL = "addgames_news"
_PREFER_WAIT = re.compile(r"(?:^|[,;\s])wait\s*=\s*\"?(\d{1,6})\"?", re.IGNORECASE)

log = logging.getLogger(__name__)
T = TypeVar("T")


def preferred_wait() -> int:
    """The seconds `Prefer: wait=N` asks for, capped at MAX_WAIT; 0 without it. An unreadable
    preference is ignored, as RFC 7240 asks."""
    found = _PREFER_WAIT.search(current_request().environ.get("HTTP_PREFER", ""))  # as its headers have it
    return min(int(found.group(1)), MAX_WAIT) if found else 0


class Signal:
    """A waiter's news: a `threading.Event` whose wait takes the news, in a queue whose every step
    runs in C. An Event runs a `threading.Condition`: 160 bytecodes of Python more for a poll that
    waits (bench/opcodes.py), and more for its wake-up. Only its own request waits for it."""

    def __init__(self) -> None:
        self._news: queue.SimpleQueue[None] = queue.SimpleQueue()

    def set(self) -> None:
        self._news.put(None)

    def wait(self, timeout: float) -> bool:
        """Whether news came (since the last `clear`) within `timeout` seconds."""
        try:
            self._news.get(timeout=timeout)
        except queue.Empty:
            return False
        return True

    def clear(self) -> None:
        while not self._news.empty():
            self._news.get_nowait()


class Board:
    """The requests of this process waiting for news, by match id."""

    def __init__(self):
        self._lock = threading.Lock()
        self._waiting: dict[str, set[Signal]] = {}
        self.count = 0  # waiters, of every match: kept as they come and go, not summed at each join
        self.closed = False

    def join(self, match_id: str, limit: int) -> Signal | None:
        """A new waiter for `match_id`, or None when `limit` wait already or the process is stopping."""
        signal = Signal()
        with self._lock:
            if self.closed or self.count >= limit:
                return None
            self._waiting.setdefault(match_id, set()).add(signal)
            self.count += 1
        return signal

    def leave(self, match_id: str, signal: Signal) -> None:
        with self._lock:
            signals = self._waiting.get(match_id)
            if signals is not None and signal in signals:
                signals.remove(signal)
                self.count -= 1
                if not signals:
                    del self._waiting[match_id]

    def wake(self, match_id: str) -> None:
        with self._lock:
            for signal in self._waiting.get(match_id, ()):
                signal.set()

    def wake_all(self) -> None:
        """News may have been lost: every waiter re-checks its match."""
        with self._lock:
            for signals in self._waiting.values():
                for signal in signals:
                    signal.set()

    def close(self) -> None:
        """The process is stopping: every waiter answers now, and none may start."""
        with self._lock:
            self.closed = True
        self.wake_all()


board = Board()


class Heard:
    """The last news this process heard of each match, while it hears every change of every match
    (while it listens: a lost listening connection, or a datagram dropped, makes it forget). News
    names the match's head as the change left it (PostgreSQL's trigger, migration 0010, and SQLite's
    moves; SQLite's other changes name their match alone), so a row this process remembers whose
    head is the one last heard of is the match's row now, short of news on its way: a waiting poll
    may start from it (api/games.py) and re-read the match before it ends, as any wait does when
    news is late or lost. News of a move also carries it (`of_change`): a process that keeps the
    match as it was before steps to the row and state after it without reading (`step_after`).
    The news is the trigger's, written from the rows the move committed; whoever may send such news
    may connect to the database, and so write its rows too.

    Direct-mapped: each match id hashes to one of SLOTS places, which keeps the last news of a match
    hashing there. News of another match only evicts it: a row is then not known to be the newest,
    never wrongly taken for it."""

    SLOTS = 4096

    def __init__(self) -> None:
        # Per place, the head last heard and the step that news carried, if any.
        self._slots: list[tuple[str, str | None] | None] = [None] * self.SLOTS
        self._lock = threading.Lock()  # the listening thread hears, and a request's thread notes its move
        self.complete = False  # every change is heard from now on

    def hear(self, news: str) -> str | None:
        """Note news ('<match id>[ <version> <seating> <rematch>[ <step>]]'); the match id, or None when
        the news says nothing new: its waiters need not be woken. That is news of the head last heard
        (a move this process made, noted as it committed), or of an earlier version: it came late
        (SQLite's processes announce after their COMMIT, in whatever order their threads get there).
        News of another shape is none of this service's (anyone who may connect to the database may
        NOTIFY its channel): it is logged and ignored, None, rather than end the thread that listens."""
        found = NEWS.fullmatch(news)
        if found is None:
            log.warning("news: ignored %r, not news of a match", news[:100])
            return None
        match_id, version, step = found[1], found[2], found[5]
        place = hash(match_id) % self.SLOTS
        head = news if step is None else news[:found.start(5) - 1]
        with self._lock:
            last = (self._slots[place] or ("",))[0]
            known = last.split(" ")
            if version and len(known) == 4 and known[0] == match_id and (int(known[1]) > int(version) or last == head):
                return None
            self._slots[place] = head, step
        return match_id

    def committed(self, match: "MatchRow") -> bool:
        """`match` as a move this process committed left it: heard at once when the news last heard
        of the match is of an earlier version, and differs in nothing else; whether it was. The
        mover's next poll, sent as soon as the move is answered, often comes before the move's news
        (which says the same). Anything else heard (a later version, a seat that changed hands, news
        of the match alone) is left to the news."""
        if not self.complete:
            return False
        place, head = hash(match.id) % self.SLOTS, self.head(match).split(" ")
        with self._lock:
            last = (self._slots[place] or ("",))[0].split(" ")
            if _same_but_version(last, head) and int(last[1]) < match.version:
                self._slots[place] = " ".join(head), None
                return True
        return False

    @staticmethod
    def head(match: "MatchRow") -> str:
        """A match's head as news names it."""
        return f"{match.id} {match.version} {match.seating} {int(match.rematch_id is not None)}"

    def restart(self, complete: bool) -> None:
        """Forget what was heard: news may have been lost; `complete`: every change is heard from now."""
        self.complete = False
        with self._lock:
            self._slots = [None] * self.SLOTS
        self.complete = complete

    def is_newest(self, match: "MatchRow") -> bool:
        """Whether `match` has the head last heard of its match, and every change is heard."""
        slot = self._slots[hash(match.id) % self.SLOTS]
        return self.complete and slot is not None and slot[0] == self.head(match)

    def step_after(self, match: "MatchRow") -> "tuple[MatchRow, tuple[EventRow, ...]] | None":
        """The row that the change after `match` left and its events, when the news last heard of the
        match carries them (`of_change`): news of a change whose events are numbered from the version
        after `match`'s, and which left its seating and rematch as they were."""
        slot = self._slots[hash(match.id) % self.SLOTS] if self.complete else None
        if slot is None or slot[1] is None:
            return None
        heard = slot[0].split(" ")
        if not _same_but_version(heard, self.head(match).split(" ")):
            return None
        version = int(heard[1])
        status, turn, moved_at, steps = slot[1].split(" ", 3)
        try:
            later = tuple(EventRow(seq, seat, kind, move, _utc(at)) for seq, seat, kind, move, at in orjson.loads(steps))
        except (ValueError, TypeError):  # not as the trigger writes them: read the match instead
            log.warning("news: ignored the events of %r", slot[0])
            return None
        if [event.seq for event in later] != list(range(match.version + 1, version + 1)):
            return None
        return match.changed(version=version, status=status, turn=None if turn == "-" else int(turn),
                             moved_at=_utc(moved_at), time_per_move=pace.after(match.time_per_move, later)), later


def _same_but_version(heard: list[str], head: list[str]) -> bool:
    """Whether `heard`, a head as news names it (split at its spaces), names the match, seating and
    rematch of `head`, whatever its version."""
    return len(heard) == 4 and heard[0] == head[0] and heard[2:] == head[2:]


def of_change(match: "MatchRow", entries: "Sequence[Entry]", at: datetime) -> str:
    """News of a change that wrote `entries` at `at` and left `match`: its head and the step it took,
    as PostgreSQL's trigger tells them (migration 0011), or its head alone past NEWS_BYTES."""
    written = _iso(at)
    steps = [[seq, seat, kind, move, written]
             for seq, (kind, seat, move) in enumerate(entries, start=match.version - len(entries) + 1)]
    news = f"{Heard.head(match)} {match.status} {'-' if match.turn is None else match.turn} {_iso(match.moved_at)} " \
           f"{orjson.dumps(steps).decode()}"
    return news if len(news.encode()) < NEWS_BYTES else Heard.head(match)


def _iso(moment: datetime) -> str:
    """As the trigger writes a moment: UTC, to the microsecond, without its zone."""
    return as_utc(moment).astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds")


def _utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


heard = Heard()


def moved(match: "MatchRow") -> None:
    """A move this process committed left `match`: when that is heard at once (`Heard.committed`),
    this process's waiters of the match are woken now, and the move's own news, which then says
    nothing new here, wakes none of them again."""
    if heard.committed(match):
        board.wake(match.id)


class Outcome(enum.Enum):
    NOT_WAITED = "too many requests wait in this process, or it is stopping"
    UNCHANGED = "waited in vain"
    CHANGED = "the match changed"


class Watch:
    """A request's place on the board while it is entered (`with Watch(match_id, seconds)`), taken
    before it reads the match: a change committed after that read always wakes it, even one that
    lands before the request starts to wait. `seconds` 0: it will not wait; past POLL_WAITERS
    waiting in this process, or in a stopping one, its wait returns NOT_WAITED at once. (A class,
    not a generator under contextlib's `contextmanager`: every view of a match enters one, and
    contextlib's wrapper runs about 70 bytecodes more.)"""

    def __init__(self, match_id: str, seconds: int):
        app = current_flask_app()
        config = app.config
        if seconds:  # the wait ends in time for its database work to end before its cutoff (`Gate.cutoff`)
            now, self._cutoff = time.monotonic(), app.extensions["gate"].cutoff(current_request().environ)
            # whole seconds, rounded: floored, the few ms the request has run would make 14 s 13
            seconds = min(round(self._cutoff - now) - GATE_SPARE, seconds)  # past it already: none, or less
            self._ends = now + seconds
        self.match_id, self.seconds, self._recheck = match_id, seconds, config["POLL_RECHECK"]
        self._signal = signal = board.join(match_id, config["POLL_WAITERS"]) if seconds > 0 else None
        if signal is not None:
            try:
                app.extensions["news"].listen()
            except OSError as error:  # no news then, only the periodic checks
                log.warning("news: cannot listen (%s); waiting polls check every %ss", error, config["POLL_RECHECK"])
            except BaseException:  # not entered: its place on the board is given back here
                board.leave(match_id, signal)
                raise

    def __enter__(self) -> "Watch":
        return self

    def __exit__(self, *_exc) -> None:
        if self._signal is not None:
            board.leave(self.match_id, self._signal)

    @property
    def waits(self) -> bool:
        """Whether `wait` will wait (it has a place on the board)."""
        return self._signal is not None

    def wait(self, changed: Callable[[], T | None], read: bool = True) -> tuple[Outcome, T | None]:
        """Wait up to `seconds` until `changed()` (a database check) returns something: the outcome,
        and what it returned. The request's database connection goes back while it waits
        (gate.SteppedOut). `read`: the poll compared its tag with the match as read from the
        database; if not, with a row this process remembers, and the database is checked at least
        once before the wait ends unchanged.

        Back from its wait, it waits for a place at the gate until its cutoff at most: one it does not
        get (the places held by requests stalled on the database) ends it without reading, unchanged
        (its 304), or, when news woke it, with `503 database_unavailable`."""
        if self._signal is None:
            return Outcome.NOT_WAITED, None
        deadline, recheck = self._ends, self._recheck
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or board.closed:
                return Outcome.UNCHANGED, None
            with (stepped := gate.SteppedOut(self._cutoff)):
                woken = self._signal.wait(min(remaining, recheck))
            if not stepped.inside:
                if woken:
                    raise gate.too_late()
                return Outcome.UNCHANGED, None
            self._signal.clear()  # before the check: news arriving during it wakes the next wait
            # A wait that ran out unwoken ends with the 304 it read at first: no query for nothing.
            if woken or remaining > recheck or not read:
                read = True
                if (found := changed()) is not None:
                    return Outcome.CHANGED, found


def announce(notes: set[str]) -> None:
    """Tell every process that these matches changed (called after their COMMIT; PostgreSQL's
    trigger has told them already): per match, its id and, where the change knows it, the head it
    left (as `Heard.hear` takes them). Never fails the request: its writes are committed."""
    if notes:
        try:
            current_flask_app().extensions["news"].announce(notes)
        except OSError as error:
            log.warning("could not announce %s: %s", sorted(notes), error)


def init_app(app, engine) -> None:
    """The app's courier, made once at start (requests racing to make one would bind two sockets)."""
    if engine.dialect.name == "postgresql":
        app.extensions["news"] = PostgresCourier(engine, app.config["SQLALCHEMY_ENGINE_OPTIONS"].get("connect_args", {}))
    else:
        app.extensions["news"] = SocketCourier(engine.url.database)


class Courier:
    """Carries news between processes; each process starts listening when a poll first waits in
    it (a forked worker starts its own)."""

    def __init__(self) -> None:
        self._started = threading.Lock()
        self._pid: int | None = None  # the process that listens

    def listen(self) -> None:
        with self._started:
            if self._pid != os.getpid():
                self._start()
                self._pid = os.getpid()

    def _start(self) -> None:
        raise NotImplementedError

    def announce(self, notes: set[str]) -> None:
        raise NotImplementedError


class SocketCourier(Courier):
    """News between the processes of one machine on one SQLite file: a Unix datagram socket per
    listening process, in a folder named after the database file.

    A datagram is dropped when its listener's queue is full (the kernel's `net.unix.max_dgram_qlen`
    datagrams, 10 on these machines), and only its sender knows. The sender then owes that listener
    word of it (LOST), sent before its next news there: the listener forgets what it heard, and its
    waiters re-check their matches, as after PostgreSQL's listening connection was lost. Until then
    what it missed is news on its way."""

    LOST = "*"  # what a listener is sent when news to it was dropped since its last datagram
    AT_ONCE = 8  # notes sent at once at most, below the queue of a listener; more (a cleanup's batch) are sent as LOST

    def __init__(self, database: str | None):
        super().__init__()
        path = os.path.abspath(database) if database and database != ":memory:" else f"memory-{os.getpid()}"
        name = hashlib.sha256(path.encode()).hexdigest()[:16]
        self.folder = Path(tempfile.gettempdir()) / f"addgames-news-{name}"
        self._owed: set[str] = set()  # listeners this process owes LOST
        self._owed_lock = threading.Lock()

    def _start(self) -> None:
        self.folder.mkdir(mode=0o700, exist_ok=True)
        address = self.folder / str(os.getpid())
        address.unlink(missing_ok=True)  # left by a process that had this pid
        inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        inbox.bind(str(address))
        heard.restart(complete=True)
        threading.Thread(target=self._receive, args=(inbox,), name="news", daemon=True).start()

    def _receive(self, inbox: socket.socket) -> None:
        while True:
            note = inbox.recv(NEWS_BYTES).decode(errors="replace")  # a stray datagram is ignored, not fatal
            if note == self.LOST:
                heard.restart(complete=True)
                board.wake_all()
            elif (match_id := heard.hear(note)) is not None:
                board.wake(match_id)

    def announce(self, notes: set[str]) -> None:
        if len(notes) > self.AT_ONCE:  # the queue would drop the rest: every waiter re-checks its match instead
            notes = {self.LOST}
        try:
            listeners = [listener.path for listener in os.scandir(self.folder)]
        except FileNotFoundError:
            return  # nobody has ever waited on this database
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            sender.setblocking(False)
            for listener in listeners:
                with self._owed_lock:
                    owed = listener in self._owed
                    self._owed.discard(listener)
                try:
                    for note in (self.LOST, *notes) if owed else notes:
                        sender.sendto(note.encode(), listener)
                except (ConnectionRefusedError, FileNotFoundError):
                    Path(listener).unlink(missing_ok=True)  # its process has ended
                except BlockingIOError:  # its queue is full: its waiters will re-check on their own
                    with self._owed_lock:
                        self._owed.add(listener)


class PostgresCourier(Courier):
    """News through PostgreSQL's LISTEN/NOTIFY, on one connection per process outside the pool."""

    RECONNECT_AFTER = 1  # seconds after losing the listening connection
    READY_WITHIN = 5  # seconds the first waiter of a process waits for LISTEN before it reads the match

    def __init__(self, engine, connect_args: dict):
        super().__init__()
        args, kwargs = engine.dialect.create_connect_args(engine.url)
        # The pool's own settings too (as SQLAlchemy adds them to the URL's): a silent network closes it.
        self._connect_args = args, {**kwargs, **connect_args}

    def _start(self) -> None:
        """Listen before the first waiter reads its match: a NOTIFY sent before LISTEN is lost."""
        ready = threading.Event()
        threading.Thread(target=self._receive, args=(ready,), name="news", daemon=True).start()
        if not ready.wait(self.READY_WITHIN):
            log.warning("news: not listening after %ss; waiters re-check meanwhile", self.READY_WITHIN)

    def _receive(self, ready: threading.Event) -> None:
        import psycopg  # noqa: PLC0415  (only on PostgreSQL)
        args, kwargs = self._connect_args
        said, failed = "", 0  # the last failure logged, and the failures since the process last listened
        while True:
            try:
                with psycopg.connect(*args, **{**kwargs, "application_name": self.application_name()},
                                     autocommit=True) as listening:
                    listening.execute(f"LISTEN {CHANNEL}")
                    if failed:
                        log.info("news: listening again, after %d failed tries", failed)
                    said, failed = "", 0
                    heard.restart(complete=True)
                    if ready.is_set():  # listening again: what was sent meanwhile is lost
                        board.wake_all()
                    ready.set()
                    for note in listening.notifies():
                        if (match_id := heard.hear(note.payload)) is not None:
                            board.wake(match_id)
            except psycopg.Error as error:
                failed += 1
                if str(error) != said:  # once per reason: tried every second, a database down for a minute said it 60 times
                    said = str(error)
                    log.warning("news: the listening connection failed (%s); waiters re-check meanwhile", error)
            heard.restart(complete=False)
            time.sleep(self.RECONNECT_AFTER)

    @staticmethod
    def application_name(pid: int | None = None) -> str:
        """The listening connection's name in pg_stat_activity: which process (`pid`, by default this
        one) of which host listens."""
        return f"addgames news {socket.gethostname()[:30]} {pid or os.getpid()}"

    def announce(self, notes: set[str]) -> None:
        """The trigger has sent the news with the COMMIT."""
