"""Scaling out: two instances of the service (separate gunicorn servers of two workers each, on
different ports) share one PostgreSQL database and one Redis for rate limits.

Two-seat matches are played at once, each seat's requests alternating between the
instances: every match plays to its end, no event is lost or doubled (retries with the same
Idempotency-Key on the other instance replay the first answer), a poll on one instance sees a move
made on the other at once (each keeps its own replay cache), rate limits count the sum of both
instances, and each instance's metrics add up over its workers to the requests it was sent.

Runs on PostgreSQL (TEST_DATABASE_URL) with Redis at TEST_REDIS_URL (default below); under CI=true
a missing Redis fails the test instead of skipping it.
"""
import os
import threading
import uuid
from collections import Counter
from itertools import cycle

import pytest
import redis
import requests
from sqlalchemy import select

from api.models import Event, db
from .live import gunicorn
from .test_every_game import CHOOSERS

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
MY_GAMES_LIMIT = 6  # per minute, per client address: the limit the two instances must share
SHORT = {"plusminus": {"games": 1}, "addtoo": {"target": 50}}
# Two-seat matches played at once, the first created on either instance. ADD'EM is left out: its
# simple HTTP player draws and passes for hundreds of moves (test_every_game plays it).
MATCHES = ["addup", "addup", "addit", "plusminus", "addtoo", "addit"]
RETRY_EVERY = 4  # every 4th move is sent again, with its key, to the other instance


def shared_redis() -> str:
    """REDIS_URL once Redis answers there; the test is skipped without it (failed under CI=true)."""
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis at {REDIS_URL} is needed in CI: {error}")
        pytest.skip(f"no Redis at {REDIS_URL}")
    return REDIS_URL


@pytest.fixture(scope="module")
def instances(app, tmp_path_factory):
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if not url.startswith("postgresql"):
        pytest.skip("instances on separate machines share PostgreSQL, not an SQLite file")
    shared_redis()
    logs = tmp_path_factory.mktemp("instances")
    settings = {"RATELIMIT_STORAGE_URI": REDIS_URL, "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}",
                "LIMIT_MY_GAMES": f"{MY_GAMES_LIMIT} per minute", "METRICS": "true",
                **dict.fromkeys(("LIMIT_CREATE", "LIMIT_JOIN", "LIMIT_MOVE", "LIMIT_MOVE_PER_ADDRESS"), "100000 per minute")}
    with gunicorn(url, logs / "a.log", workers=2, **settings) as a, \
            gunicorn(url, logs / "b.log", workers=2, **settings) as b:
        yield Pair(a, b)


class Pair:
    """The two instances, and what each was sent (route template, method, status), for the metrics."""

    def __init__(self, *bases: str):
        self.bases = bases
        self.sent = {base: Counter() for base in bases}
        self.lock = threading.Lock()

    def call(self, base: str, method: str, route: str, path: str, token: str | None = None, **kwargs):
        headers = kwargs.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        response = requests.request(method, f"{base}/api/v1{path}", headers=headers, timeout=60, **kwargs)
        with self.lock:
            self.sent[base][(f"/api/v1{route}", method, str(response.status_code))] += 1
        return response

    def other(self, base: str) -> str:
        return self.bases[1 - self.bases.index(base)]


class Seat:
    """One player's device: its requests go to the instances in turn, it keeps its last view and ETag."""

    def __init__(self, pair: Pair, match_id: str, token: str, first: int):
        self.pair, self.match_id, self.token = pair, match_id, token
        self.turns = cycle(pair.bases[first:] + pair.bases[:first])
        self.view, self.etag = None, None

    def poll(self, version: int) -> dict:
        """The match at `version`, as this seat sees it: a 304 only when its copy is of that version."""
        headers = {"If-None-Match": self.etag} if self.etag else {}
        response = self.pair.call(next(self.turns), "GET", "/games/<match_id>", f"/games/{self.match_id}",
                                  self.token, headers=headers)
        if response.status_code == 304:
            assert self.view["version"] == version, "a stale copy was confirmed as current"
        else:
            assert response.status_code == 200 and response.json()["version"] == version, response.text
            self.view, self.etag = response.json(), response.headers["ETag"]
        return self.view

    def move(self, move: dict, version: int) -> None:
        base, key = next(self.turns), str(uuid.uuid4())
        body = {"version": version, "move": move}
        path = f"/games/{self.match_id}/moves"
        first = self.pair.call(base, "POST", "/games/<match_id>/moves", path, self.token, json=body,
                               headers={"Idempotency-Key": key})
        assert first.status_code == 200 and first.json()["version"] == version + 1, first.text
        if version % RETRY_EVERY == 0:  # a retry that reached the other instance
            again = self.pair.call(self.pair.other(base), "POST", "/games/<match_id>/moves", path, self.token,
                                   json=body, headers={"Idempotency-Key": key})
            assert again.headers.get("Idempotent-Replayed") == "true" and again.json() == first.json()


def play(pair: Pair, key: str, first: int) -> tuple[str, int]:
    """A two-seat match of `key` from creation to its end; its id and the moves made."""
    creator = pair.bases[first]
    created = pair.call(creator, "POST", "/games", "/games", json={"game": key, "seats": 2, "name": "Ann",
                                                                    "options": SHORT.get(key, {})}).json()
    match_id = created["game"]["id"]
    joined = pair.call(pair.other(creator), "POST", "/games/<match_id>/seats", f"/games/{match_id}/seats",
                       json={"invite": created["invite"], "name": "Bob"}).json()
    seats = [Seat(pair, match_id, created["token"], first), Seat(pair, match_id, joined["token"], 1 - first)]
    version = 0
    while True:
        views = [seat.poll(version) for seat in seats]
        if views[0]["status"] == "over":
            assert views[1]["status"] == "over" and views[0]["winners"] == views[1]["winners"]
            return match_id, version
        mover = views[0]["turn"]
        seats[mover].move(CHOOSERS[key](views[mover]["you"]["legal_moves"]), version)
        version += 1


def test_two_instances_play_matches_together(app, instances):
    played, failures = {}, []

    def run(n: int, key: str):
        try:
            played[n] = key, *play(instances, key, n % 2)
        except BaseException as error:  # noqa: BLE001 - reported below, with the game
            failures.append((key, error))

    threads = [threading.Thread(target=run, args=(n, key)) for n, key in enumerate(MATCHES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    assert len(played) == len(MATCHES)
    with app.app_context():
        for key, match_id, moves in played.values():
            stored = list(db.session.scalars(select(Event.seq).where(Event.game_id == match_id).order_by(Event.seq)))
            assert stored == list(range(1, moves + 1)), f"{key}: events lost or doubled"
            for base in instances.bases:
                log = instances.call(base, "GET", "/games/<match_id>/moves", f"/games/{match_id}/moves").json()
                assert [entry["seq"] for entry in log["moves"]] == stored
    moves = Counter()
    for key, _, made in played.values():
        moves[key] += made
    assert_metrics_add_up(instances, moves)


def test_rate_limits_count_across_instances(instances):
    """Each instance alone would allow the limit per worker; together they allow it once."""
    answers = [instances.call(instances.bases[n % 2], "POST", "/my-games", "/my-games", json={"tokens": []})
               for n in range(MY_GAMES_LIMIT + 4)]
    assert [a.status_code for a in answers] == [200] * MY_GAMES_LIMIT + [429] * 4
    assert {a.json()["code"] for a in answers[MY_GAMES_LIMIT:]} == {"rate_limited"}


def assert_metrics_add_up(pair: Pair, moves: dict[str, int]) -> None:
    """Each instance's /metrics (summed over its two workers) counts exactly the requests it was
    sent, and both together count every move once."""
    counted_moves = Counter()
    for base in pair.bases:
        requests_seen, latencies = Counter(), Counter()
        for name, labels, value in samples(requests.get(f"{base}/metrics", timeout=30).text):
            if name == "addgames_requests_total" and labels["route"].startswith("/api/v1/games"):
                requests_seen[(labels["route"], labels["method"], labels["status"])] += value
            elif name == "addgames_request_duration_seconds_count" and labels["route"].startswith("/api/v1/games"):
                latencies[labels["route"]] += value
            elif name == "addgames_moves_total":
                counted_moves[labels["game"]] += value
        sent = {key: count for key, count in pair.sent[base].items() if key[0].startswith("/api/v1/games")}
        assert requests_seen == sent
        by_route = Counter()
        for (route, _, _), count in sent.items():
            by_route[route] += count
        assert latencies == by_route
    assert counted_moves == moves


def samples(text: str):
    """(name, labels, value) of every sample in Prometheus' text format."""
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        series, _, value = line.rpartition(" ")
        name, _, rest = series.partition("{")
        labels = dict(pair.split("=", 1) for pair in rest.rstrip("}").split('",') if pair) if rest else {}
        yield name, {key: label.strip('"') for key, label in labels.items()}, float(value)
