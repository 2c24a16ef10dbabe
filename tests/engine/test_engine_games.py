"""Games, options, lay-off checks and card tables; properties of meld readings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    VARIANTS,
    InputError,
    RulesError,
    card_values,
    check_layoff,
    check_meld,
    deck_counts,
    resolve_options,
    score_session,
)
from scorekeeper.engine.cards import SUITS, rank_name


def test_every_game_has_a_spec_with_named_options():
    assert tuple(game.id for game in VARIANTS) == (
        "rummy500", "persian", "oklahoma", "michigan", "rummy5000", "basic", "penalty", "gin", "contract", "canasta",
        "indian", "rummikub",
    )
    for spec in VARIANTS:
        assert spec.name and spec.summary
        assert spec.min_players <= spec.max_players
        # Michigan counts hands won, Contract Rummy ends after its last deal, Indian Rummy's end is its format and
        # Rummikub's its rounds: none plays to a target option
        assert ("target" in [o.name for o in spec.options]) == (spec.id not in ("michigan", "contract", "indian", "rummikub"))


def test_resolve_options_fills_defaults_for_the_table():
    assert resolve_options("rummy500", {}, n_players=5)["decks"] == 2
    assert resolve_options("rummy500", {}, n_players=3)["decks"] == 1
    assert resolve_options("gin", {"target": 250}, n_players=2)["target"] == 250


@pytest.mark.parametrize(
    ("game", "options", "players", "message"),
    [
        ("gin", {}, 3, "Gin Rummy is played by exactly 2 players, not 3"),
        ("rummy500", {"must_go_out_to_win": "yes"}, 2, "must be true or false"),
        ("oklahoma", {"jokers": 5}, 2, "a whole number from 0 to 4"),
        ("michigan", {"target": 500}, 2, "Michigan Rummy has no option `target`"),
    ],
)
def test_resolve_options_refuses_what_the_game_does_not_take(game, options, players, message):
    with pytest.raises(InputError, match=message):
        resolve_options(game, options, n_players=players)


def test_deck_counts_follow_decks_and_jokers():
    assert deck_counts("rummy500", {}, 6)["7H"] == 2 and deck_counts("rummy500", {}, 6)["JK"] == 4
    assert deck_counts("persian")["JK"] == 4
    assert deck_counts("gin")["JK"] == 0


def test_card_values_table_shows_oklahoma_queen_of_spades():
    rows = {row["card"]: (row["melded"], row["in_hand"]) for row in card_values("oklahoma")}
    assert rows["Q♠"] == (50, -100)
    assert rows["A"] == (20, -20)


def test_card_values_of_games_whose_melds_do_not_score_leave_melded_empty():
    assert all(row["melded"] is None for row in card_values("penalty"))


@pytest.mark.parametrize(
    ("meld", "added", "game", "legal", "points"),
    [
        ("7H 8H 9H", "10H", "rummy500", True, 10),
        ("2H 3H 4H", "AH", "rummy500", True, 1),
        ("KS KH KD", "KC", "persian", True, 10),
        ("AS AH 2C", "AC", "oklahoma", True, 20),
        ("AS AH AD AC", "AS", "oklahoma", False, 0),
        ("7H 8H 9H", "JH", "rummy500", False, 0),
    ],
)
def test_lay_off_check_scores_only_the_cards_laid_off(meld, added, game, legal, points):
    body = check_layoff(meld, added, game=game)
    assert (body["legal"], body["points"]) == (legal, points)


def test_lay_off_onto_an_illegal_meld_says_the_meld_is_wrong():
    assert check_layoff("7H 8H 10H", "JH")["reason"].startswith("the meld on the table is not legal: there is a gap")


def test_lay_off_with_an_unreadable_card_names_it():
    with pytest.raises(InputError, match="the cards laid off: `8X` at position 1"):
        check_layoff("5S 6S 7S", "8X", game="gin")


# properties ---------------------------------------------------------------------

ranks = st.integers(min_value=1, max_value=13)
suits = st.sampled_from(SUITS)


@st.composite
def natural_runs(draw):
    """A run of natural cards in 500 Rum: ace low or high, never both."""
    length = draw(st.integers(min_value=3, max_value=13))
    low = draw(st.integers(min_value=1, max_value=14 - length + 1))
    suit = draw(suits)
    cards = [f"{rank_name(1 if r == 14 else r)}{suit}" for r in range(low, low + length)]
    return draw(st.permutations(cards))


@given(natural_runs())
@settings(max_examples=150, deadline=None)
def test_any_natural_run_entered_in_any_order_is_a_legal_run(cards):
    body = check_meld(list(cards))
    assert body["legal"] and body["kind"] == "run"


@given(st.lists(st.sampled_from([f"{rank_name(r)}{s}" for r in range(1, 14) for s in SUITS] + ["JK"]), min_size=3, max_size=6))
@settings(max_examples=300, deadline=None)
def test_every_reading_entered_as_its_notation_is_read_the_same_way(cards):
    body = check_meld(cards, options={"decks": 2})
    for reading in body["readings"]:
        again = check_meld(reading["notation"], options={"decks": 2})
        assert again["legal"], reading
        assert (again["kind"], again["readings"][0]["represents"]) == (reading["kind"], reading["represents"])
    assert body["legal"] == (body["reason"] is None)


@given(st.lists(st.tuples(st.integers(-50, 150), st.integers(-50, 150)), max_size=12))
@settings(max_examples=100, deadline=None)
def test_totals_are_the_running_sum_of_hand_scores(scores):
    hands = [{"ended": "went_out", "went_out": "Ann", "points": {"Ann": a, "Ben": b}} for a, b in scores]
    body = score_session({"game": "rummy500", "options": {"target": 10**6}, "players": ["Ann", "Ben"], "hands": hands})
    running = {"Ann": 0, "Ben": 0}
    for hand, (a, b) in zip(body["hands"], scores):
        running = {"Ann": running["Ann"] + a, "Ben": running["Ben"] + b}
        assert hand["totals"] == running
    assert body["totals"] == running


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.sampled_from(["Ann", "Ben", "7H 8H 9H", "JK", "went_out", "stock_exhausted", "1H", "KS KD KC"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["Ann", "Ben", "melds", "layoffs", "in_hand", "cards", "onto", "player", "meld", "ended", "went_out", "points", "players", "concealed", "wild_rank", "big_gin"]),
        inner, max_size=5),
    max_leaves=20,
)


@given(st.sampled_from([game.id for game in VARIANTS]), st.lists(json_values, max_size=3))
@settings(max_examples=200, deadline=None)
def test_any_malformed_session_is_refused_with_an_engine_error_never_a_crash(game, hands):
    players = ["Ann", "Ben", "Cy", "Dee"] if game == "persian" else ["Ann", "Ben"]
    try:
        score_session({"game": game, "players": players, "hands": hands})
    except (InputError, RulesError):
        pass


card_texts = st.sampled_from([f"{rank_name(r)}{s}" for r in range(1, 14) for s in SUITS] + ["JK", "JK=8H", "2C=QS", "7H=7S"])
card_lists = st.lists(card_texts, max_size=5).map(" ".join)
entries = st.fixed_dictionaries(
    {},
    optional={
        "melds": st.lists(card_lists, max_size=3),
        "layoffs": st.lists(st.fixed_dictionaries({"cards": card_lists, "onto": st.fixed_dictionaries(
            {"player": st.sampled_from(["Ann", "Ben"]), "meld": st.integers(-1, 3)})}), max_size=2),
        "in_hand": card_lists,
        "cards": card_lists,
    },
)
card_hands = st.fixed_dictionaries(
    {"ended": st.sampled_from(["went_out", "stock_exhausted"]), "players": st.fixed_dictionaries({"Ann": entries, "Ben": entries})},
    optional={"went_out": st.sampled_from(["Ann", "Ben", None]), "concealed": st.booleans(),
              "wild_rank": st.sampled_from(["7", "A", 2, None]), "big_gin": st.booleans()},
)


@given(st.sampled_from([g.id for g in VARIANTS if g.id != "persian"]), st.lists(card_hands, min_size=1, max_size=2))
@settings(max_examples=200, deadline=None)
def test_any_hand_of_cards_scores_or_is_refused_with_an_engine_error(game, hands):
    try:
        body = score_session({"game": game, "players": ["Ann", "Ben"], "hands": hands})
    except (InputError, RulesError):
        return
    assert len(body["hands"]) == len(hands)
