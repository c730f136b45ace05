"""The addgames service: a stateless REST API over append-only move events."""
from flask import Flask
from flask_migrate import Migrate
from werkzeug.middleware.proxy_fix import ProxyFix

from . import (cli, connection, cors, database, docs, errors, feed, frontend, games, gate, hints, invites, join_codes,
               jsonio, lifecycle, limits, logs, meta, metrics, mine, moves, news, push, reporting, rules, seat_links, security)
from .application import App
from .config import Config, engine_options
from .models import db

migrate = Migrate(render_as_batch=True)


def create_app(config: dict | None = None) -> Flask:
    app = App(__name__, static_folder=None)
    app.config.from_object(Config)
    app.config.update(config or {})
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", engine_options(
        app.config["SQLALCHEMY_DATABASE_URI"], app.config["DATABASE_CONNECT_TIMEOUT"],
        app.config["DATABASE_LOCK_TIMEOUT"], app.config["DATABASE_STATEMENT_TIMEOUT"]))
    jsonio.init_app(app)
    logs.init_app(app)
    gate.init_app(app)
    reporting.init_app(app)
    db.init_app(app)
    database.init_app(app)
    connection.init_app(app)
    migrate.init_app(app, db, directory=str(Config.ROOT_MIGRATIONS))
    errors.init_app(app)
    cli.init_app(app)
    push.init_app(app)
    for module in (rules, games, join_codes, invites, feed, moves, hints, lifecycle, seat_links, mine, meta, docs, frontend):
        app.register_blueprint(module.bp)
    limits.init_app(app)
    metrics.init_app(app)
    with app.app_context():
        news.init_app(app, db.engine)
    # Flask's documented way to wrap its WSGI app, which mypy calls a method. Outermost: the client's
    # address and scheme as the proxies in front saw them; then the request's id, clock and line.
    wrapped = cors.CrossOrigin(security.Hardened(app.wsgi_app), app.config["CORS_ORIGINS"])
    app.wsgi_app = logs.RequestLines(wrapped)  # type: ignore[method-assign]
    if app.config["PROXY_HOPS"]:
        hops = app.config["PROXY_HOPS"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    return app
