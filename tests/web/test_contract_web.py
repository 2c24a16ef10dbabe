"""Contract Rummy through the pages: the new-game form's options, the hand form's contract, hands by cards and by
points, a contract refused with its reason and nothing saved, the game ending after its last deal.

Figures are the worked examples of docs/rules/contract.md.
"""

from __future__ import annotations

import re


def saved(response) -> None:
    assert response.status_code == 302, response.get_data(as_text=True)


def test_new_game_form_offers_contract_rummy_with_its_options(client):
    text = client.get("/new/contract").get_data(as_text=True)
    for option in ("deals", "decks", "jokers", "card_values", "ace_points", "joker_points"):
        assert f'name="opt_{option}"' in text


def test_a_contract_game_by_cards_and_points_ends_after_its_last_deal(table, client):
    url = table.start("contract", ["Ann", "Ben", "Cy"], deals=3, joker_points=50)
    form = client.get(f"{url}/hands/new").get_data(as_text=True)
    assert "Deal 1 asks for two sets of three." in form

    # example 4: Ben holds A + 5 = 20, Cy holds a joker at 50 + 10 + 5 = 65
    saved(table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7H 7D 7S", "9C 9D JK"]},
        "Ben": {"melds": ["KH KD KS", "QH QD QC"], "in_hand": "AH 5D"},
        "Cy": {"in_hand": "JK 10S 2C"},
    }}))
    assert table.totals() == {"Ann": 0, "Ben": 20, "Cy": 65}
    assert "Deal 2 asks for a set of three and a run of four." in client.get(f"{url}/hands/new").get_data(as_text=True)

    saved(table.play({"went_out": "Ben", "points": {"Ann": "15", "Ben": "0", "Cy": "25"}}))
    assert table.totals() == {"Ann": 15, "Ben": 20, "Cy": 90}
    assert table.status()[0] == "in_progress"

    # deal 3 asks for two runs: two sets are refused, naming Cy and the contract, and nothing is saved
    before = table.counts()
    wrong = table.play({"went_out": "Cy", "players": {
        "Ann": {"in_hand": "KD"},
        "Ben": {"in_hand": "2H 3H"},
        "Cy": {"melds": ["3S 3D 3C", "9H 9D 9C"]},
    }})
    assert wrong.status_code == 422
    text = wrong.get_data(as_text=True)
    assert "Cy went down with two sets, but deal 3 asks for two runs of four" in text
    assert 'value="3S 3D 3C"' in text  # the form comes back with everything entered
    assert table.counts() == before

    saved(table.play({"went_out": "Cy", "players": {
        "Ann": {"in_hand": "KD"},
        "Ben": {"in_hand": "2H 3H"},
        "Cy": {"melds": ["3S 4S 5S 6S", "9H 10H JH QH"]},
    }}))
    assert table.totals() == {"Ann": 25, "Ben": 30, "Cy": 90}
    assert table.status() == ("finished", "Ann")
    assert re.search(r"Ann wins", table.page())


def test_the_checker_checks_a_contract_meld(client):
    text = client.get("/check?game=contract&cards=7H+8H+9H").get_data(as_text=True)
    assert "a run needs at least 4 cards; this has 3" in text
    body = client.post("/api/v1/melds/check", json={"cards": "7H 8H 9H 10H", "game": "contract"}).get_json()
    assert (body["legal"], body["kind"], body["points"]) == (True, "run", 0)


def test_a_players_own_part_page_says_the_deals_contract(table, client):
    url = table.start("contract", ["Ann", "Ben", "Cy"])
    saved(table.play({"went_out": "Ann", "points": {"Ann": "0", "Ben": "10", "Cy": "5"}}))
    text = client.get(f"{url}/my-hand?seat=2").get_data(as_text=True)
    assert "Deal 2 asks for a set of three and a run of four." in text


def test_a_lay_off_by_a_player_who_has_not_gone_down_is_refused_at_save_on_that_lay_off(table):
    # a form posted without script can still carry one (the script takes the melds off the list)
    table.start("contract", ["Ann", "Ben", "Cy"])
    before = table.counts()
    refused = table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7H 7D 7S", "9C 9D JK"]},
        "Ben": {"melds": ["KH KD KS", "QH QD QC"], "in_hand": "AH 5D"},
        "Cy": {"layoffs": [("KC", "Ben", 0)], "in_hand": "JK 10S 2C"},
    }})
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "Cy laid off without going down: only a player who met the contract lays off" in text
    assert re.search(r'name="players-2-layoffs-0-cards"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="players-2-layoffs-0-cards"', text)
    assert table.counts() == before
