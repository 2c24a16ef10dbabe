"""The games a guest's device was given: remembered in its own (signed) session cookie, shown on its home page."""

from __future__ import annotations

from dataclasses import dataclass

from flask import session
from flask.sessions import SessionMixin
from sqlalchemy import or_, select

from scorekeeper.extensions import db
from scorekeeper.host.identity import is_host
from scorekeeper.models import GameSession, utcnow

DEVICE_GAMES = "games"
# the day (ordinal, UTC) the device's cookie was last renewed
DEVICE_DAY = "day"
# a device remembers the links it opened most recently; the cookie stays far below browsers' 4 KB
MAX_REMEMBERED = 20


@dataclass(frozen=True)
class HeldLink:
    """A game this device holds a link to, and which link."""

    key: tuple[int, object, int]
    token: str
    access: str


def remember(token: str) -> None:
    """Remember that this device opened the game at `token` (most recent first).

    Not for a host, who sees every game anyway: a link remembered while host would
    stay listed on the device after its host rights are taken back.
    """
    if not is_host():
        remember_in(session, token)


def remember_in(held: SessionMixin, token: str) -> None:
    """Remember `token` in a guest's session `held` (most recent first): what remember() does for a guest."""
    games = held.get(DEVICE_GAMES, [])
    today = utcnow().date().toordinal()
    if games[:1] == [token] and held.get(DEVICE_DAY) == today:
        return  # already the most recent, and renewed today: no new cookie for every look at the scoreboard
    tokens = [t for t in games if isinstance(t, str) and t != token]
    held[DEVICE_GAMES] = [token, *tokens][:MAX_REMEMBERED]
    # kept across browser restarts: "the games on this phone" are there at the next visit; the cookie is
    # renewed (for PERMANENT_SESSION_LIFETIME more) at the first look of each day, not at every request
    held[DEVICE_DAY] = today
    held.permanent = True


def forget_all() -> None:
    """Forget every game this device opened (when it stops being a host, say)."""
    session.pop(DEVICE_GAMES, None)


def held_links() -> list[HeldLink]:
    """The games whose links this device holds, most recently opened first; renewed or deleted ones drop out."""
    tokens = [t for t in session.get(DEVICE_GAMES, []) if isinstance(t, str)]
    if not tokens:
        return []
    rows = db.session.execute(
        select(GameSession.id, GameSession.created_at, GameSession.version, GameSession.edit_token,
               GameSession.view_token)
        .where(or_(GameSession.edit_token.in_(tokens), GameSession.view_token.in_(tokens)))
    ).all()
    by_token: dict[str, HeldLink] = {}
    for sid, created, version, edit, view in rows:
        key = (sid, created, version)
        # the edit link wins when the device holds both
        if edit in tokens:
            by_token[edit] = HeldLink(key, edit, "edit")
        elif view in tokens:
            by_token[view] = HeldLink(key, view, "view")
    return [by_token[t] for t in tokens if t in by_token]
