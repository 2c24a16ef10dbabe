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

It holds each session's whole body, every hand's scores included: some 40 KB
for a 20-hand game, 2 MB for 1,000 hands. So it is bounded by the bytes its
bodies take in memory (SCORE_CACHE_MAX_BYTES, 64 MB by default), measured
when each is stored; the sessions used least recently are dropped first.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from typing import Any

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Seat
from scorekeeper.sessions import service

# the default bound (config SCORE_CACHE_MAX_BYTES): some 1,500 evenings of 20 hands
MAX_BYTES = 64 * 1024 * 1024
# most sessions loaded at once to be scored
BATCH = 200

Key = tuple[int, str, int]


class ScoreCache:
    """Engine bodies by (session id, created_at, version); least recently used dropped beyond `max_bytes`."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._bodies: OrderedDict[int, tuple[Key, dict[str, Any], int]] = OrderedDict()
        self._bytes = 0
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
        """Remember a body, replacing any older version of the same session (one larger than the bound is not kept)."""
        size = deep_size(body)
        with self._lock:
            self._drop(key[0])
            if size > self.max_bytes:
                return
            self._bodies[key[0]] = (key, body, size)
            self._bytes += size
            while self._bytes > self.max_bytes:
                self._drop(next(iter(self._bodies)))

    def forget(self, session_id: int) -> None:
        """Drop a deleted session."""
        with self._lock:
            self._drop(session_id)

    @property
    def size(self) -> int:
        """The bytes the bodies held take in memory, as measured when each was stored."""
        with self._lock:
            return self._bytes

    def _drop(self, session_id: int) -> None:
        found = self._bodies.pop(session_id, None)
        if found is not None:
            self._bytes -= found[2]

    def __len__(self) -> int:
        with self._lock:
            return len(self._bodies)

    def __contains__(self, key: Key) -> bool:
        with self._lock:
            found = self._bodies.get(key[0])
            return found is not None and found[0] == key


def cache() -> ScoreCache:
    """This app's cache (each app, e.g. each test's, has its own), bounded by its SCORE_CACHE_MAX_BYTES."""
    store = current_app.extensions.get("scorekeeper_scores")
    if store is None:
        store = ScoreCache(int(current_app.config.get("SCORE_CACHE_MAX_BYTES", MAX_BYTES)))
        current_app.extensions["scorekeeper_scores"] = store
    return store


def deep_size(value: Any) -> int:
    """The bytes a body takes in memory: its dicts, lists, strings and numbers, each object counted once.

    Written here rather than taken from objsize, which gives the same figures
    five times slower (it follows every kind of object); a body holds JSON's kinds only.

    >>> deep_size([]) == sys.getsizeof([])
    True
    >>> text = "x" * 1000
    >>> deep_size([text, text]) == sys.getsizeof([text, text]) + sys.getsizeof(text)
    True
    """
    seen: set[int] = set()

    def walk(item: Any) -> int:
        if id(item) in seen:
            return 0
        seen.add(id(item))
        size = sys.getsizeof(item)
        if isinstance(item, dict):
            size += sum(walk(k) + walk(v) for k, v in item.items())
        elif isinstance(item, (list, tuple)):
            size += sum(walk(part) for part in item)
        return size

    return walk(value)


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
