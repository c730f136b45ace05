"""Matches: create, view, join, replay and the move log."""
import hmac
import secrets

from flask import Blueprint, Response, jsonify, request, url_for

from engine.replay import start, states

from . import replays, store
from .errors import Problem
from .idempotency import idempotent
from .models import Match, Seat, db, utc_iso
from .presenter import etag, link, match_view
from .schemas import CreateGame, JoinGame

bp = Blueprint("games", __name__, url_prefix="/api/v1/games")


@bp.post("")
@idempotent
def create_game():
    """Create a match and take its first seat."""
    body = CreateGame().load(request.get_json())
    game = store.game_module(body["game"])
    names = body.get("players") or [body["name"]] + [None] * (body["seats"] - 1)
    names = [name and name.strip() for name in names]
    seed = secrets.token_hex(16)
    setup, state = start(game, len(names), body["options"], seed, body.get("deck"))
    invite, token = store.new_secret(16), store.new_secret()
    match = Match(id=store.new_secret(12), game=game.KEY, rules_version=game.RULES_VERSION,
                  seat_count=setup.seats, options=setup.options, seed=seed, deck=setup.deck,
                  invite_hash=store.digest(invite), names=names)
    match.seats.append(Seat(seat=0, name=names[0], token_hash=store.digest(token)))
    db.session.add(match)
    response = jsonify(seat=0, token=token, seat_link=link(match, f"seat={token}"), invite=invite,
                       invite_link=link(match, f"invite={invite}"),
                       game=match_view(match, game, state, 0, viewer=0))
    response.status_code = 201
    response.headers["Location"] = url_for("games.get_game", match_id=match.id)
    return store.save(response, "id_taken", "A new match's id clashed with another's; try again.")


@bp.get("/<match_id>")
def get_game(match_id: str):
    """The match now, with the asking seat's hand and what it may do."""
    match = store.load(match_id)
    viewer = store.seat_of_request(match)
    return conditional(match, store.version(match), viewer)


@bp.get("/<match_id>/versions/<int:version>")
def get_version(match_id: str, version: int):
    """The match as it was after `version` moves, for replays."""
    match = store.load(match_id)
    viewer = store.seat_of_request(match)
    current = store.version(match)
    if version > current:
        raise Problem(404, "unknown_version", f"The match has {current} moves; there is no version {version}.")
    return conditional(match, version, viewer)


@bp.post("/<match_id>/seats")
@idempotent
def join_game(match_id: str):
    """Take a free seat with the invite code."""
    match = store.load(match_id)
    body = JoinGame().load(request.get_json())
    if not hmac.compare_digest(match.invite_hash, store.digest(body["invite"])):
        raise Problem(403, "bad_invite", "That invite code is not this match's.")
    seat = body.get("seat", _first_free(match))
    _check_free(match, seat)
    name = (body.get("name") or match.names[seat] or "").strip()
    if not name:
        raise Problem(422, "name_required", "Give a name to take this seat.")
    game = store.game_module(match.game)
    version = store.version(match)
    state = replays.state_at(match, game, version)
    token = store.new_secret()
    match.seats.append(Seat(seat=seat, name=name, token_hash=store.digest(token)))
    response = jsonify(seat=seat, token=token, seat_link=link(match, f"seat={token}"),
                       game=match_view(match, game, state, version, viewer=seat))
    response.status_code = 201
    return store.save(response, "seat_taken", f"Seat {seat} was taken a moment ago; pick another.")


@bp.get("/<match_id>/moves")
def list_moves(match_id: str):
    """Every move so far, as the asking seat may see it."""
    match = store.load(match_id)
    viewer = store.seat_of_request(match)
    game = store.game_module(match.game)
    stored = store.events(match)
    history = list(states(game, store.setup(match), store.moves(stored)))
    entries = [{"seq": event.seq, "seat": event.seat, "at": utc_iso(event.created_at),
                "move": game.log_entry(history[i], event.seat, event.move, history[i + 1], viewer)}
               for i, event in enumerate(stored)]
    return jsonify(version=len(stored), moves=entries)


def conditional(match: Match, version: int, viewer: int | None):
    """The view at `version`, or a bodiless 304 when the client's ETag is still current."""
    tag = etag(match, version, viewer)
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        game = store.game_module(match.game)
        response = jsonify(match_view(match, game, replays.state_at(match, game, version), version, viewer))
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _first_free(match: Match) -> int:
    taken = {seat.seat for seat in match.seats}
    free = [n for n in range(match.seat_count) if n not in taken]
    if not free:
        raise Problem(409, "match_full", "Every seat of this match is taken.")
    return free[0]


def _check_free(match: Match, seat: int) -> None:
    if seat >= match.seat_count:
        raise Problem(422, "no_such_seat", f"This match has seats 0 to {match.seat_count - 1}.")
    if any(s.seat == seat for s in match.seats):
        raise Problem(409, "seat_taken", f"Seat {seat} is taken; pick another.")
