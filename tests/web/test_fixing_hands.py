"""Fixing mistakes: edit, delete and undo recompute every total; saves happen exactly once; stale edits are refused."""

from __future__ import annotations

import re

import pytest

# Ann 54, Ben -4, Cy -15 (the API.md example)
HAND_1 = {"went_out": "Ann", "players": {
    "Ann": {"melds": ["7H 8H 9H", "KS KD KC"]},
    "Ben": {"layoffs": [("10H", "Ann", 0)], "in_hand": "QS 4D"},
    "Cy": {"in_hand": "AS"},
}}
HAND_2 = {"went_out": "Ben", "points": {"Ann": "12", "Ben": "61", "Cy": "-20"}}
# Cy reaches 95 - 35 = 60 ... with target 100 the finishing hand is this one: Ann 66+40 = 106
HAND_3 = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "10", "Cy": "5"}}


@pytest.fixture
def finished(table):
    """A 500 Rum game to 100 that Ann has won after three hands."""
    table.start("rummy500", ["Ann", "Ben", "Cy"], target=100)
    for hand in (HAND_1, HAND_2, HAND_3):
        assert table.play(hand).status_code == 302
    assert table.totals() == {"Ann": 106, "Ben": 67, "Cy": -30}
    assert table.status() == ("finished", "Ann")
    return table


def test_editing_a_hand_recomputes_totals_and_reopens_a_finished_game(finished):
    first = finished.hand_ids()[0]
    edit_page = finished.client.get(f"{finished.url}/hands/{first}/edit").get_data(as_text=True)
    # the form shows the hand as stored
    assert 'value="7H 8H 9H"' in edit_page and 'value="QS 4D"' in edit_page
    version = int(re.search(r'name="hand_version" type="hidden" value="(\d+)"', edit_page).group(1))
    # Ann actually kept a king: 54 - 10 = 44 instead of going out... Ben went out with his lay-off
    changed = {"went_out": "Ben", "players": {
        "Ann": {"melds": ["7H 8H 9H", "KS KD KC"], "in_hand": "KH"},
        "Ben": {"layoffs": [("10H", "Ann", 0)]},
        "Cy": {"in_hand": "AS"},
    }}
    response = finished.edit(first, changed, version)
    assert response.status_code == 302, response.get_data(as_text=True)
    # hand 1 is now Ann 44, Ben 10, Cy -15; totals follow
    assert finished.totals() == {"Ann": 96, "Ben": 81, "Cy": -30}
    assert finished.status() == ("in_progress", "")


def test_deleting_a_hand_recomputes_totals_and_reopens_the_game(finished):
    third = finished.hand_ids()[2]
    confirm = finished.client.get(f"{finished.url}/hands/{third}/delete")
    assert confirm.status_code == 200 and "Delete hand 3?" in confirm.get_data(as_text=True)
    assert finished.counts()[1] == 3  # looking at the confirmation deletes nothing
    response = finished.client.post(f"{finished.url}/hands/{third}/delete", data={"hand_id": third})
    assert response.status_code == 302
    assert finished.totals() == {"Ann": 66, "Ben": 57, "Cy": -35}
    assert finished.status()[0] == "in_progress"


def test_deleting_an_earlier_hand_renumbers_the_later_ones(finished):
    first, second, third = finished.hand_ids()
    finished.client.post(f"{finished.url}/hands/{first}/delete", data={"hand_id": first})
    assert finished.totals() == {"Ann": 52, "Ben": 71, "Cy": -15}
    assert finished.hand_ids() == [second, third]
    page = finished.page()
    assert 'id="hand-1"' in page and 'id="hand-2"' in page and 'id="hand-3"' not in page


def test_undo_removes_the_last_hand_once(finished):
    last = finished.hand_ids()[-1]
    assert finished.client.post(f"{finished.url}/undo", data={"hand_id": last}).status_code == 302
    assert finished.totals() == {"Ann": 66, "Ben": 57, "Cy": -35}
    assert finished.status()[0] == "in_progress"
    # the same undo tapped twice removes nothing more
    finished.client.post(f"{finished.url}/undo", data={"hand_id": last})
    assert finished.counts()[1] == 2
    assert finished.totals() == {"Ann": 66, "Ben": 57, "Cy": -35}


def test_the_same_hand_posted_twice_is_saved_once(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    assert table.play(HAND_1, key="same-key").status_code == 302
    before = table.counts()
    response = table.play(HAND_1, key="same-key")
    assert response.status_code == 302
    assert table.counts() == before
    assert "was already saved" in table.client.get(response.headers["Location"]).get_data(as_text=True)
    assert table.totals() == {"Ann": 54, "Ben": -4, "Cy": -15}


def test_a_stale_edit_is_refused_showing_both_versions(finished):
    first = finished.hand_ids()[0]
    # two phones open the edit form of hand 1 at version 1; the first one saves
    assert finished.edit(first, {"went_out": "Ann", "points": {"Ann": "50", "Ben": "0", "Cy": "0"}}, 1).status_code == 302
    before = finished.counts()
    response = finished.edit(first, {"went_out": "Ann", "points": {"Ann": "1", "Ben": "1", "Cy": "1"}}, 1)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "you edited version 1; it is now version 2" in page
    assert "Ann: 50 points" in page  # the hand as it is now
    assert 'value="1"' in page  # the refused entry is still in the form
    assert finished.counts() == before
    assert finished.totals() == {"Ann": 102, "Ben": 71, "Cy": -15}
    # the refused form now carries version 2: saving it again is a deliberate overwrite
    assert 'name="hand_version" type="hidden" value="2"' in page
    assert finished.edit(first, {"went_out": "Ann", "points": {"Ann": "1", "Ben": "1", "Cy": "1"}}, 2).status_code == 302
    assert finished.totals() == {"Ann": 53, "Ben": 72, "Cy": -14}


def test_a_hand_can_switch_from_cards_to_points_when_edited(finished):
    first = finished.hand_ids()[0]
    page = finished.client.get(f"{finished.url}/hands/{first}/edit?mode=points").get_data(as_text=True)
    assert 'name="points-0"' in page
    assert finished.edit(first, {"went_out": "Ann", "points": {"Ann": "0", "Ben": "0", "Cy": "0"}}, 1).status_code == 302
    assert finished.totals() == {"Ann": 52, "Ben": 71, "Cy": -15}



def test_confirming_a_delete_of_a_hand_already_deleted_lands_on_the_scoreboard(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    assert table.play(HAND_2).status_code == 302
    [hand_id] = table.hand_ids()
    assert table.client.post(f"{table.url}/hands/{hand_id}/delete", data={}).status_code == 302
    again = table.client.post(f"{table.url}/hands/{hand_id}/delete", data={}, follow_redirects=True)
    assert again.status_code == 200
    assert "already deleted" in again.get_data(as_text=True)
    assert table.hand_ids() == []
    assert table.client.get(f"{table.url}/hands/{hand_id}/delete").status_code == 404


def _hand_buttons(page: str) -> str:
    """The scoreboard's Hands actions (the nav under the winner's actions)."""
    return page.split('aria-label="Hands"')[1].split("</nav>")[0]


def test_a_won_game_offers_fixing_the_last_hand_not_entering_another(finished):
    page = finished.page()
    last = finished.hand_ids()[-1]
    hand_buttons = _hand_buttons(page)
    # the game is over by the rules: no button enters a hand (by cards, points or a player's own part) ...
    assert "Enter" not in hand_buttons and "/hands/new" not in hand_buttons and "/my-hand" not in hand_buttons
    assert "primary" not in hand_buttons
    # ... but the last hand can still be fixed or undone
    assert f'<a class="button" href="{finished.url}/hands/{last}/edit">Fix hand 3</a>' in hand_buttons
    assert "Undo hand 3" in hand_buttons
    # a table that plays on (the rules allow it) finds a plain link, folded away, that says what such a hand does
    play_on = page.split('<details class="play-on">')[1].split("</details>")[0]
    assert "adds to the totals but not to the result" in play_on
    assert f'<a href="{finished.url}/hands/new">Enter hand 4</a>' in play_on
    assert 'class="button' not in play_on
    assert finished.client.get(f"{finished.url}/hands/new").status_code == 200
    finished.client.post(f"{finished.url}/undo", data={"hand_id": last})
    page = finished.page()
    assert 'class="button primary"' in _hand_buttons(page) and "Enter hand 3</a>" in _hand_buttons(page)
    assert 'class="play-on"' not in page


def _actions(page: str) -> list[str]:
    """The words of the scoreboard's buttons and button-like links, in page order, from its first actions on."""
    page = page[page.index('<nav class="hand-actions'):]
    return re.findall(r'<(?:a|button) class="button[^"]*"[^>]*>([^<]+)<', page)


def test_a_won_game_puts_rematch_and_review_first_and_no_button_enters_a_hand(finished):
    page = finished.page()
    actions = _actions(page)
    assert actions[:4] == ["Rematch", "Review the game", "Fix hand 3", "Undo hand 3"]
    assert not [words for words in actions if words.startswith("Enter")]
    assert re.search(r'<button class="button primary" type="submit">Rematch</button>', page)
    assert page.count(">Rematch") == 1  # the lower panel does not offer it a second time
    rematch = finished.client.post(f"{finished.url}/rematch")
    assert rematch.status_code == 302 and rematch.headers["Location"] != finished.url


def test_a_game_in_progress_offers_the_next_hand_first_and_no_rematch_at_the_top(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    assert table.play(HAND_1).status_code == 302
    page = table.page()
    assert _actions(page)[0] == "Enter hand 2"
    assert 'aria-label="After the game"' not in page


def test_the_options_list_names_each_option_as_the_new_game_form_does(table):
    table.start("basic", ["Ann", "Ben", "Cy"])
    page = table.page()
    options = page.split('class="panel options"')[1]
    assert "Play to</dt><dd>150</dd>" in options  # 3 players: target 150
    assert "Jokers</dt><dd>0</dd>" in options
    assert "–" not in options
    table.start("rummy500", ["Ann", "Ben"])
    assert "Every ace worth 1</dt><dd>off</dd>" in table.page()
    # Review lists them in the same words (an unset option said "None" there)
    review = table.client.get(f"{table.url}/review").get_data(as_text=True)
    assert "Every ace worth 1</dt><dd>off</dd>" in review and "<dd>None</dd>" not in review


def test_a_session_whose_hands_no_longer_score_still_shows_every_hand_to_fix(app, client):
    """As after an engine upgrade tightens a rule a stored hand broke: the scoreboard names the fault, lists the hands."""
    from scorekeeper.extensions import db
    from tests.test_history_games import SAMPLES, store_sample

    with app.app_context():
        gs = store_sample(SAMPLES["rummy500"], hands=2)
        gs.hands[1].data = {**gs.hands[1].data, "went_out": "Nobody"}
        gs.touch()
        db.session.commit()
        token = gs.edit_token
    response = client.get(f"/s/{token}")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "These hands no longer score:" in text
    assert "`Nobody` went out, but is not a player in this session" in text
    assert re.findall(r'<tr id="hand-(\d+)" data-hand-status="([^"]*)"', text) == [("1", ""), ("2", "")]
    assert "Fix<span class=\"visually-hidden\"> hand 2 (edit or delete)" in text
