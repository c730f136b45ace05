"""The SQL budget of the hot requests, counted by a SQLAlchemy event hook (no timing): a 304 poll
is one statement, a view at most two, a move at most four with its COMMIT (on PostgreSQL two, the
second committing alone). A change that adds a query to one of them fails here."""
import pytest

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
