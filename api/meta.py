"""The service about itself: health and the OpenAPI contract."""
from pathlib import Path

from flask import Blueprint, Response, jsonify

from . import revisions
from .config import ROOT
from .errors import problem

SPEC = ROOT / "openapi.yaml"
bp = Blueprint("meta", __name__, url_prefix="/api/v1")


@bp.get("/health")
def health():
    """Whether the service can reach its database, and the database has this code's schema."""
    schema, head = revisions.schema_revision(), revisions.schema_head()
    if schema != head:
        return problem(503, "database_outdated", f"The database schema is at {schema}, not {head}: migrate it "
                       "(flask --app wsgi db upgrade).", headers={"Retry-After": "30"}, database="outdated")
    return jsonify(status="ok", database="ok")


@bp.get("/openapi.yaml")
def openapi_spec():
    """The OpenAPI 3.1 contract of this API."""
    return Response(Path(SPEC).read_text(encoding="utf-8"), mimetype="application/yaml")
