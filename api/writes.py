"""Appending to a match: one event, then the autopilot's moves for seats that have left."""
from engine import match as events

from . import replays, store
from .models import Event, Match, db


def append(match: Match, game, state: events.MatchState, version: int, kind: str, seat: int,
           move: dict | None) -> tuple[events.MatchState, int]:
    """Store the event (checked by the rules) and what the autopilot plays after it, in one
    transaction; a clash on (game, seq) is a 409 and writes nothing. Returns (state, version)."""
    state = events.apply(game, state, kind, seat, move, match.timeouts_to_leave)
    rows = [(kind, seat, move)]
    for auto_seat, auto_move, after in events.autopilot(game, state, match.timeouts_to_leave):
        rows.append(("autopilot", auto_seat, auto_move))
        state = after
    for seq, (what, who, played) in enumerate(rows, start=version + 1):
        db.session.add(Event(game_id=match.id, seq=seq, seat=who, kind=what, move=played))
    store.commit_or_conflict("stale_version", "Another move landed first; reload the match and try again.")
    version += len(rows)
    replays.remember(match, version, state)
    return state, version
