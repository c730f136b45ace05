"""Rebuilding a match's state from its events, with caches that are never the source of truth.

States are immutable and events append-only, so the state after version v of a match is the
same on every instance and forever. Two caches spare a request most of the replay:

- each process keeps the latest few states of recently seen matches (a client polling the log
  since its version is usually a move or two behind the latest);
- every few events (api/snapshots.py: 50, or 10 in ADD-TOO), the move's own transaction stores the
  state, so a cold process or another instance replays at most that many events.

A miss, an evicted entry, a dropped snapshot or a fresh instance simply replays more: the events
alone decide what a match is.

With its states, the process keeps the newest row it has seen of each of those matches (read, or
written by a move it committed): a move may start from it instead of reading the match again
(api/moves.py), because the move's compare-and-set then checks in the database everything that
row says which the move depends on (api/writes.py's `remembered`).
"""
import threading
from collections import OrderedDict
from collections.abc import Sequence
from operator import itemgetter

from engine import UnknownEvent, events
from engine.replay import Setup, dealt

from . import matches, snapshots
from .matches import MatchRow

CACHE_SIZE = 1024  # matches
STATES_KEPT = 4  # per match, the highest versions seen
_recent: "OrderedDict[str, tuple[MatchRow, tuple[tuple[int, events.MatchState], ...]]]" = OrderedDict()  # lowest version first
_VERSION = itemgetter(0)
_lock = threading.Lock()


def state_at(match: MatchRow, game, version: int) -> events.MatchState:
    """The match after `version` events."""
    with _lock:
        kept = _recent.get(match.id, (None, ()))[1]
    done, state = next((known for known in reversed(kept) if known[0] <= version), (0, None))
    if version - done >= snapshots.every(match.game):
        stored = snapshots.latest(match.id, version)
        if stored and stored[0] > done:
            done, state = stored
    if state is None:
        state = initial(match, game)
    if done < version:
        try:
            state = events.fold(game, state, matches.events(match, after=done, upto=version), match.timeouts_to_leave)
        except UnknownEvent as unknown:  # for the log line: My games reads many matches
            unknown.match = match.id
            raise
    remember(match, version, state)
    return state


def newest_state(match_id: str) -> int | None:
    """The version of the newest state this process keeps of the match, if it keeps one."""
    with _lock:
        kept = _recent.get(match_id, (None, ()))[1]
    return kept[-1][0] if kept else None


def catch_up(match: MatchRow, game, after: int, later: Sequence[matches.EventRow]) -> bool:
    """Keep the state that the events `later`, read or heard of after version `after` (whose state this
    process kept when it read them), lead to, with `match` as its row; whether it could."""
    with _lock:
        kept = dict(_recent.get(match.id, (None, ()))[1])
    if not (later and after in kept):  # evicted meanwhile
        return False
    remember(match, later[-1].seq, events.fold(game, kept[after], later, match.timeouts_to_leave))
    return True


def initial(match: MatchRow, game) -> events.MatchState:
    """The match as dealt, before any event, under the rules version it was created with."""
    return dealt(game, Setup(match.seat_count, match.options, match.seed, match.deck, match.rules_version), match.bots)


def remember(match: MatchRow, version: int, state: events.MatchState) -> None:
    """Keep `state`, the match after `version` events, among its known states, and `match` as its
    row if no newer one is known (only committed states and rows)."""
    with _lock:
        row, states = _recent.get(match.id, (match, ()))
        if not states or version > states[-1][0]:  # the usual: newer than every state kept
            states = (*states, (version, state))[-STATES_KEPT:]
        elif version not in map(_VERSION, states):
            states = tuple(sorted((*states, (version, state)), key=_VERSION)[-STATES_KEPT:])
        newest = match if (match.version, match.seating) >= (row.version, row.seating) else row
        _recent[match.id] = newest, states
        _recent.move_to_end(match.id)
        while len(_recent) > CACHE_SIZE:
            _recent.popitem(last=False)


def known(match_id: str) -> MatchRow | None:
    """The newest row of the match this process has seen, if it still keeps it."""
    with _lock:
        return _recent.get(match_id, (None,))[0]


def forget_all() -> None:
    with _lock:
        _recent.clear()
