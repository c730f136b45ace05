"""match news with the match's head: on PostgreSQL the NOTIFY of a change of a match's row carries
its new version, seating and rematch

`NOTIFY addgames_news, '<match id> <version> <seating> <rematch: 0 or 1>'`: a process that hears
every change of the matches it remembers then knows which of their rows is the newest, and answers
a waiting poll without reading the match first (api/news.py, `Heard`). Processes running the code
before this one take the payload for an unknown match id: their waiting polls then learn of
changes from their periodic checks only, until they are replaced.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 18:30:00

"""
from alembic import op


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def _announce(payload: str) -> str:
    return f"""
        CREATE OR REPLACE FUNCTION addgames_announce() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('addgames_news', {payload});
            RETURN NULL;
        END $$
    """


def upgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_announce("concat_ws(' ', NEW.id, NEW.version, NEW.seating, (NEW.rematch_id IS NOT NULL)::int)"))


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_announce("NEW.id"))
