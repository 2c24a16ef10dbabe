"""The server's side of drafts kept on the phone and of saves made in the background.

Each hand form names the draft the phone keeps of it (session, hand, form); the page after a save
names the drafts that save made obsolete; a background save is answered with where to go next.
"""

from __future__ import annotations

import html
import json
import re

import pytest

HAND = {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "QS 4D"}}}
BACKGROUND = {"X-Background-Save": "1"}


@pytest.fixture
def game(table):
    """A 500 Rum game for Ann and Ben."""
    table.start("rummy500", ["Ann", "Ben"])
    return table


def draft_key(page: str, form_id: str) -> str:
    """The draft key a form carries."""
    form = re.search(rf'<form[^>]*id="{form_id}"[^>]*>', page, re.S).group(0)
    return html.unescape(re.search(r'data-device-draft="([^"]*)"', form).group(1))


def forgotten(page: str) -> list[str]:
    """The drafts a page tells the phone to forget."""
    found = re.search(r"<body data-forget-drafts='([^']*)'", page)
    return json.loads(html.unescape(found.group(1))) if found else []


def test_each_hand_form_names_its_draft_by_session_hand_and_form(game, table, app):
    cards = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    points = game.client.get(f"{game.url}/hands/new?mode=points").get_data(as_text=True)
    mine = app.test_client().get(f"{game.url}/my-hand?seat=2").get_data(as_text=True)
    session = draft_key(cards, "hand-form").rsplit("|", 2)[0]
    assert session.startswith("sk-draft|")
    assert draft_key(cards, "hand-form") == f"{session}|hand1|cards"
    assert draft_key(points, "hand-form") == f"{session}|hand1|points"
    assert draft_key(mine, "draft-form") == f"{session}|hand1|seat2"
    assert game.play(HAND).status_code == 302
    [hand_id] = game.hand_ids()
    edit = game.client.get(f"{game.url}/hands/{hand_id}/edit").get_data(as_text=True)
    assert draft_key(edit, "hand-form") == f"{session}|edit{hand_id}|cards"
    assert draft_key(game.client.get(f"{game.url}/hands/new").get_data(as_text=True), "hand-form") == f"{session}|hand2|cards"
    # another game: other keys, even for its first hand
    table.start("rummy500", ["Cy", "Dot"])
    other = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert not draft_key(other, "hand-form").startswith(f"{session}|")


def test_a_draft_restores_the_forms_idempotency_key_only_on_a_form_freshly_opened(game):
    opened = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    assert 'data-draft-hidden="idempotency_key expected_position parts_seen"' in opened
    # a form sent back by the server carries values the server chose (the hand number to save as): kept
    refused = game.play({"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 10H"]}}}).get_data(as_text=True)
    assert "data-draft-hidden" not in refused


def test_the_page_after_a_save_tells_the_phone_to_forget_that_hands_drafts(game):
    page = game.client.post(f"{game.url}/hands/new", data=game.hand_form(HAND), follow_redirects=True).get_data(as_text=True)
    assert "Hand 1 saved." in page
    [key] = forgotten(page)
    assert key.endswith("|hand1")
    # said once: the next page forgets nothing more
    assert forgotten(game.page()) == []
    [hand_id] = game.hand_ids()
    data = game.hand_form(HAND) | {"hand_version": "1"}
    page = game.client.post(f"{game.url}/hands/{hand_id}/edit", data=data, follow_redirects=True).get_data(as_text=True)
    assert [k.rsplit("|", 1)[1] for k in forgotten(page)] == [f"edit{hand_id}"]
    # the key is not shown to people among the messages
    assert key not in re.sub(r"<body[^>]*>", "", page)


def test_a_background_save_is_answered_with_where_to_go_and_the_flash_waits_for_that_page(game):
    form = game.hand_form(HAND, key="background-key")
    response = game.client.post(f"{game.url}/hands/new", data=form, headers=BACKGROUND)
    assert response.status_code == 200
    assert response.get_json() == {"saved": True, "location": game.url}
    page = game.page()
    assert "Hand 1 saved." in page and forgotten(page)
    # a retry whose first try was saved (its answer lost on the way) saves nothing more
    again = game.client.post(f"{game.url}/hands/new", data=form, headers=BACKGROUND)
    assert again.get_json() == {"saved": True, "location": game.url}
    assert game.counts()[1] == 1
    assert "was already saved; it was not saved twice" in game.page()


def test_a_background_save_the_server_refuses_gets_the_form_back_as_without_script(game):
    bad = game.hand_form({"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 10H"]}, "Ben": {"in_hand": "QS"}}})
    response = game.client.post(f"{game.url}/hands/new", data=bad, headers=BACKGROUND)
    assert response.status_code == 422
    assert response.mimetype == "text/html"
    assert "gap between 8 and 10" in response.get_data(as_text=True)
    assert game.counts()[1] == 0


def test_a_part_sent_in_the_background_goes_to_the_players_page(game, app):
    phone = app.test_client()
    phone.get(f"{game.url}/my-hand?seat=1")
    response = phone.post(f"{game.url}/my-hand", data={"seat": "1", "position": "1", "melds-0": "7H 8H 9H"},
                          headers=BACKGROUND)
    assert response.get_json() == {"saved": True, "location": f"{game.url}/my-hand?seat=1&sent=1"}
    page = phone.get(response.get_json()["location"]).get_data(as_text=True)
    assert [k.rsplit("|", 2)[1:] for k in forgotten(page)] == [["hand1", "seat1"]]


def test_an_edit_tried_again_after_its_answer_was_lost_is_not_called_stale(game):
    assert game.play(HAND).status_code == 302
    [hand_id] = game.hand_ids()
    changed = {"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "QS"}}}
    data = game.hand_form(changed) | {"hand_version": "1"}
    assert game.client.post(f"{game.url}/hands/{hand_id}/edit", data=data, headers=BACKGROUND).status_code == 200
    again = game.client.post(f"{game.url}/hands/{hand_id}/edit", data=data, headers=BACKGROUND)
    assert again.get_json() == {"saved": True, "location": game.url}
    assert "Hand 1 was already updated; it was not saved twice." in game.page()
    assert game.totals() == {"Ann": 24, "Ben": -10}
    # another change from the same old version is still refused, with both versions shown
    other = game.hand_form({"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "KS"}}})
    refused = game.client.post(f"{game.url}/hands/{hand_id}/edit", data=other | {"hand_version": "1"})
    assert refused.status_code == 409 and "changed by someone else" in refused.get_data(as_text=True)


def test_a_part_sent_again_after_its_answer_was_lost_is_not_called_stale(game, app):
    phone = app.test_client()
    sent = {"seat": "1", "position": "1", "melds-0": "7H 8H 9H", "part_version": ""}
    assert phone.post(f"{game.url}/my-hand", data=sent, headers=BACKGROUND).status_code == 200
    again = phone.post(f"{game.url}/my-hand", data=sent, headers=BACKGROUND)
    assert again.get_json()["location"].endswith("/my-hand?seat=1&sent=1")
    assert "was already sent; it was not sent twice" in phone.get(again.get_json()["location"]).get_data(as_text=True)


def test_a_save_whose_answer_was_lost_then_retried_says_saved_once(game):
    form = game.hand_form(HAND, key="lost-answer-key")
    # the first try is saved, but the phone never hears back (its answer lost on the way), so it tries again
    game.client.post(f"{game.url}/hands/new", data=form, headers=BACKGROUND)
    again = game.client.post(f"{game.url}/hands/new", data=form, headers=BACKGROUND)
    assert again.get_json() == {"saved": True, "location": game.url}
    page = game.page()
    assert page.count("Hand 1 saved.") == 1
    assert "already saved" not in page
