"""At most RUNNING_REQUESTS requests of a process run at once; the others wait at the gate, in
their threads, with their bodies read (a slow client must not hold a place). A poll waiting for news steps out of the gate while it waits (api/news.py), so a
process can hold many waiting polls and still run only a few requests at a time.

Python runs one thread at a time: past a few runnable threads, each request only takes longer and
costs more. Measured on the quiet 2-core machine, issue 12's load at K=32 (2 processes of 64
threads, SQLite), server CPU per move with polls sent again at once / long polls: no gate 16.8 /
6.3 ms, 8 at once 11.7 / 6.3, 4 at once 7.7 / 6.5, 2 at once 8.1 ms.
"""
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, g, request


def init_app(app: Flask) -> None:
    app.extensions["gate"] = threading.Semaphore(app.config["RUNNING_REQUESTS"])
    app.before_request(_enter)
    app.teardown_request(_leave)


def _enter() -> None:
    # The body first, outside the gate: a client trickling one holds its own thread only (serving.py).
    request.get_data(cache=True)
    _take()


def _take() -> None:
    current_app.extensions["gate"].acquire()
    g.in_gate = True


def _leave(_error: BaseException | None) -> None:
    if g.pop("in_gate", False):
        current_app.extensions["gate"].release()


@contextmanager
def stepped_out() -> Iterator[None]:
    """Let another request run while this one waits, and come back in after."""
    inside = g.pop("in_gate", False)
    if inside:
        current_app.extensions["gate"].release()
    try:
        yield
    finally:
        if inside:
            _take()
