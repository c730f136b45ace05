"""Every moment the API tells is in UTC ("Z"), whatever zone the database session or the server runs in: a family
spread from Sydney to New York reads one deadline, each in their own zone, from the same answer."""
import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy.engine import make_url

from api import create_app
from api.models import db, utc_iso

from .play import Table, bearer, first_legal

DAY = 86400
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)")


def test_a_moment_read_back_in_another_zone_is_written_in_utc():
    """psycopg hands timestamptz values back in the session's TimeZone (+11:00 in Sydney)."""
    sydney = datetime(2026, 12, 7, 14, 50, tzinfo=ZoneInfo("Australia/Sydney"))
    assert utc_iso(sydney) == "2026-12-07T03:50:00Z"
    assert utc_iso(datetime(2026, 12, 7, 3, 50)) == "2026-12-07T03:50:00Z"  # SQLite's naive UTC


@pytest.fixture
def in_sydney(app):
    """The app on the test PostgreSQL database with its sessions in Sydney's zone (a server set up with the
    host's zone, as initdb does)."""
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() != "postgresql":
        pytest.skip("a PostgreSQL session's TimeZone (SQLite stores UTC without a zone)")
    given = url.query.get("options", "")
    zoned = url.update_query_dict({"options": f"{given} -cTimeZone=Australia/Sydney".strip()})
    sydney = create_app({"SQLALCHEMY_DATABASE_URI": zoned.render_as_string(hide_password=False), "TESTING": True,
                         "RATELIMIT_ENABLED": False})
    sydney.test_client_class = app.test_client_class
    yield sydney.test_client()
    with sydney.app_context():
        db.engine.dispose()


def stamps(body) -> list[str]:
    """Every date-time string in a JSON body."""
    if isinstance(body, dict):
        return [found for value in body.values() for found in stamps(value)]
    if isinstance(body, list):
        return [found for value in body for found in stamps(value)]
    return [body] if isinstance(body, str) and STAMP.fullmatch(body) else []


def test_every_moment_is_told_in_utc_whatever_the_database_session_s_zone(client, in_sydney, clock):
    clock.at = datetime(2026, 10, 24, 22, 0, tzinfo=UTC)  # Saturday night in Berlin, the eve of the change to winter time
    table = Table.create(in_sydney, time_per_move=DAY)
    view = table.view(0)
    assert view["deadline"] == "2026-10-25T22:00:00Z"  # a day per move is 24 hours of real time across the change
    moved = table.post_move(view["turn"], first_legal(table.view(view["turn"])), view["version"]).json
    told = [moved, table.view(), table.view(None, "/moves"),
            in_sydney.post("/api/v1/my-games", json={"tokens": list(table.tokens.values())}).json]
    early = in_sydney.post(f"/api/v1/games/{table.id}/timeouts", headers=bearer(table.tokens[1 - moved["turn"]]))
    told.append(early.json)
    found = [stamp for body in told for stamp in stamps(body)]
    assert len(found) >= 5 and all(stamp.endswith("Z") for stamp in found), found
    assert early.json["deadline"] in early.json["detail"]
