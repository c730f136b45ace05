"""The service about itself: health and the OpenAPI contract."""
from pathlib import Path

from flask import Blueprint, Response, jsonify
from sqlalchemy import text

from .config import ROOT
from .errors import problem
from .models import db

SPEC = ROOT / "openapi.yaml"
bp = Blueprint("meta", __name__, url_prefix="/api/v1")


@bp.get("/health")
def health():
    """Whether the service can reach its database."""
    try:
        db.session.execute(text("SELECT 1"))
    except Exception:  # any failure to reach the database is "unavailable", never a crash
        db.session.rollback()
        return problem(503, "database_unavailable", "The database cannot be reached.",
                       headers={"Retry-After": "5"}, database="unavailable")
    return jsonify(status="ok", database="ok")


@bp.get("/openapi.yaml")
def openapi_spec():
    """The OpenAPI 3.1 contract of this API."""
    return Response(Path(SPEC).read_text(encoding="utf-8"), mimetype="application/yaml")
