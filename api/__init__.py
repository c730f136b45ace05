"""The addgames service: a stateless REST API over append-only move events."""
from pathlib import Path

from flask import Flask, Request
from flask_migrate import Migrate
from sqlalchemy import event

from . import errors, frontend, games, meta, moves, rules
from .config import Config, engine_options
from .errors import Problem
from .models import db

migrate = Migrate(render_as_batch=True)


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
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", engine_options(app.config["SQLALCHEMY_DATABASE_URI"]))
    app.json.sort_keys = False
    db.init_app(app)
    migrate.init_app(app, db, directory=str(Config.ROOT_MIGRATIONS))
    errors.init_app(app)
    for module in (rules, games, moves, meta, frontend):
        app.register_blueprint(module.bp)
    app.register_blueprint(meta.docs_bp)
    with app.app_context():
        _tune_sqlite(db.engine)
    return app


def _tune_sqlite(engine) -> None:
    """WAL lets readers and one writer work at once; foreign keys make deletes cascade."""
    if engine.dialect.name != "sqlite":
        return
    if engine.url.database not in (None, "", ":memory:"):
        Path(engine.url.database).parent.mkdir(parents=True, exist_ok=True)

    @event.listens_for(engine, "connect")
    def on_connect(connection, _record):
        cursor = connection.cursor()
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=10000"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()
