"""Basic Rummy: every worked example of docs/rules/basic.md, computed by hand there, for every option."""

from __future__ import annotations

from scorekeeper.engine import check_meld, score_session

PLAYERS = ["Ann", "Ben", "Cy"]


def ann_goes_out(cy_holds="9H 9C", concealed=False):
    """Example 1: Ann goes out; Ben melded clubs and holds KS 4D AC."""
    return {"went_out": "Ann", "concealed": concealed, "players": {
        "Ann": {"melds": ["3H 4H 5H", "JS JD JC"]},
        "Ben": {"melds": ["6C 7C 8C"], "in_hand": "KS 4D AC"},
        "Cy": {"in_hand": cy_holds},
    }}


def scored(hands, **options):
    return score_session({"game": "basic", "players": PLAYERS, "options": options, "hands": hands})


def test_the_player_who_goes_out_scores_the_cards_left_in_other_hands():
    # example 1
    body = scored([ann_goes_out()])
    assert body["hands"][0]["scores"] == {"Ann": 33, "Ben": 0, "Cy": 0}
    assert body["target"] == 150


def test_going_rummy_doubles_what_is_collected():
    # example 2
    assert scored([ann_goes_out(concealed=True)])["hands"][0]["scores"]["Ann"] == 66


def test_a_held_joker_is_worth_20():
    # example 3
    assert scored([ann_goes_out("9H JK")], jokers=2)["hands"][0]["scores"]["Ann"] == 44


def test_when_the_stock_runs_out_nobody_scores():
    # example 4
    hand = {"ended": "stock_exhausted", "players": {"Ann": {"in_hand": "2C"}, "Ben": {"in_hand": "KS"}, "Cy": {"in_hand": "9H"}}}
    assert scored([hand])["hands"][0]["scores"] == {"Ann": 0, "Ben": 0, "Cy": 0}


def test_aces_are_low_only():
    assert check_meld("QH KH AH", game="basic")["reason"] == "Q-K-A puts the ace high: in Basic Rummy aces are low only"


def test_the_first_to_the_target_wins():
    # example 5
    body = scored([{"went_out": "Ann", "points": {"Ann": 90, "Ben": 0, "Cy": 0}},
                   {"went_out": "Cy", "points": {"Ann": 0, "Ben": 0, "Cy": 70}},
                   {"went_out": "Ann", "points": {"Ann": 65, "Ben": 0, "Cy": 0}}])
    assert (body["status"], body["winner"], body["reason"]) == ("finished", "Ann", "Ann reached 155, the first to 150")
