"""Fixtures: the app on SQLite (and on PostgreSQL when TEST_DATABASE_URL is set), and a test
client that checks every API response against openapi.yaml."""
import gzip
import json
import os
import re
from datetime import UTC, datetime, timedelta

import flask_migrate
import pytest
import yaml
from flask.testing import FlaskClient
from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from sqlalchemy import MetaData, create_engine, text
from sqlalchemy.engine import make_url

from api import clock as api_clock
from api import create_app
from api import config
from api.config import ROOT, database_url
from api.models import db

SPEC = OpenAPI.from_file_path(str(ROOT / "openapi.yaml"),
                              config=Config(extra_media_type_deserializers={
                                  "application/problem+json": json.loads, "application/yaml": yaml.safe_load}))


# Headers any answer may carry without its operation declaring them: HTTP's own, CORS's, the security
# headers every answer has, and X-Request-Id, which the spec's introduction promises on every answer.
EVERY_ANSWER = {"content-type", "content-length", "date", "server", "connection", "vary", "x-request-id",
                "access-control-allow-origin", "access-control-expose-headers", "content-security-policy",
                "cross-origin-opener-policy", "referrer-policy", "x-content-type-options", "x-frame-options",
                "strict-transport-security"}


CONTRACT = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def declared_answers() -> dict[tuple[str, str], dict[str, dict]]:
    """{(path regex, method): {status: its response as the spec declares it, its reference followed}}."""
    found = {}
    for path, item in CONTRACT["paths"].items():
        pattern = "^" + re.sub(r"\{\w+\}", "[^/]+", path) + "$"  # /api/v1/games/{id} -> /api/v1/games/[^/]+
        for method, operation in item.items():
            if method == "parameters":
                continue
            answers = {}
            for status, response in operation["responses"].items():
                if "$ref" in response:
                    response = CONTRACT["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
                answers[status] = response
            found[(pattern, method)] = answers
    return found


DECLARED_ANSWERS = declared_answers()


def declared_answer(method: str, path: str, status: int) -> dict | None:
    """The response the spec declares for this answer, if it declares one."""
    for (pattern, verb), answers in DECLARED_ANSWERS.items():
        if verb == method and re.match(pattern, path) and str(status) in answers:
            return answers[str(status)]
    return None


def undeclared_headers(declared: dict, headers) -> set[str]:
    """The headers of an answer that its declared response does not name."""
    return {name.lower() for name in headers.keys()} - {name.lower() for name in declared.get("headers", {})} \
        - EVERY_ANSWER


def composed(schema: dict) -> list[dict]:
    """`schema` and every schema it is made of (allOf, oneOf, anyOf), references followed."""
    while "$ref" in schema:
        schema = CONTRACT["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return [schema, *(part for key in ("allOf", "oneOf", "anyOf") for member in schema.get(key, [])
                      for part in composed(member))]


def unnamed_fields(value, schema: dict, path: str = "") -> list[str]:
    """The members of `value` (an answer's JSON) that `schema` names nowhere. The spec's answer schemas
    leave unnamed members open (a client ignores what it does not know), so the validation alone let a
    field the server added without its entry in the spec pass; a map (`additionalProperties`) is data."""
    parts = composed(schema)
    if isinstance(value, list):
        items = [part["items"] for part in parts if "items" in part]
        return [found for item in value for found in unnamed_fields(item, {"anyOf": items}, f"{path}[]")] if items else []
    if not isinstance(value, dict) or any(part.get("additionalProperties") not in (None, False)
                                          or "patternProperties" in part for part in parts):
        return []
    named: dict[str, list[dict]] = {}
    for part in parts:
        for name, member in part.get("properties", {}).items():
            named.setdefault(name, []).append(member)
    if not named:
        return []
    return [found for name, item in value.items() for found in
            (unnamed_fields(item, {"anyOf": named[name]}, f"{path}.{name}") if name in named else [f"{path}.{name}"])]


class SpecClient(FlaskClient):
    """A test client that fails the test when an API response breaks the contract."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        sent = response.request
        if sent.path.startswith("/api/v1/") and sent.method != "OPTIONS":  # CORS preflights are not operations
            request = MockRequest("http://localhost", sent.method.lower(), sent.path, headers=dict(sent.headers))
            body = response.get_data()
            if response.headers.get("Content-Encoding") == "gzip":  # as any HTTP client reads it
                body = gzip.decompress(body)
            SPEC.validate_response(request, MockResponse(body, response.status_code,
                                                         dict(response.headers), response.mimetype))
            declared = declared_answer(sent.method.lower(), sent.path, response.status_code)
            if declared is not None:
                # A generated client reads only the headers an operation declares (ETag, Location, ...).
                undeclared = undeclared_headers(declared, response.headers)
                assert not undeclared, f"{sent.method} {sent.path} {response.status_code}: undeclared {sorted(undeclared)}"
                schema = declared.get("content", {}).get(response.mimetype, {}).get("schema")
                unnamed = unnamed_fields(json.loads(body), schema) if schema and body and response.is_json else []
                assert not unnamed, f"{sent.method} {sent.path} {response.status_code}: not in openapi.yaml {unnamed}"
        return response


def backends() -> list[str]:
    found = ["sqlite:///{tmp}/test.sqlite"]
    if os.environ.get("TEST_DATABASE_URL"):
        found.append(database_url(os.environ["TEST_DATABASE_URL"]))
    return found


def own_schema(url: str) -> str:
    """`url` with its tables in the PostgreSQL schema TEST_DATABASE_SCHEMA, when set: two test runs
    can then share one database at once (.ci/run runs tests/contract beside the rest)."""
    schema = os.environ.get("TEST_DATABASE_SCHEMA")
    if not schema or not url.startswith("postgresql"):
        return url
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
    engine.dispose()
    return str(make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False))


@pytest.fixture(scope="session", autouse=True)
def limits_counted_in_process():
    """The suite's limits count in each process (or in the store a test names), never in a Redis that this
    machine's shell names for the service (REDIS_URL), where counts left by another run would refuse requests."""
    config.Config.RATELIMIT_STORAGE_URI = "memory://"


@pytest.fixture(scope="session", params=backends(), ids=lambda url: url.split(":")[0].split("+")[0])
def app(request, tmp_path_factory):
    url = own_schema(request.param.format(tmp=tmp_path_factory.mktemp("db")))
    # Threads of this process stand for requests at once (the races' tests): four may run together.
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "TESTING": True, "RATELIMIT_ENABLED": False,
                      "RUNNING_REQUESTS": 4})
    app.test_client_class = SpecClient
    with app.app_context():
        drop_everything()
        flask_migrate.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def drop_everything() -> None:
    """Start from an empty database, whatever an earlier run left in it."""
    existing = MetaData()
    existing.reflect(db.engine)
    existing.drop_all(db.engine)


@pytest.fixture
def client(app):
    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()
    return app.test_client()


class FakeClock:
    """The service's time, moved by the test."""

    def __init__(self):
        self.at = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)

    def advance(self, **delta) -> None:
        self.at += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(api_clock, "now", lambda: fake.at)
    return fake
