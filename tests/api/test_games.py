"""Creating, joining and viewing matches: the happy paths and every refusal."""
import hashlib
import uuid

import pytest

from api.models import Match, Seat, db

from .play import Table, bearer

ADDUP_DECK = [f"{n}{c}" for n in range(1, 10) for c in "abcd"] + [f"w{i}" for i in range(1, 7)] + [f"y{i}" for i in range(1, 7)]


def count(app, model) -> int:
    with app.app_context():
        return db.session.query(model).count()


def test_create_returns_secret_links_and_hides_the_seed(client):
    response = client.post("/api/v1/games", json={"game": "addup", "seats": 3, "name": "Ann"})
    assert response.status_code == 201
    body = response.json
    game = body["game"]
    assert response.headers["Location"] == f"/api/v1/games/{game['id']}"
    assert body["seat_link"].endswith(f"/g/{game['id']}#seat={body['token']}")
    assert body["invite_link"].endswith(f"/g/{game['id']}#invite={body['invite']}")
    assert body["token"] != body["invite"] and len(body["token"]) >= 40
    assert game["status"] == "waiting" and game["seed"] is None and len(game["seed_sha256"]) == 64
    assert [s["joined"] for s in game["seats"]] == [True, False, False]
    assert "hand" not in game["state"], "no hand shows before every seat is taken (a seat may be given back till then)"


def test_tokens_and_invites_are_stored_only_as_hashes(app, client):
    body = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"}).json
    with app.app_context():
        match = db.session.get(Match, body["game"]["id"])
        stored = [str(value) for row in (match, *match.seats) for value in vars(row).values()]
        assert not any(body["token"] in value or body["invite"] in value for value in stored)
        assert match.seats[0].token_hash == hashlib.sha256(body["token"].encode()).hexdigest()


def test_answers_holding_a_secret_are_kept_by_no_cache(client):
    key = {"Idempotency-Key": str(uuid.uuid4())}
    created = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"}, headers=key)
    retried = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"}, headers=key)
    assert retried.headers["Idempotent-Replayed"] == "true"
    table = Table(client, created.json["game"]["id"], created.json["invite"], {0: created.json["token"]})
    joined = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": "Bob"})
    table.tokens[1] = joined.json["token"]
    relinked = client.post(f"/api/v1/games/{table.id}/seats/1/link", headers=bearer(table.tokens[0]))
    mine = client.post("/api/v1/my-games", json={"tokens": [table.tokens[0]]})
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    rematch = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0]))
    for answer in (created, retried, joined, relinked, mine, rematch):
        assert answer.status_code in (200, 201) and answer.headers["Cache-Control"] == "no-store", answer.request.path
    assert client.get(f"/api/v1/games/{table.id}").headers["Cache-Control"] == "private, no-cache"


def test_players_names_reserve_seats(client):
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    joined = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite}).json
    assert joined["seat"] == 1
    assert joined["game"]["seats"][1] | {"name": "Bob", "joined": True, "status": "playing"} == joined["game"]["seats"][1]
    assert joined["game"]["status"] == "playing"


def test_a_seat_kept_for_a_name_is_not_taken_under_another_unless_named(client):
    """QA: Dan, joining without a seat, took the seat kept for Bob, who then found the match full."""
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "Cy"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    join = lambda **fields: client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, **fields})  # noqa: E731
    refused = join(name="Dan")
    assert (refused.status_code, refused.json["code"]) == (409, "seats_reserved")
    assert refused.json["detail"] == ("The free seats are kept for Bob, Cy: join under one of those names, "
                                      "or name the seat you take.")
    assert join(name="bob").json["seat"] == 1, "a reserved name reads as itself"
    assert join(name="Dan", seat=2).json["seat"] == 2, "a seat named in the join is taken under the name given"
    assert [seat["name"] for seat in table.view(0)["seats"]] == ["Ann", "Bob", "Dan"]


def test_fixed_deck_deals_in_order_and_is_marked(client):
    deck = ["1a", "2a", "3a", "4a", "5a", "6a", "7a", "8a"] + [c for c in ADDUP_DECK if c[1] not in "a" or c[0] == "9"]
    deck = list(dict.fromkeys(deck + ADDUP_DECK))
    table = Table.create(client, deck=deck)
    seat0 = table.view(0)
    assert seat0["fixed"] is True
    assert [c["id"] for c in seat0["state"]["hand"]] == ["1a", "3a", "5a"]
    assert [c["id"] for c in table.view(1)["state"]["hand"]] == ["2a", "4a", "6a"]
    assert [row["cards"][0]["card"]["id"] for row in seat0["state"]["rows"].values()] == ["7a", "8a"]


BAD_CREATES = [
    ({"seats": 2, "name": "Ann"}, 422, "invalid_request", "game: Missing data for required field."),
    ({"game": "chess", "seats": 2, "name": "Ann"}, 422, "unknown_game", "There is no game 'chess'."),
    ({"game": "addup", "seats": 1, "name": "Ann"}, 422, "bad_seats", "ADD UP is for 2 to 6 players."),
    ({"game": "addup", "seats": 7, "name": "Ann"}, 422, "bad_seats", "ADD UP is for 2 to 6 players."),
    # Past every game's range, as within it: one code, naming the range (QA: 9 was invalid_request)
    ({"game": "addem", "seats": 9, "name": "Ann"}, 422, "bad_seats", "ADD'EM is for 2 to 8 players."),
    ({"game": "addup", "seats": -1, "name": "Ann"}, 422, "bad_seats", "ADD UP is for 2 to 6 players."),
    ({"game": "addup", "seats": 10**30, "name": "Ann"}, 422, "bad_seats", "ADD UP is for 2 to 6 players."),
    ({"game": "addup", "players": ["A"] * 9}, 422, "bad_seats", "ADD UP is for 2 to 6 players."),
    ({"game": "addup", "players": []}, 422, "bad_seats", "ADD UP is for 2 to 6 players."),
    ({"game": "addup", "seats": "2", "name": "Ann"}, 422, "invalid_request", "seats: Not a valid integer."),
    ({"game": "addup", "seats": 3, "name": "Ann", "bots": [{"seat": 1, "level": "hard"}, {"seat": "x", "level": "easy"}]},
     422, "invalid_request", "bots[1].seat: Not a valid integer."),  # the index, where "bots.seat" left it out (QA)
    ({"game": "addup", "seats": 2}, 422, "invalid_request", "name: Give your 'name'"),
    ({"game": "addup", "seats": 2, "name": "Ann", "players": ["A", "B"]}, 422, "invalid_request", "Give either"),
    ({"game": "addup", "players": ["Ann", "Bob"], "name": "Ann"}, 422, "invalid_request", "name: With 'players'"),
    ({"game": "addup", "seats": 2, "name": "Ann", "hints": 1}, 422, "invalid_request", "hints: Not a valid boolean."),
    ({"game": "addup", "seats": 2, "name": "Ann", "hints": 0}, 422, "invalid_request", "hints: Not a valid boolean."),
    ({"game": "addup", "seats": 2, "name": "x" * 41}, 422, "bad_name", "A name may have at most 40 characters"),
    ({"game": "addup", "players": ["Ann", "  "]}, 422, "bad_name", "A name must show something"),
    ({"game": "addup", "seats": 2, "name": 7}, 422, "invalid_request", "name: Not a valid string."),
    ({"game": "addup", "seats": 2, "name": "Ann", "options": {"speed": 3}}, 422, "unknown_option",
     "ADD UP has no option 'speed'."),
    ({"game": "addup", "seats": 2, "name": "Ann", "deck": ["1a", "1a"]}, 422, "bad_deck",
     "A fixed deck must list each of the 48 cards"),
    ({"game": "addup", "seats": 2, "name": "Ann", "colour": "red"}, 422, "invalid_request",
     "colour: This field is not part of the request."),
    ([1, 2], 422, "invalid_request", "The body must be a JSON object."),
]


@pytest.mark.parametrize("body, status, code, detail", BAD_CREATES)
def test_bad_creates_are_refused_and_write_nothing(app, client, body, status, code, detail):
    response = client.post("/api/v1/games", json=body)
    assert (response.status_code, response.json["code"]) == (status, code)
    assert response.json["detail"].startswith(detail)
    assert response.content_type == "application/problem+json"
    assert count(app, Match) == 0


@pytest.mark.parametrize("data, content_type, status, code", [
    ("{bad", "application/json", 400, "malformed_json"),
    ('{"game": "addup"', "application/json", 400, "malformed_json"),
    ("game=addup", "application/x-www-form-urlencoded", 415, "json_required"),
    ('{"game": "addup", "name": "' + "x" * 70_000 + '"}', "application/json", 413, "request_entity_too_large"),
])
def test_unreadable_bodies_are_clear_4xx(app, client, data, content_type, status, code):
    response = client.post("/api/v1/games", data=data, content_type=content_type)
    assert (response.status_code, response.json["code"]) == (status, code)
    assert count(app, Match) == 0


def test_join_takes_the_first_free_seat_and_starts_when_full(client):
    table = Table.create(client, seats=3, join=False)
    bob = table.join("Bob")
    assert bob["seat"] == 1 and (bob["game"]["status"], bob["game"]["turn"]) == ("waiting", None)
    mine = client.post("/api/v1/my-games", json={"tokens": [bob["token"]]}).json["games"][0]
    assert (mine["turn"], mine["your_turn"]) == (None, False)
    third = table.join("Cy")
    assert third["seat"] == 2 and third["game"]["status"] == "playing" and third["game"]["turn"] in (0, 1, 2)
    assert third["seat_link"].endswith(f"#seat={third['token']}")


@pytest.mark.parametrize("body, status, code", [
    ({"invite": "wrong", "name": "Bob"}, 403, "bad_invite"),
    ({"invite": "{invite}", "name": "Bob", "seat": 0}, 409, "seat_taken"),
    ({"invite": "{invite}", "name": "Bob", "seat": 5}, 422, "no_such_seat"),
    ({"invite": "{invite}"}, 422, "name_required"),
    ({"name": "Bob"}, 422, "invalid_request"),
])
def test_bad_joins_are_refused_and_write_nothing(app, client, body, status, code):
    table = Table.create(client, join=False)
    body = {k: v.format(invite=table.invite) if isinstance(v, str) else v for k, v in body.items()}
    response = client.post(f"/api/v1/games/{table.id}/seats", json=body)
    assert (response.status_code, response.json["code"]) == (status, code)
    assert count(app, Seat) == 1


def test_a_full_match_refuses_more_players(client):
    table = Table.create(client)
    response = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": "Zed"})
    assert (response.status_code, response.json["code"]) == (409, "match_full")


def test_each_seat_sees_only_its_own_hand(client):
    table = Table.create(client, seats=3)
    views = {seat: table.view(seat) for seat in (None, 0, 1, 2)}
    assert "hand" not in views[None]["state"] and views[None]["you"] is None
    for seat in (0, 1, 2):
        mine = {c["id"] for c in views[seat]["state"]["hand"]}
        assert views[seat]["you"]["seat"] == seat
        for other, view in views.items():
            if other != seat:
                assert not mine & set(str(view).split("'")), f"seat {other} sees seat {seat}'s cards"


def test_only_the_seat_to_move_is_offered_moves(client):
    table = Table.create(client)
    assert table.view(0)["you"]["legal_moves"]["play"]
    assert table.view(1)["you"]["legal_moves"] is None


def test_polling_with_the_etag_answers_304_until_something_changes(client):
    table = Table.create(client, join=False)
    first = client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0]))
    again = client.get(f"/api/v1/games/{table.id}", headers={**bearer(table.tokens[0]), "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    table.join("Bob")
    changed = client.get(f"/api/v1/games/{table.id}", headers={**bearer(table.tokens[0]), "If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    spectator = client.get(f"/api/v1/games/{table.id}", headers={"If-None-Match": changed.headers["ETag"]})
    assert spectator.status_code == 200, "another viewer's ETag must not match"


@pytest.mark.parametrize("path", ["", "/moves", "/versions/0"])
def test_a_wrong_token_is_401_not_a_spectator_view(client, path):
    table = Table.create(client)
    response = client.get(f"/api/v1/games/{table.id}{path}", headers=bearer("not-a-token"))
    assert (response.status_code, response.json["code"]) == (401, "bad_token")


@pytest.mark.parametrize("path", ["/api/v1/games/nope", "/api/v1/games/nope/moves", "/api/v1/rules/chess",
                                  "/api/v1/games/nope/versions/0"])
def test_unknown_things_are_404_problems(client, path):
    response = client.get(path)
    assert response.status_code == 404 and response.content_type == "application/problem+json"


def test_rules_catalogue_lists_every_game_with_its_deck(client):
    games = client.get("/api/v1/rules").json["games"]
    assert {"addup"} <= {g["key"] for g in games}
    addup = client.get("/api/v1/rules/addup").json
    assert addup["players"] == {"min": 2, "max": 6}
    assert [d["seats"] for d in addup["decks"]] == [[2, 3, 4, 5, 6]]
    assert sorted(c["id"] for c in addup["decks"][0]["cards"]) == sorted(ADDUP_DECK)
    assert any("empty row never balances" in note for note in addup["interpretations"])
