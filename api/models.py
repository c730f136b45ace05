"""The tables: a match, its seats (token hashes only), its append-only move events, and the
answers kept for retried requests."""
from datetime import datetime, timezone

import sqlalchemy as sa
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def utc_iso(moment: datetime) -> str:
    """ISO 8601 in UTC; SQLite hands back naive datetimes, which were stored as UTC."""
    return moment.replace(tzinfo=moment.tzinfo or timezone.utc).isoformat().replace("+00:00", "Z")


class Match(db.Model):
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
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    seats: Mapped[list["Seat"]] = relationship(order_by="Seat.seat", lazy="selectin",
                                               cascade="all, delete-orphan")


class Seat(db.Model):
    """A taken seat: its player's name and the SHA-256 of its secret token."""

    __tablename__ = "seats"
    __table_args__ = (sa.UniqueConstraint("game_id", "seat"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(sa.String(40))
    token_hash: Mapped[str] = mapped_column(sa.String(64))
    joined_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class Event(db.Model):
    """One move, number `seq` (1, 2, ...) of its match. (game_id, seq) is unique: of two
    concurrent moves on one version, only one can be stored."""

    __tablename__ = "events"
    __table_args__ = (sa.UniqueConstraint("game_id", "seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    seat: Mapped[int]
    move: Mapped[dict] = mapped_column(sa.JSON)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class IdempotencyKey(db.Model):
    """The first answer to a request sent with an Idempotency-Key, kept for the request's retries.

    The key itself is never stored: `lookup` is a SHA-256 of the key and its scope (the route, the
    match and the seat's token), and `response` is encrypted with a cipher key derived from it."""

    __tablename__ = "idempotency_keys"
    lookup: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(sa.String(64))  # SHA-256 of the request it answered
    response: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, index=True)
