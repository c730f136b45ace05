"""Real parallel requests against gunicorn with several worker processes, on SQLite and PostgreSQL:
of N moves posted at once on one version exactly one lands, and no secret reaches a log."""
import threading
import uuid

import pytest
import requests
from sqlalchemy import select

from api.models import Event, db

from .live import gunicorn
from .test_moves import first_legal

RACERS = 8
ROUNDS = 4


@pytest.fixture(scope="module")
def server(app, tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, RATELIMIT_ENABLED="false") as base:
        yield base, log


def post(base: str, path: str, body: dict, token: str | None = None, **headers) -> requests.Response:
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return requests.post(f"{base}/api/v1/games{path}", json=body, headers=headers, timeout=60)


def new_match(base: str) -> tuple[str, dict[int, str], str]:
    created = post(base, "", {"game": "addup", "seats": 2, "name": "Ann"}).json()
    match_id, invite = created["game"]["id"], created["invite"]
    joined = post(base, f"/{match_id}/seats", {"invite": invite, "name": "Bob"}).json()
    return match_id, {0: created["token"], 1: joined["token"]}, invite


def race(base: str, match_id: str, token: str, bodies: list[dict], headers: dict) -> list[requests.Response]:
    """Post every body at the same moment from its own thread."""
    start = threading.Barrier(len(bodies), timeout=60)
    results: list[requests.Response] = []

    def run(body):
        start.wait()
        results.append(post(base, f"/{match_id}/moves", body, token, **headers))

    threads = [threading.Thread(target=run, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("named_by", ["body", "if-match"])
def test_of_n_parallel_moves_on_one_version_exactly_one_lands(app, client, server, named_by):
    base, _ = server
    match_id, tokens, _ = new_match(base)
    for round_ in range(ROUNDS):
        seat = round_ % 2
        seen = requests.get(f"{base}/api/v1/games/{match_id}", headers={"Authorization": f"Bearer {tokens[seat]}"})
        view = seen.json()
        offers = view["you"]["legal_moves"]["play"]
        moves = [first_legal({"you": {"legal_moves": {"play": [offers[n % len(offers)]]}}}) for n in range(RACERS)]
        if named_by == "body":
            results = race(base, match_id, tokens[seat], [{"version": round_, "move": m} for m in moves], {})
        else:
            results = race(base, match_id, tokens[seat], [{"move": m} for m in moves], {"If-Match": seen.headers["ETag"]})
        statuses = sorted(r.status_code for r in results)
        assert statuses.count(200) == 1, statuses
        losers = [r for r in results if r.status_code != 200]
        assert {r.status_code for r in losers} <= ({409} if named_by == "body" else {409, 412}), statuses
        assert {r.json()["code"] for r in losers} == {"stale_version"}
    with app.app_context():
        seqs = list(db.session.scalars(select(Event.seq).where(Event.game_id == match_id).order_by(Event.seq)))
    assert seqs == list(range(1, ROUNDS + 1)), "no gap and no duplicate"
    log = requests.get(f"{base}/api/v1/games/{match_id}/moves").json()
    assert [m["seq"] for m in log["moves"]] == seqs


def test_parallel_retries_with_one_key_make_one_move(client, server):
    base, _ = server
    match_id, tokens, _ = new_match(base)
    view = requests.get(f"{base}/api/v1/games/{match_id}", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    body = {"version": 0, "move": first_legal(view)}
    results = race(base, match_id, tokens[0], [body] * RACERS, {"Idempotency-Key": str(uuid.uuid4())})
    assert [r.status_code for r in results] == [200] * RACERS, [r.json() for r in results]
    assert len({r.text for r in results}) == 1
    assert requests.get(f"{base}/api/v1/games/{match_id}/moves").json()["version"] == 1


def test_no_secret_reaches_the_server_logs(client, server):
    """Tokens, invites and idempotency keys travel in headers and bodies, never in URLs or logs."""
    base, log = server
    key = str(uuid.uuid4())
    match_id, tokens, invite = new_match(base)
    view = requests.get(f"{base}/api/v1/games/{match_id}", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    post(base, f"/{match_id}/moves", {"version": 0, "move": first_legal(view)}, tokens[0], **{"Idempotency-Key": key})
    post(base, f"/{match_id}/moves", {"version": 0, "move": {"type": "jump"}}, tokens[1])
    post(base, f"/{match_id}/moves", {"version": 1, "move": {"type": "jump"}}, "forged-" + tokens[1])
    post(base, f"/{match_id}/seats", {"invite": invite, "name": "Cy"})
    written = log.read_text()
    assert match_id in written, "the access log is being written"
    for secret in [*tokens.values(), invite, key]:
        assert secret not in written
