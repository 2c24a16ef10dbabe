"""The database's schema: kept by the Alembic migrations in scorekeeper/migrations/, brought up to date at start.

A database is in one of four states when the app starts (or `db upgrade` runs: both use upgrade_database):

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

import copy
import sqlite3
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from alembic import command
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from filelock import FileLock
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlalchemy import inspect, text
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper import models  # noqa: F401  (registers the tables)
from scorekeeper.extensions import db

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# the revision whose schema is create_all()'s before migrations
FIRST_REVISION = "0001"
LOCK_FILE = "scorekeeper.lock"
# long enough for a big upgrade in another process; short enough that a stuck one is reported
LOCK_TIMEOUT = 600
# any constant shared by every Scorekeeper process on the same PostgreSQL database
_PG_LOCK_KEY = 0x5C0E_4EE9


def engine_options(config: Mapping[str, Any]) -> dict[str, Any]:
    """SQLALCHEMY_ENGINE_OPTIONS for the app's database: ours (lock wait, pool recycle), then the config's own.

    Each connection of the app's waits at most LOCK_WAIT_SECONDS for a lock: SQLite's busy
    timeout, PostgreSQL's lock_timeout set per connection (not on the server, so that an
    operator's own sessions keep waiting as long as they choose).
    """
    given = dict(config["SQLALCHEMY_ENGINE_OPTIONS"])
    wait = float(config["LOCK_WAIT_SECONDS"])
    if config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        ours: dict[str, Any] = {"connect_args": {"timeout": wait}}
    else:
        ours = {"pool_recycle": config["POOL_RECYCLE_SECONDS"],
                "connect_args": {"options": _with_lock_timeout(config["SQLALCHEMY_DATABASE_URI"], wait)}}
    connect_args = {**ours.pop("connect_args"), **given.pop("connect_args", {})}
    return {**ours, **given, "connect_args": connect_args}


def _with_lock_timeout(url: str, seconds: float) -> str:
    """PostgreSQL's connection `options`: the URL's own (?options=-csearch_path%3Dscores), then the lock timeout.

    connect_args replace the URL's options: they are kept by being repeated here.
    """
    from sqlalchemy.engine import make_url

    given = make_url(url).query.get("options", ())
    kept = [given] if isinstance(given, str) else list(given)
    return " ".join([*kept, f"-c lock_timeout={round(seconds * 1000)}"])


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
    return _scripts().get_current_head()


def _scripts() -> ScriptDirectory:
    """The packaged migrations."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


def schema_behind() -> bool:
    """True when the app's database is at an older schema than this code's, one `db upgrade` brings up to date.

    False when it is up to date, from a newer Scorekeeper, or cannot be read at all. Call
    inside an app context; it opens a connection of its own.
    """
    try:
        with db.engine.connect() as connection:
            current = set(MigrationContext.configure(connection).get_current_heads())
            tables = _has_tables(connection)
    except SQLAlchemyError:
        return False
    scripts = _scripts()
    if not current:
        # made before migrations (tables, no revision): the upgrade adopts it
        return tables
    return current != {scripts.get_current_head()} and all(_known(scripts, known) for known in current)


class DatabaseTooNew(RuntimeError):
    """The database is at a schema revision this code does not know; it was left untouched."""

    def __init__(self, revision: str, where: str) -> None:
        super().__init__(
            f"The database {where} is at schema revision {revision!r}, which this version of Scorekeeper does not know:"
            " a newer Scorekeeper has upgraded it. Nothing was changed. Run that newer version,"
            " or restore the copy kept beside the database before the upgrade."
        )
        self.revision = revision


def upgrade_database(
    app: Flask, revision: str = "head", *, directory: str | None = None, tag: str | None = None,
    x_arg: tuple[str, ...] = (), progress: bool = False,
) -> Path | None:
    """Bring the app's database to `revision`, the newest schema unless told (see the module's docstring).

    Returns the backup copy made, if any. The start and `db upgrade` both come here; `directory`,
    `tag` and `x_arg` are Flask-Migrate's options of that command, and `progress` has Alembic log
    each step (the command's output; the app keeps its own logging). Call inside an app context.
    Raises DatabaseTooNew for a database from a newer Scorekeeper.
    """
    with FileLock(str(Path(app.instance_path) / LOCK_FILE), timeout=LOCK_TIMEOUT):
        config = current_app.extensions["migrate"].migrate.get_config(directory, x_arg=list(x_arg))
        config.attributes["configure_logger"] = progress
        script = ScriptDirectory.from_config(config)
        target = _target(script, revision)
        with db.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # another process's upgrade may take longer than a request's lock wait: this one waits it out
                connection.execute(text("SET LOCAL lock_timeout = 0"))
                # processes on other hosts share no instance folder; they share the database
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK_KEY})
            current = set(MigrationContext.configure(connection).get_current_heads())
            for known in current:
                if not _known(script, known):
                    raise DatabaseTooNew(known, _where(connection))
            if current == target:
                return None
            adopt = not current and _has_tables(connection)
            start = {FIRST_REVISION} if adopt else current
            backup = None
            if start != target and start:
                backup = _copy_sqlite(connection)
            config.attributes["connection"] = connection
            if adopt:
                command.stamp(config, FIRST_REVISION)
            if start != target:
                command.upgrade(config, revision, tag=tag)
        return backup


def _target(script: ScriptDirectory, revision: str) -> set[str] | None:
    """The revisions an upgrade to `revision` ends at; None for one relative to the database's own (`+1`)."""
    try:
        return {found.revision for found in script.get_revisions(revision) if found is not None}
    except CommandError:
        return None


@click.command("upgrade")
@click.option("-d", "--directory", default=None, help="Migration script directory (default: the packaged ones)")
@click.option("--sql", is_flag=True, help="Don't emit SQL to database - dump to standard output instead")
@click.option("--tag", default=None, help='Arbitrary "tag" name - can be used by custom env.py scripts')
@click.option("-x", "--x-arg", multiple=True, help="Additional arguments consumed by custom env.py scripts")
@click.argument("revision", default="head")
@with_appcontext
def upgrade_command(directory: str | None, sql: bool, tag: str | None, x_arg: tuple[str, ...], revision: str) -> None:
    """Upgrade to a later version, as the app's start does: a database from before migrations is adopted, and an SQLite file copied first."""
    if sql:
        # writes nothing, so there is nothing to adopt or copy: Flask-Migrate's own prints the SQL
        from flask_migrate import upgrade

        upgrade(directory or g.directory, revision, sql, tag, x_arg)
        return
    try:
        backup = upgrade_database(current_app, revision, directory=directory or g.directory, tag=tag, x_arg=x_arg,
                                  progress=True)
    except (DatabaseTooNew, CommandError) as exc:
        raise click.ClickException(str(exc)) from None
    if backup is not None:
        click.echo(f"The database before the upgrade is kept in {backup}")


def db_commands() -> click.Group:
    """Flask-Migrate's `db` commands, with upgrade_command as `db upgrade` (for `scorekeeper db` and `flask db`)."""
    from flask_migrate.cli import db as migrate_commands

    # a copy: Flask-Migrate's own group is shared by every app in the process
    commands = copy.copy(migrate_commands)
    commands.commands = {**migrate_commands.commands, "upgrade": upgrade_command}
    return commands


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


def init_database() -> None:
    """Bring the database to the newest schema: created when empty, upgraded when older (idempotent).

    Raises scorekeeper.database.DatabaseTooNew, touching nothing, for a database from a newer Scorekeeper.
    """
    upgrade_database(current_app._get_current_object())
