"""`flask --app wsgi backup FILE`: a consistent copy of the SQLite database while the service runs
(a plain copy of the file misses the commits still in its -wal file), which serves when restored.
On PostgreSQL it points to pg_dump instead."""
import sqlite3

import pytest

from api import create_app

from .play import Table
from .test_moves import first_legal


def sqlite_only(app):
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite's backup")


def test_a_backup_holds_every_commit_and_serves_when_restored(app, client, tmp_path):
    sqlite_only(app)
    table = Table.create(client)
    for _ in range(3):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], first_legal(view), view["version"])
    seen = table.view(0)
    copy = tmp_path / "backup.sqlite"
    result = app.test_cli_runner().invoke(args=["backup", str(copy)])
    assert result.exit_code == 0, result.output
    assert str(copy) in result.output
    with sqlite3.connect(copy) as alone:  # the copy stands alone: no -wal beside it
        assert alone.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    restored = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{copy}", "TESTING": True, "RATELIMIT_ENABLED": False})
    answer = restored.test_client().get(f"/api/v1/games/{table.id}", headers={"Authorization": f"Bearer {table.tokens[0]}"})
    assert answer.status_code == 200 and answer.json == seen


def test_a_backup_never_overwrites_a_file(app, client, tmp_path):
    sqlite_only(app)
    kept = tmp_path / "yesterday.sqlite"
    kept.write_bytes(b"yesterday's backup")
    result = app.test_cli_runner().invoke(args=["backup", str(kept)])
    assert result.exit_code != 0 and "exists" in result.output
    assert kept.read_bytes() == b"yesterday's backup"


def test_postgresql_is_backed_up_with_pg_dump(app, client, tmp_path):
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("PostgreSQL's backup")
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "x.dump")])
    assert result.exit_code != 0 and "pg_dump" in result.output
    assert not (tmp_path / "x.dump").exists()
