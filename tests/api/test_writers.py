"""SQLite's writers take turns in a queue the kernel keeps (api/writers.py): a request's writes and
their COMMIT hold an exclusive `flock` on `<database>-writers`, so a writer of another process, or
of another thread, waits for it in the kernel instead of in SQLite's busy handler.

Each test asks the lock file itself, from a descriptor of its own, whether the turn is held (a
`flock` excludes every other open file, in this process too). The waits below only stop a broken
run; they time nothing."""
import fcntl
import os
import select
import threading

import pytest
from sqlalchemy import create_engine, event

from api import writers
from api.models import db

from .play import Table, bearer, first_legal

DEADLINE = 30  # seconds before a test gives up on something that should happen at once
NOT_YET = 0.3  # seconds a writer that must wait is given to wrongly get in


def held(path: str) -> bool:
    """Whether some open file holds the lock on `path`."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # gives back what it took, if it took it
    return False


@pytest.fixture
def queue(app):
    found = app.extensions["writers"]
    if found is None:
        pytest.skip("PostgreSQL's writers wait in the server: only SQLite's queue here")
    return found


def test_a_move_holds_the_turn_through_its_commit_and_gives_it_back(app, client, queue):
    table = Table.create(client)
    mover = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0])).json["turn"]
    seen = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[mover])).json
    at_commit = []
    with app.app_context():
        engine = db.engine

    def on_commit(_conn):
        at_commit.append(held(queue.path))

    event.listen(engine, "commit", on_commit)
    try:
        moved = client.post(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[mover]),
                            json={"version": seen["version"], "move": first_legal(seen)})
    finally:
        event.remove(engine, "commit", on_commit)
    assert moved.status_code == 200, moved.json
    assert at_commit == [True]
    assert not held(queue.path)


def test_a_refused_write_gives_the_turn_back(client, queue):
    table = Table.create(client)
    mover = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0])).json["turn"]
    seen = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[mover])).json
    path, move = f"/api/v1/games/{table.id}/moves", {"version": seen["version"], "move": first_legal(seen)}
    assert client.post(path, headers=bearer(table.tokens[mover]), json=move).status_code == 200
    # The same move again, from a client that has not seen the first: its compare-and-set changes nothing.
    again = client.post(path, headers=bearer(table.tokens[mover]), json=move)
    assert again.status_code == 409, again.json
    assert not held(queue.path)


def test_threads_of_one_process_take_turns(tmp_path):
    queue, order = writers.Queue(str(tmp_path / "one.sqlite")), []
    first_in, second_started = threading.Event(), threading.Event()

    def first():
        with queue.turn():
            order.append("first in")
            first_in.set()
            second_started.wait(DEADLINE)
            select.select([], [], [], NOT_YET)  # the second would get in now if threads did not take turns
            order.append("first out")

    def second():
        first_in.wait(DEADLINE)
        second_started.set()
        with queue.turn():
            order.append("second in")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(DEADLINE)
    assert order == ["first in", "first out", "second in"]


def test_a_turn_that_could_not_be_taken_is_no_ones(tmp_path, monkeypatch):
    """The lock file cannot be opened (a full disk, its folder gone): the request fails, and the
    next one takes its turn."""
    queue = writers.Queue(str(tmp_path / "one.sqlite"))
    monkeypatch.setattr(queue, "_descriptor", lambda: (_ for _ in ()).throw(OSError("no room")))
    with pytest.raises(OSError, match="no room"):
        with queue.turn():
            pass
    monkeypatch.undo()

    def take_turn():
        with queue.turn():
            pass

    done = threading.Thread(target=take_turn, daemon=True)
    done.start()
    done.join(DEADLINE)
    assert not done.is_alive(), "the failed turn kept the process's lock"


def test_a_forked_process_waits_for_its_parents_turn(tmp_path):
    """A worker forked after its parent opened the lock file must open its own: sharing the
    parent's open file would share its lock, and both would write at once."""
    queue = writers.Queue(str(tmp_path / "one.sqlite"))
    with queue.turn():
        pass  # the parent's descriptor is open now
    go_read, go_write = os.pipe()
    in_read, in_write = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            os.read(go_read, 1)
            with queue.turn():
                os.write(in_write, b"in")
        finally:
            os._exit(0)
    try:
        with queue.turn():
            os.write(go_write, b"go")
            inside, _, _ = select.select([in_read], [], [], NOT_YET)
            assert not inside, "the child wrote while its parent held the turn"
        inside, _, _ = select.select([in_read], [], [], DEADLINE)
        assert inside, "the child never got its turn"
    finally:
        os.waitpid(child, 0)
        for fd in (go_read, go_write, in_read, in_write):
            os.close(fd)


def test_no_queue_for_a_database_in_memory_or_on_postgresql():
    assert writers.for_engine(create_engine("sqlite://")) is None
    assert writers.for_engine(create_engine("postgresql+psycopg://u@127.0.0.1/x")) is None
