"""Contract Rummy: the worked examples of docs/rules/contract.md, computed by hand there, for every option."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.engine import RulesError, check_meld, score_session
from scorekeeper.engine.rules import table_rules

PLAYERS = ["Ann", "Ben", "Cy"]


def deal_one(ben_melds=("KH KD KS", "QH QD QC"), cy=None, ann_melds=("7H 7D 7S", "9C 9D JK")):
    """Example 1: Ann goes out; Ben went down and holds AH 5D; Cy holds JK 10S 2C."""
    return {"went_out": "Ann", "players": {
        "Ann": {"melds": list(ann_melds)},
        "Ben": {"melds": list(ben_melds), "in_hand": "AH 5D"},
        "Cy": cy or {"in_hand": "JK 10S 2C"},
    }}


def scored(hands, options=None):
    return score_session({"game": "contract", "players": PLAYERS, "options": options or {}, "hands": hands})


@pytest.mark.parametrize(("options", "ben", "cy"), [
    ({}, 20, 30),  # example 1
    ({"card_values": "face"}, 20, 27),  # example 2
    ({"ace_points": 20}, 25, 30),  # example 3
    ({"joker_points": 50}, 20, 65),  # example 4
    ({"card_values": "face", "ace_points": 20, "joker_points": 25}, 25, 37),  # example 5
    ({"joker_points": 25}, 20, 40),
])
def test_cards_left_in_hand_count_against_their_holder_at_the_tables_values(options, ben, cy):
    body = scored([deal_one()], options)
    assert body["hands"][0]["scores"] == {"Ann": 0, "Ben": ben, "Cy": cy}
    assert body["status"] == "in_progress"
    assert body["reason"] == "6 of 7 deals still to play"
    assert body["target"] is None


def test_deal_three_refuses_two_sets_naming_the_player_and_the_contract():
    # example 6: the first two deals are played by points, the third by cards
    points = {"went_out": "Ann", "points": {"Ann": 0, "Ben": 10, "Cy": 10}}
    with pytest.raises(RulesError) as caught:
        scored([points, points, deal_one(ann_melds=("3S 4S 5S 6S", "9C 10C JC QC"))])
    assert str(caught.value) == "hand 3: Ben went down with two sets, but deal 3 asks for two runs of four"


def test_deal_two_asks_for_a_set_and_a_run_and_a_run_needs_four_cards():
    hand = {"went_out": "Ann", "players": {
        "Ann": {"melds": ["7S 7D 7C", "7H 8H 9H"]}, "Ben": {"in_hand": "2C"}, "Cy": {"in_hand": "3C"}}}
    points = {"went_out": "Ann", "points": {"Ann": 0, "Ben": 10, "Cy": 10}}
    with pytest.raises(RulesError) as caught:
        scored([points, hand])
    assert "a run needs at least 4 cards; this has 3" in str(caught.value)
    hand["players"]["Ann"]["melds"][1] = "7H 8H 9H 10H"
    assert scored([points, hand])["hands"][1]["scores"] == {"Ann": 0, "Ben": 5, "Cy": 5}
    assert check_meld("7H 8H 9H", game="contract")["reason"] == "a run needs at least 4 cards; this has 3"


def test_only_a_player_who_went_down_lays_off():
    # example 7
    cy = {"layoffs": [{"cards": "KC", "onto": {"player": "Ben", "meld": 0}}], "in_hand": "JK 10S 2C"}
    with pytest.raises(RulesError) as caught:
        scored([deal_one(cy=cy)])
    assert "Cy laid off without going down" in str(caught.value)
    # Ben went down, so Ben may lay off onto Ann's sevens
    hand = deal_one()
    hand["players"]["Ben"]["layoffs"] = [{"cards": "7C", "onto": {"player": "Ann", "meld": 0}}]
    assert scored([hand])["hands"][0]["scores"]["Ben"] == 20


def test_the_player_who_went_out_must_have_gone_down():
    hand = deal_one()
    hand["players"]["Ann"] = {}
    with pytest.raises(RulesError) as caught:
        scored([hand])
    assert "Ann went out without going down: deal 1 asks for two sets of three" in str(caught.value)


def test_more_melds_than_the_contract_are_refused():
    hand = deal_one()
    hand["players"]["Ann"]["melds"].append("4S 4D 4C")
    with pytest.raises(RulesError, match="Ann went down with three sets, but deal 1 asks for two sets of three"):
        scored([hand])


def deal_two(ann_holds="KS"):
    return {"went_out": "Ben", "players": {
        "Ann": {"in_hand": ann_holds},
        "Ben": {"melds": ["4S 4D 4C", "5H 6H 7H 8H"]},
        "Cy": {"in_hand": "2D 3D"},
    }}


def test_the_game_ends_after_the_last_deal_with_the_lowest_total():
    # example 8
    body = scored([deal_one(), deal_two()], {"deals": 2})
    assert body["totals"] == {"Ann": 10, "Ben": 20, "Cy": 40}
    assert (body["status"], body["winner"]) == ("finished", "Ann")
    assert body["reason"] == "after the last deal, Ann wins with the lowest total, 10"
    assert body["leaders"] == ["Ann"]


def test_a_tie_for_the_lowest_total_after_the_last_deal_shares_the_game():
    # example 9
    body = scored([deal_one(), deal_two("KS JS")], {"deals": 2})
    assert body["totals"] == {"Ann": 20, "Ben": 20, "Cy": 40}
    assert (body["status"], body["winner"]) == ("finished", None)
    assert body["reason"] == "after the last deal, Ann and Ben share the game on the lowest total, 20"


def test_seven_deals_by_default_and_no_deal_past_the_last():
    points = {"went_out": "Ann", "points": {"Ann": 0, "Ben": 10, "Cy": 10}}
    body = scored([points] * 6)
    assert (body["status"], body["reason"]) == ("in_progress", "1 of 7 deals still to play")
    body = scored([points] * 7)
    assert (body["status"], body["winner"]) == ("finished", "Ann")
    # a table that plays on past the last deal: no contract to meet, and the result stands (as in every game)
    body = scored([deal_one(), deal_two(), deal_two()], {"deals": 2})
    assert (body["winner"], body["totals"]) == ("Ann", {"Ann": 20, "Ben": 20, "Cy": 50})
    assert body["hands"][2]["warnings"] == [
        "the game was won after hand 2: this hand adds to the totals but not to the result"]


def test_decks_and_jokers_options():
    # example 10
    assert not check_meld("7H 7H 7H", game="contract")["legal"]
    assert check_meld("7H 7H 7H", game="contract", options={"decks": 3})["legal"]
    assert table_rules("contract", {}, players=6).decks == 3
    assert table_rules("contract", {"jokers": 1}, players=4).jokers == 2
    refused = check_meld("9C 9D JK", game="contract", options={"jokers": 0})
    assert not refused["legal"] and "without jokers" in refused["reason"]


def test_a_deal_says_its_contract():
    rules = table_rules("contract")
    assert rules.variant.deal_note(rules, 3) == "deal 3 asks for two runs of four"
    assert rules.variant.deal_note(rules, 7) == "deal 7 asks for three runs of four (going out with no discard)"
    assert rules.variant.deal_note(rules, 8) == "the game had 7 deals: this hand is past the last"


def test_the_command_line_checks_and_scores_contract_rummy():
    meld = CliRunner().invoke(main, ["meld", "--game", "contract", "--option", "decks=3", "7H", "8H", "9H"])
    assert meld.exit_code == 1
    assert json.loads(meld.output)["reason"] == "a run needs at least 4 cards; this has 3"
    body = {"game": "contract", "players": PLAYERS, "options": {"deals": 1}, "hands": [deal_one()]}
    score = CliRunner().invoke(main, ["score", "-"], input=json.dumps(body))
    assert score.exit_code == 0, score.output
    answer = json.loads(score.output)
    assert (answer["totals"], answer["winner"]) == ({"Ann": 0, "Ben": 20, "Cy": 30}, "Ann")
    assert answer["reason"] == "after the last deal, Ann wins with the lowest total, 0"


@pytest.mark.parametrize("runs", [("3H 4H 5H 6H", "7H 8H 9H 10H"), ("7H 8H 9H 10H", "3H 4H 5H 6H"),
                                  ("3H 4H 5H JK", "7H 8H 9H 10H"), ("AH 2H 3H 4H", "5H 6H 7H 8H")],
                         ids=["in-order", "higher-first", "a-joker-joins-them", "ace-low"])
def test_two_touching_runs_of_one_suit_are_one_run_and_do_not_make_two(runs):
    # docs/rules/contract.md, "Going down": 3H-6H and 7H-10H are the run 3H-10H, split in two
    points = {"went_out": "Ann", "points": {"Ann": 0, "Ben": 10, "Cy": 10}}
    with pytest.raises(RulesError) as caught:
        scored([points, points, deal_one(ann_melds=runs, ben_melds=("9D 10D JD QD", "3C 4C 5C 6C"))])
    assert "Ann's runs" in str(caught.value) and "touch" in str(caught.value)
    assert "deal 3 asks for two runs of four" in str(caught.value)


@pytest.mark.parametrize("runs", [("3H 4H 5H 6H", "8H 9H 10H JH"), ("3H 4H 5H 6H", "7S 8S 9S 10S"),
                                  ("3H 4H 5H 6H", "5H 6H 7H 8H")],
                         ids=["a-gap-between", "two-suits", "overlapping"])
def test_two_runs_of_one_suit_that_do_not_touch_make_two(runs):
    points = {"went_out": "Ann", "points": {"Ann": 0, "Ben": 10, "Cy": 10}}
    body = scored([points, points, deal_one(ann_melds=runs, ben_melds=("9D 10D JD QD", "3C 4C 5C 6C"))])
    assert body["hands"][2]["scores"] == {"Ann": 0, "Ben": 20, "Cy": 30}
