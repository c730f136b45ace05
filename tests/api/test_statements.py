"""The SQL budget of the hot requests, counted by a SQLAlchemy event hook (no timing): a 304 poll
is one statement, a view at most two, a move at most four with its COMMIT (on PostgreSQL two, the
second committing alone). A change that adds a query to one of them fails here."""
import pytest
from sqlalchemy import text

from api import create_app
from api.database import transactional
from api.models import db

from ..sqlcount import statements
from .play import Table, bearer
from .test_moves import first_legal


@pytest.fixture
def table(client):
    table = Table.create(client)
    view = table.view(0)
    table.post_move(0, first_legal(view), view["version"])
    return table


def run(app, request):
    with statements(app) as ran:
        response = request()
    return response, ran


def test_a_304_poll_of_the_view_is_one_statement(app, client, table):
    tag = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[1])).headers["ETag"]
    response, ran = run(app, lambda: client.get(f"/api/v1/games/{table.id}",
                                                headers={**bearer(table.tokens[1]), "If-None-Match": tag}))
    assert response.status_code == 304
    assert len(ran) == 1, ran


def test_a_304_poll_of_the_log_is_one_statement(app, client, table):
    tag = client.get(f"/api/v1/games/{table.id}/moves?after=1").headers["ETag"]
    response, ran = run(app, lambda: client.get(f"/api/v1/games/{table.id}/moves?after=1",
                                                headers={"If-None-Match": tag}))
    assert response.status_code == 304
    assert len(ran) == 1, ran


def test_a_view_is_at_most_two_statements(app, client, table):
    stale = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0])).headers["ETag"]
    view = table.view(1)
    table.post_move(1, first_legal(view), view["version"])
    response, ran = run(app, lambda: client.get(f"/api/v1/games/{table.id}",
                                                headers={**bearer(table.tokens[0]), "If-None-Match": stale}))
    assert response.status_code == 200
    assert len(ran) <= 2, ran
    response, ran = run(app, lambda: client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0])))
    assert len(ran) == 1, ran


def test_a_move_is_at_most_four_statements_with_its_commit(app, client, table):
    view = table.view(1)
    response, ran = run(app, lambda: table.post_move(1, first_legal(view), view["version"]))
    assert response.status_code == 200
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):  # the match, then one statement that advances it and appends the move, and commits alone
        assert len(ran) == 2 and ran[1].startswith("WITH advanced AS") and "COMMIT" not in ran, ran
    else:
        assert len(ran) <= 4 and ran[-1] == "COMMIT", ran


def on_postgresql(app) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("SQLite's connections have no autocommit to leave")


def test_on_postgresql_statements_autocommit_unless_a_transaction_is_asked_for(app):
    """A request's reads need no switch to autocommit (its connection comes from the pool in it),
    and `transactional` makes a connection's statements one transaction until it commits."""
    on_postgresql(app)
    transaction_id = text("SELECT pg_current_xact_id()::text")
    with app.app_context():
        with db.engine.connect() as conn:
            assert conn.scalar(transaction_id) != conn.scalar(transaction_id), "each statement its own"
            conn.rollback()  # SQLAlchemy's own record of the reads above; nothing is sent
            transactional(conn)
            assert conn.scalar(transaction_id) == conn.scalar(transaction_id), "one transaction"
            conn.commit()
        with db.engine.connect() as conn:
            assert conn.scalar(transaction_id) != conn.scalar(transaction_id), "back in autocommit in the pool"


def test_on_postgresql_a_move_commits_on_an_engine_set_up_without_autocommit(app, table):
    """A move's one write commits alone only where the driver's connection autocommits."""
    on_postgresql(app)
    other = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "TESTING": True,
                        "RATELIMIT_ENABLED": False, "SQLALCHEMY_ENGINE_OPTIONS": {}})
    view = table.view(1)
    moved = other.test_client().post(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[1]),
                                     json={"version": view["version"], "move": first_legal(view)})
    assert moved.status_code == 200, moved.json
    assert table.view(1)["version"] == view["version"] + 1, "committed, as another connection sees"
    with other.app_context():
        db.engine.dispose()
