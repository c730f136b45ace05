"""A leaked invite or join code: the match's creator sees who took a seat and when, replaces the invite and the
code (the old ones are refused, saying why, and nothing else changes), and frees a seat a stranger took before the
match starts. Only the creator may (api/invites.py, api/lifecycle.py)."""
import uuid

import pytest

from .play import Table, bearer


def waiting(client, seats: int = 3, **extra) -> tuple[Table, str]:
    """A match of `seats` waiting for players, with Ann (the creator) and Bob seated, and its join code."""
    body = extra if "players" in extra else {"seats": seats, "name": "Ann", **extra}
    response = client.post("/api/v1/games", json={"game": "addup", **body})
    assert response.status_code == 201, response.json
    table = Table(client, response.json["game"]["id"], response.json["invite"], {0: response.json["token"]})
    table.join("Bob")
    return table, response.json["join_code"]


def replace(table: Table, by: int | None = 0, key: str | None = None):
    headers = {**table.auth(by), **({"Idempotency-Key": key} if key else {})}
    return table.client.post(f"/api/v1/games/{table.id}/invite", headers=headers)


def join(table: Table, **body):
    return table.client.post(f"/api/v1/games/{table.id}/seats", json={"name": "Eve", **body})


def find(client, code: str):
    return client.post("/api/v1/join-code", json={"join_code": code})


def test_each_taken_seat_says_when_it_was_taken(client):
    table, _ = waiting(client)
    seats = table.view(0)["seats"]
    assert [seat["joined_at"] is None for seat in seats] == [False, False, True]
    assert seats[0]["joined_at"] <= seats[1]["joined_at"] and seats[1]["joined_at"].endswith("Z")


def test_the_old_invite_and_code_are_refused_saying_why_and_nothing_else_changed(client):
    table, code = waiting(client)
    before, tag = table.view(0), client.get(f"/api/v1/games/{table.id}", headers=table.auth(0)).headers["ETag"]

    response = replace(table)
    assert response.status_code == 200, response.json
    assert response.headers["Cache-Control"] == "no-store"
    new = response.json
    assert new["invite"] != table.invite and new["join_code"] != code
    assert new["invite_link"].endswith(f"/g/{table.id}#invite={new['invite']}")

    refused = join(table, invite=table.invite)
    assert (refused.status_code, refused.json["code"]) == (403, "invite_replaced")
    assert "replaced this invite" in refused.json["detail"] and refused.json["replaced_at"].endswith("Z")
    assert (find(client, code).status_code, find(client, code).json["code"]) == (404, "join_code_replaced")
    assert code in find(client, code).json["detail"]
    by_code = join(table, join_code=code)
    assert (by_code.status_code, by_code.json["code"]) == (403, "join_code_replaced")

    after = client.get(f"/api/v1/games/{table.id}", headers=table.auth(0))
    assert after.json == before, "the seats, names, version and state are as they were"
    assert after.headers["ETag"] != tag, "the seating changed: waiting polls are answered"
    assert table.view(1)["you"]["seat"] == 1, "Bob keeps his seat and token"

    assert find(client, new["join_code"]).json["id"] == table.id
    assert join(table, invite=new["invite"]).status_code == 201


def test_an_invite_that_never_was_the_matchs_is_still_a_bad_invite(client):
    table, _ = waiting(client)
    assert replace(table).status_code == 200
    other, _ = waiting(client)
    refused = join(table, invite=other.invite)
    assert (refused.status_code, refused.json["code"]) == (403, "bad_invite")


def test_only_the_creator_replaces_the_invite(client):
    table, code = waiting(client)
    refused = replace(table, by=1)
    assert (refused.status_code, refused.json["code"]) == (403, "not_creator")
    assert replace(table, by=None).status_code == 401
    assert find(client, code).json["id"] == table.id, "the code still works"
    assert join(table, invite=table.invite).status_code == 201, "and the invite"


def test_no_new_invite_once_every_seat_is_taken(client):
    table, _ = waiting(client, seats=2)
    refused = replace(table)
    assert (refused.status_code, refused.json["code"]) == (409, "already_started")


def test_a_retry_gets_the_same_new_invite(client):
    table, _ = waiting(client)
    key = str(uuid.uuid4())
    first, again = replace(table, key=key), replace(table, key=key)
    assert (first.status_code, again.status_code) == (200, 200) and first.json == again.json
    assert join(table, invite=first.json["invite"]).status_code == 201


def test_the_creator_frees_a_strangers_seat_and_its_reserved_name_comes_back(client):
    table, _ = waiting(client, players=["Ann", "Bob", "Cy", "Di"])
    stranger = join(table, invite=table.invite, seat=2)
    assert stranger.status_code == 201, stranger.json
    assert table.view(0)["seats"][2]["name"] == "Eve"

    refused = client.delete(f"/api/v1/games/{table.id}/seats/2", headers=table.auth(1))
    assert (refused.status_code, refused.json["code"]) == (403, "not_your_seat"), "Bob is not the creator"
    freed = client.delete(f"/api/v1/games/{table.id}/seats/2", headers=table.auth(0))
    assert freed.status_code == 204
    assert client.get(f"/api/v1/games/{table.id}", headers=bearer(stranger.json["token"])).status_code == 401
    seat = table.view(0)["seats"][2]
    assert (seat["name"], seat["joined"], seat["joined_at"]) == ("Cy", False, None)
    again = client.delete(f"/api/v1/games/{table.id}/seats/2", headers=table.auth(0))
    assert (again.status_code, again.json["code"]) == (409, "seat_free")


def test_the_creator_frees_no_seat_once_the_match_started_nor_the_computers(client):
    table, _ = waiting(client, seats=3, bots=[{"seat": 2, "level": "easy"}])
    refused = client.delete(f"/api/v1/games/{table.id}/seats/2", headers=table.auth(0))
    assert (refused.status_code, refused.json["code"]) == (409, "bot_seat")
    refused = client.delete(f"/api/v1/games/{table.id}/seats/1", headers=table.auth(0))
    assert (refused.status_code, refused.json["code"]) == (409, "already_started")
    assert "new link" in refused.json["detail"]


@pytest.mark.parametrize("by_code", [False, True])
def test_a_join_read_before_the_new_invite_is_refused_when_it_tries_again(client, app, monkeypatch, by_code):
    """A join that read the match before the creator's new invite committed loses its compare-and-set on the seating,
    reads the match again and is checked again on it: the old invite or code lets it in no more."""
    from api import seating

    table, code = waiting(client)
    took = seating.take_seat
    replaced = []

    def late(match, game, seat, name, joined=False):  # the creator's new invite commits between the join's read and its write
        if not replaced:
            replaced.append(app.test_client().post(f"/api/v1/games/{table.id}/invite", headers=table.auth(0)))
        return took(match, game, seat, name, joined)

    monkeypatch.setattr(seating, "take_seat", late)
    refused = join(table, **({"join_code": code} if by_code else {"invite": table.invite}))
    assert replaced[0].status_code == 200
    assert (refused.status_code, refused.json["code"]) == (403, "join_code_replaced" if by_code else "invite_replaced")
    assert not table.view(0)["seats"][2]["joined"]


def test_a_freed_seats_token_is_told_its_seat_was_freed_not_that_it_is_wrong(client):
    """Sam joined his teacher's match, who took him off before the start: his device's link is refused saying so
    (`seat_freed`, by the creator), everywhere a seat's token is asked, and My games lists it apart, in `freed`;
    a token that never was a seat's is still `bad_token`."""
    table, _ = waiting(client)
    sam = table.tokens[1]
    tag = client.get(f"/api/v1/games/{table.id}", headers=bearer(sam)).headers["ETag"]
    assert client.delete(f"/api/v1/games/{table.id}/seats/1", headers=table.auth(0)).status_code == 204

    refused = [client.get(f"/api/v1/games/{table.id}", headers=bearer(sam)),
               client.get(f"/api/v1/games/{table.id}", headers={**bearer(sam), "If-None-Match": tag}),
               client.get(f"/api/v1/games/{table.id}/moves", headers=bearer(sam)),
               client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(sam))]
    assert [(r.status_code, r.json["code"]) for r in refused] == [(401, "seat_freed")] * len(refused)
    problem = refused[0].json
    assert (problem["seat"], problem["by"]) == (1, "creator") and problem["freed_at"].endswith("Z")
    assert "creator" in problem["detail"] and sam not in str(problem) and "Bob" not in str(problem)

    mine = client.post("/api/v1/my-games", json={"tokens": [sam, table.tokens[0]]}).json
    assert [entry["id"] for entry in mine["games"]] == [table.id] and mine["replaced"] == []
    assert [(entry["id"], entry["seat"], entry["by"]) for entry in mine["freed"]] == [(table.id, 1, "creator")]

    never = client.get(f"/api/v1/games/{table.id}", headers=bearer("a-token-that-never-was-a-seats"))
    assert (never.status_code, never.json["code"]) == (401, "bad_token")


def test_a_seat_given_back_from_one_device_is_told_so_on_another(client):
    table, _ = waiting(client)
    bob = table.tokens[1]
    assert client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(bob)).status_code == 204
    refused = client.get(f"/api/v1/games/{table.id}", headers=bearer(bob)).json
    assert (refused["code"], refused["seat"], refused["by"]) == ("seat_freed", 1, "seat")
    assert client.post("/api/v1/my-games", json={"tokens": [bob]}).json["freed"][0]["by"] == "seat"


def test_a_replaced_link_is_still_link_replaced_and_not_listed_as_freed(client):
    table, _ = waiting(client)
    old = table.tokens[1]
    assert client.post(f"/api/v1/games/{table.id}/seats/1/link", headers=table.auth(0)).status_code == 200
    assert client.get(f"/api/v1/games/{table.id}", headers=bearer(old)).json["code"] == "link_replaced"
    mine = client.post("/api/v1/my-games", json={"tokens": [old]}).json
    assert mine["freed"] == [] and [entry["seat"] for entry in mine["replaced"]] == [1]
