"""Which seat a request speaks for: the secret token of `Authorization: Bearer <token>`, looked
up by its SHA-256 (tokens are never stored), and why a token that is no seat's is refused."""
import hashlib
import re
import secrets
from typing import Literal, overload

from sqlalchemy import bindparam, select

from . import connection, matches
from .context import current_request
from .errors import Problem
from .matches import Head, MatchRow
from .models import replaced_links_table, utc_iso

SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9-]{0,19}")  # Basic, Digest, Token...: never a 43-character token


def new_secret(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def bearer_token() -> str | None:
    """The token of `Authorization: Bearer <token>`, None without the header; 401 for another scheme."""
    header = current_request().environ.get("HTTP_AUTHORIZATION", "")  # as its headers have it, without their case folding
    if not header:
        return None
    scheme, space, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if scheme.lower() == "bearer":
        raise _token_required()
    # The scheme is named back only when it reads as one: a token sent without `Bearer ` is no
    # scheme, and a refusal's detail, which clients show, must never repeat a secret.
    raise _token_required(f" ('{scheme}' carries no seat token)" if space and SCHEME.fullmatch(scheme)
                          else ": the header has no scheme before the token")


@overload
def seat_of_request(match: MatchRow, required: Literal[True]) -> int: ...
@overload
def seat_of_request(match: MatchRow, required: bool = False) -> int | None: ...
def seat_of_request(match: MatchRow, required: bool = False) -> int | None:
    """The seat whose token the request carries, None without one. Tokens are looked up by their
    SHA-256: a 256-bit secret cannot be guessed one hash prefix at a time."""
    token = bearer_token()
    if token is None:
        if required:
            raise _token_required()
        return None
    seat = seat_holding(match, token)
    if seat is None:
        raise refused_token(match.id, token)
    return seat


def seat_holding(match: MatchRow, token: str) -> int | None:
    """The seat of `match` whose token is `token`, None if none is."""
    wanted = digest(token)
    for seat in match.seats:
        if seat.token_hash == wanted:
            return seat.seat
    return None


def head_of_request(match_id: str) -> Head:
    """The match's head and the seat whose token the request carries, in one SELECT (for polls)."""
    token = bearer_token()
    head = matches.head(match_id, digest(token) if token else None)
    if token and head.viewer is None:
        raise refused_token(match_id, token)
    return head


def _token_required(why: str = "") -> Problem:
    return Problem(401, "token_required", f"Send your seat's token as 'Authorization: Bearer <token>'{why}.")


def _bad_token() -> Problem:
    return Problem(401, "bad_token", "That token does not belong to a seat of this match.")


_REPLACED = select(replaced_links_table.c.seat, replaced_links_table.c.replaced_at, replaced_links_table.c.freed_by).where(
    replaced_links_table.c.token_hash == bindparam("token"), replaced_links_table.c.game_id == bindparam("id"))


def refused_token(match_id: str, token: str) -> Problem:
    """Why a token that is no seat's is refused: its link was replaced, by the match's creator or the seat itself, or
    its seat was freed before the start, by the creator or from one of the seat's devices (one SELECT, on this failing
    path only), or it never was this match's."""
    stopped = connection.get().execute(_REPLACED, {"token": digest(token), "id": match_id}).first()
    if stopped is None:
        return _bad_token()
    at = utc_iso(stopped.replaced_at)
    if stopped.freed_by:
        who = ("the match's creator took its player off the match" if stopped.freed_by == "creator"
               else "its player gave it back")
        return Problem(401, "seat_freed", f"Seat {stopped.seat} was freed at {at}, before the match started: {who}. "
                       "This link no longer works; ask for the invite to join again.",
                       seat=stopped.seat, freed_at=at, by=stopped.freed_by)
    return Problem(401, "link_replaced", f"The link of seat {stopped.seat} was replaced at {at}, "
                   "by the match's creator or by the seat's player on another device: this one no longer works.",
                   seat=stopped.seat, replaced_at=at)
