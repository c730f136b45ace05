"""The service's own events, each one JSON log line and a count in the metrics: a match created,
started (every seat taken), finished, rematched, and each move."""
from engine import match as events

from . import logs, metrics
from .models import Match


def created(match: Match, rematch_of: str | None = None) -> None:
    logs.event("match_rematch" if rematch_of else "match_created", match=match.id, game=match.game,
               seats=match.seat_count, **({"rematch_of": rematch_of} if rematch_of else {}))
    metrics.match_entered(match.game, "waiting")


def joined(match: Match) -> None:
    """A seat was taken: the match starts once it was the last free one."""
    if len(match.seats) == match.seat_count:
        logs.event("match_started", match=match.id, game=match.game, seats=match.seat_count)
        metrics.match_entered(match.game, "playing")


def moved(match: Match, game, state: events.MatchState, version: int) -> None:
    """Events up to `version` were saved: count the move, and tell when it ended the match."""
    metrics.moved(match.game)
    if events.is_over(game, state):
        logs.event("match_finished", match=match.id, game=match.game, version=version,
                   winners=events.winners(game, state), resigned=state.resigned is not None)
        metrics.match_entered(match.game, "over")
