"""Where a test's database lives: an SQLite file in its tmp_path, or a fresh PostgreSQL database.

`make test` runs the suite twice: on SQLite, then with SCOREKEEPER_TEST_DATABASE_URL naming a
throwaway PostgreSQL server (see tests/run_postgres.sh). Every fixture that makes an app gets
its database here, so each test starts on an empty database of either kind, and a PostgreSQL
one is dropped when the test ends.
"""

from __future__ import annotations

import os
import secrets
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


def create_postgres_database() -> str:
    """CREATE an empty database with a new name; returns its URL."""
    from sqlalchemy import event
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import Pool

    if not event.contains(Pool, "connect", _record):
        event.listen(Pool, "connect", _record)
    name = f"sk_test_{os.getpid()}_{secrets.token_hex(6)}"
    _opened[name] = []
    _as_admin(f'CREATE DATABASE "{name}"')
    return make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(url: str) -> None:
    """DROP the database `url` names, closing whatever is still connected to it."""
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    for connection in _opened.pop(name, []):
        if not connection.closed:
            connection.close()
    _as_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Databases:
    """The databases of one test, by name: SQLite files in tmp_path, or PostgreSQL databases dropped at close()."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.urls: dict[str, str] = {}
        self.apps: list[Any] = []

    def url(self, name: str = "test") -> str:
        """The URL of the test's database `name` (the same one each time it is asked for)."""
        if name not in self.urls:
            if ON_POSTGRES:
                self.urls[name] = create_postgres_database()
            else:
                self.urls[name] = f"sqlite:///{self.tmp_path / f'{name}.sqlite'}"
        return self.urls[name]

    def app(self, name: str = "test", /, **config: Any):
        """A fresh app on the database `name`: TESTING, the test client as the host, CSRF on unless `config` says."""
        from scorekeeper import create_app

        app = create_app({
            "TESTING": True, "LOOPBACK_IS_HOST": True, "SECRET_KEY": "tests",
            "SQLALCHEMY_DATABASE_URI": self.url(name), **config,
        })
        self.apps.append(app)
        return app

    def close(self) -> None:
        """Close every app's connections, then drop the PostgreSQL databases."""
        from scorekeeper.extensions import db

        for app in self.apps:
            with app.app_context():
                db.engine.dispose()
        self.apps.clear()
        if ON_POSTGRES:
            for url in self.urls.values():
                drop_postgres_database(url)
        self.urls.clear()


@contextmanager
def opened(tmp_path: Path) -> Iterator[Databases]:
    """The Databases of a test, closed when the block ends."""
    held = Databases(tmp_path)
    try:
        yield held
    finally:
        held.close()
