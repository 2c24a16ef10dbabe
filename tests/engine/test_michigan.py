"""Michigan Rummy: every worked example of docs/rules/michigan.md, computed by hand there."""

from __future__ import annotations

from scorekeeper.engine import score_session

PLAYERS = ["Ann", "Ben", "Cy"]
# 500 Rum's example 1 (docs/rules/rummy500.md): Ann 59, Ben 1, Cy -30
HAND_ONE = {"went_out": "Ann", "players": {
    "Ann": {"melds": ["9H 10H JH", "KS KD KC"]},
    "Ben": {"melds": ["AH 2H 3H"], "layoffs": [{"cards": "QH", "onto": {"player": "Ann", "meld": 0}}], "in_hand": "QS 5D"},
    "Cy": {"in_hand": "AS JK"},
}}


def scored(hands):
    return score_session({"game": "michigan", "players": PLAYERS, "hands": hands})


def test_the_highest_hand_score_wins_the_hand():
    # example 1
    body = scored([HAND_ONE])
    assert body["hands"][0]["scores"] == {"Ann": 59, "Ben": 1, "Cy": -30}
    assert body["totals"] == {"Ann": 1, "Ben": 0, "Cy": 0}


def test_a_shared_highest_score_counts_a_hand_won_for_each_and_the_game_never_ends():
    # example 2
    body = scored([HAND_ONE, {"went_out": "Cy", "points": {"Ann": 30, "Ben": 30, "Cy": 10}}])
    assert body["totals"] == {"Ann": 2, "Ben": 1, "Cy": 0}
    assert (body["status"], body["reason"]) == ("in_progress", "Ann leads with 2 hands won")
