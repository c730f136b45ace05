"""Hints: the move the hard bot would play for the asking seat, from that seat's view only.

Asking is recorded as an event of kind `hint` (engine/events.py), so that the log marks the seat's
next move as made after a hint; the match's version rises, nothing else changes. The hint itself
is not stored: it is computed again from the same state and seed whenever needed. Asking again
before anything else happened records nothing more (or a seat could grow the log without end) and
gets the same hint: the same state, and the seed of the same version.
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
    asked = after = replays.state_at(match, game, match.version)
    if seat not in asked.hinted or events.to_move(game, asked) != seat:  # else asked again: nothing to record
        match, after = writes.append(match, game, asked, events.Entry("hint", seat))
    hint = bots.hint(game, asked.game, seat, events.bot_seed(match.seed, seat, match.version))
    response = jsonify(hint=hint, game=match_view(match, game, after, match.version, viewer=seat))
    idempotency.commit(response, writes.stale)
    replays.remember(match, match.version, after)
    return response
