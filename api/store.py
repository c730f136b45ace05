"""Loading matches and appending to them: every query and write the views need."""
import hashlib
import hmac
import re
import secrets
from functools import cache

from alembic.script import ScriptDirectory
from flask import Response, current_app, request
from sqlalchemy import func, inspect, select, text
from sqlalchemy.exc import IntegrityError

from engine import GAMES

from . import idempotency
from .errors import Problem
from .models import Event, Match, as_utc, db


MATCH_ID = re.compile(r"[A-Za-z0-9_-]{16}")  # new_secret(12)


def new_secret(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def game_module(key: str):
    if key not in GAMES:
        raise Problem(404, "unknown_game", f"There is no game '{key}'. Games: {', '.join(sorted(GAMES))}.")
    return GAMES[key]


def load(match_id: str) -> Match:
    """The match; 404 for an unknown id, and for anything not shaped like one (never sent to the database)."""
    match = db.session.get(Match, match_id) if MATCH_ID.fullmatch(match_id) else None
    if match is None:
        raise Problem(404, "unknown_match", "There is no match with that id.")
    return match


def version(match: Match) -> int:
    """How many moves the match has: the version clients name when they move."""
    return db.session.scalar(select(func.count()).where(Event.game_id == match.id))


def events(match: Match, after: int = 0, upto: int | None = None) -> list[Event]:
    """The match's events numbered after+1 .. upto (all of them by default)."""
    query = select(Event).where(Event.game_id == match.id, Event.seq > after).order_by(Event.seq)
    if upto is not None:
        query = query.where(Event.seq <= upto)
    return list(db.session.scalars(query))


def seat_of_request(match: Match, required: bool = False) -> int | None:
    """The seat whose token the request carries (Authorization: Bearer), None without one."""
    header = request.headers.get("Authorization", "")
    if not header:
        if required:
            raise Problem(401, "token_required", "Send your seat's token as 'Authorization: Bearer <token>'.")
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token:
        wanted = digest(token.strip())
        for seat in match.seats:  # compare against every seat, in constant time each
            if hmac.compare_digest(seat.token_hash, wanted):
                return seat.seat
    raise Problem(401, "bad_token", "That token does not belong to a seat of this match.")


def check_started(match: Match) -> None:
    if len(match.seats) < match.seat_count:
        raise Problem(409, "not_started", f"Waiting for players: {len(match.seats)} of {match.seat_count} seats taken.")


def last_activity(match: Match):
    """When the match last changed: its last event, or the last seat taken."""
    moved = db.session.scalar(select(func.max(Event.created_at)).where(Event.game_id == match.id))
    return as_utc(moved or max(as_utc(seat.joined_at) for seat in match.seats))


def schema_revision() -> str | None:
    """The migration the database is at (None before the first); OperationalError when unreachable."""
    if not inspect(db.session.connection()).has_table("alembic_version"):
        return None
    return db.session.scalar(text("SELECT version_num FROM alembic_version"))


@cache
def schema_head() -> str:
    """The newest migration this code ships."""
    return ScriptDirectory(str(current_app.config["ROOT_MIGRATIONS"])).get_current_head()


def save(response: Response, code: str, detail: str) -> Response:
    """Commit the request's writes with the answer its retries get; a unique-key clash (someone
    was faster) becomes a 409 and nothing is written."""
    try:
        idempotency.keep(response)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Problem(409, code, detail) from None
    return response
