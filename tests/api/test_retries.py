"""Idempotency-Key: a retried create, join, move, hint, resignation, rematch or new seat link gets the first answer
and writes nothing more (a rename's: test_rename.py); without a seat token (create, join) the key is a secret and must be unguessable."""
import threading
import uuid

import pytest

from api.models import Event, IdempotencyKey, Match, ReplacedLink, Seat, db
from engine import addup

from .play import Table, bearer
from .test_moves import first_legal


def key() -> dict:
    return {"Idempotency-Key": str(uuid.uuid4())}


def rows(app) -> dict:
    with app.app_context():
        return {model.__name__: db.session.query(model).count() for model in (Match, Seat, Event, IdempotencyKey, ReplacedLink)}


def create(table: Table):
    return "/api/v1/games", {"game": "addup", "seats": 2, "name": "Cy"}, {}


def join(table: Table):
    return f"/api/v1/games/{table.id}/seats", {"invite": table.invite, "name": "Bob"}, {}


def move(table: Table):
    table.join("Bob")
    return f"/api/v1/games/{table.id}/moves", {"version": 0, "move": first_legal(table.view(0))}, table.auth(0)


def resign(table: Table):
    table.join("Bob")
    return f"/api/v1/games/{table.id}/resign", None, table.auth(0)


def relink(table: Table):
    table.join("Bob")
    return f"/api/v1/games/{table.id}/seats/1/link", None, table.auth(0)


def hint(table: Table):
    table.join("Bob")
    return f"/api/v1/games/{table.id}/hint", None, table.auth(table.view()["turn"])


def rematch(table: Table):
    table.join("Bob")
    assert table.client.post(f"/api/v1/games/{table.id}/resign", headers=table.auth(1)).status_code == 200
    return f"/api/v1/games/{table.id}/rematch", None, table.auth(0)


@pytest.mark.parametrize("request_for", [create, join, move, resign, relink, hint, rematch])
def test_a_retry_gets_the_first_answer_and_writes_nothing(app, client, request_for):
    table = Table.create(client, join=False)
    path, body, auth = request_for(table)
    headers = {**auth, **key()}
    first = client.post(path, json=body, headers=headers)
    written = rows(app)
    again = client.post(path, json=body, headers=headers)
    assert first.status_code in (200, 201) and "Idempotent-Replayed" not in first.headers
    assert (again.status_code, again.json) == (first.status_code, first.json)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers.get("ETag") == first.headers.get("ETag")
    assert again.headers.get("Location") == first.headers.get("Location")
    assert rows(app) == written


@pytest.mark.parametrize("request_for", [create, join, move])
def test_the_same_key_with_another_body_is_refused(app, client, request_for):
    table = Table.create(client, join=False)
    path, body, auth = request_for(table)
    headers = {**auth, **key()}
    client.post(path, json=body, headers=headers)
    written = rows(app)
    other = client.post(path, json={**body, "name": "Dee"} if "name" in body else {**body, "version": 1}, headers=headers)
    assert (other.status_code, other.json["code"]) == (422, "idempotency_key_reused")
    assert rows(app) == written


def test_keys_are_kept_per_seat(client):
    table = Table.create(client)
    headers = key()
    first = table.view(0)
    assert client.post(f"/api/v1/games/{table.id}/moves", json={"version": 0, "move": first_legal(first)},
                       headers={**table.auth(0), **headers}).status_code == 200
    second = table.view(1)
    mine = client.post(f"/api/v1/games/{table.id}/moves", json={"version": 1, "move": first_legal(second)},
                       headers={**table.auth(1), **headers})
    assert mine.status_code == 200 and "Idempotent-Replayed" not in mine.headers
    assert mine.json["version"] == 2


def test_a_refused_request_is_not_kept(client):
    deck = [face["id"] for face in addup.deck(2, {})]
    table = Table.create(client, join=False, deck=deck)  # a fixed deck deals its first card, a 1, to seat 0
    path = f"/api/v1/games/{table.id}/moves"
    headers = {**table.auth(0), **key()}
    body = {"version": 0, "move": {"type": "play", "card": deck[0], "row": "top"}}  # no seat sees its hand before the start
    assert client.post(path, json=body, headers=headers).json["code"] == "not_started"
    table.join("Bob")
    assert client.post(path, json=body, headers=headers).status_code == 200


def test_answers_expire(app, client, monkeypatch):
    headers = key()
    body = {"game": "addup", "seats": 2, "name": "Ann"}
    first = client.post("/api/v1/games", json=body, headers=headers)
    monkeypatch.setitem(app.config, "IDEMPOTENCY_TTL", -1)
    again = client.post("/api/v1/games", json=body, headers=headers)
    assert again.status_code == 201 and again.json["game"]["id"] != first.json["game"]["id"]
    assert rows(app)["IdempotencyKey"] == 1, "the expired answer was replaced"


@pytest.mark.parametrize("value", ["short", "x" * 256, "has space in it 1234", "caf\u00e9-1234567890123"])
def test_malformed_keys_are_400(client, value):
    response = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"},
                           headers={"Idempotency-Key": value.encode().decode("latin-1")})
    assert (response.status_code, response.json["code"]) == (400, "bad_idempotency_key")


WEAK_KEYS = [
    ("00000000-0000-4000-8000-000000000000", "weak_idempotency_key"),  # the shape of a UUID v4, not its randomness
    ("12345678-1234-4567-89ab-cdef01234567", "weak_idempotency_key"),
    ("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "weak_idempotency_key"),  # a UUID v1: a time and a network card
    ("deadbeefdeadbeefdeadbeefdeadbeef", "weak_idempotency_key"),
    ("0123456789abcdef0123456789abcdef", "weak_idempotency_key"),
    ("9f7771c3a35bc43e31ae728b7dfb80", "weak_idempotency_key"),  # 30 hex digits: 120 bits
    ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "weak_idempotency_key"),
    ("abcdefghijklmnopqrstuvwxyz", "weak_idempotency_key"),
    ("create-0001", "bad_idempotency_key"),
    ("my-retry-key:2026-11-23T12:00:00Z", "bad_idempotency_key"),  # ':' is not base64url
]


@pytest.mark.parametrize("value, code", WEAK_KEYS)
@pytest.mark.parametrize("request_for", [create, join])
def test_without_a_seat_token_a_guessable_key_is_refused(app, client, request_for, value, code):
    table = Table.create(client, join=False)
    path, body, _ = request_for(table)
    written = rows(app)
    response = client.post(path, json=body, headers={"Idempotency-Key": value})
    assert (response.status_code, response.json["code"]) == (400, code)
    assert "a random UUID v4 (crypto.randomUUID())" in response.json["detail"]
    assert rows(app) == written


@pytest.mark.parametrize("value", [
    "3791C30C-7EEA-4F17-88C6-A4AD44A99026",  # crypto.randomUUID(), upper case
    '"781acaf2-b437-44db-8b78-e07a1240ed38"',  # quoted, as a structured-field string (RFC 8941)
    "3XewcD63M8eXvhbt5S3wNQ",  # secrets.token_urlsafe(16)
    "tiPKvLYGkNtVyRVlGG2FDiZt_pq-01WE-Gqp6SDZpgeyr9sY8GIC-5Q2okmrvNz60gMs-INJV7QKnQB-5sNCiA",
    "ac36dc9271fff32b79f06552e0fbc98a",  # secrets.token_hex(16)
])
def test_keys_with_128_random_bits_are_taken_on_create(client, value):
    response = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Cy"}, headers={"Idempotency-Key": value})
    assert response.status_code == 201, response.json


def test_on_create_only_the_holder_of_the_key_gets_the_answer_back(app, client):
    """Two clients post the same body: each key is a secret, so neither gets the other's seat;
    the client that holds a key gets its answer back from anywhere."""
    body, first_key = {"game": "addup", "seats": 2, "name": "Ann"}, str(uuid.uuid4())
    ann = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": first_key})
    with app.test_client() as other:
        own = other.post("/api/v1/games", json=body, headers=key(), environ_base={"REMOTE_ADDR": "192.0.2.7"})
        near = first_key[:-1] + ("0" if first_key[-1] != "0" else "1")  # one digit off: another key
        guess = other.post("/api/v1/games", json=body, headers={"Idempotency-Key": near})
        copied = other.post("/api/v1/games", json=body, headers={"Idempotency-Key": "00000000-0000-4000-8000-000000000000"})
    assert (own.status_code, guess.status_code, copied.status_code) == (201, 201, 400)
    assert len({ann.json["token"], own.json["token"], guess.json["token"]}) == 3
    assert "Idempotent-Replayed" not in own.headers and "Idempotent-Replayed" not in guess.headers
    moved = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": first_key},
                        environ_base={"REMOTE_ADDR": "198.51.100.9"})  # Ann's phone changed networks
    assert (moved.json, moved.headers["Idempotent-Replayed"]) == (ann.json, "true")
    assert rows(app)["Match"] == 3


def test_with_a_seat_token_any_16_visible_characters_will_do(client):
    table = Table.create(client)
    path, body = f"/api/v1/games/{table.id}/moves", {"version": 0, "move": first_legal(table.view(0))}
    short = client.post(path, json=body, headers={**table.auth(0), "Idempotency-Key": "move-00000000001"[:15]})
    assert (short.status_code, short.json["code"]) == (400, "bad_idempotency_key")
    plain = client.post(path, json=body, headers={**table.auth(0), "Idempotency-Key": "move-00000000001"})
    again = client.post(path, json=body, headers={**table.auth(0), "Idempotency-Key": "move-00000000001"})
    assert plain.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"


def test_kept_answers_hold_no_readable_secret(app, client):
    headers = key()
    body = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"}, headers=headers).json
    with app.app_context():
        kept = db.session.scalars(db.select(IdempotencyKey)).one()
        stored = " ".join(str(value) for value in vars(kept).values())
    for secret in (body["token"], body["invite"], headers["Idempotency-Key"], body["game"]["id"]):
        assert secret not in stored


def test_a_retry_racing_the_first_request_gets_its_answer(app, client, monkeypatch):
    """Both copies pass every check before either commits: one writes, the other replays it."""
    from api import transaction

    table = Table.create(client)
    both_ready = threading.Barrier(2, timeout=30)
    save = transaction.commit

    def save_together(*args):
        both_ready.wait()
        return save(*args)

    monkeypatch.setattr(transaction, "commit", save_together)
    body, headers = {"version": 0, "move": first_legal(table.view(0))}, {**bearer(table.tokens[0]), **key()}
    results = []

    def post():
        with app.test_client() as own:
            results.append(own.post(f"/api/v1/games/{table.id}/moves", json=body, headers=headers))

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r.status_code for r in results] == [200, 200]
    assert results[0].json == results[1].json
    assert sorted(r.headers.get("Idempotent-Replayed", "") for r in results) == ["", "true"]
    assert rows(app)["Event"] == 1
