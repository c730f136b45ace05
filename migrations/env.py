import logging
from logging.config import fileConfig

from flask import current_app
from sqlalchemy import bindparam, func, select

from alembic import context
from alembic.runtime.migration import MigrationContext

from api import revisions
from api.database import transactional
from api.models import events_table
from engine import events

# this is the Alembic Config object, which provides
# access to the values within the .ini file in use.
config = context.config

# Interpret the config file for Python logging.
# This line sets up loggers basically.
fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger('alembic.env')


def get_engine():
    return current_app.extensions['migrate'].db.engine


def get_engine_url():
    return get_engine().url.render_as_string(hide_password=False).replace('%', '%%')


# add your model's MetaData object here
# for 'autogenerate' support
# from myapp import mymodel
# target_metadata = mymodel.Base.metadata
config.set_main_option('sqlalchemy.url', get_engine_url())
target_db = current_app.extensions['migrate'].db

# other values from the config, defined by the needs of env.py,
# can be acquired:
# my_important_option = config.get_main_option("my_important_option")
# ... etc.


def get_metadata():
    if hasattr(target_db, 'metadatas'):
        return target_db.metadatas[None]
    return target_db.metadata


def run_migrations_offline():
    """Run migrations in 'offline' mode.

    This configures the context with just a URL
    and not an Engine, though an Engine is acceptable
    here as well.  By skipping the Engine creation
    we don't even need a DBAPI to be available.

    Calls to context.execute() here emit the given string to the
    script output.

    """
    url = config.get_main_option("sqlalchemy.url")
    context.configure(
        url=url, target_metadata=get_metadata(), literal_binds=True
    )

    with context.begin_transaction():
        context.run_migrations()


def _destination():
    """The revision the command goes to (`head` given as its number); None for one without (`current`)."""
    try:
        return context.get_revision_argument()
    except KeyError:
        return None


def run_migrations_online():
    """Run migrations in 'online' mode.

    In this scenario we need to create an Engine
    and associate a connection with the context.

    """

    # this callback is used to prevent an auto-migration from being generated
    # when there are no changes to the schema
    # reference: http://alembic.zzzcomputing.com/en/latest/cookbook.html
    def process_revision_directives(context, revision, directives):
        if getattr(config.cmd_opts, 'autogenerate', False):
            script = directives[0]
            if script.upgrade_ops.is_empty():
                directives[:] = []
                logger.info('No changes in schema detected.')

    conf_args = current_app.extensions['migrate'].configure_args
    if conf_args.get("process_revision_directives") is None:
        conf_args["process_revision_directives"] = process_revision_directives

    connectable = get_engine()
    # Which database: DATABASE_URL unset migrates the SQLite file in instance/, which on a PaaS nobody reads.
    logger.info("Database: %s", connectable.url.render_as_string(hide_password=True))
    if _destination() != revisions.schema_head():
        _migrate(connectable, conf_args)
        return
    with connectable.connect() as probe:
        newer = MigrationContext.configure(probe).get_current_revision()
    if newer is not None and newer not in revisions.shipped():
        # A rollback: the code rolled back to runs its release step (`db upgrade`) on the schema the
        # newer release left, which its instances serve as they served it before (a release keeps
        # the code before it working, README). Alembic would fail for want of the newer migration's
        # file, and the platform would then refuse the rollback.
        logger.warning("The database schema is at %s, newer than this code's %s: a newer release "
                       "migrated it. Nothing to upgrade; this code serves it as it is.",
                       newer, revisions.schema_head())
    else:
        _migrate(connectable, conf_args)
    _say_newer_events(connectable)


def _say_newer_events(connectable) -> None:
    """A release step (a deploy's, or a rollback's: a newer release may have added a kind of event without a
    migration) says how many matches hold events of kinds this code does not know, which it cannot serve."""
    with connectable.connect() as connection, transactional(connection).begin():
        if connection.dialect.name != "sqlite":
            connection.exec_driver_sql("SET LOCAL statement_timeout = 0")  # one scan of every event, once a release
        newer = connection.execute(_NEWER_EVENTS, {"known": list(events.KINDS)}).all()
    if newer:
        count = sum(matches for _, matches in newer)
        logger.warning("%d %s events of a kind this release does not know (%s): a newer release wrote them, and "
                       "this release answers such a match 503 unknown_event until rolled forward to it (README, "
                       "Events a newer release wrote)", count, "match holds" if count == 1 else "matches hold",
                       ", ".join(f"{kind}: {matches}" for kind, matches in newer))


_NEWER_EVENTS = (select(events_table.c.kind, func.count(events_table.c.game_id.distinct()))
                 .where(events_table.c.kind.not_in(bindparam("known", expanding=True)))
                 .group_by(events_table.c.kind).order_by(events_table.c.kind))


def _migrate(connectable, conf_args) -> None:
    with connectable.connect() as connection:
        transactional(connection)  # one migration, one transaction (PostgreSQL's connections autocommit)
        # SQLite's batch migrations copy a table, drop it and rename the copy: with foreign keys on,
        # dropping `games` would cascade and delete every seat and event. The pragma only takes
        # effect outside a transaction, so it is set before the migration's own begins.
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        context.configure(
            connection=connection,
            target_metadata=get_metadata(),
            **conf_args
        )

        with context.begin_transaction():
            if not sqlite:
                # A migration may rewrite a whole table: the web's statement timeout (DATABASE_STATEMENT_TIMEOUT)
                # would fail the release step on a large database. The lock timeout stays: a migration that
                # waits for live traffic's locks gives up, rather than queue every request behind it.
                connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
            context.run_migrations()
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
