"""A hand entered wrongly is refused with a clear error naming the hand, the player and the entry.

API.md: unreadable input is an InputError (400), a rule break a RulesError
(422); the facade raises nothing else, whatever the body holds.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import InputError, RulesError, check_layoff, score_session

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


def test_layoff_onto_a_name_given_as_a_str_subclass_is_placed_like_any_name():
    class Name(str):
        """As a Python caller (a form, say) might hand a player's name over."""

    body = score_session(rummy_layoff_onto(Name("A")))
    assert body["totals"] == {"A": 24, "B": 10}


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


# RULES.md 2: a wild card whose reading was not written may be read any legal way -------------


def layoff(cards, owner, meld=0):
    return {"cards": cards, "onto": {"player": owner, "meld": meld}}


def blocked_hand(players: dict) -> dict:
    return {"players": list(players), "hands": [{"ended": "stock_exhausted", "players": players}]}


def test_wild_layoff_reading_gives_way_to_a_natural_layoff_that_needs_its_place():
    body = score_session(blocked_hand({
        "A": {"melds": ["7H 8H 9H"]},
        "B": {"layoffs": [layoff("JK", "A")]},
        "C": {"layoffs": [layoff("10H", "A")]},
    }))
    assert body["hands"][0]["scores"] == {"A": 24, "B": 15, "C": 10}


def test_unwritten_wild_card_in_a_meld_is_reread_so_a_layoff_fits():
    body = score_session(blocked_hand({"A": {"melds": ["7H 8H JK"]}, "B": {"layoffs": [layoff("9H", "A")]}}))
    hand = body["hands"][0]
    assert hand["scores"] == {"A": 30, "B": 9}
    assert hand["players"]["A"]["melds"][0]["notation"] == "JK=6H 7H 8H"


def test_check_layoff_names_the_other_reading_of_the_meld_that_takes_the_cards():
    body = check_layoff("7H 8H JK", "9H")
    assert not body["legal"]
    assert body["fits_other_readings"] == ["JK=6H 7H 8H"]
    assert "read as JK=6H 7H 8H, the meld takes it" in body["reason"]
    assert check_layoff("JK=6H 7H 8H", "9H")["points"] == 9


def test_written_wild_reading_is_kept_and_the_refusal_says_it_was_written():
    with pytest.raises(RulesError) as caught:
        score_session(blocked_hand({"A": {"melds": ["7H 8H JK=9H"]}, "B": {"layoffs": [layoff("9H", "A")]}}))
    assert "9H appears twice" in caught.value.message
    assert "JK=9H" in caught.value.message


def test_refused_layoff_onto_a_wild_meld_says_how_the_wild_card_was_read():
    with pytest.raises(RulesError) as caught:
        score_session(blocked_hand({"A": {"melds": ["7H 8H JK"]}, "B": {"layoffs": [layoff("QH", "A")]}}))
    assert "JK stands for 9H" in caught.value.message
    assert "JK=" in caught.value.message


@pytest.mark.parametrize("named", [["A", ["x"]], ["A", None], {"A": 1}, 7, True])
def test_went_out_that_is_not_player_names_is_unreadable_input(named):
    body = rummy_layoff_onto("A")
    body["hands"][0]["went_out"] = named
    with pytest.raises(InputError) as caught:
        score_session(body)
    assert (caught.value.hand, caught.value.field) == (1, "went_out")


def test_two_players_named_as_going_out_is_a_rule_break():
    body = rummy_layoff_onto("A")
    body["hands"][0]["went_out"] = ["A", "B"]
    with pytest.raises(RulesError, match="only one player can go out in a hand, but A and B are named"):
        score_session(body)


def test_hand_entered_both_with_cards_and_as_points_is_refused():
    body = rummy_layoff_onto("A")
    body["hands"][0]["points"] = {"A": 10, "B": 0}
    body["hands"][0]["players"]["B"] = {"in_hand": "1H"}
    with pytest.raises(InputError, match="either with cards .* or as points") as caught:
        score_session(body)
    assert caught.value.hand == 1
