"""500 Rum: every worked example of docs/rules/rummy500.md, computed by hand there, for every option."""

from __future__ import annotations

import pytest

from scorekeeper.engine import score_session

PLAYERS = ["Ann", "Ben", "Cy"]


def example_hand(concealed=False):
    """Example 1: Ann goes out; Ben melds a low-ace run, lays off QH onto Ann's run, holds QS 5D; Cy holds AS JK."""
    return {"went_out": "Ann", "concealed": concealed, "players": {
        "Ann": {"melds": ["9H 10H JH", "KS KD KC"]},
        "Ben": {"melds": ["AH 2H 3H"], "layoffs": [{"cards": "QH", "onto": {"player": "Ann", "meld": 0}}],
                "in_hand": "QS 5D"},
        "Cy": {"in_hand": "AS JK"},
    }}


def points(went_out, ann, ben, cy):
    return {"went_out": went_out, "points": {"Ann": ann, "Ben": ben, "Cy": cy}}


def scored(hands, **options):
    return score_session({"game": "rummy500", "players": PLAYERS, "options": options, "hands": hands})


@pytest.mark.parametrize(("options", "scores"), [
    ({}, {"Ann": 59, "Ben": 1, "Cy": -30}),  # example 1
    ({"card_values": "5-10-15"}, {"Ann": 55, "Ben": 10, "Cy": -30}),  # example 2
    ({"ace_points": 1}, {"Ann": 59, "Ben": 1, "Cy": -16}),  # example 3
])
def test_melds_and_lay_offs_score_and_cards_held_cost_at_the_tables_values(options, scores):
    assert scored([example_hand()], **options)["hands"][0]["scores"] == scores


def test_going_rummy_adds_the_tables_bonus():
    # example 4
    hand = scored([example_hand(concealed=True)], rummy_bonus=25)["hands"][0]
    assert hand["scores"]["Ann"] == 84
    assert hand["bonus_lines"] == [{"side": "Ann", "points": 25, "for": "going rummy"}]


def test_the_highest_total_at_or_past_the_target_wins_and_a_tie_plays_on():
    # example 5
    body = scored([points("Ann", 300, 250, 100), points("Cy", 220, 290, 40)])
    assert body["totals"] == {"Ann": 520, "Ben": 540, "Cy": 140}
    assert (body["status"], body["winner"]) == ("finished", "Ben")
    tied = scored([points("Ann", 300, 250, 100), points("Cy", 240, 290, 40)])
    assert (tied["status"], tied["reason"]) == ("in_progress", "Ann and Ben are tied on 540: another hand decides")


def test_must_go_out_to_win_waits_for_the_player_who_goes_out_past_the_target():
    # example 6
    body = scored([points("Ann", 300, 250, 100), points("Cy", 220, 290, 40)], must_go_out_to_win=True)
    assert (body["status"], body["winner"]) == ("in_progress", None)
    body = scored([points("Ann", 300, 250, 100), points("Ann", 220, 290, 40)], must_go_out_to_win=True)
    assert (body["status"], body["winner"], body["totals"]["Ben"]) == ("finished", "Ann", 540)
