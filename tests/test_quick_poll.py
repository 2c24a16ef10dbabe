"""The live poll's "nothing changed", answered before Flask (scorekeeper/share/quick_poll.py), as the route answers it."""

from __future__ import annotations

import pytest

from scorekeeper.share import quick_poll
from scorekeeper.share.quick_poll import QuickPoll

HAND = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}


@pytest.fixture
def game(table):
    """A two-player 500 Rum game with a hand saved; the table's client holds its edit link."""
    table.start("rummy500", ["Ann", "Ben"])
    assert table.play(HAND).status_code == 302
    return table


def shortcut(app) -> QuickPoll:
    """The app's live-poll shortcut, found among its WSGI layers from the outermost in (a proxy fix's inner is `app`)."""
    layer = app.wsgi_app
    while not isinstance(layer, QuickPoll):
        layer = getattr(layer, "wsgi_app", None) or layer.app
    return layer


def version(game) -> int:
    return game.client.get(f"{game.url}/live").get_json()["version"]


def test_a_current_poll_is_answered_before_flask_with_the_routes_own_headers(game, app, monkeypatch):
    current = version(game)
    # a poll the shortcut takes for another request: the route itself answers it
    with monkeypatch.context() as passing:
        passing.setattr(quick_poll, "asked", lambda environ: None)
        by_flask = game.client.get(f"{game.url}/live?v={current}")
    asked_flask = []
    inner = shortcut(app).wsgi_app
    monkeypatch.setattr(shortcut(app), "wsgi_app", lambda *args: asked_flask.append(1) or inner(*args))
    quick = game.client.get(f"{game.url}/live?v={current}")
    assert not asked_flask, "a current poll never reaches Flask"
    assert quick.status_code == by_flask.status_code == 304
    assert quick.data == by_flask.data == b""
    assert sorted(quick.headers.items()) == sorted(by_flask.headers.items())
    assert quick.headers["Cache-Control"] == "no-store" and quick.headers["X-Robots-Tag"] == "noindex"


def test_a_guest_with_a_session_cookie_never_gets_someone_elses_cookie_from_the_shortcut(game, app):
    guest = app.test_client()
    guest.environ_base["REMOTE_ADDR"] = "192.168.1.50"  # another device on the network: a guest
    opened = guest.get(game.url)
    # the guest's device remembers the game it opened, in its session cookie
    assert opened.status_code == 200 and "Set-Cookie" in opened.headers
    answer = guest.get(f"{game.url}/live?v={version(game)}")
    assert answer.status_code == 304 and "Set-Cookie" not in answer.headers


def test_anything_but_a_plain_current_poll_goes_on_to_the_app(game, app):
    current = version(game)
    assert game.client.get(f"{game.url}/live?v={current - 1}").status_code == 200
    assert game.client.get(f"{game.url}/live?v=x").status_code == 200
    assert game.client.get(f"/s/no-such-link/live?v={current}").status_code == 404
    # the app's refusals stand: a NUL, a Host it does not answer to
    assert game.client.get(f"{game.url}/live?v={current}&x=%00").status_code == 400
    assert game.client.get(f"{game.url}/live?v={current}", headers={"Host": "rebind.example"}).status_code == 400
    # once the game changes, the same poll hears the news
    assert game.play(HAND).status_code == 302
    assert game.client.get(f"{game.url}/live?v={current}").status_code == 200
