"""The static web app in frontend/: files as they are, and the match pages that links open."""
from flask import Blueprint, send_from_directory

from .config import ROOT

FRONTEND = ROOT / "frontend"
bp = Blueprint("frontend", __name__, static_folder=str(FRONTEND), static_url_path="/")


@bp.get("/")
@bp.get("/g/<match_id>")
def app_page(match_id: str | None = None):
    """The single page; the client reads the match id from the path and secrets from the fragment."""
    return send_from_directory(FRONTEND, "index.html")
