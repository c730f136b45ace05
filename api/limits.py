"""Abuse limits: how often one client address (or one seat) may create, join, move and so on.

Counts live in RATELIMIT_STORAGE_URI. The default, `memory://`, counts in each worker process, so
with N workers or instances a client gets up to N times the limit: give every instance the same
shared storage (e.g. `redis://...`, with the `redis` package installed) to count across them. When
the storage cannot be reached, requests are let through rather than refused.
"""
import hashlib
import math
import time

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

# endpoint: the limits (config keys) it is under, each with whose requests count together
SEAT, ADDRESS = "seat", "address"
WRITE = [("LIMIT_MOVE", SEAT), ("LIMIT_MOVE_PER_ADDRESS", ADDRESS)]
RULES = {
    "games.create_game": [("LIMIT_CREATE", ADDRESS)],
    "lifecycle.rematch": [("LIMIT_CREATE", ADDRESS)],
    "games.join_game": [("LIMIT_JOIN", ADDRESS)],
    "moves.post_move": WRITE,
    "lifecycle.resign": WRITE,
    "lifecycle.claim_timeout": WRITE,
    "lifecycle.free_seat": WRITE,
    "mine.my_games": [("LIMIT_MY_GAMES", ADDRESS)],
}


def init_app(app: Flask) -> None:
    """Put each endpoint in RULES under its limits (one Limiter per app: tests make several apps)."""
    limiter = Limiter(get_remote_address, app=app, key_prefix=app.config["RATELIMIT_KEY_PREFIX"],
                      swallow_errors=True, in_memory_fallback_enabled=True)
    app.extensions["addgames_limiter"] = limiter
    for endpoint, rules in RULES.items():
        view = app.view_functions[endpoint]
        for setting, who in rules:
            view = limiter.limit(app.config[setting], key_func=_seat if who == SEAT else get_remote_address,
                                 methods=["POST", "DELETE"])(view)  # not the CORS preflights
        app.view_functions[endpoint] = view


def retry_after() -> int:
    """Whole seconds until the limit just broken lets the client in again."""
    broken = current_app.extensions["addgames_limiter"].current_limit
    return max(1, math.ceil(broken.reset_at - time.time())) if broken else 60


def _seat() -> str:
    """The seat's token (hashed), so that seats behind one address are counted apart."""
    token = request.headers.get("Authorization")
    return hashlib.sha256(token.encode()).hexdigest() if token else get_remote_address()
