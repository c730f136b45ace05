"""plain_http.py, the worker's own path for a plain request, held against gunicorn's: the environ an
app sees and the answer a client gets are gunicorn's, and every request out of the ordinary is
given back to gunicorn's path untouched."""
import ipaddress
import json
import re
import socket
import sys
from email.utils import formatdate
from types import SimpleNamespace

import pytest
from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.http.errors import InvalidResponseHeader, InvalidResponseHeaderName
from gunicorn.http.parser import RequestParser
from gunicorn.workers.gthread import TConn

import plain_http
import serving

from .test_serving import answer, answer_head, connect, server  # noqa: F401  (server: a fixture)

CLIENT, SERVER = ("127.0.0.1", 50000), ("127.0.0.1", 8000)
UNTRUSTED = ("10.0.0.9", 50000)


class App:
    """A WSGI app answering `status`, `headers` and `body` (its chunks), keeping the environ it saw."""

    def __init__(self, status="200 OK", headers=(("Content-Type", "text/plain"), ("Content-Length", "5")),
                 body=(b"hello",)):
        self.status, self.headers, self.body = status, list(headers), list(body)
        self.environs: list[dict] = []

    def __call__(self, environ, start_response):
        self.environs.append({**environ, "body": environ["wsgi.input"].read()})
        start_response(self.status, self.headers)
        return self.body


class Link:
    """A worker's connection to a client over a socket pair, served by plain_http."""

    def __init__(self, app, client=CLIENT, **settings):
        cfg = Config()
        for name, value in {"http_parser": "fast", **settings}.items():
            cfg.set(name, value)
        self.cfg = serving.SettledConfig(cfg)
        self.worker = SimpleNamespace(cfg=self.cfg, wsgi=app, nr=0, max_requests=sys.maxsize, alive=True,
                                      keepalived_conns=[], max_keepalived=10, log=SimpleNamespace(info=print))
        self.server = plain_http.PlainServer(self.worker)
        self.ours, self.theirs = socket.socketpair()
        sock = serving.ClientSocket(self.ours)
        sock.start(5)
        self.conn = TConn(self.cfg, sock, client, SERVER)

    def serve(self, request: bytes):
        """Send `request`, serve what the worker reads of it: what `serve` answered, and what was sent."""
        self.theirs.sendall(request)
        kept = self.server.serve(self.conn)
        self.theirs.setblocking(False)
        try:
            sent = self.theirs.recv(1 << 20)
        except BlockingIOError:
            sent = b""
        self.theirs.setblocking(True)
        return kept, sent

    def left(self) -> bytes:
        """What the worker read and has not served: gunicorn's parser reads it next."""
        return self.conn.parser.unreader.take_buffered()

    def close(self) -> None:
        self.ours.close()
        self.theirs.close()


@pytest.fixture
def link():
    made: list[Link] = []

    def make(app, **kwargs) -> Link:
        made.append(Link(app, **kwargs))
        return made[-1]
    yield make
    for each in made:
        each.close()


def gunicorns_environ(request: bytes, client=CLIENT) -> dict:
    """The environ gunicorn's own path makes of `request`, with its body read."""
    cfg = Config()
    cfg.set("http_parser", "fast")
    parsed = next(RequestParser(cfg, [request], client))
    _, environ = wsgi.create(parsed, None, client, SERVER, cfg)
    environ["wsgi.multithread"] = True  # the threaded worker's
    return {**environ, "body": environ["wsgi.input"].read()}


PLAIN = {
    "a poll": b"GET /api/v1/games/abc?x=1&y=%20z HTTP/1.1\r\nHost: example.org\r\nAuthorization: Bearer t0k-n\r\n"
              b'If-None-Match: "v3-0"\r\nPrefer: wait=20\r\nAccept: */*\r\nX-Empty:\r\n\r\n',
    "a move": b"POST /api/v1/games/abc/moves HTTP/1.1\r\nHost: example.org:8443\r\nContent-Type: application/json\r\n"
              b'Content-Length: 28\r\nIdempotency-Key: k1\r\n\r\n{"version": 3, "move": null}',
    "a path to unquote": b"GET /caf%C3%A9/a%2Fb HTTP/1.1\r\nHost: x\r\n\r\n",
    "a head": b"HEAD /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n",
    "an empty body": b"DELETE /api/v1/games/abc/seats/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
    "a proxy's scheme": b"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: https\r\nX-Forwarded-For: 1.2.3.4\r\n\r\n",
    "a proxy's other scheme": b"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: http\r\n\r\n",
    "two that agree": b"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Ssl: on\r\n\r\n",
    "headers named like CGI's": b"GET / HTTP/1.1\r\nHost: x\r\nScript-Name: /x\r\nPath-Info: /y\r\n\r\n",
}


@pytest.mark.parametrize("client", [CLIENT, UNTRUSTED], ids=["trusted", "untrusted"])
@pytest.mark.parametrize("name", sorted(PLAIN))
def test_a_plain_requests_environ_is_gunicorns(link, name, client):
    app = App()
    served = link(app, client=client)
    kept, sent = served.serve(PLAIN[name])
    assert kept is True and sent.startswith(b"HTTP/1.1 200 OK\r\n")
    [ours] = app.environs
    theirs = gunicorns_environ(PLAIN[name], client)
    differ = {"wsgi.input", "gunicorn.socket", "wsgi.early_hints", "wsgi.errors"}  # objects, and hints not offered
    assert {k: v for k, v in ours.items() if k not in differ} == {k: v for k, v in theirs.items() if k not in differ}
    assert set(ours) == set(theirs) - {"wsgi.early_hints"}


def test_a_trusted_proxys_scheme_is_taken_and_an_untrusted_clients_is_not(link):
    request = PLAIN["a proxy's scheme"]
    for client, scheme in ((CLIENT, "https"), (UNTRUSTED, "http")):
        app = App()
        link(app, client=client).serve(request)
        assert app.environs[0]["wsgi.url_scheme"] == scheme
        assert app.environs[0]["HTTP_X_FORWARDED_PROTO"] == "https", "passed on either way"


NOT_PLAIN = {
    "HTTP/1.0": b"GET / HTTP/1.0\r\nHost: x\r\n\r\n",
    "a chunked body": b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    "an expectation": b"POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n",
    "an upgrade": b"GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n",
    "an underscore": b"GET / HTTP/1.1\r\nHost: x\r\nX_Forwarded_For: 1.2.3.4\r\n\r\n",
    "a header sent twice": b"GET / HTTP/1.1\r\nHost: x\r\nAccept: a\r\naccept: b\r\n\r\n",
    "a host sent twice": b"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
    "an absolute target": b"GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n",
    "a target of two slashes": b"GET //x/y HTTP/1.1\r\nHost: x\r\n\r\n",
    "a fragment": b"GET /a#b HTTP/1.1\r\nHost: x\r\n\r\n",
    "a large body": b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % (plain_http.PLAIN_BODY + 1),
    "a signed length": b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\nhello",
    "a length in other digits": "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ²\r\n\r\nh".encode("latin-1"),
    "a blank line first": b"\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n",
    "no request line": b"HELLO\r\n\r\n",
    "a request line too long": b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "too many headers": b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(120)) + b"\r\n",
    "schemes that disagree": b"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Ssl: off\r\n\r\n",
}


@pytest.mark.parametrize("name", sorted(NOT_PLAIN))
def test_a_request_out_of_the_ordinary_is_left_to_gunicorn_untouched(link, name):
    app = App()
    served = link(app)
    assert served.serve(NOT_PLAIN[name]) == (plain_http.GUNICORN, b""), "nothing answered"
    assert app.environs == [], "the app was not called"
    assert served.left() == NOT_PLAIN[name], "gunicorn's parser reads the request from its first byte"


def test_a_worker_whose_settings_it_does_not_follow_is_left_to_gunicorn():
    assert plain_http.follows(serving.SettledConfig(Config()))
    for name, value in {"accesslog": "-", "proxy_protocol": "v1", "casefold_http_method": True,
                        "pre_request": lambda worker, req: None, "permit_unconventional_http_method": True}.items():
        cfg = Config()
        cfg.set(name, value)
        assert not plain_http.follows(serving.SettledConfig(cfg)), name


def gunicorns_answer(app: App, method: str = "GET") -> bytes:
    """What gunicorn's own response writer sends for `app`'s answer to a request (its Date header
    taken out)."""
    cfg = Config()
    request = next(RequestParser(cfg, [f"{method} / HTTP/1.1\r\nHost: example\r\n\r\n".encode()], CLIENT))
    sends = Captured()
    response, environ = wsgi.create(request, sends, CLIENT, SERVER, cfg)
    for chunk in app(environ, response.start_response):
        response.write(chunk)
    response.close()
    return undated(sends.sent)


class Captured:
    def __init__(self):
        self.sent = b""

    def sendall(self, data: bytes) -> None:
        self.sent += data


def undated(sent: bytes) -> bytes:
    return re.sub(rb"Date: [^\r]*\r\n", b"", sent)


def headers_of(sent: bytes) -> tuple[str, list[str], bytes]:
    """An answer's status line, its header lines in order, and its body."""
    head, body = sent.split(b"\r\n\r\n", 1)
    status, *lines = head.decode("latin-1").split("\r\n")
    return status, lines, body


ANSWERS = {  # what the app answers: (status, headers, body chunks)
    "the app's usual": ("200 OK", [("Content-Type", "application/json"), ("Content-Length", "12"), ("ETag", '"v1"'),
                                   ("Vary", "Origin"), ("Vary", "Accept"), ("X-Request-Id", "0123456789abcdef")],
                        [b'{"ok": true}']),
    "in chunks": ("201 Created", [("Content-Length", "6"), ("Location", "/x")], [b"abc", b"", b"def"]),
    "hop-by-hop and padded": ("200 OK", [("Content-Length", "2"), ("X-Padded", " spaced \t"), ("Connection", "keep-alive"),
                                         ("Keep-Alive", "timeout=5"), ("Content-Security-Policy", "default-src 'self'")],
                              [b"ok"]),
    "not modified": ("304 Not Modified", [("ETag", '"v1"'), ("Content-Length", "40")], []),
    "not modified, no length": ("304 Not Modified", [("ETag", '"v1"')], []),
    "no content": ("204 No Content", [("Content-Length", "0")], []),
    "an error": ("404 NOT FOUND", [("Content-Type", "application/problem+json"), ("Content-Length", "2")], [b"{}"]),
}


@pytest.mark.parametrize("method", ["GET", "HEAD"])
@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_an_answer_is_gunicorns_in_one_send(link, name, method):
    """Its status line, headers and body are those gunicorn sends, in one write; the headers
    checked once are sent again as they came."""
    status, headers, body = ANSWERS[name]
    served = link(App(status, headers, body))
    for _ in range(2):  # then from the headers remembered as checked
        kept, sent = served.serve(f"{method} / HTTP/1.1\r\nHost: example\r\n\r\n".encode())
        assert kept is True
        ours, theirs = headers_of(undated(sent)), headers_of(gunicorns_answer(App(status, headers, body), method))
        assert ours[0] == theirs[0] and ours[2] == theirs[2], "the status and the body"
        length = [line for line in theirs[1] if line.startswith("Content-Length")]
        assert sorted(ours[1]) == sorted(theirs[1]) and ours[1][-len(length) or len(ours[1]):] == length, \
            "the same headers, the length last"
    assert ("Content-Length", "12") not in served.server._checked


def test_an_answer_without_a_length_is_sent_with_its_length(link):
    """gunicorn would send it chunked: the whole body is in hand here."""
    kept, sent = link(App(headers=[("Content-Type", "text/plain")], body=[b"he", b"llo"])).serve(
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    status, lines, body = headers_of(sent)
    assert kept is True and "Content-Length: 5" in lines and body == b"hello"
    assert not any(line.startswith("Transfer-Encoding") for line in lines)


def test_a_body_longer_than_its_length_is_cut_and_a_shorter_one_closes_the_connection(link):
    kept, sent = link(App(headers=[("Content-Length", "3")], body=[b"hello"])).serve(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert kept is True and sent.endswith(b"\r\n\r\nhel") and b"Content-Length: 3\r\n" in sent
    kept, sent = link(App(headers=[("Content-Length", "9")], body=[b"hello"])).serve(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert kept is False and b"Connection: close\r\n" in sent and sent.endswith(b"hello")


@pytest.mark.parametrize("header", [("X-Bad", "one\r\nSet-Cookie: x=1"), ("Bad Name", "x"), ("X-Bad", 1)])
def test_a_header_gunicorn_refuses_is_refused_every_time(link, header):
    served = link(App(headers=[("Content-Type", "text/plain"), header]))
    for _ in range(2):
        with pytest.raises((InvalidResponseHeader, InvalidResponseHeaderName)):
            served.serve(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert header not in served.server._checked


def test_headers_are_not_kept_past_a_bound(link, monkeypatch):
    monkeypatch.setattr(plain_http, "HEADERS_KEPT", 3)
    headers = [(f"X-{n}", "value") for n in range(6)]
    served = link(App(headers=headers, body=[b""]))
    for _ in range(2):
        kept, sent = served.serve(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert [line for line in headers_of(sent)[1] if line.startswith("X-")] == [f"X-{n}: value" for n in range(6)]
    assert served.server._checked == set(headers[:3])


def test_requests_sent_together_are_served_one_after_the_other(link):
    app = App()
    served = link(app)
    first, second = PLAIN["a move"], PLAIN["a poll"]
    kept, sent = served.serve(first + second)
    assert kept is True and sent.count(b"HTTP/1.1 200 OK") == 1
    assert app.environs[0]["body"] == b'{"version": 3, "move": null}'
    assert served.conn.parser.unreader.buf.getvalue() == second, "the next request waits in the parser's buffer"
    kept, sent = served.serve(b"")
    assert kept is True and app.environs[1]["PATH_INFO"] == "/api/v1/games/abc"


def test_a_request_arriving_in_pieces_is_read_whole(link):
    app = App()
    served = link(app)
    request = PLAIN["a move"]
    served.theirs.sendall(request[:10])
    served.theirs.sendall(request[10:80])
    kept, _ = served.serve(request[80:])
    assert kept is True and app.environs[0]["body"] == b'{"version": 3, "move": null}'


def test_a_client_gone_before_its_request_is_whole_ends_the_connection(link):
    app = App()
    served = link(app)
    served.theirs.sendall(PLAIN["a move"][:-5])
    served.theirs.shutdown(socket.SHUT_WR)
    assert served.server.serve(served.conn) is False and app.environs == []


@pytest.mark.parametrize(("request_", "settings", "worker", "closes"), [
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", {}, {}, False),
    (b"GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n", {}, {}, True),
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", {"keepalive": 0}, {}, True),
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", {}, {"alive": False}, True),
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", {}, {"max_requests": 1}, True),
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", {}, {"keepalived_conns": [1] * 10}, True),
])
def test_a_connection_closes_after_a_request_as_gunicorn_decides(link, request_, settings, worker, closes):
    served = link(App(), **settings)
    vars(served.worker).update(worker)
    kept, sent = served.serve(request_)
    assert kept is not closes and (b"Connection: close\r\n" in sent) is closes
    assert served.worker.nr == 1
    if "max_requests" in worker:
        assert served.worker.alive is False, "the worker restarts after it"


def test_plain_and_other_requests_share_a_live_connection(server):  # noqa: F811
    """Through gunicorn: a plain request, one gunicorn's path serves (chunked), and a plain one
    again, on one connection."""
    with connect(server) as sock:
        sock.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answer(sock)[0] == 200
        sock.sendall(b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        status, headers, body = answer(sock)
        assert (status, json.loads(body)["errors"]) == (422, {"game": ["Missing data for required field."]}), \
            "the chunked body reached the app"
        sock.sendall(b"HEAD /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        status, headers, rest = answer_head(data)
        assert status == 200 and rest == b"" and int(headers["content-length"]) > 0, "a head has no body"


def test_the_date_header_follows_the_clock_a_second_at_a_time(monkeypatch):
    """The Date header is formatted once a second (plain_http.http_date), and is always the current second's."""
    now = [1_700_000_000.25]
    monkeypatch.setattr(plain_http, "_date", (0, ""))
    monkeypatch.setattr(plain_http.time, "time", lambda: now[0])
    seen = []
    for step in (0, 0.5, 0.3, 2.0):
        now[0] += step
        seen.append(plain_http.http_date())
        assert seen[-1] == formatdate(now[0], usegmt=True)
    assert seen[0] == seen[1] and seen[1] != seen[2] != seen[3]
    assert plain_http.http_date(86400) == "Fri, 02 Jan 1970 00:00:00 GMT", "a given time is formatted as gunicorn does"


@pytest.mark.parametrize(("address", "allowed", "trusted"), [
    ("127.0.0.1", ["127.0.0.1", "::1"], True), ("::1", ["127.0.0.1", "::1"], True),
    ("10.0.0.5", ["127.0.0.1", "::1"], False), ("10.0.0.5", ["10.0.0.0/8"], True),
    ("not an address", ["127.0.0.1"], False), ("10.0.0.5", ["*"], True),
])
def test_a_peer_is_trusted_as_gunicorn_decides_once_per_address(monkeypatch, address, allowed, trusted):
    """Whether a client may set the scheme and forwarding headers (plain_http.trusted_peer) is
    gunicorn's own answer, asked once per address and allow list."""
    monkeypatch.setattr(plain_http, "_peers", {})
    asked = []
    monkeypatch.setattr(plain_http, "_ip_in_allow_list", lambda *args: asked.append(args) or gunicorns(*args))
    cfg = Config()
    cfg.set("forwarded_allow_ips", ",".join(allowed))
    networks = cfg.forwarded_allow_networks() if "*" not in allowed else []
    for _ in range(3):
        assert plain_http.trusted_peer(address, cfg.forwarded_allow_ips, networks) is trusted
    assert len(asked) == 1
    assert plain_http.trusted_peer(address, ["192.0.2.1"], []) is False
    assert len(asked) == 2, "another allow list is asked again"


gunicorns = plain_http._ip_in_allow_list


def test_peers_are_not_kept_past_a_bound(monkeypatch):
    monkeypatch.setattr(plain_http, "_peers", {})
    monkeypatch.setattr(plain_http, "PEERS_KEPT", 5)
    addresses = [f"10.0.0.{n}" for n in range(12)]
    assert [plain_http.trusted_peer(address, ["10.0.0.0/29"], [ipaddress.ip_network("10.0.0.0/29")])
            for address in addresses] == [n < 8 for n in range(12)]
    assert 0 < len(plain_http._peers) <= 5
