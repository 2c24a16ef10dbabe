"""Several phones on one game: a hand changed on two at once is saved once, never silently overwritten.

The races are played for real: two database sessions (two app contexts,
as two requests have) read the same hand before either writes, and
threads post the same forms at the same moment.
"""

from __future__ import annotations

import re
import threading

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand
from scorekeeper.tables import service
from scorekeeper.tables.table import Table

HAND = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}
STORED = {"went_out": "Ann", "points": {"Ann": 40, "Ben": -10}}


@pytest.fixture
def game(table):
    """A 500 Rum game with one hand played (Ann 40, Ben -10)."""
    table.start("rummy500", ["Ann", "Ben"])
    assert table.play(HAND).status_code == 302
    return table


def stored_hand(app, hand_id: int) -> tuple[dict, int]:
    """A hand's stored entry and version."""
    with app.app_context():
        hand = db.session.get(Hand, hand_id)
        return hand.data, hand.version


def entry(ann: int, ben: int) -> dict:
    """A points entry of hand 1 in the stored shape, as the hand form would produce it."""
    return {"went_out": "Ann", "points": {"Ann": ann, "Ben": ben}}


def test_two_devices_saving_one_hand_at_once_end_in_one_version_and_one_refusal(game, app):
    [hand_id] = game.hand_ids()
    _, version = stored_hand(app, hand_id)
    with app.app_context():  # phone A's request
        hand_a = Table(db.session.execute(select(GameSession)).scalar_one()).hand(hand_id)
        with app.app_context():  # phone B's request, reading the same version before A writes
            hand_b = Table(db.session.execute(select(GameSession)).scalar_one()).hand(hand_id)
            assert hand_a is not hand_b and hand_b.version == version
            service.replace_hand(hand_b, entry(50, 0), version)
        # A's form and its loaded hand both still say `version`: only the database knows better
        with pytest.raises(service.StaleHand) as refused:
            service.replace_hand(hand_a, entry(60, 5), version)
        assert f"you edited version {version}; it is now version {version + 1}" in str(refused.value)
    data, now = stored_hand(app, hand_id)
    assert data["points"] == {"Ann": 50, "Ben": 0} and now == version + 1
    assert game.totals() == {"Ann": 50, "Ben": 0}


def run_together(calls):
    """Run the calls in threads released at the same moment; returns their results in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


@pytest.mark.parametrize("attempt", range(3))
def test_two_phones_posting_edits_of_one_hand_together_one_saves_one_is_told(game, app, attempt):
    [hand_id] = game.hand_ids()
    _, version = stored_hand(app, hand_id)
    entries = [(50, 0), (60, 5)]
    forms = []
    for ann, ben in entries:
        form = game.hand_form({"went_out": "Ann", "points": {"Ann": str(ann), "Ben": str(ben)}})
        forms.append(form | {"hand_version": str(version)})
    responses = run_together([
        (lambda form=form: app.test_client().post(f"{game.url}/hands/{hand_id}/edit", data=form)) for form in forms
    ])
    codes = sorted(r.status_code for r in responses)
    assert codes == [302, 409], codes
    winner = entries[[r.status_code for r in responses].index(302)]
    refusal = next(r for r in responses if r.status_code == 409).get_data(as_text=True)
    assert "changed by someone else" in refusal and "not saved" in refusal
    data, now = stored_hand(app, hand_id)
    assert data["points"] == {"Ann": winner[0], "Ben": winner[1]} and now == version + 1


def test_the_same_hand_form_posted_twice_at_once_saves_one_hand(game, app):
    form = game.hand_form({"went_out": "Ben", "points": {"Ann": "5", "Ben": "30"}}, key="one-form")
    sessions, hands, _ = game.counts()
    responses = run_together([
        (lambda: app.test_client().post(f"{game.url}/hands/new", data=form)) for _ in range(4)
    ])
    assert [r.status_code for r in responses] == [302] * 4
    assert game.counts()[:2] == (sessions, hands + 1)
    assert game.totals() == {"Ann": 45, "Ben": 20}


def test_a_retried_hand_form_saves_one_hand_and_says_so(game):
    form = game.hand_form({"went_out": "Ben", "points": {"Ann": "5", "Ben": "30"}}, key="retried")
    assert game.client.post(f"{game.url}/hands/new", data=form).status_code == 302
    before = game.counts()
    again = game.client.post(f"{game.url}/hands/new", data=form, follow_redirects=True)
    assert again.status_code == 200 and "was already saved" in again.get_data(as_text=True)
    assert game.counts() == before


def test_two_phones_saving_the_next_hand_together_get_one_save_or_a_clear_refusal(game, app):
    forms = [game.hand_form({"went_out": "Ben", "points": {"Ann": str(n), "Ben": "30"}}) for n in (1, 2, 3)]
    responses = run_together([
        (lambda form=form: app.test_client().post(f"{game.url}/hands/new", data=form)) for form in forms
    ])
    saved = [r for r in responses if r.status_code == 302]
    refused = [r for r in responses if r.status_code != 302]
    assert saved, "at least one phone's hand is saved"
    for response in refused:
        assert response.status_code == 409
        assert "was saved from another phone while you were entering it" in response.get_data(as_text=True)
    with app.app_context():
        positions = [h.position for h in db.session.execute(select(Hand).order_by(Hand.position)).scalars()]
    assert positions == list(range(1, 2 + len(saved)))


def test_every_save_moves_the_session_version_on_even_when_saves_meet(game, app):
    with app.app_context():
        start = db.session.execute(select(GameSession)).scalar_one().version
    forms = [game.hand_form({"went_out": "Ben", "points": {"Ann": str(n), "Ben": "30"}}) for n in range(4)]
    responses = run_together([
        (lambda form=form: app.test_client().post(f"{game.url}/hands/new", data=form)) for form in forms
    ])
    saved = sum(r.status_code == 302 for r in responses)
    with app.app_context():
        assert db.session.execute(select(GameSession)).scalar_one().version == start + saved


def positions(app) -> list[tuple[int, dict]]:
    """(position, points) of every stored hand, in order."""
    with app.app_context():
        return [(h.position, h.data["points"]) for h in db.session.execute(select(Hand).order_by(Hand.position)).scalars()]


def play_more(game, count: int) -> None:
    """Play `count` more hands, Ann scoring 1, 2, 3... so each hand can be told apart."""
    for n in range(1, count + 1):
        assert game.play({"went_out": "Ben", "points": {"Ann": str(n), "Ben": "30"}}).status_code == 302


def test_undo_tapped_twice_at_once_removes_one_hand(game, app):
    play_more(game, 2)
    last = game.hand_ids()[-1]
    responses = run_together([
        (lambda: app.test_client().post(f"{game.url}/undo", data={"hand_id": str(last)})) for _ in range(2)
    ])
    assert [r.status_code for r in responses] == [302, 302]
    assert [p for p, _ in positions(app)] == [1, 2]


def test_two_phones_deleting_the_same_hand_at_once_delete_it_once(game, app):
    play_more(game, 2)
    first = game.hand_ids()[0]
    responses = run_together([
        (lambda: app.test_client().post(f"{game.url}/hands/{first}/delete", data={})) for _ in range(2)
    ])
    assert [r.status_code for r in responses] == [302, 302]
    assert positions(app) == [(1, {"Ann": 1, "Ben": 30}), (2, {"Ann": 2, "Ben": 30})]


def test_two_phones_deleting_different_hands_at_once_both_go_and_the_rest_renumber(game, app):
    play_more(game, 3)
    ids = game.hand_ids()
    responses = run_together([
        (lambda hand_id=hand_id: app.test_client().post(f"{game.url}/hands/{hand_id}/delete", data={}))
        for hand_id in (ids[0], ids[2])
    ])
    assert [r.status_code for r in responses] == [302, 302]
    assert positions(app) == [(1, {"Ann": 1, "Ben": 30}), (2, {"Ann": 3, "Ben": 30})]


def test_a_hand_deleted_on_one_phone_while_edited_on_another_is_not_brought_back(game, app):
    [hand_id] = game.hand_ids()
    _, version = stored_hand(app, hand_id)
    with app.app_context():  # phone A opened the hand to edit it
        hand_a = Table(db.session.execute(select(GameSession)).scalar_one()).hand(hand_id)
        with app.app_context():  # phone B deletes it meanwhile
            service.delete_hand(Table(db.session.execute(select(GameSession)).scalar_one()).hand(hand_id))
        with pytest.raises(service.HandGone, match="Hand 1 was deleted from another phone"):
            service.replace_hand(hand_a, entry(60, 5), version)
        assert hand_a.position == 1  # still readable for the page that says so
    assert game.hand_ids() == []


def open_new_hand_form(client, url: str) -> dict[str, str]:
    """The hidden fields of a freshly opened new-hand form (its idempotency key and the hand it enters)."""
    page = client.get(f"{url}/hands/new?mode=points").get_data(as_text=True)
    return dict(re.findall(r'name="(idempotency_key|expected_position)" type="hidden" value="([^"]*)"', page))


def test_two_phones_entering_the_same_next_hand_save_it_once_and_the_second_is_told(game, app):
    phone_a, phone_b = app.test_client(), app.test_client()
    form_a, form_b = open_new_hand_form(phone_a, game.url), open_new_hand_form(phone_b, game.url)
    assert form_a["expected_position"] == form_b["expected_position"] == "2"
    entry_a = {"mode": "points", "ended": "went_out", "went_out": "Ben", "points-0": "5", "points-1": "30"}
    entry_b = {"mode": "points", "ended": "went_out", "went_out": "Ben", "points-0": "7", "points-1": "25"}
    assert phone_a.post(f"{game.url}/hands/new", data=form_a | entry_a).status_code == 302
    refused = phone_b.post(f"{game.url}/hands/new", data=form_b | entry_b)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 409
    assert "Hand 2 was saved from another phone while you were entering it" in page
    assert "save it again to add it as hand 3" in page
    assert 'value="7"' in page  # phone B's entry is still in the form
    assert [p for p, _ in positions(app)] == [1, 2]
    assert positions(app)[1][1] == {"Ann": 5, "Ben": 30}
    # saving again from the form as it came back is a deliberate choice: it becomes hand 3
    again = dict(re.findall(r'name="(idempotency_key|expected_position)" type="hidden" value="([^"]*)"', page))
    assert again["expected_position"] == "3"
    assert phone_b.post(f"{game.url}/hands/new", data=again | entry_b).status_code == 302
    assert positions(app)[2] == (3, {"Ann": 7, "Ben": 25})


def test_a_hand_fixed_while_another_phone_deletes_it_goes_back_to_the_scoreboard_saying_so(table, monkeypatch):
    from tests.test_drafts import form_values

    table.start("rummy500", ["Ann", "Ben", "Cid"])
    for n in range(3):
        assert table.play({"went_out": "Ann", "points": {"Ann": str(10 + n), "Ben": "0", "Cid": "0"}}).status_code == 302
    second = table.hand_ids()[1]
    form = form_values(table.client.get(f"{table.url}/hands/{second}/edit").get_data(as_text=True), "hand-form")
    replace, deleted = service.replace_hand, []

    def deleted_first(*args, **kwargs):
        # the other phone's delete lands between this phone's checks and its save
        if not deleted:
            other = threading.Thread(target=lambda: deleted.append(table.client.post(
                f"{table.url}/hands/{second}/delete", data={"confirm": "y"}).status_code))
            other.start()
            other.join()
        return replace(*args, **kwargs)

    monkeypatch.setattr(service, "replace_hand", deleted_first)
    answer = table.client.post(f"{table.url}/hands/{second}/edit", data=form | {"points-1": "7"})
    assert deleted == [302]
    assert answer.status_code == 302 and answer.headers["Location"].endswith(table.url)
    page = table.client.get(table.url).get_data(as_text=True)
    assert "Hand 2 was deleted from another phone while you edited it; your changes were not saved." in page
    assert len(table.hand_ids()) == 2
