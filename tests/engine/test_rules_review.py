"""A second reading of RULES.md and API.md against the engine: one test per rule, option, tie-break and error.

Each test is named after the rule it pins and says where RULES.md states it.
The facade is used as the web app and the CLI use it; the JSON API is
exercised through Flask's test client for its status codes and field names.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    InputError,
    RulesError,
    check_layoff,
    check_meld,
    deck_counts,
    resolve_options,
    score_session,
)

FOUR = ["Ann", "Ben", "Cy", "Di"]


def went_out(name, players, **extra):
    """A hand entered with cards, ended by `name` going out."""
    return {"ended": "went_out", "went_out": name, "players": players, **extra}


def blocked(players, **extra):
    """A hand entered with cards, ended by the stock running out."""
    return {"ended": "stock_exhausted", "players": players, **extra}


def points(name, scores, **extra):
    """A hand entered as plain points; `name` went out (None: the stock ran out)."""
    ended = "went_out" if name else "stock_exhausted"
    return {"ended": ended, "went_out": name, "points": scores, **extra}


def score(game, players, *hands, **options):
    """Score a session of `hands` through the facade."""
    return score_session({"game": game, "options": options, "players": players, "hands": list(hands)})


def layoff(cards, owner, meld=0):
    """A lay-off entry onto `owner`'s meld `meld`."""
    return {"cards": cards, "onto": {"player": owner, "meld": meld}}


def first_notation(cards, game="rummy500", **kwargs):
    """The reading the engine uses when the player chose none."""
    return check_meld(cards, game, **kwargs)["readings"][0]["notation"]


# 2. wild cards: the reading used when none is chosen ----------------------------


def test_wild_reading_prefers_a_set_over_any_run():
    body = check_meld("9H JK JK")
    assert body["kind"] == "set"
    notations = [r["notation"] for r in body["readings"]]
    assert notations[0] == "9H JK=9S JK=9D"
    # RULES.md's own list: a set of nines, or 7-8-9, 8-9-10, 9-10-J of hearts
    assert {tuple(r["represents"]) for r in body["readings"][1:]} == {
        ("7H", "8H", "9H"), ("8H", "9H", "10H"), ("9H", "10H", "JH"),
    }


@pytest.mark.parametrize(
    ("cards", "reading"),
    [
        ("6H 7H JK", "6H 7H JK=8H"),  # RULES.md: the joker after 6-7 is the 8
        ("JK 6H 7H", "JK=5H 6H 7H"),  # and before them the 5
        ("9H 8H JK", "JK=7H 8H 9H"),  # falling as entered: 9, 8, then 7
        ("JK 9H 8H", "8H 9H JK=10H"),  # falling: 10, 9, 8
        ("KH QH JK", "JK=JH QH KH"),
        ("QH KH JK", "QH KH JK=AH"),
        ("AH KH JK", "JK=QH KH AH"),  # a high ace falling to the queen
        ("JK 2H 3H", "JK=AH 2H 3H"),
        ("JK JK 9H", "JK=9S JK=9D 9H"),
        ("10H JK 8H", "8H JK=9H 10H"),
    ],
)
def test_wild_card_stands_where_it_was_entered(cards, reading):
    assert first_notation(cards) == reading


@pytest.mark.parametrize(
    ("cards", "reading"),
    [
        ("2H AH JK", "AH 2H JK=3H"),  # no run in entered order: the one starting lowest
        ("JK AH 2H", "AH 2H JK=3H"),
        ("9H JK 7H", "7H JK=8H 9H"),
    ],
)
def test_wild_card_without_entered_order_run_takes_the_lowest_run(cards, reading):
    assert first_notation(cards) == reading


def test_all_readings_are_listed_with_the_chosen_one_first():
    body = check_meld("JK JK 9H")
    assert [r["notation"] for r in body["readings"]] == [
        "JK=9S JK=9D 9H", "JK=7H JK=8H 9H", "JK=8H 9H JK=10H", "9H JK=10H JK=JH",
    ]


def test_each_reading_notation_picks_that_reading_when_entered_again():
    for reading in check_meld("9H JK JK")["readings"]:
        again = check_meld(reading["notation"])
        assert again["readings"][0]["represents"] == reading["represents"]


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("7H 8H JK=10H", "there is a gap between 8 and 10"),
        ("JK=5H 7H 8H", "there is a gap between 5 and 7"),
        ("7H 8H JK=9S", "a run needs one suit: 7H and 9S are mixed"),
        ("KH KS JK=KS", "a set needs different suits: KS appears twice"),
    ],
)
def test_explicit_wild_reading_that_contradicts_the_position_is_refused(cards, reason):
    body = check_meld(cards)
    assert body["legal"] is False and body["reason"] == reason


def test_explicit_wild_reading_that_fits_is_kept_wherever_it_was_entered():
    assert first_notation("JK=9H 7H 8H") == "7H 8H JK=9H"
    assert first_notation("6H JK=8H 7H") == "6H 7H JK=8H"


@pytest.mark.parametrize(
    ("cards", "game", "reason"),
    [
        ("JK=8H 9H 10H", "persian", "jokers are not wild in Persian Rummy, so JK=8H cannot stand for another card"),
        ("2C=8H 9H 10H", "rummy500", "2C is not wild in 500 Rum, so it cannot stand for 8H"),
        ("JK=8H 9H 10H", "gin", "JK: Gin Rummy is played here without jokers"),
    ],
)
def test_explicit_wild_reading_in_a_game_where_the_card_is_not_wild_is_refused(cards, game, reason):
    assert check_meld(cards, game)["reason"] == reason


def test_wild_rank_reading_in_5000_rummy_must_use_the_wild_rank():
    assert check_meld("8C=9C 10C JC", "rummy5000", wild_rank=7)["reason"] == (
        "8C is not wild in 5000 Rummy, so it cannot stand for 9C"
    )
    assert check_meld("7C=9C 10C JC", "rummy5000", wild_rank=7)["legal"] is True


def test_meld_of_only_wild_cards_is_not_legal():
    assert check_meld("JK JK JK", options={"decks": 2})["reason"] == (
        "a meld needs at least one natural card; JK JK JK are all wild"
    )
    assert check_meld("JK JK 2C", "oklahoma", {"jokers": 2})["legal"] is False


# 2. sets ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["rummy500", "oklahoma", "rummy5000"])
def test_set_never_holds_more_than_four_cards_wild_included(game):
    wild = "2C" if game == "oklahoma" else "JK"
    cards = f"KH KS KD KC {wild}" if game != "rummy5000" else "KH KS KD KC 7C"
    body = check_meld(cards, game, wild_rank=7 if game == "rummy5000" else None)
    assert body["legal"] is False
    assert body["reason"].startswith("a set has at most 4 cards")


def test_four_kings_take_a_joker_only_as_the_missing_suit():
    assert first_notation("KH KS KD JK") == "KH KS KD JK=KC"


def test_set_suits_may_not_repeat_in_500_rum_even_with_two_decks():
    body = check_meld("6H 6H 6S", options={"decks": 2})
    assert body["reason"] == "a set needs different suits: 6H appears twice"
    assert check_meld("KH KH KS", "michigan", {"decks": 2})["legal"] is False


@pytest.mark.parametrize(("game", "wild_rank"), [("oklahoma", None), ("rummy5000", "K")])
def test_set_suits_may_repeat_in_oklahoma_and_5000_rummy(game, wild_rank):
    options = {"decks": 2} if game == "rummy5000" else None
    body = check_meld("6H 6H 6S", game, options, wild_rank)
    assert body["legal"] is True and body["kind"] == "set"


def test_one_deck_has_one_copy_of_a_card_in_a_meld():
    assert check_meld("6H 6H 6S")["reason"] == "6H appears twice in this meld, but one deck has only one"


def test_two_decks_hold_each_card_only_twice():
    assert check_meld("9H 9H 9H", "oklahoma")["reason"] == "9H appears three times in this meld, but 2 decks hold only 2"


# 2. runs and aces --------------------------------------------------------------------


def test_run_wrapping_round_the_ace_is_illegal_in_every_game():
    for game in ("rummy500", "persian", "michigan", "basic", "penalty", "gin"):
        assert check_meld("KH AH 2H", game)["reason"] == "K-A-2 wraps around: an ace is high or low, not both"
    # in Oklahoma the deuce is wild, so K-A-2 is read as Q-K-A
    assert first_notation("KH AH 2H", "oklahoma") == "2H=QH KH AH"


@pytest.mark.parametrize("game", ["basic", "penalty", "gin"])
def test_aces_low_only_games_refuse_q_k_a(game):
    names = {"basic": "Basic Rummy", "penalty": "Rummy to 100", "gin": "Gin Rummy"}
    assert check_meld("QH KH AH", game)["reason"] == f"Q-K-A puts the ace high: in {names[game]} aces are low only"
    assert check_meld("AH 2H 3H", game)["legal"] is True


def test_persian_aces_are_high_only():
    assert check_meld("AH 2H 3H", "persian")["reason"] == "A-2-3 puts the ace low: in Persian Rummy aces are high only"
    assert check_meld("QH KH AH", "persian")["points"] == 35


def test_wild_card_cannot_put_an_ace_where_the_game_forbids_it():
    assert check_meld("QH KH JK=AH", "basic", {"jokers": 2})["legal"] is False
    assert first_notation("QH KH JK", "basic", options={"jokers": 2}) == "JK=JH QH KH"


def test_run_of_all_thirteen_cards_reads_the_ace_as_entered():
    body = check_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert body["points"] == 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 * 4
    assert check_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", options={"decks": 2})["legal"] is False


# 4.1 500 Rum values ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "options", "points"),
    [
        ("9H 10H JH", {}, 29),  # the seeds' worked example
        ("AH 2H 3H", {}, 6),  # a low ace scores 1
        ("QH KH AH", {}, 35),  # a high ace 15
        ("AH AS AD", {}, 45),
        ("JK 2H 3H", {}, 20),  # a joker scores 15 wherever it stands
        ("AH 2H 3H", {"card_values": "5-10-15"}, 15),  # a low ace 5, 2-9 5
        ("QH KH AH", {"card_values": "5-10-15"}, 35),
        ("QH KH AH", {"ace_points": 1}, 21),
        ("AH 2H 3H", {"ace_points": 1}, 6),
    ],
)
def test_rummy500_meld_values(cards, options, points):
    assert check_meld(cards, "rummy500", options)["points"] == points


def test_rummy500_5_10_15_values_melded_and_in_hand():
    body = score(
        "rummy500", ["A", "B"],
        went_out("A", {"A": {"melds": ["AH 2H 3H", "QS KS AS"]}, "B": {"in_hand": "AD 9C 10C JK"}}),
        card_values="5-10-15",
    )
    assert body["totals"] == {"A": 15 + 35, "B": -(15 + 5 + 10 + 15)}


def test_rummy500_ace_points_option_makes_every_ace_1_in_hand_too():
    body = score("rummy500", ["A", "B"], went_out("A", {"A": {"melds": ["QH KH AH"]}, "B": {"in_hand": "AS"}}), ace_points=1)
    assert body["totals"] == {"A": 21, "B": -1}


def test_rummy500_worked_example_58_melded_king_and_five_left_scores_43():
    body = score("rummy500", ["A", "B"], went_out("B", {
        "A": {"melds": ["9H 10H JH", "9S 10S JS"], "in_hand": "KS 5D"}, "B": {"melds": ["4C 5C 6C"]}}))
    assert body["hands"][0]["scores"]["A"] == 43


def test_api_md_session_example_gives_the_figures_shown():
    body = score_session({
        "game": "rummy500", "options": {"must_go_out_to_win": False}, "players": ["Ann", "Ben", "Cy"],
        "hands": [
            {"ended": "went_out", "went_out": "Ann", "concealed": False, "wild_rank": None, "players": {
                "Ann": {"melds": [["7H", "8H", "9H"], "KS KD KC"], "layoffs": [], "in_hand": []},
                "Ben": {"melds": [], "layoffs": [layoff(["10H"], "Ann")], "in_hand": "QS 4D"},
                "Cy": {"melds": [], "layoffs": [], "in_hand": ["AS"]}}},
            points("Ben", {"Ann": 12, "Ben": 61, "Cy": -20}),
        ],
    })
    assert body["hands"][0]["scores"] == {"Ann": 54, "Ben": -4, "Cy": -15}
    assert body["totals"] == {"Ann": 66, "Ben": 57, "Cy": -35}
    assert (body["status"], body["winner"], body["reason"]) == ("in_progress", None, "nobody has reached 500")


def test_rummy500_rummy_bonus_goes_to_the_player_who_went_out_concealed():
    hand = went_out("A", {"A": {"melds": ["7H 8H 9H"]}, "B": {"in_hand": "2C"}}, concealed=True)
    assert score("rummy500", ["A", "B"], hand, rummy_bonus=10)["totals"] == {"A": 34, "B": -2}
    assert score("rummy500", ["A", "B"], hand)["totals"] == {"A": 24, "B": -2}


def test_rummy500_decks_and_jokers_follow_the_player_count():
    assert deck_counts("rummy500", {}, 4)["KH"] == 1 and deck_counts("rummy500", {}, 4)["JK"] == 2
    assert deck_counts("rummy500", {}, 5)["KH"] == 2 and deck_counts("rummy500", {}, 5)["JK"] == 4
    assert deck_counts("rummy500", {"jokers": 0}, 5)["JK"] == 0


# 4.1 ending: ties and must_go_out_to_win ----------------------------------------------


def test_rummy500_equal_highest_totals_at_target_play_another_hand():
    body = score("rummy500", ["A", "B"], points("A", {"A": 510, "B": 510}))
    assert (body["status"], body["winner"]) == ("in_progress", None)
    assert body["reason"] == "A and B are tied on 510: another hand decides"
    body = score("rummy500", ["A", "B"], points("A", {"A": 510, "B": 510}), points("A", {"A": 5, "B": 0}))
    assert (body["status"], body["winner"]) == ("finished", "A")


def test_rummy500_highest_total_at_or_above_target_wins():
    body = score("rummy500", ["A", "B", "C"], points("B", {"A": 500, "B": 499, "C": 0}))
    assert (body["status"], body["winner"]) == ("finished", "A")
    assert body["reason"] == "A reached 500, the highest at or above 500"


def test_must_go_out_to_win_lets_the_goer_win_over_a_higher_total():
    body = score("rummy500", ["A", "B"], points("A", {"A": 500, "B": 600}), must_go_out_to_win=True)
    assert (body["status"], body["winner"]) == ("finished", "A")


def test_must_go_out_to_win_plays_on_when_the_goer_is_short():
    body = score("rummy500", ["A", "B"], points("A", {"A": 400, "B": 600}), must_go_out_to_win=True)
    assert (body["status"], body["winner"]) == ("in_progress", None)
    body = score("rummy500", ["A", "B"], points(None, {"A": 600, "B": 600}), must_go_out_to_win=True)
    assert body["status"] == "in_progress"


def test_editing_an_earlier_hand_can_unfinish_a_game():
    finished = score("rummy500", ["A", "B"], points("A", {"A": 520, "B": 0}), points("B", {"A": 0, "B": 10}))
    assert finished["status"] == "finished" and finished["winner"] == "A"
    edited = score("rummy500", ["A", "B"], points("A", {"A": 420, "B": 0}), points("B", {"A": 0, "B": 10}))
    assert edited["status"] == "in_progress"


# 3. checks on every hand ----------------------------------------------------------


def test_card_counts_are_checked_across_all_players_of_a_hand():
    with pytest.raises(RulesError) as err:
        score("rummy500", ["A", "B"], went_out("A", {"A": {"melds": ["7H 8H 9H"]}, "B": {"in_hand": "9H"}}))
    assert str(err.value) == "hand 1: 9H is entered 2 times (A's meld 1, B's cards left in hand), but one deck has only one"
    assert err.value.fields()["player"] == "B"


def test_joker_count_is_checked_across_all_players_of_a_hand():
    with pytest.raises(RulesError, match="JK is entered 3 times .* but the game uses only 2 jokers"):
        score("rummy500", ["A", "B"], went_out("A", {"A": {"melds": ["7H 8H JK", "KS KD JK"]}, "B": {"in_hand": "JK"}}))


def test_two_decks_allow_each_card_twice_across_players():
    body = score("rummy500", list("ABCDE"), went_out("A", {"A": {"melds": ["7H 8H 9H"]}, "B": {"in_hand": "9H"}}))
    assert body["totals"]["B"] == -9
    with pytest.raises(RulesError, match="9H is entered 3 times"):
        score("oklahoma", ["A", "B"], went_out("A", {"A": {"melds": ["9H 9H 9S"]}, "B": {"in_hand": "9H"}}))


def test_jokers_in_a_game_played_without_them_name_where_they_were_entered():
    with pytest.raises(RulesError) as err:
        score("oklahoma", ["A", "B"], blocked({"A": {"melds": ["7H 8H 9H"]}, "B": {"in_hand": "2C JK"}}))
    assert str(err.value) == "hand 1: JK (B's cards left in hand): Oklahoma is played here without jokers"


def test_only_one_player_can_go_out():
    with pytest.raises(RulesError) as err:
        score_session({"players": ["A", "B"], "hands": [{"ended": "went_out", "went_out": ["A", "B"], "players": {}}]})
    assert str(err.value) == "hand 1: only one player can go out in a hand, but A and B are named"


def test_player_who_went_out_has_no_cards_left():
    with pytest.raises(RulesError) as err:
        score("rummy500", ["A", "B"], went_out("A", {"A": {"melds": ["7H 8H 9H"], "in_hand": "2C"}, "B": {"in_hand": "3C"}}))
    assert str(err.value) == "hand 1: A went out, so no cards are left in A's hand, but 2C are entered"
    assert err.value.fields() == {"error": str(err.value), "hand": 1, "player": "A", "field": "in_hand"}


def test_nobody_goes_out_concealed_when_the_stock_ran_out():
    with pytest.raises(RulesError, match="only a player who went out can go out concealed"):
        score("rummy500", ["A", "B"], blocked({"A": {"melds": ["7H 8H 9H"]}}, concealed=True))


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (went_out("A", {"A": {"melds": ["7H 8H 9H"]}, "Zed": {"in_hand": "3C"}}),
         "hand 1: `Zed` is not a player in this session: players are A, B"),
        (went_out("Zed", {"A": {"melds": ["7H 8H 9H"]}}), "hand 1: `Zed` went out, but is not a player in this session"),
        (points("A", {"A": 5, "Zed": 3}), "hand 1: `Zed` is not a player in this session"),
        (went_out("A", {"A": {"melds": ["7H 8H 9H"]}, "B": {"layoffs": [layoff("10H", "Zed")]}}),
         "hand 1: B's lay-off 1 is onto `Zed`, who is not a player here"),
    ],
)
def test_unknown_player_names_are_refused_by_name(hand, message):
    with pytest.raises(InputError) as err:
        score("rummy500", ["A", "B"], hand)
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("game", "count", "message"),
    [
        ("rummy500", 1, "500 Rum is played by 2 to 8 players, not 1"),
        ("rummy500", 9, "500 Rum is played by 2 to 8 players, not 9"),
        ("persian", 3, "Persian Rummy is played by exactly 4 players, not 3"),
        ("oklahoma", 9, "Oklahoma is played by 2 to 8 players, not 9"),
        ("basic", 5, "Basic Rummy is played by 2 to 4 players, not 5"),
        ("penalty", 7, "Rummy to 100 is played by 2 to 6 players, not 7"),
        ("gin", 3, "Gin Rummy is played by exactly 2 players, not 3"),
    ],
)
def test_player_count_limits_per_game(game, count, message):
    with pytest.raises(InputError) as err:
        score_session({"game": game, "players": [f"P{i}" for i in range(count)], "hands": []})
    assert str(err.value) == message


def test_illegal_meld_error_names_hand_player_meld_and_reason():
    with pytest.raises(RulesError) as err:
        score("rummy500", ["Ann", "Ben"], points("Ann", {"Ann": 1}),
              went_out("Ann", {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"melds": ["2S 3S 4S", "9H 10H QH"], "in_hand": "5C"}}))
    assert str(err.value) == "hand 2: Ben's meld 2 (9H 10H QH) is not legal: there is a gap between 10 and Q"
    assert err.value.fields() == {"error": str(err.value), "hand": 2, "player": "Ben", "field": "melds"}
    assert err.value.meld == 1  # counted from 0, for forms to mark the box


# 2. lay-offs ------------------------------------------------------------------------


def test_layoff_chains_extend_the_meld_as_it_stands_after_earlier_layoffs():
    # JH fits only once 10H is on: lay-offs are placed whatever order they are entered in
    body = score("rummy500", ["A", "B", "C"], went_out("A", {
        "A": {"melds": ["7H 8H 9H"]},
        "B": {"layoffs": [layoff("JH", "A")], "in_hand": "2C"},
        "C": {"layoffs": [layoff("10H", "A")], "in_hand": "3C"},
    }))
    assert body["hands"][0]["scores"] == {"A": 24, "B": 8, "C": 7}


def test_layoff_scores_for_whoever_lays_it_off():
    body = score("rummy500", ["A", "B"], went_out("A", {
        "A": {"melds": ["7H 8H 9H"]}, "B": {"layoffs": [layoff("10H", "A")]}}))
    assert body["hands"][0]["scores"] == {"A": 24, "B": 10}


def test_layoff_onto_a_full_set_is_refused_with_the_meld_as_it_stands():
    with pytest.raises(RulesError) as err:
        score("rummy500", ["A", "B", "C"], went_out("A", {
            "A": {"melds": ["KH KS KD"]},
            "B": {"layoffs": [layoff("KC", "A")]},
            "C": {"layoffs": [layoff("JK", "A")], "in_hand": "2C"},
        }))
    assert str(err.value).startswith("hand 1: C's lay-off 1 (JK) does not fit A's meld 1 (KH KS KD KC): a set has at most 4 cards")


def test_layoff_onto_a_meld_that_does_not_exist_names_the_meld():
    with pytest.raises(RulesError) as err:
        score("rummy500", ["A", "B"], went_out("A", {"A": {"melds": ["7H 8H 9H"]}, "B": {"layoffs": [layoff("10H", "A", 1)]}}))
    assert str(err.value) == "hand 1: B's lay-off 1 is onto A's meld 2, but A melded 1"


def test_wild_card_keeps_the_card_it_stands_for_once_melded():
    body = check_layoff("7H 8H JK", "10H")
    assert body["meld"]["notation"] == "7H 8H JK=9H" and body["points"] == 10
    assert check_layoff("7H 8H JK", "9H")["legal"] is False
    assert check_layoff("QH KH JK=AH", "AH")["legal"] is False


def test_layoff_of_a_low_ace_scores_as_a_low_ace():
    assert check_layoff("2H 3H 4H", "AH")["points"] == 1
    assert check_layoff("2H 3H 4H", "AH", options={"card_values": "5-10-15"})["points"] == 5
    assert check_layoff("AH 2H 3H", "KH")["reason"] == "K-A-2-3 wraps around: an ace is high or low, not both"


def test_oklahoma_players_lay_off_only_on_their_own_melds():
    with pytest.raises(RulesError) as err:
        score("oklahoma", ["A", "B"], went_out("A", {"A": {"melds": ["7H 8H 9H"]}, "B": {"layoffs": [layoff("10H", "A")]}}))
    assert str(err.value) == "hand 1: B's lay-off 1 is onto A's meld, but in Oklahoma players lay off only on their own melds"
    body = score("oklahoma", ["A", "B"], went_out("A", {"A": {"melds": ["7H 8H 9H"], "layoffs": [layoff("10H", "A")]}, "B": {}}))
    assert body["totals"]["A"] == 5 + 10 + 10 + 10 + 100


# 4.2 Persian -------------------------------------------------------------------------


def test_persian_jokers_meld_only_as_sets_of_jokers_worth_20():
    assert check_meld("JK JK JK", "persian")["points"] == 60
    assert check_meld("JK JK 9H", "persian")["legal"] is False
    assert check_layoff("KH KS KD", "JK", "persian")["legal"] is False
    assert check_layoff("JK JK JK", "JK", "persian")["points"] == 20


def test_persian_four_of_a_kind_melded_at_once_doubles_but_a_laid_off_fourth_does_not():
    assert check_meld("KH KS KD KC", "persian")["points"] == 80
    assert check_meld("JK JK JK JK", "persian")["points"] == 160
    body = score("persian", FOUR, went_out("Ann", {
        "Ann": {"melds": ["KH KS KD"]}, "Ben": {"layoffs": [layoff("KC", "Ann")], "in_hand": "5C"}}))
    assert body["hands"][0]["player_scores"] == {"Ann": 30, "Ben": 5, "Cy": 0, "Di": 0}


def test_persian_partnerships_score_together_with_25_for_going_out():
    body = score("persian", FOUR, went_out("Ann", {
        "Ann": {"melds": ["KH KS KD KC", "JK JK JK"]}, "Ben": {"in_hand": "5C"},
        "Cy": {"melds": ["7H 8H 9H"], "in_hand": "JK"}, "Di": {"in_hand": "AS"}}))
    # Ann 80 + 60; Cy 24 - 20 joker in hand; +25 for going out. Ben -5, Di -15 (ace 15)
    assert body["totals"] == {"Ann & Cy": 140 + 4 + 25, "Ben & Di": -20}
    assert body["partnerships"] == {"Ann & Cy": ["Ann", "Cy"], "Ben & Di": ["Ben", "Di"]}


def test_persian_no_going_out_bonus_when_the_stock_runs_out():
    body = score("persian", FOUR, blocked({"Ann": {"melds": ["KH KS KD"]}, "Ben": {"in_hand": "5C"}}))
    assert body["totals"] == {"Ann & Cy": 30, "Ben & Di": -5}


def test_persian_points_hands_are_summed_per_partnership_and_mix_with_card_hands():
    body = score("persian", FOUR, points("Ann", {"Ann": 100, "Ben": 20, "Cy": 50, "Di": -10}),
                 went_out("Ben", {"Ann": {"in_hand": "KS"}, "Ben": {"melds": ["7H 8H 9H"]}}))
    assert [h["scores"] for h in body["hands"]] == [
        {"Ann & Cy": 150, "Ben & Di": 10}, {"Ann & Cy": -10, "Ben & Di": 24 + 25},
    ]
    assert body["totals"] == {"Ann & Cy": 140, "Ben & Di": 59}


def test_persian_partnership_reaching_500_wins_with_50_more():
    body = score("persian", FOUR, points("Ann", {"Ann": 300, "Ben": 20, "Cy": 250, "Di": -10}))
    assert (body["status"], body["winner"]) == ("finished", "Ann & Cy")
    assert body["totals"] == {"Ann & Cy": 600, "Ben & Di": 10}


def test_persian_both_over_500_the_higher_wins_and_equal_plays_on():
    both = score("persian", FOUR, points("Ann", {"Ann": 300, "Ben": 300, "Cy": 250, "Di": 260}))
    assert both["winner"] == "Ben & Di" and both["totals"]["Ben & Di"] == 610
    tied = score("persian", FOUR, points("Ann", {"Ann": 300, "Ben": 300, "Cy": 250, "Di": 250}))
    assert (tied["status"], tied["winner"]) == ("in_progress", None)


def test_persian_jokers_are_four_in_all():
    with pytest.raises(RulesError, match="JK is entered 5 times"):
        score("persian", FOUR, went_out("Ann", {"Ann": {"melds": ["JK JK JK JK"]}, "Ben": {"in_hand": "JK"}}))


# 4.3 Oklahoma -------------------------------------------------------------------------


def test_oklahoma_values_melded_and_in_hand():
    body = score("oklahoma", ["A", "B"], went_out("A", {
        "A": {"melds": ["QS QH QD", "AH AS 2C"]}, "B": {"in_hand": "QS 2D 7C AD KC"}}))
    # Q♠ 50 + 10 + 10; aces 20 and a deuce standing for an ace 20; +100 for going out
    assert body["totals"] == {"A": 70 + 60 + 100, "B": -(100 + 20 + 5 + 20 + 10)}


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("2C 2D 2H", 15),  # deuces played as twos score 5 each
        ("AH 2C 3H", 30),  # a deuce standing for a two: 5
        ("JH QH KH 2C", 50),  # a deuce standing for an ace: 20
        ("QH 2C=QS QD", 70),  # a deuce standing for the queen of spades: 50
        ("QS 2C QD", 70),
        ("QH 2C QD", 30),
    ],
)
def test_oklahoma_deuce_scores_as_the_card_it_stands_for(cards, points):
    assert check_meld(cards, "oklahoma")["points"] == points


def test_oklahoma_concealed_going_out_scores_250_instead_of_100():
    hand = went_out("A", {"A": {"melds": ["QS QH QD"]}, "B": {"in_hand": "7C"}}, concealed=True)
    assert score("oklahoma", ["A", "B"], hand)["totals"] == {"A": 70 + 250, "B": -5}


def test_oklahoma_250_bonus_does_not_count_toward_the_target():
    hand = went_out("A", {"A": {"melds": ["QS QH QD"]}, "B": {"in_hand": "7C"}}, concealed=True)
    body = score("oklahoma", ["A", "B"], hand, points("A", {"A": 700, "B": 0}))
    assert body["totals"]["A"] == 1020 and body["status"] == "in_progress"


def test_oklahoma_winner_gets_200_and_ties_play_on():
    body = score("oklahoma", ["A", "B"], points("A", {"A": 1000, "B": 900}))
    assert (body["winner"], body["totals"]) == ("A", {"A": 1200, "B": 900})
    tied = score("oklahoma", ["A", "B"], points("A", {"A": 1000, "B": 1000}))
    assert (tied["status"], tied["totals"]) == ("in_progress", {"A": 1000, "B": 1000})


def test_oklahoma_block_gives_no_bonus_and_jokers_are_100_or_minus_200():
    body = score("oklahoma", ["A", "B"], blocked({"A": {"melds": ["7H 8H JK"]}, "B": {"in_hand": "2C JK"}}), jokers=2)
    assert body["totals"] == {"A": 5 + 10 + 100, "B": -20 - 200}


def test_oklahoma_jokers_option_runs_from_0_to_4():
    assert deck_counts("oklahoma", {"jokers": 4})["JK"] == 4
    with pytest.raises(InputError, match="must be a whole number from 0 to 4, not 5"):
        resolve_options("oklahoma", {"jokers": 5})


# 4.4 Michigan ------------------------------------------------------------------------


def test_michigan_every_hand_is_a_game_and_totals_count_hands_won():
    body = score("michigan", ["A", "B", "C"],
                 points("A", {"A": 50, "B": 10, "C": 50}),
                 went_out("B", {"A": {"in_hand": "KS"}, "B": {"melds": ["7H 8H 9H"]}}),
                 points("A", {"A": 5, "B": 1, "C": 0}))
    first = body["hands"][0]
    assert (first["winner"], first["winners"]) == (None, ["A", "C"])
    assert body["hands"][1]["winner"] == "B"
    assert body["totals"] == {"A": 2, "B": 1, "C": 1}


def test_michigan_takes_no_target():
    with pytest.raises(InputError, match="has no option `target`"):
        resolve_options("michigan", {"target": 100})


# 4.5 5000 Rummy -----------------------------------------------------------------------


def test_rummy5000_goer_scores_melds_and_every_card_left_in_other_hands():
    body = score("rummy5000", ["A", "B", "C"], went_out("A", {
        "A": {"melds": ["7C 7D 7H", "KS QS JS"]}, "B": {"in_hand": "7S AH 3C"},
        "C": {"melds": ["4D 5D 6D"], "in_hand": "KH"}}, wild_rank="7"))
    # wild sevens 100 each; B holds a wild 7 (100), an ace (100), a 3 (5); C a king (10); nobody loses
    assert body["totals"] == {"A": 300 + 30 + 205 + 10, "B": 0, "C": 15}


def test_rummy5000_stock_exhausted_scores_melds_only():
    body = score("rummy5000", ["A", "B", "C"], blocked({
        "A": {"melds": ["7C 7D 7H"]}, "B": {"in_hand": "7S AH 3C"}, "C": {"melds": ["4D 5D 6D"], "in_hand": "KH"}},
        wild_rank="7"))
    assert body["totals"] == {"A": 300, "B": 0, "C": 15}


def test_rummy5000_wild_aces_are_worth_200():
    body = score("rummy5000", ["A", "B", "C"], went_out("A", {"A": {"melds": ["AC AD 5H"]}, "B": {"in_hand": "AS"}},
                                                         wild_rank="A"))
    assert body["totals"]["A"] == 200 + 200 + 5 + 200
    assert check_meld("AC AD AH", "rummy5000", wild_rank=5)["points"] == 300


def test_rummy5000_set_of_the_wild_rank_itself_is_legal():
    assert check_meld("7C 7D 7H", "rummy5000", wild_rank=7)["points"] == 300


def test_rummy5000_needs_the_wild_rank_of_a_card_hand():
    with pytest.raises(InputError) as err:
        score("rummy5000", ["A", "B", "C"], blocked({"A": {"melds": ["7C 7D 7H"]}}))
    assert err.value.fields()["field"] == "wild_rank"
    assert score("rummy5000", ["A", "B", "C"], points("A", {"A": 50}))["totals"]["A"] == 50


def test_rummy5000_ties_at_target_play_on():
    body = score("rummy5000", ["A", "B", "C"], points("A", {"A": 5000, "B": 4000, "C": 5000}))
    assert (body["status"], body["winner"]) == ("in_progress", None)


# 4.6 Basic ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [(2, 100), (3, 150), (4, 200)])
def test_basic_target_follows_the_player_count(players, target):
    assert resolve_options("basic", {}, n_players=players)["target"] == target


def test_basic_goer_scores_cards_left_in_other_hands_and_concealed_doubles():
    players = {"A": {"melds": ["7H 8H 9H", "KS KD KC"]}, "B": {"in_hand": "AS 10C KH"}, "C": {"in_hand": "2S"}}
    assert score("basic", ["A", "B", "C"], went_out("A", players))["totals"] == {"A": 23, "B": 0, "C": 0}
    assert score("basic", ["A", "B", "C"], went_out("A", players, concealed=True))["totals"] == {"A": 46, "B": 0, "C": 0}


def test_basic_stalemate_scores_nothing():
    body = score("basic", ["A", "B", "C"], blocked({"A": {"melds": ["7H 8H 9H"]}, "B": {"in_hand": "AS 10C KH"}}))
    assert body["totals"] == {"A": 0, "B": 0, "C": 0}


def test_basic_jokers_are_wild_and_worth_20_left_in_hand():
    body = score("basic", ["A", "B"], went_out("A", {"A": {"melds": ["7H 8H JK"]}, "B": {"in_hand": "JK AS"}}), jokers=2)
    assert body["totals"] == {"A": 21, "B": 0}


def test_basic_first_to_the_target_wins():
    body = score("basic", ["A", "B"], points("A", {"A": 100, "B": 0}))
    assert (body["status"], body["winner"]) == ("finished", "A")
    assert score("basic", list("ABCD"), points("A", {"A": 150}))["status"] == "in_progress"


# 4.7 penalty ------------------------------------------------------------------------------


def test_penalty_players_add_their_own_cards_left_and_the_goer_nothing():
    body = score("penalty", ["A", "B", "C"], went_out("A", {
        "A": {"melds": ["7H 8H 9H"]}, "B": {"in_hand": "KS QS"}, "C": {"in_hand": "AS 2S"}}))
    assert body["totals"] == {"A": 0, "B": 20, "C": 3}


def test_penalty_stock_exhausted_everyone_adds_cards_left():
    body = score("penalty", ["A", "B"], blocked({"A": {"melds": ["7H 8H 9H"], "in_hand": "3C"}, "B": {"in_hand": "KS QS"}}))
    assert body["totals"] == {"A": 3, "B": 20}


def test_penalty_lowest_total_wins_once_someone_reaches_100_and_equal_lowest_play_on():
    tied = score("penalty", ["A", "B", "C"], points("A", {"A": 0, "B": 100, "C": 0}))
    assert (tied["status"], tied["winner"]) == ("in_progress", None)
    body = score("penalty", ["A", "B", "C"], points("A", {"A": 0, "B": 100, "C": 0}), points("A", {"C": 5}))
    assert (body["status"], body["winner"]) == ("finished", "A")
    assert body["reason"] == "B reached 100: A wins with the lowest total, 0"


# 4.8 gin ------------------------------------------------------------------------------------

KNOCK_10 = {"melds": ["AH 2H 3H", "4S 5S 6S", "9C 9D 9H"], "in_hand": "KC"}
GIN = {"melds": ["AH 2H 3H", "4S 5S 6S", "9C 9D 9H 9S"]}
DEFENDER_33 = {"melds": ["2C 3C 4C", "JS QS KS"], "in_hand": "QH JD 8D 5D"}


def gin(knocker, defender, *more, **options):
    """Score a one-hand gin session, K knocking against D."""
    return score("gin", ["K", "D"], went_out("K", {"K": knocker, "D": defender}), *more, **options)


def test_gin_knock_scores_the_difference():
    assert gin(KNOCK_10, DEFENDER_33)["totals"] == {"K": 23, "D": 0}


def test_gin_defender_lays_off_before_the_difference_is_taken():
    defender = {"melds": ["2C 3C 4C", "JS QS KS"], "layoffs": [layoff("7S", "K", 1)], "in_hand": "QH JD 8D"}
    assert gin(KNOCK_10, defender)["totals"] == {"K": 18, "D": 0}


@pytest.mark.parametrize(("deadwood", "undercut"), [("10D", 25), ("4D", 31)])
def test_gin_undercut_on_equal_or_lower_deadwood(deadwood, undercut):
    defender = {"melds": ["2C 3C 4C", "JS QS KS", "5D 6D 7D"], "in_hand": deadwood}
    assert gin(KNOCK_10, defender)["totals"] == {"K": 0, "D": undercut}


def test_gin_knock_limit_and_its_option():
    eleven = {"melds": ["AH 2H 3H", "4S 5S 6S", "9C 9D 9H"], "in_hand": "AC KC"}
    with pytest.raises(RulesError, match="K knocked with 11 deadwood, but knocking needs 10 or less"):
        gin(eleven, DEFENDER_33)
    with pytest.raises(RulesError, match="knocking needs 5 or less"):
        gin(KNOCK_10, DEFENDER_33, knock_limit=5)


def test_gin_scores_bonus_plus_defender_deadwood_and_forbids_layoffs():
    assert gin(GIN, DEFENDER_33)["totals"] == {"K": 25 + 33, "D": 0}
    laid = {"melds": ["2C 3C 4C", "JS QS KS"], "layoffs": [layoff("7S", "K", 1)], "in_hand": "QH JD 8D"}
    with pytest.raises(RulesError, match="after gin the defender may not lay off"):
        gin(GIN, laid)


def test_gin_knocker_never_lays_off():
    knocker = {"melds": ["AH 2H 3H", "4S 5S 6S", "9C 9D 9H"], "layoffs": [layoff("7S", "K", 1)]}
    with pytest.raises(RulesError, match="only the defender lays off, never the knocker"):
        gin(knocker, DEFENDER_33)


def test_gin_draw_scores_nothing():
    body = score("gin", ["K", "D"], blocked({"K": {"in_hand": "KC"}, "D": {"in_hand": "QC"}}))
    assert body["totals"] == {"K": 0, "D": 0}


def test_gin_big_gin_bonus_with_all_eleven_cards():
    big = {"melds": ["AH 2H 3H", "4S 5S 6S 7S", "9C 9D 9H 9S"]}
    body = score("gin", ["K", "D"], went_out("K", {"K": big, "D": DEFENDER_33}, big_gin=True), big_gin_bonus=31)
    assert body["totals"]["K"] == 31 + 33


def test_gin_first_to_100_wins_with_game_and_box_bonuses():
    body = score("gin", ["K", "D"], points("K", {"K": 60}), points("D", {"D": 30}), points("K", {"K": 50}),
                 game_bonus=100, box_bonus=25, shutout_double=True)
    assert (body["status"], body["winner"]) == ("finished", "K")
    # no shutout: D scored; K 110 + 100 game + 2 boxes, D 30 + 1 box
    assert body["totals"] == {"K": 110 + 100 + 50, "D": 30 + 25}


def test_gin_whole_hand_entry_is_arranged_for_least_deadwood():
    body = score("gin", ["K", "D"], went_out("K", {
        "K": {"cards": "AH 2H 3H 4S 5S 6S 9C 9D 9H KC"}, "D": {"cards": "2C 3C 4C JS QS KS QH JD 8D 7S"}}))
    assert body["totals"] == {"K": 28 + 0 - 10, "D": 0}  # the defender lays 7S off on 4-5-6 of spades


# API.md: the JSON API's status codes and fields ---------------------------------------------


@pytest.fixture
def api(databases):
    """A test client of a fresh app."""
    app = databases.app("r")
    return app.test_client()


def test_api_meld_check_legal_body_has_the_documented_fields(api):
    answer = api.post("/api/v1/melds/check", json={"game": "rummy500", "options": {}, "wild_rank": None, "cards": "7H 8H JK"})
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["legal"], body["kind"], body["cards"], body["points"], body["reason"]) == (True, "run", ["7H", "8H", "JK"], 30, None)
    assert body["readings"][0] | {"notation": None, "cards": None} == {
        "kind": "run", "represents": ["7H", "8H", "9H"], "points": 30, "notation": None, "cards": None,
    }


def test_api_meld_check_illegal_is_200_with_the_reason(api):
    body = api.post("/api/v1/melds/check", json={"cards": "KH AH 2H"}).get_json()
    assert body == {"legal": False, "kind": None, "cards": ["KH", "AH", "2H"], "points": 0, "readings": [],
                    "reason": "K-A-2 wraps around: an ace is high or low, not both"}


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"cards": "7H 1H 9H"}, "`1H` at position 2 is not a card: ranks are A 2-10 J Q K"),
        ({"cards": "7H", "game": "nope"}, None),
        ({"cards": "7C 8C 9C", "game": "rummy5000"}, None),
        ({"cards": "7C 8C 9C", "options": {"decks": 3}}, "option `decks` of 500 Rum must be 1 or 2, not 3"),
        ([1, 2], "the request body must be a JSON object"),
    ],
)
def test_api_meld_check_unreadable_input_is_400_naming_what_is_wrong(api, body, error):
    answer = api.post("/api/v1/melds/check", json=body)
    assert answer.status_code == 400
    if error:
        assert answer.get_json() == {"error": error}
    else:
        assert answer.get_json()["error"]


def test_api_score_rule_break_is_422_with_hand_and_player(api):
    answer = api.post("/api/v1/score", json={"players": ["Ann", "Ben"], "hands": [
        went_out("Ann", {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"melds": ["9H 10H QH"]}})]})
    assert answer.status_code == 422
    body = answer.get_json()
    assert (body["hand"], body["player"]) == (1, "Ben")
    assert body["error"].startswith("hand 1: Ben's meld 1 (9H 10H QH) is not legal")


@pytest.mark.parametrize(
    "hand",
    [
        went_out("Ann", {"Ben": {"in_hand": "1H"}}),
        {"ended": "done", "players": {}},
        points("Ann", {"Ann": "5"}),
        went_out("Ann", {"Ann": {"melds": "7H 8H 9H"}}),
    ],
)
def test_api_score_unreadable_hand_is_400_naming_the_hand(api, hand):
    answer = api.post("/api/v1/score", json={"players": ["Ann", "Ben"], "hands": [hand]})
    assert answer.status_code == 400
    assert answer.get_json()["hand"] == 1


@pytest.mark.parametrize(
    ("cards", "reading"),
    [
        ("5H JK JK 8H", "5H JK=6H JK=7H 8H"),
        ("8H JK JK 5H", "5H JK=6H JK=7H 8H"),
        ("JK=10H JK 8H", "8H JK=9H JK=10H"),  # a stated reading fixes the direction for the free joker
        ("JK JK QH KH", "JK=10H JK=JH QH KH"),
        ("AH JK 3H", "AH JK=2H 3H"),
        ("3H JK AH", "AH JK=2H 3H"),
        ("KH JK AH", "JK=QH KH AH"),
    ],
)
def test_longer_runs_place_each_wild_card_where_it_stands(cards, reading):
    assert first_notation(cards) == reading


def test_set_of_aces_comes_before_any_run_the_wild_cards_could_make():
    body = check_meld("AH JK JK")
    assert body["readings"][0]["notation"] == "AH JK=AS JK=AD"
    assert body["points"] == 45


def test_oklahoma_deuce_laid_off_scores_as_the_card_it_stands_for():
    assert check_layoff("5C 5D 5H", "2S", "oklahoma")["points"] == 5
    assert check_layoff("JH QH KH", "2C", "oklahoma")["readings"][0]["notation"] == "JH QH KH 2C=AH"
    assert check_layoff("JH QH KH", "2C", "oklahoma")["points"] == 20


def test_oklahoma_set_of_four_takes_no_fifth_card():
    assert check_layoff("5C 5D 5H 5S", "5S", "oklahoma")["legal"] is False
    assert check_layoff("5C 5D 5H", "5C", "oklahoma")["legal"] is True


def test_rummy5000_card_of_the_wild_rank_scores_100_even_as_itself():
    body = check_meld("6C 7C 8C", "rummy5000", wild_rank=7)
    assert body["readings"][0]["represents"] == ["6C", "7C", "8C"]
    assert body["points"] == 5 + 100 + 5


def test_set_with_a_wild_laid_off_then_the_natural_card_is_too_many():
    with pytest.raises(RulesError, match="a set has at most 4 cards"):
        score("rummy500", ["A", "B", "C"], went_out("A", {
            "A": {"melds": ["KH KS KD"]},
            "B": {"layoffs": [layoff("JK", "A")]},
            "C": {"layoffs": [layoff("KC", "A")], "in_hand": "2C"},
        }))


def test_oklahoma_k_a_2_with_a_natural_deuce_elsewhere_is_still_wild():
    # every deuce is wild in Oklahoma, even one that looks like it closes K-A-2
    assert check_meld("KH AH 2H", "oklahoma")["points"] == 10 + 10 + 20


def test_gin_defender_deadwood_is_counted_after_layoffs_and_a_knock_holds_10_cards():
    defender = {"melds": ["2C 3C 4C", "JS QS KS"], "layoffs": [layoff("7S", "K", 1), layoff("8S", "K", 1)], "in_hand": "QH JD"}
    assert gin(KNOCK_10, defender)["totals"] == {"K": 10, "D": 0}
    eleven = {"melds": ["AH 2H 3H", "4S 5S 6S", "9C 9D 9H"], "in_hand": "KC AC"}
    with pytest.raises(RulesError, match="K has 11 cards entered; a gin hand holds 10 at the end"):
        gin(eleven, DEFENDER_33, knock_limit=11)


def test_api_bad_json_and_unknown_game_are_400(api):
    assert api.post("/api/v1/score", data="{bad", content_type="application/json").status_code == 400
    answer = api.post("/api/v1/score", json={"game": "bridge", "players": ["A", "B"], "hands": []})
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("`bridge` is not a game we know")
