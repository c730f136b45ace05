"""`flask --app wsgi cleanup`: delete the matches nobody joined, and those past the operator's
retention (api/retention.py). Run it daily from a scheduler."""
import click
from flask import Flask
from flask.cli import with_appcontext

from . import logs, retention


@click.command("cleanup")
@with_appcontext
@click.option("--days", default=7, show_default=True, help="Delete matches nobody joined for this many days.")
def cleanup(days: int) -> None:
    """Delete matches older than DAYS that nobody but their creator ever joined, then the finished
    and abandoned matches kept longer than KEEP_FINISHED_DAYS and KEEP_IDLE_DAYS (unset: kept),
    and the answers kept for retries that expired."""
    kept = retention.kept_days()
    unjoined = retention.delete_matches(retention.unjoined(days))
    finished = retention.delete_matches(retention.finished(kept["finished_days"])) if kept["finished_days"] else 0
    abandoned = retention.delete_matches(retention.abandoned(kept["idle_days"])) if kept["idle_days"] else 0
    answers = retention.delete_expired_answers()
    logs.event("cleanup", deleted=unjoined + finished + abandoned, days=days, unjoined=unjoined, finished=finished,
               abandoned=abandoned, answers=answers, **kept)
    click.echo(f"Deleted {unjoined} matches nobody joined in {days} days.")
    for count, kind, setting, name in ((finished, "finished", "finished_days", "KEEP_FINISHED_DAYS"),
                                       (abandoned, "abandoned", "idle_days", "KEEP_IDLE_DAYS")):
        if kept[setting]:
            click.echo(f"Deleted {count} {kind} matches past {name}={kept[setting]}.")


def init_app(app: Flask) -> None:
    app.cli.add_command(cleanup)
