"""Sending the outbox: `flask --app wsgi deliver` claims due messages, writes each in its
subscription's language, encrypts it (RFC 8291, by pywebpush) and POSTs it to the push service.

Safe as several workers: a claim is one short transaction that leases a batch of due rows
(`FOR UPDATE SKIP LOCKED` on PostgreSQL, so workers take different rows; `BEGIN IMMEDIATE` on
SQLite, so one claims at a time), and the POSTs happen after it, outside any transaction. A row is
deleted once its push service took it; a worker that dies mid-batch leaves a lease that runs out,
and its rows are sent again then. A failed POST is retried with exponential back-off; the push
service's 404/410 (the browser unsubscribed) deletes the subscription, and so does any outcome but a retry of a
subscription's last message (LAST: its seat was freed). Nothing else waits for the
worker: when none runs, messages wait (and a turn played meanwhile is not announced any more)."""
import json
import logging
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

import requests
import sqlalchemy as sa
from flask import current_app
from pywebpush import WebPusher

from engine.events import HINT

from .. import clock
from ..database import transactional
from ..models import Event, as_utc, db, games_table
from . import endpoints, texts, vapid
from .outbox import outbox, subscriptions

BATCH = 10
LEASE = timedelta(minutes=5)  # far longer than a batch's POSTs can take (BATCH x PUSH_TIMEOUT)
MAX_ATTEMPTS = 8
MAX_AGE = timedelta(days=1)  # news older than this is no news: dropped unsent
TTL = 12 * 3600  # seconds the push service keeps a message for a phone that is offline
STILL_YOURS = {"joined", "turn", "late", "deadline", "pace"}  # sent only while the match is where it was staged
LAST = {"freed"}  # a subscription's last message (api/push/outbox.py, freed): sent, dropped or gone, it goes with it
log = logging.getLogger(__name__)

# Whether anything but a hint happened since the message was staged: a hint changes neither the turn
# nor its deadline, so the seat that asked one is still reminded of it
_MOVED_ON = (sa.exists().where(Event.game_id == games_table.c.id, Event.seq > outbox.c.version, Event.kind != HINT)
             .label("moved_on"))

# A release rolled back to, or an older worker beside a newer one during an upgrade, leaves the kinds a newer
# release staged and it has no words for to a worker that has (a newer one, or this one rolled forward)
_KNOWN = outbox.c.kind.in_(texts.KINDS)
_DUE = (sa.select(outbox.c.id)
        .where(outbox.c.due_at <= sa.bindparam("now"), _KNOWN,
               sa.or_(outbox.c.leased_until.is_(None), outbox.c.leased_until < sa.bindparam("now")))
        .order_by(outbox.c.due_at, outbox.c.id).limit(BATCH).with_for_update(skip_locked=True))
_LEASE = (sa.update(outbox).where(outbox.c.id.in_(sa.bindparam("ids", expanding=True)))
          .values(lease=sa.bindparam("lease"), leased_until=sa.bindparam("until")))
_LEASED = (sa.select(outbox.c.id, outbox.c.kind, outbox.c.actor, outbox.c.version, outbox.c.attempts,
                     outbox.c.due_at, subscriptions.c.id.label("subscription"), subscriptions.c.endpoint,
                     subscriptions.c.p256dh, subscriptions.c.auth, subscriptions.c.lang,
                     games_table.c.id.label("match"), games_table.c.game,
                     _MOVED_ON, games_table.c.status)
           .join(subscriptions, subscriptions.c.id == outbox.c.subscription_id)
           .join(games_table, games_table.c.id == subscriptions.c.game_id)
           .where(outbox.c.lease == sa.bindparam("lease")).order_by(outbox.c.due_at, outbox.c.id))
_DONE = sa.delete(outbox).where(outbox.c.id == sa.bindparam("message"), outbox.c.lease == sa.bindparam("held"))
_RETRY = (sa.update(outbox).where(outbox.c.id == sa.bindparam("message"), outbox.c.lease == sa.bindparam("held"))
          .values(attempts=outbox.c.attempts + 1, due_at=sa.bindparam("next"), lease=None, leased_until=None))
_GONE_MESSAGES = sa.delete(outbox).where(outbox.c.subscription_id == sa.bindparam("subscription"))
_GONE = sa.delete(subscriptions).where(subscriptions.c.id == sa.bindparam("subscription"))


class _Session(requests.Session):
    """POSTs that follow no redirect, ignore proxy and CA settings of the environment, and trust
    the CA bundle of PUSH_CA_BUNDLE (the system's when unset)."""

    def __init__(self, ca_bundle: str | None):
        super().__init__()
        self.trust_env, self.verify = False, ca_bundle or True

    def request(self, method, url, **kwargs):
        return super().request(method, url, **{**kwargs, "allow_redirects": False})


@dataclass(frozen=True)
class Outcome:
    action: str  # "sent", "retry", "drop" or "gone"
    why: str = ""


def backoff(attempts: int) -> timedelta:
    """30 s after the first failure, then doubling, up to an hour."""
    return min(timedelta(seconds=30) * 2 ** (attempts - 1), timedelta(hours=1))


def unknown_kinds() -> dict[str, int]:
    """The messages waiting whose kinds this release does not know, by kind."""
    with db.engine.connect() as conn:
        return dict(conn.execute(sa.select(outbox.c.kind, sa.func.count()).where(~_KNOWN)
                                 .group_by(outbox.c.kind).order_by(outbox.c.kind)).all())


class Stop:
    """Told to stop (SIGTERM: a deploy, a restart; `flask --app wsgi deliver` sets it): the message being sent is
    finished and recorded, the rest of the batch given back at once for the next worker, rather than left leased for
    LEASE (each sent that late, and the one under way sent twice)."""

    asked = False
    sending = False  # a batch is claimed or being sent: stop after its current message, not at once


_GIVE_BACK = (sa.update(outbox).where(outbox.c.lease == sa.bindparam("held"))
              .values(lease=None, leased_until=None))


def deliver_due() -> int:
    """Claim the messages due now and send them; how many were claimed (0: nothing is due)."""
    Stop.sending = True
    try:
        return _deliver_batch()
    finally:
        Stop.sending = False


def _deliver_batch() -> int:
    lease = uuid.uuid4().hex
    with db.engine.connect() as conn:
        transactional(conn)
        with _claiming(conn):
            now = clock.now()
            ids = conn.scalars(_DUE, {"now": now}).all()
            if ids:
                conn.execute(_LEASE, {"ids": ids, "lease": lease, "until": now + LEASE})
        if not ids:
            return 0
        with _Session(current_app.config["PUSH_CA_BUNDLE"]) as session:
            for message in map(Leased, conn.execute(_LEASED, {"lease": lease}).all()):
                if Stop.asked:
                    break
                _record(conn, message, lease, _deliver(message, session))
        if Stop.asked:
            conn.execute(_GIVE_BACK, {"held": lease})
            conn.commit()
        return len(ids)


class Leased:
    """A leased message's row, read as the row is, whose text (what an error report shows of a frame's
    variables) names the message and not its subscription's endpoint and keys: the worker runs outside any
    request, so api/reporting.py knows no secret of its own to look for."""

    __slots__ = ("row",)

    def __init__(self, row: sa.Row) -> None:
        self.row = row

    def __getattr__(self, name: str):
        return getattr(self.row, name)

    def __repr__(self) -> str:
        return f"<push message {self.row.id}: {self.row.kind} of match {self.row.match}>"


@contextmanager
def _claiming(conn):
    """One claim at a time on SQLite, whose writers take the database's one write lock: taken at
    BEGIN (IMMEDIATE), so a second claimer waits and then sees the first one's leases."""
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    try:
        yield
        conn.commit()
    except BaseException:
        conn.rollback()
        raise


def _deliver(message, session: requests.Session) -> Outcome:
    if clock.now() - as_utc(message.due_at) > MAX_AGE:
        return Outcome("drop", "too old")
    if message.kind in STILL_YOURS and (message.moved_on or message.status != "playing"):
        return Outcome("drop", "the match moved on")
    config = current_app.config
    try:
        endpoints.check(message.endpoint, config["PUSH_HOSTS"])
    except endpoints.Refused as refused:
        return Outcome("drop", str(refused))
    lang = texts.language(message.lang)
    payload = {**texts.notification(message.kind, message.game, message.actor, lang), "match": message.match,
               "kind": message.kind, "lang": lang}
    headers = {**vapid.authorization(config["VAPID_PRIVATE_KEY"], config["VAPID_SUBJECT"], message.endpoint),
               "Topic": message.match, "Urgency": "high" if message.kind != "over" else "normal"}
    subscription = {"endpoint": message.endpoint, "keys": {"p256dh": message.p256dh, "auth": message.auth}}
    try:
        answer = WebPusher(subscription, requests_session=session).send(
            json.dumps(payload, ensure_ascii=False), headers=headers, ttl=TTL, timeout=config["PUSH_TIMEOUT"])
    except requests.RequestException as failed:
        return Outcome("retry", type(failed).__name__)
    except ValueError as bad_keys:  # the subscription's keys are no P-256 point: it can never be sent
        return Outcome("gone", f"bad keys: {bad_keys}")
    return _judge(answer.status_code)


def _judge(status: int) -> Outcome:
    if 200 <= status < 300:
        return Outcome("sent")
    if status in (404, 410):
        return Outcome("gone", f"the push service answered {status}: the browser unsubscribed")
    if status == 429 or status >= 500:
        return Outcome("retry", f"the push service answered {status}")
    return Outcome("drop", f"the push service answered {status}")


def _record(conn, message, lease: str, outcome: Outcome) -> None:
    """The outcome of one message, committed at once (a worker stopped later loses nothing)."""
    attempts = message.attempts + 1
    if outcome.action == "retry" and attempts >= MAX_ATTEMPTS:
        outcome = Outcome("drop", f"{outcome.why}, {attempts} times")
    if outcome.action == "gone" or (message.kind in LAST and outcome.action != "retry"):
        conn.execute(_GONE_MESSAGES, {"subscription": message.subscription})
        conn.execute(_GONE, {"subscription": message.subscription})
    elif outcome.action == "retry":
        conn.execute(_RETRY, {"message": message.id, "held": lease, "next": clock.now() + backoff(attempts)})
    else:
        conn.execute(_DONE, {"message": message.id, "held": lease})
    conn.commit()
    if outcome.action != "sent":
        log.info("push message %s (%s) %s: %s", message.id, message.kind, outcome.action, outcome.why)
