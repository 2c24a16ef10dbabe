"""The engine's scoring of stored sessions, remembered per session version.

Statuses, winners and totals are never stored: the engine computes them
from the stored hands. Scoring every session again for each page of the
history would cost one engine run per session, so the scored body is kept
in a cache in the app (one per process) under the session's id, creation
time and version. Every change to a session or its hands bumps
``GameSession.version`` (see ``GameSession.touch``), so an entry whose
version differs is simply scored again: the cache can be stale only in
memory, never in what a page shows. It is a cache, never the truth: it is
not in the database, and a restart only makes the first pages slower.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Seat
from scorekeeper.sessions import service

# about a kilobyte per session: room for every session a household will ever play
MAX_ENTRIES = 50_000
# most sessions loaded at once to be scored
BATCH = 200

Key = tuple[int, str, int]


class ScoreCache:
    """Engine bodies by (session id, created_at, version); least recently used dropped beyond MAX_ENTRIES."""

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self._bodies: OrderedDict[int, tuple[Key, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(session_id: int, created_at: Any, version: int) -> Key:
        """The cache key of one version of a session (created_at guards against a reused id)."""
        return (session_id, str(created_at), version)

    def get(self, key: Key) -> dict[str, Any] | None:
        """The body stored under this exact key, or None."""
        with self._lock:
            found = self._bodies.get(key[0])
            if found is None or found[0] != key:
                return None
            self._bodies.move_to_end(key[0])
            return found[1]

    def put(self, key: Key, body: dict[str, Any]) -> None:
        """Remember a body, replacing any older version of the same session."""
        with self._lock:
            self._bodies[key[0]] = (key, body)
            self._bodies.move_to_end(key[0])
            while len(self._bodies) > self.max_entries:
                self._bodies.popitem(last=False)

    def forget(self, session_id: int) -> None:
        """Drop a deleted session."""
        with self._lock:
            self._bodies.pop(session_id, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._bodies)

    def __contains__(self, key: Key) -> bool:
        with self._lock:
            found = self._bodies.get(key[0])
            return found is not None and found[0] == key


def cache() -> ScoreCache:
    """This app's cache (each app, e.g. each test's, has its own)."""
    return current_app.extensions.setdefault("scorekeeper_scores", ScoreCache())


def warm(keys: list[tuple[int, Any, int]]) -> dict[int, GameSession]:
    """Score every session (id, created_at, version) whose version is not cached yet, loading hands in batches.

    Returns the sessions it loaded to do so (with seats, players and hands), by id,
    so that a caller who needs them too need not load them again.
    """
    store = cache()
    missing = [sid for sid, created, version in keys if ScoreCache.key(sid, created, version) not in store]
    loaded: dict[int, GameSession] = {}
    for start in range(0, len(missing), BATCH):
        sessions = db.session.execute(
            select(GameSession)
            .where(GameSession.id.in_(missing[start:start + BATCH]))
            .options(selectinload(GameSession.seats).selectinload(Seat.player), selectinload(GameSession.hands))
        ).scalars()
        for gs in sessions:
            scored(gs)
            loaded[gs.id] = gs
    return loaded


def scored(gs: GameSession) -> dict[str, Any]:
    """The engine's body for a session (see sessions.service.standings); read-only, shared."""
    key = ScoreCache.key(gs.id, gs.created_at, gs.version)
    store = cache()
    body = store.get(key)
    if body is None:
        body = service.standings(gs)
        store.put(key, body)
    return body
