"""CORS for /api/: browsers on other sites may call the API (a seat is a bearer token the client
holds, never a cookie, so there is nothing for another site to ride on).

CORS_ORIGINS is `*` (the default: any origin) or a comma-separated list of exact origins
(`https://a.example`, compared without regard to case). An allowed origin is told it may read
the answer and the headers in EXPOSED; a preflight (OPTIONS with Access-Control-Request-Method)
is also told which of the headers it asked for may be sent, and for how long to remember it.

WSGI middleware around the app, adding to the plain list of headers it answers with. flask-cors
did the same as a Flask hook for 7 % of the bytecodes of a move and its polls (bench/opcodes.py),
mostly in proxies to the request and in werkzeug's checks of every header it set.
"""
from collections.abc import Callable

ALLOWED = ("Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key", "Prefer", "X-Request-Id")
EXPOSED = ("ETag", "Location", "Link", "Retry-After", "Preference-Applied", "Idempotent-Replayed", "X-Request-Id",
           "WWW-Authenticate")
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
MAX_AGE = 600  # seconds a browser may keep a preflight's answer
_ALLOWED_LOWER = {name.lower() for name in ALLOWED}


class CrossOrigin:
    """Adds the CORS headers to every answer under /api/ that a request from an allowed origin gets."""

    def __init__(self, app: Callable, origins: str) -> None:
        self.app = app
        listed = [origin.strip().lower() for origin in origins.split(",") if origin.strip()]
        self.any_origin = "*" in listed
        self.origins = frozenset(listed)
        # With a list, the answer depends on the asking origin: caches must keep one per origin.
        self.vary = [] if self.any_origin else [("Vary", "Origin")]

    def __call__(self, environ: dict, start_response: Callable):
        if not environ.get("PATH_INFO", "").startswith("/api/"):
            return self.app(environ, start_response)
        added = self.vary + self._allowed(environ)

        def start(status: str, headers: list[tuple[str, str]], exc_info=None):
            headers.extend(added)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)

    def _allowed(self, environ: dict) -> list[tuple[str, str]]:
        """The Access-Control-* headers for the request's origin: none when it is not allowed."""
        origin = environ.get("HTTP_ORIGIN")
        if self.any_origin:
            allowed = "*"  # also without an Origin: a cache may hand this answer to a browser
        elif origin and origin.lower() in self.origins:
            allowed = origin
        else:
            return []
        added = [("Access-Control-Allow-Origin", allowed), ("Access-Control-Expose-Headers", _EXPOSED)]
        asked = environ.get("HTTP_ACCESS_CONTROL_REQUEST_METHOD", "").upper()
        if environ["REQUEST_METHOD"] == "OPTIONS" and asked in METHODS:
            wanted = [name.strip() for name in environ.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS", "").split(",")]
            added += [("Access-Control-Allow-Methods", _METHODS), ("Access-Control-Max-Age", str(MAX_AGE))]
            granted = ", ".join(sorted(name for name in wanted if name.lower() in _ALLOWED_LOWER))
            if granted:
                added.append(("Access-Control-Allow-Headers", granted))
        return added


_EXPOSED, _METHODS = ", ".join(EXPOSED), ", ".join(METHODS)
