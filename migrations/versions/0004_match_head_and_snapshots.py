"""match head (version, seating, status, turn, moved_at) and state snapshots

A match's version, status and whose turn it is become columns kept with every write, so that a
poll is one indexed read and a move needs no COUNT. Existing matches get them by replaying their
events once, here.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 13:55:00

"""
from alembic import op
import sqlalchemy as sa

from engine import GAMES
from engine import events

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('seating', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('status', sa.String(length=8), nullable=False, server_default='waiting'))
        batch_op.add_column(sa.Column('turn', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('moved_at', sa.DateTime(timezone=True), nullable=True))
    op.create_table('snapshots',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('engine', sa.String(length=16), nullable=False),
    sa.Column('state', sa.LargeBinary(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'version', 'engine')
    )
    _fill_heads(op.get_bind())
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.alter_column('moved_at', existing_type=sa.DateTime(timezone=True), nullable=False)


def _fill_heads(connection):
    """Replay every existing match once to set its head columns."""
    moment = sa.DateTime(timezone=True)
    games = sa.table('games', *(sa.column(name) for name in (
        'id', 'game', 'seat_count', 'seed', 'timeouts_to_leave', 'version', 'seating', 'status', 'turn')),
        sa.column('options', sa.JSON), sa.column('deck', sa.JSON), sa.column('created_at', moment),
        sa.column('moved_at', moment))
    seats = sa.table('seats', sa.column('game_id'), sa.column('joined_at', moment))
    events_table = sa.table('events', sa.column('game_id'), sa.column('seq'), sa.column('seat'), sa.column('kind'),
                            sa.column('move', sa.JSON), sa.column('created_at', moment))
    for row in connection.execute(sa.select(games.c.id, games.c.game, games.c.seat_count, games.c.options,
                                            games.c.seed, games.c.deck, games.c.timeouts_to_leave,
                                            games.c.created_at)).all():
        game = GAMES[row.game]
        joined = connection.execute(sa.select(seats.c.joined_at).where(seats.c.game_id == row.id)).scalars().all()
        moves = connection.execute(sa.select(events_table).where(events_table.c.game_id == row.id)
                                   .order_by(events_table.c.seq)).all()
        state = events.begin(game.initial_state(row.seat_count, row.options, row.seed, row.deck), row.seat_count)
        for event in moves:
            state = events.apply(game, state, event.kind, event.seat, event.move, row.timeouts_to_leave)
        if len(joined) < row.seat_count:
            status = 'waiting'
        else:
            status = 'over' if events.is_over(game, state) else 'playing'
        moved = max([row.created_at, *joined, *(event.created_at for event in moves)])
        connection.execute(games.update().where(games.c.id == row.id).values(
            version=len(moves), seating=len(joined), status=status,
            turn=events.to_move(game, state) if status == 'playing' else None, moved_at=moved))


def downgrade():
    op.drop_table('snapshots')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('moved_at')
        batch_op.drop_column('turn')
        batch_op.drop_column('status')
        batch_op.drop_column('seating')
        batch_op.drop_column('version')
