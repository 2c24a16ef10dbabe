"""A restored hand whose card lists are null (nothing entered) is stored as empty lists and opens for editing."""

from __future__ import annotations

import io
import json
import re

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand

RUMMIKUB = {"game": "rummikub", "options": {"rounds": 3}, "players": ["Ann", "Ben"],
            "hands": [{"went_out": "Ann", "racks": {"Ann": None, "Ben": ["7R", "JK"]}}]}
RUMMY500 = {"game": "rummy500", "options": {"target": 150}, "players": ["Ann", "Ben"],
            "hands": [{"ended": "went_out", "went_out": "Ann", "players": {
                "Ann": {"melds": ["7H 8H 9H"], "layoffs": None, "in_hand": None},
                "Ben": {"melds": None, "in_hand": "QS 4D"}}}]}


def upload(client, body: dict):
    """Post an export to the import form."""
    return client.post("/sessions/import", data={"file": (io.BytesIO(json.dumps(body).encode()), "export.json")},
                       content_type="multipart/form-data")


@pytest.mark.parametrize("body", [RUMMIKUB, RUMMY500], ids=["rummikub rack", "rummy500 in_hand"])
def test_a_restored_hand_with_null_cards_opens_for_editing_with_nothing_in_them(app, client, body):
    assert upload(client, body).status_code in (200, 302, 303)
    with app.app_context():
        token = db.session.execute(select(GameSession.edit_token)).scalar_one()
    page = client.get(f"/s/{token}/hands/1/edit")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert 'name="players-0-in_hand"' in text
    # Ben's cards as entered are shown for editing
    assert "7R JK" in text or "QS 4D" in text


@pytest.mark.parametrize("body", [RUMMIKUB, RUMMY500], ids=["rummikub rack", "rummy500 in_hand"])
def test_null_cards_are_stored_as_the_empty_lists_the_engine_reads_them_as(app, client, body):
    upload(client, body)
    with app.app_context():
        stored = db.session.execute(select(Hand.data)).scalar_one()
    if body["game"] == "rummikub":
        assert stored["racks"] == {"Ann": [], "Ben": ["7R", "JK"]}
    else:
        assert stored["players"] == {"Ann": {"melds": ["7H 8H 9H"], "layoffs": [], "in_hand": []},
                                     "Ben": {"melds": [], "in_hand": "QS 4D"}}


def test_a_hand_an_earlier_import_stored_with_null_cards_still_shows_and_opens(app, client):
    # imports before null was stored as [] kept it as given: the scoreboard and the edit form read it as no cards
    upload(client, RUMMY500)
    with app.app_context():
        hand = db.session.execute(select(Hand)).scalar_one()
        hand.data = RUMMY500["hands"][0]
        db.session.commit()
        hand_id = hand.id
        token = db.session.execute(select(GameSession.edit_token)).scalar_one()
    page = client.get(f"/s/{token}")
    assert page.status_code == 200
    assert re.search(r"<strong>Ben</strong>:\s*no melds", page.get_data(as_text=True))
    assert client.get(f"/s/{token}/hands/{hand_id}/edit").status_code == 200
