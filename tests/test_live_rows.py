"""A live update brings the totals and only the rows a phone lacks; the phone's scoreboard then is the fresh one.

The phone (static/js/live.js) keeps its rows of hands `first` to `after` (checking the key of
the row of hand `after`), puts them into the scoreboard sent without rows and appends the rows
sent; with them, the entries of "What was entered" it keeps (hands `first` to `after` - 1) go before
the ones sent. `follow` below does the same with the HTML, so that every change a table makes can be
checked against the scoreboard and page parts a fresh load shows. tests/browser/test_live_view.py
and test_live_finish.py check the script itself.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, RemovedHand
from scorekeeper.scoreboard.board import SHOWN_HANDS
from scorekeeper.tables import service
from tests.test_history_games import SAMPLES, store_sample

_CHUNK = re.compile(r'<tr id="hand-(\d+)"')
_LAST = re.compile(r'<tr id="hand-(\d+)"[^>]* data-key="(\w+)"')
_ENTRY = re.compile(r'<details[^>]* data-hand="(\d+)".*?</details>', re.S)


def points(ann: int, ben: int) -> dict:
    return {"went_out": "Ann", "points": {"Ann": str(ann), "Ben": str(ben)}}


def rows_of(fragment: str) -> dict[int, str]:
    """The rows of a scoreboard fragment by hand, each with the notes that follow it."""
    body = fragment.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    starts = [(m.start(), int(m.group(1))) for m in _CHUNK.finditer(body)]
    return {hand: body[start:(starts[i + 1][0] if i + 1 < len(starts) else len(body))]
            for i, (start, hand) in enumerate(starts)}


def normal(html: str) -> str:
    """HTML with the white space between tags left out (the browser shows none of it)."""
    return re.sub(r">\s+<", "><", html.strip())


class Phone:
    """A page following a game through its live link, as live.js does; `asked` holds each answer."""

    def __init__(self, client, url: str) -> None:
        self.client, self.url = client, url
        news = client.get(f"{url}/live").get_json()
        self.version, self.html, self.parts = news["version"], news["html"], news["parts"]
        self.asked: list[dict] = []

    def follow(self) -> None:
        held = _LAST.findall(self.html)
        query = f"&rows={held[-1][0]}.{held[-1][1]}" if held else ""
        news = self.client.get(f"{self.url}/live?v={self.version}{query}").get_json()
        self.asked.append(news)
        if "rows" in news and not self._merge(news):
            news = self.client.get(f"{self.url}/live?v={self.version}").get_json()
            self.asked.append(news)
        if "rows" not in news:
            self.html = news["html"]
            self.parts = news["parts"]
        else:
            self.parts = {**news["parts"], "entered-hands": self._entries(news)}
        self.version = news["version"]

    def _entries(self, news: dict) -> str:
        """What was entered: the entries this phone keeps (hands first to after - 1), then those sent."""
        sent, first, after = news["parts"]["entered-hands"], news["rows"]["first"], news["rows"]["after"]
        kept = "".join(m.group(0) for m in _ENTRY.finditer(self.parts["entered-hands"])
                       if first <= int(m.group(1)) < after)
        at = _ENTRY.search(sent)
        assert at, "an answer with rows sends the entries from hand `after` on"
        return sent[:at.start()] + kept + sent[at.start():]

    def _merge(self, news: dict) -> bool:
        sent = news["rows"]
        mine = rows_of(self.html)
        row = mine.get(sent["after"], "")
        if f'data-key="{sent["key"]}"' not in row.split(">", 1)[0]:
            return False
        kept = "".join(mine[hand] for hand in sorted(mine) if sent["first"] <= hand <= sent["after"])
        self.html = news["html"].replace("<tbody>", f"<tbody>{kept}{sent['html']}", 1)
        return True

    def shows_what_a_fresh_load_shows(self) -> None:
        fresh = self.client.get(f"{self.url}/live").get_json()
        assert fresh["version"] == self.version
        assert normal(self.html) == normal(fresh["html"])
        assert {part: normal(html) for part, html in self.parts.items()} == \
            {part: normal(html) for part, html in fresh["parts"].items()}


@pytest.fixture
def game(table):
    table.start("rummy500", ["Ann", "Ben"], target=100000)
    for n in range(1, 4):
        assert table.play(points(10 * n, n)).status_code == 302
    return table


@pytest.mark.parametrize("link", ["edit", "view"])
def test_after_a_hand_is_added_the_phone_gets_only_the_new_row(game, app, link):
    url = game.url if link == "edit" else f"/s/{view_token(app, game.token)}"
    phone = Phone(game.client, url)
    assert game.play(points(40, 4)).status_code == 302
    phone.follow()
    [news] = phone.asked
    assert news["rows"]["first"] == 1 and news["rows"]["after"] == 3
    assert list(rows_of("<tbody>" + news["rows"]["html"] + "</tbody>")) == [4]
    assert 'data-total-for="Ann" data-total="100"' in news["html"] and "<tr id=" not in news["html"]
    phone.shows_what_a_fresh_load_shows()


def test_every_change_a_table_makes_leaves_the_phone_as_a_fresh_load(game, app):
    phone = Phone(game.client, f"/s/{view_token(app, game.token)}")
    ids = game.hand_ids()

    def changed(then_sent: str | None, asks: int = 1) -> None:
        before = phone.version
        phone.follow()
        assert phone.version > before and len(phone.asked) == asks
        phone.shows_what_a_fresh_load_shows()
        if then_sent is not None:
            assert [hand for hand in rows_of("<tbody>" + phone.asked[-1].get("rows", {}).get("html", "") + "</tbody>")] \
                == ([] if then_sent == "" else [int(n) for n in then_sent.split()]), phone.asked[-1].keys()
        phone.asked.clear()

    assert game.play(points(40, 4)).status_code == 302
    changed("4")
    # the last hand fixed: its row only
    assert game.edit(game.hand_ids()[-1], points(45, 4), version=1).status_code == 302
    changed("4")
    # an earlier hand fixed: every row after it changes (the running totals); the phone's guess
    # of its rows fails on the key, and it asks for the whole scoreboard
    assert game.edit(ids[0], points(11, 1), version=1).status_code == 302
    changed(None, asks=2)
    # a hand deleted: the ones after it move up
    assert game.client.post(f"{game.url}/hands/{ids[1]}/delete").status_code == 302
    changed(None, asks=2)
    # the last hand undone: nothing to send but the totals
    last = game.hand_ids()[-1]
    assert game.client.post(f"{game.url}/undo", data={"hand_id": last}).status_code == 302
    changed("")
    # put back as it was
    assert game.client.post(f"{game.url}/hands/put-back", data={"hand_id": removed_id(app)}).status_code == 302
    changed(None)
    # every hand undone, then one played again
    for _ in range(len(game.hand_ids())):
        assert game.client.post(f"{game.url}/undo", data={"hand_id": game.hand_ids()[-1]}).status_code == 302
    changed(None)
    assert "No hands yet" in phone.html
    assert game.play(points(5, 5)).status_code == 302
    changed(None)


def test_a_long_game_sends_the_new_row_and_lets_the_oldest_shown_go(app, client):
    with app.app_context():
        gs = service.create_session("rummy500", {"target": 10**6}, ["Ann", "Ben"])
        for n in range(1, SHOWN_HANDS + 1):
            service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": {"Ann": n, "Ben": 1}})
        token = gs.view_token
        phone = Phone(client, f"/s/{token}")
        service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": {"Ann": 7, "Ben": 1}})
    phone.follow()
    [news] = phone.asked
    assert news["rows"]["first"] == 2 and news["rows"]["after"] == SHOWN_HANDS
    assert list(rows_of("<tbody>" + news["rows"]["html"] + "</tbody>")) == [SHOWN_HANDS + 1]
    phone.shows_what_a_fresh_load_shows()
    assert min(rows_of(phone.html)) == 2


def test_a_phone_whose_rows_are_unknown_gets_the_whole_scoreboard(game):
    version = game.client.get(f"{game.url}/live").get_json()["version"]
    assert game.play(points(40, 4)).status_code == 302
    for held in ("3.000000000000", "99.abc", "x", "-1.", "0."):
        news = game.client.get(f"{game.url}/live?v={version}&rows={held}").get_json()
        if "rows" in news:
            # a guess the phone checks with the key of its own row of hand `after`
            assert news["rows"]["key"] in game.client.get(f"{game.url}/live").get_json()["html"]
        else:
            assert rows_of(news["html"]) and list(rows_of(news["html"])) == [1, 2, 3, 4]


def view_token(app, edit_token: str) -> str:
    with app.app_context():
        return db.session.execute(
            db.select(GameSession.view_token).where(GameSession.edit_token == edit_token)).scalar_one()


def removed_id(app) -> int:
    with app.app_context():
        return db.session.execute(db.select(RemovedHand.id).order_by(RemovedHand.id.desc())).scalars().first()



@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_every_game_sends_its_last_hand_as_rows_and_shows_what_a_fresh_load_shows(app, client, game_id):
    sample = SAMPLES[game_id]
    with app.app_context():
        gs = store_sample(sample, hands=len(sample.hands) - 1)
        phone = Phone(client, f"/s/{gs.edit_token}")
        service.add_hand(gs, sample.hands[-1])
    phone.follow()
    [news] = phone.asked
    assert news["rows"]["after"] == len(sample.hands) - 1
    assert list(rows_of("<tbody>" + news["rows"]["html"] + "</tbody>")) == [len(sample.hands)]
    phone.shows_what_a_fresh_load_shows()


def test_an_indian_points_deal_reaches_a_phone_with_what_its_winner_collects_as_a_fresh_load_shows(app, client):
    # the pool sample's first two deals, played for points: Ben declares the second and collects 40 + 80 + 30
    sample = dataclasses.replace(SAMPLES["indian"], options={"format": "points"}, hands=SAMPLES["indian"].hands[:2])
    with app.app_context():
        gs = store_sample(sample, hands=1)
        phone = Phone(client, f"/s/{gs.edit_token}")
        service.add_hand(gs, sample.hands[-1])
    phone.follow()
    [news] = phone.asked
    assert "Ben collects 150" in news["rows"]["html"]
    phone.shows_what_a_fresh_load_shows()

