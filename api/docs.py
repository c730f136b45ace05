"""The API's human-readable docs: Swagger UI (bundled by flask-swagger-ui), started by our own
script file so that the page runs under the same no-inline-script policy as every page."""
from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, send_from_directory

PAGE = Path(__file__).parent / "docs_page"
SWAGGER_UI = Path(flask_swagger_ui.__file__).parent / "dist"
bp = Blueprint("docs", __name__, url_prefix="/api/docs")


@bp.get("/")
def docs_page():
    """The Swagger UI page."""
    return send_from_directory(PAGE, "index.html")


@bp.get("/init.js")
def docs_init():
    """The script that starts Swagger UI on /api/v1/openapi.yaml."""
    return send_from_directory(PAGE, "init.js")


@bp.get("/<path:name>")
def docs_asset(name: str):
    """Swagger UI's own files."""
    return send_from_directory(SWAGGER_UI, name)
