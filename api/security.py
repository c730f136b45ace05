"""What browsers are told: CORS for third-party clients of /api/, and safety headers everywhere.

The API uses no cookies (a seat is a bearer token the client holds), so any origin may call it.
Pages run only scripts and styles served by us: nothing inline (but the API docs' styles), no
eval, nothing from another site.
"""
from flask import Flask, Response, request
from flask_cors import CORS

ALLOWED = ["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key", "Prefer", "X-Request-Id"]
EXPOSED = ["ETag", "Location", "Retry-After", "Preference-Applied", "Idempotent-Replayed", "X-Request-Id"]
PAGE = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS = PAGE.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")  # Swagger UI styles inline
API = "default-src 'none'; frame-ancestors 'none'"
HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
           "Cross-Origin-Opener-Policy": "same-origin"}
HSTS = ("Strict-Transport-Security", "max-age=31536000")


def init_app(app: Flask) -> None:
    origins = [origin.strip() for origin in app.config["CORS_ORIGINS"].split(",")]
    CORS(app, resources={r"/api/*": {"origins": origins, "allow_headers": ALLOWED, "expose_headers": EXPOSED,
                                     "max_age": 600, "send_wildcard": True}})
    app.after_request(_harden)


def _harden(response: Response) -> Response:
    """Add each header of the request's kind that the view did not set itself (one pass over the
    answer's headers, not one per header: this runs on every request)."""
    path = request.path
    policy = API if path.startswith("/api/v1/") else DOCS if path.startswith("/api/docs/") else PAGE
    wanted = [("Content-Security-Policy", policy), *HEADERS.items()]
    if request.is_secure:
        wanted.append(HSTS)
    present = {name.lower() for name, _ in response.headers}
    response.headers.extend([(name, value) for name, value in wanted if name.lower() not in present])
    return response
