"""Deadlines: when the seat to move must have moved, in a match with a time per move."""
from datetime import datetime, timedelta

from .models import as_utc
from .matches import MatchRow


def deadline(match: MatchRow) -> datetime | None:
    """The match's last change (its last event or seat taken) plus its time per move (None
    without a time limit)."""
    if match.time_per_move is None:
        return None
    return as_utc(match.moved_at) + timedelta(seconds=match.time_per_move)
