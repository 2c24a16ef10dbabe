"""Scoring hands and sessions, game by game (RULES.md sections 3-5)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InputError, RulesError, score_session


def cards(went_out=None, concealed=False, **players):
    """A hand entered with cards; each player is (melds, in_hand) or a dict."""
    entries = {}
    for name, entry in players.items():
        if isinstance(entry, tuple):
            melds, in_hand = entry
            entry = {"melds": list(melds), "in_hand": in_hand}
        entries[name] = entry
    ended = "went_out" if went_out else "stock_exhausted"
    return {"ended": ended, "went_out": went_out, "concealed": concealed, "players": entries}


def points(went_out=None, **scores):
    return {"ended": "went_out" if went_out else "stock_exhausted", "went_out": went_out, "points": scores}


def score(game, players, *hands, **options):
    return score_session({"game": game, "options": options, "players": players, "hands": list(hands)})


# 500 Rum -----------------------------------------------------------------------


def test_rummy500_hand_scores_melds_minus_cards_left():
    # the seeds' worked example: melds worth 58, a king and a five left: 43
    body = score("rummy500", ["Ann", "Ben"], cards("Ben", Ann=(["9H 10H JH", "9S 10S JS"], "KC 5D"), Ben=(["4C 5C 6C"], "")))
    assert body["hands"][0]["scores"] == {"Ann": 43, "Ben": 15}


def test_rummy500_ace_scores_1_low_in_a_run_and_15_in_hand():
    body = score("rummy500", ["Ann", "Ben"], cards("Ann", Ann=(["AH 2H 3H"], ""), Ben=([], "AS")))
    assert body["totals"] == {"Ann": 6, "Ben": -15}


def test_rummy500_lay_off_scores_for_the_player_who_lays_it_off():
    hand = cards("Ann", Ann=(["7H 8H 9H"], ""), Ben={"layoffs": [{"cards": "10H JH", "onto": {"player": "Ann", "meld": 0}}]})
    assert score("rummy500", ["Ann", "Ben"], hand)["totals"] == {"Ann": 24, "Ben": 20}


def test_rummy500_lay_offs_may_be_entered_in_any_order():
    hand = cards(
        "Ann",
        Ann=(["7H 8H 9H"], ""),
        Ben={"layoffs": [{"cards": "JH", "onto": {"player": "Ann", "meld": 0}}]},
        Cy={"layoffs": [{"cards": "10H", "onto": {"player": "Ann", "meld": 0}}]},
    )
    assert score("rummy500", ["Ann", "Ben", "Cy"], hand)["totals"] == {"Ann": 24, "Ben": 10, "Cy": 10}


def test_rummy500_rummy_bonus_for_going_out_concealed():
    hand = cards("Ann", concealed=True, Ann=(["7H 8H 9H"], ""), Ben=([], "2C"))
    assert score("rummy500", ["Ann", "Ben"], hand, rummy_bonus=10)["totals"]["Ann"] == 34


def test_rummy500_highest_total_at_or_above_target_wins():
    body = score("rummy500", ["Ann", "Ben"], points("Ann", Ann=512, Ben=480))
    assert (body["status"], body["winner"]) == ("finished", "Ann")
    assert body["reason"] == "Ann reached 512, the highest at or above 500"


def test_rummy500_tie_at_the_top_plays_another_hand():
    body = score("rummy500", ["Ann", "Ben"], points("Ann", Ann=530, Ben=530))
    assert (body["status"], body["winner"]) == ("in_progress", None)
    assert body["reason"] == "Ann and Ben are tied on 530: another hand decides"


def test_rummy500_must_go_out_to_win_ignores_a_higher_total():
    body = score("rummy500", ["Ann", "Ben"], points("Ann", Ann=450, Ben=600), must_go_out_to_win=True)
    assert (body["status"], body["winner"]) == ("in_progress", None)
    body = score("rummy500", ["Ann", "Ben"], points("Ann", Ann=510, Ben=600), must_go_out_to_win=True)
    assert (body["status"], body["winner"]) == ("finished", "Ann")


def test_target_option_changes_the_end_of_the_game():
    assert score("rummy500", ["Ann", "Ben"], points("Ann", Ann=600, Ben=0), target=1000)["status"] == "in_progress"


def test_deleting_the_winning_hand_unfinishes_the_game():
    first, winning = points("Ann", Ann=300, Ben=100), points("Ann", Ann=250, Ben=0)
    assert score("rummy500", ["Ann", "Ben"], first, winning)["status"] == "finished"
    assert score("rummy500", ["Ann", "Ben"], first)["status"] == "in_progress"


# checks on every hand --------------------------------------------------------


def test_a_card_entered_more_often_than_the_deck_holds_is_refused_by_name():
    hand = cards("Ann", Ann=(["7H 8H 9H"], ""), Ben=([], "7H"))
    with pytest.raises(RulesError, match=r"hand 1: 7H is entered 2 times \(Ann's meld 1, Ben's cards left in hand\)"):
        score("rummy500", ["Ann", "Ben"], hand)


def test_two_decks_hold_every_card_twice():
    hand = cards("Ann", Ann=(["7H 8H 9H"], ""), Ben=([], "7H"))
    assert score("rummy500", ["Ann", "Ben"], hand, decks=2)["totals"] == {"Ann": 24, "Ben": -7}


def test_player_who_went_out_cannot_have_cards_left():
    with pytest.raises(RulesError) as caught:
        score("rummy500", ["Ann", "Ben"], cards("Ann", Ann=(["7H 8H 9H"], "KD"), Ben=([], "")))
    assert (caught.value.hand, caught.value.player, caught.value.field) == (1, "Ann", "in_hand")


def test_only_one_player_can_go_out():
    hand = cards("Ann", Ann=(["7H 8H 9H"], ""), Ben=([], ""))
    hand["went_out"] = ["Ann", "Ben"]
    with pytest.raises(RulesError, match="only one player can go out"):
        score("rummy500", ["Ann", "Ben"], hand)


def test_illegal_meld_names_hand_player_and_meld():
    hands = [points("Ann", Ann=10, Ben=0), cards("Ben", Ann=([], "2C"), Ben=(["7S 7D 7C", "9H 10H QH"], ""))]
    with pytest.raises(RulesError) as caught:
        score("rummy500", ["Ann", "Ben"], *hands)
    assert str(caught.value) == "hand 2: Ben's meld 2 (9H 10H QH) is not legal: there is a gap between 10 and Q"
    assert (caught.value.hand, caught.value.player, caught.value.meld) == (2, "Ben", 1)


def test_lay_off_that_does_not_fit_says_which_meld():
    hand = cards("Ann", Ann=(["7H 8H 9H"], ""), Ben={"layoffs": [{"cards": "QH", "onto": {"player": "Ann", "meld": 0}}]})
    with pytest.raises(RulesError, match=r"Ben's lay-off 1 \(QH\) does not fit Ann's meld 1 \(7H 8H 9H\): there is a gap"):
        score("rummy500", ["Ann", "Ben"], hand)


def test_a_wild_card_keeps_what_it_stands_for_when_its_reading_was_written():
    # JK=6H was written: laying off the natural 6H is two sixes, not a longer run
    hand = cards("Ann", Ann=(["JK=6H 7H 8H"], ""), Ben={"layoffs": [{"cards": "6H", "onto": {"player": "Ann", "meld": 0}}]})
    with pytest.raises(RulesError, match="6H appears twice"):
        score("rummy500", ["Ann", "Ben"], hand)


def test_an_unwritten_wild_card_is_read_the_way_that_lets_a_layoff_fit():
    # JK 7H 8H is first read as 6-7-8, but the joker may as well be the 9H, which lets the 6H be laid off
    hand = cards("Ann", Ann=(["JK 7H 8H"], ""), Ben={"layoffs": [{"cards": "6H", "onto": {"player": "Ann", "meld": 0}}]})
    body = score("rummy500", ["Ann", "Ben"], hand)
    assert body["hands"][0]["players"]["Ann"]["melds"][0]["notation"] == "7H 8H JK=9H"
    assert body["hands"][0]["scores"] == {"Ann": 30, "Ben": 6}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "rummy500", "players": ["Ann"], "hands": []}, "500 Rum is played by 2 to 8 players, not 1"),
        ({"game": "persian", "players": ["Ann", "Ben"], "hands": []}, "exactly 4 players"),
        ({"players": ["Ann", "Ann"], "hands": []}, "Ann is listed twice"),
        ({"players": ["Ann", "Ben"], "hands": [{"ended": "knocked"}]}, "`ended` must be went_out or stock_exhausted"),
        ({"players": ["Ann", "Ben"], "hands": [{"went_out": "Dee", "points": {}}]}, "`Dee` went out, but is not a player"),
        ({"players": ["Ann", "Ben"], "hands": [cards("Ann", Ann=(["7H 1H 9H"], ""))]}, "hand 1: Ann's meld 1: `1H` at position 2"),
        ({"players": ["Ann", "Ben"], "hands": [points("Ann", Ann="ten")]}, "Ann's points must be a whole number"),
    ],
)
def test_unreadable_sessions_are_input_errors(body, message):
    with pytest.raises(InputError, match=message):
        score_session(body)


# Persian -----------------------------------------------------------------------

PERSIAN = ["Ann", "Ben", "Cy", "Dee"]


def test_persian_scores_partnerships_with_going_out_bonus_and_doubled_fours():
    hand = cards(
        "Ann",
        Ann=(["4S 4H 4D 4C"], ""),  # four of a kind at once: 16 doubled
        Ben=(["JK JK JK"], "5H"),  # jokers meld together, 20 each
        Cy=([], "JK"),  # a joker left in hand costs 20
        Dee=([], "AS"),
    )
    body = score("persian", PERSIAN, hand)
    assert body["hands"][0]["scores"] == {"Ann & Cy": 32 - 20 + 25, "Ben & Dee": 60 - 5 - 15}
    assert body["partnerships"] == {"Ann & Cy": ["Ann", "Cy"], "Ben & Dee": ["Ben", "Dee"]}


def test_persian_fourth_card_laid_off_scores_normally():
    hand = cards("Ann", Ann=(["KS KH KD"], ""), Ben={"layoffs": [{"cards": "KC", "onto": {"player": "Ann", "meld": 0}}]},
                 Cy=([], ""), Dee=([], ""))
    assert score("persian", PERSIAN, hand)["hands"][0]["player_scores"] == {"Ann": 30, "Ben": 10, "Cy": 0, "Dee": 0}


def test_persian_winning_partnership_gets_50():
    body = score("persian", PERSIAN, points("Ann", Ann=300, Ben=10, Cy=210, Dee=10))
    assert (body["winner"], body["totals"]) == ("Ann & Cy", {"Ann & Cy": 560, "Ben & Dee": 20})


# Oklahoma ----------------------------------------------------------------------


def test_oklahoma_values_queen_of_spades_and_deuces():
    hand = cards("Ann", Ann=(["QS QH QD", "2C 9H 10H"], ""), Ben=([], "QS 2D 5C"))
    body = score("oklahoma", ["Ann", "Ben"], hand)
    # melds 50+10+10 and 10(deuce as 8)+10+10, +100 for going out; Ben loses 100+20+5
    assert body["hands"][0]["scores"] == {"Ann": 70 + 30 + 100, "Ben": -125}


def test_oklahoma_concealed_bonus_does_not_count_toward_the_target():
    hands = [points("Ann", Ann=800, Ben=0), cards("Ann", concealed=True, Ann=(["8S 9S 10S"], ""), Ben=([], ""))]
    body = score("oklahoma", ["Ann", "Ben"], *hands)
    assert body["totals"]["Ann"] == 800 + 30 + 250
    assert body["status"] == "in_progress"
    assert body["toward_target"] == {"Ann": 800 + 30, "Ben": 0}


def test_toward_target_is_the_total_where_every_point_counts():
    body = score("rummy500", ["Ann", "Ben"], cards("Ann", concealed=True, Ann=(["8S 9S 10S"], ""), Ben=([], "5C")),
                 rummy_bonus=10)
    assert body["toward_target"] == body["totals"] == {"Ann": 27 + 10, "Ben": -5}


def test_oklahoma_winner_gets_200():
    body = score("oklahoma", ["Ann", "Ben"], points("Ann", Ann=1010, Ben=400))
    assert (body["winner"], body["totals"]["Ann"]) == ("Ann", 1210)


def test_oklahoma_players_lay_off_only_on_their_own_melds():
    hand = cards("Ann", Ann=(["8S 9S 10S"], ""), Ben={"layoffs": [{"cards": "JS", "onto": {"player": "Ann", "meld": 0}}]})
    with pytest.raises(RulesError, match="lay off only on their own melds"):
        score("oklahoma", ["Ann", "Ben"], hand)


def test_oklahoma_block_has_no_going_out_bonus():
    hand = cards(None, Ann=(["8S 9S 10S"], "3C"), Ben=([], "4C"))
    assert score("oklahoma", ["Ann", "Ben"], hand)["totals"] == {"Ann": 25, "Ben": -5}


# Michigan ----------------------------------------------------------------------


def test_michigan_counts_hands_won_and_shares_ties():
    body = score("michigan", ["Ann", "Ben", "Cy"], points("Ann", Ann=40, Ben=10, Cy=5), points("Ben", Ann=30, Ben=30, Cy=0))
    assert body["totals"] == {"Ann": 2, "Ben": 1, "Cy": 0}
    second = body["hands"][1]
    assert (second["winner"], second["winners"], second["reason"]) == (None, ["Ann", "Ben"], "Ann and Ben share the hand with 30 each")
    assert body["reason"] == "Ann leads with 2 hands won"


# 5000 Rummy --------------------------------------------------------------------


def test_rummy5000_player_who_goes_out_collects_the_cards_left():
    hand = cards("Ann", Ann=(["7H 8H 9H", "KS KD KC"], ""), Ben=(["3S 3D 3C"], "AS 4D"))
    hand["wild_rank"] = "2"
    body = score("rummy5000", ["Ann", "Ben", "Cy"], hand | {"players": hand["players"] | {"Cy": {"in_hand": "2H"}}})
    assert body["hands"][0]["scores"] == {"Ann": 45 + 100 + 5 + 100, "Ben": 15, "Cy": 0}


def test_rummy5000_stock_exhausted_scores_melds_only():
    hand = cards(None, Ann=(["7H 8H 9H"], "AS"), Ben=([], "KD"))
    hand["wild_rank"] = "Q"
    assert score("rummy5000", ["Ann", "Ben"], hand)["totals"] == {"Ann": 15, "Ben": 0}


# Basic and penalty ---------------------------------------------------------------


def test_basic_winner_takes_the_cards_left_doubled_when_concealed():
    hand = cards("Ann", concealed=True, Ann=(["7H 8H 9H"], ""), Ben=([], "KS AD 5C"))
    assert score("basic", ["Ann", "Ben"], hand)["totals"] == {"Ann": 32, "Ben": 0}


def test_basic_stalemate_scores_nothing():
    assert score("basic", ["Ann", "Ben"], cards(None, Ann=([], "KS"), Ben=([], "QS")))["totals"] == {"Ann": 0, "Ben": 0}


@pytest.mark.parametrize(("players", "target"), [(["A", "B"], 100), (["A", "B", "C"], 150), (["A", "B", "C", "D"], 200)])
def test_basic_target_depends_on_the_number_of_players(players, target):
    assert score("basic", players)["target"] == target


def test_penalty_cards_left_count_against_their_holder_and_lowest_wins():
    hands = [points("Ann", Ann=0, Ben=60, Cy=40), cards("Cy", Ann=([], "KS QS JS 10S"), Ben=([], "AS"), Cy=(["7H 8H 9H"], ""))]
    body = score("penalty", ["Ann", "Ben", "Cy"], *hands)
    assert body["totals"] == {"Ann": 40, "Ben": 61, "Cy": 40}
    assert body["status"] == "in_progress"
    body = score("penalty", ["Ann", "Ben", "Cy"], points("Ann", Ann=0, Ben=104, Cy=30))
    assert (body["status"], body["winner"]) == ("finished", "Ann")
    assert body["leaders"] == ["Ann"]


# Gin -----------------------------------------------------------------------------


def gin_hand(knocker, knocker_entry, defender, defender_entry, **extra):
    return {"ended": "went_out", "went_out": knocker, "players": {knocker: knocker_entry, defender: defender_entry}, **extra}


def test_gin_knock_scores_the_difference_after_lay_offs():
    hand = gin_hand(
        "Ann", {"melds": ["2S 3S 4S", "7H 7D 7C"], "in_hand": "AC 2C 3D 4H"},
        "Ben", {"melds": ["KS KH KD"], "layoffs": [{"cards": "5S", "onto": {"player": "Ann", "meld": 0}}], "in_hand": "QC JD 10C 9D 8D 6C"},
    )
    body = score("gin", ["Ann", "Ben"], hand)
    assert body["hands"][0]["scores"] == {"Ann": 53 - 10, "Ben": 0}
    assert body["hands"][0]["result"] == "knock"


def test_gin_undercut_pays_the_defender():
    hand = gin_hand("Ann", {"melds": ["2S 3S 4S", "7H 7D 7C"], "in_hand": "AC 2C 3D 4H"},
                    "Ben", {"melds": ["KS KH KD", "8C 9C 10C"], "in_hand": "AH 2D 3H AD"})
    body = score("gin", ["Ann", "Ben"], hand)
    assert body["hands"][0]["scores"] == {"Ann": 0, "Ben": 25 + 10 - 7}
    assert body["hands"][0]["result"] == "undercut"


def test_gin_scores_25_plus_the_defenders_deadwood_and_forbids_lay_offs():
    knocker = {"melds": ["2S 3S 4S 5S", "7H 7D 7C", "9C 10C JC"], "in_hand": ""}
    hand = gin_hand("Ann", knocker, "Ben", {"melds": ["KS KH KD"], "in_hand": "QC JD 10D 9D 8D AH 2H"})
    assert score("gin", ["Ann", "Ben"], hand)["totals"] == {"Ann": 25 + 50, "Ben": 0}
    laid = gin_hand("Ann", knocker, "Ben", {"melds": ["KS KH KD"], "layoffs": [{"cards": "6S", "onto": {"player": "Ann", "meld": 0}}],
                                            "in_hand": "QC JD 10D 9D 8D AH"})
    with pytest.raises(RulesError, match="after gin the defender may not lay off"):
        score("gin", ["Ann", "Ben"], laid)


def test_gin_knock_over_the_limit_is_refused():
    hand = gin_hand("Ann", {"melds": ["2S 3S 4S", "7H 7D 7C"], "in_hand": "KC 2C 3D 9S"},
                    "Ben", {"melds": ["KS KH KD"], "in_hand": "QC JD 10C 9D 8D AH 2H"})
    with pytest.raises(RulesError, match="knocked with 24 deadwood, but knocking needs 10 or less"):
        score("gin", ["Ann", "Ben"], hand)


def test_gin_hand_given_as_whole_hands_is_arranged():
    hand = gin_hand("Ann", {"cards": "AS 2S 3S 7H 7D 7C 9C 10C JC 2D"}, "Ben", {"cards": "KS KH KD QC JD 8S 8H 4S 5D 6C"})
    body = score("gin", ["Ann", "Ben"], hand)
    # Ben lays off the 4S and the QC onto Ann's runs: JD 8S 8H 5D 6C = 37 left against Ann's 2
    assert body["hands"][0]["scores"] == {"Ann": 35, "Ben": 0}
    assert body["hands"][0]["players"]["Ben"]["in_hand"] == ["5D", "6C", "8S", "8H", "JD"]


def test_gin_draw_scores_nothing_and_first_to_100_wins():
    body = score("gin", ["Ann", "Ben"], {"ended": "stock_exhausted", "players": {}}, points("Ann", Ann=104, Ben=0))
    assert body["hands"][0]["scores"] == {"Ann": 0, "Ben": 0}
    assert (body["winner"], body["reason"]) == ("Ann", "Ann reached 104, the first to 100")


def test_gin_shutout_doubles_the_winners_whole_score_game_and_box_bonuses_included():
    body = score("gin", ["Ann", "Ben"], points("Ann", Ann=60, Ben=0), points("Ann", Ann=50, Ben=0),
                 game_bonus=100, box_bonus=25, shutout_double=True)
    # 110 + 100 game bonus + 2 boxes of 25, the whole of it doubled for the shutout
    assert body["totals"] == {"Ann": (110 + 100 + 50) * 2, "Ben": 0}
    assert "a shutout doubles Ann's score, bonuses included" in body["reason"]


def test_rummy5000_hand_entered_as_points_needs_no_wild_rank():
    assert score("rummy5000", ["Ann", "Ben"], points("Ann", Ann=300, Ben=40))["totals"] == {"Ann": 300, "Ben": 40}


def test_rummy5000_hand_entered_with_cards_needs_the_wild_rank():
    with pytest.raises(InputError, match="wild rank") as caught:
        score("rummy5000", ["Ann", "Ben"], cards("Ann", Ann=(["7H 8H 9H"], ""), Ben=([], "")))
    assert caught.value.field == "wild_rank"


def test_a_hand_after_the_game_was_won_keeps_the_winner_and_warns():
    body = score("rummy500", ["Ann", "Ben"], points("Ann", Ann=510, Ben=0), points("Ben", Ann=0, Ben=600))
    assert (body["status"], body["winner"]) == ("finished", "Ann")
    assert body["hands"][1]["warnings"] == ["the game was won after hand 1: this hand adds to the totals but not to the result"]
    assert "warnings" not in body["hands"][0]


def test_big_gin_from_eleven_cards_scores_the_big_gin_bonus():
    hand = gin_hand("Ann", {"cards": "AS 2S 3S 4S 7H 7D 7C 9C 10C JC QC"}, "Ben", {"cards": "KS KH KD QD JD 8S 8H 4D 5D 6C"}, big_gin=True)
    body = score("gin", ["Ann", "Ben"], hand, big_gin_bonus=31)
    # Ben keeps his kings; QD JD 8S 8H 4D 5D 6C are 51 of deadwood, and nothing is laid off after gin
    assert (body["hands"][0]["scores"], body["hands"][0]["result"]) == ({"Ann": 31 + 51, "Ben": 0}, "big gin")


def test_gin_entered_arrangement_worse_than_the_best_is_scored_as_entered_with_a_warning():
    hand = cards(
        "K",
        K={"melds": ["2H 3H 4H", "5S 6S 7S", "9C 9D 9H"], "in_hand": "AH"},
        D={"in_hand": "KS QS JD 3C 4D 5C 6D 8C 10S AS"},
    )
    body = score("gin", ["K", "D"], hand)["hands"][0]
    assert body["scores"] == {"K": 67 - 1, "D": 0}  # defender 67 deadwood, knocker 1, as entered
    (warning,) = body["warnings"]
    assert "K's cards arrange with 0 deadwood, not 1" in warning
    assert "gin, which would score K 92" in warning and "scored as entered" in warning


def test_gin_knock_over_the_limit_says_when_the_deadwood_holds_a_meld():
    hand = cards(
        "K",
        K={"melds": ["2H 3H 4H", "5S 6S 7S"], "in_hand": "9C 9D 9H KC"},
        D={"in_hand": "KS QS JD 3C 4D 5C 6D 7D 8D 10S"},
    )
    with pytest.raises(RulesError, match=r"knocked with 37 deadwood.*the deadwood holds 9H 9D 9C: melded, 10 deadwood is left"):
        score("gin", ["K", "D"], hand)


def test_oklahoma_reason_says_when_250_bonuses_keep_a_total_from_counting_toward_the_target():
    concealed = cards("A", concealed=True, A=(["QS QH QD"], ""), B=([], "7C"))
    body = score("oklahoma", ["A", "B"], concealed, points("A", A=700, B=0))
    assert body["totals"]["A"] == 1020
    assert body["status"] == "in_progress"
    assert body["reason"] == "A has 1020, 770 without going-rummy bonuses; nobody has reached 1000"


def test_oklahoma_winner_over_a_higher_total_made_by_250_bonuses_is_explained():
    concealed = cards("A", concealed=True, A=(["QS QH QD"], ""), B=([], "7C"))
    body = score("oklahoma", ["A", "B"], concealed, points("A", A=780, B=1010))
    assert (body["totals"], body["winner"]) == ({"A": 1100, "B": 1005 + 200}, "B")
    assert "B reached 1005" in body["reason"]
    assert "A has 1100, 850 without going-rummy bonuses, short of 1000" in body["reason"]


def test_player_who_went_out_with_no_cards_entered_is_scored_with_a_warning():
    body = score("rummy500", ["Ann", "Ben"], cards("Ann", Ann=([], ""), Ben=(["4C 5C 6C"], "KD")))
    hand = body["hands"][0]
    assert hand["scores"] == {"Ann": 0, "Ben": 15 - 10}
    assert hand["warnings"] == ["Ann went out, but no cards are entered for Ann: nothing melded or laid off; scored as entered"]
    played = score("rummy500", ["Ann", "Ben"], cards("Ann", Ann=(["7H 8H 9H"], ""), Ben=([], "KD")))
    assert "warnings" not in played["hands"][0]
