"""The engine's scoring of stored sessions, remembered per session version.

Statuses, winners and totals are never stored: the engine computes them
from the stored hands. Scoring a session again for every page (each
scoreboard view, each phone following it, each page of the history) would
cost one engine run over every hand each time, so the scored body is kept
in a cache in the app (one per process) under the session's id, creation
time and version. Every change to a session or its hands bumps
``GameSession.version`` (see ``GameSession.touch``), so an entry whose
version differs is simply scored again: the cache can be stale only in
memory, never in what a page shows. It is a cache, never the truth: it is
not in the database, and a restart only makes the first pages slower.

A session's newer version is scored from its older entry when the hands
the older one scored are all still stored unchanged (same ids, same hand
versions, same order): only the hands added since are read and checked
(``engine.Scoring``), as after saving the next hand on another phone.

The cache is bounded by memory, not by count: each entry counts the bytes
of what it holds as Python objects (see :meth:`ScoreCache.put`: the body,
the engine's Scoring beside it, the hands it scored and the fragments built
from it), and the least recently used entries are dropped beyond
``SCORE_CACHE_MAX_BYTES`` (64 MB unless configured). Bodies are kept live,
not pickled: a page reads one in no time, and a hand saved adds to it
without reading it again. They are shared: read only. A body of up to
2 x SAMPLED_HANDS hands is measured whole; a longer one from a sample of its
hands (measuring all of a long game's would cost as much as scoring them).
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any

from cachetools import LRUCache
from flask import current_app
from sqlalchemy import inspect, select

from scorekeeper import engine
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand
from scorekeeper.tables import service

# the bound of a cache made outside an app (an app's comes from its SCORE_CACHE_MAX_BYTES, the same by
# default): a 20-hand 8-player session takes about 200 KB, a 1,000-hand one about 10 MB
MAX_BYTES = 64 * 1024 * 1024
# what the sessions list reads of each of many sessions
SUMMARY = ("status", "winner", "error")
# most sessions loaded at once to be scored
BATCH = 200
# hands measured to estimate the size of a body (the others are taken to be alike)
SAMPLED_HANDS = 12

class Standing(engine.SessionAnswer, total=False):
    """What a version of a stored game scores to: the engine's scoring body (docs/api.md), or, for stored hands
    the engine now refuses, that body with no hand scored, totals at 0, and the refusal."""

    error: str  # the engine's refusal of the stored hands
    error_hand: int | None  # the hand it names, from 1


Key = tuple[int, str, int]
# what an entry scored: (hand id, hand version) in order of play
Scored = tuple[tuple[int, int], ...]


@dataclass(slots=True)
class Entry:
    """One version of a session, scored: the engine's body, and what can score its next hands."""

    key: Key
    body: Standing
    scoring: engine.Scoring | None = None  # None when the engine refused the hands (body["error"])
    hands: Scored | None = None  # None when not known (scored from an ORM session by `scored`)
    # what else the scoring depends on beside the hands (players, options, late starts and leavers):
    # a newer version is scored from this one only when it is the same
    frame: Any = None
    size: int = 0  # bytes of all it holds but its fragments (see _size_of)
    hands_size: int = 0  # bytes of the body's hands (not of their list)
    # fragments of pages built from this version, by name (see put_page); a whole page kept encoded, as sent
    pages: dict[str, str | bytes] = field(default_factory=dict)
    # fragments built from one hand's body (a scoreboard row), by name: (the body they show, the HTML).
    # Handed on to the next version when it only adds hands, whose earlier bodies are the same objects
    rows: dict[Any, tuple[Any, str]] = field(default_factory=dict)
    # the key of each shown hand's row, by position (see scoreboard.live_rows.row_keys), worked out when first asked
    row_keys: dict[int, str] | None = None
    # small answers worked out from this version by going over every hand (tables.dealing's dealers), by name:
    # a page asks them again at no cost, however long the game
    worked_out: dict[str, Any] = field(default_factory=dict)


def _deep_size(value: Any, seen: set[int]) -> int:
    """The bytes a value takes in memory, every object it holds counted once (those in `seen` not at all).

    Follows dicts, lists, tuples, sets and objects' attributes (slots or __dict__); stops at
    classes, functions and modules, which are the program's, not the cache's.

    >>> _deep_size([], set()) == sys.getsizeof([])
    True
    >>> text = "x" * 1000
    >>> _deep_size([text, text], set()) == sys.getsizeof([text, text]) + sys.getsizeof(text)
    True
    """
    if id(value) in seen or isinstance(value, (type, ModuleType)) or callable(value):
        return 0
    seen.add(id(value))
    return sys.getsizeof(value) + sum(_deep_size(held, seen) for held in _held_by(value))


def _held_by(value: Any) -> list[Any]:
    """What a value holds that _deep_size counts with it: a dict's keys and values, a collection's items, an object's
    attributes (slots or __dict__); nothing for a string, number or None."""
    if isinstance(value, MappingProxyType):  # a read-only view (a shared Rules' options): the dict it shows
        return list(gc.get_referents(value))
    if isinstance(value, dict):
        return [part for item in value.items() for part in item]
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return []
    held = [getattr(value, name, None) for name in getattr(type(value), "__slots__", ())]
    return held + ([vars(value)] if hasattr(value, "__dict__") else [])


def _hands_size(hands: list[dict[str, Any]], seen: set[int]) -> int:
    """Bytes the hands' bodies take (not their list): all measured up to 2 x SAMPLED_HANDS, else a sample.

    Hands are measured as Python objects (sys.getsizeof of every dict, list and value in
    them). Of a longer list, SAMPLED_HANDS hands spread over it are measured and the others
    taken to be the size of those on average: measuring all of them would cost as much as
    scoring them. `seen` gets every object counted, so that what shares them is not counted twice.
    """
    if not hands:
        return 0
    step = 1 if len(hands) <= 2 * SAMPLED_HANDS else len(hands) // SAMPLED_HANDS
    sample = hands[::step]
    return sum(_deep_size(hand, seen) for hand in sample) * len(hands) // len(sample)


def estimated_size(body: dict[str, Any]) -> int:
    """Bytes of memory a scored body takes (its hands measured as _hands_size says)."""
    seen: set[int] = set()
    hands = body.get("hands") or []
    size = _hands_size(hands, seen)
    seen.update(map(id, hands))
    return size + _deep_size(body, seen)


def _held_size(entry: Entry, seen: set[int]) -> int:
    """The bytes of what an entry holds beside its body: itself, its key, the engine's Scoring and the hands it scored.

    `seen` holds what the body's measure counted: the Scoring shares the hands' bodies with it.
    """
    parts = (entry.key, entry.scoring, entry.hands, entry.frame, entry.size, entry.hands_size)
    return sys.getsizeof(entry) + sum(_deep_size(part, seen) for part in parts)


def _size_of(entry: Entry) -> int:
    # the fragments are counted as they come (put_page, and rows and row keys when the entry is stored again)
    rows = sys.getsizeof(entry.rows) + sum(
        sys.getsizeof(key) + sys.getsizeof(value) + sys.getsizeof(value[1]) for key, value in entry.rows.items())
    keys = sys.getsizeof(entry.row_keys) + sum(map(sys.getsizeof, entry.row_keys.values())) if entry.row_keys else 0
    return (entry.size + sys.getsizeof(entry.pages) + sum(sys.getsizeof(page) for page in entry.pages.values())
            + rows + keys)


class ScoreCache:
    """Scored sessions by (session id, created_at, version), one entry per session.

    Bounded by the estimated bytes of its entries (`max_bytes`): the least
    recently used are dropped beyond it.
    """

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._entries: LRUCache[int, Entry] = LRUCache(maxsize=max_bytes, getsizeof=_size_of)
        self._lock = threading.Lock()

    @staticmethod
    def key(session_id: int, created_at: Any, version: int) -> Key:
        """The cache key of one version of a session (created_at guards against a reused id)."""
        return (session_id, str(created_at), version)

    def entry(self, key: Key) -> Entry | None:
        """The entry stored under this exact key, or None."""
        with self._lock:
            found = self._entries.get(key[0])
        return found if found is not None and found.key == key else None

    def latest(self, session_id: int) -> Entry | None:
        """The entry of this session, whatever its version (what a newer version may be scored from)."""
        with self._lock:
            return self._entries.get(session_id)

    def get(self, key: Key) -> dict[str, Any] | None:
        """The body stored under this exact key (shared: read only), or None."""
        found = self.entry(key)
        return None if found is None else found.body

    def summary(self, key: Key) -> dict[str, Any] | None:
        """The status, winner and error of the body stored under this exact key, or None."""
        body = self.get(key)
        return None if body is None else {name: body.get(name) for name in SUMMARY}

    def put(self, key: Key, body: dict[str, Any], older: Entry | None = None, **known: Any) -> Entry:
        """Remember a body (and, as keywords, what Entry holds beside it), replacing any other version of the session.

        `older` is the entry of an earlier version whose hands `body` extends: its size and rows
        carry over, and only the hands added are measured.
        """
        entry = Entry(key=key, body=body, **known)
        seen: set[int] = set()
        hands = body.get("hands") or []
        if older is None:
            entry.hands_size = _hands_size(hands, seen)
        else:
            # the hands scored before are the same objects, already counted: only the hands added are measured
            before = older.body.get("hands") or []
            seen.update(map(id, before))
            # what the new hands share with the earlier ones (names, keys, cards, numbers) is held already:
            # the top level and the last hand before them show most of it
            _deep_size({k: v for k, v in older.body.items() if k != "hands"}, seen)
            for hand in before[-1:]:
                seen.discard(id(hand))
                _deep_size(hand, seen)
            entry.hands_size = older.hands_size + sum(_deep_size(hand, seen) for hand in hands[len(before):])
            entry.rows = dict(older.rows)
        seen.update(map(id, hands))
        entry.size = entry.hands_size + _deep_size(body, seen) + _held_size(entry, seen)
        self._store(entry)
        return entry

    def put_page(self, entry: Entry, name: str, html: str | bytes) -> None:
        """Keep a fragment built from this entry's version (dropped with it); the entry is stored again to count it."""
        entry.pages = {**entry.pages, name: html}
        if self.entry(entry.key) is entry:
            self._store(entry)

    def _store(self, entry: Entry) -> None:
        with self._lock:
            self._entries.pop(entry.key[0], None)
            if _size_of(entry) <= self.max_bytes:
                self._entries[entry.key[0]] = entry

    def forget(self, session_id: int) -> None:
        """Drop a deleted session."""
        with self._lock:
            self._entries.pop(session_id, None)

    @property
    def size(self) -> int:
        """The bytes every entry held takes, as counted when each was stored."""
        with self._lock:
            return int(self._entries.currsize)

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def __contains__(self, key: Key) -> bool:
        return self.entry(key) is not None


def cache() -> ScoreCache:
    """This app's cache (each app, e.g. each test's, has its own), bounded by its SCORE_CACHE_MAX_BYTES."""
    found = current_app.extensions.get("scorekeeper_scores")
    if found is None:
        found = ScoreCache(int(current_app.config.get("SCORE_CACHE_MAX_BYTES", MAX_BYTES)))
        current_app.extensions["scorekeeper_scores"] = found
    return found


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
    """The engine's body for a session (its totals, status, winner, every hand scored); read-only, shared."""
    return standing(gs).body


def standing(gs: GameSession) -> Entry:
    """The cache entry of the session's current version, scored now if missing; its body is read-only, shared.

    Reads the session's hands from the database only as far as needed: none when this
    version is cached, the new ones when an older version scored every hand stored before
    them, else all of them (as plain rows, never as ORM objects).
    """
    store = cache()
    key = ScoreCache.key(gs.id, gs.created_at, gs.version)
    entry = store.entry(key)
    if entry is not None:
        return entry
    frame = _frame(gs)
    stored, data = _stored(gs)
    older = store.latest(gs.id)
    if older is not None and older.scoring is not None and _extends(older, key, frame, stored):
        extended = _with_hands(older.scoring, data(len(older.hands or ())))
        if extended is not None:
            return store.put(key, extended.answer(), older=older, scoring=extended, hands=stored, frame=frame)
    try:
        whole = engine.Scoring.of(service.session_body(gs, hands=data(0)))
    except ValueError as exc:
        # the page still shows every hand, with the engine's error, so the table can fix it
        return store.put(key, service.refused_body(gs, exc), hands=stored, frame=frame)
    return store.put(key, whole.answer(), scoring=whole, hands=stored, frame=frame)


def _extends(older: Entry, key: Key, frame: Any, stored: Scored) -> bool:
    """Whether the session's stored hands are those `older` scored, unchanged, then more (same players and options)."""
    return (older.hands is not None and older.frame == frame
            and older.key[:2] == key[:2] and len(stored) > len(older.hands)
            and stored[:len(older.hands)] == older.hands)


def _with_hands(scoring: engine.Scoring, hands: list[dict[str, Any]]) -> engine.Scoring | None:
    """The engine's Scoring with these hands added, or None when the engine refuses one."""
    try:
        for raw in hands:
            scoring = scoring.with_hand(raw)
    except ValueError:
        return None  # scored whole, for the engine's answer about the whole session
    return scoring


def _frame(gs: GameSession) -> tuple[Any, ...]:
    """What a session's scoring depends on beside its hands: game, options, players, late starts and leavers."""
    body = service.session_body(gs, hands=[])
    return (body["game"], repr(sorted(body["options"].items())), tuple(body["players"]),
            tuple(sorted((body.get("late_start") or {}).items())), tuple(body.get("left") or ()))


def _stored(gs: GameSession) -> tuple[Scored, Callable[[int], list[dict[str, Any]]]]:
    """What the session's stored hands are (ids and versions, in order), and a reader of their entries after a position.

    Hands already loaded with the session are used as they are; otherwise they are read as
    plain rows, the entries (the costly part) only from the position asked for.
    """
    if "hands" not in inspect(gs).unloaded:
        hands = list(gs.hands)
        return tuple((h.id, h.version) for h in hands), lambda after: [h.data for h in hands[after:]]
    rows = db.session.execute(
        select(Hand.id, Hand.version).where(Hand.session_id == gs.id).order_by(Hand.position)
    ).all()

    def data(after: int) -> list[dict[str, Any]]:
        return list(db.session.execute(
            select(Hand.data).where(Hand.session_id == gs.id, Hand.position > after).order_by(Hand.position)
        ).scalars())

    return tuple((row.id, row.version) for row in rows), data


def scored_after_save(gs: GameSession, before: Entry, scoring: engine.Scoring | None, hand: Hand) -> None:
    """Remember the version a hand was just appended in: `scoring` is `before`'s Scoring with that hand added.

    Only when the save was the one change since `before` (the session's version moved on by
    exactly one): otherwise another phone changed it too, and the next page scores it as usual.
    """
    if before.hands is None or scoring is None or scoring.count != len(before.hands) + 1:
        return
    key = ScoreCache.key(gs.id, gs.created_at, gs.version)
    if key[:2] != before.key[:2] or key[2] != before.key[2] + 1:
        return
    cache().put(key, scoring.answer(), older=before, scoring=scoring,
                hands=before.hands + ((hand.id, hand.version),), frame=before.frame)
