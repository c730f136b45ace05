"""The static web app in frontend/: files as they are, and the app's pages, which all load index.html."""
from flask import Blueprint, send_from_directory

from .config import ROOT

FRONTEND = ROOT / "frontend"
bp = Blueprint("frontend", __name__, static_folder=str(FRONTEND), static_url_path="/")


@bp.get("/")
@bp.get("/new")
@bp.get("/new/<game>")
@bp.get("/rules/<game>")
@bp.get("/g/<match_id>")
def app_page(match_id: str | None = None, game: str | None = None):
    """The single page; the client reads the match id or game from the path and secrets from the fragment."""
    return send_from_directory(FRONTEND, "index.html")
