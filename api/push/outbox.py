"""Staging notifications: when a change needs a seat to act, one outbox row per subscription of
that seat is inserted in the change's own transaction (so a notification exists exactly when the
change was committed, and a request never waits for a push service). `flask deliver` sends them.

Each notice is one INSERT ... SELECT over the seat's subscriptions, run only for a match that has
any (`MatchRow.pushed`, read with the match): a match nobody subscribed to costs nothing more."""
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa

from engine.events import HINT, PACE

from .. import clock, pace, transaction
from ..models import PushMessage, PushSubscription, seats_table
from ..matches import MatchRow

subscriptions, outbox = PushSubscription.__table__, PushMessage.__table__
REMINDER_MAX = timedelta(hours=1)  # remind a seat this long before its deadline (a quarter of a short time)

# One outbox row per subscription selected, of the kind, actor, version and due time bound
_COLUMNS = ["subscription_id", "kind", "actor", "version", "due_at", "attempts"]
_ROWS = sa.select(subscriptions.c.id, sa.bindparam("kind", type_=sa.String), sa.bindparam("actor", type_=sa.String),
                  sa.bindparam("version", type_=sa.Integer), sa.bindparam("due_at", type_=sa.DateTime(timezone=True)),
                  sa.literal(0, sa.Integer))
_NOTIFY = sa.insert(outbox).from_select(
    _COLUMNS,
    # only the seat's current token: a seat given back and taken again has a new one
    _ROWS.join(seats_table, sa.and_(seats_table.c.game_id == subscriptions.c.game_id,
                                    seats_table.c.seat == subscriptions.c.seat,
                                    seats_table.c.token_hash == subscriptions.c.token_hash))
    .where(subscriptions.c.game_id == sa.bindparam("match_id"), subscriptions.c.seat == sa.bindparam("seat")))


# The last message of a token's subscriptions, which no seat holds any more: each is deleted with it (delivery.LAST)
_FAREWELL = sa.insert(outbox).from_select(_COLUMNS, _ROWS.where(subscriptions.c.token_hash == sa.bindparam("token_hash")))


def forget_token(token_hash: str) -> None:
    """Stage the end of a seat token's subscriptions (their queued messages go with them): the link was
    replaced or the seat given back, so the devices that hold it are no longer the seat's."""
    transaction.stage(sa.delete(subscriptions).where(subscriptions.c.token_hash == token_hash))


def freed(match: MatchRow, token_hash: str) -> None:
    """The match's creator took the seat of `token_hash` off `match` before its start: each device subscribed with
    that token is told so, once, by its last message (the worker deletes its subscription with it, whatever becomes
    of it; retention.delete_unheld_subscriptions one that no worker sent while it was news). The seat's row is gone:
    no other message reaches these subscriptions (_NOTIFY joins the seat's current token), nor this one another's.
    Staged whether or not the match was read with subscriptions (`pushed`): one registered since is told too."""
    transaction.stage(_FAREWELL, {"token_hash": token_hash, "kind": "freed", "actor": _name(match, match.creator),
                                  "version": match.version, "due_at": clock.now()})


@dataclass(frozen=True)
class Notice:
    seat: int
    kind: str
    actor: str | None = None
    due_at: datetime | None = None  # later than now for a deadline reminder


def _stage(match: MatchRow, notices: list[Notice]) -> None:
    if not match.pushed or not notices:
        return
    now = clock.now()
    transaction.stage(_NOTIFY, [{"match_id": match.id, "seat": notice.seat, "kind": notice.kind,
                                 "actor": notice.actor, "version": match.version, "due_at": notice.due_at or now}
                                for notice in notices])


def _name(match: MatchRow, seat: int | None) -> str | None:
    return next((taken.name for taken in match.seats if taken.seat == seat), None)


def _reminder(match: MatchRow) -> list[Notice]:
    """A reminder to the seat to move, due shortly before its deadline."""
    deadline = pace.deadline(match)
    if deadline is None or match.time_per_move is None or match.status != "playing" or match.turn is None:
        return []
    ahead = min(REMINDER_MAX, timedelta(seconds=match.time_per_move) / 4)
    return [Notice(match.turn, "deadline", due_at=deadline - ahead)]


_TOLD = {"timeout": "late", PACE: "pace"}  # what the seat now to move is told, by the kind of event: else "turn"


def after_event(match: MatchRow, kind: str, seat: int, by: int) -> None:
    """`match` (as the events left it) got an event of `kind` for `seat`, asked for by seat `by`, and
    the stand-ins' moves after it: the match over tells every other seat; else the seat now to move is
    told, unless it asked (the stand-ins never go round to a late seat whose turn another skipped: they
    stop at the turn of the seat that asked, which is still playing). A hint changes neither the turn
    nor its deadline: the reminder staged with the turn stands. A change of pace (never by the seat to move) tells
    the seat to move, whose deadline it moved, and stages its new reminder."""
    if kind == HINT:
        return
    actor = _name(match, seat)
    if match.status == "over":
        notices = [Notice(taken.seat, "over", actor) for taken in match.seats if taken.seat != by]
    elif match.turn is not None and match.turn != by:
        notices = [Notice(match.turn, _TOLD.get(kind, "turn"), actor)]
    else:
        notices = []
    _stage(match, notices + _reminder(match))


def after_seating(match: MatchRow, seat: int) -> None:
    """`seat` was taken in `match`: when that started the match, the seat to move is told."""
    if match.status != "playing" or match.turn is None:
        return
    notices = [Notice(match.turn, "joined", _name(match, seat))] if match.turn != seat else []
    _stage(match, notices + _reminder(match))


def rematch_offered(old: MatchRow, seat: int) -> None:
    """`seat` created a rematch of `old`: its other seats are asked to join."""
    _stage(old, [Notice(taken.seat, "rematch", _name(old, seat)) for taken in old.seats if taken.seat != seat])
