"""A seat's link in safe hands: the match's creator gives a lost seat a new link (the old one is
refused with `link_replaced`), and a device showing a seat learns that another one showed it."""
import threading
import uuid

import flask_migrate
import pytest
from sqlalchemy import select

from api import replays, seat_tokens, writes
from api.models import Match, PushSubscription, db

from .play import Table, bearer
from .test_moves import first_legal
from .test_news import wait_in_background


def reissue(table: Table, seat: int, by: int | None = 0, key: str | None = None):
    headers = table.auth(by)
    if key:
        headers["Idempotency-Key"] = key
    return table.client.post(f"/api/v1/games/{table.id}/seats/{seat}/link", headers=headers)


def show(table: Table, seat: int, device: str, token: str | None = None):
    return table.client.put(f"/api/v1/games/{table.id}/seats/{seat}/device", json={"device": device},
                            headers=bearer(token or table.tokens[seat]))


def test_a_new_link_replaces_the_old_one_at_once(client):
    table = Table.create(client)
    old = table.tokens[1]
    response = reissue(table, 1)
    assert response.status_code == 200, response.json
    new = response.json
    assert new["seat"] == 1 and new["name"] == "Player 2" and new["token"] != old
    assert new["seat_link"].endswith(f"/g/{table.id}#seat={new['token']}")

    refused = client.get(f"/api/v1/games/{table.id}", headers=bearer(old))
    assert refused.status_code == 401
    assert refused.json["code"] == "link_replaced" and refused.json["seat"] == 1
    assert "replaced at" in refused.json["detail"]

    table.tokens[1] = new["token"]
    view = table.view(1)
    assert view["you"]["seat"] == 1 and view["seats"][1]["name"] == "Player 2"
    if view["turn"] == 1:
        assert table.post_move(1, first_legal(view), view["version"]).status_code == 200
    else:
        mover = table.view(0)
        assert table.post_move(0, first_legal(mover), mover["version"]).status_code == 200
        assert table.post_move(1, first_legal(table.view(1))).status_code == 200


def test_the_old_link_is_refused_everywhere_even_a_poll_that_would_be_a_304(client):
    table = Table.create(client)
    old = table.tokens[1]
    tag = client.get(f"/api/v1/games/{table.id}", headers=bearer(old)).headers["ETag"]
    log_tag = client.get(f"/api/v1/games/{table.id}/moves", headers=bearer(old)).headers["ETag"]
    assert reissue(table, 1).status_code == 200
    view = table.view(0)
    attempts = [
        client.get(f"/api/v1/games/{table.id}", headers={**bearer(old), "If-None-Match": tag}),
        client.get(f"/api/v1/games/{table.id}/moves", headers={**bearer(old), "If-None-Match": log_tag}),
        client.get(f"/api/v1/games/{table.id}/versions/0", headers=bearer(old)),
        client.post(f"/api/v1/games/{table.id}/moves", json={"version": view["version"], "move": {"type": "play"}},
                    headers=bearer(old)),
        client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(old)),
        show(table, 1, "a-device-of-sixteen", token=old),
    ]
    assert [(r.status_code, r.json["code"]) for r in attempts] == [(401, "link_replaced")] * len(attempts)
    assert table.view()["version"] == view["version"]  # nothing was done with it


def test_an_unknown_token_is_still_just_a_bad_token(client):
    table = Table.create(client)
    other = Table.create(client)
    assert reissue(other, 1).status_code == 200
    response = client.get(f"/api/v1/games/{table.id}", headers=bearer("nobody-s-token"))
    assert (response.status_code, response.json["code"]) == (401, "bad_token")


def test_only_the_creator_may_give_another_taken_seat_a_new_link(client):
    """(A seat giving itself one: test_a_seat_gives_itself_a_new_link_and_its_old_devices_lose_it.)"""
    table = Table.create(client, seats=3, join=False)
    table.join("Bob")
    before = dict(table.tokens)
    refusals = [
        (reissue(table, 0, by=1), 403, "not_creator"),
        (reissue(table, 1, by=None), 401, "token_required"),
        (reissue(table, 2), 409, "seat_free"),
        (reissue(table, 3), 404, "no_such_seat"),
    ]
    assert [(r.status_code, r.json["code"]) for r, *_ in refusals] == [(s, c) for _, s, c in refusals]
    for seat, token in before.items():  # nothing changed: every token still works
        assert client.get(f"/api/v1/games/{table.id}", headers=bearer(token)).json["you"]["seat"] == seat


def test_a_seat_gives_itself_a_new_link_and_its_old_devices_lose_it(app, client):
    """An old phone given away unwiped, or stolen, still holds the seat's link: the player cuts it off from the
    device in hand, which gets the new link (a retry with the old token and the same key gets it again)."""
    table = Table.create(client)
    old = table.tokens[1]
    with app.app_context():
        db.session.add(PushSubscription(game_id=table.id, seat=1, token_hash=seat_tokens.digest(old), lang="en",
                                        endpoint="https://push.example/old-phone", p256dh="k", auth="a"))
        db.session.commit()
    key = str(uuid.uuid4())
    response = reissue(table, 1, by=1, key=key)
    assert response.status_code == 200, response.json
    assert response.json["seat"] == 1 and response.json["token"] != old
    assert reissue(table, 1, by=1, key=key).json == response.json  # the old token, retried with its key
    with app.app_context():
        assert db.session.execute(select(PushSubscription.id)).all() == []

    view = table.view(0)
    refused = [client.get(f"/api/v1/games/{table.id}", headers=bearer(old)),
               client.post(f"/api/v1/games/{table.id}/moves", json={"version": view["version"], "move": {"type": "play"}},
                           headers=bearer(old)),
               reissue(table, 1, by=1, key=str(uuid.uuid4()))]  # the old device cannot take the seat back
    assert [(r.status_code, r.json["code"]) for r in refused] == [(401, "link_replaced")] * 3
    mine = client.post("/api/v1/my-games", json={"tokens": [old]}).json
    assert mine["games"] == [] and [(r["id"], r["seat"]) for r in mine["replaced"]] == [(table.id, 1)]

    table.tokens[1] = response.json["token"]
    assert table.view(1)["you"]["seat"] == 1
    assert reissue(table, 0, by=1).json["code"] == "not_creator"  # still only its own seat
    table.tokens[0] = reissue(table, 0, by=0).json["token"]  # the creator's own seat too
    assert table.view(0)["you"]["seat"] == 0 and table.view(0)["version"] == view["version"]


def test_a_retry_with_the_same_key_gets_the_same_new_link(client):
    table = Table.create(client)
    key = str(uuid.uuid4())
    first = reissue(table, 1, key=key)
    again = reissue(table, 1, key=key)
    assert first.status_code == again.status_code == 200
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert client.get(f"/api/v1/games/{table.id}", headers=bearer(first.json["token"])).json["you"]["seat"] == 1
    other = reissue(table, 1, key=str(uuid.uuid4()))  # a new key is a new request: yet another link
    assert other.status_code == 200 and other.json["token"] != first.json["token"]
    assert client.get(f"/api/v1/games/{table.id}", headers=bearer(first.json["token"])).json["code"] == "link_replaced"


def test_the_creator_is_in_the_view_and_of_a_rematch_the_same_seat_whoever_asked_first(client):
    """Asking first must not give Bob the right to replace Ann's link in the rematch, take her seat
    and see her hand: she trusted nobody with it, he joined her match."""
    table = Table.create(client)
    assert table.view()["creator"] == 0
    assert client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0])).status_code == 200
    asked = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1]))
    assert asked.status_code == 201
    rematch = Table(client, asked.json["game"]["id"], asked.json["invite"], {1: asked.json["token"]})
    assert asked.json["game"]["creator"] == 0
    rematch.tokens[0] = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0])).json["token"]
    assert reissue(rematch, 0, by=1).json["code"] == "not_creator"
    assert reissue(rematch, 1, by=0).status_code == 200


def test_a_creator_who_gives_their_seat_back_is_creator_no_more(client):
    table = Table.create(client, seats=3, join=False)
    table.join("Bob")
    freed = client.delete(f"/api/v1/games/{table.id}/seats/0", headers=bearer(table.tokens[0]))
    assert freed.status_code == 204
    taken = table.join("Eve", seat=0)
    assert taken["game"]["creator"] is None
    assert reissue(table, 1, by=0).json["code"] == "not_creator"


def test_a_new_link_stops_the_old_devices_notifications(app, client):
    table = Table.create(client)
    with app.app_context():
        seat = next(s for s in db.session.get(Match, table.id).seats if s.seat == 1)
        db.session.add(PushSubscription(game_id=table.id, seat=1, token_hash=seat.token_hash, lang="en",
                                        endpoint="https://push.example/1", p256dh="k", auth="a"))
        db.session.commit()
    assert reissue(table, 1).status_code == 200
    with app.app_context():
        assert db.session.execute(select(PushSubscription.id)).all() == []


def test_a_device_is_told_when_another_one_showed_the_seat_lately(client, clock):
    table = Table.create(client)
    phone, laptop = "phone-" + "a" * 20, "laptop-" + "b" * 20
    answers = []
    for device in (phone, phone, laptop, phone, phone):
        response = show(table, 1, device)
        assert response.status_code == 200, response.json
        answers.append(response.json["other_device_active"])
        clock.advance(minutes=5)
    assert answers == [False, False, True, True, False]
    assert show(table, 1, laptop).json["other_device_seen_at"] == "2026-11-01T12:20:00Z"  # the phone, last
    clock.advance(hours=25)
    assert show(table, 1, phone).json == {"other_device_active": False, "other_device_seen_at": None,
                                          "other_device": None}
    assert show(table, 0, laptop).json["other_device_active"] is False  # seats are apart


def test_a_device_told_of_another_one_can_tell_it_again_from_a_third(client, clock):
    """A player who plays one seat on a phone and a laptop says on each that the other is theirs (the web app keeps
    the other device's `other_device`): the same device is named the same, another device otherwise, and the
    name is neither the device's id nor what the seat keeps of it."""
    table = Table.create(client)
    phone, laptop, stranger = "phone-" + "a" * 20, "laptop-" + "b" * 20, "stranger-" + "c" * 20
    show(table, 1, phone)
    told = show(table, 1, laptop).json["other_device"]  # the phone
    assert show(table, 1, laptop).json["other_device"] is None
    the_laptop = show(table, 1, phone).json["other_device"]
    assert the_laptop not in (None, told)
    assert show(table, 1, laptop).json["other_device"] == told  # the phone again
    show(table, 1, phone)
    assert show(table, 1, stranger).json["other_device"] == told  # the phone...
    assert show(table, 1, phone).json["other_device"] not in (None, told, the_laptop)  # ...and the stranger
    assert len(told) == 16 and phone not in told
    with client.application.app_context():
        assert told not in {seat.device_hash for seat in db.session.get(Match, table.id).seats}
    assert show(table, 0, laptop).json["other_device"] is None  # seats are apart


def test_a_new_link_forgets_the_seat_s_device(client):
    table = Table.create(client)
    assert show(table, 1, "old-phone-" + "c" * 12).json["other_device_active"] is False
    table.tokens[1] = reissue(table, 1).json["token"]
    assert show(table, 1, "new-phone-" + "d" * 12).json["other_device_active"] is False


@pytest.mark.parametrize("body, status, code", [
    ({"device": "short"}, 422, "invalid_request"),
    ({"device": "x" * 65}, 422, "invalid_request"),
    ({}, 422, "invalid_request"),
    ({"device": "a-device-of-sixteen", "more": 1}, 422, "invalid_request"),
])
def test_a_device_id_must_be_16_to_64_characters(client, body, status, code):
    table = Table.create(client)
    response = client.put(f"/api/v1/games/{table.id}/seats/1/device", json=body, headers=bearer(table.tokens[1]))
    assert (response.status_code, response.json["code"]) == (status, code)


def test_only_the_seat_itself_says_where_it_is_shown(client):
    table = Table.create(client)
    response = show(table, 1, "a-device-of-sixteen", token=table.tokens[0])
    assert (response.status_code, response.json["code"]) == (403, "not_your_seat")


def test_0008_names_the_creator_of_existing_matches(app, client):
    created = Table.create(client)
    assert client.post(f"/api/v1/games/{created.id}/resign", headers=bearer(created.tokens[1])).status_code == 200
    rematch = client.post(f"/api/v1/games/{created.id}/rematch", headers=bearer(created.tokens[1])).json["game"]["id"]
    with app.app_context():
        flask_migrate.downgrade(revision="0007")
        flask_migrate.upgrade()
        creators = dict(db.session.execute(select(Match.id, Match.creator)).all())
    assert creators == {created.id: 0, rematch: 1}


def test_my_games_lists_a_replaced_token_apart(client):
    table = Table.create(client)
    old = table.tokens[1]
    assert reissue(table, 1).status_code == 200
    answer = client.post("/api/v1/my-games", json={"tokens": [old, table.tokens[0], "unknown-token"]}).json
    assert [(g["id"], g["seat"]) for g in answer["games"]] == [(table.id, 0)]
    assert [(r["id"], r["seat"]) for r in answer["replaced"]] == [(table.id, 1)]


def test_a_poll_waiting_with_the_old_link_ends_with_link_replaced(app, client, news_only):
    """A new link is news (it changes the match's seating): the waiting poll hears of it at once,
    though it would re-check the database only long after its wait is over."""
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    tag = client.get(path, headers=bearer(table.tokens[1])).headers["ETag"]
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[1]), "Prefer": "wait=20",
                                                      "If-None-Match": tag})
    assert reissue(table, 1).status_code == 200
    waiting.join(timeout=30)
    assert (answers[0].status_code, answers[0].json["code"]) == (401, "link_replaced")


def test_a_new_link_changes_every_view_s_etag(client):
    """The seat changed hands, as when one is freed and taken: a view that tags it tags the seat's
    holder too, and a client that keeps views of the match by their tag sees it."""
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    before = [client.get(path, headers=bearer(table.tokens[0])).headers["ETag"], client.get(path).headers["ETag"]]
    assert reissue(table, 1).status_code == 200
    after = [client.get(path, headers=bearer(table.tokens[0])).headers["ETag"], client.get(path).headers["ETag"]]
    assert all(old != new for old, new in zip(before, after))


def test_a_move_that_read_the_match_before_a_new_link_and_writes_after_it_is_refused(app, client, monkeypatch):
    """A move's compare-and-set checks the seating with the version: the row it leaves, whose head is
    news to every process (api/news.py), is the match's own, though a seat changed hands meanwhile."""
    table = Table.create(client)
    view = table.view(0)
    if view["turn"] == 1:
        assert table.post_move(1, first_legal(table.view(1)), view["version"]).status_code == 200
        view = table.view(0)
    replays.forget_all()  # the move reads the match
    answer = writes.answer

    def relinked_first(*args, **kwargs):
        relinked = []
        thread = threading.Thread(target=lambda: relinked.append(app.test_client().post(
            f"/api/v1/games/{table.id}/seats/1/link", headers=table.auth(0))))
        thread.start()
        thread.join(30)
        assert relinked[0].status_code == 200
        return answer(*args, **kwargs)

    monkeypatch.setattr(writes, "answer", relinked_first)
    moved = table.post_move(0, first_legal(view), view["version"])
    assert (moved.status_code, moved.json["code"]) == (409, "stale_version")
    assert table.view(0)["version"] == view["version"]
