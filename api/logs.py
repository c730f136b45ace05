"""Logs for machines: one JSON line per request and per event of the service, on standard error.

A request line names the method, the route's template (never the query or a body), the status,
the duration, the match and a request id, also sent back in X-Request-Id. Polls answered 304, polls
that waited for news (`Preference-Applied: wait`: a 200 there is the news of a change whose own
request has its line, and its duration is mostly the wait), and health checks and scrapes that
succeed log at DEBUG, everything else at INFO or above, so that LOG_LEVEL=INFO (the default) keeps
the thousands of polls of a phone out of the log and LOG_LEVEL=DEBUG brings them back. Nothing
here reads a header but X-Request-Id, so no token, invite or idempotency key can reach a line.
"""
import logging
import random
import re
import sys
import time
from datetime import UTC, datetime

import orjson
from flask import Flask, Response, g, has_request_context, request

# What a proxy in front may send (Heroku's router sends a UUID); anything else gets a new id.
REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{7,127}")
QUIET_ROUTES = {"/api/v1/health", "/metrics"}  # asked every few seconds by machines: DEBUG when answered
access = logging.getLogger("api.access")
events = logging.getLogger("api.events")


class JSONFormatter(logging.Formatter):
    """A record as one JSON object: time, level, logger, event, its fields and, inside a request,
    the request id."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
                "level": record.levelname.lower(), "logger": record.name, "event": record.getMessage(),
                **getattr(record, "fields", {})}
        if "request_id" not in line and has_request_context():
            line["request_id"] = request_id()
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
    """Log the `api.*` loggers as JSON at LOG_LEVEL, and every request (first hook in, last out)."""
    service = logging.getLogger("api")
    service.setLevel(app.config["LOG_LEVEL"].upper())
    if HANDLER not in service.handlers:
        service.addHandler(HANDLER)
    app.before_request(_start)
    app.after_request(_finish)


def event(name: str, **fields) -> None:
    """One of the service's own events (match_created, match_finished, ...) as a JSON line."""
    events.info(name, extra={"fields": fields})


def _start() -> None:
    g.started = time.perf_counter()


def _finish(response: Response) -> Response:
    status, ident = response.status_code, request_id()
    response.headers["X-Request-Id"] = ident
    template = route()
    quiet = status == 304 or (status < 300 and (template in QUIET_ROUTES or "Preference-Applied" in response.headers))
    level = logging.DEBUG if quiet else logging.ERROR if status >= 500 else logging.INFO
    if access.isEnabledFor(level):
        # makeRecord and handle, as Logger.log would, without its search of the stack for the
        # caller's file and line, which no line here shows: this runs on every request
        access.handle(access.makeRecord(access.name, level, __file__, 0, "request", (), None, extra={"fields": {
            "method": request.method, "route": template, "status": status, "ms": round(elapsed() * 1000, 2),
            "match": (request.view_args or {}).get("match_id"), "request_id": ident}}))
    return response


def request_id() -> str:
    """The request's id: the one a proxy in front sent, if sane, else a new one (made when first asked)."""
    found = g.get("request_id")
    if found is None:
        sent = request.headers.get("X-Request-Id", "")
        found = g.request_id = sent if REQUEST_ID.fullmatch(sent) else f"{random.getrandbits(64):016x}"
    return found


def elapsed() -> float:
    """Seconds since the request came in."""
    return time.perf_counter() - g.get("started", time.perf_counter())


def route() -> str:
    """The route's template (`/api/v1/games/<match_id>`), the same for every match; `unmatched`
    for a path that is no route, so that metrics and logs stay bounded."""
    rule = request.url_rule
    return rule.rule if rule is not None else "unmatched"
