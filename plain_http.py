"""The worker's own path for a plain HTTP/1.1 request: gunicorn's work on it in few bytecodes.

gunicorn's threaded worker runs each request through a `Request` (its parser's message, a body
reader, the header policy), `wsgi.create` (the environ) and a `Response` (start_response, the
headers' checks, the head and the body written apart): under issue 12's load 2,000-2,400 bytecodes
of Python a request, a quarter of all a worker ran, as much as the app itself does for a request
that does nothing (docs/PERFORMANCE.md). Here a request whose every part is plain is parsed by the
same C parser with the same limits, its environ made from a copy made once per listener, and its
answer sent in one write: the head and the whole body.

Plain means: HTTP/1.1; a target in origin form (`/path?query`, no fragment); no header gunicorn
gives a meaning to beyond its value (Expect, Transfer-Encoding, Upgrade, HTTP2-Settings, a name
with an underscore, one sent twice); a body of known length, at most PLAIN_BODY bytes. Anything
else, and every request that does not parse, is given back untouched to gunicorn's own path
(`GUNICORN`), which parses the same bytes again and answers as it always has: the errors (400,
414, 431, 501 ...), `100 Continue`, chunked bodies, headers joined or dropped. gunicorn's path also
serves every request of a worker whose settings this path does not follow (`follows`): TLS, an
access log, request hooks, the PROXY protocol, HTTP/2, SCRIPT_NAME.

What the answer keeps from gunicorn's: the status line, `Server`, `Date` and `Connection` first;
each header checked against the same grammar (once per name and value: gunicorn runs two regular
expressions on each header of each answer), hop-by-hop headers dropped; no body after a `HEAD`,
`204`, `304` or `1xx`, and no `Content-Length` on a `204` or `1xx`; a body longer than its
`Content-Length` cut there, one shorter closing the connection. Unlike gunicorn it sends an answer without a `Content-Length` with its length (the
whole body is in hand) rather than chunked, and `wsgi.early_hints` is not offered (the app does not
use it). The connection is kept or closed by the same rules: the client's `Connection: close`, the
worker stopping or restarting after `max_requests`, too many kept-alive connections.
"""
import functools
import io
import os
import time
from itertools import filterfalse

from gunicorn import SERVER, util
from gunicorn.http import message, wsgi
from gunicorn.http.wsgi import HEADER_VALUE_RE, STATUS_RE, TOKEN_RE, InvalidResponseHeader, InvalidResponseHeaderName
from gunicorn_h1c import IncompleteError, ParseError, parse_request  # type: ignore[import-untyped]

GUNICORN = None  # `serve`'s answer when the request is left to gunicorn's own path
PLAIN_BODY = 64 * 1024  # bytes: a larger body is read by gunicorn's path, as the app takes it
# Headers gunicorn acts on (in the environ's spelling): a request sending one is gunicorn's to serve.
# (SCRIPT_NAME and PATH_INFO, which a trusted proxy may set, have an underscore: gunicorn's too.)
ACTED_ON = frozenset({"HTTP_EXPECT", "HTTP_TRANSFER_ENCODING", "HTTP_UPGRADE", "HTTP_HTTP2_SETTINGS"})
NAMES_KEPT = 512  # request header names whose environ key is remembered (clients may send any)
# Response headers remembered as checked, the first seen: the same ones (the security headers, the
# content type, CORS) come first in every answer, and those that change (an ETag) would fill any number.
HEADERS_KEPT = 256
_LINE = "%s: %s\r\n"
_latin1 = functools.partial(str, encoding="latin-1")  # bytes.decode in C, for `map`

_format_date = util.http_date
_date = (0, "")  # the second last formatted, and its Date header


def http_date(timestamp: float | None = None) -> str:
    """gunicorn's `util.http_date`, the current second's formatted once: email.utils' formatting
    runs about 100 bytecodes, and under issue 12's load took 2 % of a worker's CPU. (A Date header
    shows whole seconds.)"""
    global _date
    if timestamp is not None:
        return _format_date(timestamp)
    second = int(time.time())
    if _date[0] != second:
        _date = (second, _format_date(second))
    return _date[1]


_ip_in_allow_list = message._ip_in_allow_list
_peers: dict[tuple, bool] = {}
PEERS_KEPT = 1024


def trusted_peer(address: str, allow_list: list[str], networks: list) -> bool:
    """gunicorn's check of a client's address against `forwarded_allow_ips` (whether it may set the
    scheme and forwarding headers), remembered per address. gunicorn parses the address with
    `ipaddress` at every request: 280 bytecodes, 4 % of what a request doing nothing runs in a
    worker. At most PEERS_KEPT addresses are kept, then forgotten all at once."""
    asked = (address, *allow_list)
    trusted = _peers.get(asked)
    if trusted is None:
        if len(_peers) >= PEERS_KEPT:
            _peers.clear()
        trusted = _peers[asked] = _ip_in_allow_list(address, allow_list, networks)
    return trusted


def follows(cfg) -> bool:
    """Whether this path serves the requests of a worker with these settings as gunicorn would."""
    def default(name: str) -> bool:
        setting = cfg.settings[name]
        return setting.value is setting.default
    return (not cfg.is_ssl and not cfg.accesslog and cfg.proxy_protocol == "off" and cfg.http_protocols == ["h1"]
            and not cfg.permit_unconventional_http_method and not cfg.casefold_http_method
            and cfg.header_map == "drop" and not os.environ.get("SCRIPT_NAME")
            and default("pre_request") and default("post_request"))


class NotPlain(Exception):
    """The request is gunicorn's to serve; `data`: every byte of it read so far."""

    def __init__(self, data: bytes):
        super().__init__()
        self.data = data


class ClientGone(Exception):
    """The client closed the connection before its request was whole."""


class PlainServer:
    """Serves a worker's plain requests (`serve`); made once per worker, from its settings."""

    def __init__(self, worker):
        cfg = self.cfg = worker.cfg
        self.worker = worker
        line = cfg.limit_request_line  # as gunicorn's Request reads it: 0 is no limit, past the maximum the maximum
        line = 1024 * 1024 if line <= 0 else min(line, message.MAX_REQUEST_LINE)
        fields = cfg.limit_request_fields
        fields = message.MAX_HEADERS if fields <= 0 or fields > message.MAX_HEADERS else fields
        size = cfg.limit_request_field_size if cfg.limit_request_field_size > 0 else message.DEFAULT_MAX_HEADERFIELD_SIZE
        self._limits = {"limit_request_line": line, "limit_request_fields": fields, "limit_request_field_size": size}
        self._most = fields * (size + 2) + 4 + line  # bytes of a head gunicorn reads before it gives up
        self._keys: dict[bytes, str] = {}
        self._checked: set[tuple[str, str]] = set()
        self._bases: dict[tuple, dict] = {}  # per listener's address: the environ's part every request shares
        # gunicorn's `secure_scheme_headers` (set by a proxy in front), as the environ names them
        self._schemes = {"HTTP_" + name.replace("-", "_"): secure for name, secure in cfg.secure_scheme_headers.items()}
        self._networks = cfg.forwarded_allow_networks()  # parsed by `ipaddress` at each call
        self._keep_alive = bool(cfg.keepalive)

    def serve(self, conn) -> bool | None:
        """Serve the connection's next request if it is plain: whether the connection stays open,
        or GUNICORN with every byte read given back to the connection's parser."""
        sock = conn.sock
        sock.setblocking(True)
        conn.init()
        if conn.is_http2 or isinstance(conn.server, str):  # HTTP/2, or a Unix socket (named by the Host header)
            return GUNICORN
        unreader = conn.parser.unreader
        try:
            environ, rest = self._request(unreader.take_buffered(), conn)
        except NotPlain as refused:
            unreader.unread(refused.data)
            return GUNICORN
        except ClientGone:
            return False
        if rest:
            unreader.unread(rest)  # the next request, sent before this one was answered
        return self._answer(environ, sock)

    def _request(self, data: bytes, conn) -> tuple[dict, bytes]:
        """The environ of the request `data` starts (read on from the socket as needed), and the
        bytes after it."""
        sock = conn.sock
        parsed, data = self._parsed(data, sock)
        target = parsed["path"].decode("latin-1")
        if parsed["minor_version"] != 1 or data[:2] == b"\r\n" or target[:1] != "/" or target[:2] == "//" \
                or "#" in target or message.RFC9112_TARGET_INVALID.search(target):
            raise NotPlain(data)
        environ = self._base(conn.server).copy()
        if parsed["headers"]:  # the environ's keys and values made in C, but for a name never seen before
            names, values = zip(*parsed["headers"])
            keys = list(map(self._keys.get, names))
            if None in keys:
                keys = list(map(self._key, names))
            if None in keys or len(set(keys)) < len(keys):  # one gunicorn acts on, or one sent twice
                raise NotPlain(data)
            environ.update(zip(keys, map(_latin1, values)))
        start = end = parsed["consumed"]
        length = environ.get("CONTENT_LENGTH")
        if length is not None:
            if not (length.isascii() and length.isdigit() and int(length) <= PLAIN_BODY):
                raise NotPlain(data)
            end += int(length)
            while len(data) < end:
                data += _received(sock, end - len(data))
        path, _, query = target.partition("?")
        environ["REQUEST_METHOD"] = parsed["method"].decode("latin-1")
        environ["RAW_URI"], environ["PATH_INFO"], environ["QUERY_STRING"] = target, util.unquote_to_wsgi_str(path), query
        environ["wsgi.input"], environ["gunicorn.socket"], client = io.BytesIO(data[start:end]), sock, conn.client
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = client[0], str(client[1])
        if not self._schemes.keys().isdisjoint(environ):
            environ["wsgi.url_scheme"] = self._scheme(environ, client, data)
        return environ, data[end:]

    def _parsed(self, data: bytes, sock) -> tuple[dict, bytes]:
        """The request's head as gunicorn's C parser reads it, with the same limits, and the bytes
        read so far."""
        while True:
            try:
                return parse_request(data, **self._limits), data
            except IncompleteError:
                if len(data) > self._most:
                    raise NotPlain(data) from None
                data += _received(sock, 8192)
            except ParseError:  # gunicorn answers it
                raise NotPlain(data) from None

    def _answer(self, environ: dict, sock) -> bool:
        """Run the app and send its answer in one write; whether the connection stays open."""
        close = self._closes(environ)
        status, headers, body = self._run(environ)
        code = int(status[:3])
        lines, declared = self._headers(headers)
        if environ["REQUEST_METHOD"] == "HEAD" or code in (204, 304) or code < 200:
            body = b""
            if declared is not None and code >= 200 and code != 204:
                lines.append(("Content-Length", str(declared)))
        else:
            if declared is not None and declared != len(body):
                close = close or declared > len(body)  # the client would wait for the rest
                body = body[:declared]
            lines.append(("Content-Length", str(len(body))))
        head = (f"HTTP/1.1 {status}\r\nServer: {SERVER}\r\nDate: {http_date()}\r\n"
                f"Connection: {'close' if close else 'keep-alive'}\r\n{''.join(map(_LINE.__mod__, lines))}\r\n")
        sock.answer(head.encode("latin-1") + body)
        return not close

    def _closes(self, environ: dict) -> bool:
        """Whether the connection ends after this request (as gunicorn decides), counting it."""
        worker = self.worker
        worker.nr += 1
        if worker.nr >= worker.max_requests and worker.alive:
            worker.log.info("Autorestarting worker after current request.")
            worker.alive = False
        return (not self._keep_alive or not worker.alive or len(worker.keepalived_conns) >= worker.max_keepalived
                or environ.get("HTTP_CONNECTION", "").lower() == "close")

    def _run(self, environ: dict) -> tuple[str, list, bytes]:
        """The app's answer to `environ`: its status, headers and whole body."""
        started: list = []
        written: list[bytes] = []

        def start_response(status, headers, exc_info=None):
            if started and exc_info is None:
                raise AssertionError("Response headers already set!")
            started[:] = status, headers
            return written.append

        result = self.worker.wsgi(environ, start_response)
        try:
            written.extend(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        status, headers = started
        if not isinstance(status, str) or not STATUS_RE.fullmatch(status):
            raise ValueError(f"Invalid status {status!r}")
        return status, headers, b"".join(written)

    def _headers(self, headers: list) -> tuple[list, int | None]:
        """The answer's headers to send, checked as gunicorn checks them, and its Content-Length.
        Those checked before are picked out in C (`filterfalse`); the others (a length, an ETag, a
        request id: two or three an answer) are checked one by one."""
        checked, declared = self._checked, None
        left_out, changed = set(), {}
        for header in filterfalse(checked.__contains__, headers):
            name, value = header
            if not isinstance(name, str) or not TOKEN_RE.fullmatch(name):
                raise InvalidResponseHeaderName(f"{name!r}")
            if not isinstance(value, str) or not HEADER_VALUE_RE.fullmatch(value):
                raise InvalidResponseHeader(f"{name!r}")  # the name only: the value may be secret
            value = value.strip(" \t")
            if name.lower() == "content-length":
                declared = int(value)
                left_out.add(header)  # sent last, as the body's length
            elif util.is_hoppish(name):
                left_out.add(header)
            elif value != header[1]:
                changed[header] = (name, value)
            elif len(checked) < HEADERS_KEPT:
                checked.add(header)
        lines = list(filterfalse(left_out.__contains__, headers)) if left_out else list(headers)
        return [changed.get(header, header) for header in lines] if changed else lines, declared

    def _key(self, name: bytes) -> str | None:
        """The environ's key for a request header's name; None for one gunicorn acts on."""
        text = name.decode("latin-1").upper()
        if "_" in text:  # gunicorn drops such a header (`header_map`), or lets a trusted proxy set it
            return None
        key = {"CONTENT-TYPE": "CONTENT_TYPE", "CONTENT-LENGTH": "CONTENT_LENGTH"}.get(text) \
            or "HTTP_" + text.replace("-", "_")
        if key in ACTED_ON:
            return None
        if len(self._keys) < NAMES_KEPT:
            self._keys[name] = key
        return key

    def _base(self, server: tuple) -> dict:
        """The environ every request to this listener's address starts from."""
        base = self._bases.get(server)
        if base is None:
            base = self._bases[server] = wsgi.base_environ(self.cfg)
            base.update({"wsgi.multithread": True, "wsgi.url_scheme": "http", "SERVER_PROTOCOL": "HTTP/1.1",
                         "SCRIPT_NAME": "", "SERVER_NAME": server[0], "SERVER_PORT": str(server[1])})
        return base

    def _scheme(self, environ: dict, client: tuple, data: bytes) -> str:
        """The URL scheme a trusted proxy's headers name. Two that disagree are gunicorn's to answer
        (400); an untrusted client's are passed on and change nothing."""
        if not trusted_peer(client[0], self.cfg.forwarded_allow_ips, self._networks):
            return "http"
        named = {environ[key] == secure for key, secure in self._schemes.items() if key in environ}
        if len(named) > 1:
            raise NotPlain(data)
        return "https" if named == {True} else "http"


def _received(sock, most: int) -> bytes:
    """The next bytes from the client, at most `most`."""
    more = sock.recv(most)
    if not more:
        raise ClientGone()
    return more
