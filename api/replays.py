"""Rebuilding a match's state from its events, with a cache that is never the source of truth.

States are immutable and events append-only, so the state after version v of a match is the
same on every instance and forever. Each process keeps the latest few states of recently seen
matches (a client polling the log since its version is usually a move or two behind the latest);
a request replays only the events after the closest one. A miss, an evicted entry or a fresh
instance simply replays from the deal: the database alone decides what a match is.
"""
import threading
from collections import OrderedDict

from engine import match as events

from . import store
from .models import Event, Match

CACHE_SIZE = 1024  # matches
STATES_KEPT = 4  # per match, the highest versions seen
_recent: "OrderedDict[str, list[tuple[int, events.MatchState]]]" = OrderedDict()
_lock = threading.Lock()


def state_at(match: Match, game, version: int) -> events.MatchState:
    """The match after `version` events."""
    with _lock:
        known = [kept for kept in _recent.get(match.id, ()) if kept[0] <= version]
    done, state = known[-1] if known else (0, initial(match, game))
    if done < version:
        for event in store.events(match, after=done, upto=version):
            state = fold(match, game, state, event)
    remember(match, version, state)
    return state


def initial(match: Match, game) -> events.MatchState:
    """The match as dealt, before any event."""
    return events.begin(game.initial_state(match.seat_count, match.options, match.seed, match.deck), match.seat_count)


def fold(match: Match, game, state: events.MatchState, event: Event) -> events.MatchState:
    return events.apply(game, state, event.kind, event.seat, event.move, match.timeouts_to_leave)


def remember(match: Match, version: int, state: events.MatchState) -> None:
    """Keep `state` among the match's known states (only states of committed events)."""
    with _lock:
        kept = {v: s for v, s in _recent.get(match.id, ())}
        kept[version] = state
        _recent[match.id] = sorted(kept.items(), key=lambda item: item[0])[-STATES_KEPT:]
        _recent.move_to_end(match.id)
        while len(_recent) > CACHE_SIZE:
            _recent.popitem(last=False)


def forget_all() -> None:
    with _lock:
        _recent.clear()
