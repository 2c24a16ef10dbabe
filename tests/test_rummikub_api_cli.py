"""Rummikub through `scorekeeper meld`, `scorekeeper score -` and the JSON API (docs/api.md, issue 36)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main

SESSION = {
    "game": "rummikub", "options": {"rounds": 4, "joker_penalty": 30, "initial_meld": 30},
    "players": ["Ann", "Ben", "Cy"],
    "hands": [
        {"went_out": "Ann", "racks": {"Ben": ["7R", "JK"], "Cy": ["3B", "3B"]}},
        {"went_out": None, "racks": {"Ann": ["2K"], "Ben": ["12O", "13O"], "Cy": ["4R"]}},
        {"points": {"Ann": 40, "Ben": -25, "Cy": -15}},
    ],
}
# by hand: round 1, Ben 7 + 30, Cy 3 + 3, Ann collects 43; round 2, the lowest rack is Ann's 2: Ben 25 - 2, Cy 4 - 2,
# Ann collects 25; round 3 as given
TOTALS = {"Ann": 43 + 25 + 40, "Ben": -37 - 23 - 25, "Cy": -6 - 2 - 15}


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_cli_meld_of_tiles_exits_0_when_legal_with_the_usual_answer():
    result = run("meld", "--game", "rummikub", "7R", "8R", "9R")
    assert result.exit_code == 0
    body = json.loads(result.output)
    assert (body["legal"], body["kind"], body["points"], body["reason"]) == (True, "run", 24, None)


def test_cli_meld_of_tiles_exits_1_with_the_reason_when_illegal():
    result = run("meld", "--game", "rummikub", "12R", "13R", "1R")
    assert result.exit_code == 1
    assert json.loads(result.output)["reason"] == "1 is only low: 12-13-1 is not a run"


def test_cli_meld_of_tiles_exits_2_naming_the_tile_it_cannot_read():
    result = run("meld", "--game", "rummikub", "7R", "7Q", "7B")
    assert result.exit_code == 2
    assert "`7Q` at position 2 is not a tile" in result.output


def test_cli_score_reads_the_issues_session_from_standard_input():
    result = run("score", "-", input=json.dumps(SESSION))
    assert result.exit_code == 0
    body = json.loads(result.output)
    assert body["totals"] == TOTALS
    assert [h["scores"] for h in body["hands"]][:2] == [{"Ann": 43, "Ben": -37, "Cy": -6}, {"Ann": 25, "Ben": -23, "Cy": -2}]
    assert (body["status"], body["winner"]) == ("in_progress", None)


@pytest.mark.parametrize(
    ("hand", "code", "named"),
    [
        ({"went_out": "Ann", "racks": {"Ben": "7Y 7O 7O"}}, 1, "7O is entered 3 times"),
        ({"went_out": "Ann", "racks": {"Ann": "1R"}}, 1, "Ann went out, so Ann's rack is empty, but 1R is entered on it"),
        ({"went_out": "Ann", "racks": {"Ben": "0R"}}, 2, "`0R` at position 1 is not a tile"),
        ({"went_out": "Ann", "racks": {"Zed": "1R"}}, 2, "`Zed` is not a player in this session"),
    ],
)
def test_cli_score_refuses_an_impossible_round_naming_the_problem(hand, code, named):
    session = dict(SESSION, hands=[hand])
    result = run("score", "-", input=json.dumps(session))
    assert result.exit_code == code
    assert named in result.output


def test_cli_score_refuses_five_players_naming_the_count():
    session = dict(SESSION, players=["A", "B", "C", "D", "E"], hands=[])
    result = run("score", "-", input=json.dumps(session))
    assert result.exit_code == 2
    assert "Rummikub is played by 2 to 4 players, not 5" in result.output


def test_api_score_answers_the_issues_session(client):
    response = client.post("/api/v1/score", json=SESSION)
    assert response.status_code == 200
    body = response.get_json()
    assert body["totals"] == TOTALS
    assert body["reason"] == "1 of 4 rounds still to play"


def test_api_score_names_a_shared_win_as_a_list(client):
    session = dict(SESSION, options={"rounds": 1}, hands=[{"points": {"Ann": 10, "Ben": 10, "Cy": -20}}])
    body = client.post("/api/v1/score", json=session).get_json()
    assert (body["status"], body["winner"]) == ("finished", ["Ann", "Ben"])


def test_api_score_refuses_a_third_joker_with_a_422_naming_the_rack(client):
    session = dict(SESSION, hands=[{"went_out": "Ann", "racks": {"Ben": "JK JK", "Cy": "JK"}}])
    response = client.post("/api/v1/score", json=session)
    assert response.status_code == 422
    body = response.get_json()
    assert body["error"] == "hand 1: JK is entered 3 times (Ben's rack, Cy's rack), but the set has only 2 jokers"
    assert (body["hand"], body["player"], body["field"]) == (1, "Cy", "racks")


def test_api_meld_check_of_tiles(client):
    body = client.post("/api/v1/melds/check", json={"game": "rummikub", "cards": "JK 7R 8R"}).get_json()
    assert (body["legal"], body["kind"], body["points"], body["reaches_initial_meld"]) == (True, "run", 21, False)


def test_api_first_melds_check_sums_them_against_the_initial_meld(client):
    response = client.post("/api/v1/melds/first/check", json={"game": "rummikub", "melds": ["10R 11R 12R", "1B 2B 3B"]})
    assert response.status_code == 200
    body = response.get_json()
    assert (body["points"], body["initial_meld"], body["reaches"], body["reason"]) == (39, 30, True, None)
    response = client.post("/api/v1/melds/first/check", json={"game": "rummikub", "melds": ["10R 11R 1X"]})
    assert response.status_code == 400
    assert response.get_json()["error"] == "meld 1: `1X` at position 3 is not a tile: colours are R (red), B (blue), O or Y (orange), K (black)"


def test_api_first_melds_check_refuses_a_tile_used_more_often_than_the_set_holds_it(client):
    response = client.post("/api/v1/melds/first/check",
                           json={"game": "rummikub", "melds": ["JK 12R 13R", "JK 12B 13B", "JK 12K 13K"]})
    assert response.status_code == 200
    body = response.get_json()
    assert (body["points"], body["reaches"]) == (108, False)
    assert body["reason"] == "JK is used 3 times in these melds, but the game has only 2"
    body = client.post("/api/v1/melds/first/check", json={"game": "rummikub", "melds": ["10R 11R 12R"] * 3}).get_json()
    assert (body["reaches"], body["reason"]) == (False, "10R is used 3 times in these melds, but the game has only 2")


@pytest.mark.parametrize(("game", "meld", "cards", "name", "word"), [
    ("rummikub", "7R 8R 9R", "10R", "Rummikub", "meld"), ("indian", "7H 8H 9H", "10H", "Indian Rummy", "group"),
])
def test_api_layoff_check_says_a_game_without_lay_offs_has_none(client, game, meld, cards, name, word):
    response = client.post("/api/v1/layoffs/check", json={"game": game, "meld": meld, "cards": cards})
    assert response.status_code == 400
    assert response.get_json()["error"] == (
        f"{name} has no lay-offs: check the whole {word} as it would stand, with the meld check"
    )


def test_api_cards_check_reads_a_rack_of_tiles_with_its_value(client):
    body = client.post("/api/v1/cards/check", json={"game": "rummikub", "cards": "13k jk"}).get_json()
    assert body == {"cards": ["13K", "JK"], "points": 43}
