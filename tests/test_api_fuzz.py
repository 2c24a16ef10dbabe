"""No body of any shape makes the JSON API answer 500: it reads it, or says what is wrong."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import InputError, RulesError, score_session

ENDPOINTS = ["/api/v1/melds/check", "/api/v1/score"]

words = st.sampled_from(
    [
        "rummy500", "persian", "oklahoma", "michigan", "rummy5000", "basic", "penalty", "gin",
        "Ann", "Ben", "Cy", "Dee", "7H 8H 9H", "JK", "JK=8H", "2C=QS", "KS KD KC", "1H", "10s",
        "went_out", "stock_exhausted", "7", "A", "", "\u2665", "<script>",
    ]
)
scalars = st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False) | words | st.text(max_size=8)
keys = st.sampled_from(
    [
        "game", "options", "wild_rank", "cards", "players", "hands", "ended", "went_out", "concealed",
        "points", "melds", "layoffs", "in_hand", "onto", "player", "meld", "target", "decks", "jokers",
        "must_go_out_to_win", "card_values", "knock_limit", "Ann", "Ben",
    ]
) | st.text(max_size=6)
json_bodies = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=6),
    max_leaves=30,
)


# a card list as a player might send it, right or wrong: text, a list of tokens with stray values, anything
card_lists = words | st.lists(words | scalars, max_size=4) | json_bodies


def layoff_entries(players: list[str]):
    """Lay-offs right in shape, whose cards and target (owner, meld index) may be any JSON value."""
    return st.fixed_dictionaries(
        {},
        optional={
            "cards": card_lists,
            "onto": st.fixed_dictionaries(
                {},
                optional={
                    "player": st.sampled_from(players) | json_bodies,
                    "meld": st.integers(-1, 3) | json_bodies,
                },
            )
            | json_bodies,
        },
    )


def player_entries(players: list[str]):
    """One player's entry: melds, lay-offs, cards left or a whole gin hand, each of any shape."""
    return st.fixed_dictionaries(
        {},
        optional={
            "melds": st.lists(card_lists, max_size=3) | json_bodies,
            "layoffs": st.lists(layoff_entries(players) | json_bodies, max_size=2) | json_bodies,
            "in_hand": card_lists,
            "cards": words | st.just("2S 3D 4C 5H 6S 8D 9C 10C JS QD") | card_lists,
        },
    )


@st.composite
def near_valid_sessions(draw) -> dict:
    """Session bodies that are right in shape, with values that may be wrong anywhere."""
    players = draw(st.lists(st.sampled_from(["Ann", "Ben", "Cy", "Dee"]), min_size=1, max_size=4, unique=True))
    hand = st.fixed_dictionaries(
        {"ended": st.sampled_from(["went_out", "stock_exhausted"]) | json_bodies},
        optional={
            "went_out": st.sampled_from(players) | json_bodies,
            "points": st.dictionaries(st.sampled_from(players), st.integers(-300, 300) | json_bodies),
            "players": st.dictionaries(st.sampled_from(players), player_entries(players) | json_bodies),
            "wild_rank": words | json_bodies,
            "concealed": st.booleans() | json_bodies,
            "big_gin": st.booleans() | json_bodies,
        },
    )
    return {
        "game": draw(st.sampled_from(["rummy500", "gin", "oklahoma", "rummy5000", "persian"]) | words),
        "options": draw(st.dictionaries(keys, scalars, max_size=3)),
        "players": players,
        "hands": draw(st.lists(hand, max_size=3)),
    }


@st.composite
def gin_knocks(draw) -> dict:
    """Gin knocks with the knocker's melds of any shape and the defender often given as a whole hand."""
    players = ["K", "D"]
    knocker = draw(player_entries(players))
    defender = draw(st.just({"cards": "2S 3D 4C 5H 6S 8D 9C 10C JS QD"}) | player_entries(players))
    hand = {"ended": "went_out", "went_out": draw(st.sampled_from(players) | json_bodies), "players": {"K": knocker, "D": defender}}
    return {"game": "gin", "players": players, "hands": [hand]}


def _post(client, url: str, payload) -> None:
    response = client.post(url, data=payload, content_type="application/json")
    assert response.status_code in (200, 400, 422), (url, payload, response.status_code)
    body = response.get_json()
    assert isinstance(body, dict)
    if response.status_code != 200:
        assert isinstance(body.get("error"), str) and body["error"]


@pytest.mark.parametrize("url", ENDPOINTS)
@given(body=json_bodies)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_json_body_is_answered_without_a_server_error(client, url, body):
    _post(client, url, json.dumps(body))


@given(body=near_valid_sessions())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_near_valid_session_is_scored_or_refused_with_a_reason(client, body):
    _post(client, "/api/v1/score", json.dumps(body))


@given(body=near_valid_sessions() | gin_knocks())
@settings(max_examples=300, deadline=None)
def test_the_engine_facade_raises_only_input_and_rules_errors_naming_the_hand(body):
    try:
        score_session(body)
    except (InputError, RulesError) as exc:
        assert exc.message
        if body["hands"] and exc.hand is None:
            # only session-wide faults (game, options, players) are without a hand
            assert not exc.message.startswith("hand ")


@given(body=gin_knocks())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_gin_knock_body_is_scored_or_refused_with_a_reason(client, body):
    _post(client, "/api/v1/score", json.dumps(body))


@pytest.mark.parametrize("url", ENDPOINTS)
@given(raw=st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_bytes_that_are_not_json_are_refused_with_400(client, url, raw):
    response = client.post(url, data=raw, content_type="application/json")
    assert response.status_code in (200, 400, 422)
    assert "error" in response.get_json() or response.status_code == 200
