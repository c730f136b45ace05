"""match news: on PostgreSQL, every change of a match's row is announced with NOTIFY

api/news.py: a poll sent with `Prefer: wait=N` waits for its match to change. The trigger sends
`NOTIFY addgames_news, '<match id>'` with each UPDATE of `games` (a move, a seat taken or freed, a
rematch); PostgreSQL delivers it at COMMIT, to every instance listening. SQLite needs nothing
here: the processes of its one machine tell each other (api/news.py).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 17:05:00

"""
from alembic import op


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("""
        CREATE OR REPLACE FUNCTION addgames_announce() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('addgames_news', NEW.id);
            RETURN NULL;
        END $$
    """)
    op.execute("CREATE TRIGGER games_news AFTER UPDATE ON games FOR EACH ROW EXECUTE FUNCTION addgames_announce()")


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER games_news ON games")
    op.execute("DROP FUNCTION addgames_announce()")
