"""A long game stays fast without losing anything: the scoreboard shows the latest hands and every
hand's cards on demand, a session version is scored once, and the score cache is bounded by memory."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.scoreboard.board import SHOWN_HANDS
from scorekeeper.tables import service
from scorekeeper.tables import standings_cache as scores
from scorekeeper.tables.standings_cache import ScoreCache, cache, estimated_size
from tests.test_history_games import SAMPLES, store_sample

# a card as every page draws it (templates/_card_chips.html): the face for the eye, the words for a screen reader
FIVE_OF_CLUBS = '<span class="card-chip black"><span aria-hidden="true">5♣</span><span class="visually-hidden">5 of clubs</span></span>'
SEVEN_OF_HEARTS = '<span class="card-chip red"><span aria-hidden="true">7♥</span><span class="visually-hidden">7 of hearts</span></span>'

_ROW = re.compile(r'<tr id="hand-(\d+)"')


def _points(ann: int, ben: int) -> dict:
    return {"ended": "went_out", "went_out": "Ann", "points": {"Ann": ann, "Ben": ben}}


def _long_game(app, hands: int) -> tuple[str, str]:
    with app.app_context():
        gs = service.create_session("rummy500", {"target": 10**6}, ["Ann", "Ben"])
        for n in range(1, hands + 1):
            service.add_hand(gs, _points(n, 1))
        return gs.edit_token, gs.view_token


def test_a_long_game_shows_its_latest_hands_and_keeps_every_hand_on_review(app, client):
    edit, view = _long_game(app, SHOWN_HANDS + 10)
    page = client.get(f"/s/{edit}").get_data(as_text=True)
    shown = [int(n) for n in _ROW.findall(page)]
    assert shown == list(range(11, SHOWN_HANDS + 11))
    assert "hands 1 to 10 are on the" in page and f"/s/{edit}/review" in page
    # the totals count every hand, shown or not: 1 + 2 + ... + 60 for Ann
    total = (SHOWN_HANDS + 10) * (SHOWN_HANDS + 11) // 2
    assert f'data-total-for="Ann" data-total="{total}"' in page
    assert f"Undo hand {SHOWN_HANDS + 10}" in page and f"Enter hand {SHOWN_HANDS + 11}" in page
    review = client.get(f"/s/{view}/review").get_data(as_text=True)
    assert all(f"Hand {n}" in review for n in (1, 10, SHOWN_HANDS + 10))


def test_the_last_hands_cards_are_on_the_scoreboard_and_each_earlier_hands_open_on_demand(table):
    table.start("rummy500", ["Ann", "Ben"])
    first = {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "KS"}}}
    second = {"went_out": "Ben", "players": {"Ann": {"in_hand": "QD"}, "Ben": {"melds": ["5C 5D 5S"]}}}
    table.play(first)
    table.play(second)
    page = table.page()
    # the last hand is there in full; the first, a link to its own page
    assert FIVE_OF_CLUBS in page and "(melded 15, in hand 0)" in page
    assert SEVEN_OF_HEARTS not in page
    link = f"/s/{table.token}/entered/{table.hand_ids()[0]}"
    assert f'<a href="{link}">What was entered in hand 1</a>' in page
    fragment = table.client.get(f"{link}?fragment=1").get_data(as_text=True)
    assert "<html" not in fragment and SEVEN_OF_HEARTS in fragment
    assert "(melded 24, in hand 0)" in fragment and "left in hand <span" in fragment
    full = table.client.get(link).get_data(as_text=True)
    assert "<html" in full and "Hand 1" in full and SEVEN_OF_HEARTS in full
    assert table.client.get(f"/s/{table.token}/entered/{max(table.hand_ids()) + 1}").status_code == 404
    assert table.client.get(f"/s/not-a-link/entered/{table.hand_ids()[0]}").status_code == 404


def test_a_hand_saved_elsewhere_is_scored_onto_the_version_seen_before(app, client):
    edit, _ = _long_game(app, 5)
    client.get(f"/s/{edit}")  # this process scores version v
    with app.app_context():
        gs = db.session.execute(db.select(GameSession).where(GameSession.edit_token == edit)).scalar_one()
        older = cache().latest(gs.id)
        # another worker saves hand 6 (this process's cache is not told)
        service.add_hand(gs, _points(100, 7))
    page = client.get(f"/s/{edit}").get_data(as_text=True)
    with app.app_context():
        newer = cache().latest(older.key[0])
    assert newer.key[2] == older.key[2] + 1
    # the hands scored before are the very same bodies: only hand 6 was scored
    assert newer.body["hands"][:5] == older.body["hands"] and all(
        a is b for a, b in zip(newer.body["hands"], older.body["hands"]))
    assert 'data-total-for="Ann" data-total="115"' in page and 'data-total-for="Ben" data-total="12"' in page
    # and the page is the one a fresh process builds
    with app.app_context():
        cache().__init__()
    assert client.get(f"/s/{edit}").get_data(as_text=True) == page


def test_saving_from_the_form_keeps_the_new_version_scored_and_equal_to_scoring_it_afresh(table):
    table.start("rummy500", ["Ann", "Ben"])
    table.play({"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "KS"}}})
    table.play(_points(10, 20))
    table.page()
    response = table.play({"went_out": "Ben", "players": {"Ann": {"in_hand": "QD"}, "Ben": {"melds": ["5C 5D 5S"]}}})
    assert response.status_code in (302, 303)
    with table.app.app_context():
        entries = list(cache()._entries.values())
        assert len(entries) == 1 and entries[0].scoring is not None and entries[0].scoring.count == 3
    assert "Hand 3 saved." in table.page()
    page = table.page()
    with table.app.app_context():
        cache().__init__()
    assert table.page() == page


def test_an_edit_elsewhere_scores_the_whole_game_again(app, client):
    edit, _ = _long_game(app, 4)
    client.get(f"/s/{edit}")
    with app.app_context():
        gs = db.session.execute(db.select(GameSession).where(GameSession.edit_token == edit)).scalar_one()
        hand = gs.hands[1]
        service.replace_hand(hand, _points(1000, 0), hand.version)
    page = client.get(f"/s/{edit}").get_data(as_text=True)
    assert 'data-total-for="Ann" data-total="1008"' in page and 'data-total-for="Ben" data-total="3"' in page


def test_the_score_cache_holds_no_more_than_its_bytes(app):
    sample = SAMPLES["rummy500"]
    with app.app_context():
        sessions = [store_sample(sample, hands=3) for _ in range(6)]
        # what the cache counts for one of them: its body, the engine's Scoring and the hands it scored
        probe = ScoreCache()
        app.extensions["scorekeeper_scores"] = probe
        scores.scored(sessions[0])
        one = probe.size
        store = ScoreCache(max_bytes=3 * one + one // 2)
        app.extensions["scorekeeper_scores"] = store
        for gs in sessions:
            scores.scored(gs)
        assert len(store) == 3 and store.size <= store.max_bytes
        # the least recently used went first
        assert [gs.id in {key for key in store._entries} for gs in sessions] == [False] * 3 + [True] * 3
        # a body larger than the whole cache is not kept at all
        tiny = ScoreCache(max_bytes=one // 2)
        app.extensions["scorekeeper_scores"] = tiny
        assert scores.scored(sessions[0])["totals"] and len(tiny) == 0


def test_the_cache_bound_is_the_apps_setting(app):
    app.config["SCORE_CACHE_MAX_BYTES"] = 12_345
    app.extensions.pop("scorekeeper_scores", None)
    with app.app_context():
        assert cache().max_bytes == 12_345


def test_the_estimated_size_is_close_to_the_measured_one(monkeypatch):
    from scorekeeper.engine import score_session

    # the benchmark's realistic session: 8 players, every hand different, mostly by cards
    monkeypatch.setattr(sys, "argv", ["engine.py"])
    spec = importlib.util.spec_from_file_location("bench_engine", Path(__file__).parent.parent / "bench" / "engine.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for hands in (20, 300):
        body = score_session(bench.session(hands, seed=hands))
        measured = scores._deep_size(body, set())
        assert 0.75 * measured <= estimated_size(body) <= 1.25 * measured, hands


def test_a_poll_at_the_current_version_is_answered_304_and_an_unknown_link_404(table):
    table.start("basic", ["Ann", "Ben"])
    live = table.client.get(f"{table.url}/live?v=0").get_json()
    assert table.client.get(f"{table.url}/live?v={live['version']}").status_code == 304
    assert table.client.get(f"/s/not-a-link/live?v={live['version']}").status_code == 404


def test_a_view_links_page_is_built_once_per_version_and_follows_every_change(app, client):
    edit, view = _long_game(app, 3)
    first = client.get(f"/s/{view}").get_data(as_text=True)
    with app.app_context():
        entry = next(iter(cache()._entries.values()))
        kept = [name for name in entry.pages if name.startswith("page ")]
    assert len(kept) == 1 and client.get(f"/s/{view}").get_data(as_text=True) == first
    # a guest on the LAN is not the host: its page (no host menu) is its own
    guest = app.test_client()
    guest.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    as_guest = guest.get(f"/s/{view}").get_data(as_text=True)
    assert ">Host</a>" in first and ">Host</a>" not in as_guest
    assert guest.get(f"/s/{view}").get_data(as_text=True) == as_guest
    # and the guest's home page lists the game it opened, cached page or not
    assert view in guest.get("/").get_data(as_text=True)
    # a hand saved: the next view is of the new version
    with app.app_context():
        gs = db.session.execute(db.select(GameSession).where(GameSession.view_token == view)).scalar_one()
        service.add_hand(gs, _points(50, 0))
    after = client.get(f"/s/{view}").get_data(as_text=True)
    assert 'id="hand-4"' in after and 'data-total-for="Ann" data-total="56"' in after
    # the edit link's page (with its forms' CSRF token) is never kept
    client.get(f"/s/{edit}")
    with app.app_context():
        entry = next(iter(cache()._entries.values()))
        assert not [name for name in entry.pages if name.startswith(f"page {edit}")]
