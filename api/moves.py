"""Making a move: the one write that changes a running match."""
from flask import Blueprint, jsonify, request

from engine.replay import replay

from . import store
from .errors import Problem
from .models import Event, db
from .presenter import etag, match_view
from .schemas import PostMove

bp = Blueprint("moves", __name__, url_prefix="/api/v1/games")


@bp.post("/<match_id>/moves")
def post_move(match_id: str):
    """Make a move on the version the client saw."""
    match = store.load(match_id)
    seat = store.seat_of_request(match, required=True)
    body = PostMove().load(request.get_json())
    if len(match.seats) < match.seat_count:
        raise Problem(409, "not_started", f"Waiting for players: {len(match.seats)} of {match.seat_count} seats taken.")
    stored = store.events(match)
    _check_version(body["version"], len(stored))
    game = store.game_module(match.game)
    state = game.apply(replay(game, store.setup(match), store.moves(stored)), seat, body["move"])
    version = len(stored) + 1
    db.session.add(Event(game_id=match.id, seq=version, seat=seat, move=body["move"]))
    store.commit_or_conflict("stale_version", "Another move landed first; reload the match and try again.")
    response = jsonify(match_view(match, game, state, version, seat))
    response.set_etag(etag(match, version, seat))
    return response


def _check_version(sent: int, current: int) -> None:
    if sent != current:
        raise Problem(409, "stale_version",
                      f"You moved on version {sent}, but the match is at version {current}; reload and try again.",
                      version=current)
