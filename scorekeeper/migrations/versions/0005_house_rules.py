"""House rules: a game's options saved under a name by a group, to start games from (issue 38).

A new table only: every row from before reads as it did.

Revision ID: 0005_house_rules
Revises: 0004_pending_rejoin
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_house_rules"
down_revision = "0004_pending_rejoin"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "house_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game", "name"),
    )
    with op.batch_alter_table("house_rules") as batch:
        batch.create_index(batch.f("ix_house_rules_game"), ["game"], unique=False)


def downgrade():
    with op.batch_alter_table("house_rules") as batch:
        batch.drop_index(batch.f("ix_house_rules_game"))
    op.drop_table("house_rules")
