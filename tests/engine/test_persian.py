"""Persian Rummy: every worked example of docs/rules/persian.md, computed by hand there."""

from __future__ import annotations

from scorekeeper.engine import check_meld, score_session

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def scored(hands):
    return score_session({"game": "persian", "players": PLAYERS, "hands": hands})


def test_partnerships_score_together_four_of_a_kind_doubles_and_going_out_adds_25():
    # example 1
    hand = {"went_out": "Ann", "players": {
        "Ann": {"melds": ["KS KH KD KC", "JK JK JK"]},
        "Ben": {"melds": ["5S 6S 7S"], "in_hand": "AD"},
        "Cy": {"melds": ["9C 9D 9H"], "in_hand": "2C 3C"},
        "Dee": {"in_hand": "JK 10D"},
    }}
    body = scored([hand])["hands"][0]
    assert body["player_scores"] == {"Ann": 140, "Ben": 3, "Cy": 22, "Dee": -30}
    assert body["scores"] == {"Ann & Cy": 187, "Ben & Dee": -27}


def test_a_fourth_card_laid_off_scores_plain_and_the_set_does_not_double():
    # example 2
    hand = {"went_out": "Cy", "players": {
        "Ann": {"in_hand": "4D"},
        "Ben": {"melds": ["QH KH AH"]},
        "Cy": {"melds": ["8S 8H 8D", "5C 6C 7C"]},
        "Dee": {"layoffs": [{"cards": "8C", "onto": {"player": "Cy", "meld": 0}}], "in_hand": "JS"},
    }}
    assert scored([hand])["hands"][0]["scores"] == {"Ann & Cy": 63, "Ben & Dee": 33}


def test_aces_are_high_only():
    assert check_meld("QH KH AH", game="persian")["points"] == 35
    assert check_meld("AH 2H 3H", game="persian")["reason"] == "A-2-3 puts the ace low: in Persian Rummy aces are high only"


def test_the_partnership_past_the_target_wins_with_50_for_the_game():
    # example 3
    body = scored([{"went_out": "Ann", "points": {"Ann": 300, "Ben": 200, "Cy": 220, "Dee": 290}}])
    assert (body["status"], body["winner"]) == ("finished", "Ann & Cy")
    assert body["totals"] == {"Ann & Cy": 570, "Ben & Dee": 490}
