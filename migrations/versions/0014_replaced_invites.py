"""replaced invites: the hashes of the invites and join codes a match's creator replaced

A leaked invite or join code lets anyone take a free seat: the creator replaces both (api/invites.py), and
`replaced_invites` keeps the old ones' hashes, so that a join with one is told it was replaced, not that it never
was the match's.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 05:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('replaced_invites',
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('replaced_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('secret_hash', 'game_id')
    )
    with op.batch_alter_table('replaced_invites', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_replaced_invites_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('replaced_invites', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_replaced_invites_game_id'))
    op.drop_table('replaced_invites')
