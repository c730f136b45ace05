"""Abuse limits: how often one client address (or one seat) may create, join, move and so on.

Only the writes in RULES are limited, and only their own requests pay for it: each limited view
is wrapped, and nothing runs on a GET or a poll. A create, a join or a look-up by join code refused
for its input (400, 422: nothing made, nothing learnt of a code) is counted and then given back
(REFUNDED), so that a form with a mistake costs none of its sender's creates, and so is a join code
found right (`give_back_as`): only a wrong one is a guess; counted first, a burst of them at once cannot
pass a limit. Counts are fixed windows (the `limits` library)
in RATELIMIT_STORAGE_URI (unset: REDIS_URL, as platforms set it). With neither, `memory://`
counts in each worker process with `LocalCounts` (a dict, no timer thread), so with N workers or
instances a client gets up to N times the limit: give every instance the same shared storage (e.g.
`redis://...`, with the `redis` package installed) to count across them. When the storage cannot be reached, requests are
let through rather than refused: for PAUSE seconds after a failure none asks it, so that a Redis
that takes connections and answers nothing (paused, overloaded, cut off) costs one request of a
process a STORE_TIMEOUT now and then, not every write its wait (each holds a place of the gate).
"""
import hashlib
import ipaddress
import logging
import math
import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import NamedTuple

from flask import Flask
from limits import RateLimitItem, parse_many
from limits.errors import ConfigurationError
from limits.storage import Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from .context import current_flask_app, current_g, current_request
from .errors import Problem, status_of

log = logging.getLogger(__name__)

STORE_TIMEOUT, PAUSE = 0.5, 10.0  # seconds; a Redis on the same network answers in a millisecond
REDIS_SCHEMES = ("redis", "rediss", "redis+unix", "valkey", "valkeys", "valkey+unix")
TLS_SCHEMES = ("rediss", "valkeys")

# endpoint: the limits (config keys) it is under, each with whose requests count together
SEAT, ADDRESS = "seat", "address"
WRITE = [("LIMIT_MOVE", SEAT), ("LIMIT_MOVE_PER_ADDRESS", ADDRESS)]
RULES = {
    "games.create_game": [("LIMIT_CREATE", ADDRESS)],
    # A finished match has one rematch at most, however many ask: a seat's write, not a create (a
    # class behind one address asks for many rematches an hour).
    "lifecycle.rematch": WRITE,
    "games.join_game": [("LIMIT_JOIN", ADDRESS)],  # with a join code, also counted as a look-up (count_as)
    "join_codes.find_match": [("LIMIT_JOIN_CODE", ADDRESS)],
    "moves.post_move": WRITE,
    "hints.ask_hint": WRITE,  # a hard bot's search: as costly as a move and its bots' replies
    "lifecycle.resign": WRITE,
    "lifecycle.claim_timeout": WRITE,
    "lifecycle.change_pace": WRITE,
    "lifecycle.free_seat": WRITE,
    "lifecycle.rename_seat": WRITE,
    "seat_links.reissue_link": WRITE,
    "invites.replace_invite": WRITE,
    "seat_links.show_seat": WRITE,
    "mine.my_games": [("LIMIT_MY_GAMES", ADDRESS)],
    "push.subscribe": WRITE,
    "push.unsubscribe": WRITE,
}
# Endpoints whose requests refused for their input do not count; a move refused (an illegal one, 422) still does.
REFUNDED = frozenset({"games.create_game", "games.join_game", "join_codes.find_match"})
INPUT_REFUSED = (400, 422)


class LocalCounts(Storage):
    """Fixed-window counts in this process's memory. Expired windows are dropped when read, and
    all of them once a minute at most, by whichever request comes along."""

    STORAGE_SCHEME = ["addgames-local"]

    def __init__(self, uri: str | None = None, **options):
        super().__init__(uri, **options)
        self.counts: dict[str, list] = {}  # key: [count, expires at]
        self.lock = threading.Lock()
        self.swept = time.time()

    @property
    def base_exceptions(self):
        return ValueError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = time.time()
        with self.lock:
            if now - self.swept > 60:
                self.counts = {k: window for k, window in self.counts.items() if window[1] > now}
                self.swept = now
            window = self.counts.get(key)
            if window is None or window[1] <= now:
                if amount < 0:  # a count given back to a window that is gone
                    return 0
                window = self.counts[key] = [0, now + expiry]
            window[0] += amount
            return window[0]

    def get(self, key: str) -> int:
        window = self.counts.get(key)
        return window[0] if window and window[1] > time.time() else 0

    def get_expiry(self, key: str) -> float:
        window = self.counts.get(key)
        return window[1] if window else time.time()

    def check(self) -> bool:
        return True

    def reset(self) -> int | None:
        with self.lock:
            dropped, self.counts = len(self.counts), {}
        return dropped

    def clear(self, key: str) -> None:
        with self.lock:
            self.counts.pop(key, None)


def init_app(app: Flask) -> None:
    """Wrap each endpoint in RULES with its limits (per app: tests make several apps)."""
    if not app.config["RATELIMIT_ENABLED"]:
        return
    uri = app.config["RATELIMIT_STORAGE_URI"]
    storage = LocalCounts() if uri.startswith("memory://") else _store(uri, app.config["REDIS_TLS_VERIFY"])
    counter = app.extensions["rate_limits"] = FixedWindowRateLimiter(storage)
    app.extensions["rate_limit_storage"] = storage
    prefix = app.config["RATELIMIT_KEY_PREFIX"]
    # when the store failed: until when no limit asks it (see above); shared by all endpoints
    skip_until = app.extensions["rate_limit_skip"] = [0.0]
    counts = app.extensions["rate_limit_counts"] = {}
    for endpoint, rules in RULES.items():
        checks = [Check(item, who, setting, *item.key_for(prefix, endpoint, CLIENT).split(CLIENT))
                  for setting, who in rules for item in parse_many(app.config[setting])]
        counts[endpoint] = _counter(endpoint, counter, checks, prefix, skip_until)
        view = app.view_functions[endpoint]
        app.view_functions[endpoint] = (_refunding(endpoint, view, counts[endpoint], storage, skip_until)
                                        if endpoint in REFUNDED else _limited(view, counts[endpoint]))


def count_as(endpoint: str) -> None:
    """Count the current request as one of `endpoint`'s too (429 past its limits): a request that does
    what another endpoint does in passing, as a join with a join code guesses at codes as a look-up does.
    Given back with the request's own counts when it is refused for its input."""
    count = current_flask_app().extensions.get("rate_limit_counts", {}).get(endpoint)
    if count is None:  # limits are off
        return
    g = current_g()
    counted = g.get("rate_counted")
    if counted is None:
        count(None)
        return
    mine: Counted = []
    try:
        count(mine)
    finally:
        counted.extend(mine)
        g.rate_counted_as = {**g.get("rate_counted_as", {}), endpoint: mine}


def give_back_as(endpoint: str) -> None:
    """Give back what the current request was counted as `endpoint`'s, by its own limits or by count_as: it
    was no guess after all (a join code found right). Once: a refusal after it gives back only the rest."""
    g = current_g()
    mine = g.get("rate_counted_as", {}).pop(endpoint, None)
    counted = g.get("rate_counted")
    if not mine or counted is None:
        return
    counted[:] = [entry for entry in counted if entry not in mine]
    app = current_flask_app()
    _give_back(app.extensions["rate_limit_storage"], mine, app.extensions["rate_limit_skip"])


def _store(uri: str, verify: bool):
    """The shared store at `uri`; one the `limits` library cannot use stops the start naming the setting and the
    scheme, never the URL (the library's reason repeats it, password and all)."""
    try:
        return storage_from_string(uri, **_bounded(uri), **_tls(uri, verify))
    except ConfigurationError as wrong:
        scheme, _, rest = uri.partition("://")
        hidden = f"{scheme}://..." if rest else "..."
        raise ValueError(f"RATELIMIT_STORAGE_URI (or REDIS_URL) is no storage the rate limits can use, such as "
                         f"redis://host:6379: {str(wrong).replace(uri, hidden)}") from None


def _bounded(uri: str) -> dict:
    """Options that bound every wait on a Redis (the URL's own `?socket_timeout=` wins)."""
    if uri.partition("://")[0] in REDIS_SCHEMES:
        return {"socket_timeout": STORE_TIMEOUT, "socket_connect_timeout": STORE_TIMEOUT}
    return {}


def _tls(uri: str, verify: bool) -> dict:
    """Options for a TLS Redis whose certificate is its own (REDIS_TLS_VERIFY=false: the URL's own
    `?ssl_cert_reqs=` wins)."""
    return {} if verify or uri.partition("://")[0] not in TLS_SCHEMES else {"ssl_cert_reqs": "none"}


CLIENT = "\x00client\x00"  # where the client's id goes in a limit's key: no prefix or endpoint holds it


class Check(NamedTuple):
    """A limit of an endpoint, whose requests count together, the setting that holds it, and its
    key in the storage around the client's id: the `limits` library's own key
    (`RateLimitItem.key_for(prefix, endpoint, client)`, 250 bytecodes a move), made once."""
    item: RateLimitItem
    who: str
    setting: str
    before: str
    after: str


Counted = list[tuple[str, int]]  # the keys a request was counted under, with their windows' lengths


def _limited(view, count: Callable[[Counted | None], None]):
    @wraps(view)
    def run(**kwargs):
        count(None)
        return view(**kwargs)

    return run


def _refunding(endpoint: str, view, count: Callable[[Counted | None], None], storage: Storage,
               skip_until: list[float]):
    """As `_limited`, giving back what the request was counted (`count_as` included) when it is
    refused for its input (and what `give_back_as` names, when the view finds it was no guess)."""
    @wraps(view)
    def run(**kwargs):
        counted: Counted = []
        g = current_g()
        g.rate_counted = counted
        try:
            count(counted)
        finally:
            g.rate_counted_as = {endpoint: list(counted)}
        try:
            return view(**kwargs)
        except Exception as error:
            if status_of(error) in INPUT_REFUSED:
                _give_back(storage, counted, skip_until)
            raise

    return run


def _give_back(storage: Storage, counted: Counted, skip_until: list[float]) -> None:
    """Take one off each count in `counted`, unless its window has ended (a new one starts at 0)."""
    for key, expiry in counted:
        try:
            if storage.get(key) > 0:
                storage.incr(key, expiry, amount=-1)
        except Exception as error:  # as in _counter
            _unavailable(error, skip_until)
            return


def _unavailable(error: Exception, skip_until: list[float]) -> None:
    """The store failed: no limit asks it for PAUSE seconds."""
    log.warning("rate-limit storage unavailable: %s; limits skipped for %s s", error.__class__.__name__, PAUSE)
    skip_until[0] = time.monotonic() + PAUSE


def _counter(endpoint: str, counter: FixedWindowRateLimiter, checks: list[Check], prefix: str,
             skip_until: list[float]) -> Callable[[Counted | None], None]:
    """Count a request of `endpoint` against each of its `checks`: a 429 past one. The keys counted
    are added to `counted` when one is given."""
    storage = counter.storage

    def count(counted: Counted | None) -> None:
        if skip_until[0]:
            if time.monotonic() < skip_until[0]:
                return
            skip_until[0] = 0.0  # ask the store again
        for check in checks:
            item = check.item
            client = _seat() if check.who == SEAT else _address()
            try:
                # FixedWindowRateLimiter.hit(item, prefix, endpoint, client), with the key made above
                key, expiry = check.before + client + check.after, item.get_expiry()
                allowed = storage.incr(key, expiry) <= item.amount
                if counted is not None:
                    counted.append((key, expiry))
                reset = allowed or counter.get_window_stats(item, prefix, endpoint, client).reset_time
            except Exception as error:  # an unreachable store must not take the service down
                _unavailable(error, skip_until)
                return
            if not allowed:
                # Which limit: a bot pacing one seat and a tournament behind one address act differently
                wait = max(1, math.ceil(reset - time.time()))
                raise Problem(429, "rate_limited", f"Too many requests from this {check.who} (at most {item}); "
                              f"try again in {wait} s.", headers={"Retry-After": str(wait)},
                              per=check.who, limit=check.setting)

    return count


def _address() -> str:
    """The client's address; an IPv6 one by its /64, the block a home or a phone is given, whose
    addresses it picks at will (each counted apart, it would have 2^64 limits: a guesser of join
    codes among them). An IPv4 address written as IPv6 (::ffff:192.0.2.7) is that IPv4 address."""
    address = current_request().remote_addr or "unknown"
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address)
    except ValueError:
        return address
    return str(ip.ipv4_mapped or ipaddress.IPv6Network((ip, 64), strict=False))


def _seat() -> str:
    """The seat's Authorization header (hashed), so that seats behind one address are counted
    apart; written as the view reads it (`seat_tokens.bearer_token`), so that spaces or the scheme's
    case cannot make one seat's header look like many."""
    token = current_request().environ.get("HTTP_AUTHORIZATION", "").partition(" ")[2].strip()
    return hashlib.sha256(f"Bearer {token}".encode()).hexdigest() if token else _address()
