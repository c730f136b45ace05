"""web push: subscriptions per seat token and the outbox of notifications to send

A device subscribes for one seat; a change that needs a seat to act stages one outbox row per
subscription of that seat in its own transaction, and `flask deliver` sends them.

Revision ID: 0006
Revises: 0004
Create Date: 2026-11-23 14:25:39.016873

"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('push_subscriptions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('endpoint', sa.String(length=1024), nullable=False),
    sa.Column('p256dh', sa.String(length=128), nullable=False),
    sa.Column('auth', sa.String(length=64), nullable=False),
    sa.Column('lang', sa.String(length=8), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash', 'endpoint')
    )
    with op.batch_alter_table('push_subscriptions', schema=None) as batch_op:
        batch_op.create_index('ix_push_subscriptions_game_id_seat', ['game_id', 'seat'], unique=False)

    op.create_table('push_outbox',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('subscription_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('actor', sa.String(length=40), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('due_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('lease', sa.String(length=32), nullable=True),
    sa.Column('leased_until', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['subscription_id'], ['push_subscriptions.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('push_outbox', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_push_outbox_due_at'), ['due_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_push_outbox_subscription_id'), ['subscription_id'], unique=False)



def downgrade():
    with op.batch_alter_table('push_outbox', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_push_outbox_subscription_id'))
        batch_op.drop_index(batch_op.f('ix_push_outbox_due_at'))

    op.drop_table('push_outbox')
    with op.batch_alter_table('push_subscriptions', schema=None) as batch_op:
        batch_op.drop_index('ix_push_subscriptions_game_id_seat')

    op.drop_table('push_subscriptions')
