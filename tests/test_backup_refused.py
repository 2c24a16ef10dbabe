"""Importing a damaged or hostile file is refused with a message naming the problem, and writes nothing."""

from __future__ import annotations

import copy
import html
import io
import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorekeeper import engine
from scorekeeper.cli import main
from scorekeeper.extensions import db
from scorekeeper.history.backup import ImportRefused, read_export
from scorekeeper.models import GameSession, Hand, Player, Seat
from tests.test_history_games import SAMPLES, store_sample

GOOD = {"game": "rummy500", "options": {"target": 150}, "players": ["Ann", "Ben", "Cy"],
        "hands": SAMPLES["rummy500"].hands}


def changed(**fields) -> dict:
    """The good export with some fields replaced."""
    body = copy.deepcopy(GOOD)
    body.update(fields)
    return body


def with_hand(index: int, hand) -> dict:
    """The good export with one hand replaced."""
    body = copy.deepcopy(GOOD)
    body["hands"][index] = hand
    return body


def rows(app) -> tuple[int, ...]:
    """How many rows every table holds."""
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(m)) for m in (GameSession, Hand, Player, Seat))


def upload(client, raw: bytes):
    """Post bytes to the import form."""
    return client.post("/sessions/import", data={"file": (io.BytesIO(raw), "export.json")},
                       content_type="multipart/form-data")


BAD_FILES = {
    "not json": (b"this is not { json", "not valid JSON"),
    "binary": (b"\xff\xfe\x00\x81garbage", "not text"),
    "a list": (b"[1, 2, 3]", "must hold a JSON object"),
    "nested beyond reason": (b"[" * 100_000 + b"]" * 100_000, "nested"),
    "a number thousands of digits long": (b'{"game": ' + b"9" * 5000 + b"}", "beyond reason"),
    "unknown game": (json.dumps(changed(game="bridge")).encode(), "unknown game 'bridge'"),
    "game of the wrong type": (json.dumps(changed(game=["rummy500"])).encode(), "unknown game"),
    "players not a list": (json.dumps(changed(players="Ann, Ben")).encode(), "`players` must list"),
    "a player name that is a number": (json.dumps(changed(players=["Ann", 7, "Cy"])).encode(), "must be text, not 7"),
    "duplicate names": (json.dumps(changed(players=["Ann", "Ben", "Ann"])).encode(), "'Ann' and 'Ann' are the same player"),
    "names differing only in case": (json.dumps(changed(players=["Ann", "Ben", "ANN"])).encode(), "same player"),
    "a blank name": (json.dumps(changed(players=["Ann", " ", "Cy"])).encode(), "blank"),
    "a name too long": (json.dumps(changed(players=["Ann", "B" * 41, "Cy"])).encode(), "longer than 40"),
    # a NUL is the one character no database keeps; the form refuses it too (a tab or a zero-width joiner is fine)
    "a name with a NUL": (json.dumps(changed(players=["Ann", "Be\u0000n", "Cy"])).encode(), "cannot be stored"),
    "hands not a list": (json.dumps(changed(hands={"1": {}})).encode(), "`hands` must be a list"),
    "a hand that is a string": (json.dumps(with_hand(0, "Ann won")).encode(), "hand 1 is not a hand"),
    "points as text": (json.dumps(with_hand(1, {"ended": "went_out", "went_out": "Ben", "points": {"Ann": "12"}})).encode(),
                       "hand 2"),
    "absurd points": (json.dumps(with_hand(1, {"ended": "went_out", "went_out": "Ben", "points": {"Ann": 10**12}})).encode(),
                      "beyond any game"),
    "an illegal meld": (json.dumps(with_hand(0, {"ended": "went_out", "went_out": "Ann", "players": {
        "Ann": {"melds": ["9H 10H QH"]}, "Ben": {"in_hand": "2C"}, "Cy": {}}})).encode(), "hand 1"),
    "two players going out": (json.dumps(with_hand(1, {"ended": "went_out", "went_out": ["Ann", "Ben"], "points": {}})).encode(),
                              "only one player can go out"),
    "an unknown field in a hand": (json.dumps(with_hand(1, {"ended": "went_out", "went_out": "Ben", "points": {},
                                                            "<script>": 1})).encode(), "unknown field"),
    # red threes are Canasta's field: another game's entry does not take them
    "red threes outside canasta": (json.dumps(with_hand(0, {"ended": "went_out", "went_out": "Ann", "players": {
        "Ann": {"melds": ["9H 10H JH"], "red_threes": 1}}})).encode(), "Ann's entry has unknown field(s) red_threes"),
    "a bad option": (json.dumps(changed(options={"target": "lots"})).encode(), "target"),
    # the new-game form takes no target past 2,147,483,647: neither does an import
    "a target of 10**400": (json.dumps(changed(options={"target": 10**400})).encode(),
                            "option target: a number of 401 digits is more than 2,147,483,647"),
    "a target just past what a form takes": (json.dumps(changed(options={"target": 2**31})).encode(),
                                             "option target: 2147483648 is more than"),
    # the count is refused before any hand is scored (small hands keep the upload in memory)
    "too many hands": (json.dumps(changed(hands=[{"points": {}}] * 10_001)).encode(), "at most 10,000"),
    "a bad date": (json.dumps(changed(metadata={"created_at": "last Sunday"})).encode(), "not a date and time"),
    "a link that is not a token": (json.dumps(changed(metadata={"edit_token": "../../etc", "view_token": "x" * 20})).encode(),
                                   "not a Scorekeeper link token"),
    "a newer format": (json.dumps(changed(metadata={"format_version": 99})).encode(), "format version 99"),
    "a backup whose sessions are not a list": (json.dumps({"format": "scorekeeper-backup", "sessions": "all"}).encode(),
                                               "`sessions` must be a list"),
    # the first two sessions are fine: they must not be written either
    "a backup with one bad session last": (json.dumps({"format": "scorekeeper-backup", "format_version": 1, "sessions": [
        GOOD, changed(game="gin", players=["Ann", "Ben"], hands=[], options={}), changed(game="bridge")]}).encode(),
        "Session 3: unknown game 'bridge'"),
    "a backup giving two sessions the same link": (json.dumps({"format": "scorekeeper-backup", "sessions": [
        changed(metadata={"edit_token": "a" * 43, "view_token": "b" * 43}),
        changed(metadata={"edit_token": "a" * 43, "view_token": "c" * 43})]}).encode(), "also used by another session"),
}


@pytest.fixture
def seeded(app):
    """A database already holding a game, so that "nothing written" is tested against real rows."""
    with app.app_context():
        store_sample(SAMPLES["gin"])
    return app


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_damaged_or_hostile_upload_is_refused_and_writes_nothing(seeded, client, name):
    raw, message = BAD_FILES[name]
    before = rows(seeded)
    response = upload(client, raw)
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    assert "Nothing was imported." in page
    assert message in page
    assert rows(seeded) == before


@pytest.mark.parametrize("name", ["not json", "unknown game", "an illegal meld", "a backup with one bad session last",
                                  "a target of 10**400"])
def test_damaged_file_given_to_the_import_command_is_refused_and_writes_nothing(seeded, databases, tmp_path, name):
    raw, message = BAD_FILES[name]
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    before = rows(seeded)
    env = {"SCOREKEEPER_SQLALCHEMY_DATABASE_URI": databases.url("test")}
    result = CliRunner().invoke(main, ["import", str(path)], env=env)
    assert result.exit_code == 1
    assert "nothing was imported" in result.output and message in result.output
    assert rows(seeded) == before


def test_a_file_over_the_upload_limit_is_refused(app, client):
    app.config["HISTORY_IMPORT_MAX_BYTES"] = 10_000
    before = rows(app)
    response = upload(client, json.dumps(GOOD).encode() + b" " * 20_000)
    assert response.status_code == 422
    assert "too large" in response.get_data(as_text=True)
    assert rows(app) == before
    # far over the limit, the upload is not even read
    assert upload(client, b" " * 200_000).status_code == 413
    assert rows(app) == before


def test_a_backup_larger_than_other_uploads_may_be_imported(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 1_000
    response = upload(client, json.dumps(GOOD).encode() + b" " * 5_000)
    assert response.status_code == 302, response.get_data(as_text=True)


def test_an_upload_without_a_file_asks_for_one(app, client):
    response = client.post("/sessions/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Choose the file to import." in response.get_data(as_text=True)


def test_html_in_names_is_imported_but_shown_escaped(app, client):
    hostile = "<script>alert(1)</script>"
    body = {"game": "gin", "players": [hostile, "Ben"],
            "hands": [{"ended": "went_out", "went_out": hostile, "points": {hostile: 25, "Ben": 0}}]}
    response = upload(client, json.dumps(body).encode())
    assert response.status_code == 302
    for url in (response.headers["Location"], "/sessions", "/players", "/players/" + hostile):
        page = client.get(url).get_data(as_text=True)
        assert hostile not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**6, max_value=10**6) | st.text(max_size=12)
    | st.sampled_from(["Ann", "Ben", "Cy", "7H", "JK", "went_out", "stock_exhausted", "10H 9H", "rummy500"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["Ann", "Ben", "melds", "layoffs", "in_hand", "onto", "player", "meld", "cards", "points", "x"]),
        inner, max_size=4),
    max_leaves=12,
)


@st.composite
def damaged_exports(draw):
    """The good export with one part, at some depth, replaced by arbitrary JSON."""
    body = copy.deepcopy(GOOD)
    where = draw(st.sampled_from(["body", "game", "options", "players", "hands", "hand", "entry", "layoff", "metadata"]))
    junk = draw(json_values)
    if where == "body":
        return junk
    if where in ("hand", "entry", "layoff"):
        hand = body["hands"][0]
        if where == "hand":
            body["hands"][draw(st.integers(0, 3))] = junk
        elif where == "entry":
            hand["players"][draw(st.sampled_from(["Ann", "Ben", "Cy"]))] = junk
        else:
            hand["players"]["Ben"]["layoffs"][0] = junk
        return body
    body[where] = junk
    return body


@settings(max_examples=300, deadline=None)
@given(damaged_exports())
def test_any_damaged_export_is_read_or_refused_never_crashes(data):
    try:
        restores = read_export(data)
    except ImportRefused as exc:
        assert str(exc)
    else:
        assert all(r.game in {game.id for game in engine.VARIANTS} for r in restores)
