"""Player pages: sessions played and won per game, win rate, average hand, head-to-head records."""

from __future__ import annotations

import html
import re

import pytest

from tests.test_history_games import SAMPLES, store_sample

GAME_ROW = re.compile(
    r'data-game="(\w+)" data-played="(\d+)" data-finished="(\d+)" data-won="(\d+)"\s+'
    r'data-win-rate="([\d.]*)" data-average="([-\d.]*)"'
)
H2H_ROW = re.compile(r'data-opponent="([^"]*)" data-sessions="(\d+)" data-won="(\d+)" data-lost="(\d+)"')


@pytest.fixture
def evenings(app):
    """A known set of sessions: 500 Rum (Ben wins), a 500 Rum still going, Gin (Ben wins), Basic (Ann wins), Persian."""
    with app.app_context():
        store_sample(SAMPLES["rummy500"])
        store_sample(SAMPLES["rummy500"], hands=1)
        store_sample(SAMPLES["gin"])
        store_sample(SAMPLES["basic"])
        store_sample(SAMPLES["persian"])
    return app


def record(client, name: str) -> tuple[dict, dict, str]:
    response = client.get(f"/players/{name}")
    assert response.status_code == 200
    text = html.unescape(response.get_data(as_text=True))
    games = {g: tuple(rest) for g, *rest in GAME_ROW.findall(text)}
    h2h = {o: tuple(int(x) for x in rest) for o, *rest in H2H_ROW.findall(text)}
    return games, h2h, text


def test_player_page_shows_played_won_win_rate_and_average_hand_per_game(evenings, client):
    games, _, text = record(client, "Ann")
    # 500 Rum: hands 54 12 -11 20 in the finished game and 54 in the one still going: 129 / 5 = 25.8
    assert games["rummy500"] == ("2", "1", "0", "0.0", "25.8")
    # gin: 9, 0, 0 -> 3.0; basic: 29, 0, 0, 75 -> 26.0, won
    assert games["gin"] == ("1", "1", "0", "0.0", "3.0")
    assert games["basic"] == ("1", "1", "1", "100.0", "26.0")
    # persian hands are the partnership's: Ann & Cy 142, 15, 136 -> 97.7, and they won
    assert games["persian"] == ("1", "1", "1", "100.0", "97.7")
    assert "5 sessions played, 2 won (50.0% of the 4 finished)" in re.sub(r"\s+", " ", text)


def test_head_to_head_counts_finished_sessions_as_opponents(evenings, client):
    _, h2h, _ = record(client, "Ann")
    # against Ben: 500 Rum (Ben), gin (Ben), basic (Ann), persian (Ann & Cy beat Ben & Dee)
    assert h2h["Ben"] == (4, 2, 2)
    # against Cy: only 500 Rum (Ben won); in Persian Cy was Ann's partner, not her opponent
    assert h2h["Cy"] == (1, 0, 0)
    assert h2h["Dee"] == (1, 1, 0)

    _, ben, _ = record(client, "Ben")
    assert ben["Ann"] == (4, 2, 2)
    assert "Dee" not in ben  # partners


def test_player_names_are_matched_whatever_their_case(evenings, client):
    games, _, _ = record(client, "ann")
    assert games["basic"][2] == "1"


def test_unknown_player_is_a_friendly_404(client):
    response = client.get("/players/Nobody")
    assert response.status_code == 404
    assert "Nobody called Nobody has played here yet." in response.get_data(as_text=True)


def test_players_index_lists_everyone_with_their_sessions(evenings, client):
    text = re.sub(r"\s+", " ", client.get("/players").get_data(as_text=True))
    assert '<a href="/players/Ann">Ann</a> <small>5 sessions</small>' in text
    assert '<a href="/players/Dee">Dee</a> <small>1 session</small>' in text


def test_player_page_lists_their_sessions_newest_first_with_the_result(evenings, client):
    _, _, text = record(client, "Dee")
    rows = re.findall(r'<li class="session-row"><a href="/s/[^"]+/review">\s*<strong>([^<]+)</strong> <span>([^<]+)</span>\s*'
                      r'<small>[^·]+· ([^<]+)</small>', text)
    assert rows == [("Persian Rummy", "Ann, Ben, Cy, Dee", "Ann & Cy won")]


def test_names_with_accented_capitals_match_whatever_their_case(table, client):
    """SQLite's own lower() folds only A-Z: Émile must still be one player however the name is typed."""
    table.start("rummy500", ["Émile", "Øyvind"])
    table.start("gin", ["Émile", "Øyvind"])  # the same names again
    table.start("basic", ["émile", "ØYVIND"])  # and typed another way
    text = re.sub(r"\s+", " ", html.unescape(client.get("/players").get_data(as_text=True)))
    assert re.findall(r'<a href="/players/[^"]+">([^<]+)</a> <small>(\d+) sessions?</small>', text) == [
        ("Émile", "3"), ("Øyvind", "3"),
    ]
    for name in ("Émile", "émile", "øyvind"):
        assert client.get(f"/players/{name}").status_code == 200, name
    listed = client.get("/sessions?player=émile").get_data(as_text=True)
    assert listed.count("<tr data-session=") == 3
