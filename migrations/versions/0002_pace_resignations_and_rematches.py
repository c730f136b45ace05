"""pace, resignations and rematches

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 00:51:01.707776

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('kind', sa.String(length=16), nullable=False, server_default='move'))
        batch_op.alter_column('move',
               existing_type=sa.JSON(),
               nullable=True)

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_per_move', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('timeouts_to_leave', sa.Integer(), nullable=False, server_default='3'))
        batch_op.add_column(sa.Column('rematch_id', sa.String(length=32), nullable=True))

    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seats_token_hash'), ['token_hash'], unique=False)


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seats_token_hash'))

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('rematch_id')
        batch_op.drop_column('timeouts_to_leave')
        batch_op.drop_column('time_per_move')

    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.alter_column('move',
               existing_type=sa.JSON(),
               nullable=False)
        batch_op.drop_column('kind')
