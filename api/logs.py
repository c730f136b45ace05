"""Logs for machines: one JSON line per request and per event of the service, on standard error.

A request line names the method, the route's template (never the query or a body), the status,
the duration, the match and a request id, also sent back in X-Request-Id; one answered with a
problem, its code (`problem`: `bad_invite`, `database_unavailable`...), as the client was told it. Polls answered 304, polls
that waited for news (`Preference-Applied: wait`: a 200 there is the news of a change whose own
request has its line, and its duration is mostly the wait), and health checks and scrapes that
succeed log at DEBUG, everything else at INFO or above, so that LOG_LEVEL=INFO (the default) keeps
the thousands of polls of a phone out of the log and LOG_LEVEL=DEBUG brings them back. Nothing
here reads a header but X-Request-Id, so no token, invite or idempotency key can reach a line.
"""
import logging
import os
import random
import re
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import orjson
from flask import Flask, Request, has_request_context, request

# What a proxy in front may send (Heroku's router sends a UUID); anything else gets a new id.
REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{7,127}")
QUIET_ROUTES = {"/api/v1/health", "/metrics"}  # asked every few seconds by machines: DEBUG when answered
ID, STARTED = "addgames.request_id", "addgames.started"  # in the environ of each request
WAITED = "addgames.waited"  # in the environ of a poll answered after it waited (api/presenter.py's `polled`)
PROBLEM = "addgames.problem"  # in the environ of a request answered with a problem: its code (api/errors.py)
access = logging.getLogger("api.access")
events = logging.getLogger("api.events")


class JSONFormatter(logging.Formatter):
    """A record as one JSON object: time, level, logger, event, its fields and, inside a request,
    the request id."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
                "level": record.levelname.lower(), "logger": record.name, "event": record.getMessage(),
                **getattr(record, "fields", {})}
        if "request_id" not in line and has_request_context() and (ident := request_id()):
            line["request_id"] = ident
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return orjson.dumps(line, default=str).decode()


class StandardError(logging.StreamHandler):
    """Writes to whatever sys.stderr is at the time (test runners swap it)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value):
        pass


HANDLER = StandardError()
HANDLER.setFormatter(JSONFormatter())


def init_app(app: Flask) -> None:
    """Log the `api.*` loggers as JSON at LOG_LEVEL (requests: `RequestLines` around the app)."""
    service = logging.getLogger("api")
    service.setLevel(app.config["LOG_LEVEL"].upper())
    if HANDLER not in service.handlers:
        service.addHandler(HANDLER)


def event(name: str, **fields) -> None:
    """One of the service's own events (match_created, match_finished, ...) as a JSON line."""
    events.info(name, extra={"fields": fields})


class RequestLines:
    """Around the app, as WSGI middleware: each request's id, its clock, its X-Request-Id header
    and its line. Here a request reads its environ and adds to a plain list of headers. As Flask
    hooks, this and the safety headers (api/security.py) cost a tenth of the bytecodes of a move and
    its polls (bench/opcodes.py), in proxies to the request and werkzeug's checks of each header set."""

    def __init__(self, app: Callable) -> None:
        self.app = app

    def __call__(self, environ: dict, start_response: Callable):
        environ[STARTED] = time.perf_counter()
        sent = environ.get("HTTP_X_REQUEST_ID", "")
        ident = environ[ID] = sent if REQUEST_ID.fullmatch(sent) else new_request_id()
        served_on = environ.get("gunicorn.socket")
        if served_on is not None and hasattr(served_on, "request_id"):  # serving.ClientSocket: the worker's own 503s (a timeout) name it too
            served_on.request_id = ident

        def start(status: str, headers: list[tuple[str, str]], exc_info=None):
            headers.append(("X-Request-Id", ident))
            _log(environ, int(status[:3]))
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def _log(environ: dict, status: int) -> None:
    """The request's line, as the app answers (inside its request: `environ` holds Flask's request)."""
    asked = environ.get("werkzeug.request")
    template = route(asked)
    quiet = status == 304 or (status < 300 and (template in QUIET_ROUTES or WAITED in environ))
    level = logging.DEBUG if quiet else logging.ERROR if status >= 500 else logging.INFO
    if access.isEnabledFor(level):
        access.handle(RequestRecord(level, {
            "method": environ["REQUEST_METHOD"], "route": template, "status": status,
            "ms": round((time.perf_counter() - environ[STARTED]) * 1000, 2),
            "match": (asked and asked.view_args or {}).get("match_id"), "request_id": environ[ID],
            **({"problem": environ[PROBLEM]} if PROBLEM in environ else {})}))


class RequestRecord(logging.LogRecord):
    """A request's line, as `logging` would record it from `_log` (handed straight to the logger's
    handlers: Logger.log would also search the stack for the caller's file and line). LogRecord's
    own __init__ also works out the file's name, its module, and the thread's and the process's
    names: about 300 bytecodes, on every request that logs. Here those of `_log` are constants, set
    in one update: formatters read a record's __dict__."""

    CONSTANTS = {"name": access.name, "msg": "request", "args": (), "exc_info": None, "exc_text": None,
                 "stack_info": None, "pathname": __file__, "filename": Path(__file__).name,
                 "module": Path(__file__).stem, "lineno": 0, "funcName": None,
                 "processName": "MainProcess"}  # gunicorn forks its workers without multiprocessing, which would name them

    def __init__(self, level: int, fields: dict) -> None:  # pylint: disable=super-init-not-called
        self.__dict__.update(self.CONSTANTS)
        now = time.time()
        self.created, self.msecs = now, int((now - int(now)) * 1000) + 0.0
        self.relativeCreated = (now - logging._startTime) * 1000  # type: ignore[attr-defined]  # as LogRecord reckons it
        self.levelno, self.levelname = level, logging.getLevelName(level)
        self.thread, self.threadName = threading.get_ident(), threading.current_thread().name
        self.process, self.fields = os.getpid(), fields


def new_request_id() -> str:
    """A request's id, where none came with it (also for the worker's own answers: serving.py)."""
    return f"{random.getrandbits(64):016x}"


def request_id() -> str | None:
    """The current request's id: the one a proxy in front sent, if sane, else a new one."""
    return request.environ.get(ID)


def elapsed() -> float:
    """Seconds since the request came in."""
    now = time.perf_counter()
    return now - request.environ.get(STARTED, now)


def route(asked: Request | None) -> str:
    """The route's template (`/api/v1/games/<match_id>`), the same for every match; `unmatched`
    for a path that is no route, so that metrics and logs stay bounded."""
    rule = asked.url_rule if asked is not None else None
    return rule.rule if rule is not None else "unmatched"
