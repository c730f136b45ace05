"""Making a move: the one write that changes a running match."""
from flask import Blueprint, jsonify, request

from . import replays, store
from .errors import Problem
from .idempotency import idempotent
from .models import Event, db
from .presenter import etag, match_view
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
    _check_version(body["version"], current)
    game = store.game_module(match.game)
    state = game.apply(replays.state_at(match, game, current), seat, body["move"])
    version = current + 1
    db.session.add(Event(game_id=match.id, seq=version, seat=seat, move=body["move"]))
    response = jsonify(match_view(match, game, state, version, seat))
    response.set_etag(etag(match, version, seat))
    store.save(response, "stale_version", "Another move landed first; reload the match and try again.")
    replays.remember(match, version, state)
    return response


def _check_version(sent: int, current: int) -> None:
    if sent != current:
        raise Problem(409, "stale_version",
                      f"You moved on version {sent}, but the match is at version {current}; reload and try again.",
                      version=current)
