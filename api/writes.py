"""Writing to a match: one event, the autopilot's moves after it, and the answer, in one commit."""
from engine import match as events

from . import observe, replays, store
from .models import Event, Match, db
from .presenter import view_response


def append(match: Match, game, state: events.MatchState, version: int, kind: str, seat: int,
           move: dict | None) -> tuple[events.MatchState, int]:
    """Stage the event (checked by the rules) and what the autopilot plays after it; return the
    match after them and its new version. `answer` commits."""
    state = events.apply(game, state, kind, seat, move, match.timeouts_to_leave)
    rows = [(kind, seat, move)]
    for auto_seat, auto_move, after in events.autopilot(game, state, match.timeouts_to_leave):
        rows.append(("autopilot", auto_seat, auto_move))
        state = after
    for seq, (what, who, played) in enumerate(rows, start=version + 1):
        db.session.add(Event(game_id=match.id, seq=seq, seat=who, kind=what, move=played))
    return state, version + len(rows)


def answer(match: Match, game, state: events.MatchState, version: int, viewer: int | None):
    """Commit the staged events with the view they lead to (kept for idempotent retries); a clash
    on (game, seq) is a 409 and writes nothing."""
    response = store.save(view_response(match, game, state, version, viewer), "stale_version",
                          "Another move landed first; reload the match and try again.")
    replays.remember(match, version, state)
    observe.moved(match, game, state, version)
    return response
