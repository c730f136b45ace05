"""gunicorn's settings, read from the working folder by `gunicorn wsgi:app` (Procfile, Dockerfile)."""
from api import gunicorn_hooks

# Logs and metrics (api/logs.py, api/metrics.py): the app logs each request as one JSON line, so
# gunicorn's access log stays off and its own lines are JSON too; the workers' Prometheus counts
# are kept in one folder that /metrics adds up.
accesslog = None
logger_class = gunicorn_hooks.JSONLogger
on_starting = gunicorn_hooks.on_starting
child_exit = gunicorn_hooks.child_exit
