"""Configuration from the environment: SQLite by default, PostgreSQL through DATABASE_URL."""
import math
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from limits import parse_many
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from . import durable
from .jsonio import loads_stored
from .push import vapid
from .push.endpoints import hosts_setting

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = f"sqlite:///{ROOT / 'instance' / 'addgames.sqlite'}"


def database_url(raw: str | None) -> str:
    """The SQLAlchemy URL for `raw`: PaaS `postgres://` URLs get the psycopg 3 driver. One that is
    no URL, or names another database, stops the start naming DATABASE_URL (never its value: it
    may hold a password)."""
    try:
        url = make_url(raw or DEFAULT_DATABASE)
    except ArgumentError:
        raise ValueError("DATABASE_URL is no database URL such as postgresql://user:password@host:5432/name") from None
    if url.drivername in ("postgres", "postgresql"):
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() not in ("postgresql", "sqlite"):
        raise ValueError(f"DATABASE_URL names a {url.get_backend_name()} database: the service runs on "
                         "PostgreSQL (or SQLite on one machine)")
    return url.render_as_string(hide_password=False)


SQLITE_BUSY_TIMEOUT = 10  # seconds SQLite waits for another connection's write lock


def longest_wait(url: str, connect_timeout: float, statement_timeout: float) -> float:
    """Seconds a request's database work may wait at most, in the waits `engine_options` bounds: a
    request must start it that long before its worker's timeout (api/gate.py). SQLite: its busy
    timeout; PostgreSQL: connecting, then a statement (a lock wait runs inside its statement)."""
    if make_url(url).get_backend_name() == "sqlite":
        return SQLITE_BUSY_TIMEOUT
    return connect_timeout + statement_timeout


def engine_options(url: str, connect_timeout: float, lock_timeout: float, statement_timeout: float) -> dict:
    """Connection settings per backend, in seconds. Every wait on the database is bounded, so that a
    lock held elsewhere or a frozen server becomes a 503 long before gunicorn's worker timeout:
    SQLite waits for a writer up to its busy timeout; PostgreSQL bounds connecting (a server that
    accepts and never answers), taking a pooled connection, waiting for a lock and running one
    statement. (statement_timeout is the server's: a server frozen mid-request is left to the
    gunicorn worker's own request timeout, see serving.py.)"""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return {"connect_args": {"timeout": SQLITE_BUSY_TIMEOUT, "factory": durable.SyncingConnection}, "json_deserializer": loads_stored}
    # connect_args replace the URL's own `options` (a search_path, say): keep those first.
    given = parsed.query.get("options", "")
    options = " ".join([*([given] if isinstance(given, str) else given),
                        f"-c lock_timeout={_milliseconds(lock_timeout)}",
                        f"-c statement_timeout={_milliseconds(statement_timeout)}"]).strip()
    # No pool_pre_ping: api.database._ping_when_idle checks only connections that sat unused, and the
    # most recently used connection is taken first (LIFO) so that under load none does.
    # Connections autocommit: a request's read is one round trip (its SELECT) instead of three (BEGIN,
    # SELECT, ROLLBACK), and a request's connection is not switched to autocommit and back (that was
    # a third of the Python of taking and giving back one). What must commit together asks for a
    # transaction: api.database.transactional.
    return {"isolation_level": "AUTOCOMMIT", "pool_use_lifo": True, "pool_timeout": connect_timeout,
            "json_deserializer": loads_stored,
            "connect_args": {"connect_timeout": max(1, round(connect_timeout)),  # whole seconds, at least 2 in libpq
                             "options": options, **SILENT_NETWORK}}


# A database whose network goes silent (a failover that moved its address, a host gone without a word)
# sends no reset, so a connection would wait for it for as long as TCP does: about 15 minutes for a
# statement sent, hours for an idle connection (the news listener, the pool's). These close one
# within about half a minute instead, so that the pool and the listener connect again.
SILENT_NETWORK = {
    "tcp_user_timeout": 15_000,  # ms that data sent may stay unacknowledged
    "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 3,  # idle: 10 s + 3 x 5 s
}


def _milliseconds(seconds: float) -> int:
    return max(1, round(seconds * 1000))  # 0 would mean no limit at all


_ON, _OFF = {"true", "1", "yes", "on"}, {"false", "0", "no", "off"}


def setting(name: str, default, read, wanted: str):
    """The setting `name` as `read` reads it (None, or a ValueError, when it cannot take the value);
    unset or empty, the default. A value it cannot take stops the start, saying the setting's name
    and what it takes: a typo must not leave a setting at its default unsaid, nor fail later."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = read(raw)
    except ValueError:
        value = None
    if value is None:
        raise ValueError(f"{name}={os.environ[name]!r} is {wanted}")
    return value


def flag(name: str, default: bool) -> bool:
    """An on/off setting: true, 1, yes or on; false, 0, no or off (any case)."""
    return setting(name, default, lambda raw: raw.lower() in _ON if raw.lower() in _ON | _OFF else None,
                   "neither on nor off: say true or false")


def seconds(name: str, default: float, zero: bool = False) -> float:
    """A wait in seconds, above 0 (every wait is bounded, so 0 cannot mean 'no limit' here), or from 0
    when `zero` means not waiting at all."""
    def read(raw: str) -> float | None:
        value = float(raw)
        return value if (0 <= value if zero else 0 < value) and value < math.inf else None
    return setting(name, default, read, f"no number of seconds {'from 0' if zero else 'above 0'}")


def whole(name: str, default, least: int = 0):
    """A count, from `least` up."""
    return setting(name, default, lambda raw: value if (value := int(raw)) >= least else None,
                   f"no whole number from {least} up")


def one_of(name: str, default: str, choices: tuple[str, ...]) -> str:
    """One of `choices` (in capitals), in any case."""
    return setting(name, default, lambda raw: raw.upper() if raw.upper() in choices else None,
                   f"none of {', '.join(choices)}")


def public_url(name: str) -> str | None:
    """The address players open: the links handed out begin with it, so it needs its scheme."""
    def read(raw: str) -> str | None:
        parts = urlsplit(raw)
        return raw if parts.scheme in ("http", "https") and parts.netloc else None
    return setting(name, None, read, "no address such as https://addgames.example")


def origins(name: str) -> str:
    """`*`, or origins as a browser sends them in `Origin` (a scheme, a host, maybe a port; the slash an address bar
    adds taken off), comma-separated: one without its scheme, or with a path, would match no request."""
    def read(raw: str) -> str | None:
        listed = [origin.strip().removesuffix("/") for origin in raw.split(",") if origin.strip()]
        if listed == ["*"]:
            return "*"
        for origin in listed:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or not parts.netloc or parts.path or parts.query or parts.fragment:
                return None
        return ",".join(listed) or None
    return setting(name, "*", read, "no list of origins such as https://school.example, https://app.example:8443 (or *)")


def contact(name: str) -> str | None:
    """Who runs the service, as the push services take it in a VAPID token's subject: a `mailto:` address or an
    `https:` page. They refuse any other (Apple: 403 BadJwtToken), each message then dropped by the worker."""
    def read(raw: str) -> str | None:
        parts = urlsplit(raw)
        wanted = "@" in parts.path if parts.scheme == "mailto" else parts.scheme == "https" and parts.netloc
        return raw if wanted else None
    return setting(name, None, read, "no contact such as mailto:you@school.example or https://addgames.example")


_HOST = re.compile(r"\*|\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*(:[0-9]{1,5})?")


def push_hosts(name: str) -> tuple[str, ...]:
    """Hosts the push worker may POST to (api/push/endpoints.py): each a host, `.domain` or `host:port`, or `*`.
    An endpoint is matched on its host alone, so a URL written here matched none."""
    def read(raw: str) -> tuple[str, ...] | None:
        entries = hosts_setting(raw)
        return entries if entries and all(_HOST.fullmatch(entry) for entry in entries) else None
    return setting(name, hosts_setting(None), read,
                   "no list of hosts such as fcm.googleapis.com, .push.example.com, push.example.com:8443 (or *)")


def poll_waiters(name: str, threads: int) -> int:
    """Polls one process holds waiting for news: ¾ of its threads unless set, and fewer than all of them, or the
    move that would end their wait queues behind them until they run out."""
    waiters = whole(name, threads * 3 // 4)
    if waiters >= threads:
        raise ValueError(f"{name}={waiters} holds every thread of WEB_THREADS={threads}: a move would wait for the polls "
                         "to end; set it under WEB_THREADS")
    return waiters


def private_key(name: str) -> str | None:
    """A VAPID private key; its value is never repeated (it is a secret)."""
    raw = os.environ.get(name) or None
    if raw:
        try:
            vapid.public_key(raw)
        except (ValueError, TypeError):
            raise ValueError(f"{name} is no private key made by `flask --app wsgi vapid-keys`") from None
    return raw


def rate_limit(name: str, default: str) -> str:
    """A rate limit as api/limits.py counts it (`30 per minute; 300 per hour`): read here, with every
    other setting, so that a typo stops gunicorn's master rather than each worker it boots."""
    return setting(name, default, lambda raw: parse_many(raw) and raw, "no limit such as '30 per minute; 300 per hour'")


def sentry_dsn(name: str) -> str | None:
    """A Sentry DSN, read as the SDK reads it (imported only when one is set); its value is never repeated: its key
    lets anyone send events to the project. The SDK's own refusal stopped each worker, and every `flask --app wsgi`
    command, with a traceback naming neither the setting nor what it takes."""
    raw = os.environ.get(name, "").strip() or None
    if raw:
        from sentry_sdk.utils import BadDsn, Dsn
        try:
            Dsn(raw)
        except (BadDsn, ValueError):
            raise ValueError(f"{name} is no DSN such as https://<key>@o1.ingest.sentry.io/<project> "
                             "(the project's Client Keys page)") from None
    return raw


class Config:
    SQLALCHEMY_DATABASE_URI = database_url(os.environ.get("DATABASE_URL"))
    # PostgreSQL waits, in seconds (api.config.engine_options): connecting (and waiting for a pooled
    # connection), waiting for a lock, running one statement. Past them a request answers 503.
    DATABASE_CONNECT_TIMEOUT = seconds("DATABASE_CONNECT_TIMEOUT", 3)
    DATABASE_LOCK_TIMEOUT = seconds("DATABASE_LOCK_TIMEOUT", 2)
    DATABASE_STATEMENT_TIMEOUT = seconds("DATABASE_STATEMENT_TIMEOUT", 5)
    # SQLite: FULL syncs the disk after every COMMIT, before the answer, so an acknowledged move survives a
    # power cut (api/durable.py); NORMAL (in WAL mode) survives a crash of the service but may lose the
    # last moves on a power cut, and commits several times faster. Anything else is refused at start.
    SQLITE_SYNCHRONOUS = one_of("SQLITE_SYNCHRONOUS", "FULL", ("FULL", "NORMAL"))
    # Requests one process runs at once (api/gate.py); unset: by the database, gate.default_places()
    RUNNING_REQUESTS = whole("RUNNING_REQUESTS", None, least=1)
    # Long polls (api/news.py): how many requests of one process may wait for news at once (keep it
    # under gunicorn's threads per process), and how often a waiting one checks the database anyway.
    POLL_WAITERS = poll_waiters("POLL_WAITERS", whole("WEB_THREADS", 64, least=1))
    POLL_RECHECK = seconds("POLL_RECHECK", 5)
    MAX_CONTENT_LENGTH = 64 * 1024  # the largest legal request (a fixed deck of 104 ids) is far smaller
    ROOT_MIGRATIONS = ROOT / "migrations"
    PUBLIC_URL = public_url("PUBLIC_URL")  # e.g. https://addgames.example; else the request's host
    IDEMPOTENCY_TTL = whole("IDEMPOTENCY_TTL", 24 * 3600, least=1)  # seconds an answer is kept for retries
    # Retention (api/retention.py, run by `flask --app wsgi cleanup`): days a finished match is kept after its last
    # move, and a match nobody moved in; unset, kept until the operator deletes them. The web app's Privacy page says them.
    KEEP_FINISHED_DAYS = whole("KEEP_FINISHED_DAYS", None, least=1)
    KEEP_IDLE_DAYS = whole("KEEP_IDLE_DAYS", None, least=1)
    PROXY_HOPS = whole("PROXY_HOPS", 0)  # proxies in front whose X-Forwarded-For/-Proto to trust
    CORS_ORIGINS = origins("CORS_ORIGINS")  # comma-separated origins that may call /api/ from a browser
    # Abuse limits (api/limits.py): per client address, moves also per seat. memory:// counts per process.
    RATELIMIT_ENABLED = flag("RATELIMIT_ENABLED", True)
    # Unset, a platform's Redis (REDIS_URL: Heroku's, say, which changes it when it rotates the password
    # and restarts the service with the new one) counts them; with neither, each worker counts alone.
    RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI") or os.environ.get("REDIS_URL") or "memory://"
    # false: a TLS Redis (rediss://) is not asked for a certificate an authority signed (Heroku's has none)
    REDIS_TLS_VERIFY = flag("REDIS_TLS_VERIFY", True)
    LIMIT_CREATE = rate_limit("LIMIT_CREATE", "30 per minute; 300 per hour")
    LIMIT_JOIN = rate_limit("LIMIT_JOIN", "60 per minute")
    # Wrong join codes, looked up or joined with, together (api/join_codes.py): guesses at codes
    LIMIT_JOIN_CODE = rate_limit("LIMIT_JOIN_CODE", "60 per minute; 1000 per day")
    LIMIT_MOVE = rate_limit("LIMIT_MOVE", "60 per minute")
    LIMIT_MOVE_PER_ADDRESS = rate_limit("LIMIT_MOVE_PER_ADDRESS", "1200 per minute")
    # One address may be a whole class or family behind a router: my-games is asked every 15 s by
    # each device on the web app's home screen (4 a minute), so 600 a minute serves 150 of them.
    LIMIT_MY_GAMES = rate_limit("LIMIT_MY_GAMES", "600 per minute")
    RATELIMIT_KEY_PREFIX = os.environ.get("RATELIMIT_KEY_PREFIX", "addgames")  # apps sharing one store count apart
    # What operators see (api/logs.py, api/metrics.py, api/reporting.py)
    LOG_LEVEL = one_of("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL"))  # DEBUG adds a line for every poll answered 304
    METRICS = flag("METRICS", False)  # Prometheus text at /metrics
    METRICS_TOKEN = os.environ.get("METRICS_TOKEN") or None  # if set, /metrics wants 'Authorization: Bearer <it>'
    SENTRY_DSN = sentry_dsn("SENTRY_DSN")  # error reports to Sentry (scrubbed of every secret)
    SENTRY_OPTIONS: dict = {}  # more sentry_sdk.init arguments (tests give a transport that sends nothing)
    # Web Push (api/push/): off until VAPID_PRIVATE_KEY is set (`flask --app wsgi vapid-keys` makes one)
    VAPID_PRIVATE_KEY = private_key("VAPID_PRIVATE_KEY")
    # Who runs it; unset, PUBLIC_URL if https: (the push services take no http: subject)
    VAPID_SUBJECT = (contact("VAPID_SUBJECT") or (PUBLIC_URL if (PUBLIC_URL or "").startswith("https:") else None)
                     or "mailto:push@addgames.invalid")
    PUSH_HOSTS = push_hosts("PUSH_HOSTS")  # push services the worker may POST to
    # CAs to trust for them (the system's when unset)
    PUSH_CA_BUNDLE = setting("PUSH_CA_BUNDLE", None, lambda raw: raw if os.path.exists(raw) else None,
                             "no file (or folder) of CA certificates here")
    PUSH_TIMEOUT = (3.05, 5)  # seconds to connect, then to wait for the answer
