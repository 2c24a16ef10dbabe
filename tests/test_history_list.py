"""The sessions list: newest first, status and winner from the engine, filters, pages."""

from __future__ import annotations

import html
import re
from datetime import datetime, timedelta

from scorekeeper.extensions import db
from scorekeeper.history import listing
from scorekeeper.tables import service
from scorekeeper.tables.standings_cache import cache
from tests.test_history_games import SAMPLES, store_sample

ROW = re.compile(r'<tr data-session="(\d+)" data-status="([^"]*)" data-winner="([^"]*)">')


def listed(client, query: str = "") -> list[tuple[int, str, str]]:
    """The rows the list shows: (session id, status, winner)."""
    response = client.get("/sessions" + query)
    assert response.status_code == 200
    return [(int(i), s, html.unescape(w)) for i, s, w in ROW.findall(response.get_data(as_text=True))]


def store_dated(game: str, days_ago: int, hands: int | None = None, names: list[str] | None = None) -> int:
    """Store a sample as if played `days_ago` days ago; its id."""
    gs = store_sample(SAMPLES[game], hands=hands, names=names)
    gs.created_at = datetime(2026, 11, 1) - timedelta(days=days_ago)
    db.session.commit()
    return gs.id


def test_sessions_are_listed_newest_first_with_status_and_winner(app, client):
    with app.app_context():
        old = store_dated("gin", 3)
        middle = store_dated("rummy500", 2, hands=2)
        new = store_dated("persian", 1)
    assert listed(client) == [
        (new, "finished", "Ann & Cy"),
        (middle, "in_progress", ""),
        (old, "finished", "Ben"),
    ]
    text = client.get("/sessions").get_data(as_text=True)
    assert "Gin Rummy" in text and "500 Rum" in text
    # hands played
    assert '<td class="num" data-label="Hands">2</td>' in text


def test_filters_by_player_game_and_status(app, client):
    with app.app_context():
        gin = store_dated("gin", 4)
        rummy_done = store_dated("rummy500", 3)
        rummy_going = store_dated("rummy500", 2, hands=1)
        dee = store_dated("persian", 1)
    assert [r[0] for r in listed(client, "?player=dee")] == [dee]
    assert [r[0] for r in listed(client, "?player=Cy")] == [dee, rummy_going, rummy_done]
    assert [r[0] for r in listed(client, "?game=rummy500")] == [rummy_going, rummy_done]
    assert [r[0] for r in listed(client, "?status=in_progress")] == [rummy_going]
    assert [r[0] for r in listed(client, "?status=finished&game=rummy500")] == [rummy_done]
    assert [r[0] for r in listed(client, "?status=finished&player=ben")] == [dee, rummy_done, gin]
    assert listed(client, "?player=Nobody") == []
    # a game the engine does not know is reported, and the other filters still apply
    response = client.get("/sessions?game=bridge&player=Dee")
    assert response.status_code == 200 and "Not a valid choice" in response.get_data(as_text=True)
    assert [r[0] for r in listed(client, "?game=bridge&player=Dee")] == [dee]


def test_the_list_follows_a_change_to_a_sessions_hands(app, client):
    sample = SAMPLES["rummy500"]
    with app.app_context():
        gs = store_sample(sample, hands=3)
        session_id = gs.id
    assert listed(client, "?status=finished") == []
    assert listed(client, "?status=in_progress") == [(session_id, "in_progress", "")]
    with app.app_context():
        service.add_hand(db.session.get(type(gs), session_id), sample.hands[3])
    # the remembered scoring was for the session's previous version: it is scored again
    assert listed(client, "?status=finished") == [(session_id, "finished", "Ben")]
    assert listed(client, "?status=in_progress") == []


def test_the_list_is_paginated(app, client):
    with app.app_context():
        ids = [store_dated("gin", days, hands=1) for days in range(listing.PER_PAGE + 5, 0, -1)]
    newest_first = ids[::-1]
    assert [r[0] for r in listed(client)] == newest_first[:listing.PER_PAGE]
    assert [r[0] for r in listed(client, "?page=2")] == newest_first[listing.PER_PAGE:]
    text = client.get("/sessions?page=2&game=gin").get_data(as_text=True)
    assert "page 2 of 2" in text and 'rel="prev" href="/sessions?page=1&amp;game=gin"' in text
    # a page past the end shows the last page; a page that is not a number shows the first
    assert [r[0] for r in listed(client, "?page=99")] == newest_first[listing.PER_PAGE:]
    assert [r[0] for r in listed(client, "?page=x")] == newest_first[:listing.PER_PAGE]


def test_a_session_that_no_longer_scores_is_listed_as_needing_a_fix(app, client):
    with app.app_context():
        gs = store_sample(SAMPLES["gin"], hands=1)
        # as if an engine upgrade tightened a rule the stored hand broke
        hand = gs.hands[0]
        hand.data = {**hand.data, "went_out": "Nobody"}
        gs.touch()
        db.session.commit()
    text = client.get("/sessions").get_data(as_text=True)
    assert "Needs fixing" in text


def test_home_navigation_links_to_the_sessions_list(client):
    assert 'href="/sessions"' in client.get("/").get_data(as_text=True)


def test_a_cold_status_filter_scores_only_the_sessions_its_page_needs(app, client):
    with app.app_context():
        for _ in range(60):
            gs = service.create_session("gin", {}, ["Ann", "Ben"])
            service.add_hand(gs, {"ended": "went_out", "went_out": "Ben", "points": {"Ann": 0, "Ben": 100}})
        cache().__init__()
    text = client.get("/sessions?status=finished").get_data(as_text=True)
    # 26 finished sessions answer "page 1, and is there a page 2?"
    assert len(ROW.findall(text)) == listing.PER_PAGE
    with app.app_context():
        assert len(cache()) == listing.PER_PAGE + 1
    assert "older sessions on the next pages" in text and 'rel="next"' in text
    # once every session has been scored, the count is exact
    assert len(listed(client, "?status=finished&page=3")) == 10
    assert "60 sessions, page 1 of 3" in client.get("/sessions?status=finished").get_data(as_text=True)
