"""Web Push end to end against a push service played on 127.0.0.1 (push_service.py): what a match
stages, what the worker sends (each message decrypted as the phone would), retries, gone
subscriptions and two workers at once, on each database."""
import logging
import re
import signal
import threading
from types import SimpleNamespace

import pytest
from sqlalchemy import func, select, update
from sqlalchemy.exc import OperationalError

from api.config import ROOT
from api.models import PushMessage, PushSubscription, db
from api.push import cli as push_cli
from api.push import delivery, endpoints, texts, vapid

from .play import Table, bearer
from .push_service import PushService
from .test_moves import first_legal

KEYS = vapid.new_pair()


@pytest.fixture
def service(app, monkeypatch, tmp_path):
    service = PushService(tmp_path, KEYS[1])
    monkeypatch.setitem(app.config, "VAPID_PRIVATE_KEY", KEYS[0])
    monkeypatch.setitem(app.config, "PUSH_HOSTS", endpoints.KNOWN_PUSH_SERVICES + (service.host,))
    monkeypatch.setitem(app.config, "PUSH_CA_BUNDLE", service.cert)
    yield service
    service.stop()


def deliver(app) -> None:
    """What a worker sends now, until nothing is due."""
    with app.app_context():
        while delivery.deliver_due():
            pass


def subscribe(table: Table, seat: int, device, lang: str = "en"):
    return table.client.post(f"/api/v1/games/{table.id}/seats/{seat}/push", json=device.subscription(lang),
                             headers=bearer(table.tokens[seat]))


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def said(kind: str, game: str = "addup", actor: str | None = None, lang: str = "en") -> dict:
    return texts.notification(kind, game, actor, lang)


def move(table: Table, seat: int) -> dict:
    view = table.view(seat)
    response = table.post_move(seat, first_legal(view), view["version"])
    assert response.status_code == 200, response.json
    return response.json


def test_a_two_seat_match_sends_exactly_the_expected_messages_in_order(app, client, service):
    table = Table.create(client, join=False)
    ann, bob = service.device("ann"), service.device("bob")
    assert subscribe(table, 0, ann).status_code == 201
    table.join("Bob")
    assert subscribe(table, 1, bob, "fr").status_code == 201
    assert subscribe(table, 1, bob, "fr").status_code == 200  # again: updated, not doubled
    view = table.view()
    expected = [("ann", "joined", "Bob")] if view["turn"] == 0 else []  # (device, kind, actor)
    deliver(app)
    while view["status"] == "playing":
        mover = view["turn"]
        view = move(table, mover)
        assert not service.received[len(expected):], "sent during the request"
        if view["status"] == "over":
            expected.append(("bob" if mover == 0 else "ann", "over", ["Ann", "Bob"][mover]))
        elif view["turn"] != mover:
            expected.append(("bob" if view["turn"] == 1 else "ann", "turn", ["Ann", "Bob"][mover]))
        deliver(app)
    rematch = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0]))
    assert rematch.status_code == 201
    expected.append(("bob", "rematch", "Ann"))
    deliver(app)

    assert service.problems == []
    assert len(expected) > 10
    langs = {"ann": "en", "bob": "fr"}
    assert service.messages() == [
        (device, {**said(kind, actor=actor, lang=langs[device]), "match": table.id, "kind": kind,
                  "lang": langs[device]}) for device, kind, actor in expected]
    secrets = [*table.tokens.values(), table.invite, rematch.json["token"], rematch.json["invite"]]
    for got in service.received:
        assert set(got.message) == {"title", "body", "match", "kind", "lang"}
        assert not any(secret in repr(got.message) for secret in secrets)
        assert got.headers["Topic"] == table.id
    assert count(app, PushMessage) == 0


def test_the_first_turn_is_told_when_the_last_seat_is_taken(app, client, service):
    table = Table.create(client, seats=3, join=False)
    subscribe(table, 0, service.device("ann"), "de")
    table.join("Bob")
    deliver(app)
    assert service.messages() == []
    table.join("Cid")
    deliver(app)
    assert service.messages() == [("ann", {**said("joined", actor="Cid", lang="de"), "match": table.id,
                                           "kind": "joined", "lang": "de"})]


def test_a_turn_played_before_it_is_sent_is_not_announced(app, client, service):
    table = Table.create(client)
    subscribe(table, 1, service.device("bob"))
    move(table, 0)
    move(table, 1)
    deliver(app)
    assert service.messages() == []
    assert count(app, PushMessage) == 0


def test_a_reminder_comes_shortly_before_the_deadline_unless_the_seat_moved(app, client, service, clock):
    table = Table.create(client, time_per_move=4 * 3600)
    subscribe(table, 1, service.device("bob"))
    move(table, 0)
    deliver(app)
    assert [message["kind"] for _, message in service.messages()] == ["turn"]
    clock.advance(hours=2, minutes=59)
    deliver(app)
    assert len(service.received) == 1
    clock.advance(minutes=2)
    deliver(app)
    assert [message["kind"] for _, message in service.messages()] == ["turn", "deadline"]
    move(table, 1)
    move(table, 0)
    deliver(app)
    move(table, 1)  # before his reminder: it is not sent
    clock.advance(hours=4)
    deliver(app)
    assert [message["kind"] for _, message in service.messages()] == ["turn", "deadline", "turn"]


def test_a_hint_queues_nothing_more_to_send_and_the_reminder_still_comes(app, client, service, clock):
    """It changes neither the turn nor its deadline: the turn's reminder is already queued, and is
    sent (it was dropped as if the match had moved on: the hint raised its version)."""
    table = Table.create(client, time_per_move=4 * 3600)
    subscribe(table, 1, service.device("bob"))
    move(table, 0)
    queued = count(app, PushMessage)
    assert queued == 2  # Bob's turn, and its reminder
    asked = client.post(f"/api/v1/games/{table.id}/hint", headers=bearer(table.tokens[1]))
    assert asked.status_code == 200 and count(app, PushMessage) == queued
    clock.advance(hours=3, minutes=1)
    deliver(app)
    assert [message["kind"] for _, message in service.messages()] == ["turn", "deadline"]


def test_a_new_time_per_move_tells_the_seat_to_move_and_reminds_it_by_the_new_deadline(app, client, service, clock):
    """Bob, to move, learns that Ann gave him a week; the reminder of his old hour is not sent, the new one comes."""
    table = Table.create(client, time_per_move=4 * 3600)
    subscribe(table, 1, service.device("bob"))
    move(table, 0)
    deliver(app)
    changed = client.post(f"/api/v1/games/{table.id}/pace", json={"time_per_move": 7 * 86400, "version": 1},
                          headers=bearer(table.tokens[0]))
    assert changed.status_code == 200, changed.json
    clock.advance(hours=4)
    deliver(app)
    assert service.messages()[-1][1]["body"] == "Ann changed the time per move in ADD UP: it is still your turn."
    assert [message["kind"] for _, message in service.messages()] == ["turn", "pace"]
    clock.advance(days=7)
    deliver(app)
    assert [message["kind"] for _, message in service.messages()] == ["turn", "pace", "deadline"]


def test_a_gone_subscription_is_deleted_and_sent_nothing_more(app, client, service):
    table = Table.create(client)
    gone, kept = service.device("gone"), service.device("kept")
    subscribe(table, 1, gone)
    subscribe(table, 1, kept)
    service.answers["gone"] = 410
    move(table, 0)
    deliver(app)
    assert [device for device, _ in service.messages()] == ["kept"]
    with app.app_context():
        assert db.session.scalars(select(PushSubscription.endpoint)).all() == [kept.endpoint]
    assert count(app, PushMessage) == 0


def test_a_push_service_that_is_down_is_retried_and_nothing_is_lost_or_sent_twice(app, client, service, clock):
    table = Table.create(client)
    for name in ("phone", "tablet"):
        subscribe(table, 1, service.device(name))
    service.stop()
    move(table, 0)
    deliver(app)  # refused: connection refused
    service.start()
    service.answers["tablet"] = 503
    deliver(app)  # nothing due: waiting out the back-off
    assert service.received == []
    clock.advance(seconds=31)
    deliver(app)
    assert [device for device, _ in service.messages()] == ["phone"]
    del service.answers["tablet"]
    clock.advance(seconds=61)
    deliver(app)
    clock.advance(hours=2)
    deliver(app)
    assert sorted(device for device, _ in service.messages()) == ["phone", "tablet"]
    assert service.problems == []
    assert count(app, PushMessage) == 0


def test_a_message_of_a_kind_this_release_does_not_know_waits_for_the_worker_that_does(app, client, service, caplog):
    """A release rolled back to (or an older worker beside a newer one, during an upgrade) meets messages a newer
    release staged, of kinds it has no words for (the worker before the pace change crashed on a `pace` message,
    its whole batch held for the lease's 5 minutes, over and over): it sends what it knows, says what it leaves, and
    leaves those for a worker that knows them, which sends them then, as long as they are news."""
    table = Table.create(client)
    subscribe(table, 1, service.device("phone"))
    subscribe(table, 1, service.device("tablet"))
    move(table, 0)
    with app.app_context():
        tablet = db.session.scalar(select(PushMessage.id).order_by(PushMessage.id.desc()).limit(1))
        db.session.execute(update(PushMessage).where(PushMessage.id == tablet).values(kind="applause"))
        db.session.commit()
    with caplog.at_level(logging.INFO, logger="api.push"):
        assert app.test_cli_runner().invoke(args=["deliver", "--once"]).exit_code == 0
    assert [device for device, _ in service.messages()] == ["phone"]
    assert count(app, PushMessage) == 1
    assert "1 push message of a kind this release does not know (applause) waits for a newer worker" in caplog.text

    with app.app_context():  # the newer worker, which knows it
        db.session.execute(update(PushMessage).where(PushMessage.id == tablet).values(kind="turn"))
        db.session.commit()
    deliver(app)
    assert sorted(device for device, _ in service.messages()) == ["phone", "tablet"]
    assert count(app, PushMessage) == 0


def test_two_workers_never_send_one_message_twice(app, client, service):
    tables = [Table.create(client) for _ in range(3)]
    for n, table in enumerate(tables):
        for d in range(4):
            subscribe(table, 1, service.device(f"t{n}d{d}"))
        move(table, 0)
    assert count(app, PushMessage) == 12
    service.delay = 0.02  # both workers hold leases at once
    workers = [threading.Thread(target=deliver, args=(app,)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(device for device, _ in service.messages()) == sorted(service.devices)
    assert count(app, PushMessage) == 0


def test_a_worker_told_to_stop_mid_batch_ends_its_message_and_gives_the_rest_back(app, client, service, monkeypatch):
    """A deploy or a restart sends the worker SIGTERM: it died at once, its batch's messages leased for 5 minutes, so
    each "your turn" of it came 5 minutes late, and the one whose POST was under way came twice (sent, not yet
    deleted). Now it finishes the message it is sending, gives back the others for the next worker at once, and
    exits 0; idle, it still exits at once."""
    tables = [Table.create(client) for _ in range(3)]
    for n, table in enumerate(tables):
        subscribe(table, 1, service.device(f"bob{n}"))
        move(table, 0)
    assert count(app, PushMessage) == 3
    send = delivery._deliver

    def stopped_during_the_first(message, session):
        sent = send(message, session)
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler), "the worker stops as it chooses, not where the signal finds it"
        handler(signal.SIGTERM, None)
        return sent

    monkeypatch.setattr(delivery, "_deliver", stopped_during_the_first)
    before = signal.getsignal(signal.SIGTERM)
    ran = app.test_cli_runner().invoke(args=["deliver"])
    assert ran.exit_code == 0, ran.exception
    assert len(service.messages()) == 1
    with app.app_context():
        assert db.session.scalars(select(PushMessage.lease)).all() == [None, None], "given back, not held 5 minutes"
    assert signal.getsignal(signal.SIGTERM) == before, "the handler before it is back"
    monkeypatch.setattr(delivery, "_deliver", send)
    deliver(app)
    assert sorted(device for device, _ in service.messages()) == ["bob0", "bob1", "bob2"]


def test_the_key_is_served_only_when_push_is_set_up(app, client, monkeypatch):
    assert client.get("/api/v1/push/key").json["code"] == "push_off"
    monkeypatch.setitem(app.config, "VAPID_PRIVATE_KEY", KEYS[0])
    assert client.get("/api/v1/push/key").json == {"public_key": KEYS[1]}


def test_subscriptions_are_a_seats_own_and_checked(app, client, service):
    table = Table.create(client)
    device = service.device("d")
    url = f"/api/v1/games/{table.id}/seats/1/push"
    assert client.post(url, json=device.subscription(), headers=bearer(table.tokens[0])).status_code == 403
    assert client.post(url, json=device.subscription()).status_code == 401
    for endpoint in ("http://fcm.googleapis.com/x", "https://10.0.0.1/x", "https://evil.example/x",
                     "https://user:pw@fcm.googleapis.com/x", "not a url"):
        answer = client.post(url, json={**device.subscription(), "endpoint": endpoint}, headers=bearer(table.tokens[1]))
        assert (answer.status_code, answer.json["code"]) == (422, "bad_endpoint"), endpoint
    bad_key = {**device.subscription(), "keys": {"p256dh": "AAAA", "auth": device.subscription()["keys"]["auth"]}}
    assert client.post(url, json=bad_key, headers=bearer(table.tokens[1])).status_code == 422
    created = client.post(url, json=device.subscription(), headers=bearer(table.tokens[1]))
    assert created.status_code == 201
    gone = f"{url}/{created.json['id']}"
    assert client.delete(gone, headers=bearer(table.tokens[0])).status_code == 403
    assert client.delete(gone, headers=bearer(table.tokens[1])).status_code == 204
    assert client.delete(gone, headers=bearer(table.tokens[1])).status_code == 404
    assert count(app, PushSubscription) == 0


def test_a_seat_notifies_a_bounded_number_of_devices(client, service):
    table = Table.create(client)
    for n in range(10):
        assert subscribe(table, 0, service.device(f"d{n}")).status_code == 201
    assert subscribe(table, 0, service.device("one-more")).json["code"] == "too_many_subscriptions"


@pytest.mark.parametrize("endpoint, allowed", [
    ("https://fcm.googleapis.com/fcm/send/abc", True),
    ("https://wns2-by3p.notify.windows.com/w/?token=x", True),
    ("https://fcm.googleapis.com.evil.example/x", False),
    ("https://127.0.0.1/x", False),
])
def test_only_known_push_services_by_default(endpoint, allowed):
    try:
        endpoints.check(endpoint, endpoints.KNOWN_PUSH_SERVICES)
    except endpoints.Refused:
        assert not allowed
    else:
        assert allowed


@pytest.mark.parametrize("address, allowed", [("8.8.8.8", True), ("127.0.0.1", False), ("10.1.2.3", False),
                                              ("169.254.169.254", False), ("::1", False), ("fd00::1", False)])
def test_any_host_allowed_is_still_never_a_private_address(address, allowed):
    resolve = lambda host, port, **kw: [(None, None, None, "", (address, port))]  # noqa: E731
    try:
        endpoints.check("https://push.example/x", ("*",), resolve)
    except endpoints.Refused:
        assert not allowed
    else:
        assert allowed


def web_texts(lang: str) -> dict[str, str]:
    """The web app's texts (one-line ones) in `lang`: a regional variant's file ("pt-BR") holds only what differs
    from its language's ("pt")."""
    def read(code: str) -> dict[str, str]:
        return dict(re.findall(r'^\s*"([\w.-]+)": "([^"]+)"', (ROOT / "frontend" / "js" / "i18n" / f"{code}.js")
                               .read_text(), re.M))
    base = lang.split("-")[0]
    return {**read(base), **(read(lang) if lang != base else {})}


def test_every_text_is_in_every_language_with_the_web_apps_game_names():
    for kind, bodies in (*texts.BODIES.items(), *texts.UNNAMED.items()):
        assert set(bodies) == set(texts.LANGUAGES), kind
    for lang in texts.LANGUAGES:
        names = {key.split(".")[1]: text for key, text in web_texts(lang).items() if re.fullmatch(r"game\.\w+\.name", key)}
        assert len(names) == 5, lang
        for game, name in names.items():
            assert texts.game_name(game, lang) == name, (lang, game)


def test_a_notification_says_your_turn_in_the_web_apps_own_words():
    """As the status line says it, in the same form of address (the Portuguese once said "é a sua
    vez" where the app says "é a tua vez"; the Brazilian app says "é a sua vez")."""
    for lang in texts.LANGUAGES:
        your_turn = web_texts(lang)["status.yourTurn"].lower()
        for kind in ("joined", "turn", "late"):
            assert your_turn in texts.BODIES[kind][lang].lower(), (lang, kind)


def test_a_regional_variant_is_its_own_language_and_any_other_region_its_primary_ones():
    assert [texts.language(tag) for tag in ("pt-BR", "pt-br", "pt-PT", "pt", "pt-AO", "de-CH", "nl-BE", "sv", None)] == [
        "pt-BR", "pt-BR", "pt", "pt", "pt", "de", "nl", "en", "en"]


def test_a_brazilian_device_is_told_in_brazilian_portuguese_and_a_portuguese_one_in_european(app, client, service):
    """The web app in pt-BR registers its seats with lang "pt-BR", which the API refused (422) when it knew only
    the six primary languages."""
    table = Table.create(client, join=False)
    table.join("Rui")
    assert subscribe(table, 0, service.device("ann"), "pt-BR").status_code == 201
    assert subscribe(table, 1, service.device("rui"), "pt").status_code == 201
    view = table.view()
    for _ in range(2):  # each seat moves once: the other is told its turn (sent before the match moves on)
        view = move(table, view["turn"])
        deliver(app)
    assert sorted(service.messages()) == [
        ("ann", {"title": "ADD UP", "body": "Rui jogou: é a sua vez em ADD UP.", "match": table.id, "kind": "turn",
                 "lang": "pt-BR"}),
        ("rui", {"title": "ADD UP", "body": "Ann jogou: é a tua vez em ADD UP.", "match": table.id, "kind": "turn",
                 "lang": "pt"})]


def test_a_dutch_device_is_told_in_dutch(app, client, service):
    """A Dutch class's phones register with lang "nl", which the API refused (422) before Dutch was a language of the
    app; the notification says the turn as the Dutch status line does ("Jij bent aan de beurt")."""
    table = Table.create(client, join=False)
    table.join("Sanne")
    assert subscribe(table, 0, service.device("ann"), "nl").status_code == 201
    view = table.view()
    for _ in range(2):  # each seat moves once: Ann is told her turn once, after Sanne's move
        view = move(table, view["turn"])
        deliver(app)
    assert service.messages() == [("ann", {"title": "ADD UP", "body": "Sanne heeft gespeeld: jij bent aan de beurt in ADD UP.",
                                           "match": table.id, "kind": "turn", "lang": "nl"})]


def test_the_commands_make_a_key_pair_and_send_what_is_due(app, client, service):
    made = app.test_cli_runner().invoke(args=["vapid-keys"]).output.splitlines()
    private, public = made[0].split("=", 1)[1], made[1].rsplit(" ", 1)[1]
    assert vapid.public_key(private) == public
    table = Table.create(client)
    subscribe(table, 1, service.device("bob"))
    move(table, 0)
    assert app.test_cli_runner().invoke(args=["deliver", "--once"]).exit_code == 0
    assert [device for device, _ in service.messages()] == ["bob"]


def test_the_worker_waits_out_a_database_it_cannot_reach_then_sends(app, client, service, monkeypatch, caplog):
    """A restart or failover of the database neither stops the worker nor loses a message: it
    tries again after 1 s, then twice as long each time. Its log says why, as the driver says it
    (it said only "OperationalError": a mistyped DATABASE_URL looked like an outage), and when the
    database is back."""
    table = Table.create(client)
    subscribe(table, 1, service.device("bob"))
    move(table, 0)
    send, failures, slept = delivery.deliver_due, iter([True, True, True]), []

    def unreachable_three_times():
        if next(failures, False):
            raise OperationalError("SELECT", {}, Exception("connection refused"))
        return send()

    def sleep(seconds):
        slept.append(seconds)
        if seconds == IDLE:  # the outbox is empty: stop the worker here
            raise Stopped

    monkeypatch.setattr(delivery, "deliver_due", unreachable_three_times)
    monkeypatch.setattr(push_cli, "time", SimpleNamespace(sleep=sleep))
    with caplog.at_level(logging.INFO, logger="api.push.cli"):
        ran = app.test_cli_runner().invoke(args=["deliver", "--idle", str(IDLE)])
    assert isinstance(ran.exception, Stopped), ran.output
    assert slept == [1.0, 2.0, 4.0, IDLE]
    assert [(record.levelname, record.getMessage()) for record in caplog.records if record.name == "api.push.cli"] == [
        *(("WARNING", f"push worker: the database cannot be reached (Exception: connection refused); trying again in {wait:g} s")
          for wait in (1, 2, 4)),
        ("INFO", "push worker: the database is reached again, after 3 failed tries")]
    assert [device for device, _ in service.messages()] == ["bob"]


IDLE = 0.125


class Stopped(Exception):
    pass


def test_a_seat_put_out_cannot_skip_a_late_turn_nor_send_news_of_it(app, client, service, clock):
    """Ann, Bob and a bot; Bob was put out. His skip of Ann's turn would have had the autopilot and the bot
    go round to her again (and she was told "Ann's time ran out: your turn" of it once): it is refused, and
    nothing is sent."""
    table = Table.create(client, seats=3, join=False, time_per_move=3600, timeouts_to_leave=2,
                         bots=[{"seat": 2, "level": "easy"}])
    table.join("Bob")
    for _ in range(2):  # Ann plays, Bob misses his turn and Ann skips it, the bot plays
        table.post_move(0, first_legal(table.view(0)))
        clock.advance(hours=2)
        assert client.post(f"/api/v1/games/{table.id}/timeouts", headers=bearer(table.tokens[0])).status_code == 200
    assert table.view()["turn"] == 0 and table.view()["seats"][1]["status"] == "left"
    subscribe(table, 0, service.device("ann"))
    clock.advance(hours=2)
    refused = client.post(f"/api/v1/games/{table.id}/timeouts", headers=bearer(table.tokens[1]))
    assert (refused.status_code, refused.json["code"]) == (422, "already_left")
    deliver(app)
    assert service.messages() == []


def test_a_skipped_turn_tells_the_next_seat_unless_it_skipped_it(app, client, service, clock):
    table = Table.create(client, seats=3, time_per_move=3600)
    for seat, name in ((1, "bob"), (2, "cid")):
        subscribe(table, seat, service.device(name))
    assert table.view()["turn"] == 0
    clock.advance(hours=2)
    assert client.post(f"/api/v1/games/{table.id}/timeouts", headers=bearer(table.tokens[2])).status_code == 200
    deliver(app)
    assert service.messages() == [("bob", {**said("late", actor="Ann"), "match": table.id, "kind": "late",
                                           "lang": "en"})]


def test_a_seat_given_back_takes_its_devices_off_the_match(app, client, service):
    """Left behind, the subscriptions of a token nobody holds any more were never sent to, nor deleted. The device
    that gave the seat back did it itself: it is told nothing."""
    table = Table.create(client, seats=3, join=False)
    assert subscribe(table, 0, service.device("ann")).status_code == 201
    table.join("Bob")
    assert subscribe(table, 1, service.device("bob")).status_code == 201
    assert client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(table.tokens[1])).status_code == 204
    with app.app_context():
        assert db.session.scalars(select(PushSubscription.seat)).all() == [0], "Ann's device is still hers"
    assert count(app, PushMessage) == 0
    deliver(app)
    assert service.messages() == []


def free(table: Table, seat: int) -> None:
    """The match's creator (seat 0) takes `seat` off the match before it starts."""
    freed = table.client.delete(f"/api/v1/games/{table.id}/seats/{seat}", headers=bearer(table.tokens[0]))
    assert freed.status_code == 204, freed.json
    table.tokens.pop(seat)


def endpoints_left(app) -> list[str]:
    with app.app_context():
        return sorted(db.session.scalars(select(PushSubscription.endpoint)))


def test_a_seat_the_creator_frees_is_told_once_on_each_of_its_devices_then_forgotten(app, client, service):
    """Lea turned on notifications on her family's tablet while waiting; her teacher, Ann, took her off the match
    before it started. The tablet heard nothing (her subscriptions were deleted with the seat), and she waited for a
    turn that never came: now each of her devices is told once, in its own language, who took her off and to ask
    for the invite again; a tap opens the match (whose page says the same). Then her subscriptions are gone, and
    Max, who takes her seat before the message is even sent, never gets hers nor she his."""
    table = Table.create(client, seats=3, join=False)
    subscribe(table, 0, service.device("ann"))
    table.join("Lea")
    tablet, phone = service.device("tablet"), service.device("phone")
    assert subscribe(table, 1, tablet, "de").status_code == 201
    assert subscribe(table, 1, phone).status_code == 201
    free(table, 1)
    assert service.received == [], "sent during the request"
    assert table.join("Max")["seat"] == 1
    assert subscribe(table, 1, service.device("max"), "fr").status_code == 201
    table.join("Cid")  # the match starts: the seat to move is told, if it has devices
    deliver(app)

    freed = [(device, message) for device, message in service.messages() if device in ("tablet", "phone")]
    assert sorted(freed) == [
        ("phone", {"title": "ADD UP", "body": "Ann, who created this match of ADD UP, took you off it before it "
                   "started. To play, ask Ann for the invite again.", "match": table.id, "kind": "freed", "lang": "en"}),
        ("tablet", {"title": "ADD UP", "body": "Ann hat dieses Spiel ADD UP erstellt und dich vor dem Start "
                    "herausgenommen. Um mitzuspielen, frag Ann noch einmal nach der Einladung.", "match": table.id,
                    "kind": "freed", "lang": "de"})]
    assert {message["kind"] for device, message in service.messages() if device not in ("tablet", "phone")} <= {
        "joined"}
    assert endpoints_left(app) == sorted(service.devices[name].endpoint for name in ("ann", "max"))
    assert count(app, PushMessage) == 0

    view = table.view()
    for _ in range(6):  # Max's turns are told to Max alone
        view = move(table, view["turn"])
        deliver(app)
    told = [(device, message["kind"]) for device, message in service.messages()]
    assert ("max", "turn") in told
    assert [device for device, _ in told].count("tablet") == 1 and [device for device, _ in told].count("phone") == 1
    assert all(message["lang"] == "fr" for device, message in service.messages() if device == "max")
    assert service.problems == []


def test_a_freed_seats_message_that_cannot_be_sent_leaves_no_subscription_behind(app, client, service, clock):
    """Whatever becomes of the one message (refused, gone, down until it is too old) its subscription goes with it;
    one whose message no worker ever sent goes with the daily cleanup once the message is no news (a day), not
    before."""
    table = Table.create(client, seats=3, join=False)
    table.join("Lea")
    for name in ("refused", "gone", "down"):
        subscribe(table, 1, service.device(name))
    service.answers.update(refused=400, gone=410, down=503)
    free(table, 1)
    deliver(app)
    assert endpoints_left(app) == [service.devices["down"].endpoint]
    clock.advance(days=1, minutes=1)
    deliver(app)  # too old now: dropped, and its subscription with it
    assert endpoints_left(app) == []
    assert count(app, PushMessage) == 0

    assert table.join("Mia")["seat"] == 1
    subscribe(table, 1, service.device("mia"))
    free(table, 1)  # no worker runs: the message waits, a day at most
    clock.advance(hours=23)
    assert app.test_cli_runner().invoke(args=["cleanup"]).exit_code == 0
    assert endpoints_left(app) == [service.devices["mia"].endpoint]
    clock.advance(hours=2)
    assert app.test_cli_runner().invoke(args=["cleanup"]).exit_code == 0
    assert endpoints_left(app) == []
    assert count(app, PushMessage) == 0
    assert [device for device, _ in service.messages()] == []
