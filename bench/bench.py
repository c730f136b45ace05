"""Replay and request costs in process, run by hand: `make bench` (SQLite in a temporary folder).

Reports the engine's replay cost per event for each game; the cost of a view request, of 304 polls
of the view and of the log, and of a move request relative to a no-op request through the same
Flask app, so that the ratios compare across machines; the SQL statements each request kind runs
(bench/kinds.py); and how the cold view (a process that has kept nothing) grows with the match:
for every game, a match of 10, 100 and 1,000 events (and 99 and 999), as a ratio to the 10-event
one. Absolute times vary; quote the ratios. The load from outside, over HTTP, is bench/load.py.
"""
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

import flask_migrate
from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api import create_app, replays  # noqa: E402
from api.models import db  # noqa: E402
from bench.kinds import per_request_kind  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.replay import moves_only, replay  # noqa: E402
from tests.api.play import bearer, first_legal  # noqa: E402
from tests.engine.sweep import play_random_match  # noqa: E402

# Events in the matches whose cold view is timed: 10, 100 and 1,000, and one short of each round
# number, where a replay from the last snapshot taken at a round number of events is longest.
GROWTH = (10, 99, 100, 999, 1000)
# The seats and options that make each game's random matches longest; seeds are tried in turn
# until one reaches the longest size above (ADD UP never does: its 48 cards last about 45 moves).
LONGEST = {"addup": (6, {}), "addit": (4, {"length": "long"}), "plusminus": (8, {"games": 5}),
           "addem": (8, {"penalties": True}), "addtoo": (6, {"target": 1000})}
SEEDS_TRIED = 12  # ADD'EM's seed 10 is the first to pass 1,000 events


def per_call(fn, repeat: int, clock=time.perf_counter) -> float:
    """Median seconds per call of `fn` over five rounds of `repeat` calls, on `clock`."""
    rounds = []
    for _ in range(5):
        start = clock()
        for _ in range(repeat):
            fn()
        rounds.append((clock() - start) / repeat)
    return statistics.median(rounds)


def make_cold() -> None:
    """Forget everything this process keeps between requests, as a restarted worker or a second
    instance has nothing: today the replayed states of api/replays.py. Any later in-process store
    belongs here too; derived data kept in the database (snapshots) stays, as a cold process finds it."""
    replays.forget_all()


def scratch_app(config: dict | None = None):
    """The app on a fresh SQLite file, migrated, with a `/bench/noop` route that only answers;
    rate limits off unless `config` says otherwise."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite",
                      "RATELIMIT_ENABLED": False, **(config or {})})
    app.add_url_rule("/bench/noop", "noop", lambda: "")
    root = logging.getLogger()
    handlers = root.handlers[:]
    with app.app_context():
        flask_migrate.upgrade()
    # Alembic's logging set-up (migrations/env.py) gives the root logger a handler of its own, which
    # wrote every request line a second time: in a deployment the migrating process is another one.
    root.handlers[:] = handlers
    return app


def replay_cost(key: str) -> tuple[float, int]:
    game = GAMES[key]
    setup, moves, _ = play_random_match(game, game.MIN_SEATS, seed=1)
    events = moves_only(moves)
    return per_call(lambda: replay(game, setup, events, timeouts_to_leave=3), 20) / max(len(moves), 1), len(moves)


def request_costs(client, clock) -> dict[str, float]:
    """Seconds per request of each kind on `clock`, on a new ADD UP match."""
    created = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "A"}).json
    match, tokens = created["game"]["id"], [created["token"]]
    joined = client.post(f"/api/v1/games/{match}/seats", json={"invite": created["invite"], "name": "B"})
    tokens.append(joined.json["token"])

    def next_move():
        view = client.get(f"/api/v1/games/{match}", headers=bearer(tokens[0])).json
        seat = view["turn"]
        mine = client.get(f"/api/v1/games/{match}", headers=bearer(tokens[seat])).json
        return seat, {"version": mine["version"], "move": first_legal(mine)}

    move_times = []
    for _ in range(20):  # the first 20 moves of the match, each timed on its own
        seat, body = next_move()
        start = clock()
        response = client.post(f"/api/v1/games/{match}/moves", json=body, headers=bearer(tokens[seat]))
        move_times.append(clock() - start)
        assert response.status_code == 200, response.json
    auth = bearer(tokens[0])
    etag = client.get(f"/api/v1/games/{match}", headers=auth).headers["ETag"]
    feed = f"/api/v1/games/{match}/moves?after=20"  # what a client holding version 20 polls
    log_etag = client.get(feed, headers=auth).headers["ETag"]
    return {
        "no-op": per_call(lambda: client.get("/bench/noop"), 300, clock),
        "view (20 moves)": per_call(lambda: client.get(f"/api/v1/games/{match}", headers=auth), 100, clock),
        "304 poll": per_call(lambda: client.get(f"/api/v1/games/{match}", headers={**auth, "If-None-Match": etag}), 100, clock),
        "304 poll of log": per_call(lambda: client.get(feed, headers={**auth, "If-None-Match": log_etag}), 100, clock),
        "move": statistics.median(move_times),
    }


def longest_match(key: str) -> tuple[int, dict, int, list]:
    """Seats, options, seed and moves of the longest random match among the seeds tried (the
    first that reaches the largest size of GROWTH)."""
    seats, options = LONGEST[key]
    best = None
    for seed in range(SEEDS_TRIED):
        _, moves, _ = play_random_match(GAMES[key], seats, seed, options)
        if best is None or len(moves) > len(best[3]):
            best = (seats, options, seed, moves)
        if len(moves) >= GROWTH[-1]:
            break
    return best


def cold_growth(app, key: str) -> dict:
    """Milliseconds of the cold view (seat 0's) of one match of `key` after each size of GROWTH
    events, or its last event when it ends sooner. The match is created and played through the
    API; only its seed is set, so that the random player's long match is replayed move by move."""
    client = app.test_client()
    seats, options, seed, moves = longest_match(key)
    created = client.post("/api/v1/games", json={"game": key, "seats": seats, "name": "P0", "options": options}).json
    match = created["game"]["id"]
    with app.app_context():  # before any event: nothing derived from the old seed exists yet
        db.session.execute(text("UPDATE games SET seed = :seed WHERE id = :id"), {"seed": f"sweep-{seed}", "id": match})
        db.session.commit()
    make_cold()
    tokens = [created["token"]] + [client.post(f"/api/v1/games/{match}/seats", json={"invite": created["invite"],
                                                                                     "name": f"P{n}"}).json["token"]
                                   for n in range(1, seats)]
    view = f"/api/v1/games/{match}"

    def cold_view():
        make_cold()
        response = client.get(view, headers=bearer(tokens[0]))
        assert response.status_code == 200, response.json

    sizes = sorted({min(size, len(moves)) for size in GROWTH})
    times, done = {}, 0
    for size in sizes:
        for seat, move in moves[done:size]:
            done += 1
            response = client.post(f"{view}/moves", json={"version": done - 1, "move": move}, headers=bearer(tokens[seat]))
            assert response.status_code == 200, response.json
        times[size] = per_call(cold_view, 5) * 1000
    return {"seats": seats, "options": options, "ms": times}


def main() -> None:
    print("Engine replay, per event (two seats, one random match, the deal included):", flush=True)
    for key in sorted(GAMES):
        cost, events = replay_cost(key)
        print(f"  {key:10} {cost * 1e6:8.1f} µs/event over {events} events", flush=True)
    app = scratch_app()
    # Issue 12's unit is CPU; the wall clock adds the move's wait for its disk sync.
    costs = {"CPU": request_costs(app.test_client(), time.thread_time),
             "wall": request_costs(app.test_client(), time.perf_counter)}
    print("\nRequests through the Flask app on SQLite (each on a new match), relative to a no-op request:")
    print(f"  {'':16} {'CPU':>20}   {'wall':>20}")
    for name in costs["CPU"]:
        cells = [f"{spent[name] / spent['no-op']:6.1f}x ({spent[name] * 1e3:5.2f} ms)" for spent in costs.values()]
        print(f"  {name:16} " + "   ".join(f"{cell:>20}" for cell in cells))
    print("\nSQL statements per request (COMMIT counted; tests/api/test_statements.py holds the budget):")
    for kind, seen in per_request_kind(app.test_client()).items():
        print(f"  {kind:10} {len(seen.statements)}")
    print("\nCold view (a process that kept nothing) as the match grows, relative to its 10-event view:", flush=True)
    for key in sorted(GAMES):
        grown = cold_growth(app, key)
        sizes = list(grown["ms"])
        first = grown["ms"][sizes[0]]
        cells = "  ".join(f"{size:4}: {ms:6.2f} ms {ms / first:4.1f}x" for size, ms in grown["ms"].items())
        short = "" if sizes[-1] >= GROWTH[-1] else f"   (its longest random match ends at {sizes[-1]} events)"
        print(f"  {key:10} {grown['seats']} seats  {cells}{short}", flush=True)


if __name__ == "__main__":
    main()
