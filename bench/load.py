"""The load of issue 12, from outside over HTTP: `make bench-load`, or `python -m bench.load [--quick]`.

Starts the service as the Procfile does (gunicorn, WEB_CONCURRENCY=2, rate limits raised) on a
throwaway SQLite file or on --database-url, and plays K concurrent two-seat ADD UP matches (K = 1,
8, 32) the way a client polls: each seat is its own client with its own keep-alive connection; it
re-polls `GET /api/v1/games/{id}` with If-None-Match as soon as it gets a 304 and, on its turn,
posts the greedy player's move (the peer's `chooseMove`) with the version it saw. Every match must
end with its 48 cards accounted for.

Reported per K: moves/s, move latency (posting the move to its answer), server CPU per move (all
requests of both seats; gunicorn's master and workers, plus PostgreSQL's backends), peak RSS,
requests per move by kind, and the load client's own CPU. In the same run: the no-op request
rate through the same app (bench/noop_app.py), the server CPU of each polling request kind alone,
single-row INSERT + COMMIT per second (SQLite WAL with synchronous=FULL, and PostgreSQL), and
the SQL statements each request kind runs (bench/kinds.py). Each figure is also printed as a
ratio to the no-op request and to the commit rate: absolute figures vary with the machine.
Markdown on stdout; everything as JSON in bench/results/ (ignored by git).
"""
import argparse
import asyncio
import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from bench.lean_http import Client
from bench.server import ROOT, PgBackends, Service, interpreter, is_postgres, libpq_url, scratch_sqlite

CARDS = 48  # an ADD UP deck
MATCH_TIMEOUT = 120  # seconds one match may take before the run fails
RESULTS = ROOT / "bench" / "results"


@dataclass
class Table:
    id: str
    tokens: list[str]


@dataclass
class Tally:
    """What the load client saw in one phase."""

    requests: Counter = field(default_factory=Counter)  # by kind: "view 200", "view 304", "move 200", ...
    latencies: list[float] = field(default_factory=list)  # seconds, one per move
    connections: int = 0  # TCP connections opened (a server that closes after each answer opens many)
    games: int = 0


def choose_move(view: dict) -> dict:
    """The peer's greedy player (`chooseMove` in boardgameio/lib.js): if a card (a joker at some
    value) makes the rows equal, play it there; else the first card onto the row with the smaller
    sum (top on a tie), a joker at its lowest value."""
    rows, hand = view["state"]["rows"], view["state"]["hand"]
    top, bottom = rows["top"]["sum"], rows["bottom"]["sum"]
    for face in hand:
        for row, need in (("top", bottom - top), ("bottom", top - bottom)):
            if face["kind"] == "number":
                if face["value"] == need:
                    return {"type": "play", "card": face["id"], "row": row}
            elif face["min"] <= need <= face["max"]:
                return {"type": "play", "card": face["id"], "row": row, "value": need}
    face, row = hand[0], "top" if top <= bottom else "bottom"
    move = {"type": "play", "card": face["id"], "row": row}
    if face["kind"] != "number":
        move["value"] = face["min"]
    return move


def check_ended(view: dict, match_id: str) -> None:
    """The match is over, with every one of the 48 cards captured or on the table."""
    state = view["state"]
    placed = sum(seat["captured"] + seat["hand_count"] for seat in state["seats"]) + state["pile_count"] + \
        sum(len(row["cards"]) for row in state["rows"].values())
    left = state["pile_count"] + sum(seat["hand_count"] for seat in state["seats"])
    if view["status"] != "over" or placed != CARDS or left:
        raise RuntimeError(f"match {match_id} ended badly: status {view['status']}, {placed} cards placed, {left} left")


async def get(client: Client, path: str, headers: dict) -> tuple[int, bytes, str | None]:
    answer = await client.request("GET", path, headers)
    return answer.status, answer.body, answer.headers.get("etag")


async def post_json(client: Client, path: str, body: dict, headers: dict | None = None) -> tuple[int, dict, str | None]:
    answer = await client.request("POST", path, {"Content-Type": "application/json", **(headers or {})},
                                  orjson.dumps(body))
    return answer.status, orjson.loads(answer.body), answer.headers.get("etag")


async def create_matches(base: str, count: int, in_flight: int = 32) -> list[Table]:
    """`count` two-seat ADD UP matches, both seats taken (seat 1 joins after seat 0 creates)."""
    tables: list[Table] = []
    clients = [Client(base) for _ in range(min(in_flight, count))]

    started = 0

    async def creator(client):
        nonlocal started
        while started < count:
            started += 1
            status, made, _ = await post_json(client, "/api/v1/games", {"game": "addup", "seats": 2, "name": "Ann"})
            assert status == 201, made
            game = made["game"]["id"]
            status, joined, _ = await post_json(client, f"/api/v1/games/{game}/seats",
                                                {"invite": made["invite"], "name": "Bob"})
            assert status == 201, joined
            tables.append(Table(game, [made["token"], joined["token"]]))

    try:
        await asyncio.gather(*(creator(client) for client in clients))
    finally:
        await close(clients)
    return tables


async def close(clients) -> None:
    for client in clients:
        await client.close()


async def play_seat(client: Client, table: Table, seat: int, tally: Tally, wait: int) -> dict:
    """One seat's client: poll until it is its turn, move, poll again; the last view it saw. With
    `wait`, each poll asks the server to hold it until the match changes (`Prefer: wait`)."""
    path = f"/api/v1/games/{table.id}"
    auth = {"Authorization": f"Bearer {table.tokens[seat]}"}
    polling = {**auth, "Prefer": f"wait={wait}"} if wait else auth
    view, tag = None, None
    while True:
        status, body, new_tag = await get(client, path, auth if tag is None else {**polling, "If-None-Match": tag})
        tally.requests[f"view {status}"] += 1
        if status == 304:
            continue  # nothing new: ask again at once
        if status != 200:
            raise RuntimeError(f"GET {path}: {status} {body[:300]!r}")
        view, tag = orjson.loads(body), new_tag
        while view["status"] == "playing" and view["turn"] == seat:
            sent = time.perf_counter()
            status, answered, new_tag = await post_json(client, f"{path}/moves",
                                                        {"version": view["version"], "move": choose_move(view)}, auth)
            tally.requests[f"move {status}"] += 1
            if status != 200:
                raise RuntimeError(f"move on {table.id} refused: {status} {answered}")
            tally.latencies.append(time.perf_counter() - sent)
            view, tag = answered, new_tag
        if view["status"] == "over":
            return view


async def play_match(pair, table: Table, tally: Tally, wait: int) -> None:
    views = await asyncio.wait_for(asyncio.gather(*(play_seat(pair[n], table, n, tally, wait) for n in (0, 1))),
                                   MATCH_TIMEOUT)
    for view in views:
        check_ended(view, table.id)
    tally.games += 1


async def play_matches(pairs, tables: list[Table], tally: Tally, deadline: float, wait: int) -> None:
    """Each pair of seat clients plays matches one after another until none is left or the
    deadline passes (a match begun is played to its end)."""
    queue = list(reversed(tables))

    async def worker(pair):
        while queue and time.monotonic() < deadline:
            await play_match(pair, queue.pop(), tally, wait)

    await asyncio.gather(*(worker(pair) for pair in pairs))


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-len(ordered) * p // 100) - 1))]


def connections(clients) -> int:
    return sum(client.connections for client in clients)


async def play_phase(service: Service, concurrency: int, matches: int, warmup: int, seconds: float,
                     wait: int) -> dict:
    """K pairs of seat clients play `matches` matches after `warmup` unmeasured ones; each poll
    waits up to `wait` seconds for news (0: the poll is answered at once, and sent again at once)."""
    tables = await create_matches(service.url, matches + warmup)
    pairs = [(Client(service.url), Client(service.url)) for _ in range(concurrency)]
    seats = [client for pair in pairs for client in pair]
    pg = PgBackends(service) if is_postgres(service.database_url) else None
    try:
        await play_matches(pairs[:max(1, min(concurrency, 4))], tables[:warmup], Tally(), time.monotonic() + 60, wait)
        tally = Tally()
        opened, cpu, client_cpu = connections(seats), service.cpu(), time.process_time()
        workers, switches = service.worker_cpu(), service.thread_switches()
        if pg:
            pg.begin()
        started = time.perf_counter()
        await play_matches(pairs, tables[warmup:], tally, time.monotonic() + seconds, wait)
        wall = time.perf_counter() - started
        server_cpu, client_cpu = service.cpu() - cpu, time.process_time() - client_cpu
        busiest = busiest_share(workers, service.worker_cpu())
        switches = service.thread_switches() - switches
        database_cpu = pg.end() if pg else None
        tally.connections = connections(seats) - opened
    finally:
        await close(seats)
        if pg:
            pg.close()
    moves = tally.requests["move 200"]
    per_move = lambda amount: amount * 1000 / moves if moves else None  # noqa: E731
    return {
        "concurrency": concurrency, "games": tally.games, "moves": moves, "wall_s": round(wall, 2),
        "moves_per_s": round(moves / wall, 1),
        "latency_ms": {f"p{p}": round(percentile(tally.latencies, p) * 1000, 2) for p in (50, 95, 99)},
        "server_cpu_ms_per_move": round(per_move(server_cpu + (database_cpu or 0)), 3),
        "gunicorn_cpu_ms_per_move": round(per_move(server_cpu), 3),
        "postgres_cpu_ms_per_move": None if database_cpu is None else round(per_move(database_cpu), 3),
        "peak_rss_mb": service.peak_rss_mb(),
        "requests_per_move": {kind: round(count / moves, 2) for kind, count in sorted(tally.requests.items())},
        "connections_per_request": round(tally.connections / sum(tally.requests.values()), 2),
        "client_cpu_s": round(client_cpu, 2), "client_cpu_share": round(client_cpu / wall, 2),
        "busiest_worker_share": busiest,
        "thread_switches_per_move": round(switches / moves, 1) if moves else None,
        "server_errors": service.errors()[:5],
    }


def busiest_share(before: dict[int, float], after: dict[int, float]) -> float | None:
    """The busiest worker's share of the workers' CPU between two readings (0.5 for two workers
    sharing the load evenly). Each worker serves the connections it accepted for as long as they
    stay open, so a few long-lived connections may all land on one of them."""
    used = [after[pid] - before[pid] for pid in after if pid in before]
    return round(max(used) / sum(used), 2) if used and sum(used) else None


async def server_cpu(service: Service, work) -> tuple[float, float]:
    """Run the coroutine `work()`: its wall time and the server's CPU meanwhile (gunicorn's master
    and workers, plus PostgreSQL's backends serving them), in seconds."""
    pg = PgBackends(service) if is_postgres(service.database_url) else None
    try:
        cpu = service.cpu()
        if pg:
            pg.begin()
        started = time.perf_counter()
        await work()
        wall = time.perf_counter() - started
        return wall, service.cpu() - cpu + (pg.end() if pg else 0)
    finally:
        if pg:
            pg.close()


def per_request(count: int, wall: float, used: float, latencies: list[float], client_cpu: float) -> dict:
    return {"requests_per_s": round(count / wall, 1), "server_cpu_ms": round(used * 1000 / count, 3),
            "p50_ms": round(percentile(latencies, 50) * 1000, 2), "client_cpu_ms": round(client_cpu * 1000 / count, 3)}


async def hammer(service: Service, path: str, headers: dict, seconds: float, in_flight: int = 16,
                 expect: int = 200) -> dict:
    """`in_flight` keep-alive clients send the same GET for `seconds`: requests/s, server CPU per
    request, and the load client's CPU per request."""
    latencies = []
    clients = [Client(service.url) for _ in range(in_flight)]

    async def ask(client, deadline):
        while time.monotonic() < deadline:
            sent = time.perf_counter()
            status, _, _ = await get(client, path, headers)
            if status != expect:
                raise RuntimeError(f"GET {path}: {status}, not {expect}")
            latencies.append(time.perf_counter() - sent)

    async def everyone(seconds):
        await asyncio.gather(*(ask(client, time.monotonic() + seconds) for client in clients))

    try:
        await everyone(min(1.0, seconds / 4))  # warm
        latencies.clear()
        client_cpu = time.process_time()
        wall, used = await server_cpu(service, lambda: everyone(seconds))
        client_cpu = time.process_time() - client_cpu
    finally:
        await close(clients)
    return per_request(len(latencies), wall, used, latencies, client_cpu)


async def moves_alone(service: Service, seconds: float, in_flight: int = 16) -> dict:
    """Server CPU of the move request sent alone, `in_flight` at a time, as `hammer` measures a GET:
    each client plays both seats of one match after another with moves only. It can, because an ADD
    UP hand changes only by its own seat's move, whose answer shows it (the seat draws after
    playing), and every answer shows the rows: after one view of each seat, before the clock starts,
    each move is chosen from its mover's last answer and the rows of the match's latest."""
    tables = await create_matches(service.url, in_flight * 2 + round(60 * seconds))
    first_views = {}
    client = Client(service.url)
    try:
        for table in tables:
            first_views[table.id] = [orjson.loads((await get(client, f"/api/v1/games/{table.id}",
                                                             {"Authorization": f"Bearer {token}"}))[1])
                                     for token in table.tokens]
    finally:
        await client.close()
    latencies: list[float] = []
    clients = [Client(service.url) for _ in range(in_flight)]

    async def play(client, table):
        hands = [view["state"]["hand"] for view in first_views[table.id]]
        latest = first_views[table.id][0]
        while latest["status"] == "playing":
            seat = latest["turn"]
            move = choose_move({"state": {"rows": latest["state"]["rows"], "hand": hands[seat]}})
            sent = time.perf_counter()
            status, answered, _ = await post_json(client, f"/api/v1/games/{table.id}/moves",
                                                  {"version": latest["version"], "move": move},
                                                  {"Authorization": f"Bearer {table.tokens[seat]}"})
            if status != 200:
                raise RuntimeError(f"move on {table.id} refused: {status} {answered}")
            latencies.append(time.perf_counter() - sent)
            hands[seat], latest = answered["state"]["hand"], answered
        check_ended(latest, table.id)

    async def everyone(queue, deadline):
        async def one(client):
            while queue and time.monotonic() < deadline:
                await play(client, queue.pop())
        await asyncio.gather(*(one(client) for client in clients))

    queue = list(reversed(tables))
    try:
        await everyone([queue.pop() for _ in range(in_flight)], time.monotonic() + 60)  # warm: a match each
        latencies.clear()
        client_cpu = time.process_time()
        wall, used = await server_cpu(service, lambda: everyone(queue, time.monotonic() + seconds))
        client_cpu = time.process_time() - client_cpu
    finally:
        await close(clients)
    if not queue:
        print("moves alone: every match was played before the time was up", file=sys.stderr)
    return per_request(len(latencies), wall, used, latencies, client_cpu)


async def request_kinds(service: Service, seconds: float, in_flight: int = 16) -> dict:
    """Server CPU of each polling request kind alone, on a match ten moves in, and of the move
    alone (`moves_alone`), `in_flight` at a time."""
    table = (await create_matches(service.url, 1))[0]
    path = f"/api/v1/games/{table.id}"
    seat = [{"Authorization": f"Bearer {token}"} for token in table.tokens]
    client = Client(service.url)
    try:
        for _ in range(10):
            turn = orjson.loads((await get(client, path, seat[0]))[1])["turn"]
            mine = orjson.loads((await get(client, path, seat[turn]))[1])
            await post_json(client, f"{path}/moves", {"version": mine["version"], "move": choose_move(mine)}, seat[turn])
        view_tag = (await get(client, path, seat[0]))[2]
        log_tag = (await get(client, f"{path}/moves?after=10", seat[0]))[2]
    finally:
        await client.close()
    return {
        "view 304": await hammer(service, path, {**seat[0], "If-None-Match": view_tag}, seconds, in_flight, 304),
        "view 200": await hammer(service, path, seat[0], seconds, in_flight),
        "log 304": await hammer(service, f"{path}/moves?after=10", {**seat[0], "If-None-Match": log_tag}, seconds,
                                in_flight, 304),
        "health (one query)": await hammer(service, "/api/v1/health", {}, seconds, in_flight),
        "move": await moves_alone(service, seconds, in_flight),
    }


def commits_per_second(url: str | None, seconds: float) -> float:
    """Single-row INSERT + COMMIT per second from this one process: SQLite (WAL, synchronous=FULL)
    in a scratch file beside the default database, or the PostgreSQL database at `url`."""
    with contextlib.ExitStack() as stack:
        if url is None:
            connection = sqlite3.connect(stack.enter_context(scratch_sqlite()).removeprefix("sqlite:///"))
            for pragma in ("journal_mode=WAL", "synchronous=FULL"):
                connection.execute(f"PRAGMA {pragma}")
            mark = "?"
        else:
            import psycopg

            connection = psycopg.connect(libpq_url(url))
            mark = "%s"
        return _commits(connection, mark, seconds)


def _commits(connection, mark: str, seconds: float) -> int:
    table = f"bench_commits_{os.getpid()}"
    connection.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, body TEXT)")
    connection.commit()
    count, started = 0, time.perf_counter()
    try:
        while time.perf_counter() - started < seconds:
            count += 1
            connection.execute(f"INSERT INTO {table} (id, body) VALUES ({mark}, {mark})", (count, "x" * 100))
            connection.commit()
        rate = count / (time.perf_counter() - started)
    finally:
        connection.rollback()
        connection.execute(f"DROP TABLE {table}")
        connection.commit()
        connection.close()
    return round(rate)


def sql_per_kind(database_url: str) -> dict:
    """The statements each request kind runs, counted in process on the same database."""
    import flask_migrate

    from api import create_app
    from api.config import database_url as sqlalchemy_url
    from bench.kinds import RoundTrips, per_request_kind

    app = create_app({"SQLALCHEMY_DATABASE_URI": sqlalchemy_url(database_url), "RATELIMIT_ENABLED": False})
    with app.app_context():
        flask_migrate.upgrade()
    trips = RoundTrips(app) if is_postgres(database_url) else None
    try:
        kinds = per_request_kind(app.test_client(), trips)
    finally:
        if trips:
            trips.close()
    return {kind: {"statements": len(seen.statements), "sql": seen.statements,
                   "round_trips": None if seen.round_trips is None else len(seen.round_trips),
                   "waits": seen.round_trips} for kind, seen in kinds.items()}


def machine() -> dict:
    def git(*words):
        return subprocess.run(["git", *words], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    commit, dirty = git("rev-parse", "--short", "HEAD"), git("status", "--porcelain", "--untracked-files=no")
    return {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "commit": commit + ("+dirty" if dirty else ""),
            "nproc": os.cpu_count(), "loadavg_before": os.getloadavg(), "python": interpreter()}


async def measure(args) -> dict:
    with contextlib.ExitStack() as stack:
        return await _measure(args, args.database_url or stack.enter_context(scratch_sqlite()))


async def _measure(args, database: str) -> dict:
    backend = "postgresql" if is_postgres(database) else "sqlite"
    result = {"machine": machine(), "backend": backend, "settings": vars(args), "load": []}
    for concurrency in args.concurrency:
        with Service(database, limits=args.limits) as service:
            matches = max(args.matches, args.matches_per_worker * concurrency)
            row = await play_phase(service, concurrency, matches, args.warmup, args.seconds, args.wait)
        print(f"K={concurrency}: {row['moves_per_s']} moves/s, {row['server_cpu_ms_per_move']} ms CPU/move",
              file=sys.stderr)
        result["load"].append(row)
    with Service(database, limits=args.limits) as service:
        result["kinds"] = await request_kinds(service, args.kind_seconds)
    with Service(database, app="bench.noop_app:app", limits=args.limits) as service:
        result["noop"] = await hammer(service, "/bench/noop", {}, args.kind_seconds)
    pg_url = database if backend == "postgresql" else args.pg_url
    result["commits_per_s"] = {"sqlite": commits_per_second(None, args.commit_seconds)}
    if pg_url:
        result["commits_per_s"]["postgresql"] = commits_per_second(pg_url, args.commit_seconds)
    result["sql"] = sql_per_kind(database)
    result["machine"]["loadavg_after"] = os.getloadavg()
    return result


def ratio(value: float | None, unit: float | None) -> str:
    return "-" if not value or not unit else f"{value / unit:.2f}"


def markdown(result: dict) -> str:
    noop, commits = result["noop"], result["commits_per_s"][result["backend"]]
    m = result["machine"]
    lines = [f"addgames on {result['backend']}, commit {m['commit']}, {m['date']}, {m['nproc']} cores, "
             f"load average {m['loadavg_before'][0]:.1f} before / {m['loadavg_after'][0]:.1f} after; "
             f"Python {m['python']}",
             "",
             f"No-op request through the app: {noop['requests_per_s']:,.0f} req/s, {noop['server_cpu_ms']} ms server CPU, "
             f"p50 {noop['p50_ms']} ms (16 clients). Single-row INSERT + COMMIT from one process: "
             + ", ".join(f"{db} {rate:,}/s" for db, rate in result["commits_per_s"].items()) + ".",
             "",
             "| K | moves/s | / no-op req/s | / commits/s | p50 / p95 / p99 ms | p50 / no-op p50 | server CPU ms/move "
             "| / no-op CPU | of which PostgreSQL | peak RSS MB (all / worker) | requests per move | new connections "
             "per request | client CPU | busiest worker's share of their CPU | thread switches per move |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in result["load"]:
        lat = row["latency_ms"]
        kinds = ", ".join(f"{kind} {n}" for kind, n in row["requests_per_move"].items())
        lines.append(
            f"| {row['concurrency']} | {row['moves_per_s']} | {ratio(row['moves_per_s'], noop['requests_per_s'])} "
            f"| {ratio(row['moves_per_s'], commits)} | {lat['p50']} / {lat['p95']} / {lat['p99']} "
            f"| {ratio(lat['p50'], noop['p50_ms'])}x | {row['server_cpu_ms_per_move']} "
            f"| {ratio(row['server_cpu_ms_per_move'], noop['server_cpu_ms'])}x "
            f"| {row['postgres_cpu_ms_per_move'] if row['postgres_cpu_ms_per_move'] is not None else '-'} "
            f"| {row['peak_rss_mb']['total']} / {row['peak_rss_mb']['worker']} | {kinds} "
            f"| {row['connections_per_request']} "
            f"| {row['client_cpu_share']:.0%} of a core | {row.get('busiest_worker_share') or '-'} "
            f"| {row.get('thread_switches_per_move') or '-'} |")
    lines += ["", "| request kind alone (16 clients) | req/s | server CPU ms | / no-op CPU | p50 ms | client CPU ms |",
              "|---|---|---|---|---|---|"]
    for kind, row in {"no-op": noop, **result["kinds"]}.items():
        lines.append(f"| {kind} | {row['requests_per_s']:,.0f} | {row['server_cpu_ms']} "
                     f"| {ratio(row['server_cpu_ms'], noop['server_cpu_ms'])}x | {row['p50_ms']} "
                     f"| {row['client_cpu_ms']} |")
    lines += ["", "| request kind | SQL statements (COMMIT counted) | PostgreSQL round trips |", "|---|---|---|"]
    for kind, row in result["sql"].items():
        trips = "-" if row["round_trips"] is None else f"{row['round_trips']}: {', '.join(row['waits'])}"
        lines.append(f"| {kind} | {row['statements']} | {trips} |")
    errors = [line for row in result["load"] for line in row["server_errors"]]
    if errors:
        lines += ["", "Server errors:", *errors]
    return "\n".join(lines)


def save(result: dict, text: str, name: str) -> Path:
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}"
    path.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n")
    path.with_suffix(".md").write_text(text + "\n")
    return path


def arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="PostgreSQL (or SQLite) URL; default: a throwaway SQLite file")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL"),
                        help="PostgreSQL for the commit rate when the load runs on SQLite (env BENCH_PG_URL)")
    parser.add_argument("--concurrency", type=lambda s: [int(k) for k in s.split(",")], default=[1, 8, 32])
    parser.add_argument("--matches", type=int, default=200, help="matches per K at least (default 200)")
    parser.add_argument("--matches-per-worker", type=int, default=4, help="or this many per seat pair, if more")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured matches first")
    parser.add_argument("--seconds", type=float, default=30, help="no new match starts after this")
    parser.add_argument("--kind-seconds", type=float, default=5, help="seconds per request kind alone")
    parser.add_argument("--commit-seconds", type=float, default=3)
    parser.add_argument("--limits", choices=["raised", "off", "default"], default="raised")
    parser.add_argument("--wait", type=int, default=20,
                        help="seconds each poll asks the server to wait for news (Prefer: wait), as the web app "
                             "does; 0: answered at once and sent again at once (issue 12's first load)")
    parser.add_argument("--quick", action="store_true", help="a short trial: few matches, short phases")
    args = parser.parse_args(argv)
    if args.quick:
        args.matches, args.matches_per_worker, args.warmup = 8, 1, 2
        args.seconds, args.kind_seconds, args.commit_seconds = 5, 2, 1
    return args


def main(argv=None) -> None:
    args = arguments(argv)
    result = asyncio.run(measure(args))
    text = markdown(result)
    print(text)
    print(f"\n(saved {save(result, text, 'load-' + result['backend'])}.json and .md)", file=sys.stderr)


if __name__ == "__main__":
    main()
