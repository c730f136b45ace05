"""The database schema's migration revision, and the newest one this code ships (for /health)."""
from functools import cache

from alembic.script import ScriptDirectory
from flask import current_app
from sqlalchemy import inspect, text

from . import connection


def schema_revision() -> str | None:
    """The migration the database is at (None before the first); OperationalError when unreachable."""
    conn = connection.get()
    if not inspect(conn).has_table("alembic_version"):
        return None
    return conn.scalar(text("SELECT version_num FROM alembic_version"))


@cache
def schema_head() -> str | None:
    """The newest migration this code ships."""
    return _scripts().get_current_head()


@cache
def shipped() -> frozenset[str]:
    """Every migration this code ships: a schema at none of them was migrated by a newer release."""
    return frozenset(script.revision for script in _scripts().walk_revisions())


def _scripts() -> ScriptDirectory:
    return ScriptDirectory(str(current_app.config["ROOT_MIGRATIONS"]))
