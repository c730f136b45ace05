"""join codes: the SHA-256 of a waiting match's short join code

`games.join_code_hash` holds the hash of the code a match can be found and joined with while a seat
is free (api/join_codes.py), unique: the code is forgotten (null) once every seat is taken. Matches
made before have none: their invite links work as before.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-04 21:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('join_code_hash', sa.String(length=64), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_join_code_hash'), ['join_code_hash'], unique=True)


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_join_code_hash'))
        batch_op.drop_column('join_code_hash')
