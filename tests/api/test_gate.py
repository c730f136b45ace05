"""The gate (api/gate.py): at most RUNNING_REQUESTS requests of a process run at once (by default
one on SQLite, four on PostgreSQL across a network, two on one on the same machine); the others wait in their threads until a place is free, and a
poll waiting for news gives its place up.

The gate is wrapped so that the test knows when a request waits at it (the deadlines below only
stop a broken run; they time nothing)."""
import queue
import threading
import time
from types import SimpleNamespace

import pytest
from sqlalchemy import event, text

from api import connection, create_app, news, revisions
from api import gate as gate_module
from api.config import longest_wait
from api.models import db

from .play import bearer, first_legal
from .test_news import started, wait_in_background

DEADLINE = 30  # seconds before a test gives up on something that should happen at once


class CountingGate:
    """A gate that says how many threads wait to take a place in it."""

    def __init__(self, places: queue.SimpleQueue):
        self._places, self._count = places, threading.Lock()
        self.waiting = 0

    def get(self, block: bool = True, timeout: float | None = None) -> None:
        with self._count:
            self.waiting += 1
        try:
            return self._places.get(block, timeout)
        finally:
            with self._count:
                self.waiting -= 1

    def get_nowait(self) -> None:
        return self._places.get_nowait()

    def put(self, place: None) -> None:
        self._places.put(place)


def free_places(count: int) -> queue.SimpleQueue:
    free: queue.SimpleQueue = queue.SimpleQueue()
    for _ in range(count):
        free.put(None)
    return free


def counted(app, monkeypatch, places: queue.SimpleQueue) -> CountingGate:
    counting = CountingGate(places)
    monkeypatch.setattr(app.extensions["gate"], "places", counting)
    return counting


def until(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def in_thread(call) -> tuple[threading.Thread, list]:
    answers: list = []
    thread = threading.Thread(target=lambda: answers.append(call()))
    thread.start()
    return thread, answers


@pytest.mark.parametrize("url, places", [
    ("sqlite:///{tmp}/gate.sqlite", 1),
    ("postgresql+psycopg://nobody@db.example.com:5432/none", 4),
    ("postgresql+psycopg://nobody@10.0.0.7/none", 4),
    ("postgresql+psycopg://nobody@[2001:db8::7]:5432/none", 4),
    ("postgresql+psycopg://nobody@127.0.0.1:9/none", 2),
    ("postgresql+psycopg://nobody@localhost/none", 2),
    ("postgresql+psycopg://nobody@[::1]:5432/none", 2),
    ("postgresql+psycopg://nobody@/none", 2),  # libpq's Unix socket
    ("postgresql+psycopg://nobody@/none?host=/var/run/postgresql", 2),
], ids=["sqlite", "postgresql-by-name", "postgresql-by-ip", "postgresql-by-ipv6", "postgresql-loopback",
        "postgresql-localhost", "postgresql-loopback-ipv6", "postgresql-socket", "postgresql-socket-folder"])
def test_by_default_a_process_runs_one_request_at_once_on_sqlite_four_on_postgresql_and_two_on_its_machine(
        tmp_path, url, places):
    """SQLite's waits are on this machine's disk; PostgreSQL's round trips across a network are worth
    overlapping, and other requests run while one waits for its answer; one on this machine
    answers at once (README, Polls that wait for news)."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url.format(tmp=tmp_path), "RUNNING_REQUESTS": None})
    assert app.extensions["gate"].places.qsize() == places


def test_past_its_places_a_request_waits_at_the_gate(app, monkeypatch):
    places = app.config["RUNNING_REQUESTS"]
    counting = counted(app, monkeypatch, app.extensions["gate"].places)
    inside, leave = threading.Semaphore(0), threading.Event()
    schema_revision, held = revisions.schema_revision, []

    def held_inside():  # the first health checks stay in the gate until told to leave
        if len(held) < places:
            held.append(True)
            inside.release()
            leave.wait(DEADLINE)
        return schema_revision()

    monkeypatch.setattr(revisions, "schema_revision", held_inside)
    running = [in_thread(lambda: app.test_client().get("/api/v1/health")) for _ in range(places)]
    for _ in range(places):
        assert inside.acquire(timeout=DEADLINE), "a request did not start while a place was free"
    late, late_answer = in_thread(lambda: app.test_client().get("/api/v1/health"))
    until(lambda: counting.waiting == 1, f"a request past the {places} places did not wait at the gate")
    assert not late_answer, "a request ran while every place was taken"
    leave.set()
    for thread, _ in [*running, (late, late_answer)]:
        thread.join(DEADLINE)
    assert [answers[0].status_code for _, answers in running] + [late_answer[0].status_code] == [200] * (places + 1)


def test_a_poll_waiting_for_news_gives_its_place_up(app, client, monkeypatch, news_only):  # noqa: F811
    counted(app, monkeypatch, free_places(1))
    table, path, waiter, view = started(client)
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]),
                                                      "If-None-Match": view.headers["ETag"], "Prefer": "wait=20"})
    other, other_answer = in_thread(lambda: app.test_client().get(path, headers=bearer(table.tokens[1 - waiter])))
    other.join(DEADLINE)
    assert other_answer and other_answer[0].status_code == 200, "a waiting poll kept the only place"
    mover = other_answer[0].json
    moved = client.post(f"{path}/moves", headers=bearer(table.tokens[1 - waiter]),
                        json={"version": mover["version"], "move": first_legal(mover)})
    assert moved.status_code == 200, moved.json
    waiting.join(DEADLINE)
    assert answers and answers[0].status_code == 200, "the poll did not come back in to answer the news"


def test_requests_inside_the_gate_take_the_connection_given_back_before(app, client):
    """Not one from the pool each time (api/connection.py)."""
    with app.app_context():
        engine = db.engine
    assert client.get("/api/v1/health").status_code == 200  # leaves its connection resting
    taken: list = []

    def count(*_args):
        taken.append(True)

    event.listen(engine, "checkout", count)
    try:
        for _ in range(3):
            assert client.get("/api/v1/health").status_code == 200
    finally:
        event.remove(engine, "checkout", count)
    assert not taken, "a request took a connection from the pool"


LEFT_OPEN = ("INSERT INTO idempotency_keys (lookup, fingerprint, response, created_at) "
             "VALUES ('left-open', 'x', '{}', CURRENT_TIMESTAMP)")


@pytest.mark.parametrize("where", ["in SQLAlchemy's transaction", "in the driver's alone"])
def test_what_a_request_left_open_is_rolled_back_before_its_connection_serves_again(app, client, where):
    """A request that ends without its commit (a crash; on SQLite a failed COMMIT leaves the driver's
    transaction open after SQLAlchemy has ended its own): the next request, on the same connection,
    sees none of it, and commits none of it."""
    gate = app.extensions["gate"]
    with app.test_request_context("/"):
        gate.enter()
        conn = connection.get()
        connection.for_writes(conn)
        if where == "in SQLAlchemy's transaction":
            conn.exec_driver_sql(LEFT_OPEN)
        else:
            conn.connection.dbapi_connection.cursor().execute(LEFT_OPEN)
        gate.leave(None)
    with app.test_request_context("/"):
        gate.enter()
        again = connection.get()
        assert again is conn, "the next request inside took the connection given back"
        assert again.exec_driver_sql("SELECT count(*) FROM idempotency_keys").scalar() == 0
        gate.leave(None)
    with app.app_context():
        assert db.session.execute(text("SELECT count(*) FROM idempotency_keys")).scalar() == 0


def test_a_request_whose_connection_fails_to_go_back_still_frees_its_place(app, monkeypatch):
    free = app.extensions["gate"].places.qsize()

    def fails():
        raise RuntimeError("giving the connection back failed")

    monkeypatch.setattr(connection, "give_back", fails)
    with pytest.raises(RuntimeError):
        app.test_client().get("/api/v1/openapi.yaml")  # a request that takes no connection
    monkeypatch.undo()
    assert app.extensions["gate"].places.qsize() == free, "the place came back"


def test_work_owed_after_the_gate_runs_once_the_place_is_back_even_when_the_connection_fails_to_go_back(app, monkeypatch):
    """A committed write's disk sync and news (api/durable.py) must not be lost to a failure of its
    connection going back; outside the gate the work runs at once."""
    gate, ran = app.extensions["gate"], []
    free = gate.places.qsize()

    def fails():
        raise RuntimeError("giving the connection back failed")

    with app.test_request_context("/"):
        gate_module.after_leaving(lambda: ran.append("outside"))
        gate.enter()
        gate_module.after_leaving(lambda: ran.append(gate.places.qsize()))
        assert ran == ["outside"]
        monkeypatch.setattr(connection, "give_back", fails)
        with pytest.raises(RuntimeError):
            gate.leave(None)
        monkeypatch.undo()  # the context's own teardown gives the connection back again
    assert ran == ["outside", free]


def due_in(app, seconds: float) -> dict:
    """A request's environ as gunicorn's worker serves it (serving.py): its worker's timeout falls
    `seconds` after the request may last start its database work (`Gate.cutoff`)."""
    return {"gunicorn.socket": SimpleNamespace(due=time.monotonic() + app.extensions["gate"].reserved + seconds)}


def test_sqlite_waits_for_another_writer_no_longer_than_the_gate_reserves_for_it(tmp_path):
    """The cutoff counts on SQLite's busy timeout being the longest wait of api/config.py: its
    connections are told it when they connect (the driver's `timeout`)."""
    url = f"sqlite:///{tmp_path}/busy.sqlite"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url})
    with app.app_context(), db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == longest_wait(url, 0, 0) * 1000
    with app.app_context():
        db.engine.dispose()


def test_a_request_that_cannot_get_a_place_before_its_cutoff_is_a_503_having_done_nothing(app, monkeypatch):
    """Behind a database stall the requests inside hold their places for the database's longest
    wait each: one queued behind them is answered by the app before its worker's timeout, which
    would restart the worker and cut every poll it holds."""
    counted(app, monkeypatch, free_places(0))  # every place held
    late, answer = in_thread(lambda: app.test_client().post("/api/v1/games", json={"game": "addup", "seats": 2,
                                                                                    "name": "Ann"},
                                                            environ_base=due_in(app, 0.2)))
    late.join(DEADLINE)
    assert answer, "a request waited at the gate past its cutoff"
    assert (answer[0].status_code, answer[0].json["code"]) == (503, "database_unavailable")
    assert int(answer[0].headers["Retry-After"]) >= 1 and answer[0].headers["X-Request-Id"]


def test_a_poll_waits_only_as_long_as_its_cutoff_leaves(app, client, news_only):  # noqa: F811
    """Its wait ends GATE_SPARE seconds before the moment its database work must start, and it says
    so (`Preference-Applied`), rather than waiting the 20 s asked into its worker's timeout."""
    table, path, waiter, view = started(client)
    polled = app.test_client().get(path, headers={**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                  "Prefer": "wait=20"}, environ_base=due_in(app, news.GATE_SPARE + 2))
    assert polled.status_code == 304
    assert polled.headers["Preference-Applied"] in ("wait=1", "wait=2")


def test_a_poll_whose_cutoff_has_come_answers_at_once_without_waiting(app, client, news_only):  # noqa: F811
    table, path, waiter, view = started(client)
    polled = app.test_client().get(path, headers={**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                  "Prefer": "wait=20"}, environ_base=due_in(app, 0.5))
    assert polled.status_code == 304 and "Preference-Applied" not in polled.headers


def test_a_poll_woken_that_cannot_come_back_in_before_its_cutoff_is_a_503(app, client, monkeypatch, news_only):  # noqa: F811
    """News came, but every place stays held (requests stalled on the database) until the moment its
    read must start: it is answered `503 database_unavailable`, not left to the worker's timeout."""
    places = free_places(1)
    counted(app, monkeypatch, places)
    table, path, waiter, view = started(client)
    headers = {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"], "Prefer": "wait=20"}
    environ = due_in(app, news.GATE_SPARE + 4)
    polling, answer = in_thread(lambda: app.test_client().get(path, headers=headers, environ_base=environ))
    until(lambda: news.board.count == 1, "the poll did not wait")
    places.get(timeout=DEADLINE)  # the place it gives up while it waits, held from now on
    news.board.wake(table.id)
    polling.join(DEADLINE)
    assert answer, "the poll waited at the gate past its cutoff"
    assert (answer[0].status_code, answer[0].json["code"]) == (503, "database_unavailable")
    assert int(answer[0].headers["Retry-After"]) >= 1
