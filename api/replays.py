"""Rebuilding a match's state from its events, with a cache that is never the source of truth.

States are immutable and events append-only, so the state after version v of a match is the
same on every instance and forever. Each process keeps the latest state of recently seen matches;
a request replays only the events after it. A miss, an evicted entry or a fresh instance simply
replays from the deal: the database alone decides what a match is.
"""
import threading
from collections import OrderedDict

from engine import match as events

from . import store
from .models import Event, Match

CACHE_SIZE = 1024
_latest: "OrderedDict[str, tuple[int, events.MatchState]]" = OrderedDict()
_lock = threading.Lock()


def state_at(match: Match, game, version: int) -> events.MatchState:
    """The match after `version` events."""
    with _lock:
        known = _latest.get(match.id)
    done, state = known if known and known[0] <= version else (0, initial(match, game))
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
    """Keep `state` as the match's latest known state (only states of committed events)."""
    with _lock:
        known = _latest.get(match.id)
        if known is None or known[0] <= version:
            _latest[match.id] = (version, state)
            _latest.move_to_end(match.id)
        while len(_latest) > CACHE_SIZE:
            _latest.popitem(last=False)


def forget_all() -> None:
    with _lock:
        _latest.clear()
