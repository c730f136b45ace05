"""A view's ETag changes whenever anything in the view changes: two views with equal ETags are
byte-for-byte equal for the same viewer, whatever happened between them."""
import random

import pytest

from api import presenter

from .play import Table, bearer
from .test_moves import first_legal


def test_a_seat_that_changed_hands_is_not_a_304(client):
    table = Table.create(client, seats=3, join=False)
    bob = table.join("Bob")
    tag = client.get(f"/api/v1/games/{table.id}").headers["ETag"]
    client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(bob["token"]))
    table.join("Eve")
    again = client.get(f"/api/v1/games/{table.id}", headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.json["seats"][1]["name"] == "Eve"


@pytest.mark.parametrize("seed", range(4))
def test_equal_etags_mean_equal_views(client, seed):
    """Random joins, seats given back, new seat links, new names, moves, resignations and rematches; every
    view seen by every viewer is recorded by its ETag (a new link changes no view: a viewer is a
    seat, whatever its token)."""
    rng = random.Random(seed)
    table = Table.create(client, seats=3, join=False)
    holders: dict[int, str] = {0: table.tokens[0]}
    seen: dict[tuple, bytes] = {}

    def look():
        for viewer in [None, *holders]:
            headers = bearer(holders[viewer]) if viewer is not None else {}
            response = client.get(f"/api/v1/games/{table.id}", headers=headers)
            key = (viewer, response.headers["ETag"])
            assert seen.setdefault(key, response.data) == response.data, f"{key} names two different views"

    for _ in range(30):
        look()
        view = client.get(f"/api/v1/games/{table.id}").json
        if rng.random() < 0.1:  # a seat renames itself: now and then to a name it had, or another seat has
            seat = rng.choice(list(holders))
            client.patch(f"/api/v1/games/{table.id}/seats/{seat}", json={"name": rng.choice(["Ann", "Bea", "Cy"])},
                         headers=bearer(holders[seat]))
            continue
        others = [n for n in holders if n != 0]
        if others and rng.random() < 0.15:  # the creator (seat 0) gives a seat a new link
            seat = rng.choice(others)
            relinked = client.post(f"/api/v1/games/{table.id}/seats/{seat}/link", headers=bearer(holders[0]))
            holders[seat] = relinked.json["token"]
            continue
        if view["status"] == "waiting":
            free = [s["seat"] for s in view["seats"] if not s["joined"]]
            taken = [n for n in holders if n != 0]
            if taken and rng.random() < 0.4:
                seat = rng.choice(taken)
                client.delete(f"/api/v1/games/{table.id}/seats/{seat}", headers=bearer(holders.pop(seat)))
            else:
                seat = rng.choice(free)
                joined = table.join(f"Guest {seat}", seat=seat)  # a name no other seat has
                holders[joined["seat"]] = joined["token"]
        elif view["status"] == "playing":
            turn = view["turn"]
            if rng.random() < 0.05:
                client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(holders[turn]))
            else:
                mine = client.get(f"/api/v1/games/{table.id}", headers=bearer(holders[turn])).json
                client.post(f"/api/v1/games/{table.id}/moves", json={"version": mine["version"], "move": first_legal(mine)},
                            headers=bearer(holders[turn]))
        else:
            client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(holders[0]))
            look()
            break


def test_a_deploy_that_reshapes_views_changes_every_etag_but_a_move_on_an_old_tag_stands(client, monkeypatch):
    """Code that shapes views (the engines, api/presenter.py) marks every ETag: after a deploy of
    new code a client's poll with the old tag gets the new view, not a 304, and a move named by
    the old tag of the current version is still on that version."""
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    view = client.get(path, headers=bearer(table.tokens[0]))
    log = client.get(f"{path}/moves", headers=bearer(table.tokens[0]))
    assert client.get(path, headers={**bearer(table.tokens[0]), "If-None-Match": view.headers["ETag"]}).status_code == 304
    monkeypatch.setattr(presenter, "CODE_MARK", "0" * 6 if presenter.CODE_MARK != "0" * 6 else "1" * 6)
    again = client.get(path, headers={**bearer(table.tokens[0]), "If-None-Match": view.headers["ETag"]})
    assert again.status_code == 200 and again.headers["ETag"] != view.headers["ETag"]
    assert client.get(f"{path}/moves", headers={**bearer(table.tokens[0]),
                                                "If-None-Match": log.headers["ETag"]}).status_code == 200
    seat = view.json["turn"]
    old_tag = client.get(path, headers=bearer(table.tokens[seat]))
    monkeypatch.setattr(presenter, "CODE_MARK", "2" * 6)
    moved = client.post(f"{path}/moves", json={"move": first_legal(old_tag.json)},
                        headers={**bearer(table.tokens[seat]), "If-Match": old_tag.headers["ETag"]})
    assert moved.status_code == 200, moved.json


@pytest.mark.parametrize("path", ["", "/versions/0", "/moves"])
@pytest.mark.parametrize("wait", [None, "wait=1"])
def test_a_tag_held_weak_matches_as_rfc_9110_compares_if_none_match(client, path, wait):
    """A proxy that compresses answers marks their ETags weak: its clients send W/"..." back."""
    table = Table.create(client)
    url, seat = f"/api/v1/games/{table.id}{path}", bearer(table.tokens[0])
    tag = client.get(url, headers=seat).headers["ETag"]
    held = {**seat, "If-None-Match": f"W/{tag}", **({"Prefer": wait} if wait else {})}
    assert client.get(url, headers=held).status_code == 304
