"""Gin arrangements on hand-made hard cases (the rules of RULES.md 4.8, one by one), then every worked example of
docs/rules/gin.md, computed by hand there, for every option."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InputError, RulesError, gin_arrange, score_session


def test_a_card_that_fits_a_set_and_a_run_goes_where_it_saves_most():
    body = gin_arrange("7S 7D 7H 8H 9H JC QC KC 2D 3S")
    assert body["melds"] == [["7H", "8H", "9H"], ["JC", "QC", "KC"]]
    assert body["deadwood"] == ["2D", "3S", "7S", "7D"]
    assert body["deadwood_points"] == 19
    assert body["arrangements"] == 1


def test_largest_meld_first_is_wrong_four_of_a_kind_feeds_two_runs():
    # the set of four leaves 6H 7H 6D 7D KS KH (46); two runs leave 5S 5C KS KH (30)
    body = gin_arrange("5S 5H 5D 5C 6H 7H 6D 7D KS KH")
    assert body["melds"] == [["5H", "6H", "7H"], ["5D", "6D", "7D"]]
    assert body["deadwood"] == ["5S", "5C", "KS", "KH"]
    assert body["deadwood_points"] == 30
    assert body["arrangements"] == 1


def test_a_long_run_splits_so_its_ends_make_sets_and_the_hand_is_gin():
    body = gin_arrange("3H 4H 5H 6H 7H 8H 3S 3D 8S 8D")
    assert body["melds"] == [["3S", "3H", "3D"], ["4H", "5H", "6H", "7H"], ["8S", "8H", "8D"]]
    assert body["gin"] is True
    assert body["arrangements"] == 1


def test_a_long_run_counts_once_not_once_per_way_to_cut_it():
    body = gin_arrange("3H 4H 5H 6H 7H 8H 9H KS KD 2C")
    assert body["melds"] == [["3H", "4H", "5H", "6H", "7H", "8H", "9H"]]
    assert body["arrangements"] == 1


def test_a_set_of_four_and_a_set_of_three_lending_to_a_run_are_two_arrangements():
    body = gin_arrange("7S 7H 7D 7C 8C 9C 10C 2H 3H 4H")
    assert body["gin"] is True
    assert [a["melds"] for a in body["optimal"]] == [
        [["2H", "3H", "4H"], ["7S", "7H", "7D", "7C"], ["8C", "9C", "10C"]],
        [["2H", "3H", "4H"], ["7S", "7H", "7D"], ["7C", "8C", "9C", "10C"]],
    ]


def test_aces_are_low_only_a_king_ace_two_is_not_a_run():
    body = gin_arrange("QH KH AH 2H 4S 6D 8C 10S JD 9C")
    assert body["melds"] == []
    assert "AH" in body["deadwood"]
    assert body["deadwood_points"] == 10 + 10 + 1 + 2 + 4 + 6 + 8 + 10 + 10 + 9
    assert gin_arrange("AH 2H 3H 4S 6D 8C 10S JD 9C KC")["melds"] == [["AH", "2H", "3H"]]


def test_deadwood_counts_ace_one_faces_ten():
    body = gin_arrange("AS 3H 5D 7C 9S JH QD KC 2C 10H")
    assert body["deadwood_points"] == 1 + 3 + 5 + 7 + 9 + 10 + 10 + 10 + 2 + 10
    assert body["can_knock"] is False


def test_ten_or_less_deadwood_may_knock_eleven_may_not():
    assert gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC KD")["can_knock"] is True
    body = gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC AD")
    assert body["deadwood_points"] == 1 and body["can_knock"] is True
    body = gin_arrange("7S 7H 7D 7C AS 2S 3S 4S 5D 6H")
    assert body["deadwood_points"] == 11 and body["can_knock"] is False


def test_eleven_cards_name_the_discard_that_leaves_least_deadwood():
    body = gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC KD 4H")
    assert body["discard"] == "KD"
    assert body["deadwood"] == ["4H"]
    assert body["deadwood_points"] == 4
    assert body["big_gin"] is False


def test_equally_good_discards_are_all_listed_and_the_highest_goes():
    body = gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC KD QH")
    assert body["discards"] == ["QH", "KD"]
    assert body["discard"] == "KD"
    assert body["deadwood"] == ["QH"]


def test_eleven_cards_all_melded_are_big_gin_and_a_discard_still_leaves_gin():
    body = gin_arrange("AS 2S 3S 4S 7H 7D 7C 9C 10C JC QC")
    assert body["big_gin"] is True
    assert body["gin"] is True
    assert body["discard"] == "QC"


def test_a_gin_hand_with_no_meld_to_spare_breaks_the_cheapest_way():
    body = gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC 5D 6H")
    assert body["discard"] == "6H"
    assert body["deadwood"] == ["5D"]


KNOCK = ["5H 6H 7H", "8S 8D 8C", "JD QD KD"]


def test_defender_lays_off_a_chain_onto_the_end_of_a_run():
    body = gin_arrange("9H 10H 2C 3D 4S 5S 6C QD KS AC", knocker_melds=["6H 7H 8H"])
    assert body["layoffs"] == [{"cards": ["9H", "10H"], "onto": 0}]
    assert body["deadwood_points"] == 2 + 3 + 4 + 5 + 6 + 10 + 10 + 1


def test_defender_lays_off_at_both_ends_of_a_run_and_the_fourth_card_of_a_set():
    body = gin_arrange("4H 3H 9H 8H KS 2C 4C 6S 10S QC", knocker_melds=KNOCK)
    assert body["layoffs"] == [
        {"cards": ["3H", "4H", "8H", "9H"], "onto": 0},
    ]
    assert body["deadwood"] == ["2C", "4C", "6S", "10S", "QC", "KS"]


def test_the_fourth_card_of_a_set_goes_onto_the_set_when_no_run_wants_it():
    body = gin_arrange("8H 2C 4C 6S 10S QC KS 3D 5C 9S", knocker_melds=["8S 8D 8C", "JD QD KD"])
    assert body["layoffs"] == [{"cards": ["8H"], "onto": 0}]


def test_a_card_laid_off_onto_a_set_carries_no_chain_but_on_a_run_it_does():
    body = gin_arrange("8H 9H 2C 4C 6S 10S QC KS 3D 5C", knocker_melds=KNOCK)
    assert body["layoffs"] == [{"cards": ["8H", "9H"], "onto": 0}]
    assert body["arrangements"] == 1


def test_defender_keeps_a_run_of_its_own_when_laying_off_would_break_it():
    body = gin_arrange("8H 9H 10H 2C 4C 6S 10S QC KS 3D", knocker_melds=["8S 8D 8C", "JD QD KD"])
    assert body["melds"] == [["8H", "9H", "10H"]]
    assert body["layoffs"] == []


def test_a_defenders_card_is_melded_or_laid_off_never_both():
    # 8H could complete the defender's set of eights or start a chain onto 5-6-7H, not both
    body = gin_arrange("8H 8S 8D 9H 2C 4C 6S 10S QC KS", knocker_melds=["5H 6H 7H", "JD QD KD"])
    assert body["melds"] == [["8S", "8H", "8D"]]
    assert body["layoffs"] == []
    assert "9H" in body["deadwood"]
    assert body["deadwood_points"] == 9 + 2 + 4 + 6 + 10 + 10 + 10


def test_no_layoffs_after_gin():
    gin_melds = ["5H 6H 7H", "8S 8D 8C", "10D JD QD KD"]
    body = gin_arrange("4H 8H 9D 2C 4C 6S 10S QC KS 3D", knocker_melds=gin_melds)
    assert body["layoffs_allowed"] is False
    assert body["layoffs"] == []
    assert body["deadwood_points"] == 4 + 8 + 9 + 2 + 4 + 6 + 10 + 10 + 10 + 3


def test_a_defenders_gap_between_two_runs_can_fill_from_either_and_shows_on_the_first():
    body = gin_arrange("5H 6H 7H 2C 4C 6S 10S QC KS 3D", knocker_melds=["2H 3H 4H", "8H 9H 10H"])
    assert body["layoffs"] == [{"cards": ["5H", "6H", "7H"], "onto": 0}]
    assert body["melds"] == []
    assert body["arrangements"] == 1


@pytest.mark.parametrize(
    "cards, knocker_melds, message",
    [
        ("7H 8H 9H", None, "a gin hand has 10 cards (11 before the discard); 3 given"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", None, "12 given"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S JK", None, "`JK` at position 10: gin is played without jokers"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 9S", None, "9S is given twice: gin uses one deck"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S XS", None, "`XS` at position 10 is not a card"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", ["QH KH JH"], "the defender's hand must have 10 cards; 11 given"),
        (
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
            ["QH KH JH", "AH 2H 3H 4H", "5D 6D 7D 8D 9D"],
            "the knocker's melds hold 12 cards, but a gin hand has at most 11",
        ),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", ["QH KH AH"], "knocker's meld 1 (QH KH AH) is not a meld: Q-K-A puts the ace high: in Gin Rummy aces are low only"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", ["QH KH JH", "JH 10H 9H"], "JH is in the knocker's melds 1 and 2"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", ["10S JS QS"], "10S is both in the defender's hand"),
    ],
)
def test_unreadable_hands_raise_input_error_naming_the_card(cards, knocker_melds, message):
    with pytest.raises(InputError) as raised:
        gin_arrange(cards, knocker_melds=knocker_melds)
    assert message in str(raised.value)


def test_a_defender_may_meld_a_run_or_lay_each_card_onto_a_set_two_arrangements():
    body = gin_arrange(
        "7H 8H 9H 2C 4C 6S 10S QC KS 3D", knocker_melds=["7S 7D 7C", "8S 8D 8C", "9S 9D 9C"]
    )
    assert body["arrangements"] == 2
    shown = [(a["melds"], a["layoffs"]) for a in body["optimal"]]
    assert ([["7H", "8H", "9H"]], []) in shown
    assert (
        [],
        [{"cards": ["7H"], "onto": 0}, {"cards": ["8H"], "onto": 1}, {"cards": ["9H"], "onto": 2}],
    ) in shown


# the worked examples of docs/rules/gin.md ---------------------------------------------------------------

ANN_GIN = ["3S 4S 5S 6S", "8H 8D 8C", "JC QC KC"]
BEN_AFTER_GIN = {"melds": ["7S 7D 7C"], "in_hand": "AH 2D 9D KH QH 5H 4C"}  # 41 deadwood


def knock(ann, ben, big_gin=False):
    """A hand Ann knocks in, each player's entry as given."""
    return {"went_out": "Ann", "big_gin": big_gin, "players": {"Ann": ann, "Ben": ben}}


def laying_off(melds, cards, deadwood):
    """Ben's entry: his melds, `cards` laid off onto Ann's first meld, his deadwood."""
    return {"melds": melds, "layoffs": [{"cards": cards, "onto": {"player": "Ann", "meld": 0}}], "in_hand": deadwood}


def gin_scored(hands, **options):
    return score_session({"game": "gin", "players": ["Ann", "Ben"], "options": options, "hands": hands})


def test_a_knock_scores_the_difference_in_deadwood_after_lay_offs():
    # example 1
    ann = {"melds": ["3S 4S 5S", "8H 8D 8C", "JC QC KC"], "in_hand": "AH"}
    body = gin_scored([knock(ann, laying_off(["7S 7D 7C"], "6S", "KH QH 9D 2D 4C 5H"))])
    assert body["hands"][0]["scores"] == {"Ann": 39, "Ben": 0}
    assert body["hands"][0]["result"] == "knock"


def test_an_undercut_gives_the_defender_the_bonus_and_the_difference():
    # example 2
    ann = {"melds": ["3S 4S 5S", "8H 8D 8C"], "in_hand": "AH 2D 3C 4H"}
    body = gin_scored([knock(ann, laying_off(["JC QC KC", "7S 7D 7C"], "6S", "AD 2H 5D"))])
    assert body["hands"][0]["scores"] == {"Ann": 0, "Ben": 27}
    assert body["hands"][0]["result"] == "undercut"


def test_gin_scores_the_bonus_and_the_defenders_deadwood():
    # example 3
    assert gin_scored([knock({"melds": ANN_GIN}, BEN_AFTER_GIN)])["hands"][0]["scores"] == {"Ann": 66, "Ben": 0}


@pytest.mark.parametrize(("options", "ann"), [({"big_gin_bonus": 31}, 72), ({}, 66)])
def test_big_gin_scores_its_own_bonus_or_plain_gins_while_it_is_0(options, ann):
    # example 4
    hand = knock({"melds": ["3S 4S 5S 6S", "8H 8D 8C 8S", "JC QC KC"]}, BEN_AFTER_GIN, big_gin=True)
    assert gin_scored([hand], **options)["hands"][0]["scores"]["Ann"] == ann


def test_a_knock_over_the_tables_limit_is_refused():
    # example 5
    hand = knock({"melds": ["3S 4S 5S", "8H 8D 8C"], "in_hand": "AH 2D 3C 5H"},
                 {"melds": ["JC QC KC", "7S 7D 7C"], "in_hand": "AD 2H 5D 9S"})
    with pytest.raises(RulesError) as caught:
        gin_scored([hand])
    assert str(caught.value) == "hand 1: Ann knocked with 11 deadwood, but knocking needs 10 or less"
    assert gin_scored([hand], knock_limit=11)["hands"][0]["scores"] == {"Ann": 6, "Ben": 0}


def test_game_and_box_bonuses_are_added_at_the_end_and_a_shutout_doubles_them_too():
    # example 6
    bonuses = {"game_bonus": 100, "box_bonus": 25, "shutout_double": True}
    ann_60 = {"went_out": "Ann", "points": {"Ann": 60, "Ben": 0}}
    ann_50 = {"went_out": "Ann", "points": {"Ann": 50, "Ben": 0}}
    ben_20 = {"went_out": "Ben", "points": {"Ann": 0, "Ben": 20}}
    body = gin_scored([ann_60, ann_50], **bonuses)
    assert (body["winner"], body["totals"]) == ("Ann", {"Ann": 520, "Ben": 0})
    assert gin_scored([ann_60, ben_20, ann_50], **bonuses)["totals"] == {"Ann": 260, "Ben": 45}
