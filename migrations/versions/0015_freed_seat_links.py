"""freed seat links: the hashes of the tokens of seats freed before the start

A seat freed before the start (by the match's creator, or given back by its player, api/lifecycle.py) lost its token
without a trace, so the device still holding it was told its link was not valid, as if mistyped. Its hash is now kept
in `replaced_links` with `freed_by` ("creator" or "seat"), so that it is refused with `seat_freed`.

Going back deletes those rows with the column: left without it, they read as links replaced (`link_replaced`, "by
the match's creator or by the seat's player on another device"), to the code before this and to this code once
upgraded again. A freed seat's link is then unknown, `bad_token`, as it was before this migration.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07 09:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('replaced_links', schema=None) as batch_op:
        batch_op.add_column(sa.Column('freed_by', sa.String(length=8), nullable=True))


def downgrade():
    op.execute(sa.text("DELETE FROM replaced_links WHERE freed_by IS NOT NULL"))
    with op.batch_alter_table('replaced_links', schema=None) as batch_op:
        batch_op.drop_column('freed_by')
