"""`flask --app wsgi backup FILE`: a consistent copy of the SQLite database while the service runs.

Copying the file is not a backup: in WAL mode the last commits wait in `addgames.sqlite-wal` beside
it, and a copy taken mid-checkpoint is torn. SQLite's online backup copies every page within one
read transaction, commits of the WAL included, without stopping the writers; Python has it built in,
so no `sqlite3` command line is needed (the image and many servers have none)."""
import sqlite3
from pathlib import Path

import click
from flask.cli import with_appcontext

from .models import db


@click.command("backup")
@with_appcontext
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def backup(file: Path) -> None:
    """Copy the SQLite database to FILE (a new file), consistently, while the service runs."""
    url = db.engine.url
    if url.get_backend_name() != "sqlite":
        raise click.ClickException('PostgreSQL is backed up with pg_dump: pg_dump -Fc -d "$DATABASE_URL" -f addgames.dump')
    if not url.database or not Path(url.database).is_file():  # connecting would make an empty one
        raise click.ClickException(f"No SQLite file to back up at {url}.")
    if file.exists():
        raise click.ClickException(f"{file} exists: give the backup a new name.")
    with sqlite3.connect(url.database) as source, sqlite3.connect(file) as copy:
        source.backup(copy)  # every page in one step: one snapshot, whatever commits meanwhile
    source.close()
    copy.close()  # the with blocks end a transaction; only close() lets go of the files
    click.echo(f"Backed up {url.database} to {file}.")
