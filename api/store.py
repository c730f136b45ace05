"""Reading matches and writing to them: every statement a request runs.

Requests use SQLAlchemy Core, not the ORM: each read is one explicit SELECT, and writes are staged
during the request and executed together in `save`, just before COMMIT. So no query can flush a
half-made write (a unique-key clash always surfaces in `save`, where it becomes a 409), nothing is
read back after COMMIT, and a poll reads one row by its primary key.
"""
import hashlib
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any, Literal, overload

from alembic.script import ScriptDirectory
from flask import Response, current_app, g, request
from sqlalchemy import bindparam, exists, inspect, literal, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import Executable

from engine import GAMES

from . import connection, idempotency, news
from .errors import Problem
from .models import Event, Match, PushSubscription, ReplacedLink, Seat, utc_iso

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{16}")  # new_secret(12)
games, seats, events_table, replaced_links = Match.__table__, Seat.__table__, Event.__table__, ReplacedLink.__table__


def new_secret(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def game_module(key: str):
    if key not in GAMES:
        raise Problem(404, "unknown_game", f"There is no game '{key}'. Games: {', '.join(sorted(GAMES))}.")
    return GAMES[key]


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    token_hash: str | None  # None for a bot's seat
    joined_at: datetime
    bot: str | None = None  # the level of the bot seated here at creation


@dataclass(frozen=True)
class MatchRow:
    """A match as one request read it: the `games` row and its taken seats, in seat order."""

    id: str
    game: str
    rules_version: int
    seat_count: int
    options: dict
    seed: str
    deck: list | None
    names: list
    invite_hash: str
    time_per_move: int | None
    timeouts_to_leave: int
    rematch_id: str | None
    hints: bool
    creator: int | None
    created_at: datetime
    version: int
    seating: int
    status: str
    turn: int | None
    moved_at: datetime
    seats: tuple[SeatRow, ...] = field(default=())
    pushed: bool = False  # a seat subscribed to push notifications (api/push/): a change stages them

    @property
    def full(self) -> bool:
        return len(self.seats) == self.seat_count

    @property
    def bots(self) -> tuple[str | None, ...]:
        """Per seat, the level of the bot seated there at creation, or None."""
        levels = {seat.seat: seat.bot for seat in self.seats}
        return tuple(levels.get(n) for n in range(self.seat_count))


@dataclass(frozen=True)
class Head:
    """What a poll needs: the match's version, seating and status, and the asking seat."""

    version: int
    seating: int
    status: str
    rematch: bool
    viewer: int | None


MATCH_COLUMNS = tuple(name for name in MatchRow.__dataclass_fields__ if name not in ("seats", "pushed"))
_PUSHED = exists().where(PushSubscription.__table__.c.game_id == games.c.id).label("pushed")
_LOAD = (select(games, _PUSHED, seats.c.seat, seats.c.name, seats.c.token_hash, seats.c.joined_at, seats.c.bot)
         .outerjoin(seats, seats.c.game_id == games.c.id)
         .where(games.c.id == bindparam("id")).order_by(seats.c.seat))
_SEAT_BY_TOKEN = select(seats.c.seat).where(seats.c.game_id == games.c.id, seats.c.token_hash == bindparam("token"))
_HEAD = select(games.c.version, games.c.seating, games.c.status, games.c.rematch_id.is_not(None))
_HEAD_ANONYMOUS = _HEAD.add_columns(literal(None)).where(games.c.id == bindparam("id"))
_HEAD_AS_SEAT = _HEAD.add_columns(_SEAT_BY_TOKEN.scalar_subquery()).where(games.c.id == bindparam("id"))


def load(match_id: str) -> MatchRow:
    """The match and its seats in one SELECT; 404 for an unknown id, and for anything not shaped
    like one (never sent to the database)."""
    rows = connection.get().execute(_LOAD, {"id": match_id}).all() if MATCH_ID.fullmatch(match_id) else []
    if not rows:
        raise Problem(404, "unknown_match", "There is no match with that id.")
    columns = {column: getattr(rows[0], column) for column in MATCH_COLUMNS}
    taken = tuple(SeatRow(row.seat, row.name, row.token_hash, row.joined_at, row.bot)
                  for row in rows if row.seat is not None)
    return MatchRow(**columns, seats=taken, pushed=bool(rows[0].pushed))


def head(match_id: str) -> Head:
    """The match's head and the asking seat (by its token's hash) in one SELECT, for polls."""
    token = bearer_token()
    if not MATCH_ID.fullmatch(match_id):
        raise Problem(404, "unknown_match", "There is no match with that id.")
    params = {"id": match_id, "token": digest(token)} if token else {"id": match_id}
    row = connection.get().execute(_HEAD_AS_SEAT if token else _HEAD_ANONYMOUS, params).first()
    if row is None:
        raise Problem(404, "unknown_match", "There is no match with that id.")
    if token and row[4] is None:
        raise refused_token(match_id, token)
    return Head(*row)


def bearer_token() -> str | None:
    """The token of `Authorization: Bearer <token>`, None without the header; 401 for another scheme."""
    header = request.headers.get("Authorization", "")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _bad_token()
    return token.strip()


@overload
def seat_of_request(match: MatchRow, required: Literal[True]) -> int: ...
@overload
def seat_of_request(match: MatchRow, required: bool = False) -> int | None: ...
def seat_of_request(match: MatchRow, required: bool = False) -> int | None:
    """The seat whose token the request carries, None without one. Tokens are looked up by their
    SHA-256: a 256-bit secret cannot be guessed one hash prefix at a time."""
    token = bearer_token()
    if token is None:
        if required:
            raise Problem(401, "token_required", "Send your seat's token as 'Authorization: Bearer <token>'.")
        return None
    wanted = digest(token)
    for seat in match.seats:
        if seat.token_hash == wanted:
            return seat.seat
    raise refused_token(match.id, token)


def _bad_token() -> Problem:
    return Problem(401, "bad_token", "That token does not belong to a seat of this match.")


_REPLACED = select(replaced_links.c.seat, replaced_links.c.replaced_at).where(
    replaced_links.c.token_hash == bindparam("token"), replaced_links.c.game_id == bindparam("id"))


def refused_token(match_id: str, token: str) -> Problem:
    """Why a token that is no seat's is refused: its link was replaced by the match's creator (one
    SELECT, on this failing path only), or it never was this match's."""
    replaced = connection.get().execute(_REPLACED, {"token": digest(token), "id": match_id}).first()
    if replaced is None:
        return _bad_token()
    return Problem(401, "link_replaced", f"The link of seat {replaced.seat} was replaced by the match's creator at "
                   f"{utc_iso(replaced.replaced_at)}: this one no longer works. Ask them for the new link.",
                   seat=replaced.seat, replaced_at=utc_iso(replaced.replaced_at))


def check_started(match: MatchRow) -> None:
    if not match.full:
        raise Problem(409, "not_started", f"Waiting for players: {len(match.seats)} of {match.seat_count} seats taken.")


_EVENTS = (select(events_table.c.seq, events_table.c.seat, events_table.c.kind, events_table.c.move,
                  events_table.c.created_at)
           .where(events_table.c.game_id == bindparam("id"), events_table.c.seq > bindparam("after"),
                  events_table.c.seq <= bindparam("upto"))
           .order_by(events_table.c.seq))


def events(match: MatchRow, after: int = 0, upto: int | None = None) -> Sequence[Any]:
    """The match's events numbered after+1 .. upto (up to its version by default)."""
    upto = match.version if upto is None else upto
    if upto <= after:
        return []
    return connection.get().execute(_EVENTS, {"id": match.id, "after": after, "upto": upto}).all()


# -- writes ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Write:
    statement: Executable
    params: dict | list | None = None
    must_change: bool = False  # a compare-and-set: changing no row means another request was faster


def stage(statement: Executable, params: dict | list | None = None, must_change: bool = False) -> None:
    """Add a write to the request's transaction; `save` runs them in order, then commits."""
    g.setdefault("writes", []).append(Write(statement, params, must_change))


class _Overtaken(Exception):
    """A compare-and-set changed nothing."""


def save(response: Response, conflict: Callable[[], Problem]) -> Response:
    """Run the staged writes and the answer kept for retries in one transaction and commit. When
    another request was faster (a compare-and-set that changed nothing, a unique-key clash),
    nothing is written and the Problem `conflict()` is raised."""
    staged = g.pop("writes", [])
    try:
        kept = [Write(statement, params) for statement, params in idempotency.keep(response)]
        conn = connection.for_writes()
        for write in kept + staged:
            result = conn.execute(write.statement, write.params)
            if write.must_change and result.rowcount == 0:
                raise _Overtaken
        conn.commit()
    except (IntegrityError, _Overtaken):
        conn.rollback()
        raise conflict() from None
    news.announce({write.params["match_id"] for write in staged
                   if write.statement.is_update and write.statement.table is games})
    return response


# -- the schema -----------------------------------------------------------------------------------

def schema_revision() -> str | None:
    """The migration the database is at (None before the first); OperationalError when unreachable."""
    conn = connection.get()
    if not inspect(conn).has_table("alembic_version"):
        return None
    return conn.scalar(text("SELECT version_num FROM alembic_version"))


@cache
def schema_head() -> str | None:
    """The newest migration this code ships."""
    return ScriptDirectory(str(current_app.config["ROOT_MIGRATIONS"])).get_current_head()
