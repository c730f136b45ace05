"""The hot reads on the driver's cursor (api/reads.py) give exactly what the same statements give
through SQLAlchemy, and a read the driver refuses fails as SQLAlchemy fails it."""
import pytest
import sqlalchemy
from sqlalchemy import bindparam, column, select, table, update

from api import matches, reads, transaction
from api.errors import Problem
from api.models import games_table
from api.seat_tokens import digest

from ..sqlcount import statements
from .play import Table
from .test_moves import first_legal


def both_ways(app, read):
    """`read()` on the driver's cursor, then through SQLAlchemy (a statement listener sends every
    read there, as it does for the tests' statement counts)."""
    with app.app_context():
        direct = read()
    with statements(app) as ran, app.app_context():
        through_sqlalchemy = read()
    assert ran, "the second read went through SQLAlchemy"
    return direct, through_sqlalchemy


@pytest.fixture
def played(client):
    """A match with something in every kind of column: a bot's seat, a time limit, hints off, a
    rematch, moves and the bot's replies."""
    table = Table.create(client, bots=[{"seat": 1, "level": "easy"}], hints=False, time_per_move=3600, join=False)
    for _ in range(3):
        view = table.view(0)
        assert table.post_move(0, first_legal(view), view["version"]).status_code == 200
    assert client.post(f"/api/v1/games/{table.id}/resign", headers=table.auth(0)).status_code == 200
    assert client.post(f"/api/v1/games/{table.id}/rematch", headers=table.auth(0)).status_code == 201
    return table


def test_a_match_reads_the_same_both_ways(app, played):
    direct, through_sqlalchemy = both_ways(app, lambda: matches.load(played.id))
    assert direct == through_sqlalchemy
    assert direct.rematch_id and direct.hints is False and direct.seats[1].bot == "easy"
    assert direct.created_at.tzinfo == through_sqlalchemy.created_at.tzinfo


@pytest.mark.parametrize("asking", ["seat 0", "nobody", "a stranger"])
def test_a_polls_head_reads_the_same_both_ways(app, played, asking):
    token_hash = {"seat 0": digest(played.tokens[0]), "nobody": None, "a stranger": digest("x" * 43)}[asking]
    direct, through_sqlalchemy = both_ways(app, lambda: matches.head(played.id, token_hash))
    assert direct == through_sqlalchemy
    assert direct.rematch is True and direct.viewer == (0 if asking == "seat 0" else None)


def test_events_read_the_same_both_ways(app, played):
    def read():
        return list(matches.events(matches.load(played.id), after=1))

    direct, through_sqlalchemy = both_ways(app, read)
    assert direct == through_sqlalchemy
    assert [event.seq for event in direct] == list(range(2, len(direct) + 2))
    assert {event.kind for event in direct} >= {"move", "bot", "resign"}


def test_a_read_the_driver_refuses_fails_as_sqlalchemy_fails_it(app):
    nowhere = reads.Read(select(column("x")).select_from(table("no_such_table")))
    with app.app_context(), pytest.raises(sqlalchemy.exc.DBAPIError, match="no_such_table"):
        nowhere.rows({})


def test_a_read_after_a_lost_write_leaves_the_next_write_free_to_commit(app, played):
    """As a join that lost its race does: its write changed nothing, it reads the match again and
    writes again. (On PostgreSQL that read, on the driver's cursor, must not open a transaction
    SQLAlchemy does not know of: the next write could not begin.)"""
    bump = update(games_table).where(games_table.c.id == bindparam("match_id"),
                                     games_table.c.seating == bindparam("seen")).values(seating=bindparam("seen") + 1)
    lost = lambda: Problem(409, "lost", "Another write was first.")  # noqa: E731
    with app.test_request_context():
        seating = matches.load(played.id).seating
        for seen in (seating - 1, seating):  # two writes: a transaction, not one statement committing alone
            transaction.stage(bump, {"match_id": played.id, "seen": seen}, must_change=True)
        with pytest.raises(Problem, match="Another write was first"):
            transaction.commit(lost)
        assert matches.load(played.id).seating == seating
        for seen in (seating, seating + 1):
            transaction.stage(bump, {"match_id": played.id, "seen": seen}, must_change=True)
        transaction.commit(lost)
        assert matches.load(played.id).seating == seating + 2
