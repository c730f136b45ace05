"""How long matches are kept, and deleting them with everything they hold (`flask --app wsgi cleanup`).

Three kinds of match go: those nobody but their creator joined in a week (`--days`), the finished
ones past KEEP_FINISHED_DAYS after their last move, and the abandoned ones, not finished and left
without a move or a seat taken for KEEP_IDLE_DAYS (both unset: kept until the operator deletes
them). A match goes with its seats, events, replaced links, snapshots and push subscriptions (and
their waiting messages), BATCH matches to a transaction, so that a crash leaves none half deleted;
each batch is news (api/news.py: PostgreSQL's trigger, migration 0013, or this process's datagrams
on SQLite), so that a poll waiting on a deleted match is answered at once.
The three selects read every match, once a day: an index on status and moved_at, which every move
changes, would be written at every move, and take from PostgreSQL the updates of a match's row in
place (HOT), for a query run once a day.
Answers kept for retried requests are keyed by a hash that names no match (api/idempotency.py):
the cleanup deletes every one past IDEMPOTENCY_TTL, the matches' among them. The push subscriptions of a seat its
match's creator freed go once their one message is sent, or with the cleanup once it is no news.
"""
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import Select, delete, exists, func, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import aliased

from . import clock, idempotency, names, news
from .database import transactional
from .models import (Event, IdempotencyKey, Match, PushMessage, PushSubscription, ReplacedInvite, ReplacedLink, Seat,
                     Snapshot, db)
from .push import delivery

BATCH = 500
KEPT = ("KEEP_FINISHED_DAYS", "KEEP_IDLE_DAYS")  # the settings, in the order of `kept_days`'s answer


def kept_days() -> dict[str, int | None]:
    """This instance's retention, as the API says it: days a finished match and an abandoned one
    are kept (None: until the operator deletes them)."""
    finished, idle = (current_app.config[name] for name in KEPT)
    return {"finished_days": finished, "idle_days": idle}


def unjoined(days: int) -> Select:
    """Matches older than `days` that nobody but their creator joined, and where nothing was played.
    A rematch its finished match offers stays: the others may come back to it after days (the
    game waits)."""
    offered = aliased(Match)
    return (select(Match.id).where(Match.created_at < _ago(days))
            .where(select(func.count()).where(Seat.game_id == Match.id).scalar_subquery() <= 1)
            .where(~exists().where(Event.game_id == Match.id))
            .where(~exists().where(offered.rematch_id == Match.id)))


def finished(days: int) -> Select:
    """Finished matches whose last move (the one that ended them) is older than `days`."""
    return select(Match.id).where(Match.status == "over", Match.moved_at < _ago(days))


def abandoned(days: int) -> Select:
    """Matches not finished where nobody moved or took a seat in `days`."""
    return select(Match.id).where(Match.status != "over", Match.moved_at < _ago(days))


def named(name: str) -> list[Match]:
    """The matches where a seat has, or was kept for, a name that reads as `name` (as api/names.py
    compares the names of one match: case, width and joiners aside), the latest changed first: what
    an operator erases when someone asks for their matches to go. Names are read here, not compared
    in SQL, whose lower() is ASCII's on SQLite."""
    seated = {game_id for game_id, seat_name in db.session.execute(select(Seat.game_id, Seat.name))
              if names.reads_as(seat_name, name)}
    kept = {match_id for match_id, kept_names in db.session.execute(select(Match.id, Match.names))
            if any(kept_name and names.reads_as(kept_name, name) for kept_name in kept_names or ())}
    return list(db.session.scalars(select(Match).where(Match.id.in_(seated | kept)).order_by(Match.moved_at.desc())))


def match_id(text: str) -> str:
    """A match's id from itself or from a link to it as its players have one (`/g/<id>#seat=...`, an
    API URL): what an operator is given."""
    parts = urlsplit(text.strip()).path.strip("/").split("/")
    for marker in ("g", "games"):
        if marker in parts[:-1]:
            return parts[parts.index(marker) + 1]
    return parts[-1]


def delete_matches(chosen: Select) -> int:
    """Delete the matches `chosen` selects and all they hold, BATCH to a transaction; how many."""
    deleted = 0
    while True:
        with db.engine.connect() as conn:
            # Chosen in the transaction that deletes them, rows locked, so that no move or join lands in between:
            # SQLite's one write lock taken at BEGIN, PostgreSQL's lock on each chosen match's row.
            if conn.dialect.name == "sqlite":
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            ids = list(transactional(conn).scalars(chosen.limit(BATCH).with_for_update(of=Match)))
            if not ids:
                return deleted
            _delete(conn, ids)
            conn.commit()
        news.announce(set(ids))  # their waiting polls answer now, as a GET of a match gone does
        deleted += len(ids)


def delete_expired_answers() -> int:
    """Delete the answers kept for retries past IDEMPOTENCY_TTL; how many."""
    with db.engine.begin() as conn:
        return conn.execute(delete(IdempotencyKey).where(IdempotencyKey.created_at < idempotency.cutoff())).rowcount


def delete_unheld_subscriptions() -> int:
    """Delete the push subscriptions of a token no seat holds any more that wait for no news: those of a seat its
    match's creator freed, whose last message (api/push/outbox.py, freed) no worker sent while it was news (a day:
    delivery.MAX_AGE; sent, dropped or gone, the worker deletes the subscription with it); how many."""
    held = exists().where(Seat.game_id == PushSubscription.game_id, Seat.seat == PushSubscription.seat,
                          Seat.token_hash == PushSubscription.token_hash)
    news = exists().where(PushMessage.subscription_id == PushSubscription.id,
                          PushMessage.due_at > clock.now() - delivery.MAX_AGE)
    unheld = select(PushSubscription.id).where(~held, ~news)
    with db.engine.begin() as conn:
        conn.execute(delete(PushMessage).where(PushMessage.subscription_id.in_(unheld)))
        return conn.execute(delete(PushSubscription).where(PushSubscription.id.in_(unheld))).rowcount


def _delete(conn: Connection, ids: list[str]) -> None:
    subscriptions = select(PushSubscription.id).where(PushSubscription.game_id.in_(ids))
    conn.execute(delete(PushMessage).where(PushMessage.subscription_id.in_(subscriptions)))
    for table in (PushSubscription, Snapshot, ReplacedLink, ReplacedInvite, Event, Seat):
        conn.execute(delete(table).where(table.game_id.in_(ids)))
    # A kept match that offered one of these as its rematch offers none now (its players may ask
    # for a new one), rather than a link to a match that is gone.
    conn.execute(update(Match).where(Match.rematch_id.in_(ids)).values(rematch_id=None))
    conn.execute(delete(Match).where(Match.id.in_(ids)))


def _ago(days: int) -> datetime:
    return clock.now() - timedelta(days=days)
