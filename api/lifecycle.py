"""Keeping matches moving over days: resigning, freeing a seat, claiming a timeout, rematches."""
from flask import Blueprint, Response
from sqlalchemy import update

from engine import match as events

from . import clock, observe, pace, replays, store, writes
from .errors import Problem
from .games import created, new_match, take_seat
from .models import Match, db, utc_iso
from .idempotency import idempotent
from .presenter import link, seats, status

bp = Blueprint("lifecycle", __name__, url_prefix="/api/v1/games")


@bp.post("/<match_id>/resign")
def resign(match_id: str):
    """Give up: a two-seat match ends (the other seat wins); in a larger one the autopilot plays for you."""
    match, game, seat = _seat_in_started_match(match_id)
    current = store.version(match)
    state, version = writes.append(match, game, replays.state_at(match, game, current), current, "resign", seat, None)
    return writes.answer(match, game, state, version, seat)


@bp.delete("/<match_id>/seats/<int:seat>")
def free_seat(match_id: str, seat: int):
    """Give a seat back before the match starts (its token stops working)."""
    match = store.load(match_id)
    if store.seat_of_request(match, required=True) != seat:
        raise Problem(403, "not_your_seat", "Only the seat's own token can free it.")
    if len(match.seats) == match.seat_count:
        raise Problem(409, "already_started", "The match has started: resign instead.")
    match.seats = [taken for taken in match.seats if taken.seat != seat]
    db.session.commit()
    return Response(status=204)


@bp.post("/<match_id>/timeouts")
def claim_timeout(match_id: str):
    """Any seat may claim the turn of a seat whose deadline has passed: its simplest move is made for it."""
    match, game, _ = _seat_in_started_match(match_id)
    current = store.version(match)
    state = replays.state_at(match, game, current)
    late = events.to_move(game, state)
    deadline = pace.deadline(match)
    if deadline is None:
        raise Problem(409, "no_deadlines", "This match has no time limit per move.")
    if clock.now() < deadline:
        raise Problem(409, "deadline_not_passed", f"Seat {late} has until {utc_iso(deadline)} to move.",
                      deadline=utc_iso(deadline))
    state, version = writes.append(match, game, state, current, "timeout", late, events.stand_in(game, state))
    return writes.answer(match, game, state, version, store.seat_of_request(match))


@bp.post("/<match_id>/rematch")
@idempotent
def rematch(match_id: str):
    """Ask for a rematch: the first asker creates it, every asker takes the same seat in it."""
    old = store.load(match_id)
    seat = store.seat_of_request(old, required=True)
    game = store.game_module(old.game)
    if status(old, game, replays.state_at(old, game, store.version(old))) != "over":
        raise Problem(409, "not_over", "A rematch can be asked for once the match is over.")
    names = [seat["name"] for seat in seats(old)]
    extra = {}
    if old.rematch_id is None:
        match, invite = new_match(game, names, old.options, None, old.time_per_move, old.timeouts_to_leave)
        db.session.add(match)
        db.session.flush()
        claimed = db.session.execute(update(Match).where(Match.id == old.id, Match.rematch_id.is_(None))
                                     .values(rematch_id=match.id)).rowcount
        if claimed:
            extra = {"invite": invite, "invite_link": link(match, f"invite={invite}")}
        else:  # another seat created it a moment ago: use theirs
            db.session.rollback()
            db.session.refresh(old)
    if not extra:
        match = store.load(old.rematch_id)
    token = take_seat(match, seat, names[seat])
    response = created(match, game, seat, token, "seat_taken",
                       "Your seat in the rematch is already taken (asked from another device?).", **extra)
    if extra:  # this asker created the rematch
        observe.created(match, rematch_of=old.id)
    observe.joined(match)
    return response


def _seat_in_started_match(match_id: str):
    match = store.load(match_id)
    seat = store.seat_of_request(match, required=True)
    store.check_started(match)
    return match, store.game_module(match.game), seat
