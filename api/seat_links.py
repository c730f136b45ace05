"""A seat's link in safe hands: the match's creator gives a lost seat a new link, a seat cuts off
the other devices holding its link by taking a new one, and a device
showing a seat learns whether another device showed it lately.

A seat is its secret token, and its link carries it: whoever opens the link plays the seat. So a
player who lost the link (it stayed in a chat app's browser, say) has lost the seat, and a link
passed on hands the seat over without a word. The creator of the match may replace a seat's
token, and a seat its own (the new one answered to the device that asked): the old link stops working at once, and its holder is told why (401 `link_replaced`, from
`seat_tokens.refused_token`). Each device keeps a random id and announces it when it shows a seat; the
seat keeps the last one (hashed) and when, and a device that finds another one there lately is
told. A new link changes the match's seating, and so its views' ETags; the devices are neither
read nor written by a poll.
"""
from datetime import timedelta

from flask import Blueprint, jsonify, request
from sqlalchemy import bindparam, insert, select, update

from . import clock, connection, idempotency, jsonio, seat_tokens, transaction
from .errors import Problem
from .idempotency import idempotent
from .models import as_utc, replaced_links_table, seats_table, utc_iso
from .opening import check_creator, check_seat_exists, opened, opened_by_its_seat
from .presenter import link
from .seating import RESEATED
from .push import outbox
from .schemas import SeatDevice

bp = Blueprint("seat_links", __name__, url_prefix="/api/v1/games")

# Another device that showed the seat within this long is "active": a match may run over days, and
# a phone that opened it this morning is likely still the player's.
ACTIVE = timedelta(hours=24)

_THE_SEAT = (seats_table.c.game_id == bindparam("match_id"), seats_table.c.seat == bindparam("seat_no"),
             seats_table.c.token_hash == bindparam("old_hash"))
_RELINK = update(seats_table).where(*_THE_SEAT).values(token_hash=bindparam("new_hash"), device_hash=None,
                                                       device_at=None)
_REPLACED = insert(replaced_links_table)
_DEVICE = select(seats_table.c.device_hash, seats_table.c.device_at).where(*_THE_SEAT)
_SHOWN = update(seats_table).where(*_THE_SEAT).values(device_hash=bindparam("new_device"),
                                                      device_at=bindparam("now"))


def _changed() -> Problem:
    return Problem(409, "link_changed", "The seat's link changed a moment ago (another request gave it a new one); "
                   "reload the match and try again.")


@bp.post("/<match_id>/seats/<int:seat>/link")
@idempotent
def reissue_link(match_id: str, seat: int):
    """A seat's new link, asked by the seat itself (its other devices cut off) or by the match's
    creator for another seat (a lost link); the old link stops working at once."""
    jsonio.no_body()
    match, _, asker = opened(match_id, seat="required")
    if seat != asker:
        check_creator(match, asker, "give another seat a new link")
    check_seat_exists(match, seat)
    taken = next((s for s in match.seats if s.seat == seat), None)
    if taken is None:
        raise Problem(409, "seat_free", f"Seat {seat} is free: send the invite link to whoever should take it.")
    if taken.token_hash is None:
        raise Problem(409, "bot_seat", f"Seat {seat} is played by the computer: it has no link.")
    token, now = seat_tokens.new_secret(), clock.now()
    the_seat = {"match_id": match.id, "seat_no": seat, "old_hash": taken.token_hash}
    # The seat changing hands: its news also refuses at once the waiting polls by the old link (api/news.py).
    # The match's row is written first, as every other write of a match does: two writers never wait
    # for each other's rows in opposite orders (a deadlock on PostgreSQL).
    transaction.stage(RESEATED, {"match_id": match.id, "seen": match.seating, "new_seating": match.seating + 1},
                      must_change=True)
    transaction.stage(_RELINK, {**the_seat, "new_hash": seat_tokens.digest(token)}, must_change=True)
    transaction.stage(_REPLACED, {"token_hash": taken.token_hash, "game_id": match.id, "seat": seat,
                                  "replaced_at": now})
    outbox.forget_token(taken.token_hash)
    response = jsonio.secret(jsonify(seat=seat, name=taken.name, token=token, seat_link=link(match, f"seat={token}")))
    return idempotency.commit(response, _changed)


@bp.put("/<match_id>/seats/<int:seat>/device")
def show_seat(match_id: str, seat: int):
    """This device shows the seat now: record it, and say whether another device showed it lately."""
    match = opened_by_its_seat(match_id, seat, to="say where it is shown").match
    token_hash = next(taken.token_hash for taken in match.seats if taken.seat == seat)
    # Hashed with the seat's token: a device's id cannot be followed from one seat to another.
    mine = seat_tokens.digest(f"{token_hash}\n{SeatDevice().load(request.get_json())['device']}")
    the_seat = {"match_id": match.id, "seat_no": seat, "old_hash": token_hash}
    last = connection.get().execute(_DEVICE, the_seat).first()
    if last is None:  # the token was replaced since the match was read
        raise _changed()
    now = clock.now()
    other = last.device_hash not in (None, mine) and now - as_utc(last.device_at) < ACTIVE
    transaction.stage(_SHOWN, {**the_seat, "new_device": mine, "now": now}, must_change=True)
    # The other device named for this seat alone, and not by what the seat keeps of it (which a new showing compares)
    named = seat_tokens.digest(f"named\n{last.device_hash}")[:16] if other else None
    response = jsonify(other_device_active=other, other_device_seen_at=utc_iso(last.device_at) if other else None,
                       other_device=named)
    return idempotency.commit(response, _changed)
