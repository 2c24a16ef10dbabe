"""Capability links: a session's edit token gives full access, its view token read-only access."""

from __future__ import annotations

from typing import Any, Literal

from flask import abort
from sqlalchemy import bindparam, or_, select
from sqlalchemy.orm import joinedload, selectinload

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Seat

Access = Literal["edit", "view"]


# built once, like _VERSION below: every page of a game starts here
_FIND = select(GameSession).where(
    or_(GameSession.edit_token == bindparam("token"), GameSession.view_token == bindparam("token"))
    # every page names the players: their seats and names come in one query, not one per seat
).options(selectinload(GameSession.seats).joinedload(Seat.player))


def find_session(token: str) -> GameSession | None:
    """The session an edit or view token opens, if any."""
    return db.session.execute(_FIND, {"token": token}).scalar_one_or_none()


def load_session(token: str, need: Access = "view") -> tuple[GameSession, Access]:
    """The session a token opens and the access it gives; 404 when unknown, 403 when read-only but `need` is edit."""
    gs = find_session(token)
    if gs is None:
        abort(404, "No game has this link. Check the address, or ask the table for a new link.")
    access: Access = "edit" if gs.edit_token == token else "view"
    if need == "edit" and access != "edit":
        abort(403)
    return gs, access


# built once: a phone polls every few seconds, and building the statement costs as much as running it
_VERSION = select(GameSession.version).where(
    or_(GameSession.edit_token == bindparam("token"), GameSession.view_token == bindparam("token"))
)


def current_version(token: str) -> int | None:
    """The version of the session a token opens (None for no session): one indexed lookup, no object loaded.

    What a phone polling for changes needs to hear that nothing changed.
    """
    return db.session.execute(_VERSION, {"token": token}).scalar_one_or_none()


_CURRENT = select(GameSession.id, GameSession.created_at, GameSession.version, GameSession.edit_token).where(
    or_(GameSession.edit_token == bindparam("token"), GameSession.view_token == bindparam("token"))
)


def current(token: str) -> Any:
    """The session a token opens, as a row of id, created_at, version and edit_token (None for none): no object loaded."""
    return db.session.execute(_CURRENT, {"token": token}).first()
