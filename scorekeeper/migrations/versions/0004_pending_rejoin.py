"""A rejoin confirmed on the scoreboard before its hand is entered (Indian Rummy's pool): one column of seat_change.

`rejoins_at` is the hand a player out of a pool game is dealt back in from;
the hand, once saved, names them in its `rejoined` and the mark is cleared.
Nullable, so every row from before reads as it did: nobody rejoining.

Revision ID: 0004_pending_rejoin
Revises: 0003_table_life
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_pending_rejoin"
down_revision = "0003_table_life"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("seat_change", sa.Column("rejoins_at", sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table("seat_change") as batch:
        batch.drop_column("rejoins_at")
