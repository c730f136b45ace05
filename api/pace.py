"""Deadlines: when the seat to move must have moved, in a match with a time per move."""
from collections.abc import Iterable
from datetime import datetime, timedelta

from engine.events import PACE, Event

from .models import as_utc
from .matches import MatchRow


def deadline(match: MatchRow) -> datetime | None:
    """The match's last change (its last event or seat taken) plus its time per move (None
    without a time limit)."""
    if match.time_per_move is None:
        return None
    return as_utc(match.moved_at) + timedelta(seconds=match.time_per_move)


def after(time_per_move: int | None, later: Iterable[Event]) -> int | None:
    """The time per move after the events `later`, from `time_per_move` before them: the last change of pace they hold
    (a row caught up from news of events, api/news.py, keeps the match's own)."""
    for event in later:
        if event.kind == PACE:
            time_per_move = (event.move or {}).get("time_per_move")
    return time_per_move
