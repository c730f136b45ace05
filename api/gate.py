"""At most RUNNING_REQUESTS requests of a process run at once; the others wait at the gate, in
their threads, with their bodies read (a slow client must not hold a place). A poll waiting for news steps out of the gate while it waits (api/news.py), so a
process can hold many waiting polls and still run only a few requests at a time.

Python runs one thread at a time: past a few runnable threads, each request only takes longer and
costs more. Measured on the quiet 2-core machine, issue 12's load at K=32 (2 processes of 64
threads, SQLite), server CPU per move with polls sent again at once / long polls: no gate 16.8 /
6.3 ms, 8 at once 11.7 / 6.3, 4 at once 7.7 / 6.5, 2 at once 8.1 ms.

Fewer places cost less again once the rest was cheaper: a request that waits for its database
lets the interpreter go, another running request takes it, and the first then waits to get it
back. So on SQLite, whose waits are all on this machine (a commit's disk sync, another process's
write), a process runs one request at a time by default: in alternating runs of bench/load.py
against 4 places (docs/PERFORMANCE.md), less server CPU per move and more moves/s in 9 pairs of 9.
PostgreSQL across a network keeps 4, worth overlapping its round trips: with a hop in between (a
proxy, 0.3 ms a round trip) 4 served as many moves/s as 2 or more, and at 2.5 ms a round trip 2 to
3 times as many as 1, and more than 2 at K=8. A PostgreSQL on the same machine (a loopback address,
or a Unix socket) answers within a tenth of a millisecond, and there 2 places do better than 4: in
alternating rounds of bench/ab.py at K=32, 0.83x the server CPU per move and 1.13x the moves/s (6 of
6); at K=8 0.94x and 1.04x. One place did worse than 2 (0.85x and 0.82x the moves/s).
"""
import ipaddress
import queue
import threading
import time
from collections.abc import Callable

from flask import Flask, Request
from sqlalchemy.engine import make_url
from werkzeug.exceptions import RequestEntityTooLarge

from . import connection
from .config import longest_wait
from .context import current_flask_app, current_g, current_request
from .errors import Problem, database_unavailable

# Seconds kept, after a request's database work may have waited its longest, for the rest of its
# work and its answer to go out before the worker's timeout (whose checks come once a second).
ANSWER_SPARE = 1
NO_DUE = threading.TIMEOUT_MAX  # a request's timeout where its server has none: as far as a wait may go


def default_places(database_url: str) -> int:
    """RUNNING_REQUESTS when it is not set: one on SQLite, four on PostgreSQL across a network, two
    on a PostgreSQL on this machine (see above)."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        return 1
    return 2 if _on_this_machine(url.host) else 4


def _on_this_machine(host: str | None) -> bool:
    """Whether a PostgreSQL URL's host is this machine: a loopback address or name, or none (libpq
    then takes a Unix socket, as it does for a host that is a folder). A proxy there to a database
    elsewhere looks the same: RUNNING_REQUESTS says otherwise (README)."""
    if not host or host.startswith("/") or host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def init_app(app: Flask) -> None:
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    gate = app.extensions["gate"] = Gate(app.config["RUNNING_REQUESTS"] or default_places(url),
                                         app.config["MAX_CONTENT_LENGTH"],
                                         longest_wait(url, app.config["DATABASE_CONNECT_TIMEOUT"],
                                                      app.config["DATABASE_STATEMENT_TIMEOUT"]) + ANSWER_SPARE)
    app.before_request(gate.enter)
    app.register_error_handler(PastCutoff, lambda _late: app.handle_user_exception(too_late()))
    app.teardown_request(gate.leave)


class Gate:
    """A process's places, and the hooks that take and give back a request's (bound to the gate:
    not looked up through current_app on every request).

    The free places are tokens in a queue: taking one and giving it back run in C, where a
    Semaphore's acquire and release run about 120 bytecodes of Python a pair, and a poll that
    waits takes two pairs. The requests inside share the database connections their predecessors
    gave back (`resting`: api/connection.py), at most one per place.

    A request waits for a place until its `cutoff` at most: behind a database stall the requests
    inside each wait the database's longest wait, and those queued behind them would otherwise
    wait on, one stall after another, until the worker's timeout answered them and restarted the
    worker, cutting every poll it held (serving.py). Past its cutoff a request is answered
    `503 database_unavailable`, having done nothing."""

    def __init__(self, places: int, largest_body: int, reserved: float):
        self.largest_body, self.reserved = largest_body, reserved
        self.places: queue.SimpleQueue[None] = queue.SimpleQueue()
        for _ in range(places):
            self.places.put(None)
        self.resting = connection.Resting()

    def enter(self) -> None:
        # The body first, outside the gate: a client trickling one holds its own thread only (serving.py).
        asked = current_request()
        if _may_have_body(asked.environ):
            body = asked.get_data(cache=True)
            if len(body) >= self.largest_body:
                _no_more(asked)
        try:
            self.places.get_nowait()  # a free place (in C; only a request that must queue reads its cutoff)
        except queue.Empty:
            if not take(self.places, self.cutoff(asked.environ)):
                raise too_late() from None
        current_g().resting = self.resting  # also says that the request is inside

    def cutoff(self, environ: dict) -> float:
        """The last moment (`time.monotonic()`) a request may start its database work and still be
        answered before its worker's timeout (serving.py's `ClientSocket.due`): `reserved` seconds
        before it. Without that timeout (another server, a test client) it has none."""
        return getattr(environ.get("gunicorn.socket"), "due", NO_DUE) - self.reserved

    def leave(self, _error: BaseException | None) -> None:
        request_g = current_g()
        if "resting" in request_g:
            try:
                connection.give_back()  # to the resting connections, while the request is still inside
            finally:  # the place comes back whatever happens: a place lost would be lost for good
                del request_g.resting
                self.places.put(None)
                # and a committed write is synced and told of, though its connection failed to go back
                owed = request_g.__dict__.pop("owed", None)  # in C: g's own pop runs a dozen bytecodes more
                if owed is not None:
                    for work in owed:
                        work()


def after_leaving(owed: Callable[[], None]) -> None:
    """Call `owed` once the request has left the gate, before its answer goes out (at once outside
    the gate): work that waits on the disk rather than on the interpreter (api/durable.py)."""
    request_g = current_g()
    if "resting" in request_g:
        request_g.setdefault("owed", []).append(owed)
    else:
        owed()


def _no_more(asked: Request) -> None:
    """Refuse a body read up to MAX_CONTENT_LENGTH that goes on (413), as one announced longer is.
    One sent in chunks has no length to refuse it by beforehand, and werkzeug stops reading it at
    the cap, taking what it read for the whole."""
    if asked.content_length is None and asked.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()


def _may_have_body(environ: dict) -> bool:
    """Whether the request says it sends a body (a length, or chunks): most are GETs without one,
    and reading nothing through werkzeug's stream costs a quarter of a request that does nothing."""
    return environ.get("CONTENT_LENGTH") not in (None, "", "0") or "HTTP_TRANSFER_ENCODING" in environ


def too_late() -> Problem:
    """A request that could not start its database work before its cutoff (`Gate.cutoff`)."""
    return database_unavailable("The database is too slow to answer in time and nothing was saved; try again shortly.")


class PastCutoff(Exception):
    """A request whose database work, waiting its longest, would end past the worker's timeout:
    answered `too_late()`. Not a Problem itself: a move refused by a Problem is made again from
    the match as read now (api/moves.py), and would then wait its longest after all."""


def refuse_past_cutoff() -> None:
    """Raise PastCutoff if the request's cutoff (`Gate.cutoff`) has passed."""
    if time.monotonic() > current_flask_app().extensions["gate"].cutoff(current_request().environ):
        raise PastCutoff


def take(places: queue.SimpleQueue, cutoff: float) -> bool:
    """Wait for a place until `cutoff` (`time.monotonic()`); whether one was taken."""
    try:
        places.get(timeout=max(cutoff - time.monotonic(), 0))
    except queue.Empty:
        return False
    return True


class SteppedOut:
    """For a `with` block: let another request run while this one waits, and come back in after, if
    a place frees before `cutoff` (`Gate.cutoff`): `inside` says whether it did. Its database
    connection goes back meanwhile (to the resting ones, for the request that takes its place). (A
    class, not a generator under contextlib's `contextmanager`: every poll that waits steps out, and
    contextlib's wrapper runs about 70 bytecodes more.)"""

    def __init__(self, cutoff: float):
        self._cutoff = cutoff
        self.inside = True

    def __enter__(self) -> None:
        connection.give_back()
        self._g = request_g = current_g()
        self._resting, self._places = request_g.pop("resting", None), current_flask_app().extensions["gate"].places
        if self._resting is not None:
            self._places.put(None)

    def __exit__(self, *_exc) -> None:
        if self._resting is not None:
            if take(self._places, self._cutoff):
                self._g.resting = self._resting
            else:
                self.inside = False
