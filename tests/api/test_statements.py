"""The SQL budget of the hot requests, counted by a SQLAlchemy event hook (no timing): a 304 poll
is one statement, a view at most two, a move by a seat its process has just shown the match (as a
polling client's is) its writes alone, at most three with its COMMIT (on PostgreSQL one statement,
committing alone). A change that adds a query to one of them fails here."""
import pytest
from sqlalchemy import text

from api import create_app, replays
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


def test_a_view_a_move_past_the_state_its_process_keeps_is_one_statement(app, client, table):
    """As a poll woken by news of a move made in another process reads: the match and the move."""
    seen = table.view(1)
    table.post_move(1, first_legal(seen), seen["version"])
    replays.forget_all()
    table.view(path=f"/versions/{seen['version']}")  # the process keeps the state the seat saw, not the move
    response, ran = run(app, lambda: client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0])))
    assert response.status_code == 200 and response.json["version"] == seen["version"] + 1
    assert len(ran) == 1, ran


@pytest.mark.parametrize("remembered", [True, False], ids=["warm", "cold"])
def test_a_move_after_its_view_is_its_writes_alone(app, client, table, remembered):
    """A seat that moves was just shown the match, and the process remembers its row and state: the
    move reads nothing (api/moves.py). A process that has not seen the match reads it and its events."""
    view = table.view(1)
    if not remembered:
        replays.forget_all()
    response, ran = run(app, lambda: table.post_move(1, first_legal(view), view["version"]))
    assert response.status_code == 200
    reads = [sql for sql in ran if sql.startswith("SELECT")]
    assert reads == ran[:len(reads)] and len(reads) == (0 if remembered else 2), ran
    writes = ran[len(reads):]
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):  # one statement advances the match, appends the move and commits alone
        assert len(writes) == 1 and writes[0].startswith("WITH advanced AS"), ran
    else:
        assert len(writes) <= 3 and writes[-1] == "COMMIT", ran


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


def test_my_games_reads_the_seats_of_every_rematch_in_one_statement_and_none_without_one(app, client):
    tables = [Table.create(client) for _ in range(2)]
    tokens = [table.tokens[0] for table in tables]
    for table in tables:
        client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[1]))
    mine = lambda: client.post("/api/v1/my-games", json={"tokens": tokens})  # noqa: E731
    mine()  # the finished matches' states, replayed once, are kept
    _, without = run(app, mine)
    for table in tables:
        client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1]))
    mine()
    response, ran = run(app, mine)
    assert [g["rematch_joined"] for g in response.json["games"]] == [False, False]
    assert len(ran) == len(without) + 1, (without, ran)


def test_my_games_reads_all_its_matches_in_one_statement_however_many(app, client):
    """A keen player's 60 matches were 61 SELECTs every 15 seconds, from each of their devices: one per match (QA:
    power user). The seats, then their matches and seats, whatever their number (a replay kept in memory)."""
    tables = [Table.create(client, game=game) for game in ("addup", "addit", "plusminus", "addem", "addtoo", "addup")]
    mine = lambda count: client.post("/api/v1/my-games", json={"tokens": [t.tokens[0] for t in tables[:count]]})  # noqa: E731
    mine(len(tables))  # the states, replayed once, are kept
    one, ran_one = run(app, lambda: mine(1))
    six, ran_six = run(app, lambda: mine(6))
    assert [len(one.json["games"]), len(six.json["games"])] == [1, 6]
    assert len(ran_six) == len(ran_one) == 2, ran_six
