"""Migration 0004 gives existing matches their head columns by replaying them once: going back to
0003 and up again leaves every match's version, seating, status and turn as the writes kept them.
And a schema a newer release migrated is left as it is by this code's `db upgrade` (a rollback)."""
import flask_migrate
import pytest
from sqlalchemy import event, select, text, update

from api.models import Event, Match, db

from .play import Table, bearer
from .test_faults import schema_at
from .test_moves import first_legal

HEAD = (Match.id, Match.version, Match.seating, Match.status, Match.turn)


def heads(app) -> list:
    with app.app_context():
        return sorted(db.session.execute(select(*HEAD)).all())


def test_0004_fills_the_head_of_existing_matches(app, client):
    waiting = Table.create(client, seats=3, join=False)
    waiting.join("Bob")
    playing = Table.create(client)
    for _ in range(5):
        view = playing.view(playing.view()["turn"])
        playing.post_move(view["you"]["seat"], first_legal(view), view["version"])
    over = Table.create(client)
    client.post(f"/api/v1/games/{over.id}/resign", headers=bearer(over.tokens[0]))
    before = heads(app)
    assert {row.status for row in before} == {"waiting", "playing", "over"}
    with app.app_context():
        flask_migrate.downgrade(revision="0003")
        flask_migrate.upgrade()
    assert heads(app) == before


def test_a_rollback_s_release_step_leaves_a_newer_schema_as_it_is(app, client):
    """Rolling back to this code runs its release step, `db upgrade`, on the schema a newer release
    migrated: it is left as it is and the match plays on (Alembic alone failed for want of the newer
    migration's file, and Heroku and Render then refused the rollback)."""
    playing = Table.create(client)
    with schema_at(app, "0099"), app.app_context():
        flask_migrate.upgrade()
        assert db.session.scalar(text("SELECT version_num FROM alembic_version")) == "0099"
        db.session.rollback()
        assert client.get("/api/v1/health").json["database"] == "newer"
        view = playing.view(playing.view()["turn"])
        assert playing.post_move(view["you"]["seat"], first_legal(view), view["version"]).status_code == 200


def test_a_rollback_s_release_step_says_which_matches_a_newer_release_wrote_events_to(app, client, capsys):
    """Rolled back past the change of pace, the release step said nothing, health answered 200 and the operator heard
    of the paced matches only from players (each answered 503) or the log's ERROR lines. The release step, which
    runs for a rollback as for a deploy, names the kinds of event this release does not know and how many matches
    hold them; a deploy of a release that knows every kind says nothing more."""
    paced, plain = Table.create(client), Table.create(client)
    for table in (paced, plain):
        view = table.view(table.view()["turn"])
        assert table.post_move(view["you"]["seat"], first_legal(view), view["version"]).status_code == 200
    with app.app_context():
        db.session.execute(update(Event).where(Event.game_id == paced.id).values(kind="applause"))
        db.session.commit()
    with app.app_context():
        flask_migrate.upgrade()
    said = capsys.readouterr().err
    assert ("1 match holds events of a kind this release does not know (applause: 1): a newer release wrote them, "
            "and this release answers such a match 503 unknown_event until rolled forward" in said), said
    with app.app_context():
        db.session.execute(update(Event).where(Event.game_id == paced.id).values(kind="move"))
        db.session.commit()
        flask_migrate.upgrade()
    assert "does not know" not in capsys.readouterr().err


def test_a_migration_is_not_cut_short_by_the_web_s_statement_timeout(app, client):
    """A migration may rewrite a whole table (0004 replays every match, 0008 updates each): under the web's
    DATABASE_STATEMENT_TIMEOUT (5 s) the release step on a large database failed (undone whole, the release refused). Its lock timeout stays, so
    that a migration waiting on live traffic gives up rather than queue every request behind it."""
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite has no statement timeout")
    seen = {}

    def look(_conn, cursor, statement, *_):
        if "alembic_version" in statement and statement.lstrip().upper().startswith("UPDATE"):
            for setting in ("statement_timeout", "lock_timeout"):
                cursor.execute(f"SHOW {setting}")
                seen[setting] = cursor.fetchone()[0]

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", look)
        try:
            flask_migrate.downgrade(revision="0012")
            flask_migrate.upgrade()
        finally:
            event.remove(db.engine, "before_cursor_execute", look)
    assert seen == {"statement_timeout": "0", "lock_timeout": "2s"}
    with app.app_context():  # and the web's connections keep theirs
        assert db.session.scalar(text("SHOW statement_timeout")) == "5s"
        db.session.rollback()


def test_the_schema_goes_back_one_step_at_a_time_to_0009_and_up_again_as_it_was(app, client):
    """README's *Taking the schema back*: `db downgrade` one step at a time, down to 0009 (the
    release of 2026-11-26), keeps every match of its time as it was: a hint asked, a bot's seat, a
    waiting seat; upgraded again, each seat's view is as before and the matches play on."""
    hinted = Table.create(client, seats=3)
    view = hinted.view(hinted.view()["turn"])
    assert client.post(f"/api/v1/games/{hinted.id}/hint", headers=bearer(hinted.tokens[view["you"]["seat"]])).status_code == 200
    against_bot = Table.create(client, join=False, bots=[{"seat": 1, "level": "hard"}])
    waiting = Table.create(client, seats=3, join=False)
    tables = (hinted, against_bot, waiting)
    seen = [[table.view(seat) for seat in table.tokens] for table in tables]
    with app.app_context():
        while (at := db.session.scalar(text("SELECT version_num FROM alembic_version"))) != "0009":
            db.session.rollback()
            flask_migrate.downgrade(revision="-1")
            assert db.session.scalar(text("SELECT version_num FROM alembic_version")) < at
        db.session.rollback()
        flask_migrate.upgrade()
    assert [[table.view(seat) for seat in table.tokens] for table in tables] == seen
    for table in (hinted, against_bot):
        view = table.view(table.view()["turn"])
        assert table.post_move(view["you"]["seat"], first_legal(view), view["version"]).status_code == 200
    assert waiting.join("Bob")["seat"] == 1


def test_going_back_before_0015_forgets_the_freed_seats_links_rather_than_call_them_replaced(app, client):
    """A seat freed before the start keeps its token's hash in `replaced_links` with `freed_by` (0015). Its downgrade
    dropped the column and kept the rows: the code of 0014, and this code once upgraded again, told the freed pupil
    that his seat's link was replaced "by the match's creator or by the seat's player on another device"
    (`link_replaced`), and My games listed it as replaced. Taken back, such a link is unknown again (`bad_token`, as
    before 0015); a link really replaced stays `link_replaced`."""
    table = Table.create(client, seats=4, join=False)
    freed, replaced = table.join("Bob")["token"], table.join("Cy")["token"]
    assert client.delete(f"/api/v1/games/{table.id}/seats/1", headers=table.auth(0)).status_code == 204
    assert client.post(f"/api/v1/games/{table.id}/seats/2/link", headers=bearer(replaced)).status_code == 200

    def refused(token: str) -> str:
        return client.get(f"/api/v1/games/{table.id}", headers=bearer(token)).json["code"]

    assert (refused(freed), refused(replaced)) == ("seat_freed", "link_replaced")
    with app.app_context():
        flask_migrate.downgrade(revision="0014")
        flask_migrate.upgrade()
    assert (refused(freed), refused(replaced)) == ("bad_token", "link_replaced")
    assert client.post("/api/v1/my-games", json={"tokens": [freed]}).json["replaced"] == []
