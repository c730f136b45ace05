"""The addgames service: a stateless REST API over append-only move events."""
import json
import time
from pathlib import Path

import orjson
from flask import Flask, Request
from flask.json.provider import DefaultJSONProvider
from flask_migrate import Migrate
from sqlalchemy import event, exc
from werkzeug.middleware.proxy_fix import ProxyFix

from . import (cli, connection, docs, errors, feed, frontend, games, gate, hints, lifecycle, limits, logs, meta, metrics, mine,
               moves, news, push, reporting, rules, seat_links, security)
from .config import Config, engine_options
from .errors import Problem
from .models import db

migrate = Migrate(render_as_batch=True)


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
        return self._app.response_class(self.dumps(self._prepare_response_obj(args, kwargs)) + "\n",
                                        mimetype=self.mimetype)

    def loads(self, s, **kwargs):
        try:
            data = json.loads(s, parse_constant=_no_constant, parse_float=_number, **kwargs)
            json.dumps(data, ensure_ascii=False).encode()  # text only: a lone surrogate (\ud800) is not
        except RecursionError:
            raise ValueError("it is nested too deeply") from None
        except UnicodeEncodeError:
            raise ValueError("a \\u escape in it is half a character (a lone surrogate)") from None
        return data


def _number(text: str) -> int | float:
    """3.0 is the number 3, as JSON Schema's "integer" has it (exactly, below 2**53)."""
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


class JSONRequest(Request):
    def on_json_loading_failed(self, e: ValueError | None):
        if e is None:  # the body was not sent as JSON
            raise Problem(415, "json_required", "Send the body as JSON with 'Content-Type: application/json'.")
        raise Problem(400, "malformed_json", f"The request body is not valid JSON: {e}.")


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.request_class = JSONRequest
    app.config.from_object(Config)
    app.config.update(config or {})
    if app.config["PROXY_HOPS"]:  # the client's address and scheme as the proxies in front saw them
        hops = app.config["PROXY_HOPS"]  # Flask's documented way to wrap its WSGI app, which mypy calls a method
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", engine_options(
        app.config["SQLALCHEMY_DATABASE_URI"], app.config["DATABASE_CONNECT_TIMEOUT"],
        app.config["DATABASE_LOCK_TIMEOUT"], app.config["DATABASE_STATEMENT_TIMEOUT"]))
    app.json = JSONProvider(app)
    logs.init_app(app)  # first: its request id and clock cover every other hook
    gate.init_app(app)
    reporting.init_app(app)
    db.init_app(app)
    connection.init_app(app)
    migrate.init_app(app, db, directory=str(Config.ROOT_MIGRATIONS))
    errors.init_app(app)
    security.init_app(app)
    cli.init_app(app)
    push.init_app(app)
    for module in (rules, games, feed, moves, hints, lifecycle, seat_links, mine, meta, docs, frontend):
        app.register_blueprint(module.bp)
    limits.init_app(app)
    metrics.init_app(app)
    with app.app_context():
        _tune_sqlite(db.engine, app.config["SQLITE_SYNCHRONOUS"])
        _always_roll_back(db.engine)
        _ping_when_idle(db.engine)
        news.init_app(app, db.engine)
    return app


def _always_roll_back(engine) -> None:
    """Roll back every connection given back to the pool. After a failed COMMIT (a full disk, a
    lock) SQLite may keep the transaction open, and SQLAlchemy then skips its rollback on return:
    the next request's commit on that connection would save the failed request's writes."""

    @event.listens_for(engine, "reset")
    def on_reset(dbapi_connection, _record, state):
        if state.transaction_was_reset and not state.terminate_only:
            dbapi_connection.rollback()


PING_AFTER_IDLE = 0.5  # seconds a pooled PostgreSQL connection may sit unused and still be trusted


def _ping_when_idle(engine) -> None:
    """pool_pre_ping's check (a SELECT 1 round trip, and on a dead connection a fresh pool), for a
    connection that sat unused for PING_AFTER_IDLE: one that went stale in a restart, a failover or
    an idle-connection reaper. A connection in steady use skips the round trip; if its server
    went away meanwhile, the request that finds out answers 503 and SQLAlchemy drops the whole
    pool, as the fault tests check."""
    if engine.dialect.name == "sqlite":
        return

    @event.listens_for(engine, "checkin")
    def on_checkin(_dbapi_connection, record):
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def on_checkout(dbapi_connection, record, _proxy):
        idle_since = record.info.pop("idle_since", None)  # none yet: a fresh connection
        if idle_since is not None and time.monotonic() - idle_since > PING_AFTER_IDLE:
            try:
                engine.dialect.do_ping(dbapi_connection)
            except engine.dialect.loaded_dbapi.Error as error:
                if not engine.dialect.is_disconnect(error, dbapi_connection, None):
                    raise
                raise exc.InvalidatePoolError() from error  # the pool reconnects, as pool_pre_ping would


def _tune_sqlite(engine, synchronous: str) -> None:
    """WAL lets readers and one writer work at once; foreign keys make deletes cascade."""
    if engine.dialect.name != "sqlite":
        return
    if engine.url.database not in (None, "", ":memory:"):
        Path(engine.url.database).parent.mkdir(parents=True, exist_ok=True)

    @event.listens_for(engine, "connect")
    def on_connect(connection, _record):
        cursor = connection.cursor()
        for pragma in ("journal_mode=WAL", f"synchronous={synchronous}", "foreign_keys=ON", "busy_timeout=10000"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()
