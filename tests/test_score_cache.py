"""The history's cache of scored sessions: bounded by the bytes it holds, counted honestly.

An entry holds what the app stores (scoreboard.standings_cache.standing): the engine's body, the engine's
Scoring that scores the next hands, and the ids and versions of the hands it scored.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import objsize
import pytest

from scorekeeper import engine
from scorekeeper.tables import service
from scorekeeper.tables import standings_cache as scores
from scorekeeper.tables.standings_cache import MAX_BYTES, ScoreCache, cache
from scorekeeper.tables.table import Table
from tests.test_history_games import SAMPLES
from tests.test_history_list import listed


def scoring(game: str = "rummy500", hands: int = 20) -> engine.Scoring:
    """The engine's Scoring of a session of `hands` hands of the sample `game`, under a target nobody reaches."""
    sample = SAMPLES[game]
    # michigan has no target: each hand is a game of its own; contract ends after its deals; indian's points format
    # has no end
    if game == "indian":
        options = {**sample.options, "format": "points"}
    elif game == "rummikub":  # without rounds the game goes on until the table stops
        options = {}
    else:
        options = sample.options if game in ("michigan", "contract") else {**sample.options, "target": 10**9}
    return engine.Scoring.of({"game": sample.game, "players": sample.players, "options": options,
                              "hands": [_repeated(sample, n) for n in range(hands)]})


def _repeated(sample, n: int) -> dict:
    """Hand n of a long session made of the sample's hands over and over.

    Contract Rummy's hands of cards meet their own deal's contract, so past its
    sample its hands come as the points they scored; Indian Rummy's pool sample
    is played as points, without its rejoin.
    """
    hand = sample.hands[n % len(sample.hands)]
    if sample.game == "indian":  # played as points, where nobody is out and so nobody rejoins
        hand = {key: value for key, value in hand.items() if key != "rejoined"}
    if sample.game == "contract" and n >= len(sample.hands) and "players" in hand:
        scored = engine.score_session({"game": "contract", "players": sample.players, "options": sample.options,
                                       "hands": sample.hands[: n % len(sample.hands) + 1]})
        return {"went_out": hand["went_out"], "points": scored["hands"][-1]["scores"]}
    return hand


def body(game: str = "rummy500", hands: int = 20) -> dict:
    """The engine's body of that session."""
    return scoring(game, hands).answer()


def key(session_id: int, version: int = 1):
    return ScoreCache.key(session_id, "2026-01-01", version)


def put(store: ScoreCache, at: tuple, game: str = "rummy500", hands: int = 20) -> None:
    """Store a session as the app does: its body, its Scoring and its hands' ids and versions."""
    whole = scoring(game, hands)
    store.put(at, whole.answer(), scoring=whole, hands=tuple((1000 + n, 1) for n in range(hands)),
              frame=(game,))


def _referents(*objs: Any) -> Iterator[Any]:
    # objsize's own walk (gc.get_referents) leaves out a dict's string keys; they take memory too
    for obj in objs:
        if isinstance(obj, dict):
            yield from obj.keys()
            yield from obj.values()
        else:
            yield from gc.get_referents(obj)
            if hasattr(obj, "__dict__") and not isinstance(obj, type):
                yield obj.__dict__


def held(value: Any, exclude: list | None = None) -> int:
    """The bytes of every object `value` refers to, each once (objsize, dict keys included)."""
    return objsize.get_deep_size(value, get_referents_func=_referents, exclude=exclude)


def test_what_the_cache_counts_is_what_it_holds():
    store = ScoreCache()
    empty = held(store)
    for session_id, game in enumerate(sorted(SAMPLES), start=1):
        put(store, key(session_id), game)
    # each entry counts what it holds (body, Scoring, hands, key and itself), but the names of its attributes
    for entry in store._entries.values():
        own = held(entry, exclude=list(type(entry).__slots__))
        assert own <= scores._size_of(entry) <= own + 400
    # and the cache never holds more than it counts (objects entries share, such as names, are counted in each)
    assert held(store) - empty <= store.size + 200 * len(store)


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_a_body_reads_back_whole_with_its_summary(game):
    # bodies are kept live and shared with every reader (read only): no copy is made to read one
    store = ScoreCache()
    put(store, key(1), game)
    assert store.get(key(1)) == body(game)
    assert store.get(key(1)) is store.get(key(1))
    assert store.summary(key(1)) == {name: body(game).get(name) for name in ("status", "winner", "error")}


def size_of(game: str = "rummy500", hands: int = 20) -> int:
    """What the cache counts for one session."""
    store = ScoreCache()
    put(store, key(1), game, hands)
    return store.size


def test_the_cache_drops_the_least_recently_used_sessions_beyond_its_bytes():
    size = size_of()
    store = ScoreCache(max_bytes=3 * size + size // 2)
    for session_id in (1, 2, 3):
        put(store, key(session_id))
    assert store.get(key(1)) is not None  # 1 is now used more recently than 2
    put(store, key(4))
    assert key(2) not in store
    assert all(key(n) in store for n in (1, 3, 4))
    assert store.size == 3 * size <= store.max_bytes


def test_a_longer_session_crowds_out_as_many_as_its_bytes_need():
    store = ScoreCache(max_bytes=5 * size_of(hands=20))
    for session_id in range(1, 6):
        put(store, key(session_id), hands=20)
    assert len(store) == 5
    put(store, key(6), hands=60)  # about three sessions of 20 hands
    assert key(6) in store
    assert len(store) <= 3
    assert store.size <= store.max_bytes


def test_a_new_version_replaces_the_old_in_the_count():
    store = ScoreCache()
    put(store, key(1, version=1), hands=20)
    put(store, key(1, version=2), hands=21)
    assert store.size == size_of(hands=21)
    assert key(1, version=1) not in store and key(1, version=2) in store
    store.forget(1)
    assert store.size == 0 and len(store) == 0


def test_a_body_larger_than_the_whole_bound_is_not_kept():
    store = ScoreCache(max_bytes=size_of(hands=20))
    put(store, key(1), hands=20)
    put(store, key(2), hands=40)
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
        # what the cache counts for one of these sessions, stored as the app stores it
        small.extensions["scorekeeper_scores"] = ScoreCache()
        each = scores.standing(gs).size
        small.extensions.pop("scorekeeper_scores")
    small.config["SCORE_CACHE_MAX_BYTES"] = 2 * each + each // 2  # room for two of these sessions
    assert [winner for _, _, winner in listed(small.test_client())] == ["Ben"] * 10
    with small.app_context():
        assert len(cache()) == 2
        assert cache().size <= small.config["SCORE_CACHE_MAX_BYTES"]


def test_a_version_scored_from_an_older_one_counts_at_least_what_it_holds():
    # saving hand after hand: each version is measured from the one before (only the hand added is measured)
    sample = SAMPLES["rummy500"]
    store = ScoreCache()
    now = scoring("rummy500", 0)
    entry = store.put(key(1, version=0), now.answer(), scoring=now, hands=(), frame=("rummy500",))
    for n in range(40):
        now = now.with_hand(sample.hands[n % len(sample.hands)])
        entry = store.put(key(1, version=n + 1), now.answer(), older=entry, scoring=now,
                          hands=entry.hands + ((1000 + n, 1),), frame=entry.frame)
    own = held(entry, exclude=list(type(entry).__slots__))
    # what the hands share with earlier ones (names, card notations) may be counted again: never less
    assert own <= store.size <= 1.5 * own
    assert store.get(key(1, version=40)) == body("rummy500", 40)


# every page and download a table can open from a game's links, and the lists that show it
PAGES = ("{url}", "{url}/review", "{url}/print", "{url}/export.json", "{url}/export.csv", "{url}/live",
         "{url}/share", "{url}/hands/new", "/", "/sessions", "/players", "/players/{first}", "/sessions/backup.json")


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_no_page_changes_the_shared_body_it_reads(app, client, table, game):
    # one body is shared by every reader of a version: a page that changed it would change every other page
    sample = SAMPLES[game]
    table.start(sample.game, sample.players, **sample.options)
    for data in sample.hands:
        with app.app_context():
            gs = Table.find(table.token).with_hands()
            service.add_hand(gs, data)
    for page in PAGES:
        # a sample's first player (Canasta's are sides, like "Ann & Cy"), as a link names them
        response = client.get(page.format(url=table.url, first=quote(sample.players[0])))
        assert response.status_code == 200, page
    with app.app_context():
        gs = Table.find(table.token).with_hands()
        shared = scores.scored(gs)
        assert shared == engine.score_session(service.session_body(gs)), "a page changed the cached body"
