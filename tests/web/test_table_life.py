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
    assert "Ben deals the first hand!" in table.page()
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


# players mid-game ---------------------------------------------------------------


def change(table, what: str, **fields):
    """Post a confirmed change to the players page (its version read from the page, as a browser sends it)."""
    page = table.client.get(f"{table.url}/players").get_data(as_text=True)
    version = re.search(r'name="session_version"[^>]*value="(\d+)"', page) or re.search(r'value="(\d+)"[^>]*name="session_version"', page)
    return table.client.post(f"{table.url}/players/{what}", data={"confirm": "y", "session_version": version.group(1), **fields})


def test_a_rename_shows_on_the_scoreboard_the_history_list_and_the_player_page(table, client):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    table.play(points(table, Ann=30, Ben=10))
    other = table.url
    table.start("basic", ["Ben", "Dee"])
    table.play(points(table, Ben=12))
    table.url = other
    response = change(table, "rename", player="Ben", new_name="Benjamin")
    assert response.status_code == 302
    assert "Ben is now Benjamin" in table.page()
    page = table.page()
    assert "Ben" not in page.replace("Benjamin", "")
    assert table.totals() == {"Ann": 30, "Benjamin": 10, "Cy": 0}
    listing = client.get("/sessions").get_data(as_text=True)
    assert "Benjamin" in listing and ">Ben<" not in listing
    stats = client.get("/players/Benjamin")
    assert stats.status_code == 200
    text = stats.get_data(as_text=True)
    # both games, this one and the other one he played, count for him, with his hands' scores under the new name
    assert 'data-played="2"' in text
    assert re.search(r'data-game="rummy500"[^>]*data-average="10.0"', text)
    assert re.search(r'data-game="basic"[^>]*data-average="12.0"', text)
    assert client.get("/players/Ben").status_code == 404


def test_renaming_to_a_name_at_the_table_or_a_blank_is_refused_and_nothing_changes(table):
    table.start("rummy500", ["Ann", "Ben"])
    before = table.counts()
    for new_name, message in [("ann", "Ann is already at this table"), ("", "Type a name"), ("x" * 41, "longer than 40")]:
        response = change(table, "rename", player="Ben", new_name=new_name)
        assert response.status_code == 422
        page = response.get_data(as_text=True)
        assert message in page, message
        assert "Nothing was changed" in page
    assert table.counts() == before
    assert table.totals() == {"Ann": 0, "Ben": 0}


def test_a_change_not_confirmed_is_not_made(table):
    table.start("rummy500", ["Ann", "Ben"])
    response = table.client.post(f"{table.url}/players/rename", data={"player": "Ben", "new_name": "Bo", "session_version": "1"})
    assert response.status_code == 422
    assert "Tick the box to confirm" in response.get_data(as_text=True)
    assert table.totals() == {"Ann": 0, "Ben": 0}


def test_a_late_player_starting_at_0_scores_only_the_hands_they_play(table):
    table.start("rummy500", ["Ann", "Ben"])
    table.play(points(table, Ann=30, Ben=-10))        # Ann 30, Ben -10
    assert change(table, "late", name="Cy", start="zero").status_code == 302
    assert table.totals() == {"Ann": 30, "Ben": -10, "Cy": 0}
    table.names = ["Ann", "Ben", "Cy"]
    assert table.play(points(table, Ann=5, Ben=5, Cy=20)).status_code == 302
    # Ann 35, Ben -5, Cy 0 + 20
    assert table.totals() == {"Ann": 35, "Ben": -5, "Cy": 20}


def test_a_late_player_can_start_at_the_lowest_total(table):
    table.start("rummy500", ["Ann", "Ben"])
    table.play(points(table, Ann=30, Ben=-10))        # Ann 30, Ben -10
    assert change(table, "late", name="Cy", start="lowest").status_code == 302
    # Cy starts on the lowest total, Ben's -10
    assert table.totals() == {"Ann": 30, "Ben": -10, "Cy": -10}
    table.names = ["Ann", "Ben", "Cy"]
    table.play(points(table, Ann=5, Ben=5, Cy=20))    # Ann 35, Ben -5, Cy -10 + 20 = 10
    assert table.totals() == {"Ann": 35, "Ben": -5, "Cy": 10}
    # the chart draws Cy's line from hand 2, his first: one point, at 10
    review = table.client.get(f"{table.url}/review").get_data(as_text=True)
    assert re.findall(r'data-player="Cy" data-hand="(\d+)" data-total="(-?\d+)"', review) == [("2", "10")]


def test_a_player_who_leaves_is_not_in_the_next_hand_form_but_stays_in_past_hands(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    table.play(points(table, Ann=30, Ben=10, Cy=5))    # Ann 30, Ben 10, Cy 5
    assert change(table, "leave", player="Ben").status_code == 302
    form = table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True)
    assert "Ann&#39;s points" in form or "Ann's points" in form
    assert "Ben&#39;s points" not in form and "Ben's points" not in form
    table.names = ["Ann", "Cy"]
    assert table.play(points(table, Ann=10, Cy=20)).status_code == 302
    # Ann 40, Cy 25; Ben keeps his 10 from hand 1
    assert table.totals() == {"Ann": 40, "Ben": 10, "Cy": 25}
    page = table.page()
    row1 = re.search(r'<tr id="hand-1".*?</tr>', page, re.S).group(0)
    row2 = re.search(r'<tr id="hand-2".*?</tr>', page, re.S).group(0)
    assert '<span class="hand-score">10</span>' in row1
    # Ben's cell of hand 2 says he left, it is not blank; his column and standing say when
    assert row2.count('class="hand-score"') == 2 and '<span class="hand-score"></span>' not in row2
    assert '<span class="not-playing"><span aria-hidden="true">—</span><span class="visually-hidden">left</span></span>' in row2
    assert '<span>Ben <small class="seat-note">left after hand 1</small></span></th>' in page
    # the deal skips him: Ann dealt hand 1 and Ben would have dealt hand 2
    assert dealer_line(page) == "Ann deals hand 3 · Cy deals next"
    # what was entered lists only the players of each hand
    entered = page[page.index("What was entered"):]
    hand2 = entered[entered.index("Hand 2"):]
    assert "Cy: 20 points" in hand2 and "Ben:" not in hand2
    for view in ("review", "print"):
        assert table.client.get(f"{table.url}/{view}").status_code == 200, view
    rows = table.client.get(f"{table.url}/export.csv").get_data(as_text=True).splitlines()[1:]
    # hand 1 has a row for each of the three, hand 2 for Ann and Cy only
    assert [row.split(",")[:2] for row in rows] == [["1", "Ann"], ["1", "Ben"], ["1", "Cy"], ["2", "Ann"], ["2", "Cy"]]


def test_a_game_that_cannot_lose_a_player_refuses_the_leaver(table):
    table.start("basic", ["Ann", "Ben"])
    response = change(table, "leave", player="Ben")
    assert response.status_code == 422
    assert "Nothing was changed" in response.get_data(as_text=True)
    assert table.totals() == {"Ann": 0, "Ben": 0}


def test_player_changes_need_the_edit_link_and_bump_the_version(table, client, app):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    with app.app_context():
        view = db.session.execute(select(GameSession.view_token)).scalar_one()
    assert client.get(f"/s/{view}/players").status_code == 403
    assert client.post(f"/s/{view}/players/rename", data={"player": "Ben", "new_name": "Bo", "confirm": "y"}).status_code == 403
    version = table.counts()[2]
    change(table, "late", name="Dee", start="zero")
    assert table.counts()[2] == version + 1


def test_a_change_confirmed_on_a_stale_page_is_asked_again(table):
    table.start("rummy500", ["Ann", "Ben"])
    response = table.client.post(f"{table.url}/players/rename",
                                 data={"player": "Ben", "new_name": "Bo", "confirm": "y", "session_version": "0"})
    assert response.status_code == 409
    assert "confirm again" in response.get_data(as_text=True)
    assert table.totals() == {"Ann": 0, "Ben": 0}


def test_every_control_on_the_players_page_has_its_own_label(table):
    from tests.web.test_pages import unlabelled

    table.start("rummy500", ["Ann", "Ben", "Cy"])
    page = table.client.get(f"{table.url}/players").get_data(as_text=True)
    assert unlabelled(page) == []
    ids = re.findall(r'<(?:input|select)[^>]*\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "an id is used twice: a label would find the wrong field"


def test_a_full_table_seats_a_late_player_in_the_chair_one_who_left_freed(table, databases):
    from tests.test_backup_roundtrip import fresh_app, upload

    eight = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    table.start("rummy500", eight)
    table.play(points(table, Ann=30, Ben=10))
    # eight at the table at once is the most the game seats: a ninth is refused, saying why, and nothing changes
    full = change(table, "late", name="Ivy", start="zero")
    assert full.status_code == 422
    assert "not 9" in full.get_data(as_text=True)
    assert "Ivy" not in table.totals()
    assert change(table, "leave", player="Ben").status_code == 302
    # Ben's chair is free: Ivy takes it and plays the next hand; Ben keeps his hand 1
    assert change(table, "late", name="Ivy", start="zero").status_code == 302
    table.names = [name for name in eight if name != "Ben"] + ["Ivy"]
    assert table.play(points(table, Ann=5, Ivy=20)).status_code == 302
    assert table.totals() == {**{name: 0 for name in eight}, "Ann": 35, "Ben": 10, "Ivy": 20}
    # the nine who sat at the table over the game are kept by its backup, which restores
    exported = table.client.get(f"{table.url}/export.json")
    restored = upload(fresh_app(databases, "restored").test_client(), exported.data)
    assert restored.status_code == 302, restored.get_data(as_text=True)
