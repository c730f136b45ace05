"""Migration 0004 gives existing matches their head columns by replaying them once: going back to
0003 and up again leaves every match's version, seating, status and turn as the writes kept them."""
import flask_migrate
from sqlalchemy import select

from api.models import Match, db

from .play import Table, bearer
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
