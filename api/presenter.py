"""What a match looks like to one seat or to a spectator: the JSON every view returns."""
import hashlib
import re

from flask import current_app, request

from .models import Match

ETAG = re.compile(r"v(\d{1,9})\.j\d+\.s(?:x|\d+)")


def status(match: Match, game, state) -> str:
    if len(match.seats) < match.seat_count:
        return "waiting"
    return "over" if game.is_over(state) else "playing"


def match_view(match: Match, game, state, version: int, viewer: int | None) -> dict:
    """The match at `version` as `viewer` (a seat number, or None) may see it."""
    now = status(match, game, state)
    names = {seat.seat: seat.name for seat in match.seats}
    return {
        "id": match.id,
        "game": match.game,
        "rules_version": match.rules_version,
        "status": now,
        "version": version,
        "options": match.options,
        "fixed": match.deck is not None,
        "seats": [{"seat": n, "name": names.get(n, match.names[n]), "joined": n in names}
                  for n in range(match.seat_count)],
        "turn": game.to_move(state),
        "scores": game.scores(state),
        "winners": game.winners(state),
        "seed_sha256": hashlib.sha256(match.seed.encode()).hexdigest(),
        "seed": match.seed if now == "over" else None,
        "state": game.view(state, viewer),
        "you": None if viewer is None else {
            "seat": viewer,
            "legal_moves": game.legal_moves(state, viewer) if now == "playing" else None,
        },
    }


def etag(match: Match, version: int, viewer: int | None) -> str:
    """Changes whenever the view changes: a move, a join, or another viewer."""
    return f"v{version}.j{len(match.seats)}.s{'x' if viewer is None else viewer}"


def etag_version(tag: str) -> int | None:
    """The version an ETag of `etag` names, None for any other tag."""
    found = ETAG.fullmatch(tag)
    return int(found[1]) if found else None


def link(match: Match, fragment: str) -> str:
    """A link to the match's page; the secret rides in the fragment, which browsers never send."""
    base = (current_app.config["PUBLIC_URL"] or request.host_url).rstrip("/")
    return f"{base}/g/{match.id}#{fragment}"
