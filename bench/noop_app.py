"""The service's app with one more route, `GET /bench/noop`, that does nothing but answer.

It runs through everything the app puts around every request (Flask's dispatch, the request hooks,
the security headers, the rate limiter's before-request check) and touches no database and no
file: the unit `bench/load.py` divides its costs by. `GET /api/v1/health` queries the database,
and a static file is read from disk and revalidated, so neither is a no-op.
"""
from api import create_app

app = create_app()
app.add_url_rule("/bench/noop", "noop", lambda: "")
