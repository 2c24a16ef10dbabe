"""Every way a hand can be refused: the form comes back as entered, with a clear message, and nothing is written."""

from __future__ import annotations

import html
import re

import pytest
from werkzeug.datastructures import MultiDict

FIRST_HAND = {"went_out": "Ann", "players": {
    "Ann": {"melds": ["7H 8H 9H", "KS KD KC"]},
    "Ben": {"in_hand": "QS 4D"},
    "Cy": {"in_hand": "AS"},
}}


@pytest.fixture
def started(table):
    """A 500 Rum table of three with one hand played."""
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    assert table.play(FIRST_HAND).status_code == 302
    return table


def refused(table, hand, before):
    response = table.play(hand)
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page
    assert table.counts() == before, "a refused hand must write nothing"
    return page


def test_illegal_meld_is_refused_naming_player_meld_and_reason(started):
    before = started.counts()
    page = refused(started, {"went_out": "Ann", "players": {
        "Ann": {"melds": ["6C 7C 8C", "9H 10H QH"]},
        "Ben": {"in_hand": "2D"},
    }}, before)
    assert "Ann" in page and "9H 10H QH" in page and "gap" in page.lower()
    # everything typed is still in the form
    assert 'value="6C 7C 8C"' in page and 'value="9H 10H QH"' in page and 'value="2D"' in page
    assert started.totals() == {"Ann": 54, "Ben": -14, "Cy": -15}


def test_bad_card_text_is_refused_naming_the_token(started):
    before = started.counts()
    page = refused(started, {"went_out": "Ann", "players": {
        "Ann": {"melds": ["7D 1D 9D"]},
        "Ben": {"in_hand": "2D"},
    }}, before)
    assert "`1D` at position 2 is not a card" in page
    assert "Ann&#39;s meld 1" in page or "Ann's meld 1" in page
    assert 'value="7D 1D 9D"' in page


def test_card_entered_twice_is_refused_naming_the_card(started):
    before = started.counts()
    page = refused(started, {"went_out": "Ann", "players": {
        "Ann": {"melds": ["7H 8H 9H"]},
        "Ben": {"in_hand": "7H"},
    }}, before)
    assert "7H" in page and re.search(r"more|twice|times|copies", page)


def test_player_who_went_out_with_cards_left_is_refused(started):
    before = started.counts()
    page = refused(started, {"went_out": "Ann", "players": {
        "Ann": {"melds": ["7H 8H 9H"], "in_hand": "2C"},
        "Ben": {"in_hand": "5D"},
    }}, before)
    assert "Ann" in page and "went out" in page


def test_two_players_out_is_refused(started):
    """The form names one player who went out; a second player left with no cards at all is a second one out."""
    before = started.counts()
    form = started.hand_form({"went_out": "Ann", "players": {
        "Ann": {"melds": ["7H 8H 9H"]},
        "Ben": {"melds": ["4C 5C 6C"]},
        "Cy": {"in_hand": "KD"},
    }})
    # a hand-made post naming two players as out (as a second tap on another name would)
    response = started.client.post(
        f"{started.url}/hands/new", data=MultiDict(list(form.items()) + [("went_out", "Ben")])
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page
    assert started.counts() == before


def test_missing_went_out_player_is_refused(started):
    before = started.counts()
    page = refused(started, {"players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "2D"}}}, before)
    assert "Choose who went out" in page


def ticked_goers(page: str) -> list[str]:
    """The names ticked in the form's row of who went out (its radios named went_out)."""
    radios = re.findall(r'<input type="radio" name="went_out" value="([^"]*)"([^>]*)>', page)
    assert radios, "the form asks who went out as a row of names"
    return [html.unescape(value) for value, rest in radios if " checked" in rest]


def test_a_refused_hand_comes_back_with_who_went_out_still_ticked(started):
    """Who went out is a row of names to tap (issue 35): a refused save gives the form back with the name ticked."""
    before = started.counts()
    page = refused(started, {"went_out": "Ben", "players": {
        "Ann": {"melds": ["6C 7C 8C", "9H 10H QH"]},
        "Ben": {"melds": ["4C 5C 6C"]},
    }}, before)
    assert ticked_goers(page) == ["Ben"]
    # the card form asks a name: no "(nobody)" to tick, and nothing ticked when no name was sent
    assert "(nobody)" not in page
    page = refused(started, {"players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "2D"}}}, before)
    assert ticked_goers(page) == []


def test_a_refused_points_hand_comes_back_with_who_went_out_still_ticked(started):
    before = started.counts()
    page = refused(started, {"went_out": "Cy", "points": {"Ann": "12+", "Ben": "ten", "Cy": "3"}}, before)
    assert ticked_goers(page) == ["Cy"]
    # a points hand may say nobody went out: "(nobody)" stays, ticked when no name was sent
    page = refused(started, {"points": {"Ann": "12+", "Ben": "ten", "Cy": "3"}}, before)
    assert ticked_goers(page) == [""]

def test_points_that_are_not_numbers_are_refused(started):
    before = started.counts()
    page = refused(started, {"went_out": "Ann", "points": {"Ann": "12+", "Ben": "ten", "Cy": "3"}}, before)
    assert "`ten` is not a number" in page
    assert 'value="ten"' in page


def test_points_left_blank_are_refused_naming_the_player(started):
    before = started.counts()
    page = refused(started, {"went_out": "Ann", "points": {"Ann": "12", "Ben": "", "Cy": "3"}}, before)
    assert "Ben&#39;s points: nothing entered: write a number (0 for none)" in page
    assert "``" not in page


def test_post_without_csrf_token_is_refused_and_writes_nothing(databases):
    app = databases.app("csrf")
    client = app.test_client()
    response = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Nothing was saved" in page and "Traceback" not in page

    # with a real token from the page the same post is accepted
    form = client.get("/new/rummy500").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1)
    response = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben", "csrf_token": token})
    assert response.status_code == 302
    session_url = response.headers["Location"]

    before_hand = client.get(session_url).get_data(as_text=True)
    response = client.post(f"{session_url}/hands/new", data={
        "idempotency_key": "k1", "mode": "points", "ended": "went_out", "went_out": "Ann",
        "points-0": "10", "points-1": "5",
    })
    assert response.status_code == 400
    assert client.get(session_url).get_data(as_text=True).count('data-total="0"') == 2
    assert "No hands yet" in before_hand

    # the hand form's own token and key are accepted
    form = client.get(f"{session_url}/hands/new?mode=points").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1)
    key = re.search(r'name="idempotency_key" type="hidden" value="([^"]+)"', form).group(1)
    response = client.post(f"{session_url}/hands/new", data={
        "csrf_token": token, "idempotency_key": key, "mode": "points", "ended": "went_out", "went_out": "Ann",
        "points-0": "10", "points-1": "5",
    })
    assert response.status_code == 302
    assert 'data-total-for="Ann" data-total="10"' in client.get(session_url).get_data(as_text=True)


def test_unknown_session_token_gives_a_404_page_not_a_traceback(table):
    before = table.counts()
    for url in ("/s/not-a-token", "/s/not-a-token/hands/new"):
        response = table.client.get(url)
        assert response.status_code == 404
        page = response.get_data(as_text=True)
        assert "No game has this link" in page and "Traceback" not in page
        assert "<html" in page
    response = table.client.post("/s/not-a-token/hands/new", data={"mode": "points", "points-0": "1"})
    assert response.status_code == 404
    assert table.counts() == before


def test_unknown_hand_gives_404(started):
    assert started.client.get(f"{started.url}/hands/99999/edit").status_code == 404


def test_view_token_cannot_write(started, app):
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.models import GameSession

    with app.app_context():
        view_token = db.session.execute(select(GameSession.view_token)).scalar_one()
    before = started.counts()
    page = started.client.get(f"/s/{view_token}").get_data(as_text=True)
    assert "Read-only link" in page and "Enter hand" not in page and "/edit" not in page
    hand = started.hand_form({"went_out": "Ann", "points": {"Ann": "1", "Ben": "2", "Cy": "3"}})
    assert started.client.post(f"/s/{view_token}/hands/new", data=hand).status_code == 403
    assert started.client.get(f"/s/{view_token}/hands/new").status_code == 403
    hand_id = started.hand_ids()[0]
    assert started.client.post(f"/s/{view_token}/hands/{hand_id}/delete", data={"hand_id": hand_id}).status_code == 403
    assert started.client.post(f"/s/{view_token}/undo", data={"hand_id": hand_id}).status_code == 403
    assert started.counts() == before


def test_api_paths_answer_json_errors(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.is_json and "error" in response.get_json()


def _alert(page: str) -> str:
    """The words of the refused save's message at the top of the form."""
    found = re.search(r'<div class="alert alert-error" role="alert" id="form-error">(.*?)</div>', page, re.S)
    assert found, page
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def test_a_refused_save_names_every_illegal_meld_not_only_the_first(started):
    before = started.counts()
    page = refused(started, {"went_out": "Ann", "players": {
        "Ann": {"melds": ["6C 7C 8C", "9H 10H QH"]},
        "Ben": {"melds": ["2S 3S 5S"], "in_hand": "2D"},
        "Cy": {"melds": ["KH KD QC"]},
    }}, before)
    alert = _alert(page)
    assert "3 problems are marked at their fields" in alert
    for meld in ("Ann's meld 2 (9H 10H QH)", "Ben's meld 1 (2S 3S 5S)", "Cy's meld 1 (KH KD QC)"):
        assert meld in alert
    # and each at its own field, marked for a screen reader too
    assert page.count('aria-invalid="true"') == 3


def test_field_errors_do_not_repeat_the_hand_number(started):
    page = refused(started, {"went_out": "Ann", "players": {
        "Ann": {"melds": ["6C 7C 8C", "9H 10H QH"]},
        "Ben": {"in_hand": "2D"},
    }}, started.counts())
    errors = re.findall(r'<ul class="field-errors"[^>]*>(.*?)</ul>', page, re.S)
    assert errors and all("hand 2:" not in e for e in errors)
    assert "Not saved: Ann's meld 2 (9H 10H QH) is not legal" in _alert(page)
