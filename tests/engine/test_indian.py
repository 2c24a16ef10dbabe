"""Indian Rummy: every worked example of docs/rules/indian.md, computed by hand there, in every format."""

from __future__ import annotations

import pytest

from scorekeeper.engine import RulesError, check_meld, score_session
from scorekeeper.engine.cards import parse_meld_cards
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.games import find_game
from scorekeeper.engine.rules import table_rules

FOUR = ["Ann", "Ben", "Cy", "Dev"]
ANN_SHOW = ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]
BEN_BOTH_LIVES = {"melds": ["7D 8D 9D", "JS QS JK"], "in_hand": "QH 4C 3D"}
CY_ONE_SET = {"melds": ["AC AD AH"], "in_hand": "JD QD 10D 2C 3C 6H 7H 8C 9S JK"}
BEN_SHOW_WILD_4 = ["AS 2S 3S", "5H 6H 4C 8H", "9D 9C 9H", "JD QD KD"]


def example_3():
    """Ann shows; Ben has both lives and counts 17; Cy has no pure sequence and counts 86, capped at 80; Dev drops first."""
    return {"wild_rank": "9", "went_out": "Ann", "players": {
        "Ann": {"melds": ANN_SHOW}, "Ben": BEN_BOTH_LIVES, "Cy": CY_ONE_SET, "Dev": {"dropped": "first"},
    }}


def example_4_hand_2():
    return {"wild_rank": 4, "went_out": "Ben", "players": {
        "Ann": {"dropped": "middle"},
        "Ben": {"melds": BEN_SHOW_WILD_4},
        "Cy": {"wrong_show": True},
        "Dev": {"melds": ["10S JS QS", "6D 7D 4S"], "in_hand": "KC KH 2D 3D 5C"},
    }}


def scored(hands, options=None, players=FOUR):
    return score_session({"game": "indian", "players": players, "options": options or {}, "hands": hands})


def group(cards, wild_rank):
    return find_game("indian").group_name(parse_meld_cards(cards), table_rules("indian"), wild_rank)


# example 1: groups ------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "wild_rank", "kind"), [
    ("2H 3H 4H", 9, "pure sequence"),
    ("7D 8D 9D", 9, "pure sequence"),  # the 9D played as itself
    ("4H 5H 6H", 5, "pure sequence"),
    ("6H 7H 5H", 5, "pure sequence"),  # in any order
    ("6S 7S 9C", 9, "sequence (impure)"),
    ("JS QS JK", 9, "sequence (impure)"),
    ("3S 4S 5D", 5, "sequence (impure)"),
    ("4H 5D 6H", 5, "sequence (impure)"),
    ("KD KH KS", 9, "set"),
    ("QD QC JK", 5, "set"),
    ("5H 5S 5D", 5, "set"),
    ("QS KS AS", 9, "pure sequence"),
    ("AS 2S 3S", 9, "pure sequence"),
])
def test_each_group_is_named_as_the_rules_name_it(cards, wild_rank, kind):
    assert group(cards, wild_rank) == kind


@pytest.mark.parametrize(("cards", "reason"), [
    ("4H 5H 7H", "4H 5H 7H is not a sequence: there is a gap between 5 and 7"),
    ("KS AS 2S", "KS AS 2S is not a sequence: K-A-2 wraps around: an ace is high or low, not both"),
    ("7H 7H 7S", "7H 7H 7S is not a set: a set needs different suits: 7H appears twice"),
])
def test_a_card_group_that_is_no_group_says_why(cards, reason):
    body = check_meld(cards, game="indian", options={"decks": 2}, wild_rank=9)
    assert body["legal"] is False
    assert body["reason"] == reason


def test_the_meld_checker_names_the_group_with_the_hands_wild_rank():
    assert check_meld("4H 5D 6H", game="indian", wild_rank=5)["group"] == "sequence (impure)"
    assert check_meld("4H 5H 6H", game="indian", wild_rank=5)["group"] == "pure sequence"
    assert check_meld("4H 5H 7H", game="indian", wild_rank=9)["group"] is None


def test_a_printed_joker_cut_makes_the_aces_wild():
    assert check_meld("2H AS 4H", game="indian", wild_rank="A")["group"] == "sequence (impure)"
    assert find_game("indian").hand_card_points(table_rules("indian"), parse_meld_cards("AS")[0].card, 1) == 0


# example 2: declarations ----------------------------------------------------------------


@pytest.mark.parametrize(("groups", "answer"), [
    (ANN_SHOW, None),
    (["2H 3H 9S", "6S 7S 9C", "QD QC QS", "5D 5C 5H 5S"], "no pure sequence"),
    (["2H 3H 4H", "QD QC QS", "5D 5C 5H", "8D 8C 8S 8H"], "only one sequence"),
    (["2H 3H 4H", "6S 7S 9C", "KD KH KS"], "a show groups all 13 cards; these groups hold 9"),
    (["4H 5H 7H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"],
     "group 1: 4H 5H 7H is not a sequence: there is a gap between 5 and 7"),
])
def test_a_declaration_is_valid_or_gives_its_first_reason(groups, answer):
    game = find_game("indian")
    rules = table_rules("indian", {"decks": 2})
    assert game.declaration_refusal([parse_meld_cards(g) for g in groups], rules, 9) == answer


@pytest.mark.parametrize(("show", "why"), [
    (["2H 3H 9S", "6S 7S 9C", "QD QC QS", "5D 5C 5H 5S"], "Ann's show is not valid: no pure sequence"),
    (["2H 3H 4H", "QD QC QS", "5D 5C 5H", "8D 8C 8S 8H"], "Ann's show is not valid: only one sequence"),
    (["4H 5H 7H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"], "4H 5H 7H is not a sequence"),
])
def test_an_invalid_show_is_refused_naming_the_player_and_why(show, why):
    hand = example_3()
    hand["players"]["Ann"] = {"melds": show}
    with pytest.raises(RulesError) as caught:
        scored([hand])
    assert why in str(caught.value)
    assert caught.value.player == "Ann"


def test_a_declarer_with_cards_left_is_refused():
    hand = example_3()
    hand["players"]["Ann"] = {"melds": ANN_SHOW[:3], "in_hand": "10C JC QC KC"}
    with pytest.raises(RulesError, match="Ann went out, so no cards are left"):
        scored([hand])


def test_an_illegal_group_of_a_loser_is_refused_naming_the_player_and_group():
    hand = example_3()
    hand["players"]["Ben"] = {"melds": ["7D 8D 10D"], "in_hand": "QH 4C 3D"}
    with pytest.raises(RulesError, match="Ben's group 1 .* is not legal: 7D 8D 10D is not a sequence") as caught:
        scored([hand])
    assert caught.value.player == "Ben"


def test_more_copies_of_a_card_than_the_decks_hold_are_refused():
    hand = example_3()
    hand["players"]["Ben"] = {"melds": ["7D 8D 9D", "JS QS JK"], "in_hand": "2H 2H 3D"}  # Ann holds 2H too
    with pytest.raises(RulesError, match=r"2H is entered 3 times \(Ann's group 1, Ben's ungrouped cards\)"):
        scored([hand])


def test_an_unreadable_card_is_named_by_the_group_or_the_ungrouped_cards_it_was_typed_in():
    hand = example_3()
    hand["players"]["Ben"] = {"melds": ["7D 8D 9D", "JS QS XX"], "in_hand": "QH 4C 3D"}
    with pytest.raises(InputError, match="^hand 1: Ben's group 2: "):
        scored([hand])
    hand["players"]["Ben"] = {"melds": ["7D 8D 9D", "JS QS JK"], "in_hand": "QH 4C 1D"}
    with pytest.raises(InputError, match="^hand 1: Ben's ungrouped cards: "):
        scored([hand])


# example 3: one deal in every format ---------------------------------------------------------


def test_points_the_declarer_scores_0_and_collects_the_others_counts():
    body = scored([example_3()])
    hand = body["hands"][0]
    assert hand["scores"] == {"Ann": 0, "Ben": 17, "Cy": 80, "Dev": 20}
    assert hand["collects"] == 117
    assert body["status"] == "in_progress"
    assert body["leaders"] == ["Ann"]
    assert body["winner"] is None


def test_pool_101_scores_the_counts_and_nobody_is_out_yet():
    body = scored([example_3()], {"format": "pool"})
    assert body["hands"][0]["scores"] == {"Ann": 0, "Ben": 17, "Cy": 80, "Dev": 20}
    assert body["eliminated"] == [] and body["hands"][0]["eliminated"] == []
    assert body["target"] == 101


def test_pool_201_drops_cost_25_and_50():
    body = scored([example_3()], {"format": "pool", "pool": 201})
    assert body["hands"][0]["scores"] == {"Ann": 0, "Ben": 17, "Cy": 80, "Dev": 25}
    assert table_rules("indian", {"format": "pool", "pool": 201}).option("middle_drop") == 50


@pytest.mark.parametrize("game_format", ["points", "deals"])
def test_outside_a_pool_game_drops_cost_20_and_40_whatever_pool_the_options_name(game_format):
    # the new-game form sends its Pool choice whatever the format: 201 left chosen does not make a points game pool 201
    body = scored([example_3()], {"format": game_format, "pool": 201})
    assert body["hands"][0]["scores"]["Dev"] in (20, -20)
    rules = table_rules("indian", {"format": game_format, "pool": 201})
    assert (rules.option("first_drop"), rules.option("middle_drop")) == (20, 40)


def test_a_drop_given_explicitly_wins_over_the_pools_default():
    body = scored([example_3()], {"format": "pool", "pool": 201, "first_drop": 15})
    assert body["hands"][0]["scores"]["Dev"] == 15


def test_deals_the_winner_takes_the_others_counts_and_the_scores_sum_to_zero():
    body = scored([example_3()], {"format": "deals"})
    hand = body["hands"][0]
    assert hand["scores"] == {"Ann": 117, "Ben": -17, "Cy": -80, "Dev": -20}
    assert sum(hand["scores"].values()) == 0
    assert body["reason"] == "1 of 2 deals still to play"


def test_the_cap_is_an_option():
    body = scored([example_3()], {"max_count": 100})
    assert body["hands"][0]["scores"]["Cy"] == 86


def test_a_loser_without_both_lives_counts_every_card():
    hand = example_3()
    hand["players"]["Ben"] = {"melds": ["7D 8D 9D"], "in_hand": "JS QS JK QH 4C 3D"}  # only a pure sequence
    assert scored([hand])["hands"][0]["scores"]["Ben"] == 7 + 8 + 0 + 10 + 10 + 0 + 10 + 4 + 3


# example 4: a pool 101 game to its end ------------------------------------------------------


def pool_game():
    return [
        example_3(),
        example_4_hand_2(),
        {"rejoined": ["Cy"], "points": {"Ann": 0, "Ben": 80, "Cy": 20, "Dev": 55}},
        {"points": {"Ann": 0, "Ben": 10, "Cy": 30}},
    ]


def test_pool_drops_wrong_show_and_an_elimination():
    body = scored(pool_game()[:2], {"format": "pool"})
    assert body["hands"][1]["scores"] == {"Ann": 40, "Ben": 0, "Cy": 80, "Dev": 30}
    assert body["totals"] == {"Ann": 40, "Ben": 17, "Cy": 160, "Dev": 50}
    assert body["eliminated"] == ["Cy"]
    assert body["status"] == "in_progress"


def test_pool_a_player_rejoins_at_one_more_than_the_highest_total_still_in():
    body = scored(pool_game()[:3], {"format": "pool"})
    assert body["hands"][2]["rejoined"] == {"Cy": 51}
    assert body["totals"] == {"Ann": 40, "Ben": 97, "Cy": 71, "Dev": 105}
    assert body["eliminated"] == ["Dev"]


def test_pool_a_rejoin_is_refused_once_the_highest_total_still_in_reaches_80():
    hands = pool_game()[:3] + [{"rejoined": ["Dev"], "points": {"Ann": 0, "Ben": 10, "Cy": 30, "Dev": 5}}]
    with pytest.raises(RulesError, match="hand 4: Dev cannot rejoin: Ben's 97 is not below 80"):
        scored(hands, {"format": "pool"})


def test_pool_the_last_player_left_wins():
    body = scored(pool_game(), {"format": "pool"})
    assert body["status"] == "finished"
    assert body["winner"] == "Ann"
    assert body["eliminated"] == ["Ben", "Cy", "Dev"]


def test_pool_nobody_rejoins_once_the_game_is_over():
    hands = pool_game() + [{"rejoined": ["Ben"], "points": {"Ann": 0, "Ben": 5, "Cy": 0, "Dev": 0}}]
    with pytest.raises(RulesError, match="the pool game is over"):
        scored(hands, {"format": "pool"})


def test_pool_an_eliminated_player_is_not_dealt_in():
    hands = pool_game()[:3] + [{"points": {"Ann": 0, "Ben": 10, "Cy": 30, "Dev": 5}}]
    with pytest.raises(RulesError, match="Dev is out .* and is not dealt in"):
        scored(hands, {"format": "pool"})


@pytest.mark.parametrize(("options", "why"), [
    ({"format": "pool", "rejoin": False}, "hand 3: Cy cannot rejoin: this table plays without rejoining"),
    ({"format": "points"}, "hand 3: Cy cannot rejoin: only a pool game has rejoining"),
])
def test_a_rejoin_is_refused_when_the_options_forbid_it(options, why):
    with pytest.raises(RulesError, match=why):
        scored(pool_game()[:3], options)


def test_a_player_who_is_not_out_cannot_rejoin():
    hands = [example_3(), {"rejoined": ["Ben"], "points": {"Ann": 0, "Ben": 5, "Cy": 5, "Dev": 5}}]
    with pytest.raises(RulesError, match="hand 2: Ben cannot rejoin: Ben is not out"):
        scored(hands, {"format": "pool"})


# example 5: pool 201 at two players -------------------------------------------------------------


def test_pool_201_two_players_a_drop_and_a_wrong_show_end_the_deal_without_a_declarer():
    hands = [
        {"wild_rank": "Q", "went_out": None, "players": {"Ann": {"dropped": "first"}}},
        {"wild_rank": "3", "players": {"Ben": {"wrong_show": True}}},
        {"points": {"Ann": 0, "Ben": 80}},
        {"points": {"Ann": 0, "Ben": 45}},
    ]
    body = scored(hands, {"format": "pool", "pool": 201}, players=["Ann", "Ben"])
    assert [h["scores"] for h in body["hands"][:2]] == [{"Ann": 25, "Ben": 0}, {"Ann": 0, "Ben": 80}]
    assert body["hands"][0]["went_out"] is None
    assert body["totals"] == {"Ann": 25, "Ben": 205}
    assert (body["status"], body["winner"], body["eliminated"]) == ("finished", "Ann", ["Ben"])


def test_a_deal_without_a_declarer_needs_exactly_one_player_left():
    hand = {"wild_rank": "Q", "players": {"Ann": {"in_hand": "2H"}, "Ben": {"in_hand": "3H"}}}
    with pytest.raises(RulesError, match="nobody declared"):
        scored([hand], players=["Ann", "Ben"])


def test_a_player_in_play_with_nothing_entered_is_refused():
    hand = example_3()
    del hand["players"]["Ben"]
    with pytest.raises(RulesError, match="nothing is entered for Ben"):
        scored([hand])


def test_a_player_who_dropped_has_no_cards():
    hand = example_3()
    hand["players"]["Dev"] = {"dropped": "first", "in_hand": "2S"}
    with pytest.raises(RulesError, match="Dev dropped first, so no cards are entered for Dev"):
        scored([hand])


def test_a_bad_drop_is_an_input_error():
    hand = example_3()
    hand["players"]["Dev"] = {"dropped": "late"}
    with pytest.raises(InputError, match='Dev\'s `dropped` must be "first" or "middle"'):
        scored([hand])


def test_a_hand_of_cards_needs_the_wild_rank():
    hand = example_3()
    del hand["wild_rank"]
    with pytest.raises(InputError, match="Indian Rummy needs the hand's wild rank"):
        scored([hand])


def test_a_deal_of_drops_and_a_wrong_show_needs_no_wild_rank():
    # no card was entered: the wild rank would check nothing (a rank given is still read)
    hand = {"went_out": None, "players": {"Ann": {}, "Ben": {"dropped": "middle"}, "Cy": {"wrong_show": True}}}
    for given in ({}, {"wild_rank": "5"}):
        body = scored([hand | given], players=["Ann", "Ben", "Cy"])
        assert body["totals"] == {"Ann": 0, "Ben": 40, "Cy": 80}
    with pytest.raises(InputError, match="wild rank `Z` is not a rank"):
        scored([hand | {"wild_rank": "Z"}], players=["Ann", "Ben", "Cy"])


# example 6: deals ------------------------------------------------------------------------------


def deals_game(second):
    return [
        {"wild_rank": 9, "went_out": "Ann", "players": {"Ann": {"melds": ANN_SHOW}, "Ben": BEN_BOTH_LIVES}},
        second,
    ]


def test_deals_the_highest_total_after_the_last_deal_wins():
    second = {"wild_rank": 4, "went_out": "Ben", "players": {"Ann": {"dropped": "middle"}, "Ben": {"melds": BEN_SHOW_WILD_4}}}
    body = scored(deals_game(second), {"format": "deals"}, players=["Ann", "Ben"])
    assert [h["scores"] for h in body["hands"]] == [{"Ann": 17, "Ben": -17}, {"Ann": -40, "Ben": 40}]
    assert body["totals"] == {"Ann": -23, "Ben": 23}
    assert (body["status"], body["winner"], body["leaders"]) == ("finished", "Ben", ["Ben"])


def test_deals_a_tie_for_the_highest_shares_the_game():
    body = scored(deals_game({"points": {"Ann": -17, "Ben": 17}}), {"format": "deals"}, players=["Ann", "Ben"])
    assert body["status"] == "finished"
    assert body["winner"] is None
    assert "Ann and Ben share the game on the highest total, 0" in body["reason"]


def test_deals_one_deck_and_one_joker_for_two_players():
    rules = table_rules("indian", {}, players=2)
    assert (rules.decks, rules.jokers) == (1, 1)
    assert (table_rules("indian", {}, players=5).decks, table_rules("indian", {"decks": 2}, players=2).decks) == (2, 2)
