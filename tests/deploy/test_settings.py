"""A setting given a value it cannot take stops the start at once, naming the setting and what it
takes, wherever the service reads its settings (the app's Config, serving.py, gunicorn.conf.py): a
typo found by an operator at deploy time, not by players later as 500s, broken links or a setting
silently left at its default. A setting holding a secret is named, never repeated."""
import json
import os
import subprocess
import sys

from api.config import ROOT

# Loads the settings once per case in one child process (a process per case took 8 s each): the
# last line of the error each case stops with, or what the expression in argv[2] says once loaded.
LOAD = """
import importlib, json, os, runpy, sys, traceback
import api.config, serving
said = []
for case in json.loads(sys.argv[1]):
    os.environ.update(case)
    try:
        importlib.reload(api.config); importlib.reload(serving); runpy.run_path("gunicorn.conf.py")
        said.append(eval(sys.argv[2]))
    except Exception as error:
        said.append(traceback.format_exception_only(error)[-1].strip())
    for name in case:
        del os.environ[name]
print(json.dumps(said))
"""
BAD = {
    "SQLITE_SYNCHRONOUS": ("FUL", "is none of FULL, NORMAL"),
    "LOG_LEVEL": ("INFOO", "is none of DEBUG, INFO, WARNING, WARN, ERROR, CRITICAL"),
    "RUNNING_REQUESTS": ("four", "is no whole number from 1 up"),
    "PROXY_HOPS": ("one", "is no whole number from 0 up"),
    "IDEMPOTENCY_TTL": ("1d", "is no whole number from 1 up"),
    "KEEP_FINISHED_DAYS": ("30d", "is no whole number from 1 up"),
    "KEEP_IDLE_DAYS": ("0", "is no whole number from 1 up"),
    "WEB_THREADS": ("6x", "is no whole number from 1 up"),
    "POLL_WAITERS": ("-1", "is no whole number from 0 up"),
    "CLIENT_TIMEOUT": ("10s", "is no number of seconds above 0"),
    "KEEPALIVE_LINGER": ("50ms", "is no number of seconds from 0"),
    "PUBLIC_URL": ("addgames.example", "is no address such as https://addgames.example"),
    "REDIS_TLS_VERIFY": ("maybe", "is neither on nor off: say true or false"),
    # push services refuse a subject that is no mailto: nor https: (Apple: 403 BadJwtToken), each message dropped
    "VAPID_SUBJECT": ("push@school.example", "is no contact such as mailto:you@school.example or https://addgames.example"),
    # a URL matched no endpoint's host: every device's subscription refused, "not a known push service"
    "PUSH_HOSTS": ("https://fcm.googleapis.com", "is no list of hosts such as fcm.googleapis.com, .push.example.com, "
                                                 "push.example.com:8443 (or *)"),
    # the worker failed each POST ("Could not find a suitable TLS CA certificate bundle") and retried it for a day
    "PUSH_CA_BUNDLE": ("/etc/ssl/push-ca.pem", "is no file (or folder) of CA certificates here"),
    "CORS_ORIGINS": ("school.example", "is no list of origins such as https://school.example, https://app.example:8443 "
                                       "(or *)"),
    # was read as a worker loaded the app: its reason in the worker's traceback, gunicorn's master saying 'Worker failed to boot'
    "LIMIT_MOVE": ("60 a minute", "is no limit such as '30 per minute; 300 per hour'"),
}
DSN_WANTED = "SENTRY_DSN is no DSN such as https://<key>@o1.ingest.sentry.io/<project> (the project's Client Keys page)"
# A secret's value is never repeated (a log or a deploy's output is read by others).
SECRET = [
    ({"DATABASE_URL": "postgres//addgames:hunter2@db.example/addgames"},
     "DATABASE_URL is no database URL such as postgresql://user:password@host:5432/name"),
    ({"DATABASE_URL": "mysql://addgames:hunter2@db.example/addgames"},
     "DATABASE_URL names a mysql database: the service runs on PostgreSQL (or SQLite on one machine)"),
    ({"VAPID_PRIVATE_KEY": "hunter2"}, "VAPID_PRIVATE_KEY is no private key made by `flask --app wsgi vapid-keys`"),
    # Sentry's SDK stopped each worker (and the release step) with a traceback naming neither the setting nor the fix
    ({"SENTRY_DSN": "https://hunter2@o1.ingest.sentry.io"}, DSN_WANTED),
    ({"SENTRY_DSN": "htps://hunter2@o1.ingest.sentry.io/42"}, DSN_WANTED),
]
GOOD = {"SQLITE_SYNCHRONOUS": "normal", "LOG_LEVEL": "warn", "RUNNING_REQUESTS": "2", "PROXY_HOPS": "0",
        "KEEPALIVE_LINGER": "0", "PUBLIC_URL": "https://addgames.example/", "POLL_WAITERS": "0",
        "KEEP_FINISHED_DAYS": "30", "KEEP_IDLE_DAYS": "365", "SENTRY_DSN": "https://hunter2@o1.ingest.sentry.io/42",
        "VAPID_SUBJECT": "mailto:ops@school.example", "PUSH_HOSTS": "fcm.googleapis.com, .Push.example.com, push.test:8443",
        "PUSH_CA_BUNDLE": str(ROOT / "pyproject.toml"), "LIMIT_CREATE": "10 per 20 second; 300/hour",
        "DATABASE_URL": "postgres://addgames:hunter2@127.0.0.1:1/addgames"}


def load(cases: list[dict], say: str = '"started"') -> list:
    given = {name for case in cases for name in case}
    environment = {name: value for name, value in os.environ.items() if name not in given}
    child = subprocess.run([sys.executable, "-c", LOAD, json.dumps(cases), say], cwd=ROOT, capture_output=True,
                           text=True, timeout=120, env={**environment, "DATABASE_URL": "sqlite://"})
    assert child.returncode == 0, child.stderr
    return json.loads(child.stdout.splitlines()[-1])


def test_a_value_a_setting_cannot_take_stops_the_start_with_its_name():
    said = load([{name: value} for name, (value, _) in BAD.items()] + [case for case, _ in SECRET] + [GOOD])
    assert said[:len(BAD)] == [f"ValueError: {name}={value!r} {wanted}" for name, (value, wanted) in BAD.items()]
    assert said[len(BAD):-1] == [f"ValueError: {wanted}" for _, wanted in SECRET]
    assert not [line for line in said if "hunter2" in line]
    assert said[-1] == "started", "the values the settings take start"


class Said:
    """A log that keeps its warnings."""

    def __init__(self):
        self.warnings = []

    def warning(self, text, *args):
        self.warnings.append(text % args)


def test_a_platform_s_throwaway_disk_holding_the_matches_is_warned_of_at_start(monkeypatch):
    """On Heroku (or Render, Fly.io, Railway) with DATABASE_URL unset, the service kept its matches in the default
    SQLite file, on a disk started afresh at each deploy and restart, without a word: gunicorn's master says so."""
    from api.gunicorn_hooks import warn_of_a_throwaway_database

    def said(**environment):
        for name in ("DATABASE_URL", "DYNO", "RENDER", "FLY_APP_NAME", "RAILWAY_ENVIRONMENT"):
            monkeypatch.delenv(name, raising=False)
        for name, value in environment.items():
            monkeypatch.setenv(name, value)
        log = Said()
        warn_of_a_throwaway_database(log)
        return log.warnings

    [warning] = said(DYNO="web.1")
    assert warning.startswith("DATABASE_URL is unset") and "Heroku starts afresh" in warning
    assert "instance/addgames.sqlite" in warning
    assert "Render" in said(RENDER="true")[0]
    assert said(DYNO="web.1", DATABASE_URL="postgres://u:p@db/addgames") == []
    assert said() == []  # `make run`, a container, a machine of one's own: the SQLite file is the chosen default


def test_a_platform_s_redis_counts_the_limits_unless_a_store_is_named():
    """Heroku (and others) set REDIS_URL and change it when they rotate the Redis's password: the service
    follows it at each start, where a copy in RATELIMIT_STORAGE_URI went stale and left writes uncounted."""
    redis, named = "rediss://:hunter2@redis.example:6380", "redis://limits.example:6379/0"
    said = load([{}, {"REDIS_URL": redis}, {"REDIS_URL": redis, "RATELIMIT_STORAGE_URI": named}],
                say="api.config.Config.RATELIMIT_STORAGE_URI")
    assert said == ["memory://", redis, named]


def test_matches_are_kept_for_ever_unless_the_operator_sets_how_long():
    """Unset, the cleanup deletes no finished or abandoned match (as before retention was a setting)."""
    said = load([{}, {"KEEP_FINISHED_DAYS": "30", "KEEP_IDLE_DAYS": " 365 "}],
                say="[api.config.Config.KEEP_FINISHED_DAYS, api.config.Config.KEEP_IDLE_DAYS]")
    assert said == [[None, None], [30, 365]]


def test_cors_origins_are_origins_as_a_browser_sends_them():
    """A browser's Origin is a scheme, a host and maybe a port, never a path: an origin written without its
    `https://` or with a page's path (`https://school.example/addgames`) matched no request, and every call from that
    site was refused its answer without a word. The slash an address bar adds is taken off; a path stops the start."""
    said = load([{"CORS_ORIGINS": "https://School.example/ ,http://127.0.0.1:8080"}, {"CORS_ORIGINS": " * "},
                 {"CORS_ORIGINS": "https://school.example/addgames"}], say="api.config.Config.CORS_ORIGINS")
    assert said[:2] == ["https://School.example,http://127.0.0.1:8080", "*"]
    assert said[2].startswith("ValueError: CORS_ORIGINS='https://school.example/addgames' is no list of origins")


def test_the_push_services_are_given_a_contact_they_take():
    """VAPID_SUBJECT unset, the push services were told PUBLIC_URL, `http://` on a school's own network, which they
    refuse as they refuse any subject but `mailto:` and `https:`: then the placeholder address."""
    said = load([{"PUBLIC_URL": "https://addgames.example"}, {"PUBLIC_URL": "http://addgames.school.lan"},
                 {"PUBLIC_URL": "http://addgames.school.lan", "VAPID_SUBJECT": " mailto:ops@school.example"}],
                say="api.config.Config.VAPID_SUBJECT")
    assert said == ["https://addgames.example", "mailto:push@addgames.invalid", "mailto:ops@school.example"]


def test_polls_waiting_for_news_leave_a_thread_for_the_moves():
    """POLL_WAITERS as many as WEB_THREADS let waiting polls hold every thread of a process: the move that would
    have ended their wait queued behind them (tried: 4 threads, 4 polls, a move answered after 13 s, each poll 304)."""
    said = load([{"WEB_THREADS": "4", "POLL_WAITERS": "4"}, {"POLL_WAITERS": "64"},
                 {"WEB_THREADS": "4", "POLL_WAITERS": "3"}, {"WEB_THREADS": "8"}], say="api.config.Config.POLL_WAITERS")
    wanted = "ValueError: POLL_WAITERS={} holds every thread of WEB_THREADS={}: a move would wait for the polls to end; " \
             "set it under WEB_THREADS"
    assert said == [wanted.format(4, 4), wanted.format(64, 64), 3, 6]


def test_gunicorn_s_own_lines_follow_log_level_but_never_to_its_debug():
    """LOG_LEVEL=WARNING 'keeps only trouble', yet gunicorn's master went on logging each boot of a worker at INFO.
    Its DEBUG is a line per connection, more than LOG_LEVEL=DEBUG promises (the polls, the health checks)."""
    said = load([{}, {"LOG_LEVEL": "warn"}, {"LOG_LEVEL": "ERROR"}, {"LOG_LEVEL": "debug"}],
                say='runpy.run_path("gunicorn.conf.py")["loglevel"]')
    assert said == ["info", "warning", "error", "info"]
