"""gunicorn's settings: `gunicorn wsgi:app` reads this file from the working directory (the Procfile,
`make run`, the tests' live server). The bind address and the number of worker processes are left
to gunicorn's own defaults, so that a PaaS's PORT (then 0.0.0.0:$PORT) and WEB_CONCURRENCY work;
`make run` and the tests pass --bind (and --workers) on the command line.

Worker class: serving.ProblemThreadWorker, gunicorn's threaded worker (gthread) with a deadline on
reading each request, a timeout on running one, and problem+json for gunicorn's own errors (see
serving.py). Sync workers face the network directly: four clients trickling request bodies held
all four processes and the service stopped answering; here a slow client holds one thread for
CLIENT_TIMEOUT seconds at most. Measured by hand before choosing (wrk, 2 workers, SQLite, 2
and 8 connections, keep-alive and not; server CPU per request from /proc, on the shared 2-core
development machine at load 7-15, so only the medians of six runs mean anything), CPU per request
relative to sync workers:
                       plain gthread     this worker
  no-op request        0.95x             1.1x  (0.9-1.5x)
  GET /api/v1/health   1.0x              1.45x (0.6-2.1x)
  304 poll             0.9x              0.85x (0.7-1.6x)
The read deadline itself costs about 7 us per socket read (1-2 % of a no-op request). gevent was
left out: measured under issue 12's load (docs/PERFORMANCE.md) it saves CPU on SQLite but none on
PostgreSQL, where psycopg's waits through its loop cost more than threads, and under it SQLite's
waits for its write lock would stop every request of the process.
"""
from api import gunicorn_hooks
from api.config import Config, whole

worker_class = "serving.ProblemThreadWorker"
# Per worker process: requests served at once by one process. Most of them may be polls waiting
# for news (api/news.py, at most POLL_WAITERS of them), which hold a thread while they wait.
threads = whole("WEB_THREADS", 64, least=1)
# Requests are parsed in C by gunicorn_h1c (requirements.txt), not by gunicorn's Python parser:
# measured beside it (bench/load.py, K=8, SQLite, alternating runs) a tenth less server CPU per
# move and a sixth more moves/s. "fast" fails at start when it is missing rather than running slower.
http_parser = "fast"
keepalive = 5  # seconds an idle kept-alive connection stays open, in the worker's poller (no thread)
# Seconds a request may run (then 503 server_timeout, serving.py): under the 30 s after which PaaS
# routers give up on a request, so that the client gets our answer and not theirs.
timeout = 25
graceful_timeout = 20  # seconds a stopping worker has to finish its requests

# Limits on what a client may send before the app sees it (gunicorn answers 414 / 431 / 400 itself,
# as problem+json). The longest legal request line (a move log query) is under 200 bytes.
limit_request_line = 2048
limit_request_fields = 50
limit_request_field_size = 8190

# Logs and metrics (api/logs.py, api/metrics.py): the app logs each request as one JSON line, so
# gunicorn's access log stays off and its own lines are JSON too; the workers' Prometheus counts
# are kept in one folder that /metrics adds up.
accesslog = None
logger_class = gunicorn_hooks.JSONLogger
# gunicorn's own lines (a worker booted, exited, timed out) follow LOG_LEVEL, but not to gunicorn's
# debug: a line for every connection, more than LOG_LEVEL=DEBUG says it adds.
loglevel = {"DEBUG": "info", "WARN": "warning"}.get(Config.LOG_LEVEL, Config.LOG_LEVEL.lower())
on_starting = gunicorn_hooks.on_starting
on_exit = gunicorn_hooks.on_exit
child_exit = gunicorn_hooks.child_exit
# Each worker on a CPU of its own when the workers fill the CPUs evenly (PIN_WORKERS, default auto).
pre_fork = gunicorn_hooks.pre_fork
post_fork = gunicorn_hooks.post_fork
control_socket_disable = True  # gunicorn's control socket sits at one path in $HOME: several servers on one machine would share it
