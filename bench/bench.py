"""Replay and request costs, run by hand: `make bench` (SQLite in a temporary folder).

Reports the engine's replay cost per event for each game, and the cost of a view request, of 304
polls of the view and of the log, and of a move request relative to a no-op request through the
same Flask app, so that the ratios compare across machines. Absolute times vary; quote the ratios.
"""
import statistics
import sys
import tempfile
import time
from pathlib import Path

import flask_migrate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api import create_app  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.replay import replay  # noqa: E402
from tests.engine.sweep import play_random_match  # noqa: E402


def per_call(fn, repeat: int) -> float:
    """Median seconds per call of `fn` over five rounds of `repeat` calls."""
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        rounds.append((time.perf_counter() - start) / repeat)
    return statistics.median(rounds)


def replay_cost(key: str) -> tuple[float, int]:
    game = GAMES[key]
    setup, moves, _ = play_random_match(game, game.MIN_SEATS, seed=1)
    return per_call(lambda: replay(game, setup, moves), 20) / max(len(moves), 1), len(moves)


def request_costs() -> dict[str, float]:
    folder = tempfile.mkdtemp()
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite"})
    app.add_url_rule("/bench/noop", "noop", lambda: "")
    with app.app_context():
        flask_migrate.upgrade()
    client = app.test_client()
    created = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "A"}).json
    match, tokens = created["game"]["id"], [created["token"]]
    tokens.append(client.post(f"/api/v1/games/{match}/seats", json={"invite": created["invite"], "name": "B"}).json["token"])

    def next_move():
        view = client.get(f"/api/v1/games/{match}", headers={"Authorization": f"Bearer {tokens[0]}"}).json
        if view["status"] != "playing":
            return None
        seat = view["turn"]
        mine = client.get(f"/api/v1/games/{match}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json
        offer = mine["you"]["legal_moves"]["play"][0]
        move = {"type": "play", "card": offer["card"], "row": "top"}
        if "value" in offer:
            move["value"] = offer["value"]["min"]
        return seat, {"version": mine["version"], "move": move}

    move_times = []
    for _ in range(20):  # the first 20 moves of the match, each timed on its own
        seat, body = next_move()
        start = time.perf_counter()
        response = client.post(f"/api/v1/games/{match}/moves", json=body, headers={"Authorization": f"Bearer {tokens[seat]}"})
        move_times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.json
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    etag = client.get(f"/api/v1/games/{match}", headers=auth).headers["ETag"]
    feed = f"/api/v1/games/{match}/moves?after=20"  # what a client holding version 20 polls
    log_etag = client.get(feed, headers=auth).headers["ETag"]
    return {
        "no-op": per_call(lambda: client.get("/bench/noop"), 300),
        "view (20 moves)": per_call(lambda: client.get(f"/api/v1/games/{match}", headers=auth), 100),
        "304 poll": per_call(lambda: client.get(f"/api/v1/games/{match}", headers={**auth, "If-None-Match": etag}), 100),
        "304 poll of log": per_call(lambda: client.get(feed, headers={**auth, "If-None-Match": log_etag}), 100),
        "move": statistics.median(move_times),
    }


def main() -> None:
    print("Engine replay, per event (two seats, one random match, the deal included):", flush=True)
    for key in sorted(GAMES):
        cost, events = replay_cost(key)
        print(f"  {key:10} {cost * 1e6:8.1f} µs/event over {events} events", flush=True)
    costs = request_costs()
    noop = costs["no-op"]
    print("\nRequests through the Flask app on SQLite, relative to a no-op request:")
    for name, cost in costs.items():
        print(f"  {name:16} {cost / noop:6.1f}x   ({cost * 1e3:.2f} ms)")


if __name__ == "__main__":
    main()
