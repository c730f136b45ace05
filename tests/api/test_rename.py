"""A player renames their own seat (`PATCH .../seats/N`): the rules of names as when joining, only by
the seat's own token and not once it left, and every view, waiting polls included, says the new name."""
import threading
import uuid

import pytest
import requests

from api import seating
from api.models import Seat, db

from .live import gunicorn
from .play import Table, bearer, first_legal
from .test_news import wait_in_background


def rename(table: Table, seat: int, name, by: int | None = None, key: str | None = None, client=None):
    headers = table.auth(seat if by is None else by)
    if key:
        headers["Idempotency-Key"] = key
    return (client or table.client).patch(f"/api/v1/games/{table.id}/seats/{seat}", json={"name": name},
                                          headers=headers)


def names(view: dict) -> list:
    return [seat["name"] for seat in view["seats"]]


@pytest.fixture(scope="module")
def other_process(app, tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, workers=1, RATELIMIT_ENABLED="false") as url:
        yield url


def test_a_player_renames_their_own_seat_and_every_view_says_the_new_name(client):
    table = Table.create(client, time_per_move=3600)
    path = f"/api/v1/games/{table.id}"
    before = table.view(0)
    tags = [client.get(path, headers=table.auth(seat)).headers["ETag"] for seat in (None, 0, 1)]
    renamed = rename(table, 1, " Bea ")
    assert renamed.status_code == 200, renamed.json
    assert renamed.json["you"]["seat"] == 1 and names(renamed.json) == ["Ann", "Bea"], "stored trimmed"
    assert renamed.headers["ETag"] == client.get(path, headers=table.auth(1)).headers["ETag"]
    for seat, tag in zip((None, 0, 1), tags):
        now = client.get(path, headers={**table.auth(seat), "If-None-Match": tag})
        assert now.status_code == 200 and names(now.json) == ["Ann", "Bea"], "every view's ETag changed"
    after = table.view(0)
    kept = ("version", "status", "turn", "deadline", "scores", "state")
    assert {key: after[key] for key in kept} == {key: before[key] for key in kept}, "a name is no event"
    assert names(table.view(path="/versions/0")) == ["Ann", "Bea"], "a past version says the name now"
    mine = client.post("/api/v1/my-games", json={"tokens": [table.tokens[1]]}).json["games"][0]
    assert (mine["name"], names(mine)) == ("Bea", ["Ann", "Bea"])


def test_the_version_a_client_saw_before_a_rename_still_moves(client):
    """A new name changes the seating, not the version: a move named by the version, or by the view's
    ETag from before the rename (If-Match), lands."""
    table = Table.create(client)
    mover = table.view()["turn"]
    seen = client.get(f"/api/v1/games/{table.id}", headers=table.auth(mover))
    assert rename(table, 1 - mover, "Zed").status_code == 200
    moved = client.post(f"/api/v1/games/{table.id}/moves", json={"move": first_legal(seen.json)},
                        headers={**table.auth(mover), "If-Match": seen.headers["ETag"]})
    assert moved.status_code == 200, moved.json
    assert names(moved.json)[1 - mover] == "Zed"


@pytest.mark.parametrize("sent", ["ann", "ＡＮＮ", "A\u200dnn", "Cat", "cat"])
def test_a_name_another_player_has_or_a_free_seat_is_kept_for_is_refused(app, client, sent):
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "Cat"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    table.join("Bob", seat=1)
    refused = rename(table, 1, sent)
    assert (refused.status_code, refused.json["code"]) == (422, "name_taken"), refused.json
    assert refused.json["params"]["name"] in ("Ann", "Cat")
    assert names(table.view()) == ["Ann", "Bob", "Cat"]


@pytest.mark.parametrize("sent, code", [("", "bad_name"), ("   ", "bad_name"), ("\u3164", "bad_name"),
                                        ("x" * 41, "bad_name"), (None, "invalid_request"), (7, "invalid_request")])
def test_a_name_no_join_would_take_is_refused_as_a_join_refuses_it(client, sent, code):
    table = Table.create(client)
    refused = rename(table, 0, sent)
    assert (refused.status_code, refused.json["code"]) == (422, code), refused.json
    assert names(table.view()) == ["Ann", "Player 2"]


def test_a_player_may_take_their_own_name_in_another_case_or_its_reserved_spelling(client):
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    table.join("Bob")
    assert names(rename(table, 0, "ANN").json) == ["ANN", "Bob"], "their own name reads as no other player's"


def test_the_same_name_again_changes_nothing(client):
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    tag = client.get(path, headers=table.auth(0)).headers["ETag"]
    again = rename(table, 0, "Ann ")
    assert again.status_code == 200 and names(again.json) == ["Ann", "Player 2"]
    assert again.headers["ETag"] == tag
    assert client.get(path, headers={**table.auth(0), "If-None-Match": tag}).status_code == 304


def test_only_the_seat_s_own_token_renames_it_and_nobody_renames_the_computer(client):
    table = Table.create(client, seats=3, join=False, bots=[{"seat": 2, "level": "easy"}])
    table.join("Bob")
    for seat, by in ((1, 0), (2, 0), (2, 1)):
        wrong = rename(table, seat, "Zed", by=by)
        assert (wrong.status_code, wrong.json["code"]) == (403, "not_your_seat"), (seat, by)
    anonymous = client.patch(f"/api/v1/games/{table.id}/seats/1", json={"name": "Zed"})
    assert (anonymous.status_code, anonymous.json["code"]) == (401, "token_required")
    stranger = client.patch(f"/api/v1/games/{table.id}/seats/1", json={"name": "Zed"}, headers=bearer("x" * 43))
    assert (stranger.status_code, stranger.json["code"]) == (401, "bad_token")
    assert names(table.view()) == ["Ann", "Bob", "Computer (easy)"]


def test_a_seat_that_left_or_resigned_keeps_its_name_and_the_winner_may_rename(client):
    table = Table.create(client, seats=4, join=False)
    for name in ("Bob", "Cy", "Di"):
        table.join(name)
    assert client.post(f"/api/v1/games/{table.id}/resign", headers=table.auth(1)).status_code == 200
    assert client.post(f"/api/v1/games/{table.id}/resign", json={"bot": "easy"}, headers=table.auth(2)).status_code == 200
    for seat in (1, 2):
        refused = rename(table, seat, "Zed")
        assert (refused.status_code, refused.json["code"]) == (422, "already_left"), refused.json
    assert names(rename(table, 3, "Dee").json) == ["Ann", "Bob", "Cy", "Dee"]
    duel = Table.create(client)
    assert client.post(f"/api/v1/games/{duel.id}/resign", headers=duel.auth(1)).json["status"] == "over"
    refused = rename(duel, 1, "Zed")
    assert (refused.status_code, refused.json["code"]) == (422, "already_left")
    assert names(rename(duel, 0, "Anna").json) == ["Anna", "Player 2"], "over: the scoreboard says the right name"


def test_a_rematch_asked_after_a_rename_takes_the_new_name(client):
    table = Table.create(client)
    client.post(f"/api/v1/games/{table.id}/resign", headers=table.auth(1))
    assert rename(table, 0, "Anna").status_code == 200
    rematch = client.post(f"/api/v1/games/{table.id}/rematch", headers=table.auth(0)).json
    assert names(rematch["game"]) == ["Anna", "Player 2"]


def test_while_waiting_a_renamed_seat_given_back_shows_the_name_it_was_kept_for(client):
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "Cy"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    table.join("Bob")
    assert names(rename(table, 1, "Bobby").json) == ["Ann", "Bobby", "Cy"]
    assert client.delete(f"/api/v1/games/{table.id}/seats/1", headers=table.auth(1)).status_code == 204
    assert [(s["name"], s["joined"]) for s in table.view()["seats"][1:]] == [("Bob", False), ("Cy", False)]


def test_a_retry_with_the_same_key_gets_the_first_answer_and_renames_nothing_again(app, client):
    table = Table.create(client)
    key = str(uuid.uuid4())
    first = rename(table, 1, "Bea", key=key)
    assert rename(table, 1, "Bee").status_code == 200
    again = rename(table, 1, "Bea", key=key)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert (again.status_code, again.json, again.headers["ETag"]) == (200, first.json, first.headers["ETag"])
    assert names(table.view()) == ["Ann", "Bee"], "the retry wrote nothing"
    reused = rename(table, 1, "Bo", key=key)
    assert (reused.status_code, reused.json["code"]) == (422, "idempotency_key_reused")


def test_a_rename_a_new_link_overtook_is_refused_as_the_old_link_is(app, client, monkeypatch):
    """Read again after another change of the seats: the seat's token, too."""
    table = Table.create(client)
    overtake(app, monkeypatch, lambda other: other.post(f"/api/v1/games/{table.id}/seats/1/link",
                                                        headers=table.auth(0)))
    refused = rename(table, 1, "Bea")
    assert (refused.status_code, refused.json["code"]) == (401, "link_replaced")


def overtake(app, monkeypatch, change) -> list:
    """Have `change(client)`, another request, commit while the next rename is between its read and its
    commit (from the rename's answer, made just before its commit); the other's answers."""
    answered, made, started = [], seating.view_response, []

    def after_another(*args, **kwargs):
        if not started:  # once: the other request answers through here too
            started.append(True)
            thread = threading.Thread(target=lambda: answered.append(change(app.test_client())))
            thread.start()
            thread.join(30)
            assert answered[0].status_code == 200, answered[0].json
        return made(*args, **kwargs)

    monkeypatch.setattr(seating, "view_response", after_another)
    return answered


@pytest.mark.parametrize("theirs, answer", [("Bea", (422, "name_taken")), ("Cy", (200, None))])
def test_a_rename_overtaken_by_another_is_decided_on_the_match_read_again(app, client, monkeypatch, theirs, answer):
    """Of two seats taking one name at once, one gets it; two names at once both land."""
    table = Table.create(client, seats=3)
    overtake(app, monkeypatch, lambda other: rename(table, 2, theirs, client=other))
    mine = rename(table, 1, "Bea")
    assert (mine.status_code, mine.json.get("code")) == answer
    assert names(table.view()) == ["Ann", "Bea" if theirs != "Bea" else "Player 2", theirs]


@pytest.mark.parametrize("where", ["this process", "another process"])
def test_a_waiting_poll_of_another_seat_is_answered_with_the_new_name(app, client, news_only, other_process, where):
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    tag = client.get(path, headers=table.auth(0)).headers["ETag"]
    waiting, answers = wait_in_background(app, path, {**table.auth(0), "Prefer": "wait=20", "If-None-Match": tag})
    if where == "this process":
        assert rename(table, 1, "Bea").status_code == 200
    else:
        assert requests.patch(f"{other_process}{path}/seats/1", json={"name": "Bea"}, headers=table.auth(1),
                              timeout=30).status_code == 200
    waiting.join(timeout=30)
    assert answers[0].status_code == 200 and answers[0].headers["Preference-Applied"] == "wait=20"
    assert names(answers[0].json) == ["Ann", "Bea"]


def test_the_name_is_stored_on_the_seat(app, client):
    table = Table.create(client)
    rename(table, 1, "Zoe\u0308")
    with app.app_context():
        assert db.session.query(Seat.name).filter_by(game_id=table.id, seat=1).scalar() == "Zoë"
