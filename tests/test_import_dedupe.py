"""Importing a game already held: the same export twice, or an export of a game this database holds, writes nothing."""

from __future__ import annotations

import json
import re

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from tests.test_backup_roundtrip import cli, empty_app, fresh_app, upload  # noqa: F401 (empty_app: a fixture)
from tests.test_history_games import SAMPLES, store_sample


def exported(app, game: str = "rummy500") -> bytes:
    """The review page's JSON export of a stored sample: a single session, shared without its links."""
    with app.app_context():
        gs = store_sample(SAMPLES[game])
        db.session.commit()
        token = gs.view_token
    response = app.test_client().get(f"/s/{token}/export.json")
    assert response.status_code == 200
    return response.data


def session_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(GameSession))


def flashed(client, response) -> str:
    assert response.status_code == 302, response.get_data(as_text=True)
    return client.get(response.headers["Location"]).get_data(as_text=True)


def played(client, name: str) -> int:
    """How many sessions the player's page says they played."""
    page = client.get(f"/players/{name}").get_data(as_text=True)
    return int(re.search(r'data-played="(\d+)"', page).group(1))


def test_an_export_names_its_game_by_a_key_that_is_no_link(app):
    body = json.loads(exported(app))
    with app.app_context():
        gs = db.session.execute(select(GameSession)).scalars().one()
        links = (gs.edit_token, gs.view_token)
    key = body["metadata"]["game_key"]
    assert "edit_token" not in body["metadata"] and "view_token" not in body["metadata"]
    assert all(key not in link and link not in key for link in links)


def test_importing_the_same_export_twice_keeps_one_copy_and_counts_its_players_once(app, empty_app):
    data = exported(app)
    client = empty_app.test_client()
    assert "Restored 1 session." in flashed(client, upload(client, data))
    assert played(client, "Ann") == 1
    again = flashed(client, upload(client, data))
    assert "Restored 0 sessions. 1 already here (the same game) left as it is." in again
    assert session_count(empty_app) == 1
    assert played(client, "Ann") == 1 and played(client, "Ben") == 1


def test_an_export_of_a_game_held_here_is_already_here(app, client):
    data = exported(app)
    assert "1 already here" in flashed(client, upload(client, data))
    assert session_count(app) == 1


def test_an_export_of_an_imported_copy_is_the_same_game_back_home(app, client, empty_app):
    other = empty_app.test_client()
    flashed(other, upload(other, exported(app)))
    with empty_app.app_context():
        copy = db.session.execute(select(GameSession)).scalars().one().view_token
    back = other.get(f"/s/{copy}/export.json").data
    assert "1 already here" in flashed(client, upload(client, back))
    assert session_count(app) == 1


def test_an_export_made_before_exports_named_their_game_is_still_imported_once(app, empty_app):
    body = json.loads(exported(app, "gin"))
    del body["metadata"]["game_key"]
    client = empty_app.test_client()
    assert "Restored 1 session." in flashed(client, upload(client, json.dumps(body)))
    assert "1 already here" in flashed(client, upload(client, json.dumps(body)))
    assert session_count(empty_app) == 1
    # a different game with the same players is a game of its own
    body["hands"] = body["hands"][:2]
    body["metadata"]["hands_entered_at"] = body["metadata"]["hands_entered_at"][:2]
    assert "Restored 1 session." in flashed(client, upload(client, json.dumps(body)))


def test_the_command_line_imports_the_same_export_once(app, databases, tmp_path):
    export = tmp_path / "game.json"
    export.write_bytes(exported(app, "persian"))
    first = cli(databases.url("other"), "import", str(export))
    assert first.exit_code == 0, first.output
    assert first.output == "Restored 1 session.\n"
    second = cli(databases.url("other"), "import", str(export))
    assert second.exit_code == 0, second.output
    assert second.output == "Restored 0 sessions. 1 already here (the same game) left as it is.\n"
    assert session_count(fresh_app(databases, "other")) == 1


def test_a_game_key_that_is_not_one_is_refused(app, client):
    body = json.loads(exported(app))
    body["metadata"]["game_key"] = "not a key"
    response = upload(client, body)
    assert response.status_code == 422
    assert "`game_key` is not a Scorekeeper game key" in response.get_data(as_text=True)
    assert session_count(app) == 1
