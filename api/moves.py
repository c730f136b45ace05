"""Making a move: the write that changes a running match."""
from flask import Blueprint
from marshmallow import ValidationError
from werkzeug.datastructures import ETags

from engine import RuleError, events

from . import replays, transaction, writes
from .context import current_request
from .errors import Problem
from .idempotency import idempotent
from .opening import Opened, as_remembered, check_started, opened
from .presenter import etag_version
from .schemas import PostMove

bp = Blueprint("moves", __name__, url_prefix="/api/v1/games")
_BODY = PostMove()  # a schema loads any number of bodies; making one deep-copies its fields


@bp.post("/<match_id>/moves")
@idempotent
def post_move(match_id: str):
    """Make a move on the version the client saw.

    A seat that moves has usually just been shown the match by this process, which remembers its
    row (api/replays.py): the move starts from that row, without reading the match again, and its
    compare-and-set checks that the row is still the match's. When the row was behind, or anything
    refuses the move, it is made again from the match as read now, which decides the answer."""
    try:
        known = replays.known(match_id)
        remembered = known and as_remembered(known, seat_required=True)
        if remembered:
            return _move(remembered, remembered=True)
    except (Problem, RuleError, ValidationError):
        transaction.discard()
    return _move(opened(match_id, seat="required"))


def _move(opened_match: Opened[int], remembered: bool = False):
    match, game, seat = opened_match
    body = _BODY.load(current_request().get_json())
    check_started(match)  # after the body: a malformed move is refused as such, started or not
    conflict = check_version(body.get("version"), match.version)
    state = replays.state_at(match, game, match.version)
    match, state = writes.append(match, game, state, events.Entry(events.PERSON, seat, body["move"]), remembered=remembered)
    return writes.answer(match, game, state, seat, conflict)


def check_version(sent: int | None, current: int):
    """The move (or a change of pace, api/lifecycle.py) names its version in the body, in If-Match (a view's ETag), or both; each must be
    current. Returns the refusal for a move that another one overtakes before it is stored: 412
    when the version came in If-Match, as for one refused here."""
    asked = current_request()
    tagged = "If-Match" in asked.headers and not asked.if_match.star_tag
    if sent is None and not tagged:
        raise Problem(428, "version_required", "Name the version you moved on: 'version' in the body, "
                      "or the ETag of the view you saw in If-Match.")
    if sent is not None and sent != current:
        raise _stale(409, f"You moved on version {sent}, but the match is at version {current}", current)
    if tagged and current not in {etag_version(tag) for tag in asked.if_match.as_set()}:
        _refuse_tags(asked.if_match, current)
    return _stale_tagged if tagged else writes.stale


def _stale_tagged() -> Problem:
    return writes.stale(412)


def _refuse_tags(if_match: ETags, current: int):
    """Why If-Match names no current version: a weak tag (a compressing proxy marks them so), which
    If-Match never matches (RFC 9110 13.1.1); a tag of another version; or no view's tag at all."""
    strong = [version for tag in if_match.as_set() if (version := etag_version(tag)) is not None]
    if not strong and any(if_match.is_weak(tag) for tag in if_match.as_set(include_weak=True)):
        raise Problem(412, "weak_etag", "A weak ETag (W/...) never matches If-Match: send the view's ETag "
                      "without W/, or the version in the body.", version=current)
    if not strong:
        raise _stale(412, f"The ETag in If-Match is no view's ETag; the match is at version {current}", current)
    raise _stale(412, f"The ETag in If-Match is of version {max(strong)}, but the match is at version {current}",
                 current)


def _stale(status: int, why: str, version: int) -> Problem:
    return Problem(status, "stale_version", f"{why}; reload and try again.", version=version)
