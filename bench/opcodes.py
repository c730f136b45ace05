"""Python bytecodes each request kind runs in the app, counted: `make bench-opcodes`.

Under issue 12's load the workers spend about three quarters of their CPU interpreting Python
(perf: libpython), and on the shared 2-core machine two runs of bench/load.py differ by up to 15 %,
so a change worth 5 % hides in the noise. A count of the bytecodes a request executes does not
vary from run to run: it says what a change to the app's own path saves, before a load run says
whether the machine sees it. It counts what runs inside the app's WSGI callable (Flask, werkzeug,
SQLAlchemy, the app), not gunicorn's part of a request nor code in C (SQLite, orjson), each
bytecode alike.

The match is a two-seat ADD UP match on a fresh SQLite file (or `--database-url`), dealt from a
fixed deck, with the rate limits running (raised, as bench/load.py runs them). Each kind is counted in its steady state, on seat tokens and versions
the test client took from the API, a median over `--rounds` moves of the match:
- `304 view`: the waiting seat's poll with the ETag it holds, answered at once (no `Prefer: wait`);
- `move`: the mover's move, with the version it saw;
- `200 view`: the waiting seat's poll after that move, the ETag it held now stale;
- `waited poll`: the next waiting seat's poll with `Prefer: wait`, as bench/load.py's seats send
  it, sent from a thread of its own and answered `200` when the next move (sent from this thread,
  not counted) ends its wait. A move and such a poll are the load's two requests per move. Its
  count varies by a few dozen bytecodes with the threads' timing;
- `no-op`: `GET /bench/noop`, a route that only answers, through every request hook.

Then where they run: by package and by function with what it calls (all kinds together), and the
functions that run the most bytecodes of their own in the load's two requests per move (a mean
per move): the places where a change to the code itself would save the most.

Counting runs a request many times slower than it runs under the load, so on PostgreSQL the
connection a request left in the gate would sit past `api.database.PING_AFTER_IDLE` and be pinged
before the next one took it, which under the load it is not (a `304` counted 2,300 bytecodes more
so on a slow machine). The count leaves those pings out.
"""
import argparse
import statistics
import sys
import threading
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api import database as engine_listeners  # noqa: E402
from bench.bench import scratch_app  # noqa: E402
from bench.server import LIMITS, RAISED  # noqa: E402
from engine import addup  # noqa: E402
from tests.api.play import Table, bearer, first_legal  # noqa: E402
from tests.api.test_news import move, wait_in_background  # noqa: E402

KINDS = ("no-op", "304 view", "move", "200 view", "waited poll")
LOAD = ("move", "waited poll")  # the load's two requests per move (bench/load.py)


class Tally:
    """Counts the bytecodes run inside `app.wsgi_app`, by kind, and by package and function."""

    def __init__(self, app):
        self.app, self._inner = app, app.wsgi_app
        self.by_kind: dict[str, list[int]] = {kind: [] for kind in KINDS}
        self.packages: Counter[str] = Counter()
        self.functions: Counter[str] = Counter()  # inclusive: a function's callees count for it too
        self.own: Counter[str] = Counter()  # a function's own bytecodes, in the load's two requests only
        self._count = 0
        self._kind: str | None = None
        self._uncounted: int | None = None  # the thread whose requests are not counted

    def request(self, kind: str, send, uncounted: int | None = None):
        """Send one request (`send()`) with counting on, but for the requests of the thread
        `uncounted`; return its response."""
        before, self._uncounted, self._kind = self._count, uncounted, kind
        self.app.wsgi_app = self._counted
        try:
            response = send()
        finally:
            self.app.wsgi_app, self._kind = self._inner, None
        self.by_kind[kind].append(self._count - before)
        return response

    def waited_poll(self, path: str, headers: dict, move):
        """Count a poll that waits for news, sent from another thread; `move()`, sent from this
        thread and not counted, ends its wait. Return the poll's response."""
        def send():
            waiting, answers = wait_in_background(self.app, path, {**headers, "Prefer": "wait=10"})
            move()
            waiting.join(30)
            return answers[0]

        return self.request("waited poll", send, uncounted=threading.get_ident())

    def _counted(self, environ, start_response):
        if threading.get_ident() == self._uncounted:
            return self._inner(environ, start_response)
        sys.settrace(self._trace)
        try:
            return self._inner(environ, start_response)
        finally:
            sys.settrace(None)

    def _trace(self, frame, event, _arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            self._count += 1
            self.packages[_package(frame.f_code.co_filename)] += 1
            if self._kind in LOAD:
                self.own[f"{_package(frame.f_code.co_filename)}:{frame.f_code.co_firstlineno} {frame.f_code.co_qualname}"] += 1
            seen = set()
            while frame.f_code is not _COUNTED:  # up to the app's WSGI callable
                name = f"{_package(frame.f_code.co_filename)}: {frame.f_code.co_qualname}"
                if name not in seen:
                    seen.add(name)
                    self.functions[name] += 1
                frame = frame.f_back
        return self._trace


_COUNTED = Tally._counted.__code__


def _package(filename: str) -> str:
    """`flask`, `werkzeug`, ... for an installed package; `api/games.py` for the app's own code;
    the module's name for the standard library."""
    path = Path(filename)
    if "site-packages" in path.parts:
        return path.parts[path.parts.index("site-packages") + 1]
    for top in ("api", "engine"):
        if top in path.parts:
            return "/".join(path.parts[path.parts.index(top):])
    return path.parent.name if path.stem == "__init__" else path.stem


def count(rounds: int, database_url: str | None = None) -> Tally:
    engine_listeners.PING_AFTER_IDLE = float("inf")  # see above
    database = {"SQLALCHEMY_DATABASE_URI": database_url} if database_url else {}
    app = scratch_app({"RATELIMIT_ENABLED": True, **dict.fromkeys(LIMITS, RAISED), **database})
    client = app.test_client()
    tally = Tally(app)
    table = Table.create(client, deck=list(addup.FACES))  # the same deal, so the same count, on every run
    path = f"/api/v1/games/{table.id}"
    for played in range(rounds + 2):
        measured = played >= 2  # the first two moves warm the process's caches
        mover, waiter, held = _turn(client, table, path)
        mine = client.get(path, headers=bearer(table.tokens[mover])).json
        if not measured:
            client.post(f"{path}/moves", headers=bearer(table.tokens[mover]),
                        json={"version": mine["version"], "move": first_legal(mine)})
            continue
        answers = [
            tally.request("no-op", lambda: client.get("/bench/noop")),
            tally.request("304 view", lambda: client.get(path, headers={**waiter, "If-None-Match": held})),
            tally.request("move", lambda: client.post(f"{path}/moves", headers=bearer(table.tokens[mover]),
                                                      json={"version": mine["version"], "move": first_legal(mine)})),
            tally.request("200 view", lambda: client.get(path, headers={**waiter, "If-None-Match": held})),
        ]
        mover, waiter, held = _turn(client, table, path)
        answers.append(tally.waited_poll(path, {**waiter, "If-None-Match": held},
                                         lambda: move(client, path, table.tokens[mover])))
        assert [answer.status_code for answer in answers] == [200, 304, 200, 200, 200], \
            [a.get_data()[:200] for a in answers]
        assert answers[-1].headers["Preference-Applied"], "the poll waited"
    return tally


def _turn(client, table: Table, path: str) -> tuple[int, dict, str]:
    """The seat to move; the other seat's headers, and the ETag of its view."""
    mover = client.get(path, headers=bearer(table.tokens[0])).json["turn"]
    waiter = bearer(table.tokens[1 - mover])
    return mover, waiter, client.get(path, headers=waiter).headers["ETag"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9, help="rounds counted, two moves each (the median is shown)")
    parser.add_argument("--top", type=int, default=25, help="packages and functions listed")
    parser.add_argument("--database-url", help="PostgreSQL (migrated first); default: a fresh SQLite file")
    args = parser.parse_args()
    tally = count(args.rounds, args.database_url)
    medians = {kind: statistics.median(counts) for kind, counts in tally.by_kind.items()}
    print("| request kind | bytecodes | / no-op |\n|---|---|---|")
    for kind, median in medians.items():
        print(f"| {kind} | {median:,.0f} | {median / medians['no-op']:.2f}x |")
    cycle = medians["304 view"] + medians["move"] + medians["200 view"]
    print(f"\nA move and its polls (304 + move + 200): {cycle:,.0f} bytecodes, {cycle / medians['no-op']:.1f} no-op requests.")
    load = medians["move"] + medians["waited poll"]
    print(f"A move and the poll it ends (the load's two requests per move): {load:,.0f} bytecodes, "
          f"{load / medians['no-op']:.1f} no-op requests.")
    total = sum(tally.packages.values())
    print(f"\nWhere they run, all kinds counted together (share of {total:,} bytecodes):\n")
    print("| package or module | share |\n|---|---|")
    for name, n in tally.packages.most_common(args.top):
        print(f"| {name} | {100 * n / total:.1f} % |")
    print("\n| function, with what it calls | share |\n|---|---|")
    everything = tally.functions["flask: Flask.wsgi_app"]  # and the layers around it (api/logs.py, ...)
    for name, n in [(name, n) for name, n in tally.functions.most_common() if n < everything][:args.top]:
        print(f"| {name} | {100 * n / total:.1f} % |")
    rounds = len(tally.by_kind["move"])
    print(f"\n| function (package:line), its own bytecodes only | per move and the poll it ends (of {load:,.0f}) |\n|---|---|")
    for name, n in tally.own.most_common(args.top):
        print(f"| {name} | {n / rounds:,.0f} |")


if __name__ == "__main__":
    main()
