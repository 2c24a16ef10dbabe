"""Sharing a session: QR codes phones can scan, links that can be replaced, and live updates by polling."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sqlalchemy import select

from scorekeeper import security
from scorekeeper.extensions import db
from scorekeeper.models import GameSession

HAND = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}


def tokens(app, edit_token: str) -> tuple[str, str]:
    """(view token, edit token) of the session opened by `edit_token`, read from the database."""
    with app.app_context():
        gs = db.session.execute(select(GameSession).where(GameSession.edit_token == edit_token)).scalar_one()
        return gs.view_token, gs.edit_token


def share_card(page: str, kind: str) -> str:
    """The HTML of the Share panel's card for the view or edit link."""
    found = re.search(rf'<section class="share-card" data-share="{kind}".*?</section>', page, re.S)
    assert found, f"the page has no {kind} link card"
    return found.group(0)


def opened_panel(client, page: str, **request) -> str:
    """The Share panel's links as the scoreboard shows them once opened (fetched then, from its data-panel)."""
    found = re.search(r'<details class="panel share-panel" id="share" data-panel="([^"]+)"', page)
    assert found, "the scoreboard has no Share panel"
    answer = client.get(html.unescape(found.group(1)), **request)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def shown_url(card: str) -> str:
    """The address a share card shows as text (to copy)."""
    return html.unescape(re.search(r'class="share-url" type="text" readonly value="([^"]*)"', card).group(1))


def decode_qr(card: str, tmp_path: Path) -> str:
    """Decode the card's inline SVG QR code like a phone would: render it to pixels, scan it with zbar."""
    svg = re.search(r"<svg.*?</svg>", card, re.S).group(0)
    source, png = tmp_path / "qr.svg", tmp_path / "qr.png"
    source.write_text(svg, encoding="utf-8")
    subprocess.run(["rsvg-convert", "--width", "400", "--output", str(png), str(source)], check=True)
    scan = subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True, check=True)
    return scan.stdout.strip()


@pytest.fixture
def game(table):
    """A two-player 500 Rum game, freshly started (the Table helper holds its edit link)."""
    table.start("rummy500", ["Ann", "Ben"])
    return table


def serve_on_lan(app, url: str) -> None:
    """As `scorekeeper serve --lan` does: the app knows its LAN address and answers to it."""
    app.config["LAN_URLS"] = [url]
    security.trust_hosts(app)


needs_decoder = pytest.mark.skipif(
    not (shutil.which("rsvg-convert") and shutil.which("zbarimg")),
    reason="make test-setup installs librsvg2-bin and zbar-tools",
)


@needs_decoder
@pytest.mark.parametrize("kind", ["view", "edit"])
def test_qr_code_decodes_to_exactly_the_link(game, app, tmp_path, kind):
    view, edit = tokens(app, game.token)
    serve_on_lan(app, "http://192.0.2.2:5000")
    page = game.client.get(game.url, base_url="http://192.0.2.2:5000").get_data(as_text=True)
    card = share_card(opened_panel(game.client, page, base_url="http://192.0.2.2:5000"), kind)
    expected = f"http://192.0.2.2:5000/s/{view if kind == 'view' else edit}"
    assert shown_url(card) == expected
    assert decode_qr(card, tmp_path) == expected


@needs_decoder
def test_the_share_panel_offers_each_player_a_qr_code_to_enter_their_own_cards(game, app, tmp_path):
    _, edit = tokens(app, game.token)
    serve_on_lan(app, "http://192.0.2.2:5000")
    page = game.client.get(game.url, base_url="http://192.0.2.2:5000").get_data(as_text=True)
    card = share_card(opened_panel(game.client, page, base_url="http://192.0.2.2:5000"), "own")
    expected = f"http://192.0.2.2:5000/s/{edit}/my-hand"
    assert "Enter my own cards" in card and shown_url(card) == expected
    assert decode_qr(card, tmp_path) == expected
    # no "Replace" of its own: it goes with the edit link
    assert "Replace" not in card
    # a phone that scans it is asked who it is, each name one tap away
    joined = game.client.get(expected.removeprefix("http://192.0.2.2:5000"), base_url="http://192.0.2.2:5000")
    assert joined.status_code == 200 and html.unescape(joined.get_data(as_text=True)).count("my-hand?seat=") >= 2


def test_a_view_link_is_never_offered_the_own_cards_page(game, app):
    view, _ = tokens(app, game.token)
    panel = game.client.get(f"/s/{view}/share").get_data(as_text=True)
    assert 'data-share="own"' not in panel and "my-hand" not in panel


@needs_decoder
def test_public_url_wins_over_the_request_address(databases, tmp_path):
    app = databases.app("p", WTF_CSRF_ENABLED=False, PUBLIC_URL="http://192.168.1.20:5000/")
    client = app.test_client()
    url = client.post("/new/gin", data={"players-0": "Fay", "players-1": "Gus"}).headers["Location"]
    view, _ = tokens(app, url.rsplit("/", 1)[1])
    page = client.get(url).get_data(as_text=True)
    card = share_card(opened_panel(client, page), "view")
    assert decode_qr(card, tmp_path) == f"http://192.168.1.20:5000/s/{view}"
    assert "Phones cannot open these codes" not in page
    with app.app_context():
        db.engine.dispose()


def test_share_panel_on_localhost_explains_how_to_serve_on_the_network(game):
    page = game.page()  # the test client asks for http://localhost/
    assert "Phones cannot open these codes yet" in page
    assert "make run-lan" in page and "scorekeeper serve --lan" in page
    serve_on_lan(game.app, "http://192.0.2.2:5000")
    lan_page = game.client.get(game.url, base_url="http://192.0.2.2:5000").get_data(as_text=True)
    assert "Phones cannot open these codes yet" not in lan_page


def test_share_panel_on_localhost_links_to_the_lan_addresses_serve_printed(game, app):
    app.config["LAN_URLS"] = ["http://192.0.2.2:5000"]
    page = game.client.get(f"{game.url}/share").get_data(as_text=True)
    assert f'href="http://192.0.2.2:5000/s/{game.token}/share"' in page


def test_view_link_page_is_read_only_and_never_shows_the_edit_token(game, app):
    assert game.play(HAND).status_code == 302
    view, edit = tokens(app, game.token)
    for path in (f"/s/{view}", f"/s/{view}/share", f"/s/{view}/share?fragment=1", f"/s/{view}/live"):
        response = game.client.get(path)
        assert response.status_code == 200, path
        text = response.get_data(as_text=True)
        assert edit not in text, path
        assert "/hands/" not in text and 'method="post"' not in text, path
    page = game.client.get(f"/s/{view}").get_data(as_text=True)
    assert 'data-share="edit"' not in page and "Read-only link" in page
    assert f"/s/{view}/share/view/renew" not in page
    panel = opened_panel(game.client, page)
    assert 'data-share="view"' in panel and 'data-share="edit"' not in panel
    assert f"/s/{view}/share/view/renew" not in panel


def test_the_scoreboard_carries_no_qr_code_until_its_share_panel_is_opened(game):
    page = game.page()
    assert "<svg" not in page.split('id="share"', 1)[1].split("</details>", 1)[0]
    assert 'class="qr-code"' not in page
    # opened, the panel fetches the links' cards (and the own-cards page's); without JavaScript its link leads to them
    panel = opened_panel(game.client, page)
    assert panel.count('class="qr-code"') == 3 and 'data-share="edit"' in panel
    assert f'<a href="{game.url}/share">Show the QR codes and links</a>' in page
    assert game.client.get(f"{game.url}/share").get_data(as_text=True).count('class="qr-code"') == 3


def test_names_show_as_text_on_share_and_live_pages(table, app):
    table.start("rummy500", ["<script>alert(1)</script>", "Ben"])
    view, _ = tokens(app, table.token)
    for path in (table.url, f"{table.url}/share", f"/s/{view}", f"/s/{view}/share"):
        text = table.client.get(path).get_data(as_text=True)
        assert "<script>alert(1)</script>" not in text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, path
    fragment = table.client.get(f"/s/{view}/live").get_json()["html"]
    assert "<script>alert(1)</script>" not in fragment
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in fragment


def test_polling_answers_304_with_no_body_until_the_game_changes(game, app):
    view, _ = tokens(app, game.token)
    first = game.client.get(f"/s/{view}/live")
    assert first.status_code == 200
    version = first.get_json()["version"]
    unchanged = game.client.get(f"/s/{view}/live?v={version}")
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["Cache-Control"] == "no-store"

    assert game.play(HAND).status_code == 302
    changed = game.client.get(f"/s/{view}/live?v={version}")
    assert changed.status_code == 200
    news = changed.get_json()
    assert news["version"] > version and news["hands"] == 1
    assert re.search(r'data-total-for="Ann" data-total="40"', news["html"])
    assert re.search(r'data-total-for="Ben" data-total="-10"', news["html"])
    assert game.client.get(f"/s/{view}/live?v={news['version']}").status_code == 304


def test_edit_link_pages_follow_live_too_with_their_edit_controls(game):
    assert game.play(HAND).status_code == 302
    news = game.client.get(f"{game.url}/live?v=0").get_json()
    assert f"{game.url}/hands/" in news["html"]


def test_pages_of_a_session_poll_every_few_seconds(game, app):
    view, _ = tokens(app, game.token)
    page = game.client.get(f"/s/{view}").get_data(as_text=True)
    interval = int(re.search(r'data-interval="(\d+)"', page).group(1))
    assert 2000 <= interval <= 3000
    assert f'data-live-url="/s/{view}/live"' in page
    # the live script, under its content-hashed name (scorekeeper/assets.py)
    assert re.search(r'<script type="module" src="/static/js/live\.[0-9a-f]{12}\.js" fetchpriority="low">', page)


def test_a_host_can_ask_phones_to_poll_less_often(databases):
    # SCOREKEEPER_LIVE_POLL_MS: the scoreboard's live poll and the players' own-part pages ask at that pace
    app = databases.app("slow", WTF_CSRF_ENABLED=False, LIVE_POLL_MS=6000)
    client = app.test_client()
    url = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben"}).headers["Location"]
    assert 'data-interval="6000"' in client.get(url).get_data(as_text=True)
    own = client.get(f"{url}/my-hand?seat=1").get_data(as_text=True)
    assert re.search(r'id="draft-status"[^>]*data-interval="6000"', own, re.S)


def test_renewing_the_view_link_stops_the_old_one(game, app):
    old_view, edit = tokens(app, game.token)
    confirm = game.client.get(f"{game.url}/share/view/renew")
    assert confirm.status_code == 200 and "Replace the view link?" in confirm.get_data(as_text=True)
    response = game.client.post(f"{game.url}/share/view/renew")
    assert response.status_code == 302 and response.headers["Location"] == f"/s/{edit}/share"
    new_view, same_edit = tokens(app, edit)
    assert new_view != old_view and same_edit == edit
    assert game.client.get(f"/s/{old_view}").status_code == 404
    assert game.client.get(f"/s/{old_view}/live?v=1").status_code == 404
    assert game.client.get(f"/s/{new_view}").status_code == 200
    assert new_view in game.client.get(f"/s/{edit}/share").get_data(as_text=True)


def test_renewing_the_edit_link_moves_this_device_to_the_new_one(game, app):
    view, old_edit = tokens(app, game.token)
    response = game.client.post(f"/s/{old_edit}/share/edit/renew")
    assert response.status_code == 302
    new_edit = response.headers["Location"].split("/")[2]
    assert response.headers["Location"] == f"/s/{new_edit}/share" and new_edit != old_edit
    assert tokens(app, new_edit) == (view, new_edit)
    # the old edit link is dead for reading and for writing
    assert game.client.get(f"/s/{old_edit}").status_code == 404
    before = game.counts()
    assert game.client.post(f"/s/{old_edit}/hands/new", data=game.hand_form(HAND)).status_code == 404
    assert game.counts() == before
    game.url = f"/s/{new_edit}"
    assert game.play(HAND).status_code == 302


def test_only_the_edit_link_can_replace_links(game, app):
    view, edit = tokens(app, game.token)
    for kind in ("view", "edit"):
        assert game.client.get(f"/s/{view}/share/{kind}/renew").status_code == 403
        assert game.client.post(f"/s/{view}/share/{kind}/renew").status_code == 403
    assert tokens(app, edit) == (view, edit)
    assert game.client.post(f"/s/{edit}/share/other/renew").status_code == 404


def test_renewing_a_link_needs_the_csrf_token(databases):
    app = databases.app("c")
    client = app.test_client()
    page = client.get("/new/gin").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    url = client.post("/new/gin", data={"players-0": "Fay", "players-1": "Gus", "csrf_token": csrf}).headers["Location"]
    edit = url.rsplit("/", 1)[1]
    before = tokens(app, edit)
    assert client.post(f"{url}/share/view/renew").status_code == 400
    assert tokens(app, edit) == before
    confirm = client.get(f"{url}/share/view/renew").get_data(as_text=True)
    form_csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', confirm).group(1)
    assert client.post(f"{url}/share/view/renew", data={"csrf_token": form_csrf}).status_code == 302
    assert tokens(app, edit)[0] != before[0]
    with app.app_context():
        db.engine.dispose()


def test_links_carry_at_least_128_random_bits(game, app):
    view, edit = tokens(app, game.token)
    # token_urlsafe: 6 bits per character
    assert len(view) * 6 >= 128 and len(edit) * 6 >= 128 and view != edit


def test_session_pages_never_send_their_address_to_other_sites(game, app):
    view, _ = tokens(app, game.token)
    for path in (game.url, f"{game.url}/share", f"/s/{view}", f"/s/{view}/live"):
        assert game.client.get(path).headers["Referrer-Policy"] == "no-referrer", path
