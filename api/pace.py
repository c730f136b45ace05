"""Deadlines: when the seat to move must have moved, in a match with a time per move."""
from datetime import datetime, timedelta

from . import store
from .models import Match


def deadline(match: Match) -> datetime | None:
    """The last change of the match plus its time per move (None without a time limit)."""
    if match.time_per_move is None:
        return None
    return store.last_activity(match) + timedelta(seconds=match.time_per_move)
