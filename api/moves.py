"""Making a move: the write that changes a running match."""
from flask import Blueprint, request

from . import replays, store, writes
from .errors import Problem
from .idempotency import idempotent
from .presenter import etag_version
from .schemas import PostMove

bp = Blueprint("moves", __name__, url_prefix="/api/v1/games")


@bp.post("/<match_id>/moves")
@idempotent
def post_move(match_id: str):
    """Make a move on the version the client saw."""
    match = store.load(match_id)
    seat = store.seat_of_request(match, required=True)
    body = PostMove().load(request.get_json())
    store.check_started(match)
    current = store.version(match)
    _check_version(body.get("version"), current)
    game = store.game_module(match.game)
    state, version = writes.append(match, game, replays.state_at(match, game, current), current, "move", seat,
                                   body["move"])
    return writes.answer(match, game, state, version, seat)


def _check_version(sent: int | None, current: int) -> None:
    """The move names its version in the body, in If-Match (a view's ETag), or both; each must be current."""
    tagged = "If-Match" in request.headers and not request.if_match.star_tag
    if sent is None and not tagged:
        raise Problem(428, "version_required", "Name the version you moved on: 'version' in the body, "
                      "or the ETag of the view you saw in If-Match.")
    if sent is not None and sent != current:
        raise Problem(409, "stale_version",
                      f"You moved on version {sent}, but the match is at version {current}; reload and try again.",
                      version=current)
    if tagged and current not in {etag_version(tag) for tag in request.if_match.as_set()}:
        raise Problem(412, "stale_version",
                      f"The ETag in If-Match is not the match's version {current}; reload and try again.",
                      version=current)
