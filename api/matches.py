"""Reading a match: its row and taken seats, its head (what a poll needs) and its events.

Requests use SQLAlchemy Core, not the ORM: each read is one explicit SELECT on the request's
connection (api/connection.py), run outside the transaction its writes commit in
(api/transaction.py), and a poll reads one row by its primary key. These reads run on the driver's
cursor (api/reads.py): they are most of the SQL of every poll, view and move.
"""
import itertools
import re
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import and_, bindparam, exists, literal, select

from . import connection, reads
from .errors import Problem
from .models import PushSubscription, events_table, games_table, seats_table

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{16}")  # seat_tokens.new_secret(12)


# Rows are named tuples: made for every read, and a tuple is built in C, where a frozen dataclass
# sets each field through object.__setattr__ (a match's 22 fields: 135 bytecodes against 30).

class SeatRow(NamedTuple):
    seat: int
    name: str
    token_hash: str | None  # None for a bot's seat
    joined_at: datetime
    bot: str | None = None  # the level of the bot seated here at creation


class MatchRow(NamedTuple):
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
    seats: tuple[SeatRow, ...] = ()
    pushed: bool = False  # a seat subscribed to push notifications (api/push/): a change stages them

    @property
    def full(self) -> bool:
        return len(self.seats) == self.seat_count

    def changed(self, **changes) -> "MatchRow":
        """This match with `changes`."""
        return self._replace(**changes)

    @property
    def bots(self) -> tuple[str | None, ...]:
        """Per seat, the level of the bot seated there at creation, or None."""
        levels = {seat.seat: seat.bot for seat in self.seats}
        return tuple(levels.get(n) for n in range(self.seat_count))


class Head(NamedTuple):
    """What a poll needs: the match's version, seating and status, and the asking seat."""

    version: int
    seating: int
    status: str
    rematch: bool
    viewer: int | None


MATCH_COLUMNS = tuple(name for name in MatchRow._fields if name not in ("seats", "pushed"))
PUSHED = exists().where(PushSubscription.__table__.c.game_id == games_table.c.id)  # MatchRow.pushed
# The match's columns in MATCH_COLUMNS' order, then the seat's in SeatRow's: a row zips and slices into them.
_SEAT_COLUMNS = tuple(seats_table.c[name] for name in SeatRow._fields)
_SEAT_END = len(MATCH_COLUMNS) + 1  # a row's match columns and `pushed`, then its seat's
_MATCHES_AND_SEATS = (select(*(games_table.c[name] for name in MATCH_COLUMNS), PUSHED.label("pushed"), *_SEAT_COLUMNS)
                      .outerjoin(seats_table, seats_table.c.game_id == games_table.c.id))
_MATCH_AND_SEATS = _MATCHES_AND_SEATS.where(games_table.c.id == bindparam("id"))
# Through SQLAlchemy (an IN list of any length is no statement compiled once): My games' read, not a hot one.
_LOAD_MANY = (_MATCHES_AND_SEATS.where(games_table.c.id.in_(bindparam("ids", expanding=True)))
              .order_by(games_table.c.id, seats_table.c.seat))
_LOAD = reads.Read(_MATCH_AND_SEATS.order_by(seats_table.c.seat), repeated=_SEAT_END)
_SEAT_BY_TOKEN = select(seats_table.c.seat).where(seats_table.c.game_id == games_table.c.id,
                                                  seats_table.c.token_hash == bindparam("token"))
_HEAD = select(games_table.c.version, games_table.c.seating, games_table.c.status,
               games_table.c.rematch_id.is_not(None))
_HEAD_ANONYMOUS = reads.Read(_HEAD.add_columns(literal(None)).where(games_table.c.id == bindparam("id")), Head)
_HEAD_AS_SEAT = reads.Read(_HEAD.add_columns(_SEAT_BY_TOKEN.scalar_subquery())
                           .where(games_table.c.id == bindparam("id")), Head)


def unknown_match() -> Problem:
    return Problem(404, "unknown_match", "There is no match with that id.")


def load(match_id: str) -> MatchRow:
    """The match and its seats in one SELECT; 404 for an unknown id, and for anything not shaped
    like one (never sent to the database)."""
    return _match(_rows(_LOAD, {"id": match_id}))


def load_many(match_ids: Collection[str]) -> dict[str, MatchRow]:
    """The matches of `match_ids` that exist, by id, with their seats, in one SELECT (none for no id)."""
    if not match_ids:
        return {}
    rows = connection.get().execute(_LOAD_MANY, {"ids": list(match_ids)}).all()
    return {match_id: _match(list(group)) for match_id, group in itertools.groupby(rows, key=lambda row: row[0])}


def load_with_events(match_id: str, after: int) -> "tuple[MatchRow, Sequence[EventRow]]":
    """The match, its seats and its events numbered after+1 .. after+EVENTS_WITH_MATCH, in one
    SELECT (each seat joined to each event); 404 as `load`."""
    rows = _rows(_LOAD_WITH_EVENTS, {"id": match_id, "after": after, "upto": after + EVENTS_WITH_MATCH})
    first_event = _SEAT_END + len(_SEAT_COLUMNS)
    read = {row[first_event]: EventRow(*row[first_event:]) for row in rows if row[first_event] is not None}
    return _match(rows, dict.fromkeys), tuple(read.values())  # the first seat's rows list the events in order


def _rows(read: reads.Read, params: dict) -> Sequence[Any]:
    rows = read.rows(params) if MATCH_ID.fullmatch(params["id"]) else []
    if not rows:
        raise unknown_match()
    return rows


def _match(rows: Sequence[Any], distinct=tuple) -> MatchRow:
    """The match of `rows` (one per taken seat, or one without a seat) with its seats, each named
    once by `distinct` where the rows repeat them."""
    taken = distinct(SeatRow(*row[_SEAT_END:_SEAT_END + len(_SEAT_COLUMNS)]) for row in rows if row[_SEAT_END] is not None)
    return MatchRow(**dict(zip(MATCH_COLUMNS, rows[0])), seats=tuple(taken), pushed=bool(rows[0][_SEAT_END - 1]))


def head(match_id: str, token_hash: str | None) -> Head:
    """The match's head and the seat whose token has `token_hash` (None if none has) in one
    SELECT, for polls; 404 as `load`."""
    if not MATCH_ID.fullmatch(match_id):
        raise unknown_match()
    found = _HEAD_AS_SEAT.rows({"id": match_id, "token": token_hash}) if token_hash \
        else _HEAD_ANONYMOUS.rows({"id": match_id})
    if not found:
        raise unknown_match()
    return found[0]


class EventRow(NamedTuple):
    seq: int
    seat: int
    kind: str
    move: Any
    created_at: datetime


_EVENTS = reads.Read(select(*(events_table.c[name] for name in EventRow._fields))
                     .where(events_table.c.game_id == bindparam("id"), events_table.c.seq > bindparam("after"),
                            events_table.c.seq <= bindparam("upto"))
                     .order_by(events_table.c.seq), EventRow)


# Read with a match by `load_with_events`: a poll woken by news of a move made in another process
# reads the match and the move in one round trip. A bound, as each seat's row repeats each event.
EVENTS_WITH_MATCH = 8
_LOAD_WITH_EVENTS = reads.Read(
    _MATCH_AND_SEATS.add_columns(*(events_table.c[name] for name in EventRow._fields))
    .outerjoin(events_table, and_(events_table.c.game_id == games_table.c.id, events_table.c.seq > bindparam("after"),
                                  events_table.c.seq <= bindparam("upto")))
    .order_by(seats_table.c.seat, events_table.c.seq), repeated=_SEAT_END)


def events(match: MatchRow, after: int = 0, upto: int | None = None) -> Sequence[EventRow]:
    """The match's events numbered after+1 .. upto (up to its version by default)."""
    upto = match.version if upto is None else upto
    if upto <= after:
        return []
    return _EVENTS.rows({"id": match.id, "after": after, "upto": upto})
