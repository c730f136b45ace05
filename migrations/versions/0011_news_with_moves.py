"""match news with the move: on PostgreSQL the NOTIFY of a change that added events carries them,
with the columns the change set

`NOTIFY addgames_news, '<head> <status> <turn or -> <moved at> <events>'`, where <head> is migration
0010's payload, <moved at> is UTC ISO 8601, and <events> a JSON array of `[seq, seat, kind, move,
created at]`, the events numbered after the row's old version up to its new one. A process that
keeps the match as it was before the change then catches up from the news alone (api/news.py's
`Heard.step_after`): a poll woken by a move made in another process reads nothing.

Only the events the trigger sees are sent: those its transaction wrote by the time the row
changes (in the same statement, as a move's write on PostgreSQL does, or before it, as a write of
several events does: api/writes.py), not those a later statement writes; and not past PostgreSQL's
8,000 bytes a payload. The news is then the head alone, as before, and a process reads
the match. Processes running the code before this one ignore news of this shape (and log it): their
waiting polls learn of moves from their periodic checks only, until they are replaced.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 06:00:00

"""
from alembic import op


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

_HEAD = "concat_ws(' ', NEW.id, NEW.version, NEW.seating, (NEW.rematch_id IS NOT NULL)::int)"
_UTC = "to_char({} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US')"  # exact to the microsecond, in every version
_STEP = f"""
    DECLARE
        head text := {_HEAD};
        steps text;
        news text;
    BEGIN
        IF NEW.version > OLD.version THEN
            SELECT json_agg(json_build_array(seq, seat, kind, move, {_UTC.format('created_at')}) ORDER BY seq)
              INTO steps FROM events WHERE game_id = NEW.id AND seq > OLD.version AND seq <= NEW.version;
            news := concat_ws(' ', head, NEW.status, coalesce(NEW.turn::text, '-'), {_UTC.format('NEW.moved_at')}, steps);
        END IF;
"""


def _announce(news: str, begin: str = "BEGIN") -> None:
    """The trigger's function (migration 0007's trigger calls it): `begin` its declarations and first
    statements, then the NOTIFY of `news`."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"""
            CREATE OR REPLACE FUNCTION addgames_announce() RETURNS trigger LANGUAGE plpgsql AS $$
            {begin}
                PERFORM pg_notify('addgames_news', {news});
                RETURN NULL;
            END $$
        """)


def upgrade():
    _announce("CASE WHEN steps IS NOT NULL AND octet_length(news) < 8000 THEN news ELSE head END", _STEP)


def downgrade():
    _announce(_HEAD)
