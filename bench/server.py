"""The service under test: gunicorn started as the Procfile's `web:` line starts it, on 127.0.0.1,
watched through /proc, stopped by its PID.

CPU of the service = utime + stime of the gunicorn master and its live workers, plus the CPU of
workers already gone (the master's cutime + cstime once it has reaped them). On PostgreSQL the
backends serving the service's connections are found by the `application_name` the service's
URL is given, and their CPU read from /proc the same way (`PgBackends`): PostgreSQL must run on
this machine. Background processes shared by every database (WAL writer, checkpointer) are left out.
"""
import os
import shlex
from contextlib import contextmanager, suppress
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from sqlalchemy.engine import URL, make_url

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TICK = os.sysconf("SC_CLK_TCK")
RAISED = "1000000 per minute"
ERROR_MARKS = ("[ERROR]", "[CRITICAL]", "Traceback", '"level":"error"', '"level":"critical"')
LIMITS = ("LIMIT_CREATE", "LIMIT_JOIN", "LIMIT_MOVE", "LIMIT_MOVE_PER_ADDRESS", "LIMIT_MY_GAMES")


def procfile_web() -> list[str]:
    """The Procfile's `web:` command, split as a shell would."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            return shlex.split(line[len("web:"):])
    raise SystemExit("The Procfile has no web: line.")


def interpreter(bin_dir: Path = BIN) -> str:
    """The Python that serves from the virtual environment `bin_dir`: its version, its executable,
    whether libpython is a shared library there or linked into the executable, and the
    optimisations it was configured with (`--enable-optimizations`: PGO; `--with-lto`), as far as
    it says: Debian's python3 is built with both and linked statically, but its sysconfig describes
    the shared library's build. The difference is measured in docs/PERFORMANCE.md."""
    probe = ("import os, sys, sysconfig; linked = 'libpython' in open('/proc/self/maps').read(); "
             "flags = [f for f in ('--enable-optimizations', '--with-lto') "
             "if f in (sysconfig.get_config_var('CONFIG_ARGS') or '')]; "
             "print(sys.version.split()[0], os.path.realpath(sys.executable), "
             "'libpython shared' if linked else 'libpython linked in', *flags, sep=', ')")
    return subprocess.run([str(bin_dir / "python"), "-c", probe], capture_output=True, text=True,
                          check=True).stdout.strip()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def libpq_url(url: str | URL, **query: str) -> str:
    """A PostgreSQL URL of SQLAlchemy's (`postgresql+psycopg://...`, text or parsed) as psycopg's connect takes it,
    with `query`'s parameters added (`application_name=...`)."""
    return make_url(url).set(drivername="postgresql").update_query_dict(query).render_as_string(hide_password=False)


@contextmanager
def scratch_sqlite():
    """The URL of a throwaway SQLite file beside the default database (on the same disk, so with
    the same fsync), deleted afterwards."""
    folder = ROOT / "instance"
    folder.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-", dir=folder) as scratch:
        yield f"sqlite:///{scratch}/bench.sqlite"


def stat_fields(pid: int) -> list[str] | None:
    """/proc/PID/stat from field 3 (state) on; None once the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return text[text.rindex(")") + 2:].split()


def cpu_seconds(pid: int, reaped: bool = False) -> float:
    """utime + stime of `pid` (with `reaped`, plus its waited-for children's); 0 once it is gone."""
    fields = stat_fields(pid)
    if fields is None:
        return 0.0
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if reaped else 0)
    return ticks / TICK


def thread_switches(pid: int) -> int:
    """Context switches (voluntary or not) of the live threads of `pid` so far; 0 once it is gone."""
    total = 0
    for status in Path(f"/proc/{pid}/task").glob("*/status"):
        try:
            lines = status.read_text().splitlines()
        except (FileNotFoundError, ProcessLookupError):  # a thread that ended meanwhile
            continue
        total += sum(int(value) for name, _, value in (line.partition(":") for line in lines)
                     if name in ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"))
    return total


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = stat_fields(int(entry.name))
            if fields and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@contextmanager
def database_apart(pg_url: str):
    """PostgreSQL on CPUs of its own, as on a host of its own (a PaaS's database is another machine),
    for the block: this process, and so every server and load client it starts, keeps the first half
    of the CPUs it may use, and PostgreSQL's processes (its postmaster and all it forks) the others.
    Yields (the servers' CPUs, PostgreSQL's). PostgreSQL must run on this machine, and this process
    must be allowed to move its processes (root, or PostgreSQL's user)."""
    import psycopg

    mine = sorted(os.sched_getaffinity(0))
    if len(mine) < 2:
        raise SystemExit("--database-apart needs two CPUs or more")
    servers, database = set(mine[:len(mine) // 2]), set(mine[len(mine) // 2:])
    with psycopg.connect(libpq_url(pg_url)) as probe:
        backend = probe.execute("SELECT pg_backend_pid()").fetchone()[0]
        fields = stat_fields(backend)
        if fields is None or Path(f"/proc/{backend}/comm").read_text().strip() != "postgres":
            raise SystemExit("--database-apart needs PostgreSQL on this machine, its processes in sight")
        postmaster = int(fields[1])
    postmasters = os.sched_getaffinity(postmaster)  # and every backend's: each inherits them at its fork

    def place(cpus: set[int]) -> None:
        """The postmaster on `cpus` first, so that what it forks after is born there, then every child
        it has by then."""
        os.sched_setaffinity(postmaster, cpus)
        for pid in children(postmaster):
            with suppress(ProcessLookupError):  # a backend that ended meanwhile
                os.sched_setaffinity(pid, cpus)

    def give_back() -> None:
        os.sched_setaffinity(0, mine)
        with suppress(PermissionError, ProcessLookupError):
            place(postmasters)

    try:
        place(database)
    except PermissionError:
        give_back()
        raise SystemExit("--database-apart must move PostgreSQL's processes: run it as root or as their user") from None
    os.sched_setaffinity(0, servers)
    try:
        yield sorted(servers), sorted(database)
    finally:
        give_back()


def peak_rss_kb(pid: int) -> int:
    """VmHWM: the most resident memory `pid` has had over its life."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


class Service:
    """gunicorn serving `app` (the Procfile's `wsgi:app` by default) on `database_url`, from the
    virtual environment whose scripts are in `bin_dir` (this one's by default), with the code of
    the working tree `root` (this one by default)."""

    def __init__(self, database_url: str, app: str = "wsgi:app", workers: int = 2, limits: str = "raised",
                 settings: dict | None = None, bin_dir: Path = BIN, root: Path = ROOT):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app_name = f"addgames-bench-{self.port}"
        if is_postgres(database_url):  # names our backends in pg_stat_activity
            database_url = make_url(database_url).update_query_dict(
                {"application_name": self.app_name}).render_as_string(hide_password=False)
        self.database_url = database_url
        self.workers = workers
        self.env = {**os.environ, "DATABASE_URL": database_url, "PORT": str(self.port),
                    "WEB_CONCURRENCY": str(workers),
                    # gunicorn binds 0.0.0.0 when given PORT; the command line's arguments win over
                    # a gunicorn.conf.py, so this keeps the service on loopback whatever that file says,
                    # and off gunicorn's control socket (one path in $HOME, shared by every server);
                    # BENCH_GUNICORN_ARGS adds to them (a worker class to compare, say)
                    "GUNICORN_CMD_ARGS": f"--bind 127.0.0.1:{self.port} --no-control-socket "
                                         f"{os.environ.get('BENCH_GUNICORN_ARGS', '')}".strip(),
                    **(settings or {})}
        if limits == "off":
            self.env["RATELIMIT_ENABLED"] = "false"
        elif limits == "raised":
            self.env.update(dict.fromkeys(LIMITS, RAISED))
        command = procfile_web()
        self.bin_dir, self.root = bin_dir, root
        self.command = [str(bin_dir / command[0]) if (bin_dir / command[0]).exists() else command[0]] + \
            [app if word == "wsgi:app" else word for word in command[1:]]
        self.process = None
        self.log = tempfile.NamedTemporaryFile(prefix="bench-gunicorn-", suffix=".log", delete=False)

    def migrate(self) -> None:
        done = subprocess.run([str(self.bin_dir / "flask"), "--app", "wsgi", "db", "upgrade"], cwd=self.root, env=self.env,
                              capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"flask db upgrade failed:\n{done.stderr[-2000:]}")

    def start(self) -> "Service":
        self.migrate()
        self.process = subprocess.Popen(self.command, cwd=self.root, env=self.env, stdout=subprocess.DEVNULL,
                                        stderr=self.log, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited with {self.process.returncode}:\n{self.errors(all_lines=True)}")
            if len(children(self.process.pid)) >= self.workers and self._healthy():
                return self
            time.sleep(0.2)
        self.stop()
        raise SystemExit("gunicorn did not answer within 30 s")

    def _healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/api/v1/health", timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    def cpu(self) -> float:
        """Seconds of CPU the master and every worker, live or reaped, have used so far."""
        pid = self.process.pid
        return cpu_seconds(pid, reaped=True) + sum(cpu_seconds(child) for child in children(pid))

    def thread_switches(self) -> int:
        """Context switches of the live threads of the master and of every live worker so far."""
        pid = self.process.pid
        return thread_switches(pid) + sum(thread_switches(child) for child in children(pid))

    def worker_cpu(self) -> dict[int, float]:
        """Seconds of CPU each live worker has used so far, by PID."""
        return {child: cpu_seconds(child) for child in children(self.process.pid)}

    def peak_rss_mb(self) -> dict:
        """VmHWM of the master and of each live worker, in MB: their sum and the largest worker's."""
        workers = [peak_rss_kb(child) for child in children(self.process.pid)]
        master = peak_rss_kb(self.process.pid)
        return {"total": round((master + sum(workers)) / 1024, 1), "worker": round(max(workers, default=0) / 1024, 1)}

    def errors(self, all_lines: bool = False) -> list[str]:
        """Error lines on the service's stderr, as gunicorn's text or JSON log writes them (an
        access log on stdout is dropped)."""
        lines = Path(self.log.name).read_text(errors="replace").splitlines()
        return lines if all_lines else [line for line in lines if any(mark in line for mark in ERROR_MARKS)]

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # this master's PID only; it stops its workers
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)  # the session started for this master alone
                self.process.wait()

    def close(self) -> None:
        self.stop()
        Path(self.log.name).unlink(missing_ok=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *_):
        self.close()


class PgBackends:
    """CPU of the PostgreSQL backends serving `service`'s connections (its pools' and its workers'
    listening ones), between `begin` and `end`.

    A thread samples pg_stat_activity and /proc every half second, so a backend that ends between
    two samples loses at most its last half second; one born in the phase counts from zero."""

    def __init__(self, service: Service, every: float = 0.5):
        import psycopg

        from api.news import PostgresCourier

        self.connection = psycopg.connect(libpq_url(service.database_url, application_name="addgames-bench-probe"),
                                          autocommit=True)
        self.app_name, self.master, self.every = service.app_name, service.process.pid, every
        self.listener_name = PostgresCourier.application_name
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.counting = False  # a backend first seen while counting was born in the phase: from zero
        self.running = threading.Event()
        self.thread = None

    def _sample(self) -> None:
        # the pool's connections, and each worker's listening one (api/news.py)
        names = [self.app_name] + [self.listener_name(pid) for pid in children(self.master)]
        pids = [row[0] for row in self.connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = ANY(%s)", (names,))]
        for pid in pids:
            used = cpu_seconds(pid)
            if used:
                self.first.setdefault(pid, 0.0 if self.counting else used)
                self.last[pid] = used

    def _loop(self) -> None:
        while self.running.is_set():
            self._sample()
            time.sleep(self.every)

    def begin(self) -> None:
        self.first, self.last, self.counting = {}, {}, False
        self._sample()  # backends alive now count from their present CPU
        self.counting = True
        self.running.set()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def end(self) -> float:
        self.running.clear()
        self.thread.join()
        self._sample()
        return sum(self.last[pid] - self.first[pid] for pid in self.last)

    def close(self) -> None:
        self.connection.close()
