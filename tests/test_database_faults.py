"""What the host must mend is no 500: a database not upgraded yet, a full disk. The page says what to do, nothing
was saved half-way, and the same form sent again once it is mended saves the hand once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import event, func, select, text
from sqlalchemy.engine import make_url

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.conftest import Table
from tests.databases import ON_POSTGRES, sqlite_only

HAND = {"went_out": "Ann", "points": {"Ann": 30, "Ben": -5}}
# the session id of the hands that fill a disk: no game's
GHOST = 999_999


def hands_in(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand).where(Hand.session_id != GHOST))


@pytest.fixture
def table(databases) -> Table:
    """A game of 500 Rum between Ann and Ben, on an app that leaves the schema to `db upgrade`."""
    app = databases.app("test", WTF_CSRF_ENABLED=False, MIGRATE_ON_START=False)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    table = Table(app.test_client(), app)
    table.start("rummy500", ["Ann", "Ben"])
    return table


def test_a_database_not_upgraded_yet_says_to_run_db_upgrade_on_every_page(table):
    # the schema of two versions ago: no seat_change table, which every page of a game reads
    with table.app.app_context():
        downgrade(revision="0002")
    for page in (table.client.get(table.url), table.client.get(f"{table.url}/hands/new"), table.play(HAND)):
        assert page.status_code == 503
        assert "scorekeeper db upgrade" in page.get_data(as_text=True)
    # a save refused says nothing was saved; a page read does not (it may be the page after a hand saved)
    assert "Nothing was saved" in table.play(HAND).get_data(as_text=True)
    assert "Nothing was saved" not in table.client.get(table.url).get_data(as_text=True)
    with table.app.app_context():
        upgrade()
    # once upgraded, the same server serves the game again, without a restart
    assert table.client.get(table.url).status_code == 200


def test_a_won_game_saved_on_an_older_schema_never_says_its_hand_was_not_saved(table):
    # a schema whose only lack is a table a won game's page reads (house_rules, issue 38): the winning hand is
    # saved, and the scoreboard it leads to says to upgrade, never that nothing was saved
    table.start("rummy500", ["Ann", "Ben"], target=20)
    with table.app.app_context():
        downgrade(revision="0004")
    saved = table.play({"went_out": "Ann", "players": {"Ann": {"melds": ["7h 8h 9h"]}, "Ben": {"in_hand": "5s"}}})
    assert saved.status_code == 302 and hands_in(table.app) == 1
    page = table.client.get(table.url)
    assert page.status_code == 503
    assert "scorekeeper db upgrade" in page.get_data(as_text=True)
    assert "Nothing was saved" not in page.get_data(as_text=True)


def test_a_json_export_says_so_in_json(table):
    with table.app.app_context():
        downgrade(revision="0002")
    answer = table.client.get(f"{table.url}/export.json")
    assert answer.status_code == 503
    assert "scorekeeper db upgrade" in answer.get_json()["error"]


class FullDisk:
    """An SQLite file whose disk is full: PRAGMA max_page_count on every connection stops it growing (SQLITE_FULL)."""

    def __init__(self, app) -> None:
        self.app = app
        self.pages: int | None = None
        with app.app_context():
            self.path = Path(make_url(str(db.engine.url)).database or "")
            event.listen(db.engine, "connect", self._limit)

    def _limit(self, dbapi_connection, connection_record) -> None:
        if self.pages is not None:
            dbapi_connection.execute(f"PRAGMA max_page_count = {self.pages}")

    def fill(self) -> None:
        """Take every byte the file's pages have left and stop it growing, as a disk with none free would."""
        with sqlite3.connect(self.path) as filler:
            self.pages = filler.execute("PRAGMA page_count").fetchone()[0]
            filler.execute(f"PRAGMA max_page_count = {self.pages}")
            # hands of no game, down to the last bytes of the last page: a new hand's row needs a new page
            position = 0
            for size in (4000, 1000, 200, 40, 8, 1, 0):
                try:
                    while True:
                        position += 1
                        filler.execute(
                            "INSERT INTO hand (session_id, position, data, version, created_at, updated_at)"
                            " VALUES (:ghost, :position, :data, 1, '2026-01-01', '2026-01-01')",
                            {"ghost": GHOST, "position": position, "data": "x" * size})
                        filler.commit()
                except sqlite3.OperationalError as full:
                    assert "full" in str(full)
        self._reconnect()

    def free(self) -> None:
        """Make room again."""
        self.pages = None
        with sqlite3.connect(self.path) as filler:
            filler.execute("DELETE FROM hand WHERE session_id = ?", (GHOST,))
        self._reconnect()

    def _reconnect(self) -> None:
        with self.app.app_context():
            db.engine.dispose()


@sqlite_only
def test_a_save_on_a_full_disk_says_nothing_was_saved_and_saves_once_sent_again(table):
    disk = FullDisk(table.app)
    form = table.hand_form(HAND)
    disk.fill()
    for _ in range(3):
        full = table.client.post(f"{table.url}/hands/new", data=form)
        assert full.status_code == 503
        assert full.headers["Retry-After"] == "30"
        page = full.get_data(as_text=True)
        assert "disk" in page and "nothing was saved" in page and "what you typed is still on the form" in page
    assert hands_in(table.app) == 0
    # the scoreboard still reads
    assert table.client.get(table.url).status_code == 200
    disk.free()
    assert table.client.post(f"{table.url}/hands/new", data=form).status_code == 302
    assert table.client.post(f"{table.url}/hands/new", data=form).status_code == 302
    assert hands_in(table.app) == 1
    assert table.totals() == {"Ann": 30, "Ben": -5}


@pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL's disk_full; the SQLite pass fills an SQLite file")
def test_a_save_postgresql_finds_no_disk_for_says_nothing_was_saved(table):
    with table.app.app_context():
        # what PostgreSQL says when it cannot extend a file (SQLSTATE 53100), raised where a save writes
        db.session.execute(text(
            "CREATE FUNCTION no_room() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " RAISE disk_full USING MESSAGE = 'could not extend file \"base/16384/16385\": No space left on device';"
            " END $$"))
        db.session.execute(text("CREATE TRIGGER no_room BEFORE INSERT ON hand FOR EACH ROW EXECUTE FUNCTION no_room()"))
        db.session.commit()
    form = table.hand_form(HAND)
    full = table.client.post(f"{table.url}/hands/new", data=form)
    assert full.status_code == 503
    assert full.headers["Retry-After"] == "30"
    assert "disk keeping the games is full: nothing was saved" in full.get_data(as_text=True)
    assert hands_in(table.app) == 0
    with table.app.app_context():
        db.session.execute(text("DROP TRIGGER no_room ON hand"))
        db.session.commit()
    assert table.client.post(f"{table.url}/hands/new", data=form).status_code == 302
    assert hands_in(table.app) == 1
