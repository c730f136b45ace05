"""A leaked invite: the match's creator replaces its invite and join code while a seat is free.

An invite forwarded beyond the family chat, or a class's join code posted in a public group, lets anyone take a
free seat. The creator (by the token of the seat that created the match) gets a new invite and code; the old ones
let nobody in from then on, and a join or look-up with one is told that they were replaced (api/join_codes.py).
A seat someone took with the leaked one is freed by the creator before the match starts (api/lifecycle.py), and
the creator sends the new invite to the player who should have it.
"""
from flask import Blueprint

from . import jsonio, matches, seating
from .idempotency import idempotent

bp = Blueprint("invites", __name__, url_prefix="/api/v1/games")


@bp.post("/<match_id>/invite")
@idempotent
def replace_invite(match_id: str):
    """The match's creator replaces its invite and join code: the old ones let nobody in any more."""
    jsonio.no_body()
    return seating.new_invite(matches.load(match_id))
