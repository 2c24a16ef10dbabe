"""Export and restore: a session of every game survives export then import; a full backup restores everything."""

from __future__ import annotations

import csv
import html
import io
import json
import re

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from scorekeeper.cli import main
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand, Player
from scorekeeper.tables import service
from scorekeeper.tables.table import Table
from tests.test_history_games import SAMPLES, store_sample


def fresh_app(databases, name: str):
    """Another app on the test's database `name` (the place a backup is restored into)."""
    return databases.app(name, WTF_CSRF_ENABLED=False)


@pytest.fixture
def empty_app(databases):
    """An app on a second, empty database."""
    return fresh_app(databases, "restored")


def upload(client, body: dict | bytes | str):
    """Post a file to the import form."""
    raw = body if isinstance(body, (bytes, str)) else json.dumps(body)
    raw = raw.encode() if isinstance(raw, str) else raw
    return client.post("/sessions/import", data={"file": (io.BytesIO(raw), "export.json")},
                       content_type="multipart/form-data")


def snapshot(gs: GameSession) -> dict:
    """Everything a session is: what was entered and what the engine makes of it, who dealt, who came and went."""
    return {
        "game": gs.game, "options": gs.options, "players": gs.player_names,
        "hands": [h.data for h in gs.hands], "standings": Table(gs).body,
        "dealers": Table(gs).dealer_names, "seating": service.seating_body(gs), "playing": gs.playing_names,
    }


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_export_then_import_gives_identical_hands_and_standings(app, client, empty_app, game):
    with app.app_context():
        gs = store_sample(SAMPLES[game])
        before, token = snapshot(gs), gs.edit_token
    exported = client.get(f"/s/{token}/export.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]

    response = upload(empty_app.test_client(), exported.data)
    assert response.status_code == 302, response.get_data(as_text=True)
    with empty_app.app_context():
        [restored] = db.session.execute(select(GameSession)).scalars().all()
        assert snapshot(restored) == before
        assert "error" not in before["standings"]
        # a single-session export carries no links, so the copy gets links of its own
        assert restored.edit_token != token


def test_exported_json_is_a_score_body_that_the_cli_rescores(app, client, tmp_path):
    with app.app_context():
        gs = store_sample(SAMPLES["rummy500"])
        token, standings = gs.edit_token, Table(gs).body
    path = tmp_path / "game.json"
    path.write_bytes(client.get(f"/s/{token}/export.json").data)

    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 0, result.output
    rescored = json.loads(result.output)
    assert rescored["totals"] == standings["totals"] == {"Ann": 75, "Ben": 157, "Cy": 3}
    assert rescored["winner"] == "Ben"


def cli(database: str, *args: str, input: str | None = None):
    """Run the scorekeeper command on the database at the URL `database`."""
    env = {"SCOREKEEPER_SQLALCHEMY_DATABASE_URI": database}
    return CliRunner().invoke(main, list(args), env=env, input=input)


def everything(app) -> list[dict]:
    """Every session of a database with its links, times and archive flag, oldest first."""
    with app.app_context():
        sessions = db.session.execute(select(GameSession).order_by(GameSession.created_at, GameSession.id)).scalars()
        return [
            snapshot(gs) | {
                "edit_token": gs.edit_token, "view_token": gs.view_token, "archived": gs.archived,
                "created_at": gs.created_at.replace(microsecond=0),
                "hands_entered_at": [h.created_at.replace(microsecond=0) for h in gs.hands],
            }
            for gs in sessions
        ]


def test_full_backup_restores_into_an_empty_database_with_nothing_lost(app, databases, tmp_path):
    with app.app_context():
        for game in ("rummy500", "persian", "gin", "michigan"):
            store_sample(SAMPLES[game])
        half_played = store_sample(SAMPLES["oklahoma"], hands=2)
        half_played.archived = True
        db.session.commit()
    original = everything(app)
    assert len(original) == 5

    backup = tmp_path / "backup.json"
    result = cli(databases.url("test"), "export", "--all", str(backup))
    assert result.exit_code == 0, result.output
    assert "Exported 5 sessions" in result.output

    result = cli(databases.url("restored"), "import", str(backup))
    assert result.exit_code == 0, result.output
    assert "Restored 5 sessions" in result.output

    restored = fresh_app(databases, "restored")
    assert everything(restored) == original
    # the restored links open the same games
    page = restored.test_client().get(f"/s/{original[0]['edit_token']}/review")
    assert page.status_code == 200


def test_restoring_the_same_backup_twice_adds_nothing(app, databases, tmp_path):
    with app.app_context():
        store_sample(SAMPLES["basic"])
        store_sample(SAMPLES["penalty"])
    backup = tmp_path / "backup.json"
    assert cli(databases.url("test"), "export", "--all", str(backup)).exit_code == 0

    result = cli(databases.url("test"), "import", str(backup))
    assert result.exit_code == 0, result.output
    assert "Restored 0 sessions. 2 already here" in result.output
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 2


def test_export_of_one_session_by_its_link_on_the_command_line(app, databases, tmp_path):
    with app.app_context():
        gs = store_sample(SAMPLES["gin"])
        view_token = gs.view_token
    result = cli(databases.url("test"), "export", "--session", view_token, "-")
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["game"] == "gin" and body["players"] == ["Ann", "Ben"]
    assert len(body["hands"]) == 3
    assert "edit_token" not in body["metadata"]

    assert cli(databases.url("test"), "export", "--session", "no-such-token", "-").exit_code == 2
    assert cli(databases.url("test"), "export", "-").exit_code == 2


def test_import_from_standard_input_on_the_command_line(databases):
    body = {"game": "basic", "players": ["Ann", "Ben"], "hands": SAMPLES["basic"].hands}
    result = cli(databases.url("fresh"), "import", "-", input=json.dumps(body))
    assert result.exit_code == 0, result.output
    restored = fresh_app(databases, "fresh")
    with restored.app_context():
        [gs] = db.session.execute(select(GameSession)).scalars().all()
        assert Table(gs).body["totals"] == {"Ann": 104, "Ben": 54}


def test_csv_export_has_one_row_per_hand_and_player_with_scores_and_running_totals(app, client):
    with app.app_context():
        token = store_sample(SAMPLES["rummy500"]).view_token
    response = client.get(f"/s/{token}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert len(rows) == 4 * 3
    first = {r["player"]: r for r in rows if r["hand"] == "1"}
    assert first["Ann"]["melds"] == "7H 8H 9H | KS KD KC"
    assert first["Ann"]["went_out"] == "yes"
    assert first["Ben"]["layoffs"] == "10H onto Ann meld 1"
    assert (first["Ben"]["in_hand"], first["Ben"]["score"]) == ("QS 4D", "-4")
    last = {r["player"]: int(r["total"]) for r in rows if r["hand"] == "4"}
    assert last == {"Ann": 75, "Ben": 157, "Cy": 3}
    assert {r["entered_as"] for r in rows if r["hand"] == "2"} == {"points"}


def test_csv_export_gives_persian_scores_per_partnership(app, client):
    with app.app_context():
        token = store_sample(SAMPLES["persian"]).edit_token
    rows = list(csv.DictReader(io.StringIO(client.get(f"/s/{token}/export.csv").get_data(as_text=True).lstrip("\ufeff"))))
    last = {r["player"]: (r["side"], r["total"]) for r in rows if r["hand"] == "3"}
    assert last["Cy"] == ("Ann & Cy", "293")
    assert last["Dee"] == ("Ben & Dee", "3")


def test_csv_export_keeps_a_formula_like_name_as_text(app, client):
    with app.app_context():
        gs = service.create_session("gin", {}, ["=HYPERLINK(1)", "Ben"])
        service.add_hand(gs, {"ended": "went_out", "went_out": "Ben", "points": {"=HYPERLINK(1)": 0, "Ben": 30}})
        token = gs.edit_token
    rows = list(csv.reader(io.StringIO(client.get(f"/s/{token}/export.csv").get_data(as_text=True))))
    assert rows[1][1] == "'=HYPERLINK(1)"


def test_imported_names_join_the_players_already_here_whatever_their_case(app, client):
    with app.app_context():
        service.create_session("basic", {}, ["ann", "Ben"])
    body = {"game": "basic", "players": ["Ann", "Ben"], "hands": SAMPLES["basic"].hands}
    response = upload(client, body)
    assert response.status_code == 302, response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Player)) == 2
        gs = db.session.execute(select(GameSession).order_by(GameSession.id.desc())).scalars().first()
        assert gs.player_names == ["ann", "Ben"]
        body = Table(gs).body
        assert body["totals"] == {"ann": 104, "Ben": 54} and body["winner"] == "ann"
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 4


def test_backup_downloaded_from_the_sessions_page_restores_through_the_upload_form(app, client, empty_app):
    with app.app_context():
        store_sample(SAMPLES["rummy5000"])
        store_sample(SAMPLES["oklahoma"], hands=3)
    original = everything(app)
    assert 'href="/sessions/backup.json"' in client.get("/sessions").get_data(as_text=True)
    download = client.get("/sessions/backup.json")
    assert download.status_code == 200 and "attachment" in download.headers["Content-Disposition"]

    response = upload(empty_app.test_client(), download.data)
    assert response.status_code == 302
    assert everything(empty_app) == original


def test_a_failed_export_leaves_an_earlier_backup_file_untouched(app, databases, tmp_path):
    backup = tmp_path / "backup.json"
    backup.write_text("the earlier backup")
    result = cli(databases.url("test"), "export", "--session", "no-such-token", str(backup))
    assert result.exit_code == 2
    assert backup.read_text() == "the earlier backup"


def test_import_form_works_with_csrf_protection_on(app, client):
    app.config["WTF_CSRF_ENABLED"] = True
    form = client.get("/sessions/import").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1)
    body = json.dumps({"game": "gin", "players": ["Ann", "Ben"], "hands": SAMPLES["gin"].hands}).encode()
    without = client.post("/sessions/import", data={"file": (io.BytesIO(body), "g.json")}, content_type="multipart/form-data")
    assert without.status_code == 400
    response = client.post("/sessions/import", data={"csrf_token": token, "file": (io.BytesIO(body), "g.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 302
    assert "Restored 1 session." in client.get(response.headers["Location"]).get_data(as_text=True)


def test_a_game_players_joined_left_and_were_renamed_in_comes_back_as_it_was(app, client, empty_app):
    data = {"players-0": "Ann", "players-1": "Ben", "players-2": "Cy", "first_dealer": "2"}
    url = client.post("/new/rummy500", data=data).headers["Location"]

    def hand(**scores):
        fields = {"mode": "points", "went_out": "Ann", "ended": "went_out"}
        return fields | {f"points-{i}": str(v) for i, v in enumerate(scores.values())}

    def confirmed(what, **fields):
        with app.app_context():
            version = db.session.execute(select(GameSession.version)).scalar_one()
        assert client.post(f"{url}/players/{what}", data={"confirm": "y", "session_version": version, **fields}).status_code == 302

    assert client.post(f"{url}/hands/new", data=hand(Ann=30, Ben=10, Cy=-5)).status_code == 302
    confirmed("late", name="Dee", start="lowest")         # Dee starts on Cy's -5
    confirmed("leave", player="Ben")                      # Ben stays on 10
    confirmed("rename", player="Cy", new_name="Cyril")
    assert client.post(f"{url}/dealer", data={"dealer": "Dee"}).status_code == 302
    assert client.post(f"{url}/hands/new", data=hand(Ann=5, Cyril=20, Dee=15)).status_code == 302
    with app.app_context():
        [gs] = db.session.execute(select(GameSession)).scalars().all()
        before = snapshot(gs)
    # Ann 30 + 5, Ben 10, Cyril -5 + 20, Dee -5 + 15; Ben dealt hand 1, Dee (chosen) hand 2, Ann is next
    assert before["standings"]["totals"] == {"Ann": 35, "Ben": 10, "Cyril": 15, "Dee": 10}
    assert before["dealers"] == ["Ben", "Dee", "Ann", "Cyril"]

    exported = client.get(f"{url}/export.json")
    response = upload(empty_app.test_client(), exported.data)
    assert response.status_code == 302, response.get_data(as_text=True)
    with empty_app.app_context():
        [restored] = db.session.execute(select(GameSession)).scalars().all()
        assert snapshot(restored) == before


def test_a_rejoin_confirmed_for_the_next_hand_comes_back_with_the_game(table, client, empty_app):
    from tests.web.test_indian_pool_web import confirm_rejoin, pool

    pool(table)                                        # Cy is out of the pool after two hands
    assert confirm_rejoin(table, "Cy").status_code == 302
    exported = client.get(f"{table.url}/export.json")
    assert exported.get_json()["metadata"]["rejoining"] == ["Cy"]
    assert upload(empty_app.test_client(), exported.data).status_code == 302
    with empty_app.app_context():
        [restored] = db.session.execute(select(GameSession)).scalars().all()
        token = restored.edit_token
    # the restored game still deals Cy back into hand 3, on 51, and the next hand saved carries it
    restored_table = empty_app.test_client()
    form = restored_table.get(f"/s/{token}/hands/new?mode=points").get_data(as_text=True)
    assert "Cy rejoins this hand" in " ".join(re.sub(r"<[^>]+>", " ", form).split())
    hand = {"mode": "points", "ended": "went_out", "went_out": "Ann",
            "points-0": "0", "points-1": "80", "points-2": "20", "points-3": "55"}
    assert restored_table.post(f"/s/{token}/hands/new", data=hand).status_code == 302
    with empty_app.app_context():
        restored = db.session.execute(select(GameSession)).scalar_one()
        assert restored.hands[-1].data["rejoined"] == ["Cy"]
        assert Table(restored).body["totals"] == {"Ann": 40, "Ben": 97, "Cy": 71, "Dev": 105}


def test_a_rejoin_the_rules_would_refuse_is_not_restored(table, client, empty_app):
    from tests.web.test_indian_pool_web import pool

    pool(table)
    body = client.get(f"{table.url}/export.json").get_json()
    for rejoining, reason in ((["Ben"], "Ben cannot rejoin: Ben is not out"),
                              (["Zed"], "`rejoining` names 'Zed', who is not at this table"),
                              ("Cy", "`rejoining` must list players' names, each once")):
        body["metadata"]["rejoining"] = rejoining
        refused = upload(empty_app.test_client(), body)
        assert reason in html.unescape(refused.get_data(as_text=True)), rejoining
    with empty_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 0


def test_a_rejoin_the_game_no_longer_allows_is_left_out_of_the_export_so_it_still_restores(table, client, empty_app):
    from tests.web.test_indian_pool_web import confirm_rejoin, pool
    from tests.web.test_table_life import change

    pool(table)
    assert confirm_rejoin(table, "Cy").status_code == 302
    assert change(table, "leave", player="Cy").status_code == 302    # Cy goes home after all
    exported = client.get(f"{table.url}/export.json")
    assert "rejoining" not in exported.get_json()["metadata"]
    assert upload(empty_app.test_client(), exported.data).status_code == 302


def test_csv_export_gives_each_rummikub_rack_as_the_tiles_left(app, client):
    with app.app_context():
        token = store_sample(SAMPLES["rummikub"]).view_token
    rows = list(csv.DictReader(io.StringIO(client.get(f"/s/{token}/export.csv").get_data(as_text=True).lstrip("\ufeff"))))
    first = {r["player"]: r for r in rows if r["hand"] == "1"}
    assert (first["Ben"]["in_hand"], first["Ben"]["score"]) == ("7R JK", "-37")
    assert (first["Ann"]["in_hand"], first["Ann"]["score"]) == ("", "69")
