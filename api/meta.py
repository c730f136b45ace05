"""The service about itself: health, how long it keeps matches, and the OpenAPI contract."""
import logging
from pathlib import Path

from flask import Blueprint, Response, jsonify

from . import connection, database, retention, revisions
from .config import ROOT
from .errors import database_unavailable, problem

SPEC = ROOT / "openapi.yaml"
bp = Blueprint("meta", __name__, url_prefix="/api/v1")
log = logging.getLogger("api.errors")


@bp.get("/health")
def health():
    """Whether the service can reach its database, and the database has this code's schema. A
    schema ahead of it is not a failure: the next release's migrations run before it serves, while
    this one still does (README, *Heroku-style*), and an orchestrator must not take this one's
    instances out meanwhile, nor after a rollback that keeps the newer schema."""
    lost = database.file_lost(connection.get())
    if lost:  # SQLite: what this process writes now goes to a file no later process will read
        log.warning("database unavailable: the SQLite file %s was removed or replaced after this process opened it; "
                    "put it back, or restart the service", lost)
        raise database_unavailable("The database file was removed or replaced after the service opened it: what it "
                                   "writes now would be lost. Put the file back, or restart the service.")
    schema, head = revisions.schema_revision(), revisions.schema_head()
    if schema == head:
        return jsonify(status="ok", database="ok")
    if schema is not None and schema not in revisions.shipped():
        return jsonify(status="ok", database="newer", detail=f"The database schema is at {schema}, newer than this "
                       f"code's {head}: a newer release migrated it.")
    behind = "The database has no tables yet" if schema is None else f"The database schema is at {schema}, not {head}"
    return problem(503, "database_outdated", f"{behind}: migrate it (flask --app wsgi db upgrade).",
                   headers={"Retry-After": "30"}, database="outdated")


@bp.get("/privacy")
def privacy():
    """How long this instance keeps matches: what its players are told (the web app's Privacy page)."""
    return jsonify(retention.kept_days())


@bp.get("/openapi.yaml")
def openapi_spec():
    """The OpenAPI 3.1 contract of this API."""
    return Response(Path(SPEC).read_text(encoding="utf-8"), mimetype="application/yaml")
