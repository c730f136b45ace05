"""Idempotency-Key: a retried create, join or move gets the first answer again and writes nothing.

A client sends the same `Idempotency-Key` (a UUID, say) with every retry of one request. The first
successful answer is kept, in the transaction that writes the request's effects, for
IDEMPOTENCY_TTL seconds (a day by default). Keys are scoped per route, match and seat token: two
seats cannot see each other's answers. Stored answers carry secrets (a new seat's token), so they
are encrypted with a cipher key derived from the Idempotency-Key, which is never stored.
"""
import base64
import hashlib
import json
import re
import secrets
from datetime import timedelta
from functools import wraps

from cryptography.fernet import Fernet
from flask import Response, current_app, g, request
from sqlalchemy import delete, insert, select, true

from engine import RuleError

from . import connection
from .errors import Problem
from .models import IdempotencyKey, utcnow

HEADER = "Idempotency-Key"
KEY = re.compile(r'([\x21\x23-\x7e]{16,255})|"([\x21\x23-\x7e]{16,255})"')  # bare, or quoted (RFC 8941)
KEPT_HEADERS = ("Content-Type", "Location", "ETag")
PURGE_EVERY = 64


def idempotent(view):
    """Answer a request whose Idempotency-Key was seen before from what was kept."""

    @wraps(view)
    def run(**kwargs):
        if HEADER not in request.headers:
            return view(**kwargs)
        g.idempotency = _pending(request.headers[HEADER])
        try:
            return replay_kept() or view(**kwargs)
        except (Problem, RuleError):  # a twin request with this key may have just changed the match
            twin = replay_kept()
            if twin is None:
                raise
            return twin

    return run


def keep(response: Response) -> list[tuple]:
    """The writes (statement, params) that keep the answer for retries, to run in the transaction
    of the request's own writes; none without an Idempotency-Key."""
    pending = g.get("idempotency")
    if pending is None:
        return []
    expired, mine = IdempotencyKey.created_at < _cutoff(), IdempotencyKey.lookup == pending["lookup"]
    answer = {"status": response.status_code, "body": response.get_data(as_text=True),
              "headers": {name: response.headers[name] for name in KEPT_HEADERS if name in response.headers}}
    return [
        # Clear this key's expired answer; once in PURGE_EVERY answers, every expired answer.
        (delete(IdempotencyKey).where(expired, true() if secrets.randbelow(PURGE_EVERY) == 0 else mine), None),
        (insert(IdempotencyKey).values(lookup=pending["lookup"], fingerprint=pending["fingerprint"], created_at=utcnow(),
                                       response=pending["cipher"].encrypt(json.dumps(answer).encode()).decode()), None),
    ]


def _pending(header: str) -> dict:
    found = KEY.fullmatch(header.strip())
    if not found:
        raise Problem(400, "bad_idempotency_key",
                      "An Idempotency-Key must be 16 to 255 visible ASCII characters; a UUID is best.")
    scope = "\n".join([request.endpoint or "", json.dumps(request.view_args, sort_keys=True),
                       hashlib.sha256(request.headers.get("Authorization", "").encode()).hexdigest(), found[1] or found[2]])
    request_line = "\n".join([request.method, request.path, request.headers.get("If-Match", ""), ""]).encode()
    return {"lookup": _sha256(f"lookup\n{scope}".encode()), "fingerprint": _sha256(request_line + request.get_data()),
            "cipher": Fernet(base64.urlsafe_b64encode(hashlib.sha256(f"cipher\n{scope}".encode()).digest()))}


def replay_kept() -> Response | None:
    """The answer kept for this request's Idempotency-Key, if a request with it was answered."""
    pending = g.get("idempotency")
    if pending is None:
        return None
    table = IdempotencyKey.__table__
    kept = connection.get().execute(select(table.c.fingerprint, table.c.response).where(
        table.c.lookup == pending["lookup"], table.c.created_at >= _cutoff())).first()
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


def _cutoff():
    """Answers kept before this moment have expired."""
    return utcnow() - timedelta(seconds=current_app.config["IDEMPOTENCY_TTL"])
