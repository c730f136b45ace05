"""The one place that turns failures into RFC 9457 problem+json responses."""
import logging
from http import HTTPStatus

from flask import Flask, current_app, jsonify
from marshmallow import ValidationError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, ProgrammingError, TimeoutError
from werkzeug.exceptions import HTTPException

from engine import BadSetup, GameOver, IllegalMove, NotYourTurn, RuleError, UnknownEvent

from . import logs, metrics
from .context import current_g, current_request

PROBLEM_TYPE = "urn:addgames:problem:"
log = logging.getLogger(__name__)


class Problem(Exception):
    """An error the client can act on: `code` names it, `detail` explains it."""

    def __init__(self, status: int, code: str, detail: str, headers: dict | None = None, **extra):
        super().__init__(detail)
        self.status, self.code, self.detail, self.headers, self.extra = status, code, detail, headers, extra


DATABASE_DOWN = (OperationalError, InterfaceError, TimeoutError)
# PostgreSQL's undefined table and column: a schema behind the code, its migrations not run yet (SQLite
# says "no such table" as an OperationalError, one of DATABASE_DOWN)
NOT_MIGRATED = {"42P01", "42703"}


def database_unavailable(detail: str, **extra) -> Problem:
    """The answer when the database cannot do a request's work now (failed, or too slow to answer in
    time): worth sending again in a moment, as Retry-After says."""
    return Problem(503, "database_unavailable", detail, headers={"Retry-After": "2"}, database="unavailable", **extra)


def database_down(error: Exception) -> bool:
    """Whether `error` is the database's, not the code's: it failed, or its schema is behind."""
    return isinstance(error, DATABASE_DOWN) or (isinstance(error, ProgrammingError)
                                                and getattr(error.orig, "sqlstate", None) in NOT_MIGRATED)
RULE_STATUS = {IllegalMove: 422, BadSetup: 422, NotYourTurn: 409, GameOver: 409}


# RFC 9110's names, in sentence case as the details are written
TITLES = {400: "Bad request", 401: "Unauthorized", 403: "Forbidden", 404: "Not found", 405: "Method not allowed",
          409: "Conflict", 412: "Precondition failed", 413: "Content too large", 415: "Unsupported media type",
          422: "Unprocessable content", 428: "Precondition required", 429: "Too many requests",
          500: "Internal server error", 503: "Service unavailable"}


def problem(status: int, code: str, detail: str, headers: dict | None = None, **extra):
    title = TITLES.get(status) or HTTPStatus(status).phrase
    body = {"type": PROBLEM_TYPE + code, "title": title, "status": status,
            "detail": detail, "code": code, **extra}
    response = jsonify(body)
    response.status_code = status
    response.content_type = "application/problem+json"
    response.headers.update(headers or {})
    current_request().environ[logs.PROBLEM] = code  # for the request's log line
    if status == 401:  # RFC 9110 asks a 401 to name the scheme to authenticate with
        response.headers.setdefault("WWW-Authenticate", "Bearer")
    return response


def http_problem(error: HTTPException):
    """An HTTP error (a 404 for an unknown path, a 405) as problem+json."""
    code = (error.name or "error").lower().replace(" ", "_")
    kept = {name: value for name, value in error.get_headers() if name != "Content-Type"}  # e.g. a 405's Allow
    return problem(error.code or 500, code, _plain(error), headers=kept)


def status_of(error: Exception) -> int:
    """The status the handlers below answer `error` with."""
    if isinstance(error, Problem):
        return error.status
    if isinstance(error, RuleError):
        return next(s for kind, s in RULE_STATUS.items() if isinstance(error, kind))
    if isinstance(error, ValidationError):
        return 422
    if isinstance(error, UnknownEvent):
        return 503
    if isinstance(error, HTTPException):
        return error.code or 500
    return 503 if database_down(error) else 500


def log_newer_event(error: UnknownEvent, match: str | None) -> None:
    """Tell the operator that `match` cannot be read by this release: a newer one wrote `error`'s kind of event."""
    log.error("match %s holds an event of kind %r that this release does not know: a newer release wrote it "
              "(roll forward to it; README, Rolling back)", match, error.kind)


def init_app(app: Flask) -> None:
    @app.errorhandler(Problem)
    def on_problem(error: Problem):
        return problem(error.status, error.code, error.detail, error.headers, **error.extra)

    @app.errorhandler(RuleError)
    def on_rule_error(error: RuleError):
        return problem(status_of(error), error.code, error.reason, params=error.params)

    @app.errorhandler(ValidationError)
    def on_invalid(error: ValidationError):
        return problem(422, "invalid_request", _first_message(error.messages), errors=error.messages)

    app.register_error_handler(HTTPException, http_problem)

    @app.errorhandler(UnknownEvent)
    def on_newer_event(error: UnknownEvent):
        log_newer_event(error, error.match or (current_request().view_args or {}).get("match_id"))
        return problem(503, "unknown_event", "This match holds a change that a newer version of the service made, "
                       "which this server cannot show: try again shortly.", headers={"Retry-After": "5"})

    def on_database_down(error: DBAPIError | TimeoutError):
        log.warning("database unavailable: %s", database_reason(error))
        metrics.database_failed(getattr(error, "orig", error).__class__.__name__)
        return on_problem(database_unavailable(f"The database is unavailable{_saved_or_not()}; try again shortly.",
                                               **_saved()))

    for down in DATABASE_DOWN:  # lost or refused connections, lock timeouts, a full disk, an exhausted pool
        app.register_error_handler(down, on_database_down)

    @app.errorhandler(ProgrammingError)
    def on_statement_refused(error: ProgrammingError):
        return on_database_down(error) if database_down(error) else on_crash(error)

    @app.errorhandler(Exception)
    def on_crash(error: Exception):
        log.exception("unhandled error")
        return problem(500, "internal_error", f"Something went wrong on our side{_saved_or_not()}.", **_saved())


def database_reason(error: Exception) -> str:
    """Why the database failed, as its driver says it: its class and first line (a refused
    connection, a wrong password, a database that does not exist, a lock timeout). Without it a
    mistyped DATABASE_URL showed only the class. The first line never holds the statement nor its
    parameters."""
    cause = getattr(error, "orig", error)
    return f"{cause.__class__.__name__}: {(str(cause).strip().splitlines() or [''])[0][:300]}"


def note_saved() -> None:
    """The request's writes are committed (api/transaction.py): a failure after this has not undone
    them, and its answer says so, rather than that nothing was saved."""
    current_g().saved = True


def _saved() -> dict:
    """The problem's `saved` member: present, and true, when the request's writes were committed."""
    return {"saved": True} if "saved" in current_g() else {}


def _saved_or_not() -> str:
    if "saved" in current_g():
        return (" after the change was saved: reload to see it (sent again with the same Idempotency-Key, the "
                "request gets the answer it should have had)")
    return " and nothing was saved"


def _first_message(messages, path: str = "") -> str:
    """The first field message of a marshmallow error, e.g. "name: Missing data for required field." or,
    in a list, "bots[0].seat: ..."."""
    if isinstance(messages, dict):
        key, value = next(iter(messages.items()))
        if isinstance(key, int):
            path = f"{path}[{key}]"
        elif key != "_schema":
            path = f"{path}.{key}".strip(".")
        return _first_message(value, path)
    if isinstance(messages, list) and messages:
        return _first_message(messages[0], path)
    return f"{path}: {messages}" if path else str(messages)


def _plain(error: HTTPException) -> str:
    if error.code == 400 and "JSON" in (error.description or ""):
        return "The request body is not valid JSON."
    if error.code == 413:
        return f"The request body is over {current_app.config['MAX_CONTENT_LENGTH'] // 1024} KiB, the most a request may send."
    if error.code == 404:  # werkzeug's own asks a person to check their spelling
        path = current_request().path
        return f"There is nothing at {path}" + (": the API's paths are in /api/v1/openapi.yaml." if path.startswith("/api/") else ".")
    if error.code == 405:
        return f"{current_request().method} is not a method of {current_request().path}; see its Allow header."
    return error.description or error.name
