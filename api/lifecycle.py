"""Keeping matches moving over days: resigning, freeing or renaming a seat, claiming a timeout, changing the time per
move, rematches."""
from flask import Blueprint, request
from sqlalchemy import bindparam, delete, insert, update

from engine import GameOver
from engine import events

from . import clock, idempotency, pace, replays, seating, transaction, writes
from .moves import check_version
from .errors import Problem
from .models import games_table, replaced_links_table, seats_table, utc_iso
from .idempotency import idempotent
from .jsonio import no_body, no_content
from .opening import check_seat_exists, opened, opened_by_its_seat
from .push import outbox
from .schemas import PacePerMove, Resign, SeatName

bp = Blueprint("lifecycle", __name__, url_prefix="/api/v1/games")

_FREE = update(games_table).where(games_table.c.id == bindparam("match_id"),
                                  games_table.c.seating == bindparam("seen"))
_FREED = insert(replaced_links_table)  # its token's hash, so that its holder is told the seat was freed (seat_freed)
# The head's time per move, written with the change's event (the event's compare-and-set guards both)
_PACE = update(games_table).where(games_table.c.id == bindparam("match_id")).values(time_per_move=bindparam("seconds"))


@bp.post("/<match_id>/resign")
@idempotent
def resign(match_id: str):
    """Give up: a two-seat match ends (the other seat wins); in a larger one the autopilot plays for
    you. With `bot` in the body, leave instead: a bot of that level plays your seat to the end."""
    match, game, seat = opened(match_id, seat="required", started=True)
    body = Resign().load(request.get_json()) if request.get_data() else {}
    state = replays.state_at(match, game, match.version)
    # a finished match answers game_over (below), whoever is left in it
    if "bot" in body and not events.is_over(game, state) and events.people(state) == [seat]:
        raise Problem(409, "last_person", "You are the last person playing: a match of bots alone is not played. "
                      "Resign instead (the others win), or stay.")
    successor = {"bot": body["bot"]} if "bot" in body else None
    match, state = writes.append(match, game, state, events.Entry("resign", seat, successor))
    return writes.answer(match, game, state, seat)


@bp.delete("/<match_id>/seats/<int:seat>")
def free_seat(match_id: str, seat: int):
    """Give a seat back before the match starts, or free one as the match's creator (its token stops working, and is
    refused with `seat_freed` from then on, not as a mistyped one)."""
    no_body()
    match, _, asker = opened(match_id, seat="required")
    check_seat_exists(match, seat)
    if asker not in (seat, match.creator):  # the creator frees a seat someone took with a leaked invite or code
        raise Problem(403, "not_your_seat", "Only the seat's own token, or the match's creator's, can free it.")
    taken = next((s for s in match.seats if s.seat == seat), None)
    if taken is None:
        raise Problem(409, "seat_free", f"Seat {seat} is free already.")
    if taken.token_hash is None:
        raise Problem(409, "bot_seat", f"Seat {seat} is played by the computer from the start: it stays.")
    if match.full:
        raise Problem(409, "already_started", "The match is over: its seats stay as they were." if match.status == "over"
                      else "The match has started: resign instead." if asker == seat else "The match has started: its "
                      "seats stay taken. Give the seat a new link and send it to the player it belongs to.")
    freed: dict[str, object] = {"seating": match.seating + 1}
    if seat == match.creator:  # whoever takes the seat next did not create the match, nor has its creator's name
        freed.update(creator=None, names=[None if n == seat else name for n, name in enumerate(match.names)])
    transaction.stage(_FREE.values(**freed), {"match_id": match.id, "seen": match.seating}, must_change=True)
    transaction.stage(delete(seats_table).where(seats_table.c.game_id == match.id, seats_table.c.seat == seat))
    transaction.stage(_FREED, {"token_hash": taken.token_hash, "game_id": match.id, "seat": seat,
                               "replaced_at": clock.now(), "freed_by": "seat" if asker == seat else "creator"})
    if asker == seat:  # its device gave it back: nothing to tell
        outbox.forget_token(taken.token_hash)
    else:  # its devices are told, once, that the creator took it off; then forgotten (api/push/outbox.py)
        outbox.freed(match, taken.token_hash)
    return idempotency.commit(no_content(), lambda: Problem(
        409, "seats_changed", "The seats changed a moment ago (a join?); reload the match and try again."))


@bp.patch("/<match_id>/seats/<int:seat>")
@idempotent
def rename_seat(match_id: str, seat: int):
    """Change your own seat's name (a typo, another name): every view shows the new one."""
    match, game, _ = opened_by_its_seat(match_id, seat, to="rename it")
    return seating.rename(match, game, seat, SeatName().load(request.get_json())["name"])


@bp.post("/<match_id>/timeouts")
def claim_timeout(match_id: str):
    """Any seat may claim the turn of a seat whose deadline has passed: the game's first candidate move is made for it."""
    no_body()
    match, game, viewer = opened(match_id, seat="required", started=True)
    state = replays.state_at(match, game, match.version)
    late = events.to_move(game, state)
    if late is None:
        raise GameOver("game_over", "The match is over.")
    _check_still_playing(state, viewer, "the late turns are for those still playing to claim")
    deadline = pace.deadline(match)
    if deadline is None:
        raise Problem(409, "no_deadlines", "This match has no time limit per move.")
    if clock.now() < deadline:
        raise Problem(409, "deadline_not_passed", f"Seat {late} has until {utc_iso(deadline)} to move.",
                      deadline=utc_iso(deadline), version=match.version)  # newer than the claimer's: skipped meanwhile
    timeout = events.Entry("timeout", late, events.stand_in(game, state))
    match, state = writes.append(match, game, state, timeout, by=viewer)
    return writes.answer(match, game, state, viewer)


@bp.post("/<match_id>/pace")
@idempotent
def change_pace(match_id: str):
    """Change the time per move while the match is played (longer, shorter, none), for every seat. Any seat still
    playing may, but not the seat to move: no one lengthens their own running turn (a family sets it for a player
    who is away). The turn being played counts its new time from the change, so a shorter time makes no one late."""
    match, game, seat = opened(match_id, seat="required", started=True)
    body = PacePerMove().load(request.get_json())
    conflict = check_version(body["version"], match.version)
    state = replays.state_at(match, game, match.version)
    to_move = events.to_move(game, state)
    if to_move is None:
        raise GameOver("game_over", "The match is over.")
    _check_still_playing(state, seat, "the time per move is for those still playing to change")
    if to_move == seat:
        raise Problem(409, "own_turn", "You are to move: play first, or ask another player to change the time per move.")
    seconds = body["time_per_move"]
    if seconds == match.time_per_move:
        raise Problem(409, "same_pace", "The match already has that time per move.")
    transaction.stage(_PACE, {"match_id": match.id, "seconds": seconds})
    match, state = writes.append(match.changed(time_per_move=seconds), game, state,
                                 events.Entry(events.PACE, seat, {"time_per_move": seconds}))
    return writes.answer(match, game, state, seat, conflict)


def _check_still_playing(state: events.MatchState, seat: int, why: str) -> None:
    if seat in state.left or seat == state.resigned:
        raise Problem(422, "already_left", f"This seat has left the match: {why}.")


@bp.post("/<match_id>/rematch")
@idempotent
def rematch(match_id: str):
    """Ask for a rematch: the first asker creates it, every asker takes the same seat in it."""
    no_body()
    old, game, seat = opened(match_id, seat="required")
    if old.status != "over":
        raise Problem(409, "not_over", "A rematch can be asked for once the match is over.")
    return seating.rematch(old, game, seat)
