"""Polls that wait for news (`Prefer: wait=N`, api/news.py): answered when the match changes,
whichever process or instance made the change, or with a 304 once the wait is over.

The waiting polls run in this process (the test's app) so that the test knows when they wait;
the moves that end their wait come from this process or from a gunicorn server on the same
database, which reaches them by a datagram (SQLite) or by NOTIFY (PostgreSQL). Waiters re-check
the database only every POLL_RECHECK seconds: set far beyond the wait, so that only the news can
end a wait with a 200."""
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from unittest import mock

import psycopg
import pytest
import requests

from api import config, games, news, replays
from api.config import ROOT
from api.models import db
from bench.server import libpq_url

from ..sqlcount import statements
from .live import gunicorn
from .play import Table, bearer, first_legal


@pytest.fixture(scope="module")
def other_process(app, tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, workers=1, RATELIMIT_ENABLED="false") as url:
        yield url


def started(client) -> tuple[Table, str, int, dict]:
    """A two-seat ADD UP match: its view path, the seat that waits (not to move) and its view."""
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    mover = client.get(path, headers=bearer(table.tokens[0])).json["turn"]
    waiter = 1 - mover
    return table, path, waiter, client.get(path, headers=bearer(table.tokens[waiter]))


def wait_in_background(app, path: str, headers: dict) -> tuple[threading.Thread, list]:
    """Send a poll from another thread; return once it has read its match and begun to wait."""
    answers, begun, wait = [], threading.Event(), news.Watch.wait

    def noticed(watch, changed, read=True):
        begun.set()
        return wait(watch, changed, read)

    with mock.patch.object(news.Watch, "wait", noticed):
        waiting = threading.Thread(target=lambda: answers.append(app.test_client().get(path, headers=headers)))
        waiting.start()
        deadline = time.monotonic() + 30
        while not begun.wait(0.01):  # until the poll waits (a deadline, not a timing assertion)
            assert waiting.is_alive() and time.monotonic() < deadline, "the poll did not wait"
    return waiting, answers


def move(client, path: str, token: str, base: str | None = None):
    view = client.get(path, headers=bearer(token)).json
    body = {"version": view["version"], "move": first_legal(view)}
    if base is None:
        response = client.post(f"{path}/moves", json=body, headers=bearer(token))
        assert response.status_code == 200, response.json
    else:
        response = requests.post(f"{base}{path}/moves", json=body, headers=bearer(token), timeout=30)
        assert response.status_code == 200, response.text
    return view["version"] + 1


@pytest.mark.parametrize("where", ["this process", "another process"])
def test_a_waiting_poll_is_answered_with_the_move_that_ends_its_wait(app, client, news_only, other_process, where):
    table, path, waiter, view = started(client)
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                      "Prefer": "wait=20"})
    version = move(client, path, table.tokens[1 - waiter], other_process if where == "another process" else None)
    waiting.join(60)
    answer = answers[0]
    assert answer.status_code == 200, "the wait ended without news of the move"
    assert answer.headers["Preference-Applied"] == "wait=20"
    assert answer.json["version"] == version and answer.json["turn"] == waiter
    assert answer.headers["ETag"] != view.headers["ETag"]


@pytest.mark.parametrize("where", ["this process", "another process"])
def test_a_move_between_the_polls_read_and_its_wait_still_ends_the_wait(app, client, news_only, other_process,
                                                                         monkeypatch, where):
    """The poll has read the match and found its ETag current; the move lands before it starts to
    wait. Its place on the board was taken before the read, so the news still reaches it."""
    table, path, waiter, view = started(client)
    mover = 1 - waiter
    moved_view = client.get(path, headers=bearer(table.tokens[mover])).json
    body = {"version": moved_view["version"], "move": first_legal(moved_view)}
    read = games._tag_now

    def read_then_move(match_id, watch):
        head = read(match_id, watch)
        monkeypatch.setattr(games, "_tag_now", read)
        base = other_process if where == "another process" else ""
        if base:
            assert requests.post(f"{base}{path}/moves", json=body, headers=bearer(table.tokens[mover]),
                                 timeout=30).status_code == 200
        else:  # from another thread: a request nested in this one would share its app context, and its `g`
            moved = []
            thread = threading.Thread(target=lambda: moved.append(
                app.test_client().post(f"{path}/moves", json=body, headers=bearer(table.tokens[mover]))))
            thread.start()
            thread.join(30)
            assert moved and moved[0].status_code == 200
        return head

    monkeypatch.setattr(games, "_tag_now", read_then_move)
    woken, signal_wait = [], news.Signal.wait  # by the news, not by the read that ends a wait from memory
    monkeypatch.setattr(news.Signal, "wait", lambda signal, timeout: woken.append(signal_wait(signal, timeout)) or woken[-1])
    answer = client.get(path, headers={**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                       "Prefer": "wait=3"})
    assert answer.status_code == 200 and woken == [True], "the news of a move made just after the poll's read was lost"
    assert answer.json["version"] == body["version"] + 1


@pytest.mark.parametrize("sent", ["before the move", "after its news"])
def test_a_poll_answered_with_a_move_made_in_another_process_reads_nothing(app, client, news_only, other_process,
                                                                           sent):
    """The move's news carries its event (PostgreSQL's trigger, migration 0011; SQLite's datagram),
    and this process keeps the match as it was before: a poll waiting for the move, or sent once its
    news came (behind the newest row then), is answered from the news alone, as the match is."""
    app.extensions["news"].listen()
    table, path, mover, _ = started(client)
    move(client, path, table.tokens[1 - mover])  # here: its news names the head it left, on both databases
    waiter, mover = 1 - mover, bearer(table.tokens[mover])
    view = client.get(path, headers=bearer(table.tokens[waiter]))
    assert eventually(lambda: news.heard.is_newest(replays.known(table.id)))
    headers = {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"], "Prefer": "wait=20"}
    seen = client.get(path, headers=mover).json
    body = {"version": seen["version"], "move": first_legal(seen)}
    with statements(app) as ran:
        if sent == "before the move":
            waiting, answers = wait_in_background(app, path, headers)
            assert requests.post(f"{other_process}{path}/moves", json=body, headers=mover, timeout=30).ok
            waiting.join(60)
        else:
            assert requests.post(f"{other_process}{path}/moves", json=body, headers=mover, timeout=30).ok
            assert eventually(lambda: news.heard.step_after(replays.known(table.id)) is not None), "no news"
            answers = [client.get(path, headers=headers)]
    assert answers[0].status_code == 200 and answers[0].json["version"] == seen["version"] + 1
    assert ran == [], "the poll read the match"
    replays.forget_all()
    assert answers[0].json == client.get(path, headers=bearer(table.tokens[waiter])).json, "as read from the database"


def test_a_poll_ahead_of_the_row_its_process_takes_for_the_newest_is_answered_as_read(app, client, other_process,
                                                                                     monkeypatch):
    """News lost leaves this process taking a row for the newest that is not, and the client has seen
    the match after it through another process: the poll is answered with the match as read, never
    with the older row."""
    app.extensions["news"].listen()
    table, path, mover, _ = started(client)
    move(client, path, table.tokens[1 - mover])
    assert eventually(lambda: news.heard.is_newest(replays.known(table.id)))
    monkeypatch.setattr(news.heard, "hear", lambda note: None)  # the next move's news is lost
    version = move(client, path, table.tokens[mover], other_process)
    seen = requests.get(f"{other_process}{path}", headers=bearer(table.tokens[mover]), timeout=30)
    assert news.heard.is_newest(replays.known(table.id)) and replays.known(table.id).version == version - 1
    answer = client.get(path, headers={**bearer(table.tokens[mover]), "If-None-Match": seen.headers["ETag"],
                                       "Prefer": "wait=1"})
    assert answer.status_code in (200, 304) and answer.headers["ETag"] == seen.headers["ETag"]


@pytest.mark.parametrize("held", ['W/"v0.j2.s0.r0.cold"', 'W/"v0.j2.s0.r0.cold", ""', '""'])
def test_a_poll_holding_another_view_s_tags_alone_is_answered_with_the_view(app, client, held):
    """A tag of an older view (weak, as a proxy compressing answers marks them) or an empty one."""
    app.extensions["news"].listen()
    table, path, mover, _ = started(client)
    move(client, path, table.tokens[1 - mover])
    assert eventually(lambda: news.heard.is_newest(replays.known(table.id)))
    tag = client.get(path, headers=bearer(table.tokens[mover])).headers["ETag"]
    answer = client.get(path, headers={**bearer(table.tokens[mover]), "If-None-Match": held, "Prefer": "wait=1"})
    assert answer.status_code == 200 and answer.headers["ETag"] == tag


def eventually(condition) -> bool:
    """Whether `condition()` comes true within a deadline (not a timing assertion)."""
    deadline = time.monotonic() + 10
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_wait_in_vain_ends_with_a_304_that_says_it_waited(client, news_only):
    table, path, waiter, view = started(client)
    answer = client.get(path, headers={**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                       "Prefer": "wait=1"})
    assert answer.status_code == 304
    assert answer.headers["Preference-Applied"] == "wait=1"
    assert answer.headers["ETag"] == view.headers["ETag"] and answer.headers["Retry-After"]


def test_a_poll_that_is_behind_is_answered_at_once(client):
    table, path, waiter, view = started(client)
    move(client, path, table.tokens[1 - waiter])
    answer = client.get(path, headers={**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                       "Prefer": "wait=20"})
    assert answer.status_code == 200 and "Preference-Applied" not in answer.headers


def test_a_poll_for_any_version_is_not_held(client):
    table, path, waiter, view = started(client)
    answer = client.get(path, headers={**bearer(table.tokens[waiter]), "If-None-Match": "*", "Prefer": "wait=20"})
    assert answer.status_code == 304 and "Preference-Applied" not in answer.headers


def test_past_the_limit_of_waiting_polls_a_poll_is_answered_at_once(app, client, monkeypatch):
    monkeypatch.setitem(app.config, "POLL_WAITERS", 0)
    table, path, waiter, view = started(client)
    answer = client.get(path, headers={**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                       "Prefer": "wait=20"})
    assert answer.status_code == 304 and "Preference-Applied" not in answer.headers


def test_the_board_counts_its_waiters_of_every_match_up_to_its_limit():
    board = news.Board()
    signals = [(match_id, board.join(match_id, 3)) for match_id in ("a", "b", "a")]
    assert all(signal for _, signal in signals) and board.count == 3
    assert board.join("c", 3) is None, "past the limit"
    board.leave(*signals[0])
    board.leave(*signals[0])  # a waiter leaves once, however often it says so
    assert board.count == 2 and board.join("c", 3) is not None and board.count == 3
    for match_id, signal in signals[1:]:
        board.leave(match_id, signal)
    assert board.count == 1


def test_waiting_polls_hold_no_database_connection(app, client, news_only):
    """More polls wait than the pool has connections (5, and 10 more at most), and a view and a
    move still get one at once; the move's news then answers every one of them."""
    table, path, waiter, view = started(client)
    headers = {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"], "Prefer": "wait=20"}
    waiting = [wait_in_background(app, path, headers) for _ in range(20)]
    assert client.get(path, headers=bearer(table.tokens[waiter])).status_code == 200
    version = move(client, path, table.tokens[1 - waiter])
    for thread, answers in waiting:
        thread.join(60)
        assert answers[0].status_code == 200 and answers[0].json["version"] == version


@pytest.mark.parametrize("header, seconds", [
    ("wait=5", 5), ("respond-async, wait=7", 7), ("wait = 3; handling=lenient", 3), ('wait="4"', 4),
    (f"wait={news.MAX_WAIT * 10}", news.MAX_WAIT), ("wait=soon", 0), ("handling=strict", 0), ("", 0),
    ("nowait=5", 0)])
def test_the_wait_asked_for_is_read_from_prefer_and_capped(app, header, seconds):
    with app.test_request_context(headers={"Prefer": header}):
        assert news.preferred_wait() == seconds


@pytest.mark.parametrize("where", ["this process", "another process"])
def test_a_waiting_poll_is_answered_at_once_when_its_match_is_deleted(app, client, news_only, monkeypatch, where):
    """The daily cleanup (`flask cleanup`, a process of its own) deletes a match that nobody joined while its
    creator's poll waits: news wakes the poll, answered at once as a GET of the deleted match is (a poll whose
    tag came from a row its process remembers would read the match once its wait ran out, and answer the same
    20 s late)."""
    table = Table.create(client, join=False)
    path, creator = f"/api/v1/games/{table.id}", bearer(table.tokens[0])
    view = client.get(path, headers=creator)
    woken, signal_wait = [], news.Signal.wait
    monkeypatch.setattr(news.Signal, "wait", lambda signal, timeout: woken.append(signal_wait(signal, timeout)) or woken[-1])
    waiting, answers = wait_in_background(app, path, {**creator, "If-None-Match": view.headers["ETag"],
                                                      "Prefer": "wait=20"})
    cleanup = ["cleanup", "--days", "0"]  # every match nobody joined, made before now
    if where == "this process":
        assert app.test_cli_runner().invoke(args=cleanup).exit_code == 0
    else:
        subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", *cleanup], cwd=ROOT, check=True, timeout=60,
                       env={**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"]})
    waiting.join(60)
    fresh = client.get(path, headers=creator)
    assert fresh.status_code == 404
    assert (answers[0].status_code, answers[0].json) == (404, fresh.json)
    assert woken and all(woken), "the wait outlived its match"  # late news of the create may wake it first


def test_news_that_never_comes_is_made_up_by_the_periodic_check(app, client, monkeypatch):
    """Lost news (here no process hears of the move) delays the answer, never loses it."""
    monkeypatch.setitem(app.config, "POLL_RECHECK", 0.2)
    monkeypatch.setattr(news.board, "wake", lambda match_id: None)
    table, path, waiter, view = started(client)
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                      "Prefer": "wait=20"})
    version = move(client, path, table.tokens[1 - waiter])
    waiting.join(60)
    assert answers[0].status_code == 200 and answers[0].json["version"] == version


def test_a_signal_holds_news_until_its_waiter_takes_or_clears_it():
    signal = news.Signal()
    assert not signal.wait(0.01), "no news yet"
    signal.set()
    assert signal.wait(0.01), "news set before the wait is not lost"
    assert not signal.wait(0.01), "the wait took it"
    signal.set()
    signal.set()
    signal.clear()
    assert not signal.wait(0.01), "cleared, however often it was set"
    threading.Timer(0.05, signal.set).start()
    assert signal.wait(5), "news from another thread ends the wait"


@pytest.mark.parametrize("error", [OSError("no socket"), RuntimeError("a bug")])
def test_a_watch_that_cannot_listen_holds_no_place_on_the_board_past_its_request(app, monkeypatch, error):
    """News that cannot be listened for (OSError): the poll waits on its periodic checks, in its
    place until it leaves. Anything else fails the request, and its place is given back at once."""
    def refuse():
        raise error

    monkeypatch.setattr(app.extensions["news"], "listen", refuse)
    before = news.board.count
    with app.test_request_context("/api/v1/games/AQd0zODt6g0McKXr"):
        if isinstance(error, OSError):
            with news.Watch("AQd0zODt6g0McKXr", 5) as watch:
                assert watch.seconds == 5 and news.board.count == before + 1
        else:
            with pytest.raises(RuntimeError, match="a bug"):
                news.Watch("AQd0zODt6g0McKXr", 5)
    assert news.board.count == before


def send_stray(app, payload: bytes) -> None:
    """Something else on the news' way: a NOTIFY on the channel (PostgreSQL: anyone who may connect
    may send one), or a datagram to every listening process (SQLite)."""
    courier = app.extensions["news"]
    if isinstance(courier, news.SocketCourier):
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            for listener in os.scandir(courier.folder):
                sender.sendto(payload, listener.path)
    else:
        with psycopg.connect(libpq_url(app.config["SQLALCHEMY_DATABASE_URI"]), autocommit=True) as conn:
            conn.execute("SELECT pg_notify(%s, %s)", [news.CHANNEL, payload.decode()])


def test_stray_news_is_ignored_and_news_still_comes(app, client, news_only):
    """Stray news is ignored and the news after it still ends a wait; even news naming a match this
    process has heard of with a version that is no number."""
    table, path, waiter, view = started(client)
    for round_ in range(2):
        waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                          "Prefer": "wait=5"})
        if round_:
            for stray in (f"{table.id} not-a-version".encode(), b"", b"\xff\xfe", f"{table.id} 1 2 3 4".encode()):
                if stray.isascii() or isinstance(app.extensions["news"], news.SocketCourier):
                    send_stray(app, stray)
        move(client, path, table.tokens[1 - waiter])
        waiting.join(30)
        assert answers[0].status_code == 200, f"round {round_}: the wait ended without news of the move"
        waiter, view = 1 - waiter, client.get(path, headers=bearer(table.tokens[1 - waiter]))


def test_news_lost_with_the_listening_connection_still_ends_a_wait_and_news_comes_again(app, client, news_only):
    """PostgreSQL ends the connection this process listens on (a restart, a failover): the process
    listens again, and its waiting polls re-check their matches, so that a move whose NOTIFY came
    while nobody listened still ends the wait it should; news comes again after."""
    if not isinstance(app.extensions["news"], news.PostgresCourier):
        pytest.skip("PostgreSQL's listening connection")
    table, path, waiter, view = started(client)
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                      "Prefer": "wait=20"})
    url = libpq_url(app.config["SQLALCHEMY_DATABASE_URI"])
    name = news.PostgresCourier.application_name()
    with psycopg.connect(url, autocommit=True) as admin:
        ended = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                              [name]).fetchall()
        assert ended == [(True,)], "one listening connection, ended"
        version = move(client, path, table.tokens[1 - waiter])  # most likely while nobody listens
        waiting.join(30)
        assert answers[0].status_code == 200 and answers[0].json["version"] == version
        deadline = time.monotonic() + 30
        while not admin.execute("SELECT 1 FROM pg_stat_activity WHERE application_name = %s", [name]).fetchall():
            assert time.monotonic() < deadline, "the process did not listen again"
            time.sleep(0.05)
    waiter, view = 1 - waiter, client.get(path, headers=bearer(table.tokens[1 - waiter]))
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                      "Prefer": "wait=20"})
    move(client, path, table.tokens[1 - waiter])
    waiting.join(30)
    assert answers[0].status_code == 200, "news came again"


class Enough(Exception):
    """Ends the listening loop of a test."""


class Listening:
    """A listening connection that LISTENs, then is lost before any news."""

    def __init__(self, *args, **kwargs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def execute(self, statement):
        pass

    def notifies(self):
        raise psycopg.OperationalError("server closed the connection unexpectedly")


def test_a_database_down_for_a_while_is_logged_once_per_reason_and_back_once(monkeypatch, caplog):
    """The process tries to listen again every second while the database is down; its log says
    why once, again only when the reason changes, and once that it listens again: a minute's
    outage wrote 60 identical warnings a worker, burying the requests' own lines."""
    tries = iter([*[psycopg.OperationalError("connection refused")] * 5,
                  psycopg.OperationalError("password authentication failed"), Listening,
                  psycopg.OperationalError("connection refused"), Enough])

    def connect(*args, **kwargs):
        outcome = next(tries)
        if outcome is Listening:
            return Listening()
        raise outcome

    monkeypatch.setattr(psycopg, "connect", connect)
    monkeypatch.setattr(news, "heard", news.Heard())
    monkeypatch.setattr(news, "board", news.Board())
    courier = object.__new__(news.PostgresCourier)
    courier._connect_args = ((), {})
    monkeypatch.setattr(courier, "RECONNECT_AFTER", 0.001)
    with caplog.at_level(logging.INFO, logger="api.news"), pytest.raises(Enough):
        courier._receive(threading.Event())
    said = [(record.levelname, record.getMessage()) for record in caplog.records if record.name == "api.news"]
    failed = "news: the listening connection failed ({}); waiters re-check meanwhile"
    assert said == [("WARNING", failed.format("connection refused")),
                    ("WARNING", failed.format("password authentication failed")),
                    ("INFO", "news: listening again, after 6 failed tries"),
                    ("WARNING", failed.format("server closed the connection unexpectedly")),
                    ("WARNING", failed.format("connection refused"))]


def tcp_settings(port: int) -> tuple[int, ...]:
    """User timeout (ms), keepalive on, idle, interval (s) and count of this process's TCP socket
    bound to `port`."""
    for fd in os.listdir("/proc/self/fd"):
        try:
            sock = socket.socket(fileno=os.dup(int(fd)))
        except OSError:  # not a socket (or gone meanwhile)
            continue
        with sock:
            if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.type == socket.SOCK_STREAM \
                    and sock.getsockname()[1] == port:
                return (sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT),
                        sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE),
                        *(sock.getsockopt(socket.IPPROTO_TCP, option)
                          for option in (socket.TCP_KEEPIDLE, socket.TCP_KEEPINTVL, socket.TCP_KEEPCNT)))
    raise AssertionError(f"no socket of this process on port {port}")


def test_connections_give_up_on_a_database_gone_silent(app, client, news_only):
    """A database whose network goes silent sends no reset: keepalives and a bound on data left
    unacknowledged (api.config.SILENT_NETWORK) end the listening connection and the pool's within
    about half a minute, instead of TCP's 15 minutes (hours for an idle one), so they connect again.
    Read on their sockets, found by the client port PostgreSQL names."""
    if not isinstance(app.extensions["news"], news.PostgresCourier):
        pytest.skip("PostgreSQL's connections")
    table, path, waiter, view = started(client)
    waiting, _ = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "If-None-Match": view.headers["ETag"],
                                                "Prefer": "wait=1"})  # this process listens from now on
    waiting.join(30)
    with psycopg.connect(libpq_url(app.config["SQLALCHEMY_DATABASE_URI"]), autocommit=True) as admin:
        listening = admin.execute("SELECT client_port FROM pg_stat_activity WHERE application_name = %s",
                                  [news.PostgresCourier.application_name()]).fetchone()[0]
    with app.app_context(), db.engine.connect() as pooled:
        pooled_port = pooled.exec_driver_sql("SELECT inet_client_port()").scalar()
        if listening is None or pooled_port is None:
            pytest.skip("connected through a Unix socket, not TCP")
        wanted = config.SILENT_NETWORK
        expected = (wanted["tcp_user_timeout"], wanted["keepalives"],
                    *(wanted[f"keepalives_{name}"] for name in ("idle", "interval", "count")))
        assert tcp_settings(listening) == expected
        assert tcp_settings(pooled_port) == expected
