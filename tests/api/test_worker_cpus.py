"""Each gunicorn worker on a CPU of its own when the workers fill the CPUs evenly (api/gunicorn_hooks.py)."""
import os
import signal
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from api import gunicorn_hooks
from api.gunicorn_hooks import worker_cpu
from bench.server import children

from .live import gunicorn

CPUS = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()


@pytest.mark.parametrize("allowed, workers, taken, chosen", [
    ({0, 1}, 2, [], 0),
    ({0, 1}, 2, [0], 1),
    ({0, 1}, 2, [1], 0),  # the replacement of the worker that ran on 0
    ({0, 1}, 4, [0, 1, 0], 1),
    ({2, 5, 7}, 3, [2, 7], 5),  # the CPUs this process may use, not the machine's first ones
    ({0}, 3, [0, 0], 0),
    ({0, 1}, 1, [], None),  # one worker may use both CPUs
    ({0, 1}, 3, [0, 1], None),  # pinned, two would share a CPU while the other had one
    ({0, 1, 2, 3}, 2, [], None),  # a PaaS container that sees more CPUs than it has workers
])
def test_a_worker_is_pinned_to_the_least_used_cpu_only_when_the_workers_fill_the_cpus_evenly(allowed, workers, taken, chosen):
    assert worker_cpu(allowed, workers, taken) == chosen


def _workers(base: str) -> list[int]:
    """The worker processes of the gunicorn this test started, serving at `base`."""
    port = base.rsplit(":", 1)[1]
    master = next(pid for pid in children(os.getpid())
                  if f"127.0.0.1:{port}".encode() in Path(f"/proc/{pid}/cmdline").read_bytes())
    return sorted(children(master))


def _until(condition, seconds: float = 20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise TimeoutError


needs_two_cpus = pytest.mark.skipif(len(CPUS) < 2, reason="pinning is visible with two CPUs or more")


@needs_two_cpus
def test_workers_as_many_as_the_cpus_each_run_on_their_own_and_a_replacement_takes_the_freed_one(app, tmp_path):
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "log", workers=len(CPUS)) as base:
        workers = _until(lambda: len(_workers(base)) == len(CPUS) and _workers(base))
        _until(lambda: all(os.sched_getaffinity(pid) != CPUS for pid in workers))  # pinned once forked
        pinned = {pid: os.sched_getaffinity(pid) for pid in workers}
        assert sorted(cpu for cpus in pinned.values() for cpu in cpus) == sorted(CPUS)

        gone = workers[0]
        os.kill(gone, signal.SIGKILL)
        [replacement] = _until(lambda: [pid for pid in _workers(base) if pid not in workers] or None)
        _until(lambda: os.sched_getaffinity(replacement) != CPUS)  # pinned once forked
        assert os.sched_getaffinity(replacement) == pinned[gone]


@needs_two_cpus
@pytest.mark.parametrize("workers, setting", [(2, "off"), (len(CPUS) + 1, "auto")])
def test_workers_are_left_to_the_kernel_when_turned_off_or_uneven(app, tmp_path, workers, setting):
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "log", workers=workers, PIN_WORKERS=setting) as base:
        running = _until(lambda: len(_workers(base)) == workers and _workers(base))
        # every worker is past post_fork by now: it runs just after the fork, and `gunicorn` waited
        # for one worker to load the app and answer, which takes far longer
        assert [os.sched_getaffinity(pid) for pid in running] == [CPUS] * workers


def test_a_worker_whose_cpu_is_refused_runs_unpinned_rather_than_failing(monkeypatch):
    def refuse(_pid, _cpus):
        raise PermissionError(1, "Operation not permitted")

    warnings = []
    monkeypatch.setattr(gunicorn_hooks.os, "sched_setaffinity", refuse)
    server = SimpleNamespace(log=SimpleNamespace(warning=lambda *args: warnings.append(args[0] % args[1:])))
    gunicorn_hooks.post_fork(server, SimpleNamespace(pid=1234, cpu=1))
    assert warnings == ["worker 1234 left unpinned: CPU 1 refused ([Errno 1] Operation not permitted)"]
