"""The service's own events, each one JSON log line and a count in the metrics: a match created,
started (every seat taken), finished or rematched, and each move."""
from engine import events

from . import logs, metrics
from .matches import MatchRow


def seated(match: MatchRow, new: bool) -> None:
    """A seat of `match` was taken and saved: in a `new` match, or the last free one (it starts)."""
    if new:
        logs.event("match_created", match=match.id, game=match.game, seats=match.seat_count)
        metrics.match_entered(match.game, "waiting")
    if match.full:
        logs.event("match_started", match=match.id, game=match.game, seats=match.seat_count)
        metrics.match_entered(match.game, "playing")


def rematched(old: MatchRow, new: MatchRow) -> None:
    logs.event("match_rematch", match=new.id, game=new.game, rematch_of=old.id)


def moved(match: MatchRow, game, state: events.MatchState) -> None:
    """Events up to the match's version were saved: count the move, and tell when it ended the match."""
    metrics.moved(match.game)
    if match.status == "over":
        logs.event("match_finished", match=match.id, game=match.game, version=match.version,
                   winners=events.winners(game, state), resigned=state.resigned is not None)
        metrics.match_entered(match.game, "over")
