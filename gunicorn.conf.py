"""gunicorn's settings: `gunicorn wsgi:app` reads this file from the working directory (the Procfile,
`make run`, the tests' live server). The bind address and the number of worker processes are left
to gunicorn's own defaults, so that a PaaS's PORT (then 0.0.0.0:$PORT) and WEB_CONCURRENCY work;
`make run` and the tests pass --bind (and --workers) on the command line.

Worker class: serving.ProblemThreadWorker, gunicorn's threaded worker (gthread) with a deadline on
reading each request and problem+json for gunicorn's own errors (see serving.py). Sync workers
face the network directly: four clients trickling request bodies held all four processes and the
service stopped answering. A thread per request costs little here because requests are short and
the database calls release the GIL. Measured by hand with wrk (2 workers, SQLite, 8 connections,
on the shared 2-core development machine under load, so ratios only), gthread against sync:
  no-op request through the app  1.0-1.3x with keep-alive, 1.1-1.4x with a new connection per request
  GET /api/v1/health             1.1-1.4x                  0.7-1.0x
  304 poll of a match view       0.9-1.6x                  1.0-1.4x
gthread keeps connections alive (sync closes each one), which is where it gains. gevent was left
out: SQLite's busy wait and psycopg's waits block the whole process under it (a 304 poll ran at
0.15x of sync).
"""
import os

worker_class = "serving.ProblemThreadWorker"
threads = int(os.environ.get("WEB_THREADS", 8))  # per worker process: requests served at once by one process
keepalive = 5  # seconds an idle kept-alive connection stays open, in the worker's poller (no thread)
timeout = 30  # seconds a worker's main loop may go silent before the master restarts it
graceful_timeout = 20  # seconds a stopping worker has to finish its requests

# Limits on what a client may send before the app sees it (gunicorn answers 414 / 431 / 400 itself,
# as problem+json). The longest legal request line (a move log query) is under 200 bytes.
limit_request_line = 2048
limit_request_fields = 50
limit_request_field_size = 8190

accesslog = "-"  # the request line without query secrets: tokens travel in headers (test_parallel.py checks)
control_socket_disable = True  # gunicorn's control socket sits at one path in $HOME: several servers on one machine would share it
