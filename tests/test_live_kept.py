"""A changed poll's answer is built once per version of a game and served to every phone that asks for it.

Many phones follow one game by its view link; after a hand is saved, each one's next poll
brings the news. The first builds it (scoreboard, rows, page parts: share.routes._news), the
others are sent the same bytes, kept with the version's standings cache entry. A phone
holding other rows is sent its own answer; an edit link's answer carries the visitor's own
CSRF token, so it is never one kept for another.
"""

from __future__ import annotations

import re

import pytest
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.sessions import page_parts
from scorekeeper.share import routes
from scorekeeper.tables import service
from scorekeeper.tables.standings_cache import cache
from tests.test_statement_counts import NAMES, Phone, counted, hand

_LAST_ROW = re.compile(r'<tr id="hand-(\d+)"[^>]* data-key="(\w+)"')
_CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


@pytest.fixture
def builds(monkeypatch) -> list[int]:
    """The live answers built: the game's scoreboard worked out by the live poll (share.routes), each its game's id."""
    built: list[int] = []
    work_out = routes.scoreboard

    def counting(table):
        built.append(table.game.id)
        return work_out(table)

    monkeypatch.setattr(routes, "scoreboard", counting)
    return built


@pytest.fixture
def game(table, app):
    """A 6-player 500 Rum game of four hands; its view link."""
    table.start("rummy500", NAMES)
    for n in range(4):
        assert table.play(hand(n)).status_code == 302
    with app.app_context():
        return f"/s/{db.session.execute(select(GameSession.view_token)).scalar_one()}"


def test_two_phones_polling_one_version_are_sent_one_answer_built_once(app, client, table, game, builds):
    first, second = Phone(client, game), Phone(app.test_client(), game)
    assert first.held == second.held
    assert table.play(hand(5)).status_code == 302
    news = first.poll()
    assert news.status_code == 200 and len(builds) == 1
    with counted(app) as seen:
        again = second.poll()
    # the second phone's answer is the kept one: the game's row looked up, nothing read or worked out
    assert len(builds) == 1
    assert seen == {"connections": 1}
    assert again.status_code == 200 and again.data == news.data
    assert again.headers["Content-Type"] == news.headers["Content-Type"] == "application/json"
    assert again.headers["Cache-Control"] == news.headers["Cache-Control"] == "no-store"
    assert again.get_json()["rows"]["after"] == 4 and again.get_json()["version"] == first.version + 1


def test_the_next_version_is_built_again(client, table, game, builds):
    phone = Phone(client, game)
    assert table.play(hand(5)).status_code == 302
    before = phone.poll().get_json()
    assert table.play(hand(6)).status_code == 302
    after = phone.poll().get_json()
    assert len(builds) == 2 and after["version"] == before["version"] + 1 and after["hands"] == 6


def test_a_phone_holding_other_rows_is_sent_its_own_answer(app, client, table, game, builds):
    behind = Phone(client, game)  # opened before the fifth hand: it holds four rows
    assert table.play(hand(5)).status_code == 302
    ahead = Phone(app.test_client(), game)  # opened after it: five rows
    assert table.play(hand(6)).status_code == 302
    sent_behind, sent_ahead = behind.poll().get_json(), ahead.poll().get_json()
    assert len(builds) == 2
    assert (sent_behind["rows"]["after"], sent_ahead["rows"]["after"]) == (4, 5)
    assert _LAST_ROW.findall(sent_behind["rows"]["html"])[0][0] == "5"
    assert [row for row, _ in _LAST_ROW.findall(sent_ahead["rows"]["html"])] == ["6"]
    # each is what its phone would be sent were nothing kept
    with app.app_context():
        cache().forget(db.session.execute(select(GameSession.id)).scalar_one())
    assert behind.poll().get_json() == sent_behind and ahead.poll().get_json() == sent_ahead
    assert len(builds) == 4


def test_a_phone_whose_last_row_this_version_does_not_show_is_sent_an_answer_built_for_it_alone(
        client, table, game, builds):
    phone = Phone(client, game)
    assert table.play(hand(5)).status_code == 302
    phone.held = "4.000000000000"  # hand 4 fixed meanwhile, say: the rows from it on are sent, with the key to check
    for _ in range(2):
        news = phone.poll().get_json()
        assert news["rows"]["after"] == 3 and [row for row, _ in _LAST_ROW.findall(news["rows"]["html"])] == ["4", "5"]
    # kept, whatever a phone sends would be kept with the version: each is built again
    assert len(builds) == 2


def test_an_edit_link_answer_never_carries_another_visitors_csrf_token(databases):
    app = databases.app("csrf", WTF_CSRF_ENABLED=True)
    with app.app_context():
        edit = service.create_session("rummy500", {}, ["Ann", "Ben"]).edit_token
    visitors = [app.test_client() for _ in range(3)]
    signed = URLSafeTimedSerializer(app.secret_key, salt="wtf-csrf-token")
    seen: set[str] = set()
    for visitor in visitors + visitors[:1]:
        news = visitor.get(f"/s/{edit}/live?v=0")
        assert news.status_code == 200
        found = set(_CSRF.findall(str(news.get_json()["parts"])))
        assert found, "an edit link's parts hold forms"
        with visitor.session_transaction() as session:
            own = session["csrf_token"]
        # every token is signed from the visitor's own, none another's
        assert {signed.loads(token) for token in found} == {own}
        seen.add(own)
    assert len(seen) == len(visitors)


def test_the_last_hands_entry_is_put_in_words_once_per_version_for_every_link(app, client, table, game, monkeypatch):
    phone = Phone(app.test_client(), game)
    assert table.play(hand(5)).status_code == 302
    read: list[int] = []
    entry_of = page_parts.hand_data
    monkeypatch.setattr(page_parts, "hand_data",
                        lambda opened, position: read.append(position) or entry_of(opened, position))
    # the scorer's page, a following phone's news, and the view link's page: each lists what was entered, the
    # last hand with its cards
    pages = [client.get(table.url), phone.poll(), app.test_client().get(game)]
    assert [page.status_code for page in pages] == [200, 200, 200]
    assert all("Hand 5</summary>" in page.get_data(as_text=True).replace("\\/", "/") for page in pages)
    assert read == [5]
