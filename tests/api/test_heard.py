"""A waiting poll that starts from the row its process remembers (api/news.py's `Heard`): only while
the process hears every change (PostgreSQL's NOTIFY and SQLite's datagrams name the head a move
leaves), only from the row with the head last heard of, and never for longer than its wait when
news was lost."""
import os
import socket
import threading

import pytest

from api import games, news, replays
from api.news import Heard, SocketCourier

from ..sqlcount import statements
from .play import Table, bearer
from .test_moves import first_legal
from .test_news import eventually, wait_in_background


class Row:
    def __init__(self, match_id: str, version: int, seating: int = 2, rematch_id: str | None = None):
        self.id, self.version, self.seating, self.rematch_id = match_id, version, seating, rematch_id


def test_a_row_is_the_newest_only_with_the_head_last_heard_while_every_change_is_heard():
    heard = Heard()
    assert heard.hear("abc 3 2 0") == "abc"
    assert not heard.is_newest(Row("abc", 3)), "before every change is heard"
    heard.restart(complete=True)
    assert not heard.is_newest(Row("abc", 3)), "what was heard before is forgotten"
    heard.hear("abc 3 2 0")
    assert heard.is_newest(Row("abc", 3))
    assert not heard.is_newest(Row("abc", 2)) and not heard.is_newest(Row("abc", 3, seating=3))
    assert not heard.is_newest(Row("abc", 3, rematch_id="def"))
    heard.hear("abc")  # news without a head (sent by a trigger older than migration 0010)
    assert not heard.is_newest(Row("abc", 3))
    heard.hear("abc 4 2 1")
    assert heard.is_newest(Row("abc", 4, rematch_id="def"))
    heard.restart(complete=False)
    assert not heard.is_newest(Row("abc", 4, rematch_id="def"))


@pytest.mark.parametrize("stray", ["", "abc not-a-version", "abc 4 2", "abc 4 2 0 1", "abc 4 2 7", "abc -4 2 0",
                                   "a;b 4 2 0", "abc 4\n2 0", "x" * 65])
def test_news_of_another_shape_is_ignored(stray):
    heard = Heard()
    heard.restart(complete=True)
    heard.hear("abc 3 2 0")
    assert heard.hear(stray) is None
    assert heard.is_newest(Row("abc", 3)), "what was heard stands"


def test_news_of_another_match_in_the_same_place_makes_a_row_unknown_never_newest(monkeypatch):
    heard = Heard()
    heard.restart(complete=True)
    monkeypatch.setattr(Heard, "SLOTS", 1)
    heard.hear("abc 3 2 0")
    heard.hear("xyz 3 2 0")
    assert not heard.is_newest(Row("abc", 3)) and heard.is_newest(Row("xyz", 3))


def test_news_of_an_earlier_version_than_the_last_heard_came_late_and_changes_nothing():
    heard = Heard()
    heard.restart(complete=True)
    heard.hear("abc 5 2 0")
    heard.hear("abc 4 2 0")
    assert heard.is_newest(Row("abc", 5)) and not heard.is_newest(Row("abc", 4))
    heard.hear("abc")  # a change that named its match alone: whatever the row, it may not be the newest
    assert not heard.is_newest(Row("abc", 5))
    heard.hear("abc 4 2 0")
    assert heard.is_newest(Row("abc", 4))


def test_news_already_heard_wakes_nobody():
    """`hear` names the match of news that may change a waiter's match, and None for news that says
    nothing new: the head last heard (a move of this process, noted as it committed), or an earlier one."""
    heard = Heard()
    heard.restart(complete=True)
    assert heard.hear("abc 3 2 0") == "abc" and heard.hear("abc 3 2 0") is None
    assert heard.committed(Row("abc", 4)) and heard.hear("abc 4 2 0") is None, "the move noted as it committed"
    assert heard.hear("abc 3 2 0") is None, "late"
    assert heard.hear("abc 4 3 0") == "abc" and heard.hear("abc 5 3 0") == "abc"
    assert heard.hear("abc") == "abc" and heard.hear("abc") == "abc", "a change that names its match alone"


def test_a_move_committed_here_is_heard_at_once_when_the_news_last_heard_was_of_its_version_before():
    heard = Heard()
    heard.committed(Row("abc", 4))
    heard.restart(complete=True)
    heard.committed(Row("abc", 4))
    assert not heard.is_newest(Row("abc", 4)), "nothing heard of the match: left to the news"
    heard.hear("abc 3 2 0")
    heard.committed(Row("abc", 4))
    assert heard.is_newest(Row("abc", 4))
    heard.hear("abc 6 2 0")  # a later move's news came first
    heard.committed(Row("abc", 5))
    assert heard.is_newest(Row("abc", 6)) and not heard.is_newest(Row("abc", 5))
    heard.hear("abc 6 3 0")  # a seat changed hands since the row the move started from
    heard.committed(Row("abc", 7))
    assert not heard.is_newest(Row("abc", 7))


def heard_of(match_id: str, newest: bool = True) -> bool:
    """Whether the row this process remembers becomes (or with `newest` False, stops being) the
    newest it heard of."""
    return eventually(lambda: news.heard.is_newest(replays.known(match_id)) == newest)


@pytest.fixture
def played(app, client):
    """A match one move in, this process listening for news; the seat to move and its view."""
    with app.app_context():
        app.extensions["news"].listen()
    table = Table.create(client)
    view = table.view(0)
    assert table.post_move(view["turn"], first_legal(table.view(view["turn"])), view["version"]).status_code == 200
    return table, 1 - view["turn"]


def test_news_names_the_head_each_change_leaves(app, played):
    """News names the head as the process formats its rows' (on PostgreSQL, the trigger of migration
    0010): the row a move left here is the newest once its news came, and no longer once a new link
    changed the seating (on SQLite, news of the match alone)."""
    table, _ = played
    assert heard_of(table.id)
    assert table.client.post(f"/api/v1/games/{table.id}/seats/1/link", headers=table.auth(0)).status_code == 200
    assert heard_of(table.id, newest=False)


def test_the_row_a_move_left_here_is_the_newest_before_its_news_comes(app, played, monkeypatch):
    table, mover = played
    assert heard_of(table.id)
    monkeypatch.setattr(news.heard, "hear", lambda note: note.partition(" ")[0])  # news on its way, never heard
    assert table.post_move(mover, first_legal(table.view(mover))).status_code == 200
    assert news.heard.is_newest(replays.known(table.id))


def test_a_move_made_here_wakes_its_waiters_as_it_commits_and_its_news_wakes_them_no_more(app, played, monkeypatch):
    table, mover = played
    assert heard_of(table.id)
    woken, heard, wake, hear = [], [], news.board.wake, news.heard.hear
    monkeypatch.setattr(news.board, "wake", lambda match_id: woken.append(match_id) or wake(match_id))
    monkeypatch.setattr(news.heard, "hear", lambda note: heard.append(note) or hear(note))
    moved = table.post_move(mover, first_legal(table.view(mover)))
    # This match's wakes: on PostgreSQL the news of every service on the database comes here too
    # (CI runs the contract tests' servers beside, in a schema of their own), and wakes theirs.
    assert moved.status_code == 200 and woken.count(table.id) == 1, "woken as the move committed"
    assert eventually(lambda: any(note.startswith(f"{table.id} {moved.json['version']} ") for note in heard))
    assert woken.count(table.id) == 1, "the move's own news woke them again"


def test_a_waiting_poll_reads_nothing_before_it_waits_when_its_row_is_the_newest(app, client, played):
    table, seat = played
    path = f"/api/v1/games/{table.id}"
    tag = client.get(path, headers=bearer(table.tokens[seat])).headers["ETag"]
    assert heard_of(table.id)
    before_wait, wait = [], news.Watch.wait

    def counted(watch, changed, read=True):
        before_wait.append(len(ran))
        return wait(watch, changed, read)

    with statements(app) as ran:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(news.Watch, "wait", counted)
            answer = client.get(path, headers={**bearer(table.tokens[seat]), "If-None-Match": tag, "Prefer": "wait=1"})
    assert answer.status_code == 304 and answer.headers["ETag"] == tag
    assert before_wait == [0], ran
    assert len(ran) == 1, "the wait that started from memory reads the match before it ends"


def test_a_poll_from_a_row_wrongly_taken_for_the_newest_is_answered_by_the_end_of_its_wait(app, client,
                                                                                           news_only, monkeypatch):
    """News lost (a dropped connection, say) can leave a row taken for the newest that is not: the
    poll waits from it, but reads the match before its wait ends, and answers with the move it
    missed instead of a 304."""
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    mover = table.view(0)["turn"]
    stale = client.get(path, headers=bearer(table.tokens[1 - mover]))
    old_row = replays.known(table.id)
    monkeypatch.setattr(news.board, "wake", lambda match_id: None)  # the move's news is lost
    assert table.post_move(mover, first_legal(table.view(mover)), stale.json["version"]).status_code == 200
    monkeypatch.setattr(replays, "known", lambda match_id: old_row)
    monkeypatch.setattr(news.heard, "is_newest", lambda match: match is old_row)
    answer = client.get(path, headers={**bearer(table.tokens[1 - mover]), "If-None-Match": stale.headers["ETag"],
                                       "Prefer": "wait=1"})
    assert answer.status_code == 200 and answer.json["version"] == stale.json["version"] + 1


def test_a_poll_woken_by_a_move_its_process_made_is_answered_from_memory(app, client, played, news_only, monkeypatch):
    """The news of the move wakes the poll, and the process has the row and state the move left: the
    poll reads nothing. (It checks once the move's answer is out: until then the row
    may not be kept yet, and the poll would read the match, as any poll behind its process does.)"""
    table, mover = played
    waiter, path = 1 - mover, f"/api/v1/games/{table.id}"
    tag = client.get(path, headers=bearer(table.tokens[waiter])).headers["ETag"]
    view = table.view(mover)
    moved, check, opened, read = threading.Event(), games._moved_on, games.opened, []
    monkeypatch.setattr(games, "_moved_on", lambda *args: moved.wait(30) and check(*args))
    monkeypatch.setattr(games, "opened", lambda *args, **kwargs: read.append(args) or opened(*args, **kwargs))
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "If-None-Match": tag,
                                                      "Prefer": "wait=20"})
    assert table.post_move(mover, first_legal(view), view["version"]).status_code == 200
    moved.set()
    waiting.join(30)
    assert answers[0].status_code == 200 and answers[0].json["version"] == view["version"] + 1
    assert read == [], "the woken poll read the match its process had just moved"


def on_sqlite(app) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite's datagrams")


@pytest.fixture
def listening(app, tmp_path):
    """A courier of SQLite's news, and a listener of its in its folder (that reads without waiting)."""
    on_sqlite(app)
    courier = SocketCourier(str(tmp_path / "games.db"))
    courier.folder.mkdir(mode=0o700)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(str(courier.folder / "1"))
        listener.setblocking(False)
        yield courier, listener


def test_a_listener_whose_news_was_dropped_is_told_before_its_next_news(listening):
    """A datagram is dropped when its listener's queue is full: only the sender knows, and it sends
    LOST before its next news to that listener."""
    courier, listener = listening
    for version in range(100):  # far more than any queue of datagrams holds
        courier.announce({f"abc {version} 2 0"})
    received = drain(listener)
    assert 0 < len(received) < 100 and courier.LOST not in received
    courier.announce({"abc 100 2 0"})
    assert drain(listener) == [courier.LOST, "abc 100 2 0"]
    courier.announce({"abc 101 2 0"})
    assert drain(listener) == ["abc 101 2 0"], "owed once"


def test_news_of_more_matches_than_a_queue_holds_is_sent_as_lost_news(listening):
    """A cleanup's batch deletes up to 500 matches at once: their ids would fill a listener's queue and the rest be
    dropped, unknown to the listener until the sender's next news. LOST alone makes every waiter re-check."""
    courier, listener = listening
    courier.announce({f"match{n}" for n in range(courier.AT_ONCE + 1)})
    assert drain(listener) == [courier.LOST]
    courier.announce({f"match{n}" for n in range(courier.AT_ONCE)})
    assert sorted(drain(listener)) == sorted(f"match{n}" for n in range(courier.AT_ONCE))


def drain(listener: socket.socket) -> list[str]:
    received = []
    while True:
        try:
            received.append(listener.recv(64).decode())
        except BlockingIOError:
            return received


def test_a_listener_told_of_lost_news_forgets_what_it_heard_and_wakes_its_waiters(app, played, monkeypatch):
    on_sqlite(app)
    table, _ = played
    assert heard_of(table.id)
    woken = []
    monkeypatch.setattr(news.board, "wake_all", lambda: woken.append(True))
    courier = app.extensions["news"]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
        sender.sendto(courier.LOST.encode(), str(courier.folder / str(os.getpid())))
    assert eventually(lambda: woken == [True])
    assert not news.heard.is_newest(replays.known(table.id))
