"""Indian Rummy's pool: who may rejoin now, and at what total (docs/rules/indian.md, example 4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import Scoring
from tests.engine.test_indian import FOUR, example_3, example_4_hand_2, pool_game


def scoring(hands, options=None, players=FOUR):
    return Scoring.of({"game": "indian", "players": players, "options": {"format": "pool"} | (options or {}),
                       "hands": hands})


def test_a_player_out_may_rejoin_at_one_more_than_the_highest_total_still_in():
    pool = scoring(pool_game()[:2])  # totals Ann 40, Ben 17, Cy 160, Dev 50
    assert pool.rejoin_offers() == {"Cy": 51}
    assert pool.rejoin_refusal("Cy") is None


def test_nobody_may_rejoin_once_the_highest_total_still_in_reaches_80():
    pool = scoring(pool_game()[:3])  # totals Ann 40, Ben 97, Cy 71, Dev 105
    assert pool.rejoin_offers() == {}
    assert pool.rejoin_refusal("Dev") == "Dev cannot rejoin: Ben's 97 is not below 80"


def test_the_total_offered_is_the_total_a_rejoin_sets():
    pool = scoring(pool_game()[:2])
    after = pool.with_hand({"rejoined": ["Cy"], "points": {"Ann": 0, "Ben": 80, "Cy": 20, "Dev": 55}})
    assert after.answer()["hands"][-1]["rejoined"] == pool.rejoin_offers()


def test_a_player_still_in_is_offered_nothing():
    pool = scoring([example_3()])
    assert pool.rejoin_offers() == {}
    assert pool.rejoin_refusal("Ben") == "Ben cannot rejoin: Ben is not out"


@pytest.mark.parametrize(("options", "why"), [
    ({"rejoin": False}, "Cy cannot rejoin: this table plays without rejoining"),
    ({"format": "points"}, "Cy cannot rejoin: only a pool game has rejoining"),
    ({"format": "deals"}, "Cy cannot rejoin: only a pool game has rejoining"),
])
def test_nobody_may_rejoin_when_the_options_say_so(options, why):
    pool = scoring([example_3(), example_4_hand_2()], options)
    assert pool.rejoin_offers() == {}
    assert pool.rejoin_refusal("Cy") == why


def test_nobody_rejoins_a_finished_pool_game():
    pool = scoring(pool_game())
    assert pool.rejoin_offers() == {}
    assert pool.rejoin_refusal("Ben") == "Ben cannot rejoin: the pool game is over: nobody rejoins"


@pytest.mark.parametrize(("highest", "offered"), [(174, {"Cy": 175}), (175, {})])
def test_pool_201_allows_a_rejoin_while_the_highest_total_still_in_is_below_175(highest, offered):
    pool = scoring([{"points": {"Ann": 10, "Ben": highest, "Cy": 205}}], {"pool": 201}, ["Ann", "Ben", "Cy"])
    assert pool.rejoin_offers() == offered


def test_two_players_out_may_both_rejoin_at_the_same_total():
    pool = scoring([{"points": {"Ann": 10, "Ben": 60, "Cy": 101, "Dev": 120}}])
    assert pool.rejoin_offers() == {"Cy": 61, "Dev": 61}


def test_a_game_without_a_pool_has_no_rejoining():
    rummy = Scoring.of({"game": "rummy500", "players": ["Ann", "Ben"], "hands": [{"went_out": "Ann", "points": {"Ann": 5, "Ben": 0}}]})
    assert rummy.rejoin_offers() == {}
    assert rummy.rejoin_refusal("Ann") == "Ann cannot rejoin: 500 Rum has no rejoining"


@given(st.lists(st.integers(0, 120), min_size=3, max_size=3))
def test_every_player_offered_may_rejoin_and_comes_back_below_the_limit(points):
    pool = scoring([{"points": dict(zip(["Ann", "Ben", "Cy"], points))}], players=["Ann", "Ben", "Cy"])
    for name, total in pool.rejoin_offers().items():
        assert pool.rejoin_refusal(name) is None
        assert total <= 80
        assert pool.with_hand({"rejoined": [name], "points": {}}).totals[name] == total
