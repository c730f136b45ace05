"""Hints: the move the hard bot would play for the asking seat, from that seat's view only.

Asking is recorded as an event of kind `hint` (engine/events.py), so that the log marks the seat's
next move as made after a hint; the match's version rises, nothing else changes. The hint itself
is not stored: it is computed again from the same state and seed whenever needed.
"""
from flask import Blueprint, jsonify

from engine import bots
from engine import events

from . import idempotency, replays, writes
from .errors import Problem
from .idempotency import idempotent
from .jsonio import no_body
from .opening import opened
from .presenter import match_view

bp = Blueprint("hints", __name__, url_prefix="/api/v1/games")


@bp.post("/<match_id>/hint")
@idempotent
def ask_hint(match_id: str):
    """The hard bot's move for the asking seat, which must be the seat to move, with its arithmetic in words."""
    no_body()
    match, game, seat = opened(match_id, seat="required", started=True)
    if not match.hints:
        raise Problem(403, "hints_off", "The creator of this match turned hints off.")
    state = replays.state_at(match, game, match.version)
    asked, after = writes.append(match, game, state, events.Entry("hint", seat))
    hint = bots.hint(game, state.game, seat, events.bot_seed(match.seed, seat, asked.version))
    response = jsonify(hint=hint, game=match_view(asked, game, after, asked.version, viewer=seat))
    idempotency.commit(response, writes.stale)
    replays.remember(asked, asked.version, after)
    return response
