"""Prometheus metrics at /metrics, when METRICS is true: requests by route and status, their
latency, moves by game, matches entering each status, database errors.

Under gunicorn each worker is its own process: with PROMETHEUS_MULTIPROC_DIR set (api/gunicorn_hooks.py
sets it before the workers start) every worker writes its counts to files there and /metrics adds
them up, whichever worker answers. prometheus_client picks that mode when it is first imported, so
nothing here imports it until an app asks for metrics (never in gunicorn's master process).

The endpoint is not part of the public API (not in openapi.yaml). Keep it from the public with
METRICS_TOKEN (a bearer token Prometheus sends) or at the proxy.
"""
import hmac
import os
from functools import cache
from types import SimpleNamespace

from flask import Flask, Response, request

from . import logs

LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
_enabled = False  # per process: once an app asked for metrics, the counters below count
_children: dict = {}  # (route, method, status): that request's counter and latency histogram


@cache
def _metrics() -> SimpleNamespace:
    from prometheus_client import Counter, Histogram

    return SimpleNamespace(
        requests=Counter("addgames_requests", "Requests answered, by route template, method and status.",
                         ["route", "method", "status"]),
        latency=Histogram("addgames_request_duration_seconds", "Time to answer a request, by route template.",
                          ["route"], buckets=LATENCY_BUCKETS),
        moves=Counter("addgames_moves", "Events appended to matches (moves, resignations, timeouts), by game.",
                      ["game"]),
        matches=Counter("addgames_matches", "Matches entering a status (waiting: created, playing: every seat "
                        "taken, over: finished), by game. Matches now in a status: entered minus left.",
                        ["game", "status"]),
        database_errors=Counter("addgames_database_errors", "Requests answered 503 because the database failed, "
                                "by the driver's error class.", ["error"]),
    )


def init_app(app: Flask) -> None:
    global _enabled
    if not app.config["METRICS"]:
        return
    _enabled = True
    _metrics()
    app.after_request(_count_request)
    app.add_url_rule("/metrics", "metrics", _serve(app.config["METRICS_TOKEN"]))


def _count_request(response: Response) -> Response:
    route, status = logs.route(request), response.status_code
    key = (route, request.method, status)
    counted = _children.get(key)
    if counted is None:  # labels() validates and locks on every call: look each series up once
        found = _metrics()
        counted = _children[key] = (found.requests.labels(route, request.method, str(status)),
                                    found.latency.labels(route))
    counted[0].inc()
    counted[1].observe(logs.elapsed())
    return response


def _serve(token: str | None):
    def metrics():
        """The metrics in Prometheus' text format, summed over every worker process."""
        from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess

        if token and not hmac.compare_digest(request.headers.get("Authorization", ""), f"Bearer {token}"):
            return Response("Send the metrics token as 'Authorization: Bearer <token>'.\n", status=401,
                            mimetype="text/plain")
        registry = REGISTRY
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)
        return Response(generate_latest(registry), mimetype=CONTENT_TYPE_LATEST)
    return metrics


def moved(game: str) -> None:
    if _enabled:
        _metrics().moves.labels(game).inc()


def match_entered(game: str, status: str) -> None:
    if _enabled:
        _metrics().matches.labels(game, status).inc()


def database_failed(error: str) -> None:
    if _enabled:
        _metrics().database_errors.labels(error).inc()
