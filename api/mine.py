"""My games: every match a device holds a seat in, most urgent first, with who plays it and its
version, so that a client sees what changed from this one request."""
import math
from datetime import datetime

from flask import Blueprint, jsonify, request
from sqlalchemy import bindparam, select

from engine import UnknownEvent, events

from . import catalogue, connection, jsonio, matches, replays, seat_tokens
from .errors import log_newer_event
from .models import events_table, replaced_links_table, seats_table, utc_iso
from .presenter import NO_STANDINGS, deadline_iso, seats, standings
from .schemas import MyGames

bp = Blueprint("mine", __name__, url_prefix="/api/v1")


@bp.post("/my-games")
def my_games():
    """The matches of the seat tokens a device holds (unknown tokens are left out), read in one SELECT
    however many, those this release cannot read (a newer one wrote to them) named apart, and the tokens whose
    link was replaced, or whose seat was freed before the start (looked up only when some token is not a seat's)."""
    hashes = [seat_tokens.digest(token) for token in MyGames().load(request.get_json())["tokens"]]
    held = connection.get().execute(select(seats_table.c.game_id, seats_table.c.seat, seats_table.c.name, _LAST_MOVE)
                                    .where(seats_table.c.token_hash.in_(hashes))).all()
    found = matches.load_many({game_id for game_id, *_ in held})  # a match deleted since the seats' read: left out
    loaded = [(found[game_id], seat, name, moved) for game_id, seat, name, moved in held if game_id in found]
    joined = _rematch_seats([match.rematch_id for match, *_ in loaded if match.rematch_id])
    entries, unreadable = [], []
    for match, seat, name, moved in loaded:
        try:
            entries.append(_entry(match, seat, name, moved, (match.rematch_id, seat) in joined))
        except UnknownEvent as newer:  # one such match hid every other one of the device's (a whole 503)
            log_newer_event(newer, match.id)
            unreadable.append({"id": match.id, "game": match.game, "seat": seat})
    stopped = connection.get().execute(_REPLACED, {"hashes": hashes}).all() if len(held) < len(hashes) else []
    return jsonio.secret(jsonify(games=sorted(entries, key=_urgency), unreadable=unreadable,
                                 replaced=[{"id": game_id, "seat": seat, "replaced_at": utc_iso(at)}
                                           for game_id, seat, at, by in stopped if by is None],
                                 freed=[{"id": game_id, "seat": seat, "freed_at": utc_iso(at), "by": by}
                                        for game_id, seat, at, by in stopped if by]))


# When the seat's match last saw a move of the game (a person's, a bot's, the autopilot's or a claimed timeout's; not
# a hint nor a resignation): its last such event, found from the newest back on the (game_id, seq) key, which
# stops at the first. Null before any.
_LAST_MOVE = (select(events_table.c.created_at)
              .where(events_table.c.game_id == seats_table.c.game_id, events_table.c.kind.in_(events.PLAYED))
              .order_by(events_table.c.seq.desc()).limit(1).scalar_subquery())

_REPLACED = (select(replaced_links_table.c.game_id, replaced_links_table.c.seat, replaced_links_table.c.replaced_at,
                    replaced_links_table.c.freed_by)
             .where(replaced_links_table.c.token_hash.in_(bindparam("hashes", expanding=True))))

_REMATCH_SEATS = (select(seats_table.c.game_id, seats_table.c.seat)
                  .where(seats_table.c.game_id.in_(bindparam("ids", expanding=True))))


def _urgency(entry: dict) -> tuple:
    """Most urgent first: the seat's turn, a rematch waiting for the seat, the matches waiting for the others, each
    by the soonest deadline, then the longest wait since the last move; then those the seat is out of (it left, or
    missed too many turns: the others' deadlines put one at the top of theirs, with no move of its own to come), then
    the finished ones, the newest first (a keen player's dozens of old ones buried a rematch just offered at the foot
    of the list)."""
    over = entry["status"] == "over"
    rematch = over and entry["rematch"] is not None and not entry["rematch_joined"]
    out = entry["your_status"] != "playing"
    rank = 0 if entry["your_turn"] else 1 if rematch else 4 if over else 3 if out else 2
    due = datetime.fromisoformat(entry["deadline"]).timestamp() if entry["deadline"] else math.inf
    since = datetime.fromisoformat(entry["moved_at"]).timestamp()
    return rank, due, -since if over else since, entry["id"]


def _rematch_seats(rematches: list[str]) -> set[tuple[str, int]]:
    """The taken seats of these rematches, as (id, seat), in one SELECT (none without a rematch). A
    seat that asked for the rematch takes the same seat there, from whichever device asked."""
    if not rematches:
        return set()
    return {(game_id, seat) for game_id, seat in connection.get().execute(_REMATCH_SEATS, {"ids": rematches})}


def _entry(match: matches.MatchRow, seat: int, name: str, moved: datetime | None, rematch_joined: bool) -> dict:
    """One match as My games shows it: the replayed state (a snapshot and a few events at most)
    tells its winners and places (once it is over), the seat's turns missed in a row and the bots
    that took over seats whose players left; `moved`, when its last move was made (None before the
    first); `rematch_joined`, whether the seat took its place in the rematch (maybe from another
    device, whose new token this one cannot be given)."""
    game = catalogue.game(match.game)
    state = replays.state_at(match, game, match.version)
    return {"id": match.id, "game": match.game, "seat": seat, "name": name, "status": match.status,
            "version": match.version, "turn": match.turn, "your_turn": match.status == "playing" and match.turn == seat,
            "deadline": deadline_iso(match, match.status), "created_at": utc_iso(match.created_at),
            "moved_at": utc_iso(match.moved_at),
            "moved": utc_iso(moved) if moved else None, "rematch": match.rematch_id,
            "rematch_joined": rematch_joined, "your_status": events.status(state, seat),
            "timeouts": state.timeouts[seat], "timed_out": state.timeouts[seat] >= match.timeouts_to_leave,
            **(standings(game, state) if match.status == "over" else NO_STANDINGS), "seats": seats(match, state.bots)}
