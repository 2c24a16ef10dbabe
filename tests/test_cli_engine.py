"""The `scorekeeper meld` and `scorekeeper score` commands: exit codes and JSON (API.md)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from scorekeeper.cli import main


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_meld_prints_the_check_and_exits_0_when_legal():
    result = run("meld", "7H", "8H", "JK")
    assert result.exit_code == 0
    body = json.loads(result.output)
    assert (body["legal"], body["points"]) == (True, 30)


def test_meld_exits_1_with_the_reason_when_illegal():
    result = run("meld", "KH", "AH", "2H")
    assert result.exit_code == 1
    assert json.loads(result.output)["reason"] == "K-A-2 wraps around: an ace is high or low, not both"


def test_meld_takes_the_game_and_wild_rank():
    result = run("meld", "--game", "rummy5000", "--wild-rank", "7", "7H", "7S", "7D")
    assert result.exit_code == 0
    assert json.loads(result.output)["points"] == 300


def test_meld_exits_2_naming_a_token_that_is_not_a_card():
    result = run("meld", "7H", "1H", "9H")
    assert result.exit_code == 2
    assert "`1H` at position 2 is not a card" in result.output


def test_score_reads_standard_input_and_prints_totals():
    session = {"game": "penalty", "players": ["Ann", "Ben"], "hands": [
        {"ended": "went_out", "went_out": "Ann", "players": {"Ann": {"melds": ["7S 7D 7C"]}, "Ben": {"in_hand": "KS 3D"}}}]}
    result = run("score", "-", input=json.dumps(session))
    assert result.exit_code == 0
    assert json.loads(result.output)["totals"] == {"Ann": 0, "Ben": 13}


def test_score_exits_1_for_a_session_that_breaks_the_rules():
    session = {"game": "rummy500", "players": ["Ann", "Ben"], "hands": [
        {"ended": "went_out", "went_out": "Ann", "players": {"Ann": {"melds": ["7S 7D 7C"], "in_hand": "KD"}}}]}
    result = run("score", "-", input=json.dumps(session))
    assert result.exit_code == 1
    assert "Ann went out" in result.output


def test_score_exits_2_for_a_file_that_is_not_json():
    result = run("score", "-", input="{not json")
    assert result.exit_code == 2
    assert "not JSON" in result.output
