"""The hot reads on the driver's cursor (api/reads.py) give exactly what the same statements give
through SQLAlchemy, and a read the driver refuses fails as SQLAlchemy fails it; the move's writes,
sent as the driver's SQL, send what SQLAlchemy would."""
import psycopg
import psycopg.pq
import psycopg.types.json
import pytest
import sqlalchemy
from sqlalchemy import bindparam, column, select, table, update

from api import clock, connection, database, matches, reads, replays, transaction, writes
from api.errors import Problem
from api.models import db, events_table, games_table
from api.seat_tokens import digest

from ..sqlcount import statements
from .play import Table
from .test_moves import first_legal


def both_ways(app, read):
    """`read()` on the driver's cursor, then through SQLAlchemy (a statement listener sends every
    read there, as it does for the tests' statement counts)."""
    with app.app_context():
        assert not db.engine.dispatch.before_cursor_execute, "nothing listens: the first read takes the driver's cursor"
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


@pytest.mark.parametrize("value", [2**70, -(2**64), -(2**63) - 1, 18446744073709551615, "12345678901234567890123", 1.5, "plain",
                                   float("inf")])
def test_stored_json_reads_back_exactly_both_ways(app, played, value):
    """JSON the database holds is read back by orjson (api/jsonio.py's loads_stored), which would
    read an integer past 64 bits as a float, and refuses the Infinity that `json.dumps` writes
    (SQLite stores it; PostgreSQL refuses it): the standard library reads those."""
    with app.app_context():
        if value == float("inf") and db.engine.dialect.name == "postgresql":
            pytest.skip("PostgreSQL stores only standard JSON")
        conn = db.engine.connect()
        conn.execute(update(events_table).where(events_table.c.game_id == played.id, events_table.c.seq == 2)
                     .values(move={"value": value, "then": [value]}))
        conn.commit()
        conn.close()
    direct, through_sqlalchemy = both_ways(app, lambda: matches.events(matches.load(played.id), after=1, upto=2))
    for event in (*direct, *through_sqlalchemy):
        assert event.move == {"value": value, "then": [value]}
        assert type(event.move["value"]) is type(value)


@pytest.fixture
def postgresql(app):
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("PostgreSQL only")


def statements_through(monkeypatch, owner, method: str) -> list:
    """The SQL `owner.method(sql, ...)` is called with from now on (psycopg's `Cursor.execute`,
    SQLAlchemy's `Connection.exec_driver_sql`), recorded."""
    ran = []
    run = getattr(owner, method)
    monkeypatch.setattr(owner, method, lambda self, sql, *args, **kwargs: ran.append(sql) or run(self, sql, *args, **kwargs))
    return ran


def test_reads_in_autocommit_go_through_libpq_prepared_once(app, played, postgresql, monkeypatch):
    """On PostgreSQL, with no statement listener, the reads skip psycopg's cursor (api/reads.py's
    _LibpqStatements), and prepare each statement once per connection. (The pool's ping of a
    connection idle past PING_AFTER_IDLE is a cursor's: a slow machine may leave the fixture's
    connection idle that long, so it is put off here.)"""
    monkeypatch.setattr(database, "PING_AFTER_IDLE", 3600)
    ran = statements_through(monkeypatch, psycopg.Cursor, "execute")
    with app.app_context():
        driver = connection.get().connection.dbapi_connection
        first = [matches.load(played.id), matches.head(played.id, None)]
        again = [matches.load(played.id), matches.head(played.id, None)]
        assert driver.autocommit and ran == [], "no cursor"
        prepared = [row[0] for row in driver.execute(
            "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'addgames_%'")]
    assert first == again and first[0].id == played.id and first[1].version == first[0].version
    assert len(prepared) == len(set(prepared)) >= 2, "each statement prepared once"


def test_a_read_in_a_transaction_goes_through_psycopgs_cursor(app, played, postgresql, monkeypatch):
    """Outside autocommit psycopg's cursor opens the transaction (BEGIN) the read belongs to. (The
    ping of a connection idle too long is put off, as above.)"""
    monkeypatch.setattr(database, "PING_AFTER_IDLE", 3600)
    ran = statements_through(monkeypatch, psycopg.Cursor, "execute")
    with app.app_context():
        conn = connection.get()
        direct = matches.load(played.id)
        connection.for_writes(conn)
        inside = matches.load(played.id)
        assert conn.connection.dbapi_connection.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS
        conn.rollback()  # the transaction for_writes began, and the driver's with it
        connection.for_reads(conn)
    assert inside == direct and len(ran) == 1


def test_a_statement_the_connection_forgot_is_read_through_sqlalchemy_then_prepared_again(app, played, postgresql,
                                                                                          monkeypatch):
    """A connection whose prepared statements were dropped (DEALLOCATE ALL) still reads: that read
    goes through SQLAlchemy, and the next is prepared anew."""
    through_sqlalchemy = []
    real = reads.Read._through_sqlalchemy
    monkeypatch.setattr(reads.Read, "_through_sqlalchemy", lambda read, *args: through_sqlalchemy.append(read) or
                        real(read, *args))
    with app.app_context():
        conn = connection.get()
        before = matches.load(played.id)
        conn.connection.dbapi_connection.execute("DEALLOCATE ALL")
        assert matches.load(played.id) == before and len(through_sqlalchemy) == 1
        assert matches.load(played.id) == before and len(through_sqlalchemy) == 1


def test_named_placeholders_are_numbered_for_libpq():
    sql = "SELECT %(a)s, %(b)s::INTEGER, %(a)s FROM t WHERE name LIKE 'x%%'"
    assert reads.numbered(sql) == ("SELECT $1, $2::INTEGER, $1 FROM t WHERE name LIKE 'x%'", ["a", "b"])
    assert reads.numbered("SELECT 1") == ("SELECT 1", [])


def test_a_read_the_driver_refuses_fails_as_sqlalchemy_fails_it(app):
    nowhere = reads.Read(select(column("x")).select_from(table("no_such_table")))
    with app.app_context(), pytest.raises(sqlalchemy.exc.DBAPIError, match="no_such_table"):
        nowhere.rows({})


def test_a_moves_writes_run_on_the_drivers_connection_and_commit(app, client, monkeypatch):
    """With nothing listening to the engine, a move's writes skip SQLAlchemy's execution (on
    SQLite inside the transaction SQLAlchemy commits, on PostgreSQL through libpq in autocommit),
    and what they wrote is there for the next read."""
    table = Table.create(client)
    view = table.view(table.view(0)["turn"])
    sent = statements_through(monkeypatch, sqlalchemy.Connection, "exec_driver_sql")
    with app.app_context():
        assert not db.engine.dispatch.before_cursor_execute
    assert table.post_move(view["you"]["seat"], first_legal(view), view["version"]).status_code == 200
    assert sent == []
    with app.app_context():
        match = matches.load(table.id)
        assert match.version == view["version"] + 1
        assert [event.seq for event in matches.events(match, after=view["version"])] == [match.version]


@pytest.mark.parametrize("after_a_write", [False, True], ids=["alone", "after a write"])
def test_a_write_the_driver_refuses_runs_again_through_sqlalchemy_and_changes_nothing(app, played, monkeypatch,
                                                                                    after_a_write):
    """An event whose number is taken: the driver refuses it, SQLAlchemy runs it again and raises its
    IntegrityError (the request's 409), and nothing the request wrote is kept. (Alone, it is the
    write that runs on the driver's connection on both databases.)"""
    sent = statements_through(monkeypatch, sqlalchemy.Connection, "exec_driver_sql")
    taken = {"game_id": played.id, "seq": 1, "seat": 0, "kind": "move", "move": {"x": 1}, "created_at": clock.now()}
    lost = lambda: Problem(409, "lost", "Another write was first.")  # noqa: E731
    with app.test_request_context():
        before = matches.load(played.id)
        if after_a_write:
            transaction.stage(writes._ADVANCE, {"match_id": played.id, "seen": before.version,
                                                "seen_seating": before.seating, "new_version": 99,
                                                "new_status": "playing", "new_turn": 0, "now": clock.now()})
        transaction.stage(writes._EVENTS, [taken])
        with pytest.raises(Problem, match="Another write was first"):
            transaction.commit(lost)
        assert matches.load(played.id) == before
        assert writes._EVENTS.compiled(db.engine.dialect).sql in sent, "run again through SQLAlchemy"


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


def sqlalchemys_params(statement, dialect, params: dict) -> dict | tuple:
    """What SQLAlchemy's own execution gives the driver for `statement` with `params`."""
    compiled = statement.compile(dialect=dialect)
    values = compiled.construct_params(params)
    for bind, name in compiled.bind_names.items():
        convert = bind.type.dialect_impl(dialect).bind_processor(dialect)
        if convert is not None:
            values[name] = convert(values[name])
    return tuple(values[name] for name in compiled.positiontup) if compiled.positional else values


def comparable(values: dict | tuple) -> list:
    """The values, JSON as what it wraps (psycopg's Json wrappers are equal only to themselves)."""
    items = values.items() if isinstance(values, dict) else enumerate(values)
    return [(key, value.obj if isinstance(value, psycopg.types.json.Json) else value) for key, value in items]


def test_every_statement_sends_the_driver_what_sqlalchemy_would(app, client, monkeypatch):
    """Through a match's life (a bot's replies, polls of a seat and of a spectator, moves from the
    row the process remembers and from one read, a replay from the events, a resignation, a
    rematch), each read and write compiled once gives the driver, for
    the parameters it was run with, the values SQLAlchemy gives. (The parameters are recorded and
    compared after: a read runs through SQLAlchemy instead while anything listens to the engine's
    statements, as a tracer set up by an earlier test may.)"""
    ran = []

    def recording(run):
        def recorded(made, *args):
            ran.append((made, args[-1]))  # the statement, and its parameters
            return run(made, *args)
        return recorded

    monkeypatch.setattr(reads.Read, "rows", recording(reads.Read.rows))
    monkeypatch.setattr(reads.Prepared, "run", recording(reads.Prepared.run))
    table = Table.create(client, bots=[{"seat": 1, "level": "easy"}], time_per_move=3600, join=False)
    path = f"/api/v1/games/{table.id}"
    people = Table.create(client)  # two people: a move is one event (and with the bot, two)
    for remembered in (True, False):  # moves from the row the process remembers, and from one read
        for playing in (table, people):
            mover = playing.view(0)["turn"]
            view = playing.view(mover)
            if not remembered:
                replays.forget_all()
            assert playing.post_move(mover, first_legal(view), view["version"]).status_code == 200
        for asking in (table.auth(0), {}):
            assert client.get(path, headers={**asking, "If-None-Match": '"stale"'}).status_code == 200
    replays.forget_all()  # the next view replays the events it reads
    table.view(0)
    assert client.post(f"{path}/resign", headers=table.auth(0)).status_code == 200
    assert client.post(f"{path}/rematch", headers=table.auth(0)).status_code == 201

    with app.app_context():
        dialect = db.engine.dialect
    for made, params in ran:
        for one in params if isinstance(params, list) else [params]:
            ours = made.compiled(dialect).driver_params(one)
            assert comparable(ours) == comparable(sqlalchemys_params(made.statement, dialect, one)), made.statement
    # A move and the bot's reply: two events; a resignation alone: one (on PostgreSQL, one statement)
    single = [writes._ADVANCE_AND_APPEND, writes._ADVANCE_AND_APPEND_REMEMBERED] if dialect.name == "postgresql" else []
    used = [matches._LOAD, matches._HEAD_AS_SEAT, matches._HEAD_ANONYMOUS, matches._EVENTS, writes._ADVANCE,
            writes._ADVANCE_REMEMBERED, writes._EVENTS, *single]
    assert [str(made.statement) for made in used if made not in {made for made, _ in ran}] == [], "each was run"


@pytest.mark.parametrize("sources, expected", [
    ((), []),
    ((("id", reads.ASKED),), ["m1"]),
    ((("id", reads.ASKED), ("seq", reads.ASKED)), ["m1", 7]),
    ((("id", reads.ASKED), ("kind", "move"), ("seq", reads.ASKED)), ["m1", "move", 7]),  # the statement's own value
])
def test_a_statement_lists_its_parameters_in_order(sources, expected):
    assert reads._values_of(sources)({"seq": 7, "id": "m1", "unused": 0}) == expected
