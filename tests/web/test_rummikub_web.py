"""Rummikub through the pages: the hand form asks each rack (no melds), racks are stored as `racks`, a bad tile, an
impossible rack and tiles on the rack of the player who went out are refused with everything typed kept, a round
is edited, the checker page checks tiles and first melds, and the game ends after its rounds.

Figures are the worked examples of docs/rules/rummikub.md.
"""

from __future__ import annotations

import re

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Hand

NAMES = ["Ann", "Ben", "Cy", "Dee"]


def saved(response) -> None:
    assert response.status_code == 302, response.get_data(as_text=True)


def test_new_game_form_offers_rummikub_with_its_options(client):
    text = client.get("/new/rummikub").get_data(as_text=True)
    for option in ("rounds", "joker_penalty", "initial_meld"):
        assert f'name="opt_{option}"' in text


def test_the_hand_form_asks_each_rack_and_no_meld_with_a_tile_picker(table, client):
    url = table.start("rummikub", NAMES, rounds=4)
    text = client.get(f"{url}/hands/new").get_data(as_text=True)
    assert 'name="players-0-in_hand"' in text
    assert "Ann&#39;s </span>tiles on the rack" in text
    assert 'name="players-0-melds-0"' not in text  # melds on the table do not score: not asked
    assert 'id="tile-picker"' in text and 'id="card-picker"' not in text
    assert "The pool ran out: nobody could go out" in text


def test_a_round_by_racks_is_stored_as_racks_and_scored(table, client, app):
    table.start("rummikub", NAMES, rounds=4)
    # example 1: Ben 37, Cy 6, Dee 26; Ann collects 69
    saved(table.play({"went_out": "Ann", "players": {
        "Ben": {"in_hand": "7r jk"}, "Cy": {"in_hand": "3B 3B"}, "Dee": {"in_hand": "12O 13y 1K"},
    }}))
    assert table.totals() == {"Ann": 69, "Ben": -37, "Cy": -6, "Dee": -26}
    with app.app_context():
        [hand] = db.session.execute(select(Hand)).scalars().all()
        assert hand.data["racks"] == {"Ann": [], "Ben": ["7R", "JK"], "Cy": ["3B", "3B"], "Dee": ["12O", "13O", "1K"]}
        assert "players" not in hand.data


def test_the_pool_running_out_is_scored_from_the_lowest_rack(table):
    table.start("rummikub", NAMES)
    # example 2: Ann and Ben tied on 7 share 17, the odd point to Ann
    saved(table.play({"ended": "stock_exhausted", "players": {
        "Ann": {"in_hand": "2K 5B"}, "Ben": {"in_hand": "4R 3O"}, "Cy": {"in_hand": "10K 1R"}, "Dee": {"in_hand": "9R 11B"},
    }}))
    assert table.totals() == {"Ann": 9, "Ben": 8, "Cy": -4, "Dee": -13}


def test_a_bad_tile_is_refused_naming_it_with_everything_typed_kept(table):
    table.start("rummikub", NAMES)
    before = table.counts()
    response = table.play({"went_out": "Ann", "players": {"Ben": {"in_hand": "7R 14B"}, "Cy": {"in_hand": "3B"}}})
    assert response.status_code in (200, 422)
    text = response.get_data(as_text=True)
    assert "Ben&#39;s tiles on the rack: `14B` at position 2 is not a tile: numbers are 1-13" in text
    assert 'value="7R 14B"' in text and 'value="3B"' in text
    assert table.counts() == before


def test_an_impossible_rack_and_tiles_on_the_goers_rack_are_refused_with_the_reason(table):
    table.start("rummikub", NAMES)
    before = table.counts()
    response = table.play({"went_out": "Ann", "players": {"Ben": {"in_hand": "7Y 7O"}, "Cy": {"in_hand": "7o 2R"}}})
    text = response.get_data(as_text=True)
    assert "7O is entered 3 times (Ben&#39;s rack, Cy&#39;s rack), but the set has only 2 of each tile" in text
    assert 'value="7o 2R"' in text
    response = table.play({"went_out": "Ann", "players": {"Ann": {"in_hand": "5B"}, "Ben": {"in_hand": "1R"}}})
    text = response.get_data(as_text=True)
    assert "Ann went out, so Ann&#39;s rack is empty, but 5B is entered on it" in text
    assert 'value="5B"' in text
    assert table.counts() == before


def test_a_round_is_edited_from_its_racks(table, client):
    url = table.start("rummikub", NAMES)
    racks = {"Ben": {"in_hand": "7R JK"}, "Cy": {"in_hand": "1B"}, "Dee": {"in_hand": "2B"}}
    saved(table.play({"went_out": "Ann", "players": racks}))
    [hand_id] = table.hand_ids()
    form = client.get(f"{url}/hands/{hand_id}/edit").get_data(as_text=True)
    assert 'value="7R JK"' in form and 'value="2B"' in form
    saved(table.edit(hand_id, {"went_out": "Ann", "players": racks | {"Ben": {"in_hand": "7R"}}}, 1))
    assert table.totals() == {"Ann": 10, "Ben": -7, "Cy": -1, "Dee": -2}


def test_the_game_ends_after_its_rounds_with_the_highest_total(table):
    table.start("rummikub", ["Ann", "Ben", "Cy"], rounds=2)
    saved(table.play({"went_out": "Ann", "points": {"Ann": "40", "Ben": "-25", "Cy": "-15"}}))
    saved(table.play({"went_out": "Ben", "points": {"Ann": "-10", "Ben": "20", "Cy": "-10"}}))
    assert table.totals() == {"Ann": 30, "Ben": -5, "Cy": -25}
    assert table.status() == ("finished", "Ann")


def test_the_checker_page_checks_a_meld_of_tiles_and_first_melds(client):
    text = client.get("/check?game=rummikub&cards=JK+7R+8R").get_data(as_text=True)
    assert re.search(r"21", text)
    text = client.get("/check?game=rummikub&cards=12R+13R+1R").get_data(as_text=True)
    assert "1 is only low: 12-13-1 is not a run" in text


def test_the_checker_page_adds_up_first_melds_against_the_initial_meld(client):
    text = client.get("/check?game=rummikub&first1=1R+2R+3R&first2=4B+4K+4O").get_data(as_text=True)
    assert "Short of the initial meld" in text and "18 of 30 points" in text
    text = client.get("/check?game=rummikub&first1=1R+2R+3R&first2=4B+4K+4O&first3=JK+12B+13B").get_data(as_text=True)
    assert "Reaches the initial meld" in text and "54 of 30 points" in text


def test_the_checker_page_says_first_melds_using_three_jokers_do_not_reach_the_initial_meld(client):
    text = client.get("/check?game=rummikub&first1=JK+12R+13R&first2=JK+12B+13B&first3=JK+12K+13K").get_data(as_text=True)
    assert "Does not reach the initial meld" in text and "108 of 30 points" in text
    assert "Reaches the initial meld" not in text
    assert "JK is used 3 times in these melds, but the game has only 2" in text


def test_the_checker_page_draws_tiles_as_tiles(client):
    text = client.get("/check?game=rummikub&cards=7K+8K+9K").get_data(as_text=True)
    assert "black 7" in text and "a run, worth 24 points in Rummikub" in text
    assert 'id="tile-picker"' in text


def test_a_win_shared_after_the_last_round_names_both_winners(table, client):
    url = table.start("rummikub", ["Ann", "Ben", "Cy"], rounds=1)
    saved(table.play({"went_out": "Ann", "points": {"Ann": "10", "Ben": "10", "Cy": "-20"}}))
    page = table.page()
    assert "Ann and Ben win!" in page
    assert "after the last round, Ann and Ben share the game on the highest total, 10" in page
    assert "[&#39;Ann&#39;" not in page and "['Ann'" not in page
    review = client.get(f"{url}/review").get_data(as_text=True)
    assert "Ann and Ben won." in review


def test_a_player_sends_their_rack_from_their_own_phone_and_the_hand_form_is_filled_in(table, app):
    from tests.test_drafts import form_values

    url = table.start("rummikub", ["Ann", "Ben", "Cy"])
    ben = app.test_client()
    page = ben.get(f"{url}/my-hand?seat=2").get_data(as_text=True)
    assert "Tiles left on my rack" in page and 'name="melds-0"' not in page and 'id="tile-picker"' in page
    sent = ben.post(f"{url}/my-hand", data={"seat": "2", "position": "1", "in_hand": "7r jk"})
    assert sent.status_code == 302, sent.get_data(as_text=True)
    form = table.client.get(f"{url}/hands/new").get_data(as_text=True)
    values = form_values(form, "hand-form")
    assert values["players-1-in_hand"] == "7R JK"
    values["went_out"] = "Ann"
    values["players-2-in_hand"] = "1k"
    saved(table.client.post(f"{url}/hands/new", data=values))
    assert table.totals() == {"Ann": 38, "Ben": -37, "Cy": -1}


def test_the_rules_page_says_what_no_number_of_rounds_means(client):
    text = client.get("/rules/rummikub").get_data(as_text=True)
    assert re.search(r'Default: <strong class="option-default">none: play until the table stops</strong>', text)
    assert "depends on the number of players" not in text
    assert "Ann and Ben share the 17, Ann 9 and Ben 8" in text  # the worked example


def test_a_rack_left_empty_is_asked_about_before_saving(table):
    table.start("rummikub", NAMES)
    before = table.counts()
    response = table.play({"went_out": "Ann", "players": {"Ben": {"in_hand": "7R"}, "Cy": {"in_hand": "1B"}}})
    text = response.get_data(as_text=True)
    assert "Dee has no tiles on the rack. Save anyway?" in text
    assert 'value="7R"' in text
    assert table.counts() == before


def test_the_checker_names_a_tile_with_a_superscript_number_instead_of_failing(client):
    # str.isdigit() takes ², which int() refuses: the checker answered 500 to anyone who typed it
    page = client.get("/check", query_string={"game": "rummikub", "cards": "²R 3R 4R"})
    assert page.status_code == 200
    assert "is not a tile: numbers are 1-13" in page.get_data(as_text=True)
