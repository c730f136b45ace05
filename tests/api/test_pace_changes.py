"""Changing the time per move of a match being played: a family away for a week, or a time too short for school days."""
import logging
import uuid

from sqlalchemy import update

from api import replays
from api.models import Event, db

from .play import Table, bearer
from .test_lifecycle import DAY, claim, move_first

HOUR = 3600


def change(table: Table, seat: int, seconds: int | None, version: int | None = None, **headers):
    if version is None:
        version = table.view()["version"]
    return table.client.post(f"/api/v1/games/{table.id}/pace", json={"time_per_move": seconds, "version": version},
                             headers={**bearer(table.tokens[seat]), **headers})


def waiting_seat(table: Table) -> int:
    return 1 - table.view()["turn"]


def test_a_seat_away_for_a_week_is_given_a_longer_time_and_its_turn_is_not_skipped(client, clock):
    table = Table.create(client, time_per_move=HOUR)
    late, other = table.view()["turn"], waiting_seat(table)
    clock.advance(minutes=30)
    changed = change(table, other, 7 * DAY)
    assert changed.status_code == 200, changed.json
    assert changed.json["pace"] == {"time_per_move": 7 * DAY, "timeouts_to_leave": 3}
    assert (changed.json["version"], changed.json["turn"]) == (1, late)
    assert changed.json["deadline"] == "2026-11-08T12:30:00Z", "the turn counts its new time from the change"
    assert table.view(late)["pace"]["time_per_move"] == 7 * DAY, "every seat sees it"
    clock.advance(days=6)
    refused = claim(client, table, other)
    assert (refused.status_code, refused.json["code"]) == (409, "deadline_not_passed")
    log = client.get(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[late])).json["moves"]
    assert [(entry["kind"], entry["seat"], entry["move"]) for entry in log] == [
        ("pace", other, {"type": "pace", "time_per_move": 7 * DAY})]
    assert move_first(table)["deadline"] == "2026-11-14T12:30:00Z"


def test_a_shorter_time_counts_from_the_change_so_no_one_is_late_at_once(client, clock):
    table = Table.create(client, time_per_move=3 * DAY)
    clock.advance(days=2)
    shorter = change(table, waiting_seat(table), HOUR).json
    assert shorter["deadline"] == "2026-11-03T13:00:00Z"
    assert (claim(client, table, waiting_seat(table)).json["code"]) == "deadline_not_passed"
    clock.advance(hours=1)
    assert claim(client, table, waiting_seat(table)).status_code == 200


def test_deadlines_can_be_turned_off_and_on_again(client, clock):
    table = Table.create(client)
    assert table.view()["deadline"] is None
    timed = change(table, waiting_seat(table), DAY).json
    assert (timed["pace"]["time_per_move"], timed["deadline"]) == (DAY, "2026-11-02T12:00:00Z")
    untimed = change(table, waiting_seat(table), None).json
    assert (untimed["pace"]["time_per_move"], untimed["deadline"]) == (None, None)
    assert claim(client, table, waiting_seat(table)).json["code"] == "no_deadlines"


def test_the_seat_to_move_cannot_change_its_own_time(client, clock):
    table = Table.create(client, time_per_move=HOUR)
    clock.advance(hours=2)
    own = change(table, table.view()["turn"], 14 * DAY)
    assert (own.status_code, own.json["code"]) == (409, "own_turn")
    assert claim(client, table, waiting_seat(table)).status_code == 200, "still late, still skippable"


def test_refusals_same_time_stale_version_left_seat_over_and_malformed(client, clock):
    table = Table.create(client, seats=3, time_per_move=DAY)
    turn = table.view()["turn"]
    others = [seat for seat in range(3) if seat != turn]
    same = change(table, others[0], DAY)
    assert (same.status_code, same.json["code"]) == (409, "same_pace")
    stale = change(table, others[0], 2 * DAY, version=5)
    assert (stale.status_code, stale.json["code"]) == (409, "stale_version")
    for seconds in (60, 15 * DAY, "a day"):
        assert change(table, others[0], seconds).json["code"] == "invalid_request"  # type: ignore[arg-type]
    assert client.post(f"/api/v1/games/{table.id}/pace", json={"time_per_move": DAY},
                       headers=bearer(table.tokens[others[0]])).json["code"] == "invalid_request", "version is required"
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[others[1]]))
    left = change(table, others[1], 2 * DAY)
    assert (left.status_code, left.json["code"]) == (422, "already_left")
    assert client.post(f"/api/v1/games/{table.id}/pace", json={"time_per_move": DAY, "version": 0}).status_code == 401


def test_a_finished_or_waiting_match_keeps_its_time(client):
    waiting = Table.create(client, time_per_move=DAY, join=False)
    early = change(waiting, 0, 2 * DAY, version=0)
    assert (early.status_code, early.json["code"]) == (409, "not_started")
    over = Table.create(client, time_per_move=DAY)
    client.post(f"/api/v1/games/{over.id}/resign", headers=bearer(over.tokens[0]))
    late = change(over, 1, 2 * DAY)
    assert (late.status_code, late.json["code"]) == (409, "game_over")


def test_a_retry_with_the_same_key_gets_the_first_answer_and_changes_once(client, clock):
    table = Table.create(client, time_per_move=HOUR)
    seat, key = waiting_seat(table), str(uuid.uuid4())
    first = change(table, seat, 2 * DAY, version=0, **{"Idempotency-Key": key})
    clock.advance(minutes=5)
    again = change(table, seat, 2 * DAY, version=0, **{"Idempotency-Key": key})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json and table.view()["version"] == 1


def paced_by_a_newer_release(app, client) -> Table:
    """A match whose time was changed, its `pace` event stored as a kind this release does not know (a newer release
    wrote it), with no state of it kept in this process."""
    table = Table.create(client, time_per_move=HOUR)
    assert change(table, waiting_seat(table), 7 * 24 * HOUR).status_code == 200
    with app.app_context():
        db.session.execute(update(Event).where(Event.game_id == table.id).values(kind="applause"))
        db.session.commit()
    replays.forget_all()
    return table


def newer_event_errors(caplog, match: str) -> list[logging.LogRecord]:
    """The ERROR lines saying that `match` holds an event this release does not know."""
    return [record for record in caplog.records if record.levelno == logging.ERROR and record.name == "api.errors"
            and f"match {match} holds an event of kind 'applause' that this release does not know" in record.getMessage()]


def test_a_match_holding_an_event_a_newer_release_wrote_is_told_as_the_servers_problem(app, client, caplog):
    """Rolled back to the release before the change of pace, the operator's instances answered every view and log
    of a match whose time had changed `422 unknown_event` ("Unknown event kind 'pace'."), a player's mistake logged
    at INFO among the others: nothing said the release was too old for the match. A stored event of a kind this
    release does not know (a newer one wrote it) is the server's problem: 503, logged at ERROR with the kind and the
    match, so that the operator rolls forward."""
    table = paced_by_a_newer_release(app, client)
    with caplog.at_level(logging.INFO):
        answers = [client.get(f"/api/v1/games/{table.id}", headers=bearer(table.tokens[0])),
                   client.get(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[0]))]
    for answer in answers:
        assert (answer.status_code, answer.json["code"]) == (503, "unknown_event"), answer.json
        assert "newer version of the service" in answer.json["detail"]
    assert len(newer_event_errors(caplog, table.id)) == 2


def test_my_games_lists_the_other_matches_and_names_one_holding_an_event_a_newer_release_wrote(app, client, caplog):
    """Upgrading with two instances behind a proxy (the old one serving while the new one writes a kind of event it
    does not know), or rolled back, My games of a player with one such match was `503 unknown_event` whole, every
    other match of theirs gone from the list on every other request, and the web app, told nothing, kept saying
    the list could not be read. The list holds the matches this release can read; the others are named apart
    (`unreadable`, the match and the seat), so that the device keeps them and says so, each logged at ERROR."""
    paced = paced_by_a_newer_release(app, client)
    other = Table.create(client)
    with caplog.at_level(logging.INFO):
        answer = client.post("/api/v1/my-games", json={"tokens": [paced.tokens[0], other.tokens[0]]})
    assert answer.status_code == 200, answer.json
    assert [entry["id"] for entry in answer.json["games"]] == [other.id]
    assert answer.json["unreadable"] == [{"id": paced.id, "game": "addup", "seat": 0}]
    assert len(newer_event_errors(caplog, paced.id)) == 1
