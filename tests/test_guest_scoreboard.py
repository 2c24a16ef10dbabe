"""A guest's phone opening a view link: the scoreboard, the cookie it is given, its 304s and its compressed pages."""

from __future__ import annotations

import gzip
from typing import Any

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, utcnow
from scorekeeper.tables.standings_cache import cache
from tests.test_history_games import SAMPLES, store_sample

LAN = {"REMOTE_ADDR": "192.168.1.50"}  # a phone on the Wi-Fi: a guest
HAND = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}


def games_of(app) -> dict[str, str]:
    """Two 500 Rum games with hands stored in `app`: the first's view and edit links, the second's view link."""
    with app.app_context():
        first, second = (store_sample(SAMPLES["rummy500"], hands=2) for _ in range(2))
        db.session.commit()
        return {"view": first.view_token, "edit": first.edit_token, "other": second.view_token}


@pytest.fixture
def links(app) -> dict[str, str]:
    return games_of(app)


def phone(app, **environ: str):
    """A guest's phone on the LAN, keeping its cookies."""
    client = app.test_client()
    client.environ_base.update({**LAN, **environ})
    return client


def session_cookie(app, **held: Any) -> str:
    """A session cookie's value holding `held`, signed as the app signs it."""
    with app.app_context():
        return app.session_interface.get_signing_serializer(app).dumps(held)


def held_by(app, answer) -> dict[str, Any] | None:
    """What the session cookie the answer sets holds (None when it sets none)."""
    cookie = answer.headers.get("Set-Cookie")
    if cookie is None:
        return None
    name, _, value = cookie.partition(";")[0].partition("=")
    assert name == "session"
    with app.app_context():
        return app.session_interface.get_signing_serializer(app).loads(value)


def today() -> int:
    return utcnow().date().toordinal()


# the cookies a guest's phone may bring: (the session it holds, or a raw value the app did not sign)
COOKIES = {
    "a first visit": lambda links: None,
    "a phone that has been here today": lambda links: {"games": [links["view"]], "day": today(), "_permanent": True},
    "a phone whose last game was another": lambda links: {"games": [links["other"]], "day": today(),
                                                          "_permanent": True},
    "a phone last here yesterday": lambda links: {"games": [links["view"]], "day": today() - 1, "_permanent": True},
    "a cookie the app did not sign": lambda links: "forged.value.here",
}


@pytest.mark.parametrize("case", list(COOKIES))
@pytest.mark.parametrize("visit", ["the page built", "the page kept"])
def test_a_guest_sees_the_scoreboard_and_its_device_remembers_the_game(app, links, case, visit):
    board = f"/s/{links['view']}"
    if visit == "the page kept":
        assert phone(app).get(board).status_code == 200  # another phone had the page built
    guest = phone(app)
    held = COOKIES[case](links)
    if held is not None:
        guest.set_cookie("session", held if isinstance(held, str) else session_cookie(app, **held))
    opened = guest.get(board)
    assert opened.status_code == 200 and b"Read-only link" in opened.data
    assert opened.headers["Cache-Control"] == "private, no-cache" and opened.headers["ETag"]
    saved = held_by(app, opened)
    if case == "a phone that has been here today":
        assert saved is None, "nothing new to remember: no cookie"
    else:
        # the game remembered, the day renewed; nothing else (a view link's page has no form: no CSRF token)
        assert saved is not None and set(saved) == {"games", "day", "_permanent"}
        assert links["view"] in saved["games"] and saved["day"] == today()
    home = guest.get("/").get_data(as_text=True)
    assert board in home and f"/s/{links['edit']}" not in home


def test_a_guest_opening_a_view_link_on_a_served_app_is_given_no_csrf_token(databases):
    # `scorekeeper serve --lan`: CSRF on, no loopback host; one phone builds the page, the next gets the kept one
    served = databases.app("served", LOOPBACK_IS_HOST=False, WTF_CSRF_ENABLED=True)
    served_links = games_of(served)
    for _ in range(2):
        opened = phone(served).get(f"/s/{served_links['view']}")
        assert opened.status_code == 200 and b"Read-only link" in opened.data
        assert held_by(served, opened) == {"_permanent": True, "day": today(), "games": [served_links["view"]]}


def etag_of(app, token: str) -> str:
    return phone(app).get(f"/s/{token}").headers["ETag"].strip('"')


@pytest.mark.parametrize(("held", "status"), [
    ('"{etag}"', 304), ('"{etag}:gzip"', 304), ("*", 304), ('"older", W/"weak"', 200)])
def test_a_browser_holding_the_version_gets_a_304_and_one_holding_another_the_page(app, links, held, status):
    etag = etag_of(app, links["view"])
    answer = phone(app).get(f"/s/{links['view']}", headers={"If-None-Match": held.format(etag=etag)})
    assert answer.status_code == status
    assert (answer.data == b"") == (status == 304)
    assert answer.headers["Cache-Control"] == "private, no-cache"


def test_a_browser_holding_its_gzip_weakly_gets_a_304_for_gzip(app, links):
    etag = etag_of(app, links["view"])
    answer = phone(app).get(f"/s/{links['view']}", headers={"If-None-Match": f'W/"{etag}:gzip"',
                                                             "Accept-Encoding": "gzip"})
    assert answer.status_code == 304 and answer.data == b""


def test_a_browser_holding_the_version_gets_its_304_after_a_restart_too(app, links):
    # a restarted server keeps no page, but a phone revalidating what it holds needs none
    etag = phone(app).get(f"/s/{links['view']}").headers["ETag"]
    with app.app_context():
        game_id = db.session.execute(select(GameSession.id).where(GameSession.view_token == links["view"])).scalar_one()
        cache().forget(game_id)
    again = phone(app).get(f"/s/{links['view']}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["ETag"] == etag


def test_a_new_hand_gives_a_browser_holding_the_old_version_the_new_page(app, links):
    guest = phone(app)
    before = guest.get(f"/s/{links['view']}")
    with app.app_context():
        gs = db.session.execute(select(GameSession).where(GameSession.view_token == links["view"])).scalar_one()
        gs.version += 1  # as saving a hand does, with the hand
        db.session.commit()
    built = guest.get(f"/s/{links['view']}", headers={"If-None-Match": before.headers["ETag"]})
    assert built.status_code == 200 and built.headers["ETag"] != before.headers["ETag"]
    assert guest.get(f"/s/{links['view']}", headers={"If-None-Match": built.headers["ETag"]}).status_code == 304


def test_a_head_request_for_a_guests_scoreboard_is_answered(app, links):
    phone(app).get(f"/s/{links['view']}")
    assert phone(app).head(f"/s/{links['view']}").status_code == 200


def test_behind_a_proxy_a_guest_gets_the_page_of_the_address_it_used(databases):
    proxied = databases.app("proxied", TRUSTED_PROXIES=1, ALLOWED_HOSTS="scores.example")
    proxied_links = games_of(proxied)
    forwarded = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "scores.example", "X-Forwarded-Proto": "https"}
    board = f"/s/{proxied_links['view']}"
    first, kept = (phone(proxied).get(board, headers=forwarded) for _ in range(2))
    assert first.status_code == kept.status_code == 200 and first.data == kept.data
    again = phone(proxied).get(board, headers={**forwarded, "If-None-Match": kept.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize(("accepted", "encoding"), [
    ("gzip, deflate", "gzip"), ("gzip, deflate, br", "br"), ("gzip, deflate, br, zstd", "zstd"),
    ("identity", None), ("*", "ANY")])
def test_phones_get_the_scoreboard_compressed_as_they_accept(app, links, accepted, encoding):
    board = f"/s/{links['view']}"
    plain = phone(app).get(board)
    for _ in range(2):  # the page built, then kept
        answer = phone(app).get(board, headers={"Accept-Encoding": accepted})
        assert answer.status_code == 200 and "Accept-Encoding" in answer.headers["Vary"]
        sent = answer.headers.get("Content-Encoding")
        if encoding is None:
            assert sent is None and answer.data == plain.data and answer.headers["ETag"] == plain.headers["ETag"]
        else:
            assert sent is not None and (encoding == "ANY" or sent == encoding)
            # the compressed page's ETag names its encoding: the bytes differ
            assert answer.headers["ETag"] == f'{plain.headers["ETag"][:-1]}:{sent}"'
        if sent == "gzip":
            assert gzip.decompress(answer.data) == plain.data


def test_a_new_version_is_sent_compressed_with_a_new_etag(app, table):
    table.start("rummy500", ["Ann", "Ben"])
    assert table.play(HAND).status_code == 302
    with app.app_context():
        view = db.session.execute(select(GameSession.view_token)).scalar_one()
    board, zipped = f"/s/{view}", {"Accept-Encoding": "gzip"}
    first = phone(app).get(board, headers=zipped)
    assert table.play(HAND).status_code == 302
    after = phone(app).get(board, headers=zipped)
    assert after.headers["Content-Encoding"] == "gzip" and after.headers["ETag"] != first.headers["ETag"]
    assert gzip.decompress(after.data) == phone(app).get(board).data != gzip.decompress(first.data)


def test_the_edit_links_scoreboard_is_compressed_without_an_etag(table):
    table.start("rummy500", ["Ann", "Ben"])
    # the edit link's page carries the visitor's own form tokens: never kept, compressed for each answer
    for _ in range(2):
        answer = table.client.get(table.url, headers={"Accept-Encoding": "gzip"})
        assert answer.headers["Content-Encoding"] == "gzip" and "ETag" not in answer.headers
        assert b"Enter hand" in gzip.decompress(answer.data)
