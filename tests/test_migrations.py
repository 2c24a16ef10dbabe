"""Schema migrations: a database made before migrations keeps every game; one from a newer Scorekeeper is refused untouched.

tests/fixtures/premigration.sqlite was made by the code before migrations
(create_all, no alembic_version table) with tests/fixtures/build_premigration_db.py;
premigration_export.json is the full backup that code exported from it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from click.testing import CliRunner
from sqlalchemy import create_engine

from scorekeeper import create_app, database
from scorekeeper.cli import main
from scorekeeper.database import DatabaseTooNew
from scorekeeper.extensions import db
from tests.databases import sqlite_only
from tests.test_backup_always_restores import comparable

# every test here upgrades, copies or reads SQLite files (the committed pre-migration fixture among them)
pytestmark = sqlite_only

FIXTURES = Path(__file__).parent / "fixtures"
TABLES = ["player", "game_session", "seat", "hand", "draft_part"]
# tables later revisions added: (0002) hands taken back by undo; (0003) dealer choices and seat changes;
# (0005) house rules
ADDED_TABLES = ["removed_hand", "dealer_choice", "seat_change", "house_rules"]
HEAD = database.head_revision()


def app_on(path: Path):
    """The app on the SQLite file `path`."""
    return create_app({
        "TESTING": True, "LOOPBACK_IS_HOST": True, "SECRET_KEY": "tests", "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
    })


def rows(path: Path, columns: dict[str, list[str]]) -> dict[str, list[tuple]]:
    """Every row of every table, the given columns only, in primary-key order."""
    with sqlite3.connect(path) as connection:
        return {
            table: connection.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY {cols[0]}, {cols[1]}").fetchall()
            for table, cols in columns.items()
        }


def columns_of(path: Path) -> dict[str, list[str]]:
    """The columns each table has in the file."""
    with sqlite3.connect(path) as connection:
        return {table: [row[1] for row in connection.execute(f"PRAGMA table_info({table})")] for table in TABLES}


def schema(path: Path) -> list[tuple]:
    """The file's schema as SQLite keeps it (tables, indexes, constraints), without Alembic's own table.

    The committed fixture is opened immutable, so reading it never leaves -wal or -shm files beside it.
    """
    immutable = "&immutable=1" if path.parent == FIXTURES else ""
    with closing(sqlite3.connect(f"file:{path}?mode=ro{immutable}", uri=True)) as connection:
        return connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name != 'alembic_version' ORDER BY name"
        ).fetchall()


def revision(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [r[0] for r in connection.execute("SELECT version_num FROM alembic_version")]


@pytest.fixture
def old_database(tmp_path) -> Path:
    """A copy of the database made before migrations."""
    path = tmp_path / "scorekeeper.sqlite"
    shutil.copyfile(FIXTURES / "premigration.sqlite", path)
    return path


def test_a_new_database_gets_exactly_the_schema_create_all_made(tmp_path):
    app = app_on(tmp_path / "new.sqlite")
    with app.app_context():
        db.engine.dispose()
    assert revision(tmp_path / "new.sqlite") == [HEAD]
    # the same DDL, index for index and constraint for constraint, as the code before migrations,
    # plus what later revisions added
    new = schema(tmp_path / "new.sqlite")
    assert [row for row in new if row[2] not in ADDED_TABLES] == schema(FIXTURES / "premigration.sqlite")
    assert {row[2] for row in new} >= set(ADDED_TABLES)
    # and nothing in the models that the migrations lack (a model changed without a revision fails here)
    engine = create_engine(f"sqlite:///{tmp_path / 'new.sqlite'}")
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []
    engine.dispose()


def test_a_database_made_before_migrations_keeps_every_game(old_database, tmp_path):
    columns = columns_of(old_database)
    before = rows(old_database, columns)
    assert all(before[table] for table in TABLES), "the fixture has rows in every table"

    app = app_on(old_database)
    client = app.test_client()
    exported = client.get("/sessions/backup.json")
    assert exported.status_code == 200
    expected = json.loads((FIXTURES / "premigration_export.json").read_text(encoding="utf-8"))
    now = comparable(exported.get_json())
    # backups now also carry each session's version (phones poll against it): the stored one
    versions = {row[7]: row[5] for row in before["game_session"]}
    for session in now["sessions"]:
        assert session["metadata"].pop("version") == versions[session["metadata"]["edit_token"]]
    # and the house rules saved by name (issue 38), which a database from before migrations has none of
    assert now.pop("house_rules") == []
    assert now == comparable(expected)
    assert sorted(s["game"] for s in expected["sessions"]) == sorted(
        ["basic", "basic", "gin", "michigan", "oklahoma", "penalty", "persian", "rummy500", "rummy5000"]
    )
    for session in expected["sessions"]:
        for token in (session["metadata"]["edit_token"], session["metadata"]["view_token"]):
            page = client.get(f"/s/{token}")
            assert page.status_code == 200
            assert session["players"][0] in page.get_data(as_text=True)
        assert client.get(f"/s/{session['metadata']['edit_token']}/review").status_code == 200
    for url in ("/", "/sessions", "/players", "/sessions?archived=1"):
        assert client.get(url).status_code == 200, url
    with app.app_context():
        db.engine.dispose()

    # every row of every table, timestamps, tokens, versions and draft parts included, is as it was
    assert rows(old_database, columns) == before
    assert revision(old_database) == [HEAD]


def test_upgrading_keeps_a_dated_copy_of_the_file_first(old_database, tmp_path, monkeypatch):
    # a later revision, as the next schema change will add one
    migrations = tmp_path / "migrations"
    shutil.copytree(database.MIGRATIONS, migrations, ignore=shutil.ignore_patterns("__pycache__"))
    (migrations / "versions" / "9999_test.py").write_text(
        f'revision = "9999"\ndown_revision = "{HEAD}"\nbranch_labels = None\ndepends_on = None\n'
        "from alembic import op\n\n"
        "def upgrade():\n    op.create_index('ix_test_player_created', 'player', ['created_at'])\n\n"
        "def downgrade():\n    op.drop_index('ix_test_player_created', 'player')\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(database, "MIGRATIONS", migrations)
    columns = columns_of(old_database)
    before = rows(old_database, columns)

    app = app_on(old_database)
    with app.app_context():
        db.engine.dispose()
    assert revision(old_database) == ["9999"]
    assert rows(old_database, columns) == before
    [copy] = tmp_path.glob("scorekeeper.sqlite.*.bak")
    assert copy.name[len("scorekeeper.sqlite."):-len(".bak")][:10].count("-") == 2  # dated: 2026-11-23T1130
    assert rows(copy, columns) == before
    assert schema(copy) == schema(FIXTURES / "premigration.sqlite")

    # up to date: the next start copies nothing and changes nothing
    app_on(old_database)
    assert len(list(tmp_path.glob("scorekeeper.sqlite.*.bak"))) == 1


def stamp_unknown(path: Path) -> bytes:
    """Make a database, mark it as upgraded by a newer Scorekeeper; returns its bytes."""
    app = app_on(path)
    with app.app_context():
        db.engine.dispose()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'f00dfeed2031'")
    connection.close()
    return hashlib.sha256(path.read_bytes()).digest()


def test_a_database_from_a_newer_scorekeeper_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "newer.sqlite"
    digest = stamp_unknown(path)
    with pytest.raises(DatabaseTooNew) as refused:
        app_on(path)
    assert "'f00dfeed2031'" in str(refused.value) and "Nothing was changed" in str(refused.value)
    assert hashlib.sha256(path.read_bytes()).digest() == digest
    assert not list(tmp_path.glob("*.bak"))


def test_serve_on_a_newer_database_says_so_and_exits(tmp_path, monkeypatch):
    path = tmp_path / "newer.sqlite"
    digest = stamp_unknown(path)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("SCOREKEEPER_SQLALCHEMY_DATABASE_URI", f"sqlite:///{path}")
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1
    assert "'f00dfeed2031'" in result.output and "newer Scorekeeper" in result.output
    assert hashlib.sha256(path.read_bytes()).digest() == digest


def test_scorekeeper_db_commands_work_on_the_packaged_migrations(tmp_path):
    path = tmp_path / "cli.sqlite"
    shutil.copyfile(FIXTURES / "premigration.sqlite", path)
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path / "instance"),
           "SCOREKEEPER_SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "scorekeeper.cli", *args], env=env, capture_output=True,
                              text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    run("db", "upgrade")
    assert revision(path) == [HEAD]
    assert f"{HEAD} (head)" in run("db", "current")
    history = run("db", "history")
    assert "<base> -> 0001" in history and "0001 -> 0002" in history and "0002 -> 0003_table_life" in history
    assert "0003_table_life -> 0004_pending_rejoin" in history and f"0004_pending_rejoin -> {HEAD} (head)" in history


@pytest.mark.parametrize("command", [["scorekeeper.cli"], ["flask", "--app", "scorekeeper"]],
                         ids=["scorekeeper", "flask"])
def test_db_upgrade_adopts_and_backs_up_an_old_database_when_the_start_leaves_it_alone(old_database, tmp_path,
                                                                                         command):
    # the README's advice for operators: the start leaves the schema to `db upgrade`
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path / "instance"),
           "SCOREKEEPER_SQLALCHEMY_DATABASE_URI": f"sqlite:///{old_database}",
           "SCOREKEEPER_MIGRATE_ON_START": "false"}
    columns = columns_of(old_database)
    before = rows(old_database, columns)

    done = subprocess.run([sys.executable, "-m", *command, "db", "upgrade"], env=env, capture_output=True,
                          text=True, timeout=60, check=False)

    assert done.returncode == 0, done.stderr
    assert revision(old_database) == [HEAD]
    assert rows(old_database, columns) == before
    [copy] = tmp_path.glob("scorekeeper.sqlite.*.bak")
    assert copy.name in done.stdout
    assert rows(copy, columns) == before
    assert schema(copy) == schema(FIXTURES / "premigration.sqlite")


def test_db_upgrade_takes_the_data_dir_as_serve_does(tmp_path, monkeypatch):
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copyfile(FIXTURES / "premigration.sqlite", folder / "scorekeeper.sqlite")
    # the folder any other way would choose
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "elsewhere"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SCOREKEEPER_MIGRATE_ON_START", "false")

    result = CliRunner().invoke(main, ["db", "upgrade", "--data-dir", str(folder)])

    assert result.exit_code == 0, result.output
    assert revision(folder / "scorekeeper.sqlite") == [HEAD]
    [copy] = folder.glob("scorekeeper.sqlite.*.bak")
    assert copy.name in result.output


def test_a_database_from_before_migrations_served_without_upgrading_says_to_run_db_upgrade(old_database):
    app = create_app({
        "TESTING": True, "LOOPBACK_IS_HOST": True, "SECRET_KEY": "tests", "MIGRATE_ON_START": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{old_database}",
    })
    app.config["PROPAGATE_EXCEPTIONS"] = False
    with sqlite3.connect(old_database) as connection:
        [token] = connection.execute("SELECT edit_token FROM game_session LIMIT 1").fetchone()
    page = app.test_client().get(f"/s/{token}")
    assert page.status_code == 503
    assert "scorekeeper db upgrade" in page.get_data(as_text=True)
    with app.app_context():
        db.engine.dispose()
