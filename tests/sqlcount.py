"""Counting the SQL a request runs: every statement sent to the database, and each COMMIT."""
from contextlib import contextmanager

from sqlalchemy import event

from api.models import db


@contextmanager
def statements(app):
    """Yield a list that fills with each statement run (and "COMMIT") while the block runs."""
    with app.app_context():
        engine = db.engine
    ran: list[str] = []

    def on_statement(conn, cursor, statement, *args):
        ran.append(statement)

    def on_commit(conn):
        ran.append("COMMIT")

    event.listen(engine, "before_cursor_execute", on_statement)
    event.listen(engine, "commit", on_commit)
    try:
        yield ran
    finally:
        event.remove(engine, "before_cursor_execute", on_statement)
        event.remove(engine, "commit", on_commit)
