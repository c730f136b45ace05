"""What gunicorn.conf.py wires in, run in gunicorn's master process: its own log lines (boot, worker
timeouts) as JSON like the app's, a warning when a platform's throwaway disk holds the matches, a
fresh folder where the workers keep their metrics, and the CPU each worker runs on."""
import contextlib
import glob
import os
import shutil
import tempfile

from gunicorn.glogging import Logger

from .config import DEFAULT_DATABASE, flag
from .logs import JSONFormatter

# "auto": each worker is pinned to one CPU when the workers fill the CPUs evenly (`worker_cpu`);
# "off": the kernel places them
PIN_WORKERS = os.environ.get("PIN_WORKERS", "auto").lower()
if PIN_WORKERS not in ("auto", "off"):
    raise SystemExit(f"PIN_WORKERS must be auto or off, not {PIN_WORKERS!r}")


class JSONLogger(Logger):
    """gunicorn's error log as JSON lines (its access log stays off: the app logs every request)."""

    def setup(self, cfg):
        super().setup(cfg)
        for handler in self.error_log.handlers:
            handler.setFormatter(JSONFormatter())


# Platforms whose instances start on a fresh disk at each deploy and restart, known by a variable
# they set in every instance: the SQLite file there would lose every match.
THROWAWAY_DISKS = {"DYNO": "Heroku", "RENDER": "Render", "FLY_APP_NAME": "Fly.io", "RAILWAY_ENVIRONMENT": "Railway"}


def on_starting(server) -> None:
    warn_of_a_throwaway_database(server.log)
    keep_metrics_apart()


def warn_of_a_throwaway_database(log) -> None:
    """DATABASE_URL unset on such a platform serves the default SQLite file, which nobody would
    notice until a deploy or a restart empties it (the release step migrates another copy)."""
    platform = next((name for variable, name in THROWAWAY_DISKS.items() if os.environ.get(variable)), None)
    if platform and not os.environ.get("DATABASE_URL"):
        log.warning("DATABASE_URL is unset: the matches go to %s, a file that %s starts afresh at each "
                    "deploy and restart. Set DATABASE_URL to a PostgreSQL database (README: Deploying).",
                    DEFAULT_DATABASE.removeprefix("sqlite:///"), platform)


# Where the workers keep their counts unless PROMETHEUS_MULTIPROC_DIR says: in memory. prometheus_client
# maps each worker's file and writes through the mapping, and on a full disk such a write is a SIGBUS:
# every worker died at its first request, over and over, and nothing was answered.
IN_MEMORY = "/dev/shm"
_made: list[str] = []  # the folder made here, removed when gunicorn exits


def keep_metrics_apart() -> None:
    """With METRICS on, give the workers a folder without counts (a new one in memory, else in the
    temporary folder, unless PROMETHEUS_MULTIPROC_DIR names one): counts left by an earlier run
    would be added in."""
    if not flag("METRICS", False):
        return
    if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        memory = IN_MEMORY if os.access(IN_MEMORY, os.W_OK) else None
        _made.append(tempfile.mkdtemp(prefix="addgames-metrics-", dir=memory))
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = _made[-1]
    folder = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    os.makedirs(folder, exist_ok=True)
    # prometheus_client's own files only (it reads every *.db there): a folder the operator named may be
    # shared, /dev/shm itself say, where emptying it whole deleted other programs' shared memory
    for left in glob.glob(os.path.join(glob.escape(folder), "*.db")):
        with contextlib.suppress(FileNotFoundError):
            os.remove(left)


def on_exit(_server) -> None:
    """gunicorn is stopping: the metrics folder made at its start goes (memory, on a machine that
    keeps /dev/shm between runs)."""
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)


def child_exit(_server, worker) -> None:
    """A worker is gone: keep its counts, drop its live gauges (prometheus_client's multiprocess rule)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def worker_cpu(allowed: set[int], workers: int, taken: list[int | None]) -> int | None:
    """The CPU a new worker is pinned to: of the `allowed` ones, the one fewest of the other live
    workers (`taken`: theirs) run on. None, and the kernel places it, unless the `workers` are a
    whole number per CPU: two workers on three CPUs, or three on two, would leave some CPU idle or
    crowded, which the kernel would even out.

    Why pin at all: a worker's threads hand Python's lock to one another many times a request
    (each database call, each socket wait lets it go), and on a virtual machine waking a thread
    on another CPU costs about ten times a switch on its own (docs/PERFORMANCE.md). With each
    worker on a CPU of its own, every hand-over stays on one CPU."""
    if workers % len(allowed):
        return None
    return min(sorted(allowed), key=taken.count)


def pre_fork(server, worker) -> None:
    """Choose the CPU of the worker about to start (a replacement takes the one its predecessor left)."""
    if PIN_WORKERS == "off" or not hasattr(os, "sched_setaffinity"):  # macOS has no CPU affinity
        return
    worker.cpu = worker_cpu(os.sched_getaffinity(0), server.num_workers,
                            [getattr(other, "cpu", None) for other in server.WORKERS.values()])


def post_fork(server, worker) -> None:
    """Pin the new worker, before it starts a thread (each thread it starts runs where it does). A
    refusal (a sandbox that forbids it, a CPU gone offline) leaves it where the kernel puts it: a
    worker that failed here would be replaced by one that fails alike, and nothing would serve."""
    if getattr(worker, "cpu", None) is None:
        return
    try:
        os.sched_setaffinity(0, {worker.cpu})
    except OSError as error:
        server.log.warning("worker %s left unpinned: CPU %s refused (%s)", worker.pid, worker.cpu, error)
