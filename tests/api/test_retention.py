"""Retention: the daily cleanup deletes finished and abandoned matches past the days the operator
set (KEEP_FINISHED_DAYS, KEEP_IDLE_DAYS), with every row they hold, and GET /api/v1/privacy says
those days. Unset, nothing finished or played is ever deleted."""
import re
import uuid

import pytest
from sqlalchemy import func, select

from api import retention, seat_tokens
from api.models import (Event, IdempotencyKey, PushMessage, PushSubscription, ReplacedLink, Seat, Snapshot, db,
                        utcnow)

from .play import Table, bearer
from .test_lifecycle import move_first

HELD = (Seat, Event, ReplacedLink, Snapshot, PushSubscription)  # the tables of a match's rows


@pytest.fixture
def keep(app, monkeypatch):
    """Sets the operator's retention: keep(finished=30, idle=90)."""
    def setting(finished=None, idle=None):
        monkeypatch.setitem(app.config, "KEEP_FINISHED_DAYS", finished)
        monkeypatch.setitem(app.config, "KEEP_IDLE_DAYS", idle)
    setting()
    return setting


def cleanup(app) -> list[str]:
    """What the cleanup says it deleted (its log line aside)."""
    result = app.test_cli_runner().invoke(args=["cleanup"])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line.startswith("Deleted")]


def finished(client) -> Table:
    table = Table.create(client)
    assert client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0])).status_code == 200
    return table


def exists(table: Table) -> bool:
    status = table.client.get(f"/api/v1/games/{table.id}").status_code
    assert status in (200, 404)
    return status == 200


def rows(app, match_id: str) -> dict[str, int]:
    """How many rows of each table belong to the match."""
    with app.app_context():
        counted = {model.__tablename__: db.session.scalar(select(func.count()).where(model.game_id == match_id))
                   for model in HELD}
        counted["push_outbox"] = db.session.scalar(select(func.count()).select_from(PushMessage).join(PushSubscription)
                                                   .where(PushSubscription.game_id == match_id))
        return counted


def test_the_privacy_read_says_the_days_the_operator_set(client, keep):
    assert client.get("/api/v1/privacy").json == {"finished_days": None, "idle_days": None}
    keep(finished=30, idle=365)
    assert client.get("/api/v1/privacy").json == {"finished_days": 30, "idle_days": 365}


def test_unset_finished_and_abandoned_matches_are_kept_for_ever(app, client, clock, keep):
    over, left = finished(client), Table.create(client)
    move_first(left)
    clock.advance(days=3650)
    assert cleanup(app) == ["Deleted 0 matches nobody joined in 7 days."]
    assert exists(over) and exists(left)


def test_finished_and_abandoned_matches_go_after_their_days(app, client, clock, keep):
    keep(finished=30, idle=90)
    over, left, playing = finished(client), Table.create(client), Table.create(client)
    move_first(left)
    clock.advance(days=29)
    move_first(playing)
    recent = finished(client)
    clock.advance(days=2)  # the first finished 31 days ago, the second 2
    assert cleanup(app)[1:] == ["Deleted 1 finished matches past KEEP_FINISHED_DAYS=30.",
                                             "Deleted 0 abandoned matches past KEEP_IDLE_DAYS=90."]
    assert [exists(table) for table in (over, recent, left, playing)] == [False, True, True, True]
    clock.advance(days=60)  # nobody moved in `left` for 91 days, in `playing` for 62
    assert cleanup(app)[2] == "Deleted 1 abandoned matches past KEEP_IDLE_DAYS=90."
    assert [exists(table) for table in (recent, left, playing)] == [False, False, True]


def test_every_row_of_a_deleted_match_goes_and_those_of_a_kept_one_stay(app, client, clock, keep):
    keep(finished=30)
    gone, kept = Table.create(client), Table.create(client)
    for table in (gone, kept):
        move_first(table)
        reissued = client.post(f"/api/v1/games/{table.id}/seats/1/link", headers={
            **bearer(table.tokens[0]), "Idempotency-Key": str(uuid.uuid4())})
        assert reissued.status_code == 200  # a replaced link, and an answer kept for its retries
        with app.app_context():
            db.session.add(Snapshot(game_id=table.id, version=1, engine="test", state=b"state"))
            subscription = PushSubscription(game_id=table.id, seat=0, token_hash=seat_tokens.digest(table.tokens[0]),
                                            lang="en", endpoint="https://push.example/1", p256dh="key", auth="auth")
            db.session.add(subscription)
            db.session.flush()
            db.session.add(PushMessage(subscription_id=subscription.id, kind="turn", version=1, due_at=utcnow()))
            db.session.commit()
    assert client.post(f"/api/v1/games/{gone.id}/resign", headers=bearer(gone.tokens[0])).status_code == 200
    held = rows(app, kept.id)
    assert all(held.values()), held
    clock.advance(days=31)
    cleanup(app)
    assert rows(app, gone.id) == dict.fromkeys(held, 0)
    assert rows(app, kept.id) == held
    with app.app_context():  # past IDEMPOTENCY_TTL: the answers kept for retries go too, both matches'
        assert db.session.scalar(select(func.count()).select_from(IdempotencyKey)) == 0


def test_a_deleted_match_s_rematch_plays_on(app, client, clock, keep):
    keep(finished=30)
    old = finished(client)
    asked = client.post(f"/api/v1/games/{old.id}/rematch", headers=bearer(old.tokens[1])).json
    rematch = Table(client, asked["game"]["id"], asked["invite"], {1: asked["token"]})
    rematch.tokens[0] = client.post(f"/api/v1/games/{old.id}/rematch", headers=bearer(old.tokens[0])).json["token"]
    clock.advance(days=31)
    move_first(rematch)
    assert cleanup(app)[1] == "Deleted 1 finished matches past KEEP_FINISHED_DAYS=30."
    assert not exists(old)
    move_first(rematch)
    assert rematch.view()["version"] == 2


def test_a_kept_match_whose_rematch_was_abandoned_may_offer_another(app, client, clock, keep):
    """A link to a deleted rematch would say "A rematch is waiting for you" and lead nowhere."""
    keep(idle=10)
    old = finished(client)
    abandoned = client.post(f"/api/v1/games/{old.id}/rematch", headers=bearer(old.tokens[1])).json["game"]["id"]
    clock.advance(days=11)
    assert cleanup(app)[1] == "Deleted 1 abandoned matches past KEEP_IDLE_DAYS=10."
    assert old.view()["rematch"] is None
    again = client.post(f"/api/v1/games/{old.id}/rematch", headers=bearer(old.tokens[0]))
    assert again.status_code == 201 and again.json["game"]["id"] != abandoned


def test_a_crash_leaves_whole_batches_deleted_and_the_others_whole(app, client, clock, keep, monkeypatch):
    keep(finished=1)
    tables = [finished(client) for _ in range(5)]
    clock.advance(days=2)
    monkeypatch.setattr(retention, "BATCH", 2)
    batches, delete = [], retention._delete

    def crash_in_the_second_batch(conn, ids):
        delete(conn, ids)  # every statement of the batch ran...
        batches.append(ids)
        if len(batches) == 2:
            raise RuntimeError("power cut")  # ...but it never committed

    monkeypatch.setattr(retention, "_delete", crash_in_the_second_batch)
    assert isinstance(app.test_cli_runner().invoke(args=["cleanup"]).exception, RuntimeError)
    left = [table for table in tables if exists(table)]
    assert len(left) == 3 and all(rows(app, table.id)["seats"] == 2 for table in left)
    monkeypatch.setattr(retention, "_delete", delete)
    assert cleanup(app)[1] == "Deleted 3 finished matches past KEEP_FINISHED_DAYS=1."
    assert not any(exists(table) for table in tables)


def operator(app, *args: str) -> list[str]:
    """What an operator's command (find-matches, delete-matches) says, its log lines aside."""
    result = app.test_cli_runner().invoke(args=list(args))
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if not line.startswith("{")]


def test_an_operator_finds_the_matches_of_a_name_as_the_api_reads_names(app, client):
    """A parent asks for their child's matches to go: the operator finds them by name, written in any case or width,
    whether the child took a seat or one was kept for them."""
    seated = Table.create(client, join=False)
    seated.join("Zoë")
    created = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "ZOË"]})
    assert created.status_code == 201, created.json
    kept = created.json["game"]
    other = Table.create(client, join=False)
    other.join("Zoe")  # no accent: another child
    said = operator(app, "find-matches", "ｚｏë")
    assert [line.split()[0] for line in said[:-1]] == [kept["id"], seated.id]  # the latest changed first
    assert re.fullmatch(rf"{kept['id']}  addup  waiting  last change \S+Z  Ann \(seats kept for Bob, ZOË\)", said[0])
    assert re.fullmatch(rf"{seated.id}  addup  playing  last change \S+Z  Ann, Zoë", said[1])
    assert said[-1] == "2 matches with a player called ｚｏë."
    assert operator(app, "find-matches", "Nobody") == ["0 matches with a player called Nobody."]
    assert operator(app, "find-matches", "-Zoë-") == ["0 matches with a player called -Zoë-."]


def test_an_operator_deletes_matches_named_by_id_or_link_with_all_they_hold(app, client):
    gone, linked, kept = (Table.create(client) for _ in range(3))
    for table in (gone, linked, kept):
        move_first(table)
    held = rows(app, kept.id)
    link = f"https://addgames.example/g/{linked.id}#seat={linked.tokens[1]}"
    assert operator(app, "delete-matches", gone.id, link, "-no-such-match") == [  # an id may begin with "-"
        "Deleted 2 matches.", "No match -no-such-match: deleted before, or never one."]
    assert not exists(gone) and not exists(linked) and exists(kept)
    assert rows(app, gone.id) == rows(app, linked.id) == dict.fromkeys(held, 0)
    assert rows(app, kept.id) == held
    assert operator(app, "delete-matches", gone.id) == [
        "Deleted 0 matches.", f"No match {gone.id}: deleted before, or never one."]
