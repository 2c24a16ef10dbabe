"""Rummy to 100: every worked example of docs/rules/penalty.md, computed by hand there."""

from __future__ import annotations

from scorekeeper.engine import score_session

PLAYERS = ["Ann", "Ben", "Cy"]


def scored(hands):
    return score_session({"game": "penalty", "players": PLAYERS, "hands": hands})


def charged(went_out, ann, ben, cy):
    return {"went_out": went_out, "points": {"Ann": ann, "Ben": ben, "Cy": cy}}


def test_the_others_are_charged_what_they_hold_and_the_player_who_went_out_nothing():
    # example 1
    hand = {"went_out": "Ann", "players": {
        "Ann": {"melds": ["3H 4H 5H", "JS JD JC"]},
        "Ben": {"melds": ["6C 7C 8C"], "in_hand": "KS 4D AC"},
        "Cy": {"in_hand": "9H 9C"},
    }}
    assert scored([hand])["hands"][0]["scores"] == {"Ann": 0, "Ben": 15, "Cy": 18}


def test_when_the_stock_runs_out_everyone_is_charged_and_melds_score_nothing():
    # example 2
    hand = {"ended": "stock_exhausted", "players": {
        "Ann": {"melds": ["3H 4H 5H"], "in_hand": "2C"}, "Ben": {"in_hand": "KS"}, "Cy": {"in_hand": "9H"}}}
    assert scored([hand])["hands"][0]["scores"] == {"Ann": 2, "Ben": 10, "Cy": 9}


def test_once_a_total_reaches_the_target_the_lowest_wins_and_a_tie_for_it_plays_on():
    # examples 3 and 4
    body = scored([charged("Ann", 0, 60, 50), charged("Cy", 60, 44, 0)])
    assert (body["status"], body["winner"], body["reason"]) == (
        "finished", "Cy", "Ben reached 100: Cy wins with the lowest total, 50")
    body = scored([charged("Ann", 0, 60, 50), charged("Cy", 50, 44, 0)])
    assert (body["status"], body["winner"]) == ("in_progress", None)
    assert body["reason"] == "Ben reached 100; Ann and Cy are tied for the lowest total on 50: another hand decides"
