"""Undo can be taken back: the scoreboard offers "Hand 2 removed — Put it back", which restores it exactly."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand, RemovedHand, utcnow
from scorekeeper.tables import service

# Ann 54, Ben -4, Cy -15 (API.md's example hand), then a hand by points
HAND_1 = {"went_out": "Ann", "players": {
    "Ann": {"melds": ["7H 8H 9H", "KS KD KC"]},
    "Ben": {"layoffs": [("10H", "Ann", 0)], "in_hand": "QS 4D"},
    "Cy": {"in_hand": "AS"},
}}
HAND_2 = {"went_out": "Ben", "points": {"Ann": "12", "Ben": "61", "Cy": "-20"}}


@pytest.fixture
def game(table):
    """A 500 Rum game with two hands played."""
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    assert table.play(HAND_1, key="hand-one-key").status_code == 302
    assert table.play(HAND_2, key="hand-two-key").status_code == 302
    return table


def hands(app) -> list[tuple]:
    """Every stored hand as (position, data, idempotency key, created at)."""
    with app.app_context():
        rows = db.session.execute(select(Hand).order_by(Hand.position)).scalars()
        return [(h.position, h.data, h.idempotency_key, h.created_at) for h in rows]


def put_back_form(page: str) -> dict[str, str] | None:
    """The fields of the scoreboard's put-back offer, or None when there is none."""
    found = re.search(r'<form method="post" action="([^"]*)" class="alert alert-warn put-back".*?</form>', page, re.S)
    if not found:
        return None
    hand_id = re.search(r'name="hand_id" value="(\d+)"', found.group(0)).group(1)
    return {"action": found.group(1), "hand_id": hand_id}


def undo_last(game):
    """Tap "Undo hand N" on the scoreboard."""
    return game.client.post(f"{game.url}/undo", data={"hand_id": str(game.hand_ids()[-1])})


def test_undo_then_put_back_gives_back_the_same_hand_in_the_same_place(game, app):
    before = hands(app)
    assert undo_last(game).status_code == 302
    assert len(hands(app)) == 1
    page = game.page()
    assert "Hand 2 removed — <button" in page and ">Put it back</button>" in page
    offer = put_back_form(page)
    response = game.client.post(offer["action"], data={"hand_id": offer["hand_id"]})
    assert response.status_code == 302
    assert hands(app) == before
    page = game.page()
    assert "Hand 2 is back, as it was entered." in page
    assert put_back_form(page) is None
    assert game.totals() == {"Ann": 66, "Ben": 57, "Cy": -35}


def test_a_late_retry_of_the_form_that_saved_the_hand_does_not_save_it_twice_once_it_is_back(game, app):
    undo_last(game)
    offer = put_back_form(game.page())
    game.client.post(offer["action"], data={"hand_id": offer["hand_id"]})
    assert game.play(HAND_2, key="hand-two-key").status_code == 302
    assert len(hands(app)) == 2


def test_put_back_tapped_twice_puts_the_hand_back_once(game, app):
    undo_last(game)
    offer = put_back_form(game.page())
    for _ in range(2):
        assert game.client.post(offer["action"], data={"hand_id": offer["hand_id"]}).status_code == 302
    assert [h[0] for h in hands(app)] == [1, 2]
    assert "already put back" in game.page()


def test_two_hands_undone_go_back_in_order(game, app):
    before = hands(app)
    undo_last(game)
    undo_last(game)
    assert hands(app) == []
    for number in (1, 2):
        offer = put_back_form(game.page())
        assert f"Hand {number} removed" in game.page()
        game.client.post(offer["action"], data={"hand_id": offer["hand_id"]})
    assert hands(app) == before


def test_a_hand_entered_after_the_undo_takes_its_place_and_the_offer_goes(game, app):
    undo_last(game)
    offer = put_back_form(game.page())
    assert game.play({"went_out": "Cy", "points": {"Ann": "1", "Ben": "2", "Cy": "3"}}).status_code == 302
    assert put_back_form(game.page()) is None
    game.client.post(offer["action"], data={"hand_id": offer["hand_id"]})
    assert [h[1] for h in hands(app)][1]["points"] == {"Ann": 1, "Ben": 2, "Cy": 3}
    assert len(hands(app)) == 2
    with app.app_context():
        assert db.session.execute(select(RemovedHand)).first() is None


def test_the_offer_lasts_a_while_then_goes(game, app):
    undo_last(game)
    with app.app_context():
        db.session.execute(update(RemovedHand).values(
            removed_at=utcnow() - timedelta(minutes=service.PUT_BACK_MINUTES + 1)))
        db.session.commit()
    assert put_back_form(game.page()) is None


def test_the_view_link_is_not_offered_to_put_a_hand_back(game, app):
    undo_last(game)
    with app.app_context():
        view = db.session.execute(select(GameSession)).scalar_one().view_token
    page = app.test_client().get(f"/s/{view}").get_data(as_text=True)
    assert "Put it back" not in page
    offer = put_back_form(game.page())
    assert app.test_client().post(f"/s/{view}/hands/put-back", data={"hand_id": offer["hand_id"]}).status_code == 403
    assert len(hands(app)) == 1


def test_another_sessions_removed_hand_cannot_be_put_back_here(game, app, client):
    undo_last(game)
    offer = put_back_form(game.page())
    other_url = client.post("/new/rummy500", data={"players-0": "Dot", "players-1": "Eve"}).headers["Location"]
    response = client.post(f"{other_url}/hands/put-back", data={"hand_id": offer["hand_id"]})
    assert response.status_code == 302
    assert len(hands(app)) == 1


def test_deleting_the_game_deletes_its_undone_hands(game, app):
    undo_last(game)
    assert game.client.post(f"{game.url}/delete", data={"action": "delete"}).status_code == 302
    with app.app_context():
        assert db.session.execute(select(RemovedHand)).first() is None
