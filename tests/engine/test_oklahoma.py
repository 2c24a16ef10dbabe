"""Oklahoma: every worked example of docs/rules/oklahoma.md, computed by hand there, for every option."""

from __future__ import annotations

import pytest

from scorekeeper.engine import RulesError, check_meld, score_session

PLAYERS = ["Ann", "Ben"]


def example_hand(ben_holds="QS 2H 5C", concealed=False, ben_layoffs=()):
    """Example 1: Ann goes out with Q♠ Q♥ Q♦ and 7-8-deuce of hearts; Ben melds three aces and holds the rest."""
    return {"went_out": "Ann", "concealed": concealed, "players": {
        "Ann": {"melds": ["QS QH QD", "7H 8H 2C"]},
        "Ben": {"melds": ["AS AD AC"], "layoffs": list(ben_layoffs), "in_hand": ben_holds},
    }}


def scored(hands, **options):
    return score_session({"game": "oklahoma", "players": PLAYERS, "options": options, "hands": hands})


def test_going_out_adds_100_and_a_held_queen_of_spades_costs_100():
    # example 1
    assert scored([example_hand()])["hands"][0]["scores"] == {"Ann": 195, "Ben": -65}


def test_going_out_concealed_adds_250_that_does_not_count_toward_the_target():
    # example 2
    body = scored([example_hand(concealed=True)])
    assert body["hands"][0]["scores"]["Ann"] == 345
    assert body["toward_target"]["Ann"] == 95


def test_a_held_joker_costs_200():
    # example 3
    assert scored([example_hand("QC 2H JK")], jokers=2)["hands"][0]["scores"]["Ben"] == -170


def test_a_lay_off_onto_another_players_meld_is_refused():
    # example 4
    layoff = {"cards": "10H", "onto": {"player": "Ann", "meld": 1}}
    with pytest.raises(RulesError) as caught:
        scored([example_hand("QC 2H", ben_layoffs=[layoff])])
    assert str(caught.value) == (
        "hand 1: Ben's lay-off 1 is onto Ann's meld, but in Oklahoma players lay off only on their own melds"
    )


def test_a_deuce_is_the_queen_of_spades_only_when_pinned_and_deuces_meld_as_twos():
    assert check_meld("QH QD 2C", game="oklahoma")["points"] == 30
    assert check_meld("QH QD 2C=QS", game="oklahoma")["points"] == 70
    assert check_meld("2H 2S 2C", game="oklahoma")["points"] == 15


def test_a_total_past_the_target_only_by_250s_does_not_win():
    # example 5
    body = scored([
        {"went_out": "Ann", "points": {"Ann": 700, "Ben": 300}},
        {"went_out": "Ann", "concealed": True, "points": {"Ann": 400, "Ben": 710}},
    ])
    assert (body["status"], body["winner"]) == ("finished", "Ben")
    assert body["totals"] == {"Ann": 1100, "Ben": 1210}
    assert body["toward_target"]["Ann"] == 850
