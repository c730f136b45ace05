"""The tables: a match, its seats (token hashes only), the token, invite and code hashes its creator replaced, its
append-only events, the snapshots of its state (derived, may be emptied), the answers kept for
retried requests, and the devices notified by Web Push with their outbox. The hot requests use the
Core tables at the end (`games_table`, ...) through api/reads.py and api/writes.py, not the ORM."""
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from . import clock


class Base(DeclarativeBase):
    pass


# Requests write with explicit statements and never read an attribute after COMMIT: expiring
# objects on commit would only add a SELECT there, which can fail after the write succeeded.
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False, "autoflush": False})
Model: Any = db.Model  # a class Flask-SQLAlchemy makes at run time from Base: unknown to the type checker


def utcnow() -> datetime:
    return clock.now()


def as_utc(moment: datetime) -> datetime:
    """`moment` in UTC. SQLite hands back naive datetimes, which were stored as UTC; psycopg hands back
    timestamptz values in the session's TimeZone (the server's own, +11:00 on a server set up in Sydney)."""
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def utc_iso(moment: datetime) -> str:
    """RFC 3339 in UTC ("Z"), whatever zone `moment` was read in."""
    return as_utc(moment).isoformat().replace("+00:00", "Z")


class Match(Model):
    """One game resource: a whole match of one of the five games."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True)
    game: Mapped[str] = mapped_column(sa.String(16))
    rules_version: Mapped[int]
    seat_count: Mapped[int]
    options: Mapped[dict] = mapped_column(sa.JSON)
    seed: Mapped[str] = mapped_column(sa.String(64))  # secret until the match ends
    deck: Mapped[list | None] = mapped_column(sa.JSON)  # a fixed first deal, or null
    names: Mapped[list] = mapped_column(sa.JSON)  # names given at creation, null for open seats
    invite_hash: Mapped[str] = mapped_column(sa.String(64))
    # SHA-256 of the match's join code while a seat is free (api/join_codes.py), else null
    join_code_hash: Mapped[str | None] = mapped_column(sa.String(64), unique=True, index=True)
    time_per_move: Mapped[int | None]  # seconds a seat has to move, or null: no deadlines
    timeouts_to_leave: Mapped[int] = mapped_column(default=3)
    rematch_id: Mapped[str | None] = mapped_column(sa.String(32))  # the match a rematch created
    hints: Mapped[bool] = mapped_column(default=True, server_default=sa.true())  # seats may ask for hints
    creator: Mapped[int | None]  # the seat that created the match (it may give the others new links); null once freed
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    # Kept in the transaction of every change, so that a request needs no COUNT or replay for them:
    version: Mapped[int] = mapped_column(default=0)  # how many events the match has
    seating: Mapped[int] = mapped_column(default=0)  # bumped by every seat taken, freed, renamed or given a new link (in ETags)
    status: Mapped[str] = mapped_column(sa.String(8), default="waiting")  # waiting, playing or over
    turn: Mapped[int | None]  # the seat to move while playing
    moved_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    # ^ the last move, seat taken or end: a hint, or a resignation while another seat is to move, leaves it (api/writes.py)
    seats: Mapped[list["Seat"]] = relationship(order_by="Seat.seat", lazy="selectin",
                                               cascade="all, delete-orphan")


class Seat(Model):
    """A taken seat: its player's name and the SHA-256 of its secret token, or for a seat the
    computer plays from the start, the bot's level and no token."""

    __tablename__ = "seats"
    __table_args__ = (sa.UniqueConstraint("game_id", "seat"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(sa.String(40))
    token_hash: Mapped[str | None] = mapped_column(sa.String(64), index=True)
    bot: Mapped[str | None] = mapped_column(sa.String(8))  # easy, medium or hard (engine/bots)
    joined_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    # The device that last showed this seat (api/seat_links.py): a hash of its random id, and when.
    device_hash: Mapped[str | None] = mapped_column(sa.String(64))
    device_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))


class ReplacedLink(Model):
    """The hash of a seat token that stopped working: its seat was given a new link (by the match's creator or the
    seat itself), or, with `freed_by`, the seat was freed before the start. A request still carrying it is told why
    (401 `link_replaced`, `seat_freed`), not merely refused."""

    __tablename__ = "replaced_links"
    token_hash: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    replaced_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))  # or freed
    freed_by: Mapped[str | None] = mapped_column(sa.String(8))  # "creator" or "seat" when freed; None: given a new link


class ReplacedInvite(Model):
    """The hash of an invite or a join code its match's creator replaced (one that leaked): a join with it is told
    that it was replaced (403 `invite_replaced`, `join_code_replaced`), not merely refused. A code may serve another
    match later, and be replaced there too: the key is the pair."""

    __tablename__ = "replaced_invites"
    secret_hash: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, index=True)
    replaced_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))


class Event(Model):
    """Event number `seq` (1, 2, ...) of its match: a move, a claimed timeout, an autopilot or bot
    move, a resignation or a hint asked for (engine/events.py). (game_id, seq) is unique: of two
    concurrent writes on one version, only one can be stored."""

    __tablename__ = "events"
    __table_args__ = (sa.UniqueConstraint("game_id", "seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    seat: Mapped[int]
    kind: Mapped[str] = mapped_column(sa.String(16), default="move")
    move: Mapped[dict | None] = mapped_column(sa.JSON)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class Snapshot(Model):
    """The replayed state of a match after `version` events, so that a cold process replays only
    the events since. Derived data: `engine` fingerprints the code that made it (api/snapshots.py),
    and a snapshot of other code is ignored; the table can be emptied at any time."""

    __tablename__ = "snapshots"
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(primary_key=True)
    engine: Mapped[str] = mapped_column(sa.String(16), primary_key=True)
    state: Mapped[bytes] = mapped_column(sa.LargeBinary)


class IdempotencyKey(Model):
    """The first answer to a request sent with an Idempotency-Key, kept for the request's retries.

    The key itself is never stored: `lookup` is a SHA-256 of the key and its scope (the route, the
    match and the seat's token), and `response` is encrypted with a cipher key derived from it."""

    __tablename__ = "idempotency_keys"
    lookup: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(sa.String(64))  # SHA-256 of the request it answered
    response: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, index=True)


class PushSubscription(Model):
    """A device's Web Push subscription for one seat, found by the seat token's hash (never the
    token). `endpoint` is the push service's URL for that device; `p256dh` and `auth` are the
    device's keys the messages are encrypted to (RFC 8291)."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (sa.UniqueConstraint("token_hash", "endpoint"), sa.Index("ix_push_subscriptions_game_id_seat", "game_id", "seat"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    token_hash: Mapped[str] = mapped_column(sa.String(64))
    endpoint: Mapped[str] = mapped_column(sa.String(1024))
    p256dh: Mapped[str] = mapped_column(sa.String(128))
    auth: Mapped[str] = mapped_column(sa.String(64))
    lang: Mapped[str] = mapped_column(sa.String(8))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class PushMessage(Model):
    """One notification waiting to be sent to one subscription (the outbox): staged in the
    transaction of the change it tells about, sent by `flask deliver` (api/push/delivery.py), and
    deleted once the push service took it. Only what it tells is kept (`kind`, who acted, the
    match's version), never text: it is written in the subscription's language when sent."""

    __tablename__ = "push_outbox"
    id: Mapped[int] = mapped_column(primary_key=True)
    subscription_id: Mapped[int] = mapped_column(sa.ForeignKey("push_subscriptions.id", ondelete="CASCADE"),
                                                 index=True)
    kind: Mapped[str] = mapped_column(sa.String(16))  # api/push/texts.py
    actor: Mapped[str | None] = mapped_column(sa.String(40))  # the name of the seat that acted
    version: Mapped[int]  # the match's version it was staged at: a turn since played is not sent
    due_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), index=True)
    attempts: Mapped[int] = mapped_column(default=0)
    lease: Mapped[str | None] = mapped_column(sa.String(32))  # the worker sending it now
    leased_until: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))


# The tables as the requests' SQLAlchemy Core statements name them (api/matches.py, api/transaction.py).
games_table, seats_table, events_table = Match.__table__, Seat.__table__, Event.__table__
replaced_links_table, replaced_invites_table = ReplacedLink.__table__, ReplacedInvite.__table__
