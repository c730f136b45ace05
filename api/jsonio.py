"""JSON in and out: the app's JSON provider (orjson out, strict standard JSON in), the request
class whose unreadable bodies become problem+json errors, the response class, and how JSON the
database holds is read back."""
import json
import re
import sys
from operator import itemgetter

import orjson
from flask import Flask, Request, Response
from flask.json.provider import DefaultJSONProvider
from werkzeug.datastructures import Headers

from .context import current_request
from .errors import Problem


def init_app(app: Flask) -> None:
    app.request_class = JSONRequest
    app.response_class = PlainResponse
    app.json = JSONProvider(app)


class PlainResponse(Response):
    """A response whose body is in memory with its Content-Length set (every JSON answer: set_data
    sets it) is answered with its own headers and body as they are. werkzeug copies the headers,
    checks each again and wraps the body to close it, for every answer: a tenth of the bytecodes of
    a move and its polls (bench/opcodes.py). Anything else, and whatever werkzeug would change (a
    Location to encode, the body of a HEAD request, a 204's or a 304's headers), goes its way."""

    def __call__(self, environ, start_response):
        if (type(self.response) is not list or self._on_close or environ["REQUEST_METHOD"] == "HEAD"
                or self.status_code in (204, 304) or self.status_code < 200):
            return super().__call__(environ, start_response)
        headers = self.headers.to_wsgi_list()
        names = set(map(str.lower, map(_NAME, headers)))  # in C, not a bytecode per header
        if "content-length" not in names or "location" in names or "content-location" in names:
            return super().__call__(environ, start_response)
        start_response(self.status, headers)
        return self.response

    @classmethod
    def in_memory(cls, body: bytes, content_type: str) -> "PlainResponse":
        """`cls(body, content_type=content_type)`, a 200, as werkzeug makes it (the same attributes,
        the same headers), without its checks of a status and headers that are always sane here:
        werkzeug's constructor, its status and its two headers ran 300 bytecodes of every JSON answer."""
        response = cls.__new__(cls)
        response.headers = Headers()
        response.headers._list = [("Content-Type", content_type), ("Content-Length", str(len(body)))]
        response._status, response._status_code = "200 OK", 200
        response.direct_passthrough, response._on_close, response.response = False, [], [body]
        return response


_NAME = itemgetter(0)


class JSONProvider(DefaultJSONProvider):
    """Standard JSON of text only: no NaN or Infinity, no lone surrogates, 3.0 read as 3, and nesting
    too deep to parse is malformed rather than a crash. Answers are encoded by orjson (UTF-8, keys
    in the order built), a few times faster than the standard library on a match's view; the
    standard library takes what orjson cannot (an integer past 64 bits echoed in an error)."""

    sort_keys = False

    def dumps(self, obj, **kwargs) -> str:
        try:
            return orjson.dumps(obj).decode()
        except TypeError:
            return super().dumps(obj, **kwargs)

    def response(self, *args, **kwargs):
        data = self._prepare_response_obj(args, kwargs)
        try:
            body = orjson.dumps(data, option=orjson.OPT_APPEND_NEWLINE)
        except TypeError:
            body = f"{super().dumps(data)}\n".encode()
        return self._app.response_class.in_memory(body, self.mimetype)

    def loads(self, s, **kwargs):
        if not kwargs and isinstance(s, bytes) and not _NOT_ORJSON.search(s):
            try:  # orjson, in C: about 200 bytecodes fewer than the standard library a move
                return orjson.loads(s)
            except orjson.JSONDecodeError:  # the standard library says why, or reads what orjson won't
                pass
        try:
            data = json.loads(s, parse_constant=_no_constant, parse_float=_number, parse_int=_whole, **kwargs)
            _check_text(data)
        except RecursionError:
            raise ValueError("it is nested too deeply") from None
        except UnicodeEncodeError:
            raise ValueError("a \\u escape in it is half a character (a lone surrogate)") from None
        return data


# 19 digits in a row may be an integer past 64 bits (-9223372036854775809), which orjson would
# read as a float.
_LONG_TEXT, _LONG_BYTES = re.compile(r"\d{19}"), re.compile(rb"\d{19}")
# A request body orjson reads as the standard library and `_number` do: no such integer, and no
# number with a fraction or an exponent (always a digit and then `.`, `e` or `E`), which orjson
# reads as a float where 3.0 is the integer 3 here. Text matching it is read the slow way.
_NOT_ORJSON = re.compile(rb"\d[.eE]|\d{19}")


def _check_text(data) -> None:
    """Raise UnicodeEncodeError when `data` holds a lone surrogate (\\ud800): text only. orjson
    refuses one in C; what it refuses for another reason (an integer past 64 bits, nesting past 255)
    the standard library's encoder decides, in 200 bytecodes or more."""
    try:
        orjson.dumps(data)
    except orjson.JSONEncodeError:
        json.dumps(data, ensure_ascii=False).encode()


def loads_stored(raw: str | bytes):
    """JSON read back from the database (options, decks, names, moves: the engine's
    json_deserializer, api/config.py), by orjson, in C. The standard library's `json.loads` runs
    about 100 bytecodes for each value PostgreSQL's driver gives it (a match's read gives six). It
    takes what orjson would read otherwise or not at all: a text with 20 digits in a row (integers
    of any size), and the NaN and Infinity its own `json.dumps` may have written to SQLite."""
    if _LONG_TEXT.search(raw) if isinstance(raw, str) else _LONG_BYTES.search(raw):
        return json.loads(raw)
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return json.loads(raw)


def _number(text: str) -> int | float:
    """3.0 is the number 3, as JSON Schema's "integer" has it (exactly, below 2**53)."""
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # past Python's limit on digits, whose message tells the client to call sys.set_int_max_str_digits
        raise ValueError(f"a number in it has over {sys.get_int_max_str_digits()} digits") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def secret(response: Response) -> Response:
    """`response`, which holds a secret (a seat token, an invite), marked to be kept by no cache."""
    response.headers["Cache-Control"] = "no-store"
    return response


def no_content() -> Response:
    """A 204 answer: no body, so no Content-Type either (werkzeug's would say text/html)."""
    response = Response(status=204)
    del response.headers["Content-Type"]
    return response


def no_body() -> None:
    """For a request that takes no body: one sent anyway must still be JSON, so that a client's
    broken body is answered as an error (400, 415) rather than ignored while the request acts."""
    asked = current_request()
    if asked.get_data():
        asked.get_json()


class JSONRequest(Request):
    def on_json_loading_failed(self, e: ValueError | None):
        if e is None:  # the body was not sent as JSON
            raise Problem(415, "json_required", "Send the body as JSON with 'Content-Type: application/json'.")
        raise Problem(400, "malformed_json", f"The request body is not valid JSON: {e}.")
