"""Making a move: the write that changes a running match."""
from flask import Blueprint, request

from . import replays, store, writes
from .errors import Problem
from .presenter import view_response
from .schemas import PostMove

bp = Blueprint("moves", __name__, url_prefix="/api/v1/games")


@bp.post("/<match_id>/moves")
def post_move(match_id: str):
    """Make a move on the version the client saw."""
    match = store.load(match_id)
    seat = store.seat_of_request(match, required=True)
    body = PostMove().load(request.get_json())
    store.check_started(match)
    current = store.version(match)
    if body["version"] != current:
        raise Problem(409, "stale_version",
                      f"You moved on version {body['version']}, but the match is at version {current}; "
                      "reload and try again.", version=current)
    game = store.game_module(match.game)
    state, version = writes.append(match, game, replays.state_at(match, game, current), current, "move", seat,
                                   body["move"])
    return view_response(match, game, state, version, seat)
