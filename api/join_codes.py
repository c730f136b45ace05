"""Join codes: a short code such as K7P-2QX that a match waiting for players can be found and joined
with, typed or read aloud where its invite link cannot be (a class reading it off the board).

A code is a credential like the invite: it is stored only as its SHA-256 (`games.join_code_hash`,
unique), and forgotten once every seat is taken (api/seating.py), so that it works only while a seat
is free and can be given to another match later. 30 symbols (no 0/O, 1/I/L, nor U/V) to the 6th are
729 million codes; a wrong code, by look-up or by join, counts against LIMIT_JOIN_CODE per address
(api/limits.py), so that guessing one is hopeless. Every look-up and join with a code is counted before
the code is read, and given back when it was no guess: the code right (a class behind one address joins
its matches by their codes without using up the guesses its typos need), or refused as no code at all (422).

A code that leaked (posted in a class's public chat) is replaced by the match's creator (api/invites.py), with its
invite: the old ones are kept hashed in `replaced_invites`, and a look-up or a join with one is told so
(`join_code_replaced`, `invite_replaced`: one SELECT, on the refusing path only).
"""
import hmac
import re
import secrets

from flask import Blueprint, jsonify, request
from sqlalchemy import bindparam, select

from . import catalogue, connection, jsonio, limits, matches, replays, seat_tokens
from .errors import Problem
from .models import games_table, replaced_invites_table, utc_iso
from .presenter import match_view
from .schemas import FindMatch

bp = Blueprint("join_codes", __name__, url_prefix="/api/v1/join-code")
GUESSES = "join_codes.find_match"  # the endpoint whose limits count guesses at codes (LIMIT_JOIN_CODE)

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # digits and letters no one misreads for another
LENGTH = 6
_TYPED = re.compile(f"[{ALPHABET}]{{{LENGTH}}}")
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212]+")  # spaces and dashes: a phone's (‑ – —) and a number pad's minus
_AROUND = ".,;:!?'\"()[]<>«»“”‘’„"  # a sentence's punctuation, taken along by a code copied out of it
_MATCH_OF = select(games_table.c.id).where(games_table.c.join_code_hash == bindparam("code_hash"))
_REPLACED = select(replaced_invites_table.c.replaced_at).where(
    replaced_invites_table.c.secret_hash == bindparam("secret_hash")).order_by(
    replaced_invites_table.c.replaced_at.desc()).limit(1)


def new_code() -> str:
    """A random code not given to a match waiting now (a clash between two creates at once is the unique
    index's: their 409 `id_taken`)."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if _waiting_with(code) is None:
            return code


def shown(code: str) -> str:
    """The code as people read it: K7P-2QX."""
    return f"{code[:LENGTH // 2]}-{code[LENGTH // 2:]}"


def digest(code: str) -> str:
    return seat_tokens.digest(f"join-code:{code}")


def check(match_id: str, typed: str) -> None:
    """A 403 `unknown_join_code` unless `typed` is the code of match `match_id`, which waits for players
    (`join_code_replaced` when its creator replaced it)."""
    code = _normal(typed)
    if not hmac.compare_digest(_waiting_with(code) or "", match_id):
        _refuse_if_replaced(403, code, match_id)
        raise Problem(403, "unknown_join_code", "That join code is not this match's, or its seats are all taken.")
    limits.give_back_as(GUESSES)  # the right code: no guess


def check_invite(match_id: str, invite_hash: str, invite: str) -> None:
    """A 403 `bad_invite` unless `invite` is the match's invite, whose hash is `invite_hash` (`invite_replaced` when
    it was the match's until its creator replaced it)."""
    if hmac.compare_digest(invite_hash, seat_tokens.digest(invite)):
        return
    replaced = _replaced_at(seat_tokens.digest(invite), match_id)
    if replaced is not None:
        raise Problem(403, "invite_replaced", f"The match's creator replaced this invite at {replaced}: it no longer "
                      "lets anyone in. Ask them for the new link.", replaced_at=replaced)
    raise Problem(403, "bad_invite", "That invite code is not this match's.")


@bp.post("")
def find_match():
    """The match waiting for players with a join code."""
    code = _normal(FindMatch().load(request.get_json())["join_code"])
    match_id = _waiting_with(code)
    if match_id is None:
        _refuse_if_replaced(404, code)
        raise Problem(404, "unknown_join_code", f"No match waits for players with the code {shown(code)}: check it "
                      "with whoever shared it. A code stops working once every seat is taken.")
    limits.give_back_as(GUESSES)  # the right code: no guess
    match = matches.load(match_id)
    game = catalogue.game(match.game)
    view = match_view(match, game, replays.state_at(match, game, match.version), match.version, viewer=None)
    return jsonio.secret(jsonify(id=match.id, join_code=shown(code), game=view))


def _refuse_if_replaced(status: int, code: str, match_id: str | None = None) -> None:
    """A `join_code_replaced` when `code` was replaced by its match's creator (that match's, when named)."""
    replaced = _replaced_at(digest(code), match_id)
    if replaced is not None:
        raise Problem(status, "join_code_replaced", f"The match's creator replaced the code {shown(code)} at {replaced}: "
                      "it no longer lets anyone in. Ask them for the new code.", replaced_at=replaced)


def _replaced_at(secret_hash: str, match_id: str | None) -> str | None:
    """When the invite or code hashed `secret_hash` was last replaced (of match `match_id`, when named), if ever."""
    query = _REPLACED if match_id is None else _REPLACED.where(replaced_invites_table.c.game_id == match_id)
    replaced = connection.get().execute(query, {"secret_hash": secret_hash}).scalar()
    return None if replaced is None else utc_iso(replaced)


def spellings(typed: str) -> list[str]:
    """How the server writes the code `typed` once read (K7P2QX, K7P-2QX), for error reports to hide
    (api/reporting.py); none when it cannot be a code."""
    code = _read(typed)
    return [code, shown(code)] if code else []


def _normal(typed: str) -> str:
    """The code `typed` names (`_read`); a 422 `bad_join_code` when it cannot be one."""
    code = _read(typed)
    if code is None:
        raise Problem(422, "bad_join_code", f"A join code is {LENGTH} letters and digits, such as K7P-2QX (no 0, 1, "
                      "I, L, O or U): check the one you typed.")
    return code


def _read(typed: str) -> str | None:
    """The code `typed` names, in capitals without its dash or spaces (nor the punctuation of a sentence round it);
    None when it cannot be one."""
    code = _SEPARATORS.sub("", typed.strip().strip(_AROUND)).upper()
    return code if _TYPED.fullmatch(code) else None


def _waiting_with(code: str) -> str | None:
    """The id of the match waiting for players with `code`, None if none is."""
    return connection.get().execute(_MATCH_OF, {"code_hash": digest(code)}).scalar()

