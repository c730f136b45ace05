"""The static web app in frontend/: its files, and the app's pages, which all load index.html.

Files go out gzip-compressed when the browser takes it, with a strong ETag from their content and
`Cache-Control: no-cache`: a phone keeps them and revalidates, so a slow network carries the shell
once and then only 304s. A file is read and compressed once per change (keyed by its mtime and size)."""
import gzip
import hashlib
import mimetypes
import os

from flask import Blueprint, Response, abort, redirect, request
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import NotFound
from werkzeug.routing import PathConverter
from werkzeug.security import safe_join
from werkzeug.wrappers import Response as BaseResponse

from .config import ROOT
from .errors import http_problem

FRONTEND = ROOT / "frontend"
COMPRESSIBLE = (".js", ".css", ".html", ".svg", ".json", ".webmanifest")
TYPES = {".js": "text/javascript", ".webmanifest": "application/manifest+json"}  # not in every mimetypes table
bp = Blueprint("frontend", __name__)
_kept: dict[str, tuple[tuple, str, bytes, bytes | None]] = {}  # path -> ((mtime, size), etag, body, gzipped body)


class AssetPath(PathConverter):
    """A file of the web app: any path but the API's, whose unknown paths and methods stay 404 and 405."""

    regex = r"(?!api/)[^/].*?"


@bp.record_once
def _register_converter(state: BlueprintSetupState) -> None:
    state.app.url_map.converters.setdefault("asset", AssetPath)


@bp.get("/")
@bp.get("/new")
@bp.get("/new/<game>")
@bp.get("/rules/<game>")
@bp.get("/g/<match_id>")
def app_page(match_id: str | None = None, game: str | None = None):
    """The single page; the client reads the match id or game from the path and secrets from the fragment."""
    return _serve("index.html")


@bp.get("/<asset:name>")
def asset(name: str):
    """A file of the web app, as it is."""
    return _serve(name)


@bp.app_errorhandler(404)
def not_found(error: NotFound) -> BaseResponse:
    return missing_page() or http_problem(error)


def missing_page() -> BaseResponse | None:
    """A page a browser asked for (GET with Accept: text/html, not under /api/) that is not there: the
    address without its trailing slash, or the app itself with a 404, which shows its not-found screen.
    None for everything else (the API, scripts, images), which keeps the problem+json 404."""
    if request.method not in ("GET", "HEAD") or request.path.startswith("/api/"):
        return None
    if "text/html" not in request.accept_mimetypes.values():
        return None
    if request.path != "/" and request.path.endswith("/"):
        query = request.query_string.decode("latin-1")
        target = "/" + request.path.strip("/")  # one leading slash: "//host/" is no way off the site
        return redirect(target + (f"?{query}" if query else ""), 308)
    response = _file(safe_join(str(FRONTEND), "index.html") or "")
    response.status_code = 404
    return response


def _serve(name: str) -> BaseResponse:
    path = safe_join(str(FRONTEND), name)
    if path is None or not os.path.isfile(path):
        abort(404)
    return _file(path).make_conditional(request)


def _file(path: str) -> Response:
    _, tag, body, packed = _read(path)
    zipped = packed is not None and request.accept_encodings["gzip"] > 0
    extension = os.path.splitext(path)[1]
    response = Response(packed if zipped else body,
                        mimetype=TYPES.get(extension) or mimetypes.guess_type(path)[0] or "application/octet-stream")
    if packed is not None:
        response.vary.add("Accept-Encoding")
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    response.set_etag(f"{tag}.gz" if zipped else tag)  # each encoding its own tag (RFC 9110 8.8.3)
    response.cache_control.no_cache = True
    return response


def _read(path: str) -> tuple[tuple, str, bytes, bytes | None]:
    stat = os.stat(path)
    version = (stat.st_mtime_ns, stat.st_size)  # mtimes can be a clock tick coarse: the size helps
    kept = _kept.get(path)
    if kept is None or kept[0] != version:
        with open(path, "rb") as file:
            body = file.read()
        packed = gzip.compress(body, 9, mtime=0) if path.endswith(COMPRESSIBLE) and len(body) > 256 else None
        kept = _kept[path] = (version, hashlib.sha256(body).hexdigest()[:24], body, packed)
    return kept
