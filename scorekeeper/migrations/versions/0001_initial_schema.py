"""The schema as create_all() made it before migrations: players, sessions, seats, hands, draft parts.

A database made before migrations has exactly these tables and no
alembic_version table; the app adopts it by stamping it at this revision,
unchanged (scorekeeper.database). Columns, constraints and indexes are
declared as the models declared them, so the DDL is the same text.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "game_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("view_token", sa.String(length=64), nullable=False, unique=True),
        sa.Column("edit_token", sa.String(length=64), nullable=False, unique=True),
        sa.Column("archived", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_game_session_archived", "game_session", ["archived"])
    op.create_index("ix_game_session_game", "game_session", ["game"])
    op.create_index("ix_game_session_created_at", "game_session", ["created_at"])
    op.create_table(
        "seat",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("session_id", "seat"),
        sa.UniqueConstraint("session_id", "player_id"),
        sa.ForeignKeyConstraint(["session_id"], ["game_session.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
    )
    op.create_index("ix_seat_player_id", "seat", ["player_id"])
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        # the ORM's optimistic lock (version_id_col): a plain integer in the table
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("idempotency_key", sa.String(length=64), nullable=True, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "position"),
        sa.ForeignKeyConstraint(["session_id"], ["game_session.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_hand_session_id", "hand", ["session_id"])
    op.create_table(
        "draft_part",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("player_name", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        # the ORM's optimistic lock (version_id_col)
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "player_name"),
        sa.ForeignKeyConstraint(["session_id"], ["game_session.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_draft_part_session_id", "draft_part", ["session_id"])


def downgrade():
    op.drop_table("draft_part")
    op.drop_table("hand")
    op.drop_table("seat")
    op.drop_table("game_session")
    op.drop_table("player")
