"""Where a test's database lives: an SQLite file in its tmp_path, or a fresh PostgreSQL database.

`make test` runs the suite twice: on SQLite, then with SCOREKEEPER_TEST_DATABASE_URL naming a
throwaway PostgreSQL server (see tests/run_postgres.sh), keeping there only the tests that touch
a database. Every fixture that makes an app gets its database here: a copy of a template that the
migrations brought to the newest schema once per test process (an SQLite file copied, or a
PostgreSQL database created from it as TEMPLATE), so each test starts on an empty database of its
own without running the migrations again. A PostgreSQL copy is emptied when the test ends (every
row deleted, every sequence restarted) and the next test of the process takes it, unless its schema
differs from the template's, which drops it: CREATE DATABASE copies the whole catalog, about 0.2 s
a test, emptying one takes about 0.03 s.

Every app gets one Jinja bytecode cache of the process, so a test's new app loads the templates the
tests before it compiled (about 0.1 s a test that renders pages) instead of compiling them again.
"""

from __future__ import annotations

import functools
import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

# postgresql+psycopg://user@/postgres?host=/tmp/dir (any database of the server: it is only the admin connection)
POSTGRES_URL = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL", "")
ON_POSTGRES = bool(POSTGRES_URL)

# for tests about SQLite files themselves; the SQLite run of `make test` still runs them
sqlite_only = pytest.mark.skipif(ON_POSTGRES, reason="about SQLite files; runs in the SQLite pass of make test")


# every psycopg connection opened to a test's database, by database name: closed when the test ends,
# also those of apps the tests never see (the scorekeeper command's), which would otherwise be
# garbage-collected open (psycopg's ResourceWarning, an error in this suite)
_opened: dict[str, list[Any]] = {}


def _record(dbapi_connection, connection_record) -> None:
    info = getattr(dbapi_connection, "info", None)
    name = getattr(info, "dbname", None)
    if name in _opened:
        _opened[name].append(dbapi_connection)


def _admin():
    """An autocommit engine on the server's `postgres` database (CREATE/DROP DATABASE cannot run in a transaction)."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    url = make_url(POSTGRES_URL).set(database="postgres")
    return create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)


def _as_admin(statement: str) -> None:
    """Run one statement (CREATE or DROP DATABASE) on the server's own `postgres` database."""
    from sqlalchemy import text

    engine = _admin()
    try:
        with engine.connect() as connection:
            connection.execute(text(statement))
    finally:
        engine.dispose()


def create_postgres_database(template: str | None = None) -> str:
    """CREATE an empty database with a new name, a copy of the database `template` (a URL) if given; returns its URL."""
    from sqlalchemy import event
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import Pool

    if not event.contains(Pool, "connect", _record):
        event.listen(Pool, "connect", _record)
    name = f"sk_test_{os.getpid()}_{secrets.token_hex(6)}"
    _opened[name] = []
    copied = f' TEMPLATE "{make_url(template).database}"' if template else ""
    _as_admin(f'CREATE DATABASE "{name}"{copied}')
    return make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(url: str) -> None:
    """DROP the database `url` names, closing whatever is still connected to it."""
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    _close_recorded(name)
    del _opened[name]
    _as_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _close_recorded(name: str) -> None:
    """Close every connection the tests' apps opened to the database `name`."""
    for connection in _opened.get(name, []):
        if not connection.closed:
            connection.close()
    _opened[name] = []


# a fingerprint of a database's schema, which a test may change (a trigger that refuses inserts, a migration
# run down): its tables, indexes, sequences and views with their columns (type, NOT NULL, default), its
# constraints, triggers and functions, and its Alembic revision
_SCHEMA_FINGERPRINT = """
SELECT md5(
  (SELECT coalesce(string_agg(c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':'
                              || coalesce(a.atttypid::text, '') || ':' || coalesce(a.attnotnull::text, '') || ':'
                              || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' ORDER BY c.relname, a.attnum), '')
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname = 'public')
  || '|' || (SELECT coalesce(string_agg(conname || ':' || pg_get_constraintdef(oid), ',' ORDER BY conname), '')
             FROM pg_constraint WHERE connamespace = 'public'::regnamespace)
  || '|' || (SELECT coalesce(string_agg(tgname, ',' ORDER BY tgname), '') FROM pg_trigger WHERE NOT tgisinternal)
  || '|' || (SELECT coalesce(string_agg(proname, ',' ORDER BY proname), '')
             FROM pg_proc WHERE pronamespace = 'public'::regnamespace)
  || '|' || (SELECT coalesce(string_agg(version_num, ','), '') FROM alembic_version))
"""

# the schema fingerprint of each template, by URL, and the copies of it finished tests left empty for the next
_fingerprints: dict[str, str] = {}
_emptied: dict[str, list[str]] = {}


def _schema_fingerprint(url: str) -> str:
    """The fingerprint of the schema of the PostgreSQL database `url` (see _SCHEMA_FINGERPRINT)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return str(connection.execute(text(_SCHEMA_FINGERPRINT)).scalar_one())
    finally:
        engine.dispose()


def _emptied_for_reuse(url: str, template: str) -> bool:
    """Delete every row of the template copy `url` and restart its sequences; False if its schema is not the template's.

    Any failure (a lock still held past a second, a table gone) answers False, and the caller drops the database.
    """
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    from scorekeeper.extensions import db

    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            connection.execute(text("SET LOCAL lock_timeout = '1s'"))
            if connection.execute(text(_SCHEMA_FINGERPRINT)).scalar_one() != _fingerprints.get(template):
                return False
            for table in reversed(db.metadata.sorted_tables):  # children before their parents
                connection.execute(text(f'DELETE FROM "{table.name}"'))
            for sequence in connection.execute(
                    text("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")).scalars():
                connection.execute(text(f'ALTER SEQUENCE "{sequence}" RESTART'))
        return True
    except Exception:  # noqa: BLE001 -- whatever went wrong, a new database is the safe answer
        return False
    finally:
        engine.dispose()


def _template_copy(template: str) -> str:
    """A database with the template's schema and no rows: one a finished test emptied, or a new copy."""
    idle = _emptied.get(template)
    return idle.pop() if idle else create_postgres_database(template)


@functools.cache
def _jinja_cache():
    """The process's Jinja bytecode cache, in a folder of its own removed when the process ends."""
    import atexit
    import tempfile

    from jinja2 import FileSystemBytecodeCache

    folder = tempfile.mkdtemp(prefix="scorekeeper-jinja-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return FileSystemBytecodeCache(folder)


def app_config(url: str, **config: Any) -> dict[str, Any]:
    """The test config of an app on the database `url`: TESTING, the test client as the host, CSRF on unless `config`
    says, and a game's lazy loads refused (RAISE_ON_LAZY_LOAD)."""
    return {"TESTING": True, "LOOPBACK_IS_HOST": True, "SECRET_KEY": "tests", "SQLALCHEMY_DATABASE_URI": url,
            "RAISE_ON_LAZY_LOAD": True, **config}


@contextmanager
def template(folder: Path) -> Iterator[str]:
    """A database at the newest schema for the tests' databases to copy (an SQLite file in `folder`); yields its URL."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    url = create_postgres_database() if ON_POSTGRES else f"sqlite:///{folder / 'template.sqlite'}"
    try:
        app = create_app(app_config(url))
        with app.app_context():
            # no connection may stay open: PostgreSQL copies only a database nobody is connected to
            db.engine.dispose()
        if ON_POSTGRES:
            _fingerprints[url] = _schema_fingerprint(url)
        yield url
    finally:
        if ON_POSTGRES:
            for copy in _emptied.pop(url, []):
                drop_postgres_database(copy)
            drop_postgres_database(url)


class Databases:
    """The databases of one test, by name: SQLite files in tmp_path, or PostgreSQL databases dropped at close()."""

    def __init__(self, tmp_path: Path, template: str) -> None:
        self.tmp_path = tmp_path
        self.template = template
        self.urls: dict[str, str] = {}
        self.copies: set[str] = set()  # the URLs that are copies of the template (PostgreSQL ones may be reused)
        self.apps: list[Any] = []

    def url(self, name: str = "test") -> str:
        """The URL of the test's database `name` (the same one each time it is asked for): empty if new."""
        if name not in self.urls:
            self.urls[name] = self._new(name, copying=False)
        return self.urls[name]

    def _new(self, name: str, copying: bool) -> str:
        """A new database `name`: empty, or a copy of the template (at the newest schema)."""
        from sqlalchemy.engine import make_url

        if ON_POSTGRES and copying:
            url = _template_copy(self.template)
            self.copies.add(url)
            return url
        if ON_POSTGRES:
            return create_postgres_database()
        path = self.tmp_path / f"{name}.sqlite"
        if copying:
            shutil.copyfile(make_url(self.template).database, path)
        return f"sqlite:///{path}"

    def app(self, name: str = "test", /, **config: Any):
        """A fresh app on the database `name` (new ones copy the template): see app_config."""
        from scorekeeper import create_app

        if name not in self.urls:
            self.urls[name] = self._new(name, copying=True)
        app = create_app(app_config(self.url(name), **config))
        app.jinja_env.bytecode_cache = _jinja_cache()
        self.apps.append(app)
        return app

    def close(self) -> None:
        """Close every app's connections, then empty the PostgreSQL copies of the template for reuse and drop the rest."""
        from sqlalchemy.engine import make_url

        from scorekeeper.extensions import db

        for app in self.apps:
            with app.app_context():
                db.engine.dispose()
        self.apps.clear()
        if ON_POSTGRES:
            for url in self.urls.values():
                _close_recorded(make_url(url).database)
                if url in self.copies and _emptied_for_reuse(url, self.template):
                    _emptied.setdefault(self.template, []).append(url)
                else:
                    drop_postgres_database(url)
        self.urls.clear()
        self.copies.clear()


@contextmanager
def opened(tmp_path: Path, template: str) -> Iterator[Databases]:
    """The Databases of a test, copying the database `template` (see template()), closed when the block ends."""
    held = Databases(tmp_path, template)
    try:
        yield held
    finally:
        held.close()
