"""Typed database models.

The hands as entered are the truth: each Hand stores one hand in the shape
of the ``POST /api/v1/score`` body (keyed by player name), and every total,
status and winner shown anywhere is computed from them by the engine.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.engine.games import Game, find_game
from scorekeeper.extensions import db
from scorekeeper.limits import MAX_NAME


def utcnow() -> datetime:
    """The current time in UTC (naive, as SQLite stores it)."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable capability token (256 bits)."""
    return secrets.token_urlsafe(32)


class Player(db.Model):
    """A person who has played; names are remembered across sessions."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    seats: Mapped[list[Seat]] = relationship(back_populates="player")


class GameSession(db.Model):
    """One evening's game: a game id, its options, the seated players and the hands played."""

    __tablename__ = "game_session"

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(20), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # bumped on every change to the session or its hands; phones poll against it
    version: Mapped[int] = mapped_column(default=1)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    archived: Mapped[bool] = mapped_column(default=False, index=True)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="session",
        order_by="Seat.seat",
        cascade="all, delete-orphan",
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="session",
        order_by="Hand.position",
        cascade="all, delete-orphan",
    )
    dealer_choices: Mapped[list[DealerChoice]] = relationship(
        order_by="DealerChoice.hand",
        cascade="all, delete-orphan",
    )
    seat_changes: Mapped[list[SeatChange]] = relationship(
        order_by="SeatChange.seat",
        cascade="all, delete-orphan",
    )

    @property
    def variant(self) -> Game:
        """The game played, as the engine knows it: pages ask it what the game does (its capability flags)."""
        return find_game(self.game)

    @property
    def player_names(self) -> list[str]:
        """Player names in seat order (Persian partnerships: seats 1 & 3 against 2 & 4)."""
        return [seat.player.name for seat in self.seats]

    @property
    def playing_names(self) -> list[str]:
        """The players dealt into the next hand, in seat order: everyone seated who has not left."""
        gone = {change.seat for change in self.seat_changes if change.left}
        return [seat.player.name for seat in self.seats if seat.seat not in gone]

    def names_in(self, data: dict[str, Any]) -> list[str]:
        """The players dealt into a hand, in seat order: its "seated" list, else everyone seated."""
        seated = data.get("seated")
        return list(seated) if isinstance(seated, list) else self.player_names

    def touch(self) -> None:
        """Mark the session changed so that every phone following it refreshes."""
        # the database adds one, so two saves at the same moment both move the version on (a Python
        # `+= 1` from two requests would write the same number twice and a phone would miss a change)
        self.version = GameSession.version + 1
        self.updated_at = utcnow()


class Seat(db.Model):
    """A player's seat in a session, numbered from 1."""

    __table_args__ = (UniqueConstraint("session_id", "player_id"),)

    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)

    session: Mapped[GameSession] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(back_populates="seats")


class Hand(db.Model):
    """One hand as entered, in the hand shape of the scoring API body."""

    __table_args__ = (UniqueConstraint("session_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_session.id", ondelete="CASCADE"), index=True
    )
    # 1-based order of play; renumbered when an earlier hand is deleted
    position: Mapped[int]
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    # optimistic lock: an edit made from a stale form is refused, never silently overwrites
    version: Mapped[int] = mapped_column(default=1)
    # one key per rendered hand form, so a double tap or a retried post saves once
    idempotency_key: Mapped[str | None] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    session: Mapped[GameSession] = relationship(back_populates="hands")

    __mapper_args__ = {"version_id_col": version}

    @property
    def entered_as_points(self) -> bool:
        """True for a hand entered as plain numbers (not checked against the rules)."""
        return "points" in self.data


class DraftPart(db.Model):
    """One player's own part of the session's next hand, sent from their phone before the hand is saved.

    One row per player, so phones never overwrite each other; `data` is the
    player's entry in the hand shape of the scoring API body (melds, layoffs,
    in_hand) plus "went_out" when they say they went out. `position` is the
    hand it was entered for: once that hand is saved, a leftover part is stale.
    """

    __tablename__ = "draft_part"
    __table_args__ = (UniqueConstraint("session_id", "player_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_session.id", ondelete="CASCADE"), index=True
    )
    player_name: Mapped[str] = mapped_column(String(MAX_NAME))
    position: Mapped[int]
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    # bumped on each revision: a part revised from a stale form is refused, never silently overwritten
    version: Mapped[int] = mapped_column(default=1)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    __mapper_args__ = {"version_id_col": version}


class RemovedHand(db.Model):
    """A hand taken back by undo, kept so that it can be put back exactly: same data, same position.

    Written in the same transaction as the undo; deleted when it is put back
    or when another hand is saved (its place is then taken).
    """

    __tablename__ = "removed_hand"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_session.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int]
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    # the key of the form that saved it: a late retry of that form still finds the hand once it is back
    idempotency_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime]
    removed_at: Mapped[datetime] = mapped_column(default=utcnow)


class DealerChoice(db.Model):
    """Who the table said deals hand `hand` (by seat): the first dealer (hand 1) or a correction.

    Only choices are stored; the dealer of every other hand follows from the
    latest choice before it by the engine's rotation (engine.dealer_seats).
    """

    __tablename__ = "dealer_choice"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True
    )
    hand: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int]


class SeatChange(db.Model):
    """A seat whose player joined late (`late_start`: "zero" or "lowest"), has left the table, or rejoins a pool.

    Which hands a player is in is stored with the hands themselves (a hand's
    "seated" list, its "rejoined"); this row only says how a late player's total
    starts, that a player who left is not dealt into new hands, and that a
    player out of a pool game is dealt back into hand `rejoins_at` (a rejoin the
    table confirmed before that hand was entered: saving the hand names them in
    its "rejoined" and clears the mark; a mark for any other hand is not used).
    """

    __tablename__ = "seat_change"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    late_start: Mapped[str | None] = mapped_column(String(10))
    left: Mapped[bool] = mapped_column(default=False)
    rejoins_at: Mapped[int | None]


class HouseRules(db.Model):
    """A group's own options for a game, kept under a name ("Grandma's 500") to start games from.

    `options` are those the table chose, checked by the engine when the set was saved; an option left
    at the game's default is left out, so a default that depends on the players still follows them.
    """

    __tablename__ = "house_rules"
    __table_args__ = (UniqueConstraint("game", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(20), index=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
