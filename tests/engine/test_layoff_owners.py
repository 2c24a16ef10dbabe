"""Whose melds a player may lay off onto, whether going out concealed counts, and the wild rank asked for in words."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InputError, check_meld, layoff_owners, rewards_concealed, score_session

NAMES = ["Ann", "Ben", "Cy"]


@pytest.mark.parametrize("game", ["rummy500", "michigan", "rummy5000", "basic", "penalty"])
def test_in_most_games_a_player_lays_off_onto_anyones_melds(game):
    assert layoff_owners(game, {}, "Ben", NAMES, "Ann") == NAMES


def test_in_oklahoma_a_player_lays_off_only_onto_their_own_melds():
    assert layoff_owners("oklahoma", {}, "Ben", NAMES, "Ann") == ["Ben"]


def test_in_gin_only_the_defender_lays_off_and_only_onto_the_knockers_melds():
    assert layoff_owners("gin", {}, "Ben", ["Ann", "Ben"], "Ann") == ["Ann"]
    assert layoff_owners("gin", {}, "Ann", ["Ann", "Ben"], "Ann") == []
    assert layoff_owners("gin", {}, "Ben", ["Ann", "Ben"], None) == []


def test_the_owners_offered_are_exactly_those_the_scorer_accepts():
    hand = {"ended": "went_out", "went_out": "Ann", "players": {
        "Ann": {"melds": ["7H 8H 9H"], "in_hand": []},
        "Ben": {"melds": ["KS KD KC"], "layoffs": [{"cards": "10H", "onto": {"player": "Ann", "meld": 0}}], "in_hand": "4D"},
    }}
    assert "Ann" not in layoff_owners("oklahoma", {}, "Ben", ["Ann", "Ben"], "Ann")
    with pytest.raises(ValueError, match="lay off only on their own melds"):
        score_session({"game": "oklahoma", "players": ["Ann", "Ben"], "hands": [hand]})
    assert "Ann" in layoff_owners("rummy500", {}, "Ben", ["Ann", "Ben"], "Ann")
    assert score_session({"game": "rummy500", "players": ["Ann", "Ben"], "hands": [hand]})["totals"]


@pytest.mark.parametrize("game, options, counts", [
    ("oklahoma", {}, True),
    ("basic", {}, True),
    ("rummy500", {"rummy_bonus": 50}, True),
    ("michigan", {"rummy_bonus": 50}, True),
    ("rummy500", {}, False),
    ("persian", {}, False),
    ("rummy5000", {}, False),
    ("penalty", {}, False),
    ("gin", {}, False),
])
def test_going_out_concealed_counts_only_where_the_game_rewards_it(game, options, counts):
    assert rewards_concealed(game, options) is counts


def test_the_wild_rank_is_asked_for_in_words_not_by_its_field_name():
    with pytest.raises(InputError) as caught:
        check_meld("7H 8H 9H", game="rummy5000")
    message = str(caught.value)
    assert "needs the hand's wild rank" in message
    assert "wild_rank" not in message and "choose the rank of the card turned up" in message
