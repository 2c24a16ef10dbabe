"""5000 Rummy: every worked example of docs/rules/rummy5000.md, computed by hand there."""

from __future__ import annotations

from scorekeeper.engine import check_meld, score_session

PLAYERS = ["Ann", "Ben", "Cy"]


def scored(hands):
    return score_session({"game": "rummy5000", "players": PLAYERS, "hands": hands})


def sevens_wild(went_out="Ann"):
    """Example 1's hand, sevens wild; Ann also holds 9D when nobody went out."""
    ann = {"melds": ["KH KD 7C", "3S 4S 5S"]} if went_out else {"melds": ["KH KD 7C", "3S 4S 5S"], "in_hand": "9D"}
    return {"went_out": went_out, "wild_rank": "7", "players": {
        "Ann": ann, "Ben": {"melds": ["AS AH AD"], "in_hand": "7H 9C"}, "Cy": {"in_hand": "QC 2D"}}}


def test_the_player_who_goes_out_collects_the_cards_left_in_other_hands():
    # example 1
    hand = scored([sevens_wild()])["hands"][0]
    assert hand["scores"] == {"Ann": 255, "Ben": 300, "Cy": 0}
    assert hand["bonus_lines"] == [{"side": "Ann", "points": 120, "for": "the cards left in other hands"}]


def test_with_aces_wild_an_ace_is_worth_200_melded_or_held():
    # example 2
    hand = {"went_out": "Ann", "wild_rank": "A", "players": {
        "Ann": {"melds": ["KH KD AC", "3S 4S 5S"]}, "Ben": {"melds": ["7S 7H 7D"], "in_hand": "AH 9C"},
        "Cy": {"in_hand": "QC 2D"}}}
    assert scored([hand])["hands"][0]["scores"] == {"Ann": 455, "Ben": 15, "Cy": 0}


def test_when_the_stock_runs_out_players_score_their_melds_and_nobody_collects():
    # example 3
    hand = scored([{**sevens_wild(None), "ended": "stock_exhausted"}])["hands"][0]
    assert hand["scores"] == {"Ann": 135, "Ben": 300, "Cy": 0}


def test_a_set_of_the_wild_rank_is_a_set_of_that_rank():
    # example 4
    body = check_meld("7H 7S 7C", game="rummy5000", wild_rank=7)
    assert (body["legal"], body["kind"], body["points"]) == (True, "set", 300)
