"""Whatever a third-party client sends, the answer is a clear 4xx problem and nothing is written:
malformed JSON, wrong types, huge numbers, negative versions, unknown moves in every game."""
import json

import pytest

from api.jsonio import _number
from api.models import Event, Match, Seat
from engine import GAMES

from .play import Table
from .test_games import count

WRITES = ["/api/v1/games", "/api/v1/games/{id}/seats", "/api/v1/games/{id}/moves", "/api/v1/my-games"]
UNREADABLE = [
    # (raw body, status, code)
    (b"{bad", 400, "malformed_json"),
    (b"", 400, "malformed_json"),
    (b"\xff\xfe{}", 400, "malformed_json"),
    (b"[" * 30_000, 400, "malformed_json"),
    (b'{"version": NaN}', 400, "malformed_json"),
    (b'{"version": -Infinity}', 400, "malformed_json"),
    (b'{"name": "\\ud800"}', 400, "malformed_json"),
    # orjson refuses these before it reaches the surrogate: the standard library's check still finds it
    (b'{"version": 1' + b"0" * 30 + b', "name": "\\udfff"}', 400, "malformed_json"),
    (b"[" * 300 + b'"\\ud800"' + b"]" * 300, 400, "malformed_json"),
    (b'{"version": 1' + b"0" * 5000 + b"}", 400, "malformed_json"),
    (b"null", 422, "invalid_request"),
    (b"42", 422, "invalid_request"),
    (b'"a string"', 422, "invalid_request"),
    (b"[]", 422, "invalid_request"),
]


@pytest.fixture
def table(client) -> Table:
    return Table.create(client)


@pytest.mark.parametrize("data, status, code", UNREADABLE)
@pytest.mark.parametrize("path", WRITES)
def test_unreadable_bodies_are_clear_4xx(app, client, table, path, data, status, code):
    before = count(app, Event), count(app, Seat)
    response = client.post(path.format(id=table.id), data=data, content_type="application/json",
                           headers=table.auth(0))
    assert (response.status_code, response.json["code"]) == (status, code), response.json
    assert (count(app, Event), count(app, Seat)) == before


def test_a_number_too_long_to_read_is_told_as_such(client, table):
    response = client.post(f"/api/v1/games/{table.id}/moves", data=b'{"version": 1' + b"0" * 5000 + b"}",
                           content_type="application/json", headers=table.auth(0))
    assert response.json["detail"] == (  # not Python's advice to call sys.set_int_max_str_digits()
        "The request body is not valid JSON: a number in it has over 4300 digits.")


WRONG_CREATES = [
    {"game": "addup", "seats": "2", "name": "Ann"},
    {"game": "addup", "seats": True, "name": "Ann"},
    {"game": "addup", "seats": 2.5, "name": "Ann"},
    {"game": "addup", "seats": 1e300, "name": "Ann"},
    {"game": 7, "seats": 2, "name": "Ann"},
    {"game": ["addup"], "seats": 2, "name": "Ann"},
    {"game": "addup", "seats": 2, "name": 5},
    {"game": "addup", "seats": 2, "name": None},
    {"game": "addup", "seats": 2, "name": ["Ann"]},
    {"game": "addup", "seats": 2, "name": "Ann", "options": []},
    {"game": "addup", "seats": 2, "name": "Ann", "options": {"": 1}},
    {"game": "addup", "seats": 2, "name": "Ann", "deck": "1a 2a"},
    {"game": "addup", "seats": 2, "name": "Ann", "deck": [1, 2]},
    {"game": "addup", "seats": 2, "name": "Ann", "time_per_move": 10**20},
    {"game": "addup", "seats": 2, "name": "Ann", "timeouts_to_leave": 0},
    {"game": "addup", "players": "Ann, Bob"},
]


@pytest.mark.parametrize("body", WRONG_CREATES)  # a seat count of any size is the game's bad_seats (test_games)
def test_wrong_types_and_huge_numbers_are_422(app, client, body):
    response = client.post("/api/v1/games", json=body)
    assert (response.status_code, response.json["code"]) == (422, "invalid_request"), response.json
    assert count(app, Match) == 0


@pytest.mark.parametrize("text", [
    b'{"v": 3, "w": [-0, 9223372036854775807]}', b'{"v": 3.0}', b'{"v": 30e-1}', b'{"v": 1E2}', b'{"v": 0.5}',
    b'{"v": -9223372036854775809}', b'{"v": 18446744073709551616}', b'{"v": 1, "v": 2}',
    b'{"name": "\\u00e9 \\ud83e\\udd8a \xc3\xa9", "ok": true, "no": null}', '{"v": 1}'.encode("utf-16"),
    b'\xef\xbb\xbf{"v": 1}', b' [1, "2.5", "e"]\n'])
def test_bodies_read_as_the_standard_library_reads_them(app, text):
    """orjson reads most bodies (api/jsonio.py); what it would read otherwise (3.0, integers past
    64 bits) or not at all is read by the standard library, with 3.0 the integer 3."""
    assert repr(app.json.loads(text)) == repr(json.loads(text, parse_float=_number))


@pytest.mark.parametrize("version", [-1, -(10**30), 10**30, 1.5, "1", True, None, [0], {"v": 0}])
def test_versions_that_are_not_a_version_are_refused(app, client, table, version):
    response = client.post(f"/api/v1/games/{table.id}/moves", headers=table.auth(0),
                           json={"version": version, "move": {"type": "play", "card": "1a", "row": "top"}})
    assert (response.status_code, response.json["code"]) == (422, "invalid_request"), response.json
    assert count(app, Event) == 0


def test_3_0_is_the_version_3(client, table):
    view = table.view(0)
    offer = view["you"]["legal_moves"]["play"][0]
    move = {"type": "play", "card": offer["card"], "row": "top", **({"value": offer["value"]["min"]} if "value" in offer else {})}
    body = json.dumps({"version": 0, "move": move}).replace('"version": 0', '"version": 0.0')
    response = client.post(f"/api/v1/games/{table.id}/moves", data=body, content_type="application/json",
                           headers=table.auth(0))
    assert response.status_code == 200 and response.json["version"] == 1, response.json


@pytest.mark.parametrize("path", ["/versions/-1", "/versions/99999999999999999999", "/versions/x"])
def test_versions_in_the_path_that_are_not_a_version_are_404(client, table, path):
    response = client.get(f"/api/v1/games/{table.id}{path}")
    assert response.status_code == 404 and response.content_type == "application/problem+json"


@pytest.mark.parametrize("match_id", ["a%00bcdefghijklmno", "%F0%9F%A6%8A", "x" * 17, "abc", "abc.defghijklmno"])
@pytest.mark.parametrize("path", ["", "/moves", "/versions/0"])
def test_ids_that_are_not_ids_are_404_without_asking_the_database(client, match_id, path):
    response = client.get(f"/api/v1/games/{match_id}{path}")
    assert (response.status_code, response.json["code"]) == (404, "unknown_match")


@pytest.mark.parametrize("move", [{"type": "jump"}, {"type": ""}, {"type": 7}, {"type": None}, {}, {"card": "1a"},
                                  {"type": "play" * 1000}])
@pytest.mark.parametrize("key", sorted(GAMES))
def test_unknown_move_types_are_422_in_every_game(app, client, key, move):
    table = Table.create(client, game=key, seats=GAMES[key].MIN_SEATS)
    response = table.post_move(table.view()["turn"], move, 0)
    assert (response.status_code, response.json["code"]) == (422, "unknown_move"), response.json
    assert response.json["params"]["allowed"] and count(app, Event) == 0


@pytest.mark.parametrize("move, code", [(None, "invalid_request"), ("play", "bad_move"), (7, "bad_move"),
                                        (["play"], "bad_move"), (True, "bad_move")])
@pytest.mark.parametrize("key", sorted(GAMES))
def test_moves_that_are_not_objects_are_422_in_every_game(app, client, key, move, code):
    table = Table.create(client, game=key, seats=GAMES[key].MIN_SEATS)
    response = table.post_move(table.view()["turn"], move, 0)
    assert (response.status_code, response.json["code"]) == (422, code), response.json
    assert count(app, Event) == 0


# Requests that take no body, each by a seat it would otherwise serve (the view of seat 0 moving first):
# a hint and a new link for seat 1 would change the match.
BODYLESS = [("post", "hint", "turn"), ("post", "seats/1/link", 0), ("post", "rematch", 0), ("post", "timeouts", 0),
            ("delete", "seats/1", 1), ("delete", "seats/0/push/unknown", 0)]


@pytest.mark.parametrize("method, path, seat", BODYLESS)
@pytest.mark.parametrize("data, content_type, status, code", [
    (b"{bad", "application/json", 400, "malformed_json"), (b"hint", "text/plain", 415, "json_required")])
def test_a_broken_body_to_a_request_that_takes_none_is_refused_and_does_nothing(
        client, table, method, path, seat, data, content_type, status, code):
    before = client.get(f"/api/v1/games/{table.id}", headers=table.auth(0)).headers["ETag"]
    asker = table.view(0)["turn"] if seat == "turn" else seat
    response = getattr(client, method)(f"/api/v1/games/{table.id}/{path}", data=data, content_type=content_type,
                                       headers=table.auth(asker))
    assert (response.status_code, response.json["code"]) == (status, code)
    assert client.get(f"/api/v1/games/{table.id}", headers=table.auth(0)).headers["ETag"] == before


def test_a_request_that_takes_no_body_ignores_a_json_one(client, table):
    mover = table.view(0)["turn"]
    response = client.post(f"/api/v1/games/{table.id}/hint", json={}, headers=table.auth(mover))
    assert response.status_code == 200 and response.json["hint"]


@pytest.mark.parametrize("method, path", [("delete", "seats/{n}"), ("patch", "seats/{n}"), ("put", "seats/{n}/device"),
                                          ("delete", "seats/{n}/push/unknown"), ("post", "seats/{n}/link")])
@pytest.mark.parametrize("n", [2, 99999999999999999999])
def test_a_seat_the_match_does_not_have_is_404_whoever_asks(client, table, method, path, n):
    response = getattr(client, method)(f"/api/v1/games/{table.id}/{path.format(n=n)}", headers=table.auth(0))
    assert (response.status_code, response.json["code"]) == (404, "no_such_seat")
    assert response.json["detail"] == "This match has seats 0 to 1."
