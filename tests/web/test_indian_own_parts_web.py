"""Indian Rummy's own parts on the table's hand form: a drop chosen there is something entered for that player.

The table taps "Dropped (first)" for Cy; Cy's phone sent cards all the same. The drop is what the table
entered: a part that arrives is shown beside it to choose, never put over it unasked, and once the
table keeps the drop, the hand is saved with it.
"""

from __future__ import annotations

import html
import json

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.test_drafts import form_values

NAMES = ["Ann", "Ben", "Cy"]
SHOW = {"melds": ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]}
HAND = {"went_out": "Ann", "wild_rank": "9",
        "players": {"Ann": SHOW, "Ben": {"melds": ["3D 4D 5D", "7D 8D 9H"], "in_hand": "QD JD 9S"},
                    "Cy": {"state": "first_drop"}}}


def cy_sends_cards(table, app) -> None:
    """Cy's own phone sends cards left in hand for hand 1."""
    cy = app.test_client()
    page = cy.get(f"{table.url}/my-hand?seat=3").get_data(as_text=True)
    values = {k: html.unescape(v) for k, v in form_values(page, "draft-form").items()}
    sent = cy.post(f"{table.url}/my-hand", data=values | {"wild_rank": "9", "in_hand": "AS 2C 5H"})
    assert sent.status_code == 302, sent.get_data(as_text=True)


def stored_cy(app) -> dict:
    with app.app_context():
        return db.session.execute(select(Hand.data)).scalar_one()["players"]["Cy"]


def test_a_part_sent_by_a_player_the_table_marked_dropped_asks_which_is_right_and_keeps_the_drop(table, app):
    table.start("indian", NAMES, format="deals", deals="2")
    cy_sends_cards(table, app)

    # nothing told the form of Cy's part (no script, or it came between two looks): the table's drop is not
    # replaced by it, both are shown to choose from
    asked = table.client.post(f"{table.url}/hands/new", data=table.hand_form(HAND) | {"parts_seen": "{}"})
    assert asked.status_code == 409
    page = html.unescape(asked.get_data(as_text=True))
    assert "Not saved: Cy's own part is waiting to be chosen." in page
    assert form_values(page, "hand-form")["players-2-state"] == "first_drop"
    assert table.counts()[1] == 0

    # the page's script after "Keep what is typed for Cy": the hand is saved with Cy's drop
    kept = table.client.post(f"{table.url}/hands/new",
                             data=table.hand_form(HAND) | {"parts_seen": json.dumps({"2": {"kept": 1}})})
    assert kept.status_code == 302, html.unescape(kept.get_data(as_text=True))
    assert stored_cy(app) == {"dropped": "first"}
