"""The table's life around the scores: who deals, and players renamed, seated late or leaving mid-game."""

from __future__ import annotations

import re

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import DealerChoice, GameSession


def dealer_line(page: str) -> str:
    """The scoreboard's or hand form's dealer line, as text."""
    found = re.search(r'<p class="dealer-line"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no dealer line"
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def points(table, **scores: int) -> dict:
    """A hand entered as points for the players of the next hand (0 unless given), the first going out."""
    return {"went_out": table.names[0], "points": {name: scores.get(name, 0) for name in table.names}}


# the dealer -------------------------------------------------------------------


def test_the_first_dealer_chosen_at_the_start_deals_then_the_deal_moves_left(table):
    response = table.client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben", "players-2": "Cy",
                                                         "first_dealer": "2"})
    table.url, table.names = response.headers["Location"], ["Ann", "Ben", "Cy"]
    assert dealer_line(table.page()) == "Ben deals hand 1 · Cy deals next"
    assert table.play(points(table, Ann=10, Ben=5, Cy=0)).status_code == 302
    assert dealer_line(table.page()) == "Cy deals hand 2 · Ann deals next"
    assert table.play(points(table, Ann=10, Ben=5, Cy=0)).status_code == 302
    # seat 3 passes the deal back round to seat 1
    assert dealer_line(table.page()) == "Ann deals hand 3 · Ben deals next"


def test_seat_1_deals_first_unless_the_table_says_otherwise(table):
    table.start("basic", ["Ann", "Ben"])
    assert dealer_line(table.page()) == "Ann deals hand 1 · Ben deals next"


def test_the_hand_form_says_who_deals_this_hand_and_next(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    page = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert dealer_line(page) == "Ann deals hand 1 · Ben deals next"


def test_a_first_dealer_on_an_empty_seat_is_refused_with_the_form_kept(client, table):
    response = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben", "first_dealer": "4"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Seat 4 has no player" in page and 'value="Ann"' in page
    assert table.counts()[0] == 0


def test_the_dealer_corrected_on_the_scoreboard_deals_and_later_hands_follow(table, app):
    table.start("rummy500", ["Ann", "Ben", "Cy", "Dee"])
    table.play(points(table, Ann=10))
    version = table.counts()[2]
    response = table.client.post(f"{table.url}/dealer", data={"dealer": "Dee"})
    assert response.status_code == 302
    assert dealer_line(table.page()) == "Dee deals hand 2 · Ann deals next"
    # one change, one new version, so phones following the game update
    assert table.counts()[2] == version + 1
    table.play(points(table, Ann=10))
    assert dealer_line(table.page()) == "Ann deals hand 3 · Ben deals next"
    # only the table's choices are stored, never a dealer per hand
    with app.app_context():
        stored = db.session.execute(select(DealerChoice.hand, DealerChoice.seat).order_by(DealerChoice.hand)).all()
        assert [tuple(row) for row in stored] == [(1, 1), (2, 4)]


def test_only_the_edit_link_can_change_the_dealer(table, client, app):
    table.start("rummy500", ["Ann", "Ben"])
    with app.app_context():
        view = db.session.execute(select(GameSession.view_token)).scalar_one()
    assert client.post(f"/s/{view}/dealer", data={"dealer": "Ben"}).status_code == 403
    assert "Set the dealer" not in client.get(f"/s/{view}").get_data(as_text=True)
    assert dealer_line(table.page()) == "Ann deals hand 1 · Ben deals next"


def test_a_dealer_who_is_not_at_the_table_is_refused(table):
    table.start("rummy500", ["Ann", "Ben"])
    response = table.client.post(f"{table.url}/dealer", data={"dealer": "Zed"}, follow_redirects=True)
    assert "The dealer was not changed" in response.get_data(as_text=True)
    assert dealer_line(table.page()) == "Ann deals hand 1 · Ben deals next"


def test_the_live_json_names_the_dealer(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    table.play(points(table, Ann=10))
    body = table.client.get(f"{table.url}/live?v=0").get_json()
    assert body["dealer"] == {"hand": 2, "deals": "Ben", "next": "Cy"}
