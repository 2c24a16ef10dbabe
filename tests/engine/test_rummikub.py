"""Rummikub's rules (docs/rules/rummikub.md): the tiles' notation, the meld check, and a round scored from racks.

Each test names the rule or the worked example of the rules page it checks.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    InputError,
    RulesError,
    check_first_melds,
    check_layoff,
    check_meld,
    read_card_list,
    score_session,
)
from scorekeeper.engine.cards import format_cards, parse_cards
from scorekeeper.engine.tiles import TileNotationError, parse_tiles

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def score(hands: list[dict], players: list[str] | None = None, options: dict | None = None) -> dict:
    return score_session({"game": "rummikub", "options": options or {}, "players": players or PLAYERS, "hands": hands})


# the tiles ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("7R 8B 9O 13K JK", "7R 8B 9O 13K JK"),
        ("7r,8b, 13k  jk", "7R 8B 13K JK"),  # any case, spaces or commas
        ("7Y 7y", "7O 7O"),  # yellow is orange
        ("7-10R", "7R 8R 9R 10R"),  # a range, as for cards
        ("11-13b", "11B 12B 13B"),
        ("7r8r9r", "7R 8R 9R"),  # typed together
    ],
)
def test_tiles_are_read_in_any_case_apart_by_spaces_or_commas(typed, read):
    assert format_cards(parse_tiles(typed)) == read


def test_a_tile_keeps_its_number_written_as_a_number_not_a_face():
    # 11 to 13 are numbers on tiles, and K is black: not jack, queen, king
    assert format_cards(parse_tiles("11R 12B 13K 1O")) == "11R 12B 13K 1O"


def test_cards_are_read_as_before_the_tiles_came():
    assert format_cards(parse_cards("KS 10H JK K")) == "KS 10H JK K"


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        ("7R 14B", "`14B` at position 2 is not a tile: numbers are 1-13"),
        ("7G", "`7G` at position 1 is not a tile: colours are R (red), B (blue), O or Y (orange), K (black)"),
        ("7", "`7` at position 1 is not a tile: write a number then a colour, like 7R"),
        ("10-7R", "`10-7R` at position 1 is not a range: write it from its lowest tile up, like 7-10R"),
        ("KS", "`KS` at position 1 is not a tile"),
        # digits other than 0-9 (a superscript, Arabic-Indic) are no tile numbers: never a crash, never another tile
        ("²R", "`²R` at position 1 is not a tile: numbers are 1-13"),
        ("٣R", "`٣R` at position 1 is not a tile: numbers are 1-13"),
        ("٣-٥R", "`٣-٥R` at position 1 is not a range: write it like 7-10R"),
    ],
)
def test_an_unreadable_tile_is_named(typed, named):
    with pytest.raises(TileNotationError, match=named.replace("(", r"\(").replace(")", r"\)")):
        parse_tiles(typed)


# melds ----------------------------------------------------------------------------------------------------------


def meld(tiles: str) -> dict:
    return check_meld(tiles, game="rummikub")


@pytest.mark.parametrize(
    ("tiles", "kind", "points"),
    [
        ("7R 7B 7O", "group", 21),
        ("13R 13B 13O 13K", "group", 52),
        ("4K 5K 6K", "run", 15),
        ("1B 2B 3B 4B", "run", 10),
        ("11O 12O 13O", "run", 36),
        ("JK JK 7R", "group", 21),  # two jokers in one meld, read as a group first
        ("JK 7R 8R", "run", 21),  # the run in the order typed: the joker is 6R
        ("7R 8R JK", "run", 24),  # ... here 9R
        ("8R 7R JK", "run", 21),  # falling as typed: 8-7-6
        ("9R JK 7R", "run", 24),  # falling, the joker in its place: 9-8-7
        ("7R JK 11R", None, 0),
    ],
)
def test_groups_runs_and_a_jokers_number(tiles, kind, points):
    body = meld(tiles)
    assert (body["kind"], body["points"]) == (kind, points)


def test_the_issues_joker_examples_read_as_the_rules_say():
    assert meld("JK 7R 8R")["readings"][0]["represents"] == ["6R", "7R", "8R"]
    assert meld("7R 8R JK")["readings"][0]["represents"] == ["7R", "8R", "9R"]
    body = meld("JK JK 7R")
    assert body["legal"] and body["kind"] == "group"


def test_jokers_start_the_run_as_low_as_it_can_when_typed_out_of_order():
    # neither rising nor falling as typed: the run starting lowest, 5-6-7-8
    assert meld("8R 6R JK 7R")["readings"][0]["represents"] == ["5R", "6R", "7R", "8R"]


@pytest.mark.parametrize(
    ("tiles", "reason"),
    [
        ("12R 13R 1R", "1 is only low: 12-13-1 is not a run"),
        ("13R 1R 2R", "1 is only low: 13-1-2 is not a run"),
        ("7R 7R 7B", "a group needs different colours: 7R appears twice"),
        ("7R 7B 7O 7K JK", "a group holds at most 4 tiles, one of each colour; this has 5"),
        ("7R 8B 9R", "a group is one number and a run one colour, but 7R and 8B differ in both"),
        ("4R 5R 5R 6R", "5R appears twice; a run holds each number once"),
        ("3R 4R 7R", "there is a gap between 3 and 7: 2 tiles are missing"),
        ("7R 8R", "a meld needs at least 3 tiles; 2 are given"),
        ("JK JK", "a meld needs at least 3 tiles; 2 are given"),
        ("JK JK JK 5R", "the set has only 2 jokers, and this meld has 3"),
    ],
)
def test_an_illegal_meld_says_why(tiles, reason):
    body = meld(tiles)
    assert (body["legal"], body["reason"]) == (False, reason)


def test_a_meld_of_unreadable_tiles_is_refused_naming_the_tile():
    with pytest.raises(InputError, match="`7X` at position 2 is not a tile"):
        meld("7R 7X 7B")


def test_a_meld_says_whether_it_reaches_the_initial_meld_alone():
    assert meld("10R 11R 12R")["reaches_initial_meld"] is True  # 33
    assert meld("9R 10R 11R")["reaches_initial_meld"] is True  # 30, exactly enough
    assert meld("7R 8R 9R")["reaches_initial_meld"] is False  # 24
    assert check_meld("7R 8R 9R", game="rummikub", options={"initial_meld": 20})["reaches_initial_meld"] is True


def test_first_melds_reach_the_initial_meld_by_their_sum_and_never_make_a_meld_illegal():
    body = check_first_melds(["1R 2R 3R", "4B 4K 4O"])  # 6 + 12
    assert (body["points"], body["reaches"], body["reason"]) == (
        18, False, "these melds make 18, short of the initial meld of 30"
    )
    assert all(m["legal"] for m in body["melds"])
    body = check_first_melds(["1R 2R 3R", "4B 4K 4O", "JK 12B 13B"])  # 6 + 12 + 36
    assert (body["points"], body["reaches"]) == (54, True)
    assert check_first_melds(["1R 2R 3R", "4B 4K 4O"], options={"initial_meld": 15})["reaches"] is True


def test_first_melds_with_an_illegal_meld_do_not_reach_it_and_say_which():
    body = check_first_melds(["10R 11R 12R", "12R 13R 1R"])
    assert body["reaches"] is False
    assert body["reason"] == "meld 2 is not legal: 1 is only low: 12-13-1 is not a run"


def test_a_game_without_an_initial_meld_has_no_first_melds_to_check():
    with pytest.raises(InputError, match="500 Rum has no initial meld"):
        check_first_melds(["7H 8H 9H"], game="rummy500")


def test_a_racks_value_is_read_in_the_games_notation():
    assert read_card_list("7R JK 13k", game="rummikub") == {"cards": ["7R", "JK", "13K"], "points": 50}


# a round ------------------------------------------------------------------------------------------------------


def test_rules_example_round_1_whoever_goes_out_collects_every_rack_a_joker_30():
    # Ben 7 + 30 = 37, Cy 3 + 3 = 6, Dee 12 + 13 + 1 = 26; Ann collects 69
    body = score([{"went_out": "Ann", "racks": {"Ben": "7R JK", "Cy": "3B 3B", "Dee": "12O 13O 1K"}}])
    assert body["hands"][0]["scores"] == {"Ann": 69, "Ben": -37, "Cy": -6, "Dee": -26}


def test_the_joker_penalty_is_the_tables_option():
    body = score([{"went_out": "Ann", "racks": {"Ben": "JK"}}], options={"joker_penalty": 50})
    assert body["totals"] == {"Ann": 50, "Ben": -50, "Cy": 0, "Dee": 0}


def test_the_player_who_went_out_may_have_an_empty_rack_entry():
    body = score([{"went_out": "Ann", "racks": {"Ann": [], "Ben": ["5R"], "Cy": "", "Dee": "1B"}}])
    assert body["totals"] == {"Ann": 6, "Ben": -5, "Cy": 0, "Dee": -1}


def test_rules_example_round_2_the_pool_ran_out_a_tie_for_the_lowest_shares_the_odd_point_to_the_first_seat():
    # Ann 2 + 5 = 7 and Ben 4 + 3 = 7 are lowest; Cy 10 + 1 = 11 loses 4, Dee 9 + 11 = 20 loses 13: 17 shared,
    # 9 to Ann (first in seat order), 8 to Ben
    body = score([{"went_out": None, "racks": {"Ann": "2K 5B", "Ben": "4R 3O", "Cy": "10K 1R", "Dee": "9R 11B"}}])
    assert body["hands"][0]["scores"] == {"Ann": 9, "Ben": 8, "Cy": -4, "Dee": -13}


def test_the_pool_ran_out_the_lowest_rack_alone_collects_the_differences():
    body = score([{"went_out": None, "racks": {"Ann": ["2K"], "Ben": ["12O", "13O"], "Cy": ["4R"]}}], ["Ann", "Ben", "Cy"])
    assert body["totals"] == {"Ann": 25, "Ben": -23, "Cy": -2}


def test_the_issues_session_body_scores_as_written():
    body = score_session({
        "game": "rummikub", "options": {"rounds": 4, "joker_penalty": 30, "initial_meld": 30},
        "players": ["Ann", "Ben", "Cy"],
        "hands": [
            {"went_out": "Ann", "racks": {"Ben": ["7R", "JK"], "Cy": ["3B", "3B"]}},
            {"went_out": None, "racks": {"Ann": ["2K"], "Ben": ["12O", "13O"], "Cy": ["4R"]}},
            {"points": {"Ann": 40, "Ben": -25, "Cy": -15}},
        ],
    })
    assert [h["scores"] for h in body["hands"]] == [
        {"Ann": 43, "Ben": -37, "Cy": -6}, {"Ann": 25, "Ben": -23, "Cy": -2}, {"Ann": 40, "Ben": -25, "Cy": -15},
    ]
    assert body["totals"] == {"Ann": 108, "Ben": -85, "Cy": -23}
    assert (body["status"], body["winner"], body["reason"]) == ("in_progress", None, "1 of 4 rounds still to play")


def test_after_the_last_round_the_highest_total_wins():
    body = score([{"points": {"Ann": 40, "Ben": -25, "Cy": -15}}, {"points": {"Ann": -10, "Ben": 20, "Cy": -10}}],
                 ["Ann", "Ben", "Cy"], {"rounds": 2})
    assert (body["status"], body["winner"]) == ("finished", "Ann")


def test_level_totals_at_the_top_share_the_win_as_a_list():
    body = score([{"points": {"Ann": 10, "Ben": 10, "Cy": -20}}], ["Ann", "Ben", "Cy"], {"rounds": 1})
    assert (body["status"], body["winner"]) == ("finished", ["Ann", "Ben"])
    assert body["reason"] == "after the last round, Ann and Ben share the game on the highest total, 10"


def test_without_rounds_the_game_goes_on_until_the_table_stops():
    body = score([{"points": {"Ann": 500, "Ben": -500, "Cy": 0, "Dee": 0}}] * 3)
    assert (body["status"], body["winner"]) == ("in_progress", None)
    assert body["reason"] == "Ann leads with 1500; the game goes on until the table stops"


# refused -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "error", "message"),
    [
        ({"went_out": "Ann", "racks": {"Ben": "7R 7R", "Cy": "7R"}}, RulesError,
         "hand 1: 7R is entered 3 times (Ben's rack, Cy's rack), but the set has only 2 of each tile"),
        ({"went_out": "Ann", "racks": {"Ben": "7Y 7O", "Cy": "7o"}}, RulesError,
         "hand 1: 7O is entered 3 times (Ben's rack, Cy's rack), but the set has only 2 of each tile (a Y tile is an O tile)"),
        ({"went_out": "Ann", "racks": {"Ben": "JK JK", "Dee": "JK"}}, RulesError,
         "hand 1: JK is entered 3 times (Ben's rack, Dee's rack), but the set has only 2 jokers"),
        ({"went_out": "Ann", "racks": {"Ann": "5B", "Ben": "7R"}}, RulesError,
         "hand 1: Ann went out, so Ann's rack is empty, but 5B is entered on it"),
        ({"went_out": "Ann", "racks": {"Ben": "7R 1X"}}, InputError,
         "hand 1: Ben's rack: `1X` at position 2 is not a tile"),
        ({"went_out": "Ann", "racks": {"Eve": "7R"}}, InputError,
         "hand 1: `Eve` is not a player in this session: players are Ann, Ben, Cy, Dee"),
        ({"went_out": "Eve", "racks": {"Ben": "7R"}}, InputError, "hand 1: `Eve` went out, but is not a player"),
        ({"went_out": "Ann"}, InputError, "hand 1: a round needs `racks`"),
    ],
)
def test_an_impossible_rack_or_a_wrong_player_is_refused_with_the_reason(hand, error, message):
    with pytest.raises(error) as refused:
        score([hand])
    assert str(refused.value).startswith(message)


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Ben", "Cy", "Dee", "Eve"]])
def test_one_or_five_players_are_refused_with_the_count(players):
    with pytest.raises(InputError, match=f"Rummikub is played by 2 to 4 players, not {len(players)}"):
        score([], players)


def test_the_player_who_went_out_with_an_empty_rack_is_no_warning():
    # elsewhere a player who went out with nothing entered is worth a second look; here it is the rule
    body = score([{"went_out": "Ann", "racks": {"Ben": "7R"}}])
    assert "warnings" not in body["hands"][0]


@pytest.mark.parametrize(("melds", "tile"), [
    (["JK 12R 13R", "JK 12B 13B", "JK 12K 13K"], "JK"),  # a set has two jokers
    (["10R 11R 12R"] * 3, "10R"),  # and two of each tile
    (["7Y 8Y 9Y", "7O 8O 9O", "7o 8o 9o"], "7O"),  # a Y tile is an O tile
])
def test_first_melds_using_a_tile_more_often_than_the_set_holds_it_do_not_reach_it_and_name_it(melds, tile):
    body = check_first_melds(melds)
    assert all(m["legal"] for m in body["melds"]) and body["points"] >= 30
    assert body["reaches"] is False
    assert body["reason"] == f"{tile} is used 3 times in these melds, but the game has only 2"


def test_first_melds_may_use_both_copies_of_a_tile():
    assert check_first_melds(["10R 11R 12R", "10R 11R 12R"])["reaches"] is True


def test_a_lay_off_check_says_rummikub_has_no_lay_offs_rather_than_misreading_its_tiles():
    with pytest.raises(InputError) as refused:
        check_layoff("7R 8R 9R", "10R", game="rummikub")
    assert str(refused.value) == "Rummikub has no lay-offs: check the whole meld as it would stand, with the meld check"
