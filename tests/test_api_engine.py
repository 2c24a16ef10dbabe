"""POST /api/v1/melds/check and /api/v1/score: the JSON faces of the rules engine (API.md)."""

from __future__ import annotations

import pytest

SESSION = {
    "game": "rummy500",
    "options": {"must_go_out_to_win": False},
    "players": ["Ann", "Ben", "Cy"],
    "hands": [
        {
            "ended": "went_out",
            "went_out": "Ann",
            "concealed": False,
            "wild_rank": None,
            "players": {
                "Ann": {"melds": [["7H", "8H", "9H"], "KS KD KC"], "layoffs": [], "in_hand": []},
                "Ben": {"melds": [], "layoffs": [{"cards": ["10H"], "onto": {"player": "Ann", "meld": 0}}], "in_hand": "QS 4D"},
                "Cy": {"melds": [], "layoffs": [], "in_hand": ["AS"]},
            },
        },
        {"ended": "went_out", "went_out": "Ben", "points": {"Ann": 12, "Ben": 61, "Cy": -20}},
    ],
}


def test_meld_check_answers_a_legal_run_with_its_reading(client):
    response = client.post("/api/v1/melds/check", json={"game": "rummy500", "options": {}, "wild_rank": None, "cards": "7H 8H JK"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is True
    assert (body["kind"], body["cards"], body["points"], body["reason"]) == ("run", ["7H", "8H", "JK"], 30, None)
    assert body["readings"][0] == {
        "kind": "run", "represents": ["7H", "8H", "9H"], "points": 30, "cards": ["7H", "8H", "JK=9H"], "notation": "7H 8H JK=9H",
    }


def test_meld_check_defaults_to_500_rum_and_takes_a_list(client):
    body = client.post("/api/v1/melds/check", json={"cards": ["9h", "10h", "jh"]}).get_json()
    assert (body["legal"], body["points"]) == (True, 29)


def test_illegal_meld_is_a_200_with_the_reason(client):
    response = client.post("/api/v1/melds/check", json={"cards": "KH AH 2H"})
    assert response.status_code == 200
    assert response.get_json() == {
        "legal": False, "kind": None, "cards": ["KH", "AH", "2H"], "points": 0, "readings": [],
        "reason": "K-A-2 wraps around: an ace is high or low, not both",
    }


def test_meld_check_of_5000_rummy_uses_the_wild_rank(client):
    body = client.post("/api/v1/melds/check", json={"game": "rummy5000", "wild_rank": "7", "cards": "7H 7S 7D"}).get_json()
    assert (body["legal"], body["kind"], body["points"]) == (True, "set", 300)


def test_meld_check_offers_an_oklahoma_deuce_as_the_queen_of_spades_after_the_reading_it_uses(client):
    body = client.post("/api/v1/melds/check", json={"game": "oklahoma", "cards": "QH QD 2C"}).get_json()
    assert body["points"] == 30
    assert [(r["notation"], r["points"]) for r in body["readings"]] == [("QH QD 2C=QC", 30), ("QH QD 2C=QS", 70)]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"cards": "7H 1H 9H"}, "`1H` at position 2 is not a card"),
        ({"game": "bridge", "cards": "7H 8H 9H"}, "`bridge` is not a game we know"),
        ({"game": "rummy5000", "cards": "7H 8H 9H"}, "wild rank"),
        ({"game": "gin"}, '"cards" is missing'),
    ],
)
def test_unreadable_meld_check_is_a_400_naming_the_problem(client, payload, message):
    response = client.post("/api/v1/melds/check", json=payload)
    assert response.status_code == 400
    assert message in response.get_json()["error"]


def test_body_that_is_not_json_is_a_400(client):
    response = client.post("/api/v1/melds/check", data="7H 8H 9H", content_type="text/plain")
    assert response.status_code == 400
    assert "not JSON" in response.get_json()["error"]


def test_score_gives_each_hand_running_totals_and_status(client):
    response = client.post("/api/v1/score", json=SESSION)
    assert response.status_code == 200
    body = response.get_json()
    first, second = body["hands"]
    assert first["scores"] == {"Ann": 54, "Ben": -4, "Cy": -15}
    assert first["totals"] == {"Ann": 54, "Ben": -4, "Cy": -15}
    assert (first["status"], first["winner"], first["reason"]) == ("in_progress", None, "nobody has reached 500")
    assert second["scores"] == {"Ann": 12, "Ben": 61, "Cy": -20}
    assert body["totals"] == {"Ann": 66, "Ben": 57, "Cy": -35}
    assert (body["status"], body["winner"], body["reason"]) == ("in_progress", None, "nobody has reached 500")


def ben_melds_a_gapped_run() -> dict:
    """A 500 Rum session whose one hand has Ben's second meld (9H 10H QH) illegal: a fresh copy per call."""
    return {
        "game": "rummy500",
        "players": ["Ann", "Ben"],
        "hands": [{"ended": "went_out", "went_out": "Ann", "players": {
            "Ann": {"melds": ["AS AD AC"]},
            "Ben": {"melds": ["7S 7D 7C", "9H 10H QH"], "in_hand": "2C"}}}],
    }


def test_score_refuses_an_illegal_meld_with_a_422_naming_hand_and_player(client):
    session = ben_melds_a_gapped_run()
    response = client.post("/api/v1/score", json=session)
    assert response.status_code == 422
    body = response.get_json()
    assert body["error"] == "hand 1: Ben's meld 2 (9H 10H QH) is not legal: there is a gap between 10 and Q"
    assert (body["hand"], body["player"]) == (1, "Ben")


def test_score_422_points_at_the_meld_and_the_layoff_by_index(client):
    session = ben_melds_a_gapped_run()
    body = client.post("/api/v1/score", json=session).get_json()
    assert (body["field"], body["meld"]) == ("melds", 1)
    session["hands"][0]["players"]["Ben"] = {"layoffs": [{"cards": "2C", "onto": {"player": "Ann", "meld": 0}}]}
    body = client.post("/api/v1/score", json=session).get_json()
    assert (body["hand"], body["player"], body["field"], body["layoff"]) == (1, "Ben", "layoffs", 0)


def test_score_of_an_unknown_game_is_a_400(client):
    response = client.post("/api/v1/score", json={"game": "bridge", "players": ["Ann", "Ben"], "hands": []})
    assert response.status_code == 400
    assert "bridge" in response.get_json()["error"]


def test_score_of_a_persian_game_is_kept_per_partnership(client):
    session = {"game": "persian", "players": ["Ann", "Ben", "Cy", "Dee"],
               "hands": [{"ended": "went_out", "went_out": "Ann", "points": {"Ann": 300, "Ben": 20, "Cy": 250, "Dee": 10}}]}
    body = client.post("/api/v1/score", json=session).get_json()
    assert body["totals"] == {"Ann & Cy": 550 + 50, "Ben & Dee": 30}
    assert (body["status"], body["winner"]) == ("finished", "Ann & Cy")


def test_layoff_check_scores_only_the_cards_laid_off(client):
    response = client.post("/api/v1/layoffs/check", json={"game": "rummy500", "meld": "7H 8H 9H", "cards": "10h"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is True and body["points"] == 10 and body["cards"] == ["10H"]
    assert body["meld"]["represents"] == ["7H", "8H", "9H"]


def test_layoff_check_says_why_cards_do_not_fit(client):
    body = client.post("/api/v1/layoffs/check", json={"meld": "7H 8H 9H", "cards": "QH"}).get_json()
    assert body["legal"] is False and "gap" in body["reason"]


@pytest.mark.parametrize("body, named", [
    ({"meld": "7H 8H 9H"}, '"cards" is missing'),
    ({"cards": "10H"}, '"meld" is missing'),
    ({"meld": "7H 8H 9H", "cards": "JKR"}, "write a joker as JK"),
    ({"meld": "7H 8H 9H", "cards": ""}, "enter at least one card"),
])
def test_layoff_check_refuses_what_it_cannot_read_with_400(client, body, named):
    response = client.post("/api/v1/layoffs/check", json=body)
    assert response.status_code == 400
    assert named in response.get_json()["error"]


def test_cards_check_reads_cards_typed_without_spaces(client):
    response = client.post("/api/v1/cards/check", json={"cards": "qs4d"})
    assert response.status_code == 200
    assert response.get_json() == {"cards": ["QS", "4D"]}


@pytest.mark.parametrize(
    ("body", "points"),
    [
        ({"game": "rummy500", "cards": "qs4d"}, 14),
        ({"game": "oklahoma", "cards": "qs 2d"}, 120),  # the queen of spades and a deuce cost more held
        ({"game": "gin", "cards": "qs 4d"}, 14),
        ({"game": "rummy5000", "wild_rank": "4", "cards": "qs 4d"}, 110),
    ],
)
def test_cards_check_given_a_game_says_what_the_cards_are_worth_left_in_hand(client, body, points):
    response = client.post("/api/v1/cards/check", json=body)
    assert response.status_code == 200
    assert response.get_json()["points"] == points


def test_cards_check_in_5000_rummy_reads_the_cards_before_the_wild_rank_is_chosen(client):
    response = client.post("/api/v1/cards/check", json={"game": "rummy5000", "cards": "qs 4d"})
    assert response.status_code == 200 and response.get_json() == {"cards": ["QS", "4D"]}


def test_cards_check_names_the_card_it_cannot_read_and_refuses_pins(client):
    bad = client.post("/api/v1/cards/check", json={"cards": "QS 4X"})
    assert bad.status_code == 400 and "`4X` at position 2" in bad.get_json()["error"]
    pinned = client.post("/api/v1/cards/check", json={"cards": "JK=4D"})
    assert pinned.status_code == 400 and "only a wild card in a meld" in pinned.get_json()["error"]
