"""POST /api/v1/gin/arrange: the JSON adapter over the gin solver."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def test_arrange_answers_the_best_melds_and_deadwood(client):
    response = client.post("/api/v1/gin/arrange", json={"cards": "AS 2S 3S 7H 7D 7C 9C 10C JC KD"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["melds"] == [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]
    assert body["deadwood"] == ["KD"]
    assert body["deadwood_points"] == 10
    assert body["layoffs"] == []
    assert body["can_knock"] is True
    assert body["gin"] is False
    assert body["arrangements"] == 1


def test_arrange_takes_a_list_of_cards_and_names_the_best_discard_of_eleven(client):
    cards = ["7S", "7H", "7D", "7C", "8C", "9C", "10C", "2H", "3H", "4H", "KS"]
    body = client.post("/api/v1/gin/arrange", json={"cards": cards}).get_json()
    assert body["discard"] == "KS"
    assert body["gin"] is True
    assert body["arrangements"] == 2


def test_arrange_lays_off_a_defenders_cards_onto_the_knockers_melds(client):
    body = client.post(
        "/api/v1/gin/arrange",
        json={
            "cards": "8H 9H 2C 3C 8D KS QS 4D 5S 6D",
            "knocker_melds": ["5H 6H 7H", ["4C", "5C", "6C"], "JD JH JC"],
        },
    ).get_json()
    assert body["layoffs"] == [
        {"cards": ["8H", "9H"], "onto": 0},
        {"cards": ["2C", "3C"], "onto": 1},
    ]
    assert body["deadwood"] == ["4D", "5S", "6D", "8D", "QS", "KS"]
    assert body["deadwood_points"] == 43


@pytest.mark.parametrize(
    "body, names",
    [
        ("not json", "JSON object"),
        ([1, 2], "JSON object"),
        ({}, '"cards" is missing'),
        ({"cards": 7}, '"cards" must be'),
        ({"cards": "7H 8H 9H"}, "3 given"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S 1S"}, "`1S`"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S JK"}, "jokers"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S 7H"}, "7H is given twice"),
        ({"cards": [7, "8H"]}, "`7`"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S 3S", "knocker_melds": "4S 5S 6S"}, "list of melds"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S 3S", "knocker_melds": [{"a": 1}]}, "meld 1"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S 3S", "knocker_melds": ["4S 5S 7S"]}, "gap between 5 and 7"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S 3S", "knocker_melds": ["4S 3S 2S"]}, "2S is both"),
        ({"cards": "7H 8H 9H 10H JH QH KH AS 2S 3S 4S", "knocker_melds": []}, "11 given"),
    ],
)
def test_arrange_answers_400_naming_what_cannot_be_read(client, body, names):
    if isinstance(body, str):
        response = client.post("/api/v1/gin/arrange", data=body, content_type="application/json")
    else:
        response = client.post("/api/v1/gin/arrange", json=body)
    assert response.status_code == 400
    assert names in response.get_json()["error"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
CARD_TEXT = st.sampled_from(["7H", "8h", "9H", "10S", "JK", "AS", "KD", "1S", "", "QC", "7H"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=JSON
    | st.fixed_dictionaries(
        {"cards": st.lists(CARD_TEXT, max_size=12) | st.text(max_size=40)},
        optional={"knocker_melds": JSON | st.lists(st.lists(CARD_TEXT, max_size=5), max_size=4)},
    )
)
def test_arrange_never_answers_500_whatever_the_body(client, body):
    response = client.post("/api/v1/gin/arrange", json=body)
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert response.get_json()["error"]
