"""bots and hints: seats the computer plays, and whether a match allows hints

A seat played by a bot from the start has its level in `seats.bot` and no token (`token_hash` is
null). `games.hints` is the creator's choice to allow hints (true for every existing match).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 17:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('hints', sa.Boolean(), server_default=sa.true(), nullable=False))
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot', sa.String(length=8), nullable=True))
        batch_op.alter_column('token_hash', existing_type=sa.String(length=64), nullable=True)


def downgrade():
    op.execute(sa.text("DELETE FROM seats WHERE token_hash IS NULL"))
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.alter_column('token_hash', existing_type=sa.String(length=64), nullable=False)
        batch_op.drop_column('bot')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('hints')
