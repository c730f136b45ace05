"""gunicorn's side of the service (the worker class named in gunicorn.conf.py).

A threaded worker, so that a slow client holds one thread and never a whole process, with these
additions gunicorn has no setting for:

- a plain HTTP/1.1 request (nearly all of them) is served by plain_http.py instead of gunicorn's
  request and response objects, in a fifth of the bytecodes; anything else by gunicorn's own path;
- a new connection that has sent nothing after FIRST_BYTE_WAIT seconds waits in the worker's
  poller, not in a thread (gunicorn's own wait is 5 s: a few idle connections would hold every
  thread);
- every request must arrive in full (request line, headers and body) within CLIENT_TIMEOUT
  seconds of its first byte, or it is answered `408 request_timeout` and its connection closed:
  a client trickling a body holds its thread for that long at most; and a client that stops
  taking its answer for that long is let go (a write waits CLIENT_TIMEOUT at most);
- a request still running after gunicorn's `timeout` is answered `503 server_timeout` (with the
  `X-Request-Id` the app logged it under, as every answer has) and the worker restarts (the threaded worker's heartbeat comes from its main loop, which keeps beating
  while a thread hangs, so gunicorn alone would never time a request out). The restart ends every
  other request of the worker, waiting polls too, so every foreseen wait ends before it: the
  database's own (api/config.py), and, told when the timeout falls (`ClientSocket.due`), a
  request's wait for a place at the gate and a poll's wait for news (api/gate.py). This catches
  only the unforeseen: a database server frozen mid-request, say;
- gunicorn's own answers (a request line too long, bad headers, ...) are RFC 9457 problem+json
  like the app's, instead of gunicorn's HTML page;
- a worker holding more connections than another by more than Counts.SLACK stops accepting until
  the other catches up, so that a burst of connections is shared among the workers (`Counts`);
- a thread that has answered a request waits LINGER seconds for the next one on the same
  connection and serves it itself (see `_next_request_follows`);
- the client's socket stays non-blocking and its reads and sends wait only when it is not ready,
  without a system call to change its timeout around each (`ClientSocket`);
- the Date header of every answer is formatted once a second, not once an answer
  (`plain_http.http_date`);
- its settings are read once, when it starts (`SettledConfig`).
"""
import errno
import fcntl
import json
import mmap
import operator
import os
import select
import socket
import tempfile
import threading
import time
from http import HTTPStatus
from itertools import compress, repeat

from gunicorn import util
from gunicorn.workers import gthread
from werkzeug.exceptions import RequestTimeout

import plain_http
from api import config, durable, logs, news, security
from api.errors import PROBLEM_TYPE

CLIENT_TIMEOUT = config.seconds("CLIENT_TIMEOUT", 10)
FIRST_BYTE_WAIT = 0.5
RECHECK = 0.01  # seconds between a worker's checks of its share while it holds more than its share (`Counts`)
LINGER = config.seconds("KEEPALIVE_LINGER", 0.05, zero=True)  # seconds a thread waits for the next request on its connection

# The human reason for each status gunicorn may answer by itself (its own text may echo the request).
REASONS = {
    400: ("bad_request", "The request is not valid HTTP."),
    403: ("forbidden", "The request was refused."),
    408: ("request_timeout", "The request did not arrive in time; send it again."),
    414: ("uri_too_long", "The request line is too long."),
    417: ("expectation_failed", "The Expect header of the request cannot be met."),
    431: ("request_header_fields_too_large", "The request has too many headers or a header is too long."),
    # Past the app's own handlers (which tell a failure after the COMMIT from one before it): the
    # request may have been carried out, as when the app sent a header gunicorn refuses.
    500: ("internal_error", "Something went wrong on our side, so the request may or may not have been carried out: "
                            "send it again with the same Idempotency-Key."),
    501: ("not_implemented", "The request's Transfer-Encoding is not supported."),
    503: ("server_timeout", "The server took too long to answer, so the request may or may not have been carried "
                            "out: send it again with the same Idempotency-Key."),
}
# A write whose disk sync failed after its COMMIT (api/durable.py): answered by the worker, the app's
# answer being made already.
NOT_ON_DISK = ("not_on_disk", "The change was made but could not be confirmed on the disk, so it may or may not "
                              "last: send it again with the same Idempotency-Key.")
RETRY_AFTER = 2  # seconds, after a server_timeout or not_on_disk


def ready(sock, events: int, seconds: float) -> bool:
    """Whether `sock` is ready for `events` (select.POLLIN, POLLOUT) within `seconds`, or has failed,
    which its next read or send then says. `poll`, not `select`: a worker holding many connections
    has descriptors past the 1024 that `select` takes."""
    poller = select.poll()
    poller.register(sock, events)
    return bool(poller.poll(max(seconds, 0) * 1000))


class ClientTooSlow(RequestTimeout):
    """The request was not read in full before its deadline (an HTTPException, so that inside the
    app it becomes the app's own 408 problem; not an OSError, which would read as a disconnect)."""

    description = REASONS[408][1]


class ClientSocket:
    """The client's socket as the worker uses it: reads fail once the request's deadline has passed,
    it knows whether the answer has begun, and an answer's head goes out with its body.

    gunicorn writes a response's status line and headers, then its body, in two sends: two system
    calls and, the socket being TCP_NODELAY, two segments for the client to take in. The head is
    held until the body's first bytes, or until the request ends (`flush`) for an answer without
    one, and sent with them in one.

    The socket itself stays non-blocking, and the waits are this class's own: a read or a send is
    tried at once, and waits (`poll`) only when the socket is not ready. Python's own timeouts cost
    each read and each send a `poll` before it, and each change of timeout (two per read or send
    here, one more per request from gunicorn) an `ioctl`: every one of them a system call during
    which another thread takes the interpreter, and under load the caller then waits to have it
    back. The timeouts asked for (`settimeout`, `setblocking`) are kept here, and bound these waits
    as they would bound the socket's."""

    def __init__(self, sock: socket.socket):
        sock.setblocking(False)
        self._sock = sock
        self._timeout: float | None = None  # as asked for: None waits for ever, 0 not at all
        self._answer = threading.Lock()  # the request's thread and the worker's timeout both may answer
        self._head = b""  # a final response's head, not sent yet
        self.deadline = float("inf")
        self.expired = self.answering = self.given_up = False
        self.request_id: str | None = None  # the running request's, set by api/logs.py: the worker's own answers name it
        self.due = float("inf")  # when the worker's timeout answers the running request for it (`start`)

    def start(self, seconds: float, due: float = float("inf")) -> None:
        """A request begins: it must arrive in full within `seconds`, and be answered before `due`
        (`time.monotonic()`, the worker's timeout), which the app reads here (api/gate.py)."""
        self.deadline, self.expired, self.answering, self._head = time.monotonic() + seconds, False, False, b""
        self.request_id, self.due = None, due

    def settimeout(self, seconds: float | None) -> None:
        self._timeout = seconds

    def gettimeout(self) -> float | None:
        return self._timeout

    def setblocking(self, flag: bool) -> None:
        self._timeout = None if flag else 0.0

    def sendall(self, data: bytes) -> None:
        if not self._head and data[:7] == b"HTTP/1." and data[9:10] != b"1":  # a 1xx goes out at once
            self._head = data
            return
        self._send(self._held() + data)

    def answer(self, data: bytes) -> None:
        """Send a whole answer, head and body (plain_http.py)."""
        self._send(data)

    def sendfile(self, file, offset: int = 0, count: int | None = None) -> int:
        """The socket's `sendfile`, which waits in the socket's own timeout (it refuses a
        non-blocking socket): rare, unlike every other send."""
        self.flush()
        self._answering()
        self._sock.settimeout(self._send_timeout())
        try:
            return self._sock.sendfile(file, offset, count)
        except TimeoutError:
            raise BrokenPipeError(errno.EPIPE, "the client stopped taking its answer") from None
        finally:
            self._sock.setblocking(False)

    def flush(self) -> None:
        """Send the head still held (of an answer without a body)."""
        if self._head:
            self._send(self._held())

    def end(self) -> None:
        """The request has ended: send the head still held, and lift its read deadline. A request may
        run past it (a poll waits up to news.MAX_WAIT), and gunicorn's graceful close of the
        connection reads what the client still sends, in a timeout of its own: failing there as a
        request read too late, it would count the connection closed twice."""
        try:
            self.flush()
        finally:
            self.deadline = float("inf")

    def _held(self) -> bytes:
        head, self._head = self._head, b""
        return head

    def _answering(self) -> None:
        with self._answer:
            if self.given_up:
                raise BrokenPipeError(errno.EPIPE, "answered already (request timeout)")  # a client gone
            self.answering = True

    def _send_timeout(self) -> float:
        """Seconds a send waits for the client at most: CLIENT_TIMEOUT, or less if asked (a client
        that stops reading would otherwise hold the thread for as long as TCP keeps the connection)."""
        return CLIENT_TIMEOUT if self._timeout is None else min(self._timeout, CLIENT_TIMEOUT)

    def send(self, data: bytes) -> int:
        """Send an interim answer (gunicorn's `100 Continue`), whole."""
        self._send_all(data)
        return len(data)

    def _send(self, data: bytes) -> None:
        """Send part of the answer."""
        self._answering()
        self._send_all(data)

    def _send_all(self, data: bytes) -> None:
        """Send `data`, waiting `_send_timeout` seconds at most for the client to take it."""
        unsent, deadline = memoryview(data), None
        while unsent:
            try:
                unsent = unsent[self._sock.send(unsent):]
            except BlockingIOError:
                deadline = deadline or time.monotonic() + self._send_timeout()
                if not ready(self._sock, select.POLLOUT, deadline - time.monotonic()):
                    raise BrokenPipeError(errno.EPIPE, "the client stopped taking its answer") from None

    def give_up(self, answer: bytes) -> None:
        """Send `answer` unless an answer has begun, and end the connection. The socket is shut down,
        not closed: its thread may wake later, and must not find its number reused by another file."""
        with self._answer:
            self.given_up, answered = True, self.answering
        try:
            if not answered:
                self._sock.settimeout(1)
                self._sock.sendall(answer)
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass  # the client is gone already

    def recv(self, size: int, *flags) -> bytes:
        """Read from the client, failing once the request's deadline has passed, or after the
        timeout asked for if that comes first (gunicorn draining a body)."""
        while (remaining := self.deadline - time.monotonic()) > 0:
            try:
                return self._sock.recv(size, *flags)
            except BlockingIOError:
                pass
            wait = remaining if self._timeout is None else min(self._timeout, remaining)
            if not ready(self._sock, select.POLLIN, wait) and wait < remaining:
                raise TimeoutError("timed out")
        if self.expired:
            raise TimeoutError("request read deadline")  # already answered: gunicorn closes the connection
        self.expired = True
        raise ClientTooSlow()

    def __getattr__(self, name):
        """The socket's own, e.g. `fileno`: its methods are kept here once asked for (gunicorn asks
        for a few at every request, and each pass through here costs as much as a call)."""
        found = getattr(self._sock, name)
        if callable(found):
            setattr(self, name, found)
        return found


class ProblemWriter:
    """Stands in for the client socket while gunicorn writes its own error page, and sends a
    problem+json answer with the same status instead."""

    def __init__(self, sock: socket.socket, log):
        self._sock = sock
        self._log = log

    def sendall(self, data: bytes) -> None:
        status = int(data.split(b" ", 2)[1])
        self._sock.sendall(problem_response(status, named(self._sock, self._log, status)))

    def __getattr__(self, name):
        return getattr(self._sock, name)


def named(sock, log, status: int) -> str:
    """The X-Request-Id header of an answer the worker makes itself: the id the app logged the
    request under (a timeout, a write not on disk, a header the app sent that gunicorn refuses),
    else a new one, which a line of the worker's log names: a request refused before the app saw it
    (not valid HTTP, too slow, too long). Every answer has one, as the spec's `RequestId` says."""
    ident = getattr(sock, "request_id", None)
    if ident is None:
        ident = logs.new_request_id()
        log.info("Answered %d before any route, request_id %s", status, ident)
    return f"X-Request-Id: {ident}\r\n"


def unavailable_headers(sock, log) -> str:
    """The headers of the worker's own 503s: when to retry, and the request's id."""
    return f"Retry-After: {RETRY_AFTER}\r\n" + named(sock, log, 503)


# The API's safety headers (api/security.py): the worker's own answers reach browsers too
_HARDENED = "".join(f"{name}: {value}\r\n" for name, value in security.FOR_API.pairs)


def problem_response(status: int, headers: str = "", reason: tuple[str, str] | None = None) -> bytes:
    code, detail = reason or REASONS.get(status, REASONS[500] if status >= 500 else REASONS[400])
    title = HTTPStatus(status).phrase
    body = json.dumps({"type": PROBLEM_TYPE + code, "title": title, "status": status, "detail": detail,
                       "code": code}).encode()
    head = (f"HTTP/1.1 {status} {title}\r\nConnection: close\r\n{headers}{_HARDENED}"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


class SettledConfig:
    """gunicorn's settings as plain attributes, read once when the worker starts. gunicorn reads a
    setting through `Config.__getattr__` and `Setting.get` at each use, a few times a request:
    about 400 bytecodes of Python per request, a ninth of what gunicorn ran for one. The Config's
    own properties and methods (`is_ssl`, `forwarded_allow_networks`, ...) are its own, and kept
    too once asked for. A worker never changes its settings: a reload starts new workers."""

    def __init__(self, cfg):
        self._cfg = cfg
        kind = type(cfg)
        self.__dict__.update({name: setting.get() for name, setting in cfg.settings.items() if not hasattr(kind, name)})

    def __getattr__(self, name):
        found = self.__dict__[name] = getattr(self._cfg, name)
        return found


class Counts:
    """Each worker's count of the connections it holds, in memory the master maps before it forks
    them (it imports this module to find the worker class), so that a worker holding more than
    SLACK connections above the fewest any worker holds takes no new one until the others catch up.

    A worker serves each connection it accepts for as long as the connection stays open, and runs
    one Python thread at a time; every worker is woken by each new connection, and the first to
    ask takes it. Clients connecting at once (a load's seats, phones coming back after a deploy)
    were often taken mostly by one worker, which then ran them on its one core while the other's
    idled: under issue 12's load at K = 32, the 64 connections split 13/51, and that run made 283
    moves/s against 366-381 for even ones (docs/PERFORMANCE.md). A worker not heard from for STALE
    seconds (stopped, or stuck) is not counted: each publishes its count on every turn of its loop,
    at least once a second.

    A worker's slot: its pid, its count, and when it last published (`time.monotonic`, one clock
    for every process of the machine), as doubles, each written in one store.

    The table is a file in memory (`memfd_create`; elsewhere than on Linux, a temporary file),
    mapped by the master and inherited by every worker, and a worker claims its slot under a POSIX
    record lock on that file (`lockf`): it needs neither /dev/shm, where a `multiprocessing.Lock`
    makes its semaphore (some containers have none), nor a writable disk. Such a lock is held by a
    process, not a thread: each worker claims from its main thread only."""

    SLOTS = 64
    SLACK = 1
    STALE = 3.0  # seconds

    def __init__(self) -> None:
        size = 8 * 3 * self.SLOTS
        # A descriptor of its own: the temporary file's object may close its own once collected.
        self._file = os.memfd_create("addgames-counts") if hasattr(os, "memfd_create") \
            else os.dup(tempfile.TemporaryFile().fileno())
        os.ftruncate(self._file, size)
        self._memory = mmap.mmap(self._file, size)  # shared: a forked worker writes the master's
        doubles = memoryview(self._memory).cast("d")
        self._pids, self._held, self._heard = (doubles[n * self.SLOTS:(n + 1) * self.SLOTS] for n in range(3))

    def claim(self, pid: int) -> int | None:
        """A slot for the worker `pid`: one no worker has published to for STALE seconds; None past
        SLOTS workers (that one then accepts as gunicorn would, uncounted)."""
        fcntl.lockf(self._file, fcntl.LOCK_EX)
        try:
            now = time.monotonic()
            slot = next((n for n, heard in enumerate(self._heard) if now - heard > self.STALE), None)
            if slot is not None:
                self._pids[slot], self._held[slot], self._heard[slot] = pid, 0, now
            return slot
        finally:
            fcntl.lockf(self._file, fcntl.LOCK_UN)

    def publish(self, slot: int, held: int) -> None:
        self._held[slot], self._heard[slot] = held, time.monotonic()

    def release(self, slot: int) -> None:
        """The worker takes no more connections: it is not counted from now on."""
        self._heard[slot] = 0

    def owns(self, slot: int, pid: int) -> bool:
        """Whether `slot` is still `pid`'s (a worker stuck past STALE may have lost it to a new one)."""
        return self._pids[slot] == pid

    def may_accept(self, held: int) -> bool:
        """Whether a worker holding `held` connections may take another: it holds at most SLACK more
        than the worker holding fewest, of those heard from in the last STALE seconds (found in C)."""
        counted = compress(self._held, map(operator.gt, self._heard, repeat(time.monotonic() - self.STALE)))
        return held <= min(counted, default=held) + self.SLACK


counts = Counts()


class ProblemThreadWorker(gthread.ThreadWorker):
    _slot: int | None = None  # this worker's in `counts`, once it runs

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.cfg = SettledConfig(self.cfg)
        util.http_date = plain_http.http_date  # for gunicorn's own path, which looks it up on its module
        self.running: dict[ClientSocket, float] = {}  # the requests being served, and since when
        self._lingering, self._lingering_lock = 0, threading.Lock()  # threads waiting for a next request
        self._beaten = 0.0  # when notify() last told the master this worker is alive
        self._tls = self.cfg.is_ssl  # a property looked up through gunicorn's settings: once, not per request
        self.plain = plain_http.PlainServer(self) if plain_http.follows(self.cfg) else None

    def run(self):
        self._slot = counts.claim(self.pid)
        super().run()

    @property
    def worker_connections(self) -> int:
        """The connections this worker may hold (gunicorn's loop accepts while it holds fewer, and
        asks at every turn): none while it holds more than its share (`Counts`)."""
        if self._slot is None or counts.may_accept(self.nr_conns):
            return self._connection_limit
        return 0

    @worker_connections.setter
    def worker_connections(self, limit: int) -> None:
        self._connection_limit = limit

    def wait_for_and_dispatch_events(self, timeout):
        """gunicorn's, after publishing this worker's count of connections (`Counts`) while it runs.
        A worker not accepting for holding more than its share asks again every RECHECK seconds:
        the others may catch up and stop accepting meanwhile, and this worker's loop would
        otherwise sleep for up to `timeout`, nothing waking it."""
        slot = self._slot
        if slot is not None:
            if not self.alive:
                counts.release(slot)
            elif counts.owns(slot, self.pid):
                counts.publish(slot, self.nr_conns)
            else:
                self._slot = counts.claim(self.pid)
        super().wait_for_and_dispatch_events(timeout if self._accepting or not self.alive else min(timeout, RECHECK))

    def handle(self, conn):
        """Serve the connection's request, then, while the next one follows at once, that one too."""
        kept = self._serve(conn)
        while kept is True and self.alive and self._next_request_follows(conn):
            kept = self._serve(conn)
        return kept

    def _serve(self, conn):
        if not conn.initialized and not conn.wait_for_data(FIRST_BYTE_WAIT):
            return gthread._DEFER  # back to the poller, which hands it to a thread once data comes
        if self._tls:  # TLS ends at the proxy in front; a TLS socket is served as gunicorn would
            return super().handle(conn)
        if not isinstance(conn.sock, ClientSocket):
            conn.sock = ClientSocket(conn.sock)
        self.running[conn.sock] = since = time.monotonic()
        conn.sock.start(CLIENT_TIMEOUT, since + self.cfg.timeout)
        try:
            kept = plain_http.GUNICORN if self.plain is None else self._serve_plain(conn)
            if kept is plain_http.GUNICORN:
                kept = super().handle(conn)
        finally:
            self.running.pop(conn.sock, None)
        try:
            conn.sock.end()
        except OSError:
            return False  # the client is gone, or was answered by the timeout: the connection ends
        return kept

    def _serve_plain(self, conn) -> bool | None:
        """plain_http's path, its failures met as gunicorn's `handle` meets them."""
        try:
            return self.plain.serve(conn)
        except OSError as error:
            if error.errno not in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN):
                self.log.exception("Socket error processing request.")
        except Exception as error:
            self.handle_error(None, conn.sock, conn.client, error)
        return False

    def _next_request_follows(self, conn) -> bool:
        """Whether the client sent its next request within LINGER seconds of its answer (a poll
        sent again at once, a move right after the view): the thread then serves it, sparing the
        trip through the worker's poller and thread pool (half the CPU of a small request). Only
        while a quarter of the threads stay free besides, so that lingering never holds up another
        request. (Polls waiting for news hold threads too: under issue 12's load at K = 32, half of
        a worker's; a rule of half the threads free let no thread linger there.)"""
        if conn.parser.unreader.buf.getvalue():
            return True  # it has arrived already
        with self._lingering_lock:
            if self._lingering + len(self.running) >= self.cfg.threads * 3 // 4:
                return False
            self._lingering += 1
        try:
            return ready(conn.sock, select.POLLIN, LINGER)
        finally:
            with self._lingering_lock:
                self._lingering -= 1

    def notify(self):
        """The heartbeat (the main loop calls it after every event, so at most once a second here):
        also answers requests that have run over the timeout, then restarts this worker, as gunicorn
        does with a sync worker."""
        now = time.monotonic()
        if now - self._beaten < 1:
            return
        self._beaten = now
        super().notify()
        for sock, since in list(self.running.items()):
            if now - since > self.cfg.timeout and self.running.pop(sock, None):
                self.log.critical("REQUEST TIMEOUT after %ss (pid:%s): answered 503, restarting the worker",
                                  self.cfg.timeout, self.pid)
                sock.give_up(problem_response(503, unavailable_headers(sock, self.log)))
                self.alive = False  # stop gracefully; the master starts a fresh worker once this one exits

    def handle_exit(self, sig, frame):
        """Stopping: polls waiting for news answer now, so that they do not hold the worker's exit."""
        super().handle_exit(sig, frame)
        news.board.close()

    def handle_error(self, req, client, addr, exc):
        if isinstance(exc, ClientTooSlow):  # the request line or headers came too slowly
            self.log.info("Request not read within %ss", CLIENT_TIMEOUT)
            client.sendall(problem_response(408, named(client, self.log, 408)))
            return
        if isinstance(exc, durable.NotOnDisk):
            self.log.critical("A write could not be synced to the disk: %s", exc)
            client.sendall(problem_response(503, unavailable_headers(client, self.log), NOT_ON_DISK))
            return
        # gunicorn logs a malformed request's client address ("Invalid request from ip=..."): the log
        # holds none (the Privacy page says so), and nothing else here reads it (the access log is off)
        super().handle_error(req, ProblemWriter(client, self.log), addr and ("-", addr[1]), exc)
