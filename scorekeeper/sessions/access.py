"""Capability links: a session's edit token gives full access, its view token read-only access."""

from __future__ import annotations

from typing import Any, Literal

from flask import abort
from sqlalchemy import bindparam, or_, select
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Seat

Access = Literal["edit", "view"]


# the statements below are built once: every page of a game starts with one, and a phone polls
# every few seconds; building a statement costs as much as running it
_BY_TOKEN = or_(GameSession.edit_token == bindparam("token"), GameSession.view_token == bindparam("token"))
# every page names the players: their seats and names come in one query, not one per seat
_FIND = select(GameSession).where(_BY_TOKEN).options(selectinload(GameSession.seats).joinedload(Seat.player))


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


_VERSION = select(GameSession.version).where(_BY_TOKEN)


def current_version(token: str) -> int | None:
    """The version of the session a token opens (None for no session): one indexed lookup, no object loaded.

    What a phone polling for changes needs to hear that nothing changed.
    """
    return _lookup(_VERSION, token).scalar_one_or_none()


_CURRENT = select(GameSession.id, GameSession.created_at, GameSession.version, GameSession.edit_token).where(_BY_TOKEN)


def current(token: str) -> Any:
    """The session a token opens, as a row of id, created_at, version and edit_token (None for none): no object loaded."""
    return _lookup(_CURRENT, token).first()


def _lookup(statement: Any, token: str) -> Any:
    """Run a lookup by token on a connection of its own, outside the ORM session: a poll needs no more.

    The connection is back in the pool before any other query of the request (the ORM
    session's, if any) asks for one.
    """
    with db.engine.connect() as connection:
        return connection.execute(statement, {"token": token}).freeze()()
