"""Writing to a match: one event, the bots' and the autopilot's moves after it, and the answer, in one commit."""

from sqlalchemy import Boolean, DateTime, Integer, String, bindparam, exists, insert, select, update

from engine import events

from . import clock, connection, idempotency, matches, news, observe, replays, snapshots, transaction
from .errors import Problem
from .matches import MatchRow
from .models import events_table, games_table, seats_table
from .presenter import view_response
from .push import outbox
from .reads import Prepared


def stale(status: int = 409) -> Problem:
    """Another write landed between this one's read and its commit (412 for a move that named its version in
    If-Match)."""
    return Problem(status, "stale_version", "Another move landed first; reload the match and try again.")


_NO_MOVE = frozenset({events.HINT, events.RESIGN})  # events after which the seat to move is the same

# A move's writes are Prepared (api/reads.py): compiled once, every parameter bound by name. The
# compare-and-set checks the seating with the version, so that the row a move leaves is the match's
# own (its head is news: api/news.py), though a seat changed hands since the row was read.
_ADVANCE_CLAUSE = (update(games_table).where(games_table.c.id == bindparam("match_id"),
                                             games_table.c.version == bindparam("seen"),
                                             games_table.c.seating == bindparam("seen_seating"))
                   .values(version=bindparam("new_version"), status=bindparam("new_status"),
                           turn=bindparam("new_turn"), moved_at=bindparam("now")))
# For a match staged from the row this process remembers (api/replays.py), not from one this request
# read: what that row says and no event changes is checked too. A replaced link changes the seat's
# token (and the seating); a push subscription, none of the match's columns.
_AS_REMEMBERED = (exists().where(seats_table.c.game_id == games_table.c.id,
                                 seats_table.c.seat == bindparam("asking_seat"),
                                 seats_table.c.token_hash == bindparam("asking_token")),
                  matches.PUSHED == bindparam("seen_pushed", type_=Boolean))


def _advance_and_append(advance) -> Prepared:
    """PostgreSQL: the compare-and-set `advance` and one event in one statement, which inserts the
    event only if the match was still as seen (its rowcount is then 1, else 0). Alone in a request's
    writes it commits by itself, in the reads' autocommit: one round trip instead of BEGIN, UPDATE,
    INSERT and COMMIT. (SQLite has no UPDATE in a WITH.) The event's parameters are named apart from
    every column of `games`: a parameter named as a column would join the UPDATE's SET."""
    advanced = advance.returning(games_table.c.id).cte("advanced")
    return Prepared(insert(events_table).from_select(
        ["game_id", "seq", "seat", "kind", "move", "created_at"],
        select(advanced.c.id, bindparam("event_seq", type_=Integer), bindparam("event_seat", type_=Integer),
               bindparam("event_kind", type_=String), bindparam("event_move", type_=events_table.c.move.type),
               bindparam("event_at", type_=DateTime(timezone=True))).select_from(advanced)
    ).returning(events_table.c.seq))  # with RETURNING, psycopg reports the rowcount


_ADVANCE, _ADVANCE_AND_APPEND = Prepared(_ADVANCE_CLAUSE), _advance_and_append(_ADVANCE_CLAUSE)
_ADVANCE_REMEMBERED = Prepared(_ADVANCE_CLAUSE.where(*_AS_REMEMBERED))
_ADVANCE_AND_APPEND_REMEMBERED = _advance_and_append(_ADVANCE_CLAUSE.where(*_AS_REMEMBERED))
_EVENTS = Prepared(insert(events_table).values(
    {name: bindparam(name) for name in ("game_id", "seq", "seat", "kind", "move", "created_at")}))


def append(match: MatchRow, game, state: events.MatchState, event: events.Entry,
           by: int | None = None, remembered: bool = False) -> tuple[MatchRow, events.MatchState]:
    """Stage `event` (checked by the rules), what the bots and the autopilot play after it, the
    match's new head as a compare-and-set on its version and seating, and the push notifications it
    calls for (`by` is the seat that asked, when not the event's); return the match and its state
    after them. `remembered`: `match` is the row this process remembers, and the compare-and-set also
    checks the asking seat's token and whether the match has push subscriptions.
    `answer` commits."""
    return _stage(match, game, events.apply(game, state, *event, match.timeouts_to_leave), [event], by, remembered)


def stand_ins(match: MatchRow, game, state: events.MatchState) -> tuple[MatchRow, events.MatchState]:
    """Stage what the bots and the autopilot play while one of them is to move (after a seat was
    taken, say): nothing when a person is to move."""
    return _stage(match, game, state, [], None, False)


def _stage(match: MatchRow, game, state: events.MatchState, rows: list[events.Entry], by: int | None,
           remembered: bool):
    """Stage `rows` (events already applied to `state`) and the stand-ins' moves after them."""
    for kind, seat, move, after in events.stand_ins(game, state, match.timeouts_to_leave, match.seed,
                                                    match.version + len(rows)):
        rows.append(events.Entry(kind, seat, move))
        state = after
    if not rows:
        return match, state
    now = clock.now()
    over = events.is_over(game, state)
    # A hint, or a seat leaving while another is to move, leaves that seat's deadline where it was: a late seat's
    # turn was skippable, and stayed so. The end of a match is its last change (My games shows the newest first).
    moved_at = match.moved_at if rows[-1].kind in _NO_MOVE and not over else now
    moved = match.changed(version=match.version + len(rows), moved_at=moved_at,
                          status="over" if over else "playing", turn=events.to_move(game, state))
    advance = {"match_id": match.id, "seen": match.version, "seen_seating": match.seating, "new_version": moved.version,
               "new_status": moved.status, "new_turn": moved.turn, "now": moved.moved_at}
    kind, seat, played = rows[0]
    asking = seat if by is None else by
    if remembered:
        token = next(taken.token_hash for taken in match.seats if taken.seat == asking)
        advance.update(asking_seat=asking, asking_token=token, seen_pushed=match.pushed)
    on_postgresql = connection.get().dialect.name == "postgresql"
    if len(rows) == 1 and on_postgresql:
        transaction.stage(_ADVANCE_AND_APPEND_REMEMBERED if remembered else _ADVANCE_AND_APPEND, {
            **advance, "event_seq": moved.version, "event_seat": seat, "event_kind": kind, "event_move": played,
            "event_at": now}, must_change=True)
    else:
        # The events before the row: PostgreSQL's trigger on the row's change then finds them and tells
        # them (migration 0011). A write that lost the race fails on their unique key, or on the
        # compare-and-set, and either undoes both as the caller's conflict.
        transaction.stage(_EVENTS, [
            {"game_id": match.id, "seq": seq, "seat": who, "kind": what, "move": played, "created_at": now}
            for seq, (what, who, played) in enumerate(rows, start=match.version + 1)])
        transaction.stage(_ADVANCE_REMEMBERED if remembered else _ADVANCE, advance, must_change=True,
                          news=None if on_postgresql else news.of_change(moved, rows, now))  # SQLite's datagrams
    snapshots.stage_if_due(match.id, match.game, match.version, moved.version, state)
    outbox.after_event(moved, kind, seat, asking)
    return moved, state


def answer(match: MatchRow, game, state: events.MatchState, viewer: int | None, conflict=stale):
    """Commit the staged writes with the view of `match` they lead to (kept for idempotent
    retries); when another write landed first, `conflict()` is raised and nothing is written."""
    response = idempotency.commit(view_response(match, game, state, match.version, viewer), conflict)
    replays.remember(match, match.version, state)
    news.moved(match)
    observe.moved(match, game, state)
    return response
