"""Error reports to Sentry, when SENTRY_DSN is set (the sentry-sdk package is imported only then).

Every event passes through `scrub` before it leaves: values under a secret's name (a seat's token,
an invite, a join code, a seed, Authorization, Idempotency-Key, cookies, a push subscription's endpoint and
keys, the server's keys) are replaced wherever they sit (headers,
bodies, a frame's local variables, breadcrumbs), and so is every occurrence of the current
request's own secrets in any text (an error message quoting a body, say), and any text shaped like
a seed or a token. Request bodies are not sent at all.
"""
import re
from typing import TYPE_CHECKING, Any

from flask import Flask, has_request_context, request

from .join_codes import spellings

if TYPE_CHECKING:
    from sentry_sdk.types import Event

SECRET_NAMES = {"authorization", "token", "tokens", "invite", "seed", "idempotency_key", "cookie", "set_cookie",
                "seat_link", "invite_link", "join_code", "metrics_token", "sentry_dsn", "database_url", "redis_url",
                "ratelimit_storage_uri", "uri",  # a URL holding a password, as api/limits.py's frames name it
                # a push subscription's endpoint (it names the device) and keys, the server's key to sign pushes
                "endpoint", "p256dh", "auth", "vapid_private_key", "private_key", "secret_key"}
BEARER = re.compile(r"(?i)\bbearer\s+[^\s\"',]+")
# Text shaped like a seed (token_hex(16)) or a seat token (token_urlsafe(32), with a digit in it),
# for a secret quoted in a message that no request carried (match ids are shorter, hashes longer).
SHAPED = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])|(?<![\w-])(?=[\w-]*\d)[\w-]{43}(?![\w-])")
REDACTED = "[redacted]"


def init_app(app: Flask) -> None:
    dsn = app.config["SENTRY_DSN"]
    if not dsn:
        return
    import sentry_sdk
    from sentry_sdk.integrations.flask import FlaskIntegration
    from sentry_sdk.integrations.logging import ignore_logger

    ignore_logger("api.access")  # a 5xx's request line is no error of its own: the exception is reported
    sentry_sdk.init(dsn=dsn, integrations=[FlaskIntegration()], before_send=scrub,
                    data_collection={"user_info": False, "http_bodies": []}, **app.config["SENTRY_OPTIONS"])


def scrub(event: "Event", _hint: dict[str, Any] | None = None) -> "Event":
    """The event with every secret replaced by "[redacted]"."""
    return _clean(event, _request_secrets())


def _clean(value, secrets: list[str]):
    if isinstance(value, dict):
        return {key: REDACTED if _secret_name(key) else _clean(item, secrets) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and _secret_name(value[0]):  # a header as a [name, value] pair
            return [value[0], REDACTED]
        return [_clean(item, secrets) for item in value]
    if isinstance(value, str):
        for secret in secrets:
            value = value.replace(secret, REDACTED)
        return SHAPED.sub(REDACTED, BEARER.sub(f"Bearer {REDACTED}", value))
    return value


def _secret_name(key) -> bool:
    return isinstance(key, str) and key.lower().replace("-", "_") in SECRET_NAMES


def _request_secrets() -> list[str]:
    """The secrets the current request carries: its bearer token, idempotency key and any token or
    invite or join code in its JSON body, a join code also as the server reads it (longest first, so
    that no part of one is left)."""
    if not has_request_context():
        return []
    found: list[object] = [request.headers.get("Authorization", "").partition(" ")[2].strip(),
             request.headers.get("Idempotency-Key", "")]
    body = request.get_json(silent=True) if request.is_json else None
    if isinstance(body, dict):
        for name in ("token", "invite", "tokens", "join_code"):
            value = body.get(name)
            found.extend(value if isinstance(value, list) else [value])
        if isinstance(code := body.get("join_code"), str):  # as typed (above), and as the server spells it
            found.extend(spellings(code))
    return sorted({secret for secret in found if isinstance(secret, str) and len(secret) >= 6}, key=len, reverse=True)
