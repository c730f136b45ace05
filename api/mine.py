"""My games: every match a device holds a seat in, most urgent first, with who plays it and its
version, so that a client sees what changed from this one request."""
from flask import Blueprint, jsonify, request
from sqlalchemy import select

from engine import match as events

from . import replays, store
from .models import Seat, db
from .presenter import deadline_iso, seats, status
from .schemas import MyGames

bp = Blueprint("mine", __name__, url_prefix="/api/v1")


@bp.post("/my-games")
def my_games():
    """The matches of the seat tokens a device holds (unknown tokens are left out)."""
    tokens = MyGames().load(request.get_json())["tokens"]
    seats = db.session.scalars(select(Seat).where(Seat.token_hash.in_([store.digest(t) for t in tokens])))
    entries = [_entry(seat) for seat in seats]
    entries.sort(key=lambda e: (not e["your_turn"], e["status"] == "over", e["deadline"] or "~", e["id"]))
    return jsonify(games=entries)


def _entry(seat: Seat) -> dict:
    match = store.load(seat.game_id)
    game = store.game_module(match.game)
    version = store.version(match)
    state = replays.state_at(match, game, version)
    now = status(match, game, state)
    turn = events.to_move(game, state)
    return {"id": match.id, "game": match.game, "seat": seat.seat, "name": seat.name, "status": now,
            "version": version, "turn": turn, "your_turn": now == "playing" and turn == seat.seat,
            "deadline": deadline_iso(match, now), "winners": events.winners(game, state) if now == "over" else [],
            "seats": seats(match)}
