"""Crash consistency: concurrent matches played against gunicorn while one of its worker processes
is killed with SIGKILL mid-load. Every move the service acknowledged (a 2xx answer) is in its
match's log, as it was sent, and every log numbers its events 1, 2, 3... with no gap or duplicate."""
import os
import signal
import threading
import time
from pathlib import Path

import requests
from sqlalchemy import select

from api.models import Event, db

from .live import gunicorn
from .test_moves import first_legal
from .test_parallel import new_match

MATCHES = 6
SECONDS = 3  # of load; a worker is killed a third of the way in, or sooner:
KILLED_AFTER = 2 * MATCHES  # moves acknowledged (an ADD UP match has about 32)


def worker_pids(pidfile: Path) -> list[int]:
    master = int(pidfile.read_text())
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def play(base: str, match_id: str, token: str, until: float, acknowledged: list) -> None:
    """One seat: poll the view and, on its turn, move; keep every move the service acknowledged."""
    auth = {"Authorization": f"Bearer {token}"}
    while time.monotonic() < until:
        try:
            view = requests.get(f"{base}/api/v1/games/{match_id}", headers=auth, timeout=10).json()
            if view.get("status") != "playing" or view["turn"] != view["you"]["seat"]:
                continue
            move = first_legal(view)
            answer = requests.post(f"{base}/api/v1/games/{match_id}/moves", json={"version": view["version"], "move": move},
                                   headers=auth, timeout=10)
        except (requests.RequestException, ValueError):  # the worker serving it was killed: outcome unknown
            continue
        assert answer.status_code < 500 or answer.status_code == 503, answer.text
        if answer.ok:
            acknowledged.append((match_id, answer.json()["version"], move, time.monotonic()))


def test_acknowledged_moves_survive_a_killed_worker(app, client, tmp_path):
    pidfile = tmp_path / "gunicorn.pid"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "server.log", workers=2,
                  RATELIMIT_ENABLED="false", GUNICORN_CMD_ARGS=f"--pid {pidfile}") as base:
        matches = [new_match(base) for _ in range(MATCHES)]
        until = time.monotonic() + SECONDS
        acknowledged: list = []
        seats = [threading.Thread(target=play, args=(base, match_id, token, until, acknowledged))
                 for match_id, tokens, _ in matches for token in tokens.values()]
        for seat in seats:
            seat.start()
        # Killed early in the matches, not at a fixed time: on a fast machine six matches may end within a second.
        deadline = time.monotonic() + SECONDS / 3
        while len(acknowledged) < KILLED_AFTER and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(worker_pids(pidfile)[0], signal.SIGKILL)
        killed = time.monotonic()
        for seat in seats:
            seat.join()
    assert any(at > killed for *_, at in acknowledged), "the service went on serving after the kill"
    with app.app_context():
        rows = db.session.execute(select(Event.game_id, Event.seq, Event.move).where(
            Event.game_id.in_([match_id for match_id, _, _ in matches]))).all()
    stored = {(game_id, seq): move for game_id, seq, move in rows}
    for match_id, version, move, _ in acknowledged:
        assert stored.get((match_id, version)) == move, "an acknowledged move is in its log"
    for match_id, _, _ in matches:
        seqs = sorted(seq for game_id, seq, _ in rows if game_id == match_id)
        assert seqs == list(range(1, len(seqs) + 1)), "no gap and no duplicate"
