"""`flask --app wsgi cleanup`: delete matches nobody joined (run it daily from a scheduler)."""
from datetime import timedelta

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import delete, exists, func, select
from sqlalchemy.orm import aliased

from . import clock, logs
from .database import transactional
from .models import Event, Match, Seat, db


@click.command("cleanup")
@with_appcontext
@click.option("--days", default=7, show_default=True, help="Delete matches nobody joined for this many days.")
def cleanup(days: int) -> None:
    """Delete matches older than DAYS that nobody but their creator ever joined. Finished and
    running matches are kept, so their replays stay available, and so is a rematch its finished
    match offers: the others may come back to it after days (the game waits), and deleting it
    would leave the finished match pointing at nothing, never to be offered another."""
    cutoff = clock.now() - timedelta(days=days)
    offered = aliased(Match)
    lonely = (select(Match.id).where(Match.created_at < cutoff)
              .where(select(func.count()).where(Seat.game_id == Match.id).scalar_subquery() <= 1)
              .where(~exists().where(Event.game_id == Match.id))
              .where(~exists().where(offered.rematch_id == Match.id)))
    with db.engine.connect() as conn:
        transactional(conn)
        ids = list(conn.scalars(lonely))
        for table in (Event, Seat):
            conn.execute(delete(table).where(table.game_id.in_(ids)))
        conn.execute(delete(Match).where(Match.id.in_(ids)))
        conn.commit()
    logs.event("cleanup", deleted=len(ids), days=days)
    click.echo(f"Deleted {len(ids)} matches nobody joined in {days} days.")


def init_app(app: Flask) -> None:
    app.cli.add_command(cleanup)
