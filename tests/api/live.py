"""The app served by a real gunicorn (several worker processes) on a free local port."""
import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import requests

from api.config import ROOT


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def gunicorn(database_url: str, log: Path, workers: int = 4, **env: str):
    """Serve wsgi:app on `database_url` as the Procfile does (gunicorn.conf.py), with every log
    (access, errors, app) going to `log`."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
               "--log-level", "debug", "wsgi:app"]  # the app logs each request (gunicorn.conf.py)
    environment = {**os.environ, "DATABASE_URL": database_url, "LOG_LEVEL": "DEBUG", **env}
    with open(log, "ab") as out:
        server = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, server)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_until_up(base: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert server.poll() is None, "gunicorn exited"
        try:
            if requests.get(f"{base}/api/v1/health", timeout=5).status_code == 200:
                return
        except requests.RequestException:
            time.sleep(0.1)
    raise TimeoutError("gunicorn did not come up")
