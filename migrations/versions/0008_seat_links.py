"""seat links: the match's creator, replaced seat tokens, the device that last showed a seat

The creator of a match may give another seat a new link (api/seat_links.py): `games.creator`
names the creating seat, `replaced_links` keeps the hashes of the tokens replaced (so their holders
are told why they no longer work), and `seats.device_hash`/`device_at` the device that last showed
the seat (so a second device is told that another one uses the seat).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 17:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('creator', sa.Integer(), nullable=True))
    # The creator took its seat in the transaction that created the match: the first seat taken
    # (for a rematch, the asker's seat, not always 0). A match whose creator freed that seat since
    # may name the seat's new holder; the code keeps it null from now on.
    op.execute("UPDATE games SET creator = (SELECT seats.seat FROM seats WHERE seats.game_id = games.id "
               "ORDER BY seats.joined_at, seats.id LIMIT 1)")
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('device_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('device_at', sa.DateTime(timezone=True), nullable=True))
    op.create_table('replaced_links',
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('replaced_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('token_hash')
    )
    with op.batch_alter_table('replaced_links', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_replaced_links_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('replaced_links', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_replaced_links_game_id'))
    op.drop_table('replaced_links')
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('device_at')
        batch_op.drop_column('device_hash')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('creator')
