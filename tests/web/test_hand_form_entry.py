"""The hand form without script and what the server puts in it: rows added by posting, lay-offs that
offer only the melds the rules allow, "went out concealed" where the game scores it, the joker
hint where the deck has jokers, and a refused form that opens on its first marked field."""

from __future__ import annotations

import re

import pytest

from tests.test_drafts import form_values, phone, send


def options_of(page: str, name: str) -> list[str]:
    """The values a select of the page offers, in order (the empty "(choose a meld)" left out)."""
    found = re.search(rf'<select[^>]*name="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S)
    assert found, f"no select {name} on the page"
    return [value for value in re.findall(r'<option[^>]*value="([^"]*)"', found.group(1)) if value]


def new_hand(table, query: str = "") -> str:
    response = table.client.get(f"{table.url}/hands/new{query}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_another_meld_without_script_adds_a_row_and_keeps_what_was_typed(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    data = table.hand_form({"went_out": "Ann", "players": {"Ann": {"melds": ["7h 8h 9h"]}, "Ben": {"in_hand": "qs"}}})
    data["more"] = "melds-0"
    before = table.counts()
    response = table.client.post(f"{table.url}/hands/new", data=data)
    assert response.status_code == 200
    values = form_values(response.get_data(as_text=True), "hand-form")
    assert values["players-0-melds-0"] == "7h 8h 9h" and values["players-0-melds-1"] == ""
    assert "players-0-melds-1" in values and values["players-1-in_hand"] == "qs"
    assert table.counts() == before
    # the new row is a meld Ben may lay off onto
    assert "0:1" in options_of(response.get_data(as_text=True), "players-1-layoffs-0-onto")


def test_another_lay_off_without_script_adds_a_lay_off_row(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    data = table.hand_form({"went_out": "Ann", "players": {"Ben": {"layoffs": [("10h", "Ann", 0)]}}})
    data["more"] = "layoffs-1"
    page = table.client.post(f"{table.url}/hands/new", data=data).get_data(as_text=True)
    values = form_values(page, "hand-form")
    assert values["players-1-layoffs-0-cards"] == "10h" and values["players-1-layoffs-0-onto"] == "0:0"
    assert values["players-1-layoffs-1-cards"] == ""


def test_oklahoma_lay_offs_offer_only_the_players_own_melds(table):
    table.start("oklahoma", ["Ann", "Ben", "Cy"])
    page = new_hand(table)
    assert options_of(page, "players-1-layoffs-0-onto") == ["1:0", "1:1"]
    assert options_of(page, "players-0-layoffs-0-onto") == ["0:0", "0:1"]


def test_most_games_offer_every_meld_on_the_table(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    assert options_of(new_hand(table), "players-1-layoffs-0-onto") == ["0:0", "0:1", "1:0", "1:1", "2:0", "2:1"]


def test_gin_offers_the_defender_the_knockers_melds_and_the_knocker_none(table):
    table.start("gin", ["Ann", "Ben"])
    page = new_hand(table)
    # before the knocker is chosen, each may be the defender: the other's melds
    assert options_of(page, "players-1-layoffs-0-onto") == ["0:0", "0:1"]
    data = table.hand_form({"went_out": "Ann", "players": {}})
    data["more"] = "melds-0"
    page = table.client.post(f"{table.url}/hands/new", data=data).get_data(as_text=True)
    assert options_of(page, "players-1-layoffs-0-onto") == ["0:0", "0:1", "0:2"]
    assert options_of(page, "players-0-layoffs-0-onto") == []


def test_a_lay_off_the_rules_refuse_is_kept_as_chosen_and_refused_at_save_with_the_reason(table):
    table.start("oklahoma", ["Ann", "Ben"])
    before = table.counts()
    response = table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7h 8h 9h"]},
        "Ben": {"layoffs": [("10h", "Ann", 0)], "in_hand": "4d"},
    }})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and table.counts() == before
    assert "lay off only on their own melds" in page
    assert form_values(page, "hand-form")["players-1-layoffs-0-onto"] == "0:0"


@pytest.mark.parametrize("game, options, asked", [
    ("oklahoma", {}, True),
    ("basic", {}, True),
    ("rummy500", {"rummy_bonus": 50}, True),
    ("rummy500", {}, False),
    ("persian", {}, False),
    ("rummy5000", {}, False),
    ("penalty", {}, False),
    ("gin", {}, False),
])
def test_went_out_concealed_is_asked_only_where_the_game_scores_it(table, game, options, asked):
    names = ["Ann", "Ben", "Cy", "Dee"] if game == "persian" else ["Ann", "Ben"]
    table.start(game, names, **options)
    for query in ("", "?mode=points"):
        assert ('name="concealed"' in new_hand(table, query)) is asked


def test_a_points_hand_marked_concealed_in_oklahoma_keeps_its_250_out_of_the_target(table):
    table.start("oklahoma", ["Ann", "Ben"])
    # 1,100 with a 250 for going out concealed: 850 toward the target of 1,000, so nobody has won
    assert table.play({"went_out": "Ann", "concealed": True, "points": {"Ann": "1100", "Ben": "0"}}).status_code == 302
    assert table.status()[1] == ""
    hand_id = table.hand_ids()[0]
    page = table.client.get(f"{table.url}/hands/{hand_id}/edit").get_data(as_text=True)
    assert form_values(page, "hand-form").get("concealed") == "y"


def test_the_same_points_hand_not_concealed_wins(table):
    table.start("oklahoma", ["Ann", "Ben"])
    assert table.play({"went_out": "Ann", "points": {"Ann": "1100", "Ben": "0"}}).status_code == 302
    assert table.status()[1] == "Ann"


def test_the_card_hint_names_the_joker_only_where_the_deck_has_jokers(table, client, app):
    table.start("gin", ["Ann", "Ben"])
    assert "<code>JK</code>" not in new_hand(table)
    table.start("rummy500", ["Ann", "Ben"])
    assert "<code>JK</code> (a joker)" in new_hand(table)


def test_cards_typed_without_spaces_are_saved_as_cards(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    response = table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7h8h9h", "kskdkc"]}, "Ben": {"in_hand": "qs4d"}, "Cy": {"in_hand": "as"},
    }})
    assert response.status_code == 302
    assert table.totals() == {"Ann": 54, "Ben": -14, "Cy": -15}


def test_a_lay_off_with_a_joker_saying_what_it_stands_for_is_saved_and_scored(table):
    # 500 Rum: Ann's run 24; Ben lays off 10H (10) and a joker as JH (15), keeps 3C (-3): 22
    table.start("rummy500", ["Ann", "Ben"])
    response = table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7h 8h 9h"]}, "Ben": {"layoffs": [("10h jk=jh", "Ann", 0)], "in_hand": "3c"},
    }})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert table.totals() == {"Ann": 24, "Ben": 22}


def autofocused(page: str) -> list[str]:
    """The ids of the fields the page opens focused on."""
    return re.findall(r'<(?:input|select)[^>]*\bautofocus\b[^>]*\bid="([^"]+)"|<(?:input|select)[^>]*\bid="([^"]+)"[^>]*\bautofocus\b', page)


def focused_ids(page: str) -> list[str]:
    return [one or other for one, other in autofocused(page)]


def test_a_refused_hand_opens_on_its_first_marked_field(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    response = table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7h 8h 9h"]}, "Ben": {"in_hand": "qs 4x"}, "Cy": {"in_hand": "jkr"},
    }})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert focused_ids(page) == ["players-1-in_hand"]
    assert re.search(r'id="players-1-in_hand"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="players-1-in_hand"', page)
    assert "write a joker as JK" in page


def test_an_engine_refusal_opens_on_the_field_it_names(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    page = table.play({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7h 8h 9h"]}, "Ben": {"in_hand": "qs 7h"}, "Cy": {"in_hand": "as"},
    }}).get_data(as_text=True)
    assert focused_ids(page) == ["players-1-in_hand"]


def test_a_form_that_is_not_refused_opens_on_no_field(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    assert focused_ids(new_hand(table)) == []


def test_a_players_own_page_offers_their_own_melds_and_those_the_others_sent(app, table):
    table.start("rummy500", ["Ann", "Ben", "Cid"])
    ann, ben = phone(app, table, 0), phone(app, table, 1)
    assert send(ann, table, 0, melds__0="7h 8h 9h", went_out="y").status_code == 302
    page = ben.get(f"{table.url}/my-hand").get_data(as_text=True)
    assert options_of(page, "layoffs-0-onto") == ["1:0", "1:1", "0:0"]
    # the other's meld carries its cards, for the live lay-off check
    assert 'data-meld="7H 8H 9H"' in page


def test_in_oklahoma_a_players_own_page_offers_only_their_own_melds(app, table):
    table.start("oklahoma", ["Ann", "Ben"])
    ann, ben = phone(app, table, 0), phone(app, table, 1)
    assert send(ann, table, 0, melds__0="7h 8h 9h", went_out="y").status_code == 302
    page = ben.get(f"{table.url}/my-hand").get_data(as_text=True)
    assert options_of(page, "layoffs-0-onto") == ["1:0", "1:1"]
    assert "The rules of this game do not let you lay off onto these." in page


def open_cards(page: str) -> list[str]:
    """The players whose cards the page opens as it is sent, in seat order."""
    return [name for tag, name in re.findall(r'(<details class="player-card"[^>]*data-name="([^"]*)"[^>]*>)', page)
            if re.search(r"\sopen[\s>]", tag)]


def test_a_long_table_comes_folded_from_the_server_with_the_card_that_needs_attention_open(table):
    six = ["Ann", "Ben", "Cy", "Dot", "Eve", "Fay"]
    table.start("rummy500", six)
    assert open_cards(new_hand(table)) == ["Ann"]
    # a row added without script: that player's card stays open
    data = table.hand_form({"went_out": "Ann", "players": {"Ann": {"melds": ["7h 8h 9h"]}}})
    data["more"] = "melds-3"
    assert open_cards(table.client.post(f"{table.url}/hands/new", data=data).get_data(as_text=True)) == ["Dot"]
    # a refused save: the card of the player it marks is open
    refused = table.play({"went_out": "Ann", "players": {"Ann": {"melds": ["7h 8h 9h"]}, "Eve": {"in_hand": "zz"}}})
    assert refused.status_code == 422
    assert open_cards(refused.get_data(as_text=True)) == ["Eve"]
    # a refused meld or lay-off is marked on its own row: its player's card is open all the same
    for eve in ({"melds": ["7h 8h 10h"]}, {"layoffs": [("Kc", "Ann", 0)]}):
        refused = table.play({"went_out": "Ann", "players": {"Ann": {"melds": ["7h 8h 9h"]}, "Eve": eve}})
        assert refused.status_code == 422
        assert open_cards(refused.get_data(as_text=True)) == ["Eve"]
    # a table of four starts with every card open
    table.start("rummy500", six[:4])
    assert open_cards(new_hand(table)) == six[:4]
