"""A player's part sent while another phone changes the game in the same instant (tables.draft_service.save_part).

The other phone's change runs in a thread of its own (its own request, app context and database
session) just before the part is stored, as it would on a server answering two phones at once.
"""

from __future__ import annotations

import threading

import pytest

from scorekeeper.tables import draft_service
from tests.test_drafts import form_values, game, phone, send, stored_parts  # noqa: F401
from tests.web.test_table_life import change


def _first_on_another_phone(monkeypatch: pytest.MonkeyPatch, act) -> list:
    """Run `act` (another phone's request) in a thread of its own just before the next part is stored."""
    answers: list = []
    original = draft_service.save_part

    def save_part(*args, **kwargs):
        if not answers:
            other = threading.Thread(target=lambda: answers.append(act()))
            other.start()
            other.join()
        return original(*args, **kwargs)

    monkeypatch.setattr(draft_service, "save_part", save_part)
    return answers


def test_a_part_sent_as_another_phone_saves_the_hand_is_refused_and_says_so(app, game, monkeypatch):
    ann, ben = phone(app, game, 0), phone(app, game, 1)
    assert send(ann, game, 0, melds__0="7H 8H 9H", went_out="y").status_code == 302
    form = form_values(ben.get(f"{game.url}/my-hand").get_data(as_text=True), "draft-form")
    saved = _first_on_another_phone(monkeypatch, lambda: game.play(
        {"points": {"Ann": "10", "Ben": "0", "Cid": "0"}, "went_out": "Ann"}).status_code)
    late = ben.post(f"{game.url}/my-hand", data=form | {"melds-0": "5D 6D 7D"})
    assert saved == [302]
    assert late.status_code == 409
    page = late.get_data(as_text=True)
    assert "Hand 1 was already saved" in page
    # the form is for the next hand now: sending again sends it for hand 2, not for hand 1 again
    assert form_values(page, "draft-form")["position"] == "2"
    assert stored_parts(app) == {}


def test_a_part_sent_as_a_player_whose_part_was_in_leaves_is_stored(app, game, monkeypatch):
    ann, ben, cid = (phone(app, game, seat) for seat in range(3))
    # Cid's part first: on SQLite a row id freed by the last row's deletion is given again, which the test is not about
    assert send(cid, game, 2, in_hand="9C 9D").status_code == 302
    assert send(ann, game, 0, melds__0="7H 8H 9H", went_out="y").status_code == 302
    form = form_values(ben.get(f"{game.url}/my-hand").get_data(as_text=True), "draft-form")
    left = _first_on_another_phone(monkeypatch, lambda: change(game, "leave", player="Cid").status_code)
    sent = ben.post(f"{game.url}/my-hand", data=form | {"melds-0": "5D 6D 7D", "layoffs-0-cards": "10H",
                                                       "layoffs-0-onto": "0:0"})
    assert left == [302]
    assert sent.status_code == 302, sent.get_data(as_text=True)[:500]
    assert set(stored_parts(app)) == {"Ann", "Ben"}
