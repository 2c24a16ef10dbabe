"""Headers on every answer, the host names the app answers to, and bad input that never becomes a 500."""

from __future__ import annotations

import json

import pytest

from scorekeeper import security
from scorekeeper.extensions import db
from scorekeeper.history.listing import rows_for
from scorekeeper.models import GameSession
from tests.test_history_games import SAMPLES, store_sample


@pytest.fixture
def game(app) -> dict:
    """A 500 Rum game with two hands: its tokens and hand ids."""
    with app.app_context():
        gs = store_sample(SAMPLES["rummy500"], hands=2)
        db.session.commit()
        return {"edit": gs.edit_token, "view": gs.view_token, "hands": [h.id for h in gs.hands], "id": gs.id}


def test_every_page_carries_a_strict_content_security_policy(client, game):
    for url in ["/", "/new", "/check", f"/s/{game['edit']}", f"/s/{game['view']}/review", "/nowhere"]:
        headers = client.get(url).headers
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy, url
        for rule in ("frame-ancestors 'none'", "form-action 'self'", "base-uri 'none'"):
            assert rule in policy, url
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Frame-Options"] == "DENY"


def test_pages_of_a_game_and_json_answers_are_never_cached_or_indexed(client, game):
    token = game["view"]
    answers = [client.get(url) for url in (f"/s/{game['edit']}", f"/s/{token}/review", f"/s/{token}/live",
                                            f"/s/{token}/export.json")]
    answers.append(client.post("/api/v1/melds/check", json={"cards": "7H 8H 9H"}))
    for response in answers:
        assert response.headers["Cache-Control"] == "no-store", response.request.path
        assert response.headers["X-Robots-Tag"] == "noindex", response.request.path
    # the view link's scoreboard: kept by the browser alone (never a shared cache), asked about before each use
    view = client.get(f"/s/{token}")
    assert view.headers["Cache-Control"] == "private, no-cache" and view.headers["ETag"]
    assert view.headers["X-Robots-Tag"] == "noindex"


def test_a_view_links_scoreboard_is_revalidated_and_changes_with_the_game(client, app, game):
    url = f"/s/{game['view']}"
    first = client.get(url)
    etag = first.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag and again.headers["Cache-Control"] == "private, no-cache"
    # compressed, its ETag names the encoding, and asking with that one is answered 304 too
    zipped = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["ETag"] != etag
    assert client.get(url, headers={"If-None-Match": zipped.headers["ETag"]}).status_code == 304
    # another address (another QR code in the page), or the game changed: a new page
    elsewhere = client.get(url, base_url="http://127.0.0.1:5000", headers={"If-None-Match": etag})
    assert elsewhere.status_code == 200 and elsewhere.headers["ETag"] != etag
    with app.app_context():
        db.session.get(GameSession, game["id"]).touch()
        db.session.commit()
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    # the edit link's page carries this visitor's CSRF token: never kept, never revalidated
    edit = client.get(f"/s/{game['edit']}", headers={"If-None-Match": etag})
    assert edit.status_code == 200 and "ETag" not in edit.headers and edit.headers["Cache-Control"] == "no-store"


def test_the_session_cookie_is_samesite_lax(client):
    response = client.post("/new/gin", data={"players-0": "Fay", "players-1": "Gus"})
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies and all("SameSite=Lax" in cookie and "HttpOnly" in cookie for cookie in cookies)


def test_the_pages_use_no_inline_script_or_style(client, game):
    for url in ["/", f"/s/{game['edit']}", f"/s/{game['edit']}/hands/new", f"/s/{game['edit']}/review",
                f"/s/{game['edit']}/share", "/check"]:
        page = client.get(url).get_data(as_text=True)
        assert " style=" not in page and " onclick=" not in page, url
        for script in page.split("<script")[1:]:
            head, _, rest = script.partition(">")
            assert "src=" in head or "application/json" in head, f"{url} has inline script"


def test_an_unknown_host_name_is_refused_and_never_reaches_a_qr_code(client, game):
    response = client.get(f"/s/{game['edit']}/share", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "evil.example" not in response.get_data(as_text=True)
    assert client.get("/", headers={"Host": "localhost:5000"}).status_code == 200
    assert client.get("/", headers={"Host": "127.0.0.1:5000"}).status_code == 200


def test_public_url_lan_addresses_and_allowed_hosts_are_answered(app, game):
    app.config.update(PUBLIC_URL="https://scores.example.org", LAN_URLS=["http://192.168.1.20:5000"],
                      ALLOWED_HOSTS="table.lan, .home.arpa")
    security.trust_hosts(app)
    client = app.test_client()
    for host in ("scores.example.org", "192.168.1.20:5000", "table.lan", "kitchen.home.arpa"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    assert client.get("/", headers={"Host": "192.168.1.21:5000"}).status_code == 400


@pytest.mark.parametrize("endpoint", ["/api/v1/melds/check", "/api/v1/score", "/api/v1/gin/arrange"])
def test_json_nested_too_deeply_is_a_400_with_a_reason(client, endpoint):
    body = "[" * 100_000 + "]" * 100_000
    response = client.post(endpoint, data=body, content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.get_json()


@pytest.mark.parametrize("endpoint", ["/api/v1/melds/check", "/api/v1/score"])
def test_json_nested_just_readable_is_still_answered_without_a_500(client, endpoint):
    body = {"cards": json.loads("[" * 500 + "]" * 500)} if "melds" in endpoint else json.loads("[" * 500 + "]" * 500)
    response = client.post(endpoint, json=body)
    assert response.status_code in (200, 400)


@pytest.mark.parametrize("hand_id", [2**31, 2**63, 9223372036854775808, 10**30])
def test_a_hand_id_past_what_a_database_holds_is_not_found(client, game, hand_id):
    for action in ("edit", "delete"):
        assert client.get(f"/s/{game['edit']}/hands/{hand_id}/{action}").status_code == 404


def test_huge_numbers_in_forms_and_queries_are_no_server_error(client, game):
    assert client.post(f"/s/{game['edit']}/undo", data={"hand_id": str(2**70)}).status_code < 500
    assert client.get(f"/sessions?page={10**30}").status_code == 200
    assert client.get(f"/s/{game['view']}/live?v={10**30}").status_code == 200


@pytest.mark.parametrize("url", ["/s/%00/share", "/s/abc%00def", "/sessions?player=%00", "/check?cards=7H%00",
                                 "/players/Ann%00", "/sessions?game=%00&status=finished"])
def test_a_nul_byte_in_an_address_is_a_400(client, url):
    assert client.get(url).status_code == 400


def test_a_nul_byte_in_a_form_is_refused_and_nothing_is_saved(client, app):
    response = client.post("/new/gin", data={"players-0": "Fay\x00", "players-1": "Gus"})
    assert response.status_code == 400
    with app.app_context():
        assert db.session.query(GameSession).count() == 0


def test_a_list_of_games_leaves_out_one_deleted_meanwhile(app, game):
    with app.app_context():
        keys = [(game["id"], None, 1), (10**6, None, 1)]
        rows = rows_for(keys)
        assert [row.session.id for row in rows] == [game["id"]]


@pytest.mark.parametrize("url", ["/%00", "/?a=%00", "/nowhere"])
def test_an_unknown_host_with_bad_input_too_is_still_a_plain_400(client, url):
    response = client.get(url, headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert response.mimetype == "text/plain"


def test_an_unknown_host_posting_a_too_large_form_is_no_server_error(client):
    response = client.post("/new/gin", data={"players-0": "x" * (3 * 1024 * 1024)}, headers={"Host": "evil.example"})
    assert response.status_code in (400, 413)


@pytest.mark.parametrize("data", [{"players-0": "Fay\x00", "players-1": "Gus"},
                                  {"players-0": "Fay", "players-1": "Gus", "x\x00": "1"}])
def test_a_nul_byte_in_a_multipart_form_is_refused_too(client, app, data):
    response = client.post("/new/gin", data=data, content_type="multipart/form-data")
    assert response.status_code == 400
    with app.app_context():
        assert db.session.query(GameSession).count() == 0


def test_json_nested_too_deeply_says_so(client):
    response = client.post("/api/v1/score", data="[" * 100_000 + "]" * 100_000, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.get_json()["error"]
