"""Each request kind of a two-seat ADD UP match, with the SQL it runs (tests/sqlcount.py's hook).

`per_request_kind(client)` plays create, join, a move, a 200 view, a 304 poll of the view and a 304
poll of the log on a new match, through the HTTP API only (so it holds while the internals change),
and records each once in its usual steady state: bench/bench.py and bench/load.py print the counts
beside the budget that tests/api/test_statements.py holds.
"""
from dataclasses import dataclass

from tests.api.play import bearer, first_legal
from tests.sqlcount import statements


@dataclass
class Recorded:
    response: object
    statements: list[str]  # SQL in order, "COMMIT" for each commit


def record(client, method: str, path: str, **kw) -> Recorded:
    """Send one request with the test client (`kw` as for `client.open`), recording its SQL."""
    with statements(client.application) as ran:
        response = client.open(path, method=method, **kw)
    return Recorded(response, ran)


def per_request_kind(client) -> dict[str, Recorded]:
    """Each request kind of a two-seat ADD UP match, recorded once in its usual steady state."""
    kinds = {}
    kinds["create"] = created = record(client, "POST", "/api/v1/games",
                                       json={"game": "addup", "seats": 2, "name": "Ann"})
    body = created.response.get_json()
    game, first = f"/api/v1/games/{body['game']['id']}", bearer(body["token"])
    kinds["join"] = joined = record(client, "POST", f"{game}/seats", json={"invite": body["invite"], "name": "Bob"})
    seats = {0: first, 1: bearer(joined.response.get_json()["token"])}
    view = client.get(game, headers=first).get_json()
    mover = seats[view["turn"]]
    mine = client.get(game, headers=mover).get_json()
    kinds["move"] = record(client, "POST", f"{game}/moves", headers=mover,
                           json={"version": mine["version"], "move": first_legal(mine)})
    kinds["view 200"] = view = record(client, "GET", game, headers=first)
    kinds["view 304"] = record(client, "GET", game, headers={**first, "If-None-Match": view.response.headers["ETag"]})
    feed = f"{game}/moves?after={view.response.get_json()['version']}"
    log = client.get(feed, headers=first)
    kinds["log 304"] = record(client, "GET", feed, headers={**first, "If-None-Match": log.headers["ETag"]})
    return kinds
