"""Who deals (the first dealer and any correction) and players' changes mid-game (a late start, leaving).

Two new tables, nothing changed in the old ones: a database from before
keeps every row as it was, and its games read as they always did (seat 1
deals first; every player is in from the start and stays).

Revision ID: 0003_table_life
Revises: 0002
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_table_life"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "dealer_choice",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("session_id", "hand"),
        sa.ForeignKeyConstraint(["session_id"], ["game_session.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "seat_change",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("late_start", sa.String(length=10), nullable=True),
        sa.Column("left", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("session_id", "seat"),
        sa.ForeignKeyConstraint(["session_id"], ["game_session.id"], ondelete="CASCADE"),
    )


def downgrade():
    op.drop_table("seat_change")
    op.drop_table("dealer_choice")
