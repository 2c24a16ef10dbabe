"""`scorekeeper gin CARD... [--knocker-melds ...]` on the command line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from scorekeeper.cli import main


def test_gin_prints_the_best_arrangement_as_json():
    result = CliRunner().invoke(main, ["gin", "AS", "2S", "3S", "7H", "7D", "7C", "9C", "10C", "JC", "KD"])
    assert result.exit_code == 0
    body = json.loads(result.output)
    assert body["melds"] == [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]
    assert body["deadwood_points"] == 10


def test_gin_takes_the_knockers_melds_separated_by_semicolons():
    result = CliRunner().invoke(
        main,
        ["gin", "9H 10H 2C 3D 4S 5S 6C QD KS AC", "--knocker-melds", "6H 7H 8H; JD JS JC"],
    )
    assert result.exit_code == 0
    body = json.loads(result.output)
    assert body["layoffs"] == [{"cards": ["9H", "10H"], "onto": 0}]
    assert body["deadwood_points"] == 41


def test_gin_exits_2_with_the_message_on_unreadable_cards():
    result = CliRunner().invoke(main, ["gin", "AS", "2S", "ZZ"])
    assert result.exit_code == 2
    assert "`ZZ` at position 3 is not a card" in result.output


def test_gin_exits_2_when_the_hand_is_the_wrong_size():
    result = CliRunner().invoke(main, ["gin", "AS 2S 3S"])
    assert result.exit_code == 2
    assert "a gin hand has 10 cards (11 before the discard); 3 given" in result.output
