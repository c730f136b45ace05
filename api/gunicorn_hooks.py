"""What gunicorn.conf.py wires in, run in gunicorn's master process: its own log lines (boot, worker
timeouts) as JSON like the app's, and a fresh folder where the workers keep their metrics."""
import os
import shutil
import tempfile

from gunicorn.glogging import Logger

from .logs import JSONFormatter


class JSONLogger(Logger):
    """gunicorn's error log as JSON lines (its access log stays off: the app logs every request)."""

    def setup(self, cfg):
        super().setup(cfg)
        for handler in self.error_log.handlers:
            handler.setFormatter(JSONFormatter())


def on_starting(_server) -> None:
    """With METRICS on, give the workers an empty folder for their counts (a temporary one unless
    PROMETHEUS_MULTIPROC_DIR names one): counts left by an earlier run would be added in."""
    if os.environ.get("METRICS", "false").lower() != "true":
        return
    folder = os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="addgames-metrics-"))
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder, exist_ok=True)


def child_exit(_server, worker) -> None:
    """A worker is gone: keep its counts, drop its live gauges (prometheus_client's multiprocess rule)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
