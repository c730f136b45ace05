"""Matches: create, view, join and replay."""
import hmac
import secrets

from flask import Blueprint, jsonify, request, url_for

from engine.replay import start

from . import observe, replays, store
from .errors import Problem
from .idempotency import idempotent
from .models import Match, Seat, db
from .presenter import etag, link, match_view, not_modified, polled, view_response
from .schemas import CreateGame, JoinGame

bp = Blueprint("games", __name__, url_prefix="/api/v1/games")


@bp.post("")
@idempotent
def create_game():
    """Create a match and take its first seat."""
    body = CreateGame().load(request.get_json())
    game = store.game_module(body["game"])
    names = [name and name.strip() for name in body.get("players") or [body["name"]] + [None] * (body["seats"] - 1)]
    match, invite = new_match(game, names, body["options"], body.get("deck"),
                              body.get("time_per_move"), body["timeouts_to_leave"])
    token = take_seat(match, 0, names[0])
    db.session.add(match)
    response = created(match, game, 0, token, "id_taken", "A new match's id clashed with another's; try again.",
                       invite=invite, invite_link=link(match, f"invite={invite}"))
    observe.created(match)
    return response


@bp.get("/<match_id>")
def get_game(match_id: str):
    """The match now, with the asking seat's hand and what it may do."""
    match = store.load(match_id)
    version = store.version(match)
    return polled(conditional(match, version, store.seat_of_request(match)), match, version)


@bp.get("/<match_id>/versions/<int:version>")
def get_version(match_id: str, version: int):
    """The match as it was after `version` events, for replays."""
    match = store.load(match_id)
    viewer = store.seat_of_request(match)
    current = store.version(match)
    if version > current:
        raise Problem(404, "unknown_version", f"The match has {current} events; there is no version {version}.")
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
    name = (body.get("name") or (match.names[seat] if seat < match.seat_count else "") or "").strip()
    token = take_seat(match, seat, name)
    response = created(match, store.game_module(match.game), seat, token, "seat_taken",
                       f"Seat {seat} was taken a moment ago; pick another.")
    observe.joined(match)
    return response


def new_match(game, names: list, options: dict, deck: list | None, time_per_move: int | None,
              timeouts_to_leave: int) -> tuple[Match, str]:
    """A new match (not yet stored) and its invite code; BadSetup if the rules refuse it."""
    seed = secrets.token_hex(16)
    setup, _ = start(game, len(names), options, seed, deck)
    invite = store.new_secret(16)
    match = Match(id=store.new_secret(12), game=game.KEY, rules_version=game.RULES_VERSION,
                  seat_count=setup.seats, options=setup.options, seed=seed, deck=setup.deck,
                  invite_hash=store.digest(invite), names=names, time_per_move=time_per_move,
                  timeouts_to_leave=timeouts_to_leave)
    return match, invite


def take_seat(match: Match, seat: int, name: str | None) -> str:
    """Seat a player (committed by the caller) and return the seat's new secret token."""
    if seat >= match.seat_count:
        raise Problem(422, "no_such_seat", f"This match has seats 0 to {match.seat_count - 1}.")
    if any(s.seat == seat for s in match.seats):
        raise Problem(409, "seat_taken", f"Seat {seat} is taken; pick another.")
    if not name:
        raise Problem(422, "name_required", "Give a name to take this seat.")
    token = store.new_secret()
    match.seats.append(Seat(seat=seat, name=name, token_hash=store.digest(token)))
    return token


def created(match: Match, game, seat: int, token: str, clash: str, detail: str, **extra):
    """Commit a seat just taken (a unique-key clash is a 409 `clash`) and answer 201 with its
    secret link and the match as it sees it."""
    version = store.version(match)
    state = replays.state_at(match, game, version) if version else replays.initial(match, game)
    response = jsonify(seat=seat, token=token, seat_link=link(match, f"seat={token}"), **extra,
                       game=match_view(match, game, state, version, viewer=seat))
    response.status_code = 201
    response.headers["Location"] = url_for("games.get_game", match_id=match.id)
    return store.save(response, clash, detail)


def conditional(match: Match, version: int, viewer: int | None):
    """The view at `version`, or a bodiless 304 when the client's ETag is still current."""
    tag = etag(match, version, viewer)
    if tag in request.if_none_match:
        return not_modified(tag)
    game = store.game_module(match.game)
    return view_response(match, game, replays.state_at(match, game, version), version, viewer)


def _first_free(match: Match) -> int:
    taken = {seat.seat for seat in match.seats}
    free = [n for n in range(match.seat_count) if n not in taken]
    if not free:
        raise Problem(409, "match_full", "Every seat of this match is taken.")
    return free[0]
