"""The players pages show the ratings (issue 38): a table per game, highest first; a player's rating per game
with its chart, their rival, nemesis and best partner; worked out again whenever a game changes."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.engine import score_session
from scorekeeper.tables import service
from scorekeeper.tables.table import Table
from tests.test_history_games import SAMPLES, points, store_sample

RATING_ROW = re.compile(r'<tr data-player="([^"]*)" data-rating="(-?[\d.]+)" data-games="(\d+)">')


def text_of(response) -> str:
    assert response.status_code == 200
    return re.sub(r"\s+", " ", html.unescape(response.get_data(as_text=True)))


def ratings_in(client, game: str) -> dict[str, float]:
    """The players page's ratings of one game, by player."""
    text = text_of(client.get("/players"))
    table = re.search(rf'<table class="hands-table ratings-table" data-game="{game}">(.*?)</table>', text).group(1)
    return {name: float(rating) for name, rating, _ in RATING_ROW.findall(table)}


def basic(names: list[str], first: dict[str, int], last: dict[str, int], winner: str):
    gs = service.create_session("basic", {}, names)
    service.add_hand(gs, points(names[0], **first))
    service.add_hand(gs, points(winner, **last))
    return gs


@pytest.fixture
def evenings(app):
    """Basic: Ann wins three times, Ben second each time, Cy last in the two he played. Persian: Ann & Cy beat
    Ben & Dee."""
    with app.app_context():
        basic(["Ann", "Ben", "Cy"], {"Ann": 90, "Ben": 50, "Cy": 0}, {"Ann": 80, "Ben": 20, "Cy": 10}, "Ann")
        basic(["Ann", "Ben", "Cy"], {"Ann": 90, "Ben": 50, "Cy": 0}, {"Ann": 80, "Ben": 20, "Cy": 10}, "Ann")
        basic(["Ann", "Ben"], {"Ann": 50, "Ben": 10}, {"Ann": 120, "Ben": 0}, "Ann")
        store_sample(SAMPLES["persian"])
        # neither is rated: a game still going, and one entered as a single hand
        going = service.create_session("basic", {}, ["Ann", "Eve"])
        service.add_hand(going, points("Eve", Ann=0, Eve=100))
        single = service.create_session("basic", {}, ["Ben", "Eve"])
        service.add_hand(single, points("Eve", Ben=0, Eve=200))
    return app


def test_the_players_page_has_a_ratings_table_per_game_highest_first(evenings, client):
    text = text_of(client.get("/players"))
    tables = dict(re.findall(r'<table class="hands-table ratings-table" data-game="(\w+)">(.*?)</table>', text))
    assert sorted(tables) == ["basic", "persian"]
    basic_rows = RATING_ROW.findall(tables["basic"])
    assert [name for name, _, _ in basic_rows] == ["Ann", "Ben", "Cy"]
    assert [float(r) for _, r, _ in basic_rows] == sorted((float(r) for _, r, _ in basic_rows), reverse=True)
    assert [int(g) for _, _, g in basic_rows] == [3, 3, 2]
    assert "Eve" not in tables["basic"]  # her games were still going or a single hand
    assert {name for name, _, _ in RATING_ROW.findall(tables["persian"])} == {"Ann", "Ben", "Cy", "Dee"}


def test_a_players_page_shows_ratings_chart_rival_nemesis_and_partner(evenings, client):
    text = text_of(client.get("/players/Ben"))
    assert re.search(r'<tr data-game="basic" data-rating="-?[\d.]+" data-games="3" data-place="2">', text)
    assert 'id="rating-chart-title">Ben\'s rating after each game' in text
    assert re.search(r'data-series="Basic Rummy"', text)
    # Ben finished beside Ann in all three basic games and beside Ann & Cy in Persian, below her each time
    rival = re.search(r'data-mate="rival"><dt>Rival</dt><dd><a [^>]*>(\w+)</a>: finished right beside Ben in (\d+) of the (\d+)', text)
    assert rival.groups() == ("Ann", "4", "4")
    nemesis = re.search(r'data-mate="nemesis"><dt>Nemesis</dt><dd><a [^>]*>(\w+)</a>: finished above Ben in (\d+)', text)
    assert nemesis.groups() == ("Ann", "4")
    assert re.search(r'data-mate="partner"><dt>Best partner</dt><dd>nobody yet', text)  # Ben & Dee lost
    ann = text_of(client.get("/players/Ann"))
    assert re.search(r'data-mate="partner"><dt>Best partner</dt><dd><a [^>]*>Cy</a>: won 1 of the 1 games', ann)


def test_ratings_follow_every_change_to_the_games(evenings, client, app):
    before = ratings_in(client, "basic")
    with app.app_context():
        gs = basic(["Cy", "Ann", "Ben"], {"Cy": 100, "Ann": 0, "Ben": 0}, {"Cy": 100, "Ann": 0, "Ben": 0}, "Cy")
        token = gs.edit_token
    after = ratings_in(client, "basic")
    assert after["Cy"] > before["Cy"]
    # deleting the game takes its rating away again
    assert client.post(f"/s/{token}/delete", data={"action": "delete"}).status_code == 302
    again = ratings_in(client, "basic")
    assert again == pytest.approx(before, abs=1e-9)


def test_a_player_who_left_ranks_below_everyone_who_finished(app, client):
    with app.app_context():
        gs = service.create_session("basic", {}, ["Ann", "Ben", "Cy"])
        service.add_hand(gs, points("Cy", Ann=0, Ben=10, Cy=120))
        Table(gs).player_leaves("Cy")
        service.add_hand(gs, {**points("Ann", Ann=160, Ben=0), "seated": ["Ann", "Ben"]})
    rows = RATING_ROW.findall(text_of(client.get("/players")))
    assert [name for name, _, _ in rows] == ["Ann", "Ben", "Cy"]


def test_canasta_partners_entered_as_one_side_rate_as_a_team_of_two(app, client):
    with app.app_context():
        gs = store_sample(SAMPLES["canasta"])  # four at the table: "Ann & Cy" against "Ben & Dee"
        assert len(gs.hands) >= 2 and Table(gs).body["winner"] == "Ann & Cy"
    ratings = ratings_in(client, "canasta")
    assert set(ratings) == {"Ann", "Cy", "Ben", "Dee"}
    assert ratings["Ann"] == ratings["Cy"] > ratings["Ben"] == ratings["Dee"]
    partner = text_of(client.get("/players/Ann & Cy"))
    assert "No rated game yet" in partner  # the side's own name is no player of the ratings
    # Ann has no seat of her own: her page shows what the ratings know of her
    ann = text_of(client.get("/players/ann"))
    assert "played as part of a side entered under one name" in ann
    assert re.search(r'data-mate="partner"><dt>Best partner</dt><dd><a [^>]*>Cy</a>: won 1 of the 1 games', ann)
    assert client.get("/players/Nobody").status_code == 404


def test_a_late_arrival_plays_the_match_as_anyone_else(app, client):
    with app.app_context():
        gs = service.create_session("basic", {}, ["Ann", "Ben"])
        service.add_hand(gs, points("Ann", Ann=40, Ben=10))
        Table(gs).seat_late_player("Dee", "zero")
        service.add_hand(gs, {**points("Dee", Ann=20, Ben=0, Dee=160), "seated": ["Ann", "Ben", "Dee"]})
        assert Table(gs).body["winner"] == "Dee"
    rows = RATING_ROW.findall(text_of(client.get("/players")))
    assert [(name, games) for name, _, games in rows] == [("Dee", "1"), ("Ann", "1"), ("Ben", "1")]


def test_a_rummikub_game_won_by_two_level_totals_rates_both_winners_first(app, client):
    # Rummikub's rounds end level at the top: the engine names both winners, and both share the first rank
    with app.app_context():
        gs = service.create_session("rummikub", {"rounds": 2}, ["Ann", "Ben", "Cy"])
        service.add_hand(gs, points("Ann", Ann=30, Ben=-10, Cy=-20))
        service.add_hand(gs, points("Ben", Ann=-10, Ben=30, Cy=-20))
        assert score_session(service.session_body(gs))["winner"] == ["Ann", "Ben"]
    ratings = ratings_in(client, "rummikub")
    assert ratings["Ann"] == ratings["Ben"] > ratings["Cy"]
    assert "Ann" in text_of(client.get("/players/Ann"))
