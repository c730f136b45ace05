"""news of a deleted match: on PostgreSQL, a match's row deleted is announced with NOTIFY

`NOTIFY addgames_news, '<match id>'` with each DELETE of `games` (the daily cleanup, api/retention.py,
or an operator's own DELETE), as migration 0007 first announced every change: news of the match
alone, which wakes its waiting polls (api/news.py); they read the match and answer as a GET of a
match that is gone does, rather than at their next periodic check. Migration 0007's trigger fires on
UPDATE only, and its function reads NEW, which a DELETE has not. SQLite needs nothing here: the
cleanup tells the processes of its machine itself (api/retention.py).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 00:00:00

"""
from alembic import op


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("""
        CREATE OR REPLACE FUNCTION addgames_announce_gone() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('addgames_news', OLD.id);
            RETURN NULL;
        END $$
    """)
    op.execute("CREATE TRIGGER games_gone AFTER DELETE ON games FOR EACH ROW EXECUTE FUNCTION addgames_announce_gone()")


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER games_gone ON games")
    op.execute("DROP FUNCTION addgames_announce_gone()")
