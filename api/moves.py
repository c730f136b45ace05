"""Making a move: the one write that changes a running match."""
from flask import Blueprint, jsonify, request

from . import replays, store
from .errors import Problem
from .idempotency import idempotent
from .models import Event, db
from .presenter import etag, etag_version, match_view
from .schemas import PostMove

bp = Blueprint("moves", __name__, url_prefix="/api/v1/games")


@bp.post("/<match_id>/moves")
@idempotent
def post_move(match_id: str):
    """Make a move on the version the client saw."""
    match = store.load(match_id)
    seat = store.seat_of_request(match, required=True)
    body = PostMove().load(request.get_json())
    if len(match.seats) < match.seat_count:
        raise Problem(409, "not_started", f"Waiting for players: {len(match.seats)} of {match.seat_count} seats taken.")
    current = store.version(match)
    _check_version(body.get("version"), current)
    game = store.game_module(match.game)
    state = game.apply(replays.state_at(match, game, current), seat, body["move"])
    version = current + 1
    db.session.add(Event(game_id=match.id, seq=version, seat=seat, move=body["move"]))
    response = jsonify(match_view(match, game, state, version, seat))
    response.set_etag(etag(match, version, seat))
    store.save(response, "stale_version", "Another move landed first; reload the match and try again.")
    replays.remember(match, version, state)
    return response


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
