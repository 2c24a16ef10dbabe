"""Each game is one class in a registry: found by id, asked what it can do, an unknown id refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.engine import (
    VARIANTS,
    Game,
    GinCardsError,
    InputError,
    UnknownGameError,
    card_tables,
    find_game,
    gin_arrange,
    melds,
    score_session,
)
from scorekeeper.engine.card_tables import card_table, hand_card_points
from scorekeeper.engine.cards import SUITS, Card
from scorekeeper.engine.games.gin.solver import VALUES
from scorekeeper.engine.rules import table_rules


def test_every_game_id_finds_its_game_in_the_order_pages_list_them():
    for game in VARIANTS:
        assert find_game(game.id) is game
        assert isinstance(game, Game)


@pytest.mark.parametrize("game_id", ["bridge", "", "Gin", None, 5, ["gin"]])
def test_an_unknown_game_raises_a_specific_value_error(game_id):
    with pytest.raises(UnknownGameError) as raised:
        find_game(game_id)
    assert isinstance(raised.value, InputError) and isinstance(raised.value, ValueError)
    assert "is not a game we know: games are rummy500, persian" in str(raised.value)


def test_scoring_an_unknown_game_is_refused_not_scored_as_some_other_game():
    with pytest.raises(UnknownGameError):
        score_session({"game": "bridge", "players": ["Ann", "Ben"], "hands": []})


@pytest.mark.parametrize(
    ("flag", "games"),
    [
        ("partnerships", {"persian"}),
        ("counts_hands_won", {"michigan"}),
        ("lowest_wins", {"penalty", "contract", "indian"}),
        ("asks_wild_rank", {"rummy5000", "indian"}),
        ("deal_may_end_unclaimed", {"indian", "rummikub"}),
        ("names_shared_winners", {"rummikub"}),
        ("names_groups", {"indian"}),
        ("checks_declarations", {"indian"}),
        ("knocks", {"gin"}),
        ("whole_hand_entry", {"gin"}),
        ("melds_score", {"rummy500", "persian", "oklahoma", "michigan", "rummy5000", "canasta"}),
        ("holding_costs", {"rummy500", "persian", "oklahoma", "michigan", "canasta"}),
        ("seats_are_sides", {"canasta"}),
        ("checks_totals_before", {"canasta"}),
        ("layoff_needs_own_meld", {"contract"}),
        ("going_out_melds", {"canasta"}),
    ],
)
def test_each_capability_flag_belongs_to_the_games_whose_rules_have_it(flag, games):
    assert {game.id for game in VARIANTS if getattr(game, flag)} == games


def test_only_oklahoma_keeps_a_bonus_apart_from_the_target():
    assert {game.id: game.concealed_bonus for game in VARIANTS if game.concealed_bonus} == {"oklahoma": 250}


def test_gin_deadwood_values_are_one_rule_the_solver_table_is_made_from():
    rules = table_rules("gin")
    for rank in range(1, 14):
        for suit in SUITS:
            assert hand_card_points(rules, Card(rank, suit)) == VALUES[rank - 1]


def test_gin_arrange_measures_can_knock_against_the_table_knock_limit():
    hand = "AS 2S 3S 7H 7D 7C 9C 10C JC 8D"  # 8 deadwood
    assert gin_arrange(hand)["can_knock"] is True
    assert gin_arrange(hand, knock_limit=5)["can_knock"] is False


def test_gin_cards_errors_name_the_players_when_asked_and_keep_the_api_words_otherwise():
    cards, melds = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", ["10S JS QS"]
    with pytest.raises(GinCardsError) as plain:
        gin_arrange(cards, knocker_melds=melds)
    assert str(plain.value) == "10S is both in the defender's hand and in the knocker's melds"
    with pytest.raises(GinCardsError) as named:
        gin_arrange(cards, knocker_melds=melds, knocker="Ann", defender="Ben")
    assert named.value.detail == "10S is both in Ben's hand and in Ann's melds"


def test_a_games_own_rules_are_built_once_and_shared_read_only():
    # every meld check without options asks for them: the same Rules each time, which no caller may change
    rules = table_rules("rummy500")
    assert table_rules("rummy500", {}) is rules and table_rules("rummy500", None) is rules
    assert rules.options == table_rules("rummy500", {"target": None}).options
    with pytest.raises(TypeError):
        rules.options["target"] = 1  # type: ignore[index]
    # what is not a game's own rules is read and judged each time, as before
    assert table_rules("rummy500", {"target": 300}).target == 300
    assert table_rules("rummy500", players=6) is not rules
    for wrong in ([], "x"):
        with pytest.raises(InputError, match="must be an object"):
            table_rules("rummy500", wrong)  # type: ignore[arg-type]
    with pytest.raises(InputError):
        table_rules("no such game")


def test_card_answers_are_shared_by_checks_under_the_same_rules_and_never_across_others():
    house = table_rules("rummy500")
    same_rules = table_rules("rummy500", {"target": house.target})
    assert same_rules is not house and card_table(house, None, "wild") is card_table(same_rules, None, "wild")
    # the answers of one table's rules never reach another's: no jokers, no wild jokers; a wild rank is its own
    no_jokers = table_rules("rummy500", {"jokers": 0})
    assert melds.analyse("JK 5H 6H", house).legal
    assert not melds.analyse("JK 5H 6H", no_jokers).legal
    assert melds.analyse("JK 5H 6H", house).legal, "the other table's answers did not change this one's"
    assert card_table(house, 5, "wild") is not card_table(house, None, "wild")
    assert card_table(house, None, "in_hand_points") is not card_table(house, None, "wild")
    # rules made by hand are named by nothing: their tables are their own
    made = replace(house, key="", jokers_wild=False)
    assert card_table(made, None, "wild") is not card_table(replace(made), None, "wild")
    # a few hundred kept at most, the least recently asked dropped first
    for target in range(card_tables.TABLES_KEPT + 1):
        card_table(table_rules("rummy500", {"target": 1000 + target}), None, "wild")
    assert len(card_tables._TABLES) == card_tables.TABLES_KEPT
