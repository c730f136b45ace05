"""The request's database connection: SQLAlchemy Core on one pooled connection, opened on first
use and given back when the request ends.

The hot requests (polls, views, moves) skip the ORM session: building and tearing one down cost
more than the single query a poll needs. Reads run on this connection, staged writes
(api/store.py) commit on it, and whatever a request leaves open is rolled back when it ends.
"""
from flask import Flask, g
from sqlalchemy import Connection

from .models import db


def get() -> Connection:
    conn = g.get("connection")
    if conn is None:
        conn = g.connection = db.engine.connect()
    return conn


def init_app(app: Flask) -> None:
    @app.teardown_appcontext
    def give_back(_error):
        conn = g.pop("connection", None)
        if conn is not None:
            conn.close()
