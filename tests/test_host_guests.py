"""The host and the guests: a device on the Wi-Fi sees only the games whose links it was given.

The test client asks as the host (127.0.0.1 on a loopback-only server) unless
a test asks as a guest: a phone on the LAN (192.168.1.50) with no cookie, or
one that holds a game's view link.
"""

from __future__ import annotations

import gzip
import re
from typing import Any

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.host.identity import HOST_COOKIE, host_key, new_host_key
from scorekeeper.models import GameSession, Hand, Player
from tests.test_history_games import SAMPLES, store_sample

LAN = {"REMOTE_ADDR": "192.168.1.50"}
HOST_ONLY = ["/sessions", "/sessions?status=finished", "/players", "/players/Ann", "/sessions/backup.json",
             "/sessions/import", "/host"]


@pytest.fixture
def games(app) -> list[dict[str, Any]]:
    """Three games with hands: each one's tokens and its first hand's id."""
    found = []
    with app.app_context():
        for game in ("rummy500", "gin", "persian"):
            gs = store_sample(SAMPLES[game], hands=2)
            db.session.commit()
            found.append({"id": gs.id, "edit": gs.edit_token, "view": gs.view_token, "hand": gs.hands[0].id})
    return found


def guest(app):
    """A phone on the LAN with no cookie."""
    client = app.test_client()
    client.environ_base.update(LAN)
    return client


def all_tokens(games: list[dict[str, Any]]) -> set[str]:
    return {g[kind] for g in games for kind in ("edit", "view")}


def urls_of_every_get_route(app, token: str, hand_id: int) -> list[str]:
    """One address per GET route of the app, with the given token and hand id filled in."""
    values = {"token": token, "hand_id": hand_id, "kind": "view", "game_id": "rummy500", "name": "Ann",
              "filename": "style.css", "key": "not-the-host-key"}
    urls = []
    with app.test_request_context():
        from flask import url_for

        for rule in app.url_map.iter_rules():
            if "GET" not in rule.methods:
                continue
            urls.append(url_for(rule.endpoint, **{arg: values[arg] for arg in rule.arguments}))
    assert len(urls) > 25
    return urls


def rows(app) -> tuple[int, int, int, int]:
    """Sessions, hands, players and the sum of versions: proof that nothing changed."""
    with app.app_context():
        return (
            db.session.scalar(select(func.count()).select_from(GameSession)),
            db.session.scalar(select(func.count()).select_from(Hand)),
            db.session.scalar(select(func.count()).select_from(Player)),
            db.session.scalar(select(func.sum(GameSession.version))),
        )


def test_a_lan_stranger_walking_every_page_finds_no_link_and_no_host_page(app, games):
    client = guest(app)
    before = rows(app)
    for url in urls_of_every_get_route(app, "no-such-token", games[0]["hand"]) + HOST_ONLY:
        response = client.get(url)
        assert response.status_code < 500, url
        body = response.get_data(as_text=True)
        response.close()
        leaked = [t for t in all_tokens(games) if t in body]
        assert not leaked, f"{url} shows a game's link to a stranger"
    for url in HOST_ONLY:
        assert client.get(url).status_code == 403, url
    assert rows(app) == before


def test_a_view_link_holder_sees_only_that_game_and_never_its_edit_link(app, games):
    held = games[1]
    client = guest(app)
    others = all_tokens(games) - {held["view"]}
    for url in urls_of_every_get_route(app, held["view"], held["hand"]) + HOST_ONLY + ["/"]:
        response = client.get(url)
        assert response.status_code < 500, url
        body = response.get_data(as_text=True)
        response.close()
        assert not [t for t in others if t in body], f"{url} shows a link the view holder was not given"
    # the device remembers the game it opened, by the link it holds
    home = client.get("/").get_data(as_text=True)
    assert f'href="/s/{held["view"]}"' in home
    assert home.count('class="session-row"') == 1


def test_pages_a_view_holder_can_reach_link_to_no_edit_page(app, games):
    held = games[0]
    client = guest(app)
    seen, queue = set(), [f"/s/{held['view']}"]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        for link in re.findall(r'(?:href|action)="(/[^"#]*)"', response.get_data(as_text=True)):
            link = link.replace("&amp;", "&")
            assert held["edit"] not in link
            assert not re.search(r"/(hands|undo|my-hand|renew|delete|archive)", link), f"{url} links to {link}"
            if not link.startswith("/static/"):
                queue.append(link)
    assert len(seen) > 5


def test_the_host_sees_every_game_player_and_backup(client, games):
    home = client.get("/").get_data(as_text=True)
    assert all(f'/s/{g["edit"]}' in home for g in games)
    for url in HOST_ONLY:
        assert client.get(url).status_code == 200, url
    backup = client.get("/sessions/backup.json").get_data(as_text=True)
    assert all(g["edit"] in backup for g in games)


def test_the_host_link_makes_a_lan_device_a_host_until_the_key_is_renewed(app, games):
    phone = guest(app)
    assert phone.get("/sessions").status_code == 403
    with app.app_context():
        key = host_key()
    assert phone.get("/host/wrong-key").status_code == 404
    response = phone.get(f"/host/{key}")
    assert response.status_code == 302
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{HOST_COOKIE}=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert phone.get("/sessions").status_code == 200
    assert all(g["edit"] in phone.get("/").get_data(as_text=True) for g in games)
    # the host page offers the link to a co-host, as text and QR code
    host_page = phone.get("/host").get_data(as_text=True)
    assert f"/host/{key}" in host_page and "<svg" in host_page

    new_host_key(app.instance_path)
    assert phone.get("/sessions").status_code == 403


def test_session_cookie_secure_makes_every_cookie_secure_not_the_session_alone(app, games):
    # an operator who sets SCOREKEEPER_SESSION_COOKIE_SECURE (say, HTTPS terminated where no header tells)
    app.config["SESSION_COOKIE_SECURE"] = True
    phone = guest(app)
    with app.app_context():
        key = host_key()
    cookies = phone.get(f"/host/{key}").headers.getlist("Set-Cookie")
    cookies += phone.get(f"/s/{games[0]['edit']}/my-hand?seat=1").headers.getlist("Set-Cookie")
    names = {cookie.split("=", 1)[0] for cookie in cookies}
    assert {HOST_COOKIE, "session"} <= names and any(name.startswith("sk_me_") for name in names), names
    assert all("; Secure" in cookie for cookie in cookies), cookies


def test_a_guest_never_sees_the_host_link(app, games):
    with app.app_context():
        key = host_key()
    client = guest(app)
    for url in ["/", "/new", "/check", "/rules", f"/s/{games[0]['edit']}", f"/s/{games[0]['edit']}/share"]:
        assert key not in client.get(url).get_data(as_text=True), url


def test_leaving_host_rights_makes_the_device_a_guest(app, games):
    phone = guest(app)
    with app.app_context():
        key = host_key()
    phone.get(f"/host/{key}")
    assert phone.post("/host/leave").status_code == 302
    assert phone.get("/sessions").status_code == 403


def test_a_request_through_a_proxy_is_not_the_host_even_from_loopback(client):
    assert client.get("/players").status_code == 200
    assert client.get("/players", headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 403


def test_loopback_is_a_guest_unless_the_server_listens_on_loopback_only(app):
    app.config["LOOPBACK_IS_HOST"] = False
    assert app.test_client().get("/sessions").status_code == 403


def test_the_guest_nav_offers_what_a_guest_may_use(app):
    nav = guest(app).get("/").get_data(as_text=True).split("</nav>")[0]
    assert "/check" in nav and "/rules" in nav and "/new" in nav
    assert "/sessions" not in nav and "/players" not in nav and "/host" not in nav


def test_a_guest_can_start_a_game_and_finds_it_on_its_home_page(app):
    client = guest(app)
    created = client.post("/new/gin", data={"players-0": "Fay", "players-1": "Gus"})
    assert created.status_code == 302
    client.get(created.headers["Location"])
    home = client.get("/").get_data(as_text=True)
    assert created.headers["Location"] in home
    assert "Fay, Gus" in home


def test_host_key_command_prints_and_renews_the_host_link(app, runner, monkeypatch):
    from scorekeeper.cli import main

    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", app.instance_path)
    with app.app_context():
        key = host_key()
    shown = runner.invoke(main, ["host-key"])
    assert shown.exit_code == 0 and f"/host/{key}" in shown.output
    renewed = runner.invoke(main, ["host-key", "--new"])
    assert renewed.exit_code == 0 and key not in renewed.output
    with app.app_context():
        assert host_key() != key and f"/host/{host_key()}" in renewed.output


def test_links_opened_while_host_are_not_kept_on_the_device_after_host_rights_end(app, games):
    phone = guest(app)
    with app.app_context():
        key = host_key()
    phone.get(f"/host/{key}")
    for game in games:
        phone.get(f"/s/{game['edit']}")
    new_host_key(app.instance_path)
    home = phone.get("/").get_data(as_text=True)
    assert not [g for g in games if g["edit"] in home]


def test_leaving_host_rights_forgets_the_games_the_device_opened(app, games):
    phone = guest(app)
    phone.get(f"/s/{games[0]['view']}")
    with app.app_context():
        key = host_key()
    phone.get(f"/host/{key}")
    phone.post("/host/leave")
    assert games[0]["view"] not in phone.get("/").get_data(as_text=True)


def test_a_guest_is_offered_no_player_names_from_other_games(app, client, games):
    assert "Ann" in client.get("/new/rummy500").get_data(as_text=True)
    page = guest(app).get("/new/rummy500").get_data(as_text=True)
    assert "<option value=\"Ann\"" not in page and ">Ann<" not in page


def test_a_guests_cookie_is_renewed_at_its_first_look_of_a_day_not_with_every_answer(app, games, monkeypatch):
    from datetime import timedelta

    from scorekeeper.host import devices

    phone = guest(app)
    url = f"/s/{games[0]['view']}"
    first = phone.get(url)
    assert "Expires=" in first.headers["Set-Cookie"]
    # the same day: the page and its polls send no cookie again
    assert "Set-Cookie" not in phone.get(url).headers
    assert "Set-Cookie" not in phone.get(f"{url}/live?v=0").headers
    # the next day, the first look renews it for as long again, with the same games
    later = devices.utcnow() + timedelta(days=1)
    monkeypatch.setattr(devices, "utcnow", lambda: later)
    renewed = phone.get(url)
    assert "Expires=" in renewed.headers["Set-Cookie"] and renewed.headers["Set-Cookie"] != first.headers["Set-Cookie"]
    assert "Set-Cookie" not in phone.get(url).headers
    assert f'href="{url}"' in phone.get("/").get_data(as_text=True)


def test_a_message_shown_to_one_guest_is_never_kept_in_the_page_other_phones_get(app, games):
    url = f"/s/{games[0]['view']}"
    told = guest(app)
    with told.session_transaction() as session:
        session["_flashes"] = [("message", "Your part of hand 3 is sent.")]
    assert "Your part of hand 3 is sent." in told.get(url).get_data(as_text=True)
    # the next phone, plain or compressed, and the same phone again: the page without the message
    for headers in ({}, {"Accept-Encoding": "gzip"}):
        other = guest(app).get(url, headers=headers)
        page = gzip.decompress(other.data) if other.headers.get("Content-Encoding") == "gzip" else other.data
        assert other.status_code == 200 and games[0]["view"].encode() in page
        assert "Your part of hand 3 is sent." not in page.decode()
    assert "Your part of hand 3 is sent." not in told.get(url).get_data(as_text=True)
