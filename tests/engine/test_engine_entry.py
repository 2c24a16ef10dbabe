"""A hand entered wrongly is refused with a clear error naming the hand, the player and the entry.

API.md: unreadable input is an InputError (400), a rule break a RulesError
(422); the facade raises nothing else, whatever the body holds.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import InputError, RulesError, score_session

DEFENDER_CARDS = "2S 3D 4C 5H 6S 8D 9C 10C JS QD"


def rummy_layoff_onto(owner) -> dict:
    return {
        "players": ["A", "B"],
        "hands": [{
            "ended": "went_out", "went_out": "A",
            "players": {
                "A": {"melds": ["7H 8H 9H"]},
                "B": {"layoffs": [{"cards": "10H", "onto": {"player": owner, "meld": 0}}]},
            },
        }],
    }


def gin_knock(knocker_melds, defender=None) -> dict:
    return {
        "game": "gin",
        "players": ["K", "D"],
        "hands": [{
            "ended": "went_out", "went_out": "K",
            "players": {"K": {"melds": knocker_melds, "in_hand": "2C"}, "D": defender or {"cards": DEFENDER_CARDS}},
        }],
    }


@pytest.mark.parametrize("owner", [["A"], {"name": "A"}, 3, None])
def test_layoff_onto_something_other_than_a_player_name_is_unreadable_input_naming_the_player(owner):
    with pytest.raises(InputError) as caught:
        score_session(rummy_layoff_onto(owner))
    err = caught.value
    assert (err.hand, err.player, err.field, err.layoff) == (1, "B", "layoffs", 0)
    assert "B's lay-off 1" in err.message


@pytest.mark.parametrize("melds", [True, 5, {"0": "7H 8H 9H"}])
def test_gin_knocker_melds_that_are_not_a_list_are_unreadable_input_naming_the_knocker(melds):
    with pytest.raises(InputError) as caught:
        score_session(gin_knock(melds))
    assert (caught.value.hand, caught.value.player, caught.value.field) == (1, "K", "melds")


def test_gin_bad_card_in_a_knocker_meld_is_unreadable_input_naming_the_knocker_and_meld():
    with pytest.raises(InputError) as caught:
        score_session(gin_knock([["7H", None, "9H"]]))
    err = caught.value
    assert (err.hand, err.player, err.field, err.meld) == (1, "K", "melds", 0)
    assert "K's meld 1" in err.message


def test_gin_knocker_meld_fault_is_the_knockers_when_the_defender_gives_whole_cards():
    # the defender's whole hand is arranged against the knocker's melds, but the bad meld is the knocker's
    with pytest.raises(InputError) as caught:
        score_session(gin_knock(["AH 2H 1H"]))
    err = caught.value
    assert (err.player, err.field, err.meld) == ("K", "melds", 0)
    assert "D's" not in err.message
    with pytest.raises(RulesError) as caught:
        score_session(gin_knock(["7H 8H 10H"]))
    assert (caught.value.player, caught.value.field, caught.value.meld) == ("K", "melds", 0)
