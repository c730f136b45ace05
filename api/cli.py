"""`flask --app wsgi cleanup`: delete the matches nobody joined, and those past the operator's
retention (api/retention.py). Run it daily from a scheduler. `find-matches` and `delete-matches`:
erase the matches someone asks to have deleted (README, *Deploying*). `backup`: api/backup.py."""
import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import select

from . import logs, retention
from .backup import backup
from .models import Match, db, utc_iso


@click.command("cleanup")
@with_appcontext
@click.option("--days", default=7, show_default=True, help="Delete matches nobody joined for this many days.")
def cleanup(days: int) -> None:
    """Delete matches older than DAYS that nobody but their creator ever joined, then the finished
    and abandoned matches kept longer than KEEP_FINISHED_DAYS and KEEP_IDLE_DAYS (unset: kept),
    the answers kept for retries that expired, and the push subscriptions of freed seats left unsent to."""
    kept = retention.kept_days()
    unjoined = retention.delete_matches(retention.unjoined(days))
    finished = retention.delete_matches(retention.finished(kept["finished_days"])) if kept["finished_days"] else 0
    abandoned = retention.delete_matches(retention.abandoned(kept["idle_days"])) if kept["idle_days"] else 0
    answers = retention.delete_expired_answers()
    unheld = retention.delete_unheld_subscriptions()
    logs.event("cleanup", deleted=unjoined + finished + abandoned, days=days, unjoined=unjoined, finished=finished,
               abandoned=abandoned, answers=answers, subscriptions=unheld, **kept)
    click.echo(f"Deleted {unjoined} matches nobody joined in {days} days.")
    for count, kind, setting, name in ((finished, "finished", "finished_days", "KEEP_FINISHED_DAYS"),
                                       (abandoned, "abandoned", "idle_days", "KEEP_IDLE_DAYS")):
        if kept[setting]:
            click.echo(f"Deleted {count} {kind} matches past {name}={kept[setting]}.")


# A match id may begin with "-" (and a name too): read as it is, not as an option.
AS_TYPED = {"ignore_unknown_options": True}


@click.command("find-matches", context_settings=AS_TYPED)
@with_appcontext
@click.argument("name")
def find_matches(name: str) -> None:
    """List the matches where a player is called NAME, or a seat was kept for NAME (case and width
    aside), the latest changed first: their ids, for delete-matches."""
    found = retention.named(name)
    for match in found:
        taken = {seat.seat for seat in match.seats}
        kept = [kept_name for seat, kept_name in enumerate(match.names or ()) if kept_name and seat not in taken]
        click.echo(f"{match.id}  {match.game}  {match.status}  last change {utc_iso(match.moved_at)}  "
                   + (", ".join(seat.name for seat in match.seats) or "nobody yet")
                   + (f" (seats kept for {', '.join(kept)})" if kept else ""))
    click.echo(f"{len(found)} {'match' if len(found) == 1 else 'matches'} with a player called {name}.")


@click.command("delete-matches", context_settings=AS_TYPED)
@with_appcontext
@click.argument("matches", nargs=-1, required=True)
def delete_matches(matches: tuple[str, ...]) -> None:
    """Delete MATCHES now, with their names, moves, seats and notifications: each an id, or a link to
    the match as a player has it (quote it: a link has a # in it)."""
    ids = {retention.match_id(text) for text in matches}
    known = set(db.session.scalars(select(Match.id).where(Match.id.in_(ids))))
    db.session.rollback()  # the read's transaction ends here, so that the delete's may begin
    deleted = retention.delete_matches(select(Match.id).where(Match.id.in_(known)))
    logs.event("matches_deleted", deleted=deleted, ids=sorted(known))  # ids name no one: what was asked, for the record
    click.echo(f"Deleted {deleted} {'match' if deleted == 1 else 'matches'}.")
    for unknown in sorted(ids - known):
        click.echo(f"No match {unknown}: deleted before, or never one.")


def init_app(app: Flask) -> None:
    for command in (cleanup, find_matches, delete_matches, backup):
        app.cli.add_command(command)
