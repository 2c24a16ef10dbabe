"""A player left empty is never saved at 0 without a word: the hand form asks first, with and without script.

500 Rum figures (RULES.md 4.1): Ann melds 7H 8H 9H (24) and goes out; Ben keeps QS 4D (-14).
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Hand

FORGOT_CY = {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "QS 4D"}}}
QUESTION = "Cy has no melds and no cards left in hand. Save with Cy at 0?"


@pytest.fixture
def game(table):
    """A 500 Rum game for Ann, Ben and Cy, no hand played yet."""
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    return table


def stored(app) -> list[dict]:
    """The data of every stored hand, in order."""
    with app.app_context():
        return [h.data for h in db.session.execute(select(Hand).order_by(Hand.position)).scalars()]


def test_a_player_left_empty_is_asked_about_and_nothing_is_saved(game, app):
    response = game.play(FORGOT_CY)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert QUESTION in page
    assert stored(app) == []
    # the form comes back as entered, with the answer that saves it and the way back to Cy's part
    assert 'value="7H 8H 9H"' in page and 'value="QS 4D"' in page
    assert re.search(r'<button[^>]*name="confirm_empty" value="2"[^>]*>Yes, save</button>', page)
    assert 'href="#player-2"' in page and ">No, go back</a>" in page


def test_yes_save_saves_the_hand_once_with_the_empty_player_at_0(game, app):
    form = game.hand_form(FORGOT_CY)
    assert game.client.post(f"{game.url}/hands/new", data=form).status_code == 422
    saved = game.client.post(f"{game.url}/hands/new", data=form | {"confirm_empty": "2"})
    assert saved.status_code == 302
    assert game.totals() == {"Ann": 24, "Ben": -14, "Cy": 0}
    assert stored(app)[0]["players"]["Cy"] == {"melds": [], "layoffs": [], "in_hand": []}
    # the same answer tapped twice saves nothing more
    again = game.client.post(f"{game.url}/hands/new", data=form | {"confirm_empty": "2"})
    assert again.status_code == 302 and len(stored(app)) == 1


def test_every_empty_player_is_named_in_one_question(game):
    hand = {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}}}
    page = game.play(hand).get_data(as_text=True)
    assert "Ben and Cy have no melds and no cards left in hand. Save with Ben and Cy at 0?" in page
    assert 'name="confirm_empty" value="1,2"' in page
    # agreeing to Ben alone does not save Cy at 0: the question comes again, about both
    form = game.hand_form(hand) | {"confirm_empty": "1"}
    assert game.client.post(f"{game.url}/hands/new", data=form).status_code == 422
    assert game.client.post(f"{game.url}/hands/new", data=form | {"confirm_empty": "1,2"}).status_code == 302


def test_a_hand_the_rules_refuse_is_refused_before_anything_is_asked(game, app):
    hand = {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 10H"]}, "Ben": {"in_hand": "QS"}}}
    page = game.play(hand).get_data(as_text=True)
    assert "Not saved" in page and "gap between 8 and 10" in page
    assert "Save with Cy at 0?" not in page
    assert stored(app) == []


def test_the_player_who_went_out_and_a_points_hand_are_not_asked_about(game, app):
    # Ann went out with everything melded: nothing left is what going out means
    assert game.play({"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]},
                                                     "Ben": {"in_hand": "QS"}, "Cy": {"in_hand": "2C"}}}).status_code == 302
    assert game.play({"went_out": "Ben", "points": {"Ann": "0", "Ben": "20", "Cy": "0"}}).status_code == 302
    assert len(stored(app)) == 2


def test_when_the_stock_ran_out_every_player_is_asked_about(game):
    page = game.play({"ended": "stock_exhausted", "players": {"Ann": {"in_hand": "7H"}}}).get_data(as_text=True)
    assert "Ben and Cy have no melds and no cards left in hand." in page


def test_a_gin_draw_is_not_asked_about_and_a_knock_with_the_defender_empty_is_refused(table, app):
    table.start("gin", ["Ann", "Ben"])
    assert table.play({"ended": "stock_exhausted", "players": {}}).status_code == 302
    knock = {"went_out": "Ann", "players": {"Ann": {"melds": ["5S 6S 7S 8S", "9H 9D 9C"], "in_hand": "AH 2D 3C"}}}
    refused = table.play(knock)
    # never saved at 0 either: the engine itself says a gin hand holds 10 cards
    assert refused.status_code == 422
    assert "Ben has 0 cards entered" in refused.get_data(as_text=True)
    assert len(stored(app)) == 1


def test_editing_a_hand_to_leave_a_player_empty_asks_too(game, app):
    full = {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "QS 4D"},
                                           "Cy": {"in_hand": "2C"}}}
    assert game.play(full).status_code == 302
    [hand_id] = game.hand_ids()
    response = game.edit(hand_id, FORGOT_CY, version=1)
    assert response.status_code == 422
    assert QUESTION in response.get_data(as_text=True)
    assert stored(app)[0]["players"]["Cy"]["in_hand"] == ["2C"]
    data = game.hand_form(FORGOT_CY) | {"hand_version": "1", "confirm_empty": "2"}
    assert game.client.post(f"{game.url}/hands/{hand_id}/edit", data=data).status_code == 302
    assert stored(app)[0]["players"]["Cy"]["in_hand"] == []
