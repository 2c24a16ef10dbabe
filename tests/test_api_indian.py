"""Indian Rummy through its public faces: POST /api/v1/score, the meld and declaration checks, and the CLI."""

from __future__ import annotations

import json

from click.testing import CliRunner

from scorekeeper.cli import main
from tests.engine.test_indian import ANN_SHOW, FOUR, example_3, pool_game


def test_score_answers_a_pool_game_to_its_end_with_who_is_out(client):
    body = {"game": "indian", "players": FOUR, "options": {"format": "pool"}, "hands": pool_game()}
    response = client.post("/api/v1/score", json=body)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["totals"] == {"Ann": 40, "Ben": 107, "Cy": 101, "Dev": 105}
    assert (answer["status"], answer["winner"], answer["eliminated"]) == ("finished", "Ann", ["Ben", "Cy", "Dev"])
    assert answer["hands"][2]["rejoined"] == {"Cy": 51}


def test_score_refuses_an_invalid_show_with_422_naming_the_player(client):
    hand = example_3()
    hand["players"]["Ann"] = {"melds": ["2H 3H 9S", "6S 7S 9C", "QD QC QS", "5D 5C 5H 5S"]}
    response = client.post("/api/v1/score", json={"game": "indian", "players": FOUR, "hands": [hand]})
    assert response.status_code == 422
    error = response.get_json()
    assert "Ann's show is not valid: no pure sequence" in error["error"]
    assert error["player"] == "Ann"


def test_score_refuses_an_illegal_group_of_a_loser_with_422_naming_the_group(client):
    hand = example_3()
    hand["players"]["Ben"] = {"melds": ["4H 5H 7H"], "in_hand": "QH 4C 3D"}
    response = client.post("/api/v1/score", json={"game": "indian", "players": FOUR, "hands": [hand]})
    assert response.status_code == 422
    error = response.get_json()
    assert "4H 5H 7H is not a sequence" in error["error"]
    assert (error["player"], error["meld"]) == ("Ben", 0)


def test_the_meld_check_names_the_group_with_the_hands_wild_rank(client):
    answers = [client.post("/api/v1/melds/check", json={"game": "indian", "wild_rank": 5, "cards": cards}).get_json()
               for cards in ("4H 5H 6H", "3S 4S 5D", "QD QC JK", "4H 5H 7H")]
    assert [a["group"] for a in answers] == ["pure sequence", "sequence (impure)", "set", None]
    assert answers[3]["reason"] == (
        "4H 5H 7H is not a sequence: there is a gap between 4 and 7: 2 cards are missing and 1 wild card cannot fill them"
    )
    nines = client.post("/api/v1/melds/check", json={"game": "indian", "wild_rank": "9", "cards": "4H 5H 7H"}).get_json()
    assert nines["reason"] == "4H 5H 7H is not a sequence: there is a gap between 5 and 7"


def test_the_declaration_check_answers_valid_show_or_the_first_reason(client):
    valid = client.post("/api/v1/declarations/check", json={"wild_rank": "9", "groups": ANN_SHOW})
    assert valid.status_code == 200
    assert (valid.get_json()["valid"], valid.get_json()["answer"]) == (True, "valid show")
    one = client.post("/api/v1/declarations/check", json={
        "game": "indian", "wild_rank": "9", "groups": ["2H 3H 4H", "QD QC QS", "5D 5C 5H", "8D 8C 8S 8H"]})
    assert one.get_json()["answer"] == "only one sequence"


def test_the_declaration_check_refuses_a_game_without_declarations_and_a_missing_wild_rank(client):
    other = client.post("/api/v1/declarations/check", json={"game": "rummy500", "groups": ANN_SHOW})
    assert other.status_code == 400
    unranked = client.post("/api/v1/declarations/check", json={"groups": ANN_SHOW})
    assert unranked.status_code == 400
    assert "Indian Rummy needs the hand's wild rank" in unranked.get_json()["error"]


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_cli_meld_checks_a_group_with_the_wild_rank():
    result = run("meld", "--game", "indian", "--wild-rank", "5", "3S", "4S", "5D")
    assert result.exit_code == 0
    assert json.loads(result.output)["group"] == "sequence (impure)"
    wrapped = run("meld", "--game", "indian", "--wild-rank", "5", "KS", "AS", "2S")
    assert wrapped.exit_code == 1


def test_cli_declaration_exits_0_for_a_valid_show_and_1_with_the_reason():
    assert run("declaration", "--wild-rank", "9", *ANN_SHOW).exit_code == 0
    result = run("declaration", "--wild-rank", "9", "2H 3H 9S", "6S 7S 9C", "QD QC QS", "5D 5C 5H 5S")
    assert result.exit_code == 1
    assert json.loads(result.output)["answer"] == "no pure sequence"


def test_cli_score_scores_a_deals_game():
    session = {"game": "indian", "players": FOUR, "options": {"format": "deals"}, "hands": [example_3()]}
    result = run("score", "-", input=json.dumps(session))
    assert result.exit_code == 0
    assert json.loads(result.output)["totals"] == {"Ann": 117, "Ben": -17, "Cy": -80, "Dev": -20}


def without_rejoining() -> dict:
    """Example 4's pool game at a table playing without rejoining, hand 3 naming Cy in `rejoined` all the same."""
    return {"game": "indian", "players": FOUR, "options": {"format": "pool", "rejoin": False}, "hands": pool_game()[:3]}


def test_score_refuses_a_rejoin_naming_the_player_and_why(client):
    response = client.post("/api/v1/score", json=without_rejoining())
    assert response.status_code == 422
    error = response.get_json()
    assert error["error"].startswith("hand 3: Cy cannot rejoin: this table plays without rejoining")
    assert error["player"] == "Cy"


def test_the_cli_refuses_a_rejoin_naming_the_player_and_why():
    result = CliRunner().invoke(main, ["score", "-"], input=json.dumps(without_rejoining()))
    assert result.exit_code == 1
    assert "hand 3: Cy cannot rejoin: this table plays without rejoining" in result.output
