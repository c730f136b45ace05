"""What a match looks like to one seat or to a spectator: the JSON every view returns."""
import gzip
import hashlib
import re
from pathlib import Path

from flask import Response, current_app, jsonify, request

from engine import events, unhinted

from . import logs, pace
from .context import current_request
from .models import utc_iso
from .matches import Head, MatchRow

ETAG = re.compile(r"v(\d{1,9})\.j\d+\.s(?:x|\d+)\.r[01](?:\.c[0-9a-f]+)?")


def _code_mark() -> str:
    """Six hex digits of the code that shapes views and logs (the engines and this module), the
    same on every instance running that code: a deploy that changes it changes every ETag, so a
    client is not kept on a view of the old shape by `304`s."""
    code = hashlib.sha256()
    for path in sorted(Path(events.__file__).parent.rglob("*.py")) + [Path(__file__)]:
        code.update(path.read_bytes())
    return code.hexdigest()[:6]


CODE_MARK = _code_mark()

# How long a client should wait before polling a match again (Retry-After on its view and its log),
# by status: a running match may move any second, seats fill more slowly, and a finished match can
# only gain a rematch id. Clients back off further while hidden or failing (README).
POLL_AFTER = {"playing": 3, "waiting": 2, "over": 5}  # a join or a rematch offer is seen within seconds


def status(match: MatchRow, game, state: events.MatchState) -> str:
    if len(match.seats) < match.seat_count:
        return "waiting"
    return "over" if events.is_over(game, state) else "playing"


def match_view(match: MatchRow, game, state: events.MatchState, version: int, viewer: int | None) -> dict:
    """The match at `version` as `viewer` (a seat number, or None) may see it."""
    match_status = status(match, game, state)
    turn = events.to_move(game, state) if match_status == "playing" else None  # nobody moves before all have come
    deadline = deadline_iso(match, match_status)
    # The hands are dealt when the match is made, but a seat may be given back until every seat is taken: a
    # player who looked at the hand of the seat they held, gave it back and sat elsewhere would know another's.
    shown = events.view_before_start(game, state) if match_status == "waiting" else game.view(state.game, viewer)
    legal = game.legal_moves(state.game, viewer) if viewer is not None and match_status == "playing" else None
    if not match.hints:  # a counting test: no sum or points worked out before a move (engine/unhinted.py)
        shown, legal = unhinted.view(game, shown), unhinted.legal_moves(game, legal)
    return {
        "id": match.id,
        "game": match.game,
        "rules_version": match.rules_version,
        "status": match_status,
        "version": version,
        "options": match.options,
        "pace": {"time_per_move": match.time_per_move, "timeouts_to_leave": match.timeouts_to_leave},
        "fixed": match.deck is not None,
        "seats": [{**seat, "status": events.status(state, n) if seat["joined"] else "free",
                   "timeouts": state.timeouts[n], "deadline": deadline if n == turn else None}
                  for n, seat in enumerate(seats(match, state.bots))],
        "hints": match.hints,
        "turn": turn,
        "deadline": deadline,
        "scores": game.scores(state.game),
        "seed_sha256": hashlib.sha256(match.seed.encode()).hexdigest(),
        "rematch": match.rematch_id,
        "creator": match.creator,
        "state": shown,
        "you": None if viewer is None else {"seat": viewer, "legal_moves": legal},
        **(outcome(match, game, state) if match_status == "over" else UNDECIDED),
    }


# A match not over has no outcome yet: its view (the hot path of a match in play) and its My games entry test the
# status once for all these fields, and its places are worked out only once it is over. Read only: jsonify never
# changes them.
NO_STANDINGS: dict = {"winners": [], "places": []}
UNDECIDED: dict = {**NO_STANDINGS, "seed": None}


def outcome(match: MatchRow, game, state: events.MatchState) -> dict:
    """A finished match's outcome: its standings and the seed, revealed."""
    return {**standings(game, state), "seed": match.seed}


def standings(game, state: events.MatchState) -> dict:
    """A finished match's winners and each seat's place, worked out only now (its view's, and My games')."""
    return {"winners": events.winners(game, state), "places": events.places(game, state)}


def seats(match: MatchRow, bots: tuple[str | None, ...] | None = None) -> list[dict]:
    """Every seat of the match in order: who sits there, or for a free seat the name its creator
    reserved for it (or null), whether it is taken and since when (a creator checking who came with an invite
    that leaked), and the level of the bot that plays it: per seat in `bots` (a replayed state's, which knows
    the bots seats were handed to when their players left), else those seated at creation."""
    taken = {seat.seat: seat for seat in match.seats}
    return [{"seat": n, "name": taken[n].name if n in taken else match.names[n], "joined": n in taken,
             "joined_at": utc_iso(taken[n].joined_at) if n in taken else None, "bot": level}
            for n, level in enumerate(match.bots if bots is None else bots)]


def view_response(match: MatchRow, game, state: events.MatchState, version: int, viewer: int | None):
    return revalidated(jsonify(match_view(match, game, state, version, viewer)), etag(match, version, viewer))


def not_modified(tag: str) -> Response:
    """The bodiless 304 for a client whose copy tagged `tag` is still current."""
    return revalidated(Response(status=304), tag)


# The headers below are added to answers made here, which have none of them yet: `add` appends,
# where setting one first searches every header for one to replace.

def revalidated(response: Response, tag: str) -> Response:
    """Tag `response`: clients may keep it but must ask again before using it (cheap with If-None-Match)."""
    response.headers.add("ETag", f'"{tag}"')
    response.headers.add("Cache-Control", "private, no-cache")
    return response


PACK_FROM = 1400  # bytes: a shorter answer fits one packet, and compressing it gains no round trip


def packed(response: Response, tag: str) -> Response:
    """`response` tagged `tag` (`revalidated`), gzip-compressed when the client takes it and it is long enough to
    gain: a long match's log is 100-200 kB of JSON, a tenth of that compressed, on a phone's slow link. The
    compressed form has a tag of its own (`packed_tag`), as each encoding must (RFC 9110 8.8.3)."""
    response.vary.add("Accept-Encoding")
    body = response.get_data()
    if len(body) >= PACK_FROM and request.accept_encodings["gzip"] > 0:
        response.set_data(gzip.compress(body, 6, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
        tag = packed_tag(tag)
    return revalidated(response, tag)


def packed_tag(tag: str) -> str:
    """The tag of an answer's gzip-compressed form (the API's long logs, the web app's files)."""
    return f"{tag}.gz"


def polled(response: Response, status: str, waited: int = 0) -> Response:
    """`response` (a 200 or a 304) with the wait before the next poll, from the match's status;
    after a poll that waited for news (`Prefer: wait`), the next may be sent at once."""
    response.headers.add("Retry-After", str(POLL_AFTER[status]))
    if waited:
        response.headers.add("Preference-Applied", f"wait={waited}")
        current_request().environ[logs.WAITED] = True  # its line logs at DEBUG (api/logs.py)
    return response


def etag(match: MatchRow | Head, version: int, viewer: int | None) -> str:
    """Changes whenever the view changes: an event, any seat taken, freed, renamed or given a new link
    (`seating` counts them, so a seat that changed hands is seen), a rematch, another viewer, a deploy of code
    that shapes views. A move names its version by any tag of that version, whatever the mark."""
    rematch = match.rematch if isinstance(match, Head) else match.rematch_id is not None
    return f"v{version}.j{match.seating}.s{_seen_by(viewer)}.r{int(rematch)}.c{CODE_MARK}"


def log_etag(version: int, viewer: int | None) -> str:
    """Changes with each event and per viewer: seats and rematches are not in the log. Never a view's
    ETag, so one cannot stand for the other (nor name a version in a move's If-Match)."""
    return f"log.v{version}.s{_seen_by(viewer)}.c{CODE_MARK}"


def _seen_by(viewer: int | None) -> str:
    return "x" if viewer is None else str(viewer)


def etag_version(tag: str | None) -> int | None:
    """The version an ETag of `etag` names, None for any other tag (werkzeug holds an empty one,
    `""`, as None)."""
    if tag is None:
        return None
    found = ETAG.fullmatch(tag)
    return int(found[1]) if found else None


def link(match: MatchRow, fragment: str) -> str:
    """A link to the match's page; the secret rides in the fragment, which browsers never send."""
    return f"{site()}/g/{match.id}#{fragment}"


def site() -> str:
    """Where this service is reached, without a trailing slash: PUBLIC_URL, else the request's host."""
    return (current_app.config["PUBLIC_URL"] or request.host_url).rstrip("/")


def deadline_iso(match: MatchRow, match_status: str) -> str | None:
    """When the seat to move must have moved, in ISO 8601 (None when not playing or untimed)."""
    due = pace.deadline(match) if match_status == "playing" else None
    return utc_iso(due) if due else None
