"""gunicorn as gunicorn.conf.py runs it, spoken to over raw sockets: its own answers (a request line
too long, bad headers, a request that does not arrive in time) are problem+json like the app's, and
clients that trickle their requests hold one thread each for a bounded time, never the service."""
import collections
import io
import json
import multiprocessing
import os
import re
import resource
import select
import socket
import sqlite3
import subprocess
import threading
import time
import uuid
from contextlib import contextmanager
from email.utils import parsedate_to_datetime
from types import SimpleNamespace

import gunicorn_h1c
import psycopg
import pytest
import requests
from gunicorn import util
from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.http.errors import InvalidRequestLine
from gunicorn.http.parser import RequestParser
from sqlalchemy.engine import make_url

import serving
from api import durable, logs, security
from bench.server import libpq_url

from .live import gunicorn
from .test_moves import first_legal
from .test_parallel import new_match

READ_TIMEOUT = 2  # seconds, CLIENT_TIMEOUT of the server under test


@pytest.fixture(scope="module")
def server(app, tmp_path_factory):
    """One worker process, so that a client holding it would be seen at once."""
    log = tmp_path_factory.mktemp("serving") / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, workers=1, RATELIMIT_ENABLED="false",
                  CLIENT_TIMEOUT=str(READ_TIMEOUT), WEB_THREADS="8") as base:
        yield base.removeprefix("http://").split(":")


def connect(server) -> socket.socket:
    host, port = server
    return socket.create_connection((host, int(port)), timeout=10)


def answer(sock: socket.socket) -> tuple[int, dict, bytes]:
    """Read one HTTP response up to the end of its body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the server closed the connection without an answer: {data!r}"
        data += chunk
    status, headers, body = answer_head(data)
    while len(body) < int(headers.get("content-length", 0)):
        body += sock.recv(65536)
    return status, headers, body


def answer_head(data: bytes) -> tuple[int, dict, bytes]:
    """The status and headers of the response that starts `data`, and what came of its body."""
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, value in (line.split(":", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def raw(server, request: bytes) -> tuple[int, dict, bytes]:
    with connect(server) as sock:
        sock.sendall(request)
        return answer(sock)


def assert_problem(status: int, headers: dict, body: bytes, expected_status: int, code: str) -> None:
    assert (status, headers["content-type"]) == (expected_status, "application/problem+json"), body
    problem = json.loads(body)
    assert (problem["status"], problem["code"], problem["type"]) == (status, code, f"urn:addgames:problem:{code}")
    assert problem["title"] and problem["detail"]
    for name, value in security.FOR_API.pairs:  # the worker's own answers are as hardened as the API's
        assert headers[name.lower()] == value, name


# gunicorn_h1c, the C parser gunicorn.conf.py asks for, tells an unknown transfer coding (501,
# RFC 9112 6.1) from a bad header (400) from its 0.6.12 on; before that, both are a bad header.
UNKNOWN_CODING = (501, "not_implemented") if hasattr(gunicorn_h1c, "UnsupportedTransferCoding") \
    else (400, "bad_request")
GUNICORN_ERRORS = {  # what gunicorn refuses before the app sees it: (request, status, code)
    "request line too long": (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
    "too many headers": (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n" + b"".join(
        b"X-%d: 1\r\n" % n for n in range(60)) + b"\r\n", 431, "request_header_fields_too_large"),
    "a header too long": (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n",
                          431, "request_header_fields_too_large"),
    "not a request line": (b"HELLO\r\n\r\n", 400, "bad_request"),
    "a bad header": (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", 400, "bad_request"),
    "an unknown transfer coding": (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: zstd\r\n\r\n",
                                   *UNKNOWN_CODING),
    "an expectation it cannot meet": (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n"
                                      b"Content-Length: 0\r\n\r\n", 417, "expectation_failed"),
}


@pytest.mark.parametrize("name", sorted(GUNICORN_ERRORS))
def test_gunicorn_answers_problem_json(server, name):
    request, status, code = GUNICORN_ERRORS[name]
    answered, headers, body = raw(server, request)
    assert_problem(answered, headers, body, status, code)
    assert headers["connection"] == "close"
    assert logs.REQUEST_ID.fullmatch(headers["x-request-id"]), "every answer is named, as the spec's RequestId says"


class Captured:
    def __init__(self):
        self.sent = b""

    def sendall(self, data: bytes) -> None:
        self.sent += data


@pytest.mark.parametrize("status", sorted(serving.REASONS))
def test_every_status_gunicorn_answers_itself_becomes_problem_json(status):
    """Some of gunicorn's own refusals need a set-up a test server lacks (403: a PROXY line from an
    address not allowed, a TLS error): its page for each status is rewritten all the same."""
    client = Captured()
    quiet = SimpleNamespace(info=lambda *args: None)
    serving.ProblemWriter(client, quiet).sendall(f"HTTP/1.1 {status} Whatever\r\nContent-Type: text/html\r\n\r\n"
                                                 "<h1>echoed request text</h1>".encode())
    answered, headers, body = answer_head(client.sent)
    assert_problem(answered, headers, body, status, serving.REASONS[status][0])
    assert b"echoed" not in body and int(headers["content-length"]) == len(body)


def test_a_write_not_on_disk_is_answered_503_problem_json():
    """A write whose disk sync failed after its COMMIT (api/durable.py) fails the request after the
    app made its answer: the worker answers instead, and says the change may or may not last."""
    client = Captured()
    client.request_id = "a1b2c3d4e5f6a7b8"  # as api/logs.py names the request on its serving.ClientSocket
    worker = SimpleNamespace(log=SimpleNamespace(critical=lambda *args: None))
    serving.ProblemThreadWorker.handle_error(worker, None, client, ("127.0.0.1", 1), durable.NotOnDisk("EIO"))
    answered, headers, body = answer_head(client.sent)
    assert_problem(answered, headers, body, 503, "not_on_disk")
    assert headers["retry-after"] == str(serving.RETRY_AFTER) and "Idempotency-Key" in json.loads(body)["detail"]
    assert headers["x-request-id"] == "a1b2c3d4e5f6a7b8", "the id the request was logged under"


def test_the_servers_log_names_no_clients_address():
    """The Privacy page says so: a request too slow to arrive, or malformed, is logged without its client's address,
    where gunicorn's line says "Invalid request from ip=...". The answer is gunicorn's own (a problem+json)."""
    worker = serving.ProblemThreadWorker.__new__(serving.ProblemThreadWorker)
    lines = []
    worker.log = SimpleNamespace(**{level: lambda msg, *args: lines.append(msg % args if args else msg)
                                    for level in ("info", "warning", "debug", "exception")})
    worker.cfg = Config()
    for error in (serving.ClientTooSlow(), InvalidRequestLine("HELLO")):
        ours, theirs = socket.socketpair()
        with ours, theirs:
            worker.handle_error(None, ours, ("203.0.113.9", 51234), error)
            ours.shutdown(socket.SHUT_WR)
            assert theirs.makefile("rb").read().startswith(b"HTTP/1.1 4")
    assert len(lines) == 4 and not any("203.0.113.9" in line for line in lines), lines
    named = [line for line in lines if "before any route, request_id" in line]
    assert [line.split()[1] for line in named] == ["408", "400"], "each refusal's line names the id it was answered with"


def test_a_failure_past_the_apps_handlers_is_answered_500_and_safe_to_retry():
    """An exception the app's handlers never saw (a header gunicorn refuses, once the app has
    answered): whether the request's writes were committed is not known here, and the answer says
    so."""
    worker = serving.ProblemThreadWorker.__new__(serving.ProblemThreadWorker)
    worker.log = SimpleNamespace(exception=lambda *args: None, debug=lambda *args: None, info=lambda *args: None)
    ours, theirs = socket.socketpair()
    with ours, theirs:
        worker.handle_error(None, ours, ("127.0.0.1", 1), RuntimeError("app failed"))
        ours.shutdown(socket.SHUT_WR)
        answered, headers, body = answer_head(theirs.makefile("rb").read())
    assert_problem(answered, headers, body, 500, "internal_error")
    detail = json.loads(body)["detail"]
    assert "may or may not" in detail and "Idempotency-Key" in detail and "app failed" not in detail


def trickle(server, head: bytes, body_bytes: int, results: list) -> None:
    """Send `head`, then one byte of body every 0.2 s (or nothing when body_bytes is 0) until the
    server answers (for three times its read timeout at most); keep its answer."""
    with connect(server) as sock:
        sock.sendall(head)
        for _ in range(min(body_bytes, READ_TIMEOUT * 3 * 5)):
            if select.select([sock], [], [], 0.2)[0]:
                break
            sock.sendall(b"x")
        sock.settimeout(READ_TIMEOUT * 2)
        try:
            results.append(answer(sock))
        except TimeoutError:
            results.append("no answer")


def test_slow_clients_do_not_starve_the_service(server):
    host, port = server
    body_head = (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n")
    slow = [(body_head, 1000)] * 4 + [  # four bodies trickled a byte at a time
        (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
         b"Transfer-Encoding: chunked\r\n\r\n", 0),  # a chunked body that never comes
        (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n", 0)]  # headers that never end
    idle = connect(server)  # a connection that never sends a byte
    results: list = []
    clients = [threading.Thread(target=trickle, args=(server, head, n, results)) for head, n in slow]
    for client in clients:
        client.start()
    polls = []
    try:
        while any(client.is_alive() for client in clients):
            polls.append(requests.get(f"http://{host}:{port}/api/v1/health", timeout=1).status_code)
            time.sleep(0.2)
    finally:
        for client in clients:
            client.join()
        idle.close()
    assert len(polls) >= READ_TIMEOUT and set(polls) == {200}, "health answered within 1 s throughout"
    assert len(results) == len(slow)
    assert "no answer" not in results, "every slow request is cut off at its deadline"
    for status, headers, body in results:
        assert_problem(status, headers, body, 408, "request_timeout")


def test_a_client_that_stops_reading_is_let_go(monkeypatch):
    """Sending an answer to a client that reads none of it gives up after the client timeout (as
    the client's connection then breaks) instead of holding the thread for as long as TCP lasts.
    (Over loopback the kernel would take in all of any answer of ours: tested on a socket pair with
    a small send buffer.)"""
    monkeypatch.setattr(serving, "CLIENT_TIMEOUT", 0.5)
    ours, theirs = socket.socketpair()
    with ours, theirs:
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        client = serving.ClientSocket(ours)
        with pytest.raises(BrokenPipeError):
            client.sendall(b"x" * 1_000_000)


class Counted(socket.socket):
    """A socket that counts the changes of its timeout, each a system call (`ioctl`)."""

    changes = 0

    def settimeout(self, value):
        self.changes += 1
        super().settimeout(value)

    def setblocking(self, flag):
        self.changes += 1
        super().setblocking(flag)


def counted_pair() -> tuple[Counted, socket.socket]:
    left, right = socket.socketpair()
    counted = Counted(left.family, left.type, fileno=left.detach())
    return counted, right


def test_a_request_read_and_answered_never_changes_the_sockets_timeout():
    """The socket is made non-blocking once; a read or an answer, and the timeouts gunicorn asks for
    around them, are kept by the ClientSocket and change nothing on the socket: no system call
    besides the read and the send themselves when the socket is ready."""
    ours, theirs = counted_pair()
    with ours, theirs:
        client = serving.ClientSocket(ours)
        made = ours.changes
        theirs.sendall(b"GET / HTTP/1.1\r\n\r\n")
        client.start(serving.CLIENT_TIMEOUT)
        client.setblocking(True)  # as gunicorn asks for before each request
        assert client.recv(100) == b"GET / HTTP/1.1\r\n\r\n"
        client.answer(b"HTTP/1.1 204 No Content\r\n\r\n")
        client.settimeout(2.0)
        client.setblocking(False)  # as gunicorn asks for before the connection goes back to its poller
        assert theirs.recv(100) == b"HTTP/1.1 204 No Content\r\n\r\n"
        assert ours.changes == made and ours.gettimeout() == 0.0


def test_a_read_waits_for_the_client_until_the_timeout_asked_for():
    """A read waits for bytes still on their way, and fails after the timeout asked for (gunicorn
    draining a body) when that comes before the request's deadline: a timeout, not a late request."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        client = serving.ClientSocket(ours)
        client.start(serving.CLIENT_TIMEOUT)
        threading.Timer(0.1, theirs.sendall, (b"late",)).start()
        assert client.recv(10) == b"late"
        client.settimeout(0.1)
        with pytest.raises(TimeoutError):
            client.recv(10)
        assert not client.expired


def test_an_answer_larger_than_the_sockets_buffer_arrives_whole():
    """A send the socket takes in parts waits for the client to read, and sends every byte once."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        client = serving.ClientSocket(ours)
        answer = os.urandom(300_000)
        received = bytearray()

        def read() -> None:
            while len(received) < len(answer):
                time.sleep(0.001)
                received.extend(theirs.recv(8192))

        reader = threading.Thread(target=read)
        reader.start()
        client.answer(answer)
        reader.join(5)
        assert bytes(received) == answer


def test_a_connection_closed_after_a_request_longer_than_the_read_deadline_closes_quietly():
    """A poll may wait past CLIENT_TIMEOUT; once it has ended, gunicorn's graceful close of its
    connection (which reads what the client still sends) closes it without failing."""
    ours, theirs = socket.socketpair()
    client = serving.ClientSocket(ours)
    client.start(0.01)
    time.sleep(0.05)
    client.end()
    theirs.close()
    util.close_graceful(client)
    assert ours.fileno() == -1


def test_a_file_is_sent_whole_and_the_socket_stays_non_blocking(tmp_path):
    """`sendfile` (gunicorn's, for a file the app answers with) needs the socket's own timeout: it
    gets it for the send only."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        client = serving.ClientSocket(ours)
        page = tmp_path / "page.html"
        page.write_bytes(b"<p>hello</p>")
        with page.open("rb") as file:
            assert client.sendfile(file) == 12
        assert theirs.recv(100) == b"<p>hello</p>" and ours.gettimeout() == 0.0


class Sends:
    """A socket that keeps each send apart."""

    def __init__(self):
        self.sends: list[bytes] = []

    def send(self, data: bytes) -> int:
        self.sends.append(bytes(data))
        return len(data)

    sendall = send

    def setblocking(self, _flag: bool) -> None:
        pass

    settimeout = setblocking

    def shutdown(self, _how: int) -> None:
        pass


def gunicorn_answer(status: str, body: bytes | None, early_hints: bool = False) -> list[bytes]:
    """The sends gunicorn's own response writer makes through a ClientSocket for one answer,
    up to the end of its request."""
    cfg = Config()
    request = next(RequestParser(cfg, [b"GET / HTTP/1.1\r\nHost: example\r\n\r\n"], ("127.0.0.1", 1)))
    sends = Sends()
    client = serving.ClientSocket(sends)
    client.start(serving.CLIENT_TIMEOUT)
    response, environ = wsgi.create(request, client, ("127.0.0.1", 1), ("127.0.0.1", 2), cfg)
    if early_hints:
        environ["wsgi.early_hints"]([("Link", "</app.css>; rel=preload")])
        assert len(sends.sends) == 1, "an interim answer goes out at once"
    response.start_response(status, [("Content-Length", str(len(body or b"")))])
    if body is not None:
        response.write(body)
    response.close()
    client.end()  # the request has ended (ProblemThreadWorker._serve)
    return sends.sends


def test_an_answer_goes_out_in_one_send():
    """A response's head and body leave in one send: one system call and one segment, not two."""
    [sent] = gunicorn_answer("200 OK", b'{"ok": true}')
    assert sent.startswith(b"HTTP/1.1 200 OK\r\n") and sent.endswith(b'\r\n\r\n{"ok": true}')
    [sent] = gunicorn_answer("304 Not Modified", None)
    assert sent.startswith(b"HTTP/1.1 304 Not Modified\r\n") and sent.endswith(b"\r\n\r\n")
    hint, sent = gunicorn_answer("200 OK", b"page", early_hints=True)
    assert hint.startswith(b"HTTP/1.1 103 ") and sent.startswith(b"HTTP/1.1 200 OK\r\n") and sent.endswith(b"page")


def test_a_live_answer_is_dated_now(server):
    host, port = server
    before = time.time()
    dated = parsedate_to_datetime(requests.get(f"http://{host}:{port}/api/v1/health", timeout=5).headers["Date"])
    assert int(before) <= dated.timestamp() <= time.time()


def test_a_held_head_is_not_sent_after_a_timeout_answer():
    """When the worker's timeout answers a request (503), a head its thread held is never sent."""
    sends = Sends()
    client = serving.ClientSocket(sends)
    client.start(serving.CLIENT_TIMEOUT)
    client.sendall(b"HTTP/1.1 304 Not Modified\r\nContent-Length: 0\r\n\r\n")
    client.give_up(serving.problem_response(503))
    with pytest.raises(BrokenPipeError):
        client.end()
    [sent] = sends.sends
    assert sent.startswith(b"HTTP/1.1 503 ")


WORKER_TIMEOUT = 3  # seconds, gunicorn's timeout in the server under test


@pytest.fixture(scope="module")
def patient_server(app, tmp_path_factory):
    """A server whose database waits would outlast its worker timeout."""
    log = tmp_path_factory.mktemp("patient") / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, workers=2, RATELIMIT_ENABLED="false",
                  GUNICORN_CMD_ARGS=f"--timeout {WORKER_TIMEOUT}",
                  DATABASE_LOCK_TIMEOUT="20", DATABASE_STATEMENT_TIMEOUT="20") as base:
        yield base


@contextmanager
def writes_blocked(url: str):
    """Another connection holds the write lock (SQLite) or the events table (PostgreSQL)."""
    url = make_url(url)
    if url.get_backend_name() == "sqlite":
        holder = sqlite3.connect(url.database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
    else:
        with psycopg.connect(libpq_url(url)) as holder:
            holder.execute("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
            yield


def test_a_request_over_the_worker_timeout_is_a_503_and_safe_to_retry(app, patient_server):
    base = patient_server
    match_id, tokens, _ = new_match(base)
    auth = {"Authorization": f"Bearer {tokens[0]}", "Idempotency-Key": str(uuid.uuid4())}
    view = requests.get(f"{base}/api/v1/games/{match_id}", headers=auth).json()
    move = {"version": 0, "move": first_legal(view)}
    with writes_blocked(app.config["SQLALCHEMY_DATABASE_URI"]):
        stalled = requests.post(f"{base}/api/v1/games/{match_id}/moves", json=move, timeout=30,
                                headers={**auth, "X-Request-Id": "bot-move-0001"})
    assert (stalled.status_code, stalled.headers["Content-Type"]) == (503, "application/problem+json")
    assert stalled.json()["code"] == "server_timeout" and int(stalled.headers["Retry-After"]) >= 1
    # The request was logged under its id (the spec's Unavailable answer requires the header): a bot
    # polling during a long database lock met this 503 without it.
    assert stalled.headers.get("X-Request-Id") == "bot-move-0001"
    for _ in range(50):  # the stalled move may still land once the lock is gone: let it finish or fail
        if requests.get(f"{base}/api/v1/games/{match_id}").json().get("version") == 1:  # (503 while it runs: its gate cutoff has passed)
            break
        time.sleep(0.1)
    retried = requests.post(f"{base}/api/v1/games/{match_id}/moves", json=move, headers=auth, timeout=30)
    assert retried.status_code == 200, retried.text
    assert requests.get(f"{base}/api/v1/games/{match_id}").json()["version"] == 1, "the move was made once"


def test_the_settled_settings_are_gunicorns_own(tmp_path):
    """A worker's settings, read once (serving.SettledConfig), are those of gunicorn.conf.py as
    gunicorn reads them: every setting, and the Config's own properties and methods."""
    cfg = Config()
    for name, value in {"threads": 7, "keepalive": 3, "forwarded_allow_ips": "10.0.0.1",
                        "worker_class": "serving.ProblemThreadWorker"}.items():
        cfg.set(name, value)
    settled = serving.SettledConfig(cfg)
    for name in cfg.settings:
        assert getattr(settled, name) == getattr(cfg, name), name
    assert settled.worker_class is serving.ProblemThreadWorker, "a property, not the setting's text"
    assert (settled.threads, settled.keepalive) == (7, 3) and not settled.is_ssl
    assert [str(net) for net in settled.forwarded_allow_networks()] == ["10.0.0.1/32"]


def test_a_client_socket_passes_on_what_it_does_not_wrap():
    """ClientSocket keeps the socket's methods it was asked for: they still act on the socket."""
    left, right = socket.socketpair()
    with left, right:
        wrapped = serving.ClientSocket(left)
        assert wrapped.fileno() == left.fileno() and wrapped.getsockname() == left.getsockname()
        wrapped.shutdown(socket.SHUT_WR)
        assert right.recv(10) == b"", "the socket itself was shut"


@pytest.mark.parametrize(("running", "lingering", "lingers"), [(0, 0, True), (5, 0, True), (6, 0, False), (3, 3, False)])
def test_a_thread_lingers_for_the_next_request_while_a_quarter_of_the_threads_stay_free(running, lingering, lingers):
    """Of 8 threads: a thread waits for its connection's next request while, with it, at most 6
    run a request (a poll waiting for news included) or linger."""
    left, right = socket.socketpair()
    with left, right:
        right.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        worker = SimpleNamespace(_lingering=lingering, _lingering_lock=threading.Lock(),
                                 running=dict.fromkeys(range(running)), cfg=SimpleNamespace(threads=8))
        conn = SimpleNamespace(sock=left, parser=SimpleNamespace(unreader=SimpleNamespace(buf=io.BytesIO())))
        assert serving.ProblemThreadWorker._next_request_follows(worker, conn) is lingers
        assert worker._lingering == lingering
        conn.parser.unreader.buf.write(b"GET")  # a request read already is served, whoever lingers
        assert serving.ProblemThreadWorker._next_request_follows(worker, conn) is True


def test_a_thread_lingers_on_a_connection_numbered_past_1024():
    """A worker holding many connections has descriptors past the 1024 that `select` takes."""
    if resource.getrlimit(resource.RLIMIT_NOFILE)[0] <= 1500:
        pytest.skip("this process may not open a descriptor numbered 1500")
    left, right = socket.socketpair()
    with right, socket.socket(fileno=os.dup2(left.fileno(), 1500)) as high:
        left.close()
        right.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        worker = SimpleNamespace(_lingering=0, _lingering_lock=threading.Lock(), running={},
                                 cfg=SimpleNamespace(threads=8))
        conn = SimpleNamespace(sock=high, parser=SimpleNamespace(unreader=SimpleNamespace(buf=io.BytesIO())))
        assert serving.ProblemThreadWorker._next_request_follows(worker, conn) is True


@pytest.fixture
def counts(monkeypatch):
    """A fresh table of the workers' counts of connections, as the master maps it."""
    fresh = serving.Counts()
    monkeypatch.setattr(serving, "counts", fresh)
    return fresh


def test_a_worker_holding_more_than_its_share_takes_no_new_connection(counts):
    first, second = counts.claim(101), counts.claim(102)
    assert first != second
    counts.publish(first, 10)
    counts.publish(second, 10)
    assert counts.may_accept(10) and counts.may_accept(11) and not counts.may_accept(12)
    counts.publish(second, 4)
    assert counts.may_accept(4) and counts.may_accept(5) and not counts.may_accept(10), "the first waits for the second"
    counts.release(second)
    assert counts.may_accept(10), "a worker that stopped is not counted"


def test_a_worker_not_heard_from_is_not_counted_and_its_slot_is_taken_again(counts, monkeypatch):
    stuck, running = counts.claim(101), counts.claim(102)
    counts.publish(stuck, 0)
    counts.publish(running, 30)
    assert not counts.may_accept(30)
    now = time.monotonic()
    monkeypatch.setattr(serving.time, "monotonic", lambda: now + serving.Counts.STALE + 1)
    counts.publish(running, 30)
    assert counts.may_accept(30), "the stuck worker has not published for STALE seconds"
    assert counts.claim(103) == stuck and not counts.owns(stuck, 101) and counts.owns(stuck, 103)


def test_past_its_slots_a_worker_goes_uncounted(counts, monkeypatch):
    monkeypatch.setattr(serving.Counts, "SLOTS", 2)
    table = serving.Counts()
    assert [table.claim(pid) for pid in (101, 102, 103)] == [0, 1, None]


def test_the_counts_are_shared_with_forked_workers(counts):
    """A worker forked after the table was made publishes where its siblings read."""
    context = multiprocessing.get_context("fork")
    done = context.Event()
    child = context.Process(target=lambda: (counts.publish(counts.claim(os.getpid()), 0), done.set()))
    child.start()
    child.join(10)
    assert done.is_set() and child.exitcode == 0
    assert counts.may_accept(1) and not counts.may_accept(2), "the child's count, 0, is seen here"


def test_workers_claiming_at_once_get_a_slot_each(counts, monkeypatch):
    """Claims from workers started together are taken in turn (a lock on the table's file). Here
    each child's claim takes 50 ms to look at each slot: without the lock, every child would find
    the first slot free before the first of them took it."""
    class SlowTime(float):
        def __sub__(self, other):
            time.sleep(0.05)
            return float(self) - other

    monkeypatch.setattr(serving.time, "monotonic", lambda now=time.monotonic: SlowTime(now()))
    context = multiprocessing.get_context("fork")
    slots = context.SimpleQueue()
    children = [context.Process(target=lambda: slots.put(counts.claim(os.getpid()))) for _ in range(4)]
    for child in children:
        child.start()
    for child in children:
        child.join(10)
    claimed = [slots.get() for _ in children]
    assert sorted(claimed) == list(range(4)), claimed


def accepting_worker(pid: int = 101) -> serving.ProblemThreadWorker:
    """A worker as far as accepting goes: its slot, its count of connections and its poller."""
    worker = serving.ProblemThreadWorker.__new__(serving.ProblemThreadWorker)
    worker.pid, worker.alive, worker._accepting, worker.nr_conns, worker.waits = pid, True, True, 0, []
    worker.worker_connections = 1000
    worker.poller = SimpleNamespace(select=lambda timeout: worker.waits.append(timeout) or [])
    worker._slot = serving.counts.claim(pid)
    return worker


def test_a_worker_publishes_its_count_at_every_turn_and_stops_accepting_over_its_share(counts):
    worker, other = accepting_worker(101), counts.claim(102)
    counts.publish(other, 5)
    worker.nr_conns = 7
    serving.ProblemThreadWorker.wait_for_and_dispatch_events(worker, 1.0)
    assert not counts.may_accept(7) and counts.may_accept(6), "7 published"
    assert worker.worker_connections == 0, "gunicorn's loop stops accepting"
    worker._accepting = False
    serving.ProblemThreadWorker.wait_for_and_dispatch_events(worker, 1.0)
    assert worker.waits == [1.0, serving.RECHECK], "a worker over its share asks again soon"
    counts.publish(other, 6)
    assert worker.worker_connections == 1000
    worker.nr_conns = 2
    serving.ProblemThreadWorker.wait_for_and_dispatch_events(worker, 1.0)
    assert not counts.may_accept(4)
    worker.alive = False  # stopping
    serving.ProblemThreadWorker.wait_for_and_dispatch_events(worker, 1.0)
    assert counts.may_accept(4), "a stopping worker is not counted"


def test_a_worker_that_lost_its_slot_claims_another(counts):
    worker = accepting_worker(101)
    lost = worker._slot
    counts.release(lost)
    assert counts.claim(102) == lost
    serving.ProblemThreadWorker.wait_for_and_dispatch_events(worker, 1.0)
    assert worker._slot != lost and counts.owns(worker._slot, 101) and counts.owns(lost, 102)


def holders(port: str) -> collections.Counter:
    """The connections to `port` each process holds (read from `ss`)."""
    held = subprocess.run(["ss", "-tnpH", "state", "established", f"( sport = :{port} )"], capture_output=True,
                          text=True, check=True).stdout
    return collections.Counter(re.findall(r"pid=(\d+)", held))


def held_connection(host: str, port: str) -> socket.socket:
    """A connection that has been answered once, kept open."""
    sock = socket.create_connection((host, int(port)), timeout=10)
    sock.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
    answer(sock)
    return sock


def every_worker_serving(base: str, workers: int) -> None:
    """Once each of the `workers` serves and publishes its count of connections: until then, the
    first worker running takes every connection (serving.Counts)."""
    host, port = base.removeprefix("http://").split(":")
    opened: list[socket.socket] = []
    deadline = time.monotonic() + 30
    while len(holders(port)) < workers:  # a connection at a time, held, until the last worker takes one
        assert time.monotonic() < deadline, "a worker never served"
        opened.append(held_connection(host, port))
    for sock in opened:
        sock.close()
    while holders(port):
        time.sleep(0.05)
    time.sleep(0.2)  # the workers publish their counts of connections at their loop's next turn


def test_connections_opened_at_once_are_shared_among_the_workers(app, tmp_path):
    """64 connections opened at once to two workers: each holds its share, give or take the
    SLACK and a connection each accepted before its sibling's count was published. (Once both
    run: a worker still starting is not counted, and until it runs the first takes every
    connection.)"""
    log = tmp_path / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, workers=2, RATELIMIT_ENABLED="false") as base:
        host, port = base.removeprefix("http://").split(":")
        every_worker_serving(base, 2)
        opened: list[socket.socket] = []

        def ask() -> None:
            opened.append(held_connection(host, port))

        askers = [threading.Thread(target=ask) for _ in range(64)]
        for asker in askers:
            asker.start()
        for asker in askers:
            asker.join()
        split = sorted(holders(port).values())
        for sock in opened:
            sock.close()
    assert len(split) == 2 and sum(split) == 64 and split[1] - split[0] <= serving.Counts.SLACK + 2, split


def test_a_database_stall_is_answered_by_the_app_and_never_restarts_the_worker(app, tmp_path):
    """A write lock held from outside (a backup, a `sqlite3` shell) while players' polls wait and
    their moves queue: each is answered before the worker's timeout, by the app (a poll's 304, a
    move's `503 database_unavailable`), never by the timeout's `503 server_timeout`, which restarted
    the worker and cut every poll it held. Before, the polls' wait (20 s) ended behind moves each
    holding the gate for SQLite's busy timeout (10 s)."""
    answered_in_time_through_a_stall(app, tmp_path, workers=1, matches=3, held=None,
                                     DATABASE_LOCK_TIMEOUT="8", DATABASE_STATEMENT_TIMEOUT="8")


@pytest.mark.parametrize("held", [30, 60])
def test_a_long_stall_over_two_workers_is_answered_by_the_app(app, tmp_path, held):
    """The same with two workers and the lock held longer than the worker's timeout: a move of one
    worker queued for the writers' turn (api/writers.py) behind the other's, stalled for SQLite's
    whole busy timeout, then waited that long again itself, past the timeout."""
    answered_in_time_through_a_stall(app, tmp_path, workers=2, matches=8, held=held)


def answered_in_time_through_a_stall(app, tmp_path, workers: int, matches: int, held: float | None, **env: str) -> None:
    """Polls and moves of `matches` matches sent while another connection holds the write lock,
    `held` seconds (None: until all are answered): each answered by the app before the worker's
    timeout, and no worker restarted."""
    log = tmp_path / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, workers=workers, RATELIMIT_ENABLED="false", **env) as base:
        every_worker_serving(base, workers)
        created, polls, moves = [new_match(base) for _ in range(matches)], [], []
        for match_id, tokens, _ in created:
            view = requests.get(f"{base}/api/v1/games/{match_id}", headers={"Authorization": f"Bearer {tokens[0]}"})
            moves.append((match_id, tokens[0], {"version": 0, "move": first_legal(view.json())}))
            polls += [(match_id, tokens[seat], view.headers["ETag"] if seat == 0 else requests.get(
                f"{base}/api/v1/games/{match_id}", headers={"Authorization": f"Bearer {tokens[1]}"}).headers["ETag"])
                for seat in (0, 1)]
        answers: list[tuple[str, requests.Response | Exception]] = []

        def send(kind: str, method: str, path: str, **kwargs) -> None:
            try:
                answered = requests.request(method, f"{base}/api/v1/games/{path}", timeout=90, **kwargs)
            except requests.RequestException as error:
                answered = error
            answers.append((kind, answered))

        with writes_blocked(app.config["SQLALCHEMY_DATABASE_URI"]):
            blocked = time.monotonic()
            senders = [threading.Thread(target=send, args=("poll", "GET", match_id), kwargs={"headers": {
                "Authorization": f"Bearer {token}", "If-None-Match": tag, "Prefer": "wait=20"}})
                for match_id, token, tag in polls]
            senders += [threading.Thread(target=send, args=("move", "POST", f"{match_id}/moves"), kwargs={
                "json": move, "headers": {"Authorization": f"Bearer {token}", "Idempotency-Key": str(uuid.uuid4())}})
                for match_id, token, move in moves]
            for sender in senders:
                sender.start()
            if held is None:
                for sender in senders:
                    sender.join(60)
            else:
                time.sleep(max(held - (time.monotonic() - blocked), 0))
        for sender in senders:
            sender.join(90)
        # Whether the app answered in time is told by who answered, not by the clock: an answer past the
        # worker's timeout is its `503 server_timeout` and a worker booted again. (The clock, read here,
        # adds this loaded machine's delays in sending and reading: a move once "took" 25.1 s.)
        for kind, answered in answers:
            assert not isinstance(answered, Exception), f"a {kind} was cut: {answered}"
            if answered.status_code == 503:
                assert answered.json()["code"] == "database_unavailable", f"a {kind}: {answered.text}"
                assert int(answered.headers["Retry-After"]) >= 1 and answered.headers["X-Request-Id"]
            else:
                assert (kind, answered.status_code) in (("poll", 304), ("move", 200)), f"a {kind}: {answered.text}"
        assert len(answers) == len(senders)
        assert "REQUEST TIMEOUT" not in log.read_text() and log.read_text().count("Booting worker") == workers
        match_id, token, move = moves[0]
        again = requests.post(f"{base}/api/v1/games/{match_id}/moves", json=move, timeout=30,
                              headers={"Authorization": f"Bearer {token}", "Idempotency-Key": str(uuid.uuid4())})
        assert again.status_code in (200, 409), again.text  # served again at once (409: the stalled move landed)
