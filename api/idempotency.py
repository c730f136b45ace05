"""Idempotency-Key: a retried write (create, join, move, hint, resign, rematch, new seat link, rename,
pace, new invite) gets the first answer again and writes nothing.

A client sends the same `Idempotency-Key` (a UUID, say) with every retry of one request. The first
successful answer is kept, in the transaction that writes the request's effects, for
IDEMPOTENCY_TTL seconds (a day by default). Keys are scoped per route, match and seat token: two
seats cannot see each other's answers. Stored answers carry secrets (a new seat's token), so they
are encrypted with a cipher key derived from the Idempotency-Key, which is never stored.

Creating a match or joining one is done without a seat token, so there the key alone (with a
body anyone holding the invite can copy) ties a retry to its first answer: it must be
unguessable, a UUID v4 or 128 random bits or more in base64url, and not visibly regular. The
client's address plays no part: a phone that changed networks still gets its answer back.
"""
import base64
import hashlib
import json
import re
import secrets
import string
from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from cryptography.fernet import Fernet
from flask import Response, current_app, request
from sqlalchemy import delete, insert, select, true

from engine import RuleError

from . import connection, transaction
from .context import current_g, current_request
from .errors import Problem
from .models import IdempotencyKey, utcnow
from .transaction import Statement

HEADER = "Idempotency-Key"
ENVIRON_KEY = "HTTP_IDEMPOTENCY_KEY"  # HEADER in the WSGI environ
KEY = re.compile(r'([\x21\x23-\x7e]{16,255})|"([\x21\x23-\x7e]{16,255})"')  # bare, or quoted (RFC 8941)
UUID = re.compile(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", re.IGNORECASE)
UUID4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", re.IGNORECASE)
HEX = string.digits + "abcdef"
BASE64URL = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
RANDOM_TEXT = re.compile(f"[{re.escape(BASE64URL)}]{{22,255}}")
UNGUESSABLE = ("Creating or joining a match needs an unguessable Idempotency-Key, the only secret tying a retry to "
               "its answer: a random UUID v4 (crypto.randomUUID()) or 128 random bits or more in base64url "
               "(22 or more of A-Z a-z 0-9 - _, or 32 or more hex digits).")
KEPT_HEADERS = ("Content-Type", "Location", "ETag", "Cache-Control")
PURGE_EVERY = 64


def idempotent(view=None, *, unguessable: bool = False):
    """Answer a request whose Idempotency-Key was seen before from what was kept.

    `unguessable` for a route without a seat token, where the key must be a secret (see above)."""
    if view is None:
        return lambda view: idempotent(view, unguessable=unguessable)

    @wraps(view)
    def run(**kwargs):
        key = current_request().environ.get(ENVIRON_KEY)  # as its headers have it: a missing one costs an exception there
        if key is None:
            return view(**kwargs)
        current_g().idempotency = _pending(key, unguessable)
        try:
            return replay_kept() or view(**kwargs)
        except (Problem, RuleError):  # a twin request with this key may have just changed the match
            twin = replay_kept()
            if twin is None:
                raise
            return twin

    return run


def commit(response: Response, conflict: Callable[[], Problem]) -> Response:
    """Commit the request's staged writes (`transaction.commit`) with `response` kept for the
    retries of its Idempotency-Key, in the same transaction; return `response`."""
    transaction.commit(conflict, _kept(response))
    return response


def _kept(response: Response) -> list[Statement]:
    """The writes that keep the answer for retries, run first in the transaction of the request's
    own writes; none without an Idempotency-Key."""
    pending = current_g().get("idempotency")
    if pending is None:
        return []
    expired, mine = IdempotencyKey.created_at < cutoff(), IdempotencyKey.lookup == pending["lookup"]
    answer = {"status": response.status_code, "body": response.get_data(as_text=True),
              "headers": {name: response.headers[name] for name in KEPT_HEADERS if name in response.headers}}
    return [
        # Clear this key's expired answer; once in PURGE_EVERY answers, every expired answer.
        (delete(IdempotencyKey).where(expired, true() if secrets.randbelow(PURGE_EVERY) == 0 else mine), None),
        (insert(IdempotencyKey).values(lookup=pending["lookup"], fingerprint=pending["fingerprint"], created_at=utcnow(),
                                       response=pending["cipher"].encrypt(json.dumps(answer).encode()).decode()), None),
    ]


def _pending(header: str, unguessable: bool) -> dict:
    found = KEY.fullmatch(header.strip())
    key = found and (found[1] or found[2])
    if unguessable:
        _check_unguessable(key or "")
    elif not key:
        raise Problem(400, "bad_idempotency_key",
                      "An Idempotency-Key must be 16 to 255 visible ASCII characters; a UUID is best.")
    scope = "\n".join([request.endpoint or "", json.dumps(request.view_args, sort_keys=True),
                       hashlib.sha256(request.headers.get("Authorization", "").encode()).hexdigest(), key or ""])
    request_line = "\n".join([request.method, request.path, request.headers.get("If-Match", ""), ""]).encode()
    return {"lookup": _sha256(f"lookup\n{scope}".encode()), "fingerprint": _sha256(request_line + request.get_data()),
            "cipher": Fernet(base64.urlsafe_b64encode(hashlib.sha256(f"cipher\n{scope}".encode()).digest()))}


def _check_unguessable(key: str) -> None:
    """Refuse a key that is not RANDOM_TEXT, or that no random source would make."""
    if not RANDOM_TEXT.fullmatch(key):
        raise Problem(400, "bad_idempotency_key", UNGUESSABLE)
    digits = key.replace("-", "").lower()
    if all(char in HEX for char in digits):  # a UUID, or hex: 4 bits a digit (a UUID v4's 32 hold 122 random bits)
        alphabet, symbols = HEX, digits
        weak = len(digits) < 32 or (UUID.fullmatch(key) and not UUID4.fullmatch(key))  # v1 is a time, v3/v5 a name
    else:
        alphabet, symbols, weak = BASE64URL, key, False
    if weak or _regular([alphabet.index(char) for char in symbols], len(alphabet)):
        raise Problem(400, "weak_idempotency_key", "This Idempotency-Key is too short or too regular to be random. " + UNGUESSABLE)


def _regular(symbols: list[int], size: int) -> bool:
    """Fewer than 6 distinct symbols, or 3 in 4 neighbours equal or next in order (0000, 0123, 3210):
    the odds that a UUID v4's 30 random hex digits do either are below 1e-11."""
    steps = sum((b - a) % size in (0, 1, size - 1) for a, b in zip(symbols, symbols[1:]))
    return len(set(symbols)) < 6 or steps >= 0.75 * (len(symbols) - 1)


def replay_kept() -> Response | None:
    """The answer kept for this request's Idempotency-Key, if a request with it was answered."""
    pending = current_g().get("idempotency")
    if pending is None:
        return None
    table = IdempotencyKey.__table__
    kept = connection.get().execute(select(table.c.fingerprint, table.c.response).where(
        table.c.lookup == pending["lookup"], table.c.created_at >= cutoff())).first()
    if kept is None:
        return None
    if kept.fingerprint != pending["fingerprint"]:
        raise Problem(422, "idempotency_key_reused",
                      "This Idempotency-Key was sent with another request; use a new key for a new request.")
    answer = json.loads(pending["cipher"].decrypt(kept.response.encode()))
    response = Response(answer["body"], status=answer["status"], headers=answer["headers"])
    response.headers["Idempotent-Replayed"] = "true"
    return response


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def cutoff():
    """Answers kept before this moment have expired."""
    return utcnow() - timedelta(seconds=current_app.config["IDEMPOTENCY_TTL"])
