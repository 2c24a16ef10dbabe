"""The database's schema: kept by the Alembic migrations in scorekeeper/migrations/, brought up to date at start.

A database is in one of four states when the app starts:

- empty: every migration runs, creating the tables;
- made by create_all() before migrations (tables, no alembic_version): it is
  adopted, stamped at the first revision without any change, then upgraded;
- at an older revision: upgraded to the newest, after an SQLite file is
  copied beside itself with the date in its name;
- at a revision this code does not know (a newer Scorekeeper upgraded it):
  refused with DatabaseTooNew, and nothing is written.

Several processes may start at once (gunicorn -w 4 on a new instance): the
whole check-and-upgrade runs under a file lock in the instance folder, and
on PostgreSQL also under an advisory lock, so it happens once and the others
find the database up to date.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

from alembic import command
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from filelock import FileLock
from flask import Flask, current_app
from sqlalchemy import inspect, text

from scorekeeper.extensions import db

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# the revision whose schema is create_all()'s before migrations
FIRST_REVISION = "0001"
LOCK_FILE = "scorekeeper.lock"
# long enough for a big upgrade in another process; short enough that a stuck one is reported
LOCK_TIMEOUT = 600
# any constant shared by every Scorekeeper process on the same PostgreSQL database
_PG_LOCK_KEY = 0x5C0E_4EE9


class MissingDriver(RuntimeError):
    """DATABASE_URL names PostgreSQL but its driver (psycopg) is not installed."""


def require_driver(url: str) -> None:
    """Raise MissingDriver, saying what to install, when `url` needs a driver this environment lacks."""
    if not url.startswith("postgresql"):
        return
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise MissingDriver(
            "DATABASE_URL names a PostgreSQL database, but its driver is not installed:"
            " pip install 'scorekeeper[postgres]'"
        ) from None


def head_revision() -> str:
    """The newest schema revision this code knows (what a new or upgraded database is stamped with)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


class DatabaseTooNew(RuntimeError):
    """The database is at a schema revision this code does not know; it was left untouched."""

    def __init__(self, revision: str, where: str) -> None:
        super().__init__(
            f"The database {where} is at schema revision {revision!r}, which this version of Scorekeeper does not know:"
            " a newer Scorekeeper has upgraded it. Nothing was changed. Run that newer version,"
            " or restore the copy kept beside the database before the upgrade."
        )
        self.revision = revision


def upgrade_database(app: Flask) -> Path | None:
    """Bring the app's database to the newest schema (see the module's docstring); returns the backup copy made, if any.

    Call inside an app context. Raises DatabaseTooNew for a database from a newer Scorekeeper.
    """
    with FileLock(str(Path(app.instance_path) / LOCK_FILE), timeout=LOCK_TIMEOUT):
        config = current_app.extensions["migrate"].migrate.get_config()
        config.attributes["configure_logger"] = False
        script = ScriptDirectory.from_config(config)
        heads = set(script.get_heads())
        with db.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # processes on other hosts share no instance folder; they share the database
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK_KEY})
            current = set(MigrationContext.configure(connection).get_current_heads())
            for revision in current:
                if not _known(script, revision):
                    raise DatabaseTooNew(revision, _where(connection))
            if current == heads:
                return None
            adopt = not current and _has_tables(connection)
            start = {FIRST_REVISION} if adopt else current
            backup = None
            if start != heads and start:
                backup = _copy_sqlite(connection)
            config.attributes["connection"] = connection
            if adopt:
                command.stamp(config, FIRST_REVISION)
            if start != heads:
                command.upgrade(config, "head")
        return backup


def _known(script: ScriptDirectory, revision: str) -> bool:
    try:
        return script.get_revision(revision) is not None
    except CommandError:
        return False


def _has_tables(connection) -> bool:
    """True when the database holds the tables create_all() made before migrations."""
    names = set(inspect(connection).get_table_names())
    return "game_session" in names


def _where(connection) -> str:
    url = connection.engine.url
    if url.get_backend_name() == "sqlite":
        return f"file {url.database}"
    return url.render_as_string(hide_password=True)


def _copy_sqlite(connection) -> Path | None:
    """Copy an SQLite database file beside itself, named with the date, before it is upgraded."""
    url = connection.engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    source = Path(url.database)
    if not source.is_file() or source.stat().st_size == 0:
        return None
    stamp = datetime.now().strftime("%Y-%m-%dT%H%M")
    target = source.with_name(f"{source.name}.{stamp}.bak")
    number = 1
    while target.exists():
        number += 1
        target = source.with_name(f"{source.name}.{stamp}-{number}.bak")
    # SQLite's backup API copies what is committed, including what is still in the WAL file
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()
    return target
