"""Stored states of matches: derived data that makes a cold replay short.

Every EVERY events, the write that crosses the mark also stores the match's state then, pickled.
A snapshot is keyed by the code that made it (a fingerprint of engine/), so one made by another
version of the rules or of the state classes is never read: it is ignored until the match stores
a new one. Deleting every snapshot changes no answer, only how much a cold process replays.
Pickle is safe here because only this service writes the table, from states it replayed itself.
"""
import hashlib
import pickle
from pathlib import Path

from sqlalchemy import bindparam, insert, select

from . import connection, transaction
from .models import Snapshot

EVERY = 50  # events between snapshots: the most a cold request replays
# ADD-TOO recomputes the cells around its board at every event: a replayed event costs about five
# times what it does in the other games (`make bench`), so it stores its states five times as often.
DENSER = {"addtoo": 5}


def _fingerprint() -> str:
    engine = Path(__file__).resolve().parent.parent / "engine"
    code = hashlib.sha256()
    for source in sorted(engine.glob("*.py")):
        code.update(source.name.encode() + b"\0" + source.read_bytes())
    return code.hexdigest()[:16]


ENGINE = _fingerprint()
_table = Snapshot.__table__
_LATEST = (select(_table.c.version, _table.c.state)
           .where(_table.c.game_id == bindparam("id"), _table.c.engine == ENGINE, _table.c.version <= bindparam("upto"))
           .order_by(_table.c.version.desc()).limit(1))


def latest(match_id: str, upto: int):
    """(version, state) of the match's newest snapshot at or before `upto`, or None."""
    row = connection.get().execute(_LATEST, {"id": match_id, "upto": upto}).first()
    return (row.version, pickle.loads(row.state)) if row else None


def every(game_key: str) -> int:
    """Events between two snapshots of a match of that game."""
    return max(1, EVERY // DENSER.get(game_key, 1))


def stage_if_due(match_id: str, game_key: str, before: int, after: int, state) -> None:
    """Store `state` (the match at version `after`) when the events since `before` cross a mark."""
    if after // every(game_key) > before // every(game_key):
        transaction.stage(insert(_table).values(game_id=match_id, version=after, engine=ENGINE,
                                                state=pickle.dumps(state, pickle.HIGHEST_PROTOCOL)))
