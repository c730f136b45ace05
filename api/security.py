"""What browsers are told: safety headers on every answer (CORS for /api/ is api/cors.py).

Pages run only scripts and styles served by us: nothing inline (but the API docs' styles), no
eval, nothing from another site.
"""
from collections.abc import Callable
from operator import itemgetter
from typing import NamedTuple

PAGE = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS = PAGE.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")  # Swagger UI styles inline
API = "default-src 'none'; frame-ancestors 'none'"
HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
           "Cross-Origin-Opener-Policy": "same-origin"}
HSTS = ("Strict-Transport-Security", "max-age=31536000")


class Hardened:
    """Around the app, as WSGI middleware: adds each header of the request's kind that the app did
    not set itself to the plain list of headers it answers with (why not a Flask hook: see
    api/logs.py's RequestLines)."""

    def __init__(self, app: Callable) -> None:
        self.app = app

    def __call__(self, environ: dict, start_response: Callable):
        path = environ.get("PATH_INFO", "")
        wanted = FOR_API if path.startswith("/api/v1/") else FOR_DOCS if path.startswith("/api/docs/") else FOR_PAGES

        def start(status: str, headers: list[tuple[str, str]], exc_info=None):
            present = set(map(str.lower, map(_NAME, headers)))  # in C, not a bytecode per header
            if present.isdisjoint(wanted.names):  # the app set none of them: so far, always
                headers.extend(wanted.pairs)
            else:
                headers.extend(pair for pair in wanted.pairs if pair[0].lower() not in present)
            if environ["wsgi.url_scheme"] == "https" and "strict-transport-security" not in present:
                headers.append(HSTS)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


class Wanted(NamedTuple):
    pairs: list[tuple[str, str]]
    names: frozenset[str]  # lowercase


def _headers(policy: str) -> Wanted:
    pairs = [("Content-Security-Policy", policy), *HEADERS.items()]
    return Wanted(pairs, frozenset(name.lower() for name, _ in pairs))


_NAME = itemgetter(0)


FOR_API, FOR_DOCS, FOR_PAGES = _headers(API), _headers(DOCS), _headers(PAGE)
