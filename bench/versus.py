"""addgames beside the boardgame.io peer, in one run: `make bench-versus`, or
`python -m bench.versus [--quick] [--pg-url postgresql://...]`.

Interleaves rounds of the same load (two-seat ADD UP matches, the greedy player, K concurrent
matches): the peer on SQLite WAL (the boardgame.io peer's folder, --peer, its own `bench.js`), then addgames
on a throwaway SQLite file, then addgames on PostgreSQL (--pg-url, or env BENCH_PG_URL; left out
without one), for K = 8 and 32, three rounds. Each measurement starts a fresh server. Prints one
table of the medians over the rounds: moves/s and server CPU ms per move of each, addgames' moves/s
as a fraction of the peer's and its CPU per move as a multiple, beside issue 12's targets; then what
two requests cost through the same gunicorn worker when the app does nothing (bench/floors.py).
addgames' seats long-poll (`Prefer: wait=20`, as the web app does) unless --wait 0. --python adds
addgames served by another interpreter (another virtual environment), interleaved with the rest.
--database-apart gives PostgreSQL half the CPUs and every server and load client the others, as a
deployed PostgreSQL on a host of its own (bench/server.py's `database_apart`).

The peer's folder is read-only here and shared: it is copied to ~/.cache/addgames-bench/ (or
--peer-cache) and `npm ci` runs in the copy the first time (it compiles better-sqlite3, about a
minute). A full run takes about ten minutes on two cores; --quick is one short round.
"""
import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

from bench.load import hammer, machine, play_phase, save
from bench.server import BIN, ROOT, Service, database_apart, free_port, interpreter, scratch_sqlite

# The peer's folder: shared/peers/boardgameio in a folder above the repository (the workshop's notes
# sit beside it), unless --peer names another.
PEER = next((folder / "shared" / "peers" / "boardgameio" for folder in ROOT.parents
             if (folder / "shared" / "peers" / "boardgameio").is_dir()), ROOT.parent / "shared" / "peers" / "boardgameio")
CACHE = Path.home() / ".cache" / "addgames-bench" / "boardgameio"
# Apps that do nothing, through the same gunicorn worker: the framework's own cost of a request.
FLOORS = {"WSGI app doing nothing": "bench.floors:wsgi", "bare Flask app": "bench.floors:flask_app",
          "addgames' app, no-op route": "bench.noop_app:app"}
TARGETS = {"sqlite": 2.0, "postgresql": 2.5}  # issue 12: server CPU ms per move, at most
SHARE = 0.5  # issue 12: moves/s at least half the peer's SQLite-WAL figure
# The peer's SQLite WAL syncs with synchronous=NORMAL; addgames' default is FULL (an acknowledged
# move survives a power cut). --as-peer adds addgames with the peer's setting.
SQLITE_AS_PEER = "addgames sqlite synchronous=NORMAL"


def peer_copy(source: Path, cache: Path) -> Path:
    """The peer's files copied to `cache`, with its dependencies installed there (`npm ci`, once
    per package-lock.json)."""
    cache.mkdir(parents=True, exist_ok=True)
    for item in source.iterdir():
        if item.is_file():
            shutil.copyfile(item, cache / item.name)
    lock = (cache / "package-lock.json").read_bytes()
    stamp = cache / "node_modules" / ".installed-lock"
    if not stamp.exists() or stamp.read_bytes() != lock:
        print("npm ci in the peer's copy (compiles better-sqlite3, about a minute) ...", file=sys.stderr)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=cache, check=True, stdout=subprocess.DEVNULL)
        stamp.write_bytes(lock)
    return cache


def run_peer(folder: Path, storage: str, concurrency: int, args) -> dict:
    """One measurement of the peer's own bench.js (a fresh server.js) on `storage`."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(["node", "bench.js", "--storage", storage, "--concurrency", str(concurrency),
                        "--matches", str(args.matches), "--matches-per-worker", str(args.matches_per_worker),
                        "--warmup", str(args.warmup), "--max-seconds", str(args.seconds), "--variant", args.peer_variant,
                        "--port", str(free_port()), "--no-lobby", "--out", out.name],
                       cwd=folder, check=True, stdout=subprocess.DEVNULL)
        row = json.loads(Path(out.name).read_text())["results"][0]
    if row["errors"]:
        raise SystemExit(f"the peer's matches failed: {row['firstError']}")
    return {"moves_per_s": row["movesPerSecond"], "server_cpu_ms_per_move": row["server"]["cpuMsPerMove"],
            "latency_ms": {p: row["latencyMs"][p] for p in ("p50", "p95", "p99")}, "games": row["games"],
            "moves": row["moves"], "peak_rss_mb": row["server"]["rssPeakMB"],
            "client_cpu_share": round(row["clientCpuSeconds"] / row["wallSeconds"], 2)}


class Addgames(NamedTuple):
    database: str  # "sqlite" (a throwaway file per measurement) or "postgresql" (--pg-url)
    settings: dict | None  # added to the service's environment
    bin_dir: Path  # the virtual environment it runs from


def run_addgames(system: Addgames, concurrency: int, args) -> dict:
    """One measurement of addgames as `system` says (a fresh gunicorn; on SQLite, a fresh file) with the
    same matches, warm-up and time as the peer's."""
    with contextlib.ExitStack() as stack:
        database = args.pg_url if system.database == "postgresql" else stack.enter_context(scratch_sqlite())
        with Service(database, settings=system.settings, bin_dir=system.bin_dir) as service:
            matches = max(args.matches, args.matches_per_worker * concurrency)
            return asyncio.run(play_phase(service, concurrency, matches, args.warmup, args.seconds, args.wait))


def floors(seconds: float) -> dict:
    """Server CPU ms per request of each app of FLOORS (16 keep-alive clients, `seconds` each)."""
    costs = {}
    for name, app in FLOORS.items():
        with scratch_sqlite() as database, Service(database, app=app) as service:
            costs[name] = asyncio.run(hammer(service, "/bench/noop", {}, seconds))["server_cpu_ms"]
    return costs


def addgames_systems(args) -> dict[str, Addgames]:
    """addgames' systems by name: on SQLite; with --as-peer, on SQLite as the peer syncs it; on
    PostgreSQL with --pg-url; and each database again under every --python."""
    systems = {"addgames sqlite": Addgames("sqlite", None, BIN)}
    if args.as_peer:
        systems[SQLITE_AS_PEER] = Addgames("sqlite", {"SQLITE_SYNCHRONOUS": "NORMAL"}, BIN)
    if args.pg_url:
        systems["addgames postgresql"] = Addgames("postgresql", None, BIN)
    for python in args.python:
        for database in ["sqlite"] + (["postgresql"] if args.pg_url else []):
            systems[f"addgames {database} under {python}"] = Addgames(database, None, python.parent)
    return systems


def measure(args) -> dict:
    if not args.database_apart:
        return _measure(args)
    with database_apart(args.pg_url) as (servers, database):
        result = _measure(args)
    result["machine"]["database_apart"] = {"servers": servers, "postgresql": database}
    return result


def _measure(args) -> dict:
    started = machine()
    folder = peer_copy(args.peer, args.peer_cache)
    ours = addgames_systems(args)
    systems = [f"peer {storage}" for storage in args.peer_storage] + list(ours)
    runs = []
    for round_number in range(1, args.rounds + 1):
        for concurrency in args.concurrency:
            for system in systems:
                if system.startswith("peer "):
                    row = run_peer(folder, system.removeprefix("peer "), concurrency, args)
                else:
                    row = run_addgames(ours[system], concurrency, args)
                runs.append({"round": round_number, "system": system, "concurrency": concurrency, **row})
                print(f"round {round_number} K={concurrency} {system}: {row['moves_per_s']} moves/s, "
                      f"{row['server_cpu_ms_per_move']} ms CPU/move", file=sys.stderr)
    medians = {}
    for concurrency in args.concurrency:
        for system in systems:
            mine = [run for run in runs if run["system"] == system and run["concurrency"] == concurrency]
            medians[f"{system} K={concurrency}"] = {
                key: round(statistics.median(run[key] for run in mine), 3) for key in ("moves_per_s", "server_cpu_ms_per_move")}
    started["pythons"] = {str(python): interpreter(python.parent) for python in args.python}
    result = {"machine": started, "settings": {k: str(v) for k, v in vars(args).items() if k != "pg_url"},
              "runs": runs, "medians": medians, "floors": floors(args.floor_seconds)}
    result["machine"]["loadavg_after"] = os.getloadavg()
    return result


def markdown(result: dict, concurrencies: list[int]) -> str:
    m, medians = result["machine"], result["medians"]
    rounds = max(run["round"] for run in result["runs"])
    lines = [f"addgames (commit {m['commit']}) beside boardgame.io 0.50.2 on SQLite WAL, {m['date']}, {m['nproc']} cores, "
             f"load average {m['loadavg_before'][0]:.1f} before / {m['loadavg_after'][0]:.1f} after; "
             f"medians of {rounds} interleaved round(s); addgames' clients "
             + (f"long-poll (`Prefer: wait={result['settings']['wait']}`)" if int(result["settings"]["wait"])
                else "poll again at once after each 304") + f"; Python {m['python']}"
             + "".join(f"; under {python}: Python {text}" for python, text in m.get("pythons", {}).items())
             + _apart(m.get("database_apart")), "",
             f"| K | peer SQLite WAL moves/s | addgames SQLite | PostgreSQL | SQLite / peer (target ≥ {SHARE:g}) "
             f"| PostgreSQL / peer (≥ {SHARE:g}) | server CPU ms/move: peer / SQLite (target ≤ {TARGETS['sqlite']:g}) "
             f"/ PostgreSQL (≤ {TARGETS['postgresql']:g}) "
             "| CPU / peer's: SQLite / PostgreSQL |",
             "|---|---|---|---|---|---|---|---|"]
    for k in concurrencies:
        peer = medians[f"peer sqlite-wal K={k}"]
        sqlite = medians[f"addgames sqlite K={k}"]
        pg = medians.get(f"addgames postgresql K={k}", {"moves_per_s": None, "server_cpu_ms_per_move": None})

        def share(row):
            return "-" if row["moves_per_s"] is None else f"{row['moves_per_s'] / peer['moves_per_s']:.2f}"

        def times(row):
            return "-" if row["server_cpu_ms_per_move"] is None else \
                f"{row['server_cpu_ms_per_move'] / peer['server_cpu_ms_per_move']:.1f}x"

        pg_rate = "-" if pg["moves_per_s"] is None else f"{pg['moves_per_s']:,.0f}"
        lines.append(f"| {k} | {peer['moves_per_s']:,.0f} | {sqlite['moves_per_s']:,.0f} "
                     f"| {pg_rate} | {share(sqlite)} | {share(pg)} "
                     f"| {peer['server_cpu_ms_per_move']} / {sqlite['server_cpu_ms_per_move']} / "
                     f"{'-' if pg['server_cpu_ms_per_move'] is None else pg['server_cpu_ms_per_move']} "
                     f"| {times(sqlite)} / {times(pg)} |")
    for k in concurrencies:
        for system in medians:
            main = system.startswith(("peer sqlite-wal K", "addgames sqlite K", "addgames postgresql K"))
            if not main and system.endswith(f"K={k}"):
                row, peer = medians[system], medians[f"peer sqlite-wal K={k}"]
                lines.append(f"\n{system}: {row['moves_per_s']:,.0f} moves/s "
                             f"({row['moves_per_s'] / peer['moves_per_s']:.2f} of the peer's SQLite WAL), "
                             f"{row['server_cpu_ms_per_move']} ms server CPU per move "
                             f"({row['server_cpu_ms_per_move'] / peer['server_cpu_ms_per_move']:.1f}x the peer's)")
    if all(f"addgames postgresql K={k}" in medians for k in concurrencies):
        rates = {k: medians[f"addgames postgresql K={k}"]["moves_per_s"] / medians[f"addgames sqlite K={k}"]["moves_per_s"]
                 for k in concurrencies}
        lines += ["", "PostgreSQL's moves/s / SQLite's (target ≥ 1): "
                  + ", ".join(f"{rate:.2f} at K = {k}" for k, rate in rates.items())]
    peer_cpu = statistics.median(medians[f"peer sqlite-wal K={k}"]["server_cpu_ms_per_move"] for k in concurrencies)
    lines += ["", "A move is two requests (the move, and the other seat's poll that its news answers). Two requests "
              "of an app that does nothing, through the same gunicorn worker, after the rounds:", "",
              "| app | server CPU ms per request | two requests / the peer's CPU per move |", "|---|---|---|"]
    for name, cost in result["floors"].items():
        lines.append(f"| {name} | {cost} | {2 * cost / peer_cpu:.2f}x |")
    lines += ["", "Every run:", "", "| round | K | system | moves/s | server CPU ms/move | p50 / p99 ms | client CPU "
              "| busiest worker's share of their CPU |", "|---|---|---|---|---|---|---|---|"]
    for run in result["runs"]:
        lines.append(f"| {run['round']} | {run['concurrency']} | {run['system']} | {run['moves_per_s']} "
                     f"| {run['server_cpu_ms_per_move']} | {run['latency_ms']['p50']} / {run['latency_ms']['p99']} "
                     f"| {run['client_cpu_share']:.0%} of a core | {run.get('busiest_worker_share') or '-'} |")
    return "\n".join(lines)


def _apart(cpus: dict | None) -> str:
    return "" if cpus is None else \
        f"; the servers and their load on CPUs {cpus['servers']}, PostgreSQL on CPUs {cpus['postgresql']} (--database-apart)"


def arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL"),
                        help="PostgreSQL for addgames (env BENCH_PG_URL)")
    parser.add_argument("--concurrency", type=lambda s: [int(k) for k in s.split(",")], default=[8, 32])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--peer-storage", type=lambda s: s.split(","), default=["sqlite-wal"],
                        help="the peer's storages, sqlite-wal first (the targets' reference); e.g. sqlite-wal,memory")
    parser.add_argument("--seconds", type=float, default=20, help="no new match starts after this, per measurement")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured matches first, per measurement")
    parser.add_argument("--matches", type=int, default=200, help="matches set up per measurement, at least")
    parser.add_argument("--matches-per-worker", type=int, default=4, help="or this many per seat pair, if more")
    parser.add_argument("--peer-variant", choices=["brief", "rules"], default="brief",
                        help="the peer's deck: its brief's (as in issue 12's figures) or RULES.md's, as addgames deals")
    parser.add_argument("--peer", type=Path, default=PEER, help="the peer's folder (read only)")
    parser.add_argument("--peer-cache", type=Path, default=CACHE, help="where it is copied and installed")
    parser.add_argument("--wait", type=int, default=20,
                        help="seconds each poll asks the server to wait for news (Prefer: wait), as the web app "
                             "does; 0: answered at once and sent again at once (issue 12's first load)")
    parser.add_argument("--as-peer", action="store_true",
                        help="also addgames on SQLite with synchronous=NORMAL, as the peer's SQLite WAL runs")
    parser.add_argument("--python", type=Path, action="append", default=[],
                        help="also addgames under this interpreter: a virtual environment's python with "
                             "requirements.txt installed (docs/PERFORMANCE.md); repeatable")
    parser.add_argument("--floor-seconds", type=float, default=5, help="per app that does nothing, after the rounds")
    parser.add_argument("--database-apart", action="store_true",
                        help="PostgreSQL on half the CPUs, every server and load on the others, as with a database "
                             "on a host of its own (needs --pg-url to a PostgreSQL here; run as root or its user)")
    parser.add_argument("--quick", action="store_true", help="one short round")
    args = parser.parse_args(argv)
    if args.database_apart and not args.pg_url:
        parser.error("--database-apart needs --pg-url: a PostgreSQL on this machine")
    if "sqlite-wal" not in args.peer_storage:
        parser.error("--peer-storage must include sqlite-wal: the targets are ratios to it")
    if args.quick:
        args.rounds, args.seconds, args.warmup, args.matches, args.matches_per_worker = 1, 6, 2, 40, 1
        args.floor_seconds = 2
    return args


def main(argv=None) -> None:
    args = arguments(argv)
    result = measure(args)
    text = markdown(result, args.concurrency)
    print(text)
    print(f"\n(saved {save(result, text, 'versus')}.json and .md)", file=sys.stderr)


if __name__ == "__main__":
    main()
