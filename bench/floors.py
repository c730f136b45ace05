"""Apps that do nothing, served by the same gunicorn worker as the service (`bench/versus.py`
measures them beside the peer): what a request costs before any of addgames' own code runs.

- `wsgi`: a WSGI callable that answers 200 with no body: gunicorn and its worker alone;
- `flask_app`: a bare Flask app with one route that returns "": Flask's dispatch added;
- the service's app with a no-op route is `bench/noop_app.py`: its request hooks added.
"""
from flask import Flask


def wsgi(_environ, start_response):
    start_response("200 OK", [("Content-Length", "0")])
    return [b""]


flask_app = Flask(__name__)
for rule in ("/bench/noop", "/api/v1/health"):  # bench.server.Service asks /api/v1/health until it answers
    flask_app.add_url_rule(rule, rule, lambda: "")
