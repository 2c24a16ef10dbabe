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

It holds each session's whole body, every hand's scores included, pickled:
some 5 KB for a 20-hand game, 200-300 KB for 1,000 hands (as Python objects
they would take ten times that), beside the status, winner and error the
sessions list filters on. It is bounded by the bytes those take
(SCORE_CACHE_MAX_BYTES, 64 MB by default), counted as each is stored; the
sessions used least recently are dropped first. Reading a body back unpickles
a copy: a fifth to a third of what scoring the session again costs, and no
database query for its hands. (Keeping live objects and measuring them would
make every read free but cost two to five scorings at every store.)
"""

from __future__ import annotations

import pickle
import sys
import threading
from collections import OrderedDict
from typing import Any, NamedTuple

from flask import current_app
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.sessions import service

# the default bound (config SCORE_CACHE_MAX_BYTES): some 12,000 evenings of 20 hands
MAX_BYTES = 64 * 1024 * 1024
# what the sessions list reads of each of many sessions, kept unpickled
SUMMARY = ("status", "winner", "error")
# most sessions loaded at once to be scored
BATCH = 200

Key = tuple[int, str, int]


class _Entry(NamedTuple):
    key: Key
    pickled: bytes
    summary: dict[str, Any]
    size: int


class ScoreCache:
    """Engine bodies by (session id, created_at, version); least recently used dropped beyond `max_bytes`."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[int, _Entry] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    @staticmethod
    def key(session_id: int, created_at: Any, version: int) -> Key:
        """The cache key of one version of a session (created_at guards against a reused id)."""
        return (session_id, str(created_at), version)

    def get(self, key: Key) -> dict[str, Any] | None:
        """A copy of the body stored under this exact key, or None."""
        entry = self._entry(key)
        return None if entry is None else pickle.loads(entry.pickled)

    def summary(self, key: Key) -> dict[str, Any] | None:
        """The status, winner and error of the body stored under this exact key (shared: read only), or None."""
        entry = self._entry(key)
        return None if entry is None else entry.summary

    def put(self, key: Key, body: dict[str, Any]) -> None:
        """Remember a body, replacing any older version of the same session (one larger than the bound is not kept)."""
        pickled = pickle.dumps(body, protocol=pickle.HIGHEST_PROTOCOL)
        summary = {name: body.get(name) for name in SUMMARY}
        size = sys.getsizeof(pickled) + deep_size(summary)
        with self._lock:
            self._drop(key[0])
            if size > self.max_bytes:
                return
            self._entries[key[0]] = _Entry(key, pickled, summary, size)
            self._bytes += size
            while self._bytes > self.max_bytes:
                self._drop(next(iter(self._entries)))

    def forget(self, session_id: int) -> None:
        """Drop a deleted session."""
        with self._lock:
            self._drop(session_id)

    @property
    def size(self) -> int:
        """The bytes the pickled bodies and their summaries take, as counted when each was stored."""
        with self._lock:
            return self._bytes

    def _entry(self, key: Key) -> _Entry | None:
        with self._lock:
            entry = self._entries.get(key[0])
            if entry is None or entry.key != key:
                return None
            self._entries.move_to_end(key[0])
            return entry

    def _drop(self, session_id: int) -> None:
        entry = self._entries.pop(session_id, None)
        if entry is not None:
            self._bytes -= entry.size

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def __contains__(self, key: Key) -> bool:
        with self._lock:
            entry = self._entries.get(key[0])
            return entry is not None and entry.key == key


def cache() -> ScoreCache:
    """This app's cache (each app, e.g. each test's, has its own), bounded by its SCORE_CACHE_MAX_BYTES."""
    store = current_app.extensions.get("scorekeeper_scores")
    if store is None:
        store = ScoreCache(int(current_app.config.get("SCORE_CACHE_MAX_BYTES", MAX_BYTES)))
        current_app.extensions["scorekeeper_scores"] = store
    return store


def deep_size(value: Any) -> int:
    """The bytes a value of JSON's kinds takes in memory: its dicts, lists, strings and numbers, each counted once.

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
            .options(*service.WHOLE_SESSION)
        ).scalars()
        for gs in sessions:
            scored(gs)
            loaded[gs.id] = gs
    return loaded


def scored(gs: GameSession) -> dict[str, Any]:
    """The engine's body for a session (see sessions.service.standings); the caller's own copy."""
    key = ScoreCache.key(gs.id, gs.created_at, gs.version)
    store = cache()
    body = store.get(key)
    if body is None:
        body = service.standings(gs)
        store.put(key, body)
    return body
