"""The static web app in frontend/: its files, and the app's pages, which all load index.html.

Files go out gzip-compressed when the browser takes it, with a strong ETag from their content and
`Cache-Control: no-cache`: a phone keeps them and revalidates, so a slow network carries the shell
once and then only 304s. A file is read and compressed once per change (keyed by its mtime and size).

The shell's version is a hash of every file of the app: each answer here names it (`Shell-Version`),
and sw.js and index.html carry it in their text (written in as they are served), so a deploy that changes
any file changes sw.js, and browsers install the new service worker (see frontend/sw.js). index.html also names
the site's address (PUBLIC_URL, else the host asked), for the link preview's image: a crawler takes no relative one."""
import gzip
import html
import hashlib
import mimetypes
import os
import time

from flask import Blueprint, Response, abort, redirect, request
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import NotFound
from werkzeug.routing import PathConverter
from werkzeug.security import safe_join
from werkzeug.wrappers import Response as BaseResponse

from .config import ROOT
from .errors import http_problem
from .presenter import packed_tag, site

FRONTEND = ROOT / "frontend"
COMPRESSIBLE = (".js", ".css", ".html", ".svg", ".json", ".webmanifest")
TYPES = {".js": "text/javascript", ".webmanifest": "application/manifest+json"}  # not in every mimetypes table
bp = Blueprint("frontend", __name__)
VERSION_HEADER = "Shell-Version"
STAMPED = ("index.html", "sw.js")  # their text names the version, index.html the site's address too
VERSION_PLACEHOLDER, SITE_PLACEHOLDER = b"__SHELL_VERSION__", b"__ORIGIN__"
VERSION_FOR_S = 1.0  # the files are walked at most once a second per process to see whether one changed
_kept: dict[str, tuple[tuple, str, bytes, bytes | None]] = {}  # path -> (its stamp, etag, body, gzipped body)
_version: tuple[float, str, str] = (0.0, "", "")  # (when, of which folder, the version)


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
@bp.get("/class/<game>")
@bp.get("/sheets/<sheet_id>")
@bp.get("/leagues/<league_id>")
@bp.get("/g/<match_id>")
@bp.get("/privacy")
def app_page(match_id: str | None = None, game: str | None = None, sheet_id: str | None = None,
             league_id: str | None = None):
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


def shell_version() -> str:
    """A hash of the app's files, their paths and contents: another version after any change."""
    global _version
    now, folder = time.monotonic(), str(FRONTEND)
    when, of, version = _version
    if of != folder or now - when >= VERSION_FOR_S:
        tags = sorted(f"{os.path.relpath(os.path.join(where, name), folder)}:{_read(os.path.join(where, name))[1]}"
                      for where, _, names in os.walk(folder) for name in names)
        version = hashlib.sha256("\n".join(tags).encode()).hexdigest()[:16]
        _version = (now, folder, version)
    return version


def _file(path: str) -> Response:
    version = shell_version()
    _, tag, body, packed = _stamped(path, version, site()) if _is_stamped(path) else _read(path)
    zipped = packed is not None and request.accept_encodings["gzip"] > 0
    extension = os.path.splitext(path)[1]
    response = Response(packed if zipped else body,
                        mimetype=TYPES.get(extension) or mimetypes.guess_type(path)[0] or "application/octet-stream")
    if packed is not None:
        response.vary.add("Accept-Encoding")
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    response.set_etag(packed_tag(tag) if zipped else tag)  # each encoding its own tag (RFC 9110 8.8.3)
    response.cache_control.no_cache = True
    response.headers[VERSION_HEADER] = version
    return response


def _is_stamped(path: str) -> bool:
    return os.path.dirname(path) == str(FRONTEND) and os.path.basename(path) in STAMPED


def _read(path: str) -> tuple[tuple, str, bytes, bytes | None]:
    stat = os.stat(path)
    stamp = (stat.st_mtime_ns, stat.st_size)  # mtimes can be a clock tick coarse: the size helps
    kept = _kept.get(path)
    if kept is None or kept[0] != stamp:
        with open(path, "rb") as file:
            kept = _kept[path] = _kept_form(path, stamp, file.read())
    return kept


def _stamped(path: str, version: str, origin: str) -> tuple[tuple, str, bytes, bytes | None]:
    """The file as served: its text with the shell's version and the site's address written in."""
    stamp, tag, body, _ = _read(path)
    key = f"{path}@{version}@{origin}"
    kept = _kept.get(key)
    if kept is None or kept[0] != (stamp, version, origin):
        text = body.replace(VERSION_PLACEHOLDER, version.encode()).replace(SITE_PLACEHOLDER, html.escape(origin).encode())
        kept = _kept[key] = _kept_form(path, (stamp, version, origin), text)
        for old in [k for k in _kept if k.startswith(f"{path}@") and k != key]:  # one form kept per file
            _kept.pop(old, None)  # another thread may have dropped it first
    return kept


def _kept_form(path: str, stamp: tuple, body: bytes) -> tuple[tuple, str, bytes, bytes | None]:
    packed = gzip.compress(body, 9, mtime=0) if path.endswith(COMPRESSIBLE) and len(body) > 256 else None
    return stamp, hashlib.sha256(body).hexdigest()[:24], body, packed
