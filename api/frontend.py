"""The static web app in frontend/: files as they are, and the app's pages, which all load index.html."""
from flask import Blueprint, send_from_directory
from werkzeug.routing import PathConverter

from .config import ROOT

FRONTEND = ROOT / "frontend"
bp = Blueprint("frontend", __name__)


class AssetPath(PathConverter):
    """A file of the web app: any path but the API's, whose unknown paths and methods stay 404 and 405."""

    regex = r"(?!api/)[^/].*?"


bp.record_once(lambda state: state.app.url_map.converters.setdefault("asset", AssetPath))


@bp.get("/")
@bp.get("/new")
@bp.get("/new/<game>")
@bp.get("/rules/<game>")
@bp.get("/g/<match_id>")
def app_page(match_id: str | None = None, game: str | None = None):
    """The single page; the client reads the match id or game from the path and secrets from the fragment."""
    return send_from_directory(FRONTEND, "index.html")


@bp.get("/<asset:name>")
def asset(name: str):
    """A file of the web app, as it is."""
    return send_from_directory(FRONTEND, name)
