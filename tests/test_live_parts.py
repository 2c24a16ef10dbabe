"""A live update carries every part of the scoreboard page that changed, as a fresh load of the page shows it.

The phone (static/js/live.js) puts each part (`parts`: element id -> content) in the page's
element of that id; with the scoreboard fragment, that makes its page the page a reload would show.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.tables.table import Table
from tests.test_share import tokens

WIN = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}
# CSRF tokens are the visitor's own and signed at each answer: the same form, whatever their value
CSRF = re.compile(r'(name="csrf_token" type="hidden" value=)"[^"]*"')


def inner(page: str, element_id: str) -> str:
    """The content of the page's element with that id (elements of its own tag inside it counted)."""
    start = re.search(rf'<(\w+)[^>]* id="{element_id}"[^>]*>', page)
    assert start, f"the page has no #{element_id}"
    tag, depth, at = start.group(1), 1, start.end()
    for found in re.finditer(rf"<(/?){tag}[\s>]", page[at:]):
        depth += -1 if found.group(1) else 1
        if not depth:
            return page[at:at + found.start()]
    raise AssertionError(f"#{element_id} is never closed")


def same(html: str) -> str:
    """HTML with its CSRF tokens' values and the white space between tags left out."""
    return re.sub(r">\s+<", "><", CSRF.sub(r"\1-", html)).strip()


def parts_since(client, url: str, version: int) -> tuple[int, dict[str, str]]:
    """The new version and the parts a phone at `version` is sent."""
    answer = client.get(f"{url}/live?v={version}")
    assert answer.status_code == 200
    news = answer.get_json()
    return news["version"], news["parts"]


def assert_as_a_fresh_load(client, url: str, parts: dict[str, str]) -> None:
    """Each part is the content of its element on the page a fresh load shows."""
    page = client.get(url).get_data(as_text=True)
    for element_id, html in parts.items():
        assert same(html) == same(inner(page, element_id)), element_id


def hidden_fields(html: str) -> dict[str, str]:
    """The hidden fields of a form, name -> value."""
    fields = [re.findall(r'(name|value)="([^"]*)"', tag) for tag in re.findall(r'<input[^>]*type="hidden"[^>]*>', html)]
    return {dict(found)["name"]: dict(found).get("value", "") for found in fields}


@pytest.fixture
def almost_won(table):
    """A 500 Rum game to 100 between Ann and Ben: Ann needs one more hand of 40."""
    table.start("rummy500", ["Ann", "Ben"], target=100)
    for _ in range(2):
        assert table.play(WIN).status_code == 302
    return table


def test_the_winning_hand_and_its_undo_reach_an_edit_link_with_the_buttons_a_fresh_load_shows(almost_won, app):
    table = almost_won
    version, parts = parts_since(table.client, table.url, 0)
    assert "Enter hand 3" in parts["game-actions"] and "Rematch" not in parts["game-actions"]

    assert table.play(WIN).status_code == 302  # the winning hand, from another phone
    version, parts = parts_since(table.client, table.url, version)
    actions, result = parts["game-actions"], parts["game-result"]
    # the result at the top of the page, with what a table does next
    assert "Ann wins!" in result and "Review the game" in result
    assert re.search(r'<button class="button primary" type="submit">Rematch</button>', result)
    assert "Rematch" not in actions
    for words in ("Fix hand 3", "Undo hand 3", "Playing on?"):
        assert words in actions, words
    assert 'class="button primary" href' not in actions  # no button enters a hand
    assert "Rematch" not in parts["review-actions"]  # offered at the top once won
    assert "Hand 3" in parts["entered-hands"]
    assert_as_a_fresh_load(table.client, table.url, parts)

    [*_, last] = table.hand_ids()
    assert table.client.post(f"{table.url}/undo", data={"hand_id": last}).status_code == 302
    _, parts = parts_since(table.client, table.url, version)
    actions = parts["game-actions"]
    assert re.search(r'<a class="button primary" href="[^"]+/hands/new">Enter hand 3</a>', actions)
    assert "Put it back" in actions and "Playing on?" not in actions and ">Rematch<" not in actions
    assert parts["game-result"].strip() == ""
    assert "Rematch: same game" in parts["review-actions"]
    assert "Hand 3" not in parts["entered-hands"]
    assert_as_a_fresh_load(table.client, table.url, parts)


def test_a_view_link_is_sent_its_parts_with_no_editing_control(almost_won, app):
    table = almost_won
    view, edit = tokens(app, table.token)
    version, _ = parts_since(table.client, f"/s/{view}", 0)
    assert table.play(WIN).status_code == 302
    _, parts = parts_since(table.client, f"/s/{view}", version)
    assert set(parts) == {"session-header", "entered-hands", "game-result"}
    assert "Read-only link" in parts["session-header"] and "Hand 3" in parts["entered-hands"]
    assert "Ann wins!" in parts["game-result"] and "Review the game" in parts["game-result"]
    for html in parts.values():
        assert edit not in html and "<form" not in html and "Undo" not in html
    assert_as_a_fresh_load(table.client, f"/s/{view}", parts)


def test_a_renamed_player_reaches_the_heading_of_a_following_phone(almost_won, app):
    table = almost_won
    version, _ = parts_since(table.client, table.url, 0)
    with app.app_context():
        Table.open(table.token).rename_player("Ben", "Benedict")
    _, parts = parts_since(table.client, table.url, version)
    assert "Ann · Benedict" in parts["session-header"]


def test_the_forms_an_edit_link_is_sent_carry_a_csrf_token_that_saves(databases):
    app = databases.app("csrf-on")
    client = app.test_client()
    page = client.get("/new/rummy500").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    started = client.post("/new/rummy500", data={"csrf_token": token, "players-0": "Ann", "players-1": "Ben"})
    url = started.headers["Location"]
    version = client.get(f"{url}/live").get_json()["version"]
    page = client.get(f"{url}/hands/new?mode=points").get_data(as_text=True)
    form = hidden_fields(page)
    form.update({"mode": "points", "ended": "went_out", "went_out": "Ann", "points-0": "40", "points-1": "-10"})
    assert client.post(f"{url}/hands/new", data=form).status_code == 302

    _, parts = parts_since(client, url, version)
    undo = re.search(r'<form method="post" action="([^"]+/undo)".*?</form>', parts["game-actions"], re.S)
    fields = hidden_fields(undo.group(0))
    assert fields["csrf_token"] and fields["hand_id"]
    assert client.post(undo.group(1), data=fields).status_code == 302
    assert "Hand 1 removed" in client.get(url).get_data(as_text=True)


def test_a_phone_that_says_which_rows_it_holds_is_sent_the_entries_from_its_last_row_on(almost_won):
    table = almost_won
    page = table.page()
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    position, key = re.findall(r'<tr id="hand-(\d+)"[^>]* data-key="(\w+)"', page)[-1]
    assert table.play(WIN).status_code == 302
    news = table.client.get(f"{table.url}/live?v={version}&rows={position}.{key}").get_json()
    assert news["rows"]["first"] == 1 and news["rows"]["after"] == 2
    # the phone keeps its entry of hand 1; its entry of hand 2 showed that hand's cards, as the last one's does,
    # and is sent again as an earlier hand's
    assert re.findall(r'data-hand="(\d+)"', news["parts"]["entered-hands"]) == ["2", "3"]
