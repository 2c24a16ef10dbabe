"""The history's cache of scored sessions: bounded by the bytes it holds, counted honestly."""

from __future__ import annotations

import objsize
import pytest

from scorekeeper import engine
from scorekeeper.history.scores import MAX_BYTES, ScoreCache, cache
from scorekeeper.sessions import service
from tests.test_history_games import SAMPLES
from tests.test_history_list import listed


def body(game: str = "rummy500", hands: int = 20) -> dict:
    """The engine's body of a session of `hands` hands of the sample `game`, under a target nobody reaches."""
    sample = SAMPLES[game]
    # michigan has no target: each hand is a game of its own
    options = sample.options if game == "michigan" else {**sample.options, "target": 10**9}
    return engine.score_session({"game": sample.game, "players": sample.players, "options": options,
                                 "hands": [sample.hands[n % len(sample.hands)] for n in range(hands)]})


def key(session_id: int, version: int = 1):
    return ScoreCache.key(session_id, "2026-01-01", version)


def test_what_the_cache_counts_is_what_it_holds():
    store = ScoreCache()
    empty = objsize.get_deep_size(store)
    for session_id, game in enumerate(sorted(SAMPLES), start=1):
        store.put(key(session_id), body(game))
    held = objsize.get_deep_size(store) - empty
    # objsize follows every object the cache refers to; beyond the bodies' count, only each entry's key and slot
    assert store.size <= held <= store.size + 200 * len(store)


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_a_body_reads_back_whole_and_the_reader_gets_its_own_copy(game):
    store = ScoreCache()
    store.put(key(1), body(game))
    copy = store.get(key(1))
    assert copy == body(game)
    copy["hands"].clear()
    assert store.get(key(1)) == body(game)
    assert store.summary(key(1)) == {name: body(game).get(name) for name in ("status", "winner", "error")}


def size_of(value: dict) -> int:
    """What the cache counts for one body."""
    store = ScoreCache()
    store.put(key(1), value)
    return store.size


def test_the_cache_drops_the_least_recently_used_sessions_beyond_its_bytes():
    size = size_of(body())
    store = ScoreCache(max_bytes=3 * size + size // 2)
    for session_id in (1, 2, 3):
        store.put(key(session_id), body())
    assert store.get(key(1)) is not None  # 1 is now used more recently than 2
    store.put(key(4), body())
    assert key(2) not in store
    assert all(key(n) in store for n in (1, 3, 4))
    assert store.size == 3 * size <= store.max_bytes


def test_a_longer_session_crowds_out_as_many_as_its_bytes_need():
    store = ScoreCache(max_bytes=5 * size_of(body(hands=20)))
    for session_id in range(1, 6):
        store.put(key(session_id), body(hands=20))
    assert len(store) == 5
    store.put(key(6), body(hands=60))  # about three sessions of 20 hands
    assert key(6) in store
    assert len(store) <= 3
    assert store.size <= store.max_bytes


def test_a_new_version_replaces_the_old_in_the_count():
    store = ScoreCache()
    store.put(key(1, version=1), body(hands=20))
    store.put(key(1, version=2), body(hands=21))
    assert store.size == size_of(body(hands=21))
    assert key(1, version=1) not in store and key(1, version=2) in store
    store.forget(1)
    assert store.size == 0 and len(store) == 0


def test_a_body_larger_than_the_whole_bound_is_not_kept():
    store = ScoreCache(max_bytes=size_of(body(hands=20)))
    store.put(key(1), body(hands=20))
    store.put(key(2), body(hands=40))
    assert key(2) not in store
    assert key(1) in store  # nothing was dropped for it


def test_the_bound_is_64_mb_by_default(app):
    with app.app_context():
        assert cache().max_bytes == MAX_BYTES == 64 * 1024 * 1024


def test_the_history_list_scores_every_session_and_keeps_what_its_configured_bytes_hold(databases):
    small = databases.app("small")
    with small.app_context():
        for _ in range(10):
            gs = service.create_session("gin", {}, ["Ann", "Ben"])
            service.add_hand(gs, {"ended": "went_out", "went_out": "Ben", "points": {"Ann": 0, "Ben": 100}})
        each = size_of(service.standings(gs))
    small.config["SCORE_CACHE_MAX_BYTES"] = 2 * each + each // 2  # room for two of these sessions
    assert [winner for _, _, winner in listed(small.test_client())] == ["Ben"] * 10
    with small.app_context():
        assert len(cache()) == 2
        assert cache().size <= small.config["SCORE_CACHE_MAX_BYTES"]
