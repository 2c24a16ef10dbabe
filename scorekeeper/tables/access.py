"""Capability links: a session's edit token gives full access, its view token read-only access.

What a poll asks of a link before anything is loaded: the game's version (and id, creation time and edit
token), in one indexed lookup on a pooled connection. Opening the game itself is tables.table.Table.open.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any, Literal, NamedTuple

from sqlalchemy import bindparam, or_, select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession

Access = Literal["edit", "view"]


# the statements below are built once: a phone polls every few seconds, and building a statement costs as much
# as running it (the query that opens a whole table is tables/table.py's)
BY_TOKEN = or_(GameSession.edit_token == bindparam("token"), GameSession.view_token == bindparam("token"))
_CURRENT = select(GameSession.id, GameSession.created_at, GameSession.version, GameSession.edit_token).where(BY_TOKEN)


def current(token: str) -> Any:
    """The session a token opens, as a row of id, created_at, version and edit_token (None for none): no object loaded."""
    return _lookup(_CURRENT, token)


def current_on(engine: Any, token: str) -> Any:
    """current on the given engine: what the live poll's shortcut asks outside any app context."""
    return _lookup(_CURRENT, token, engine)


class _Prepared(NamedTuple):
    """A lookup by token compiled once for a database's dialect: its SQL, parameters and column types."""

    sql: str
    positions: tuple[str, ...] | None  # the parameters' names in order, for a driver that takes them so
    row: Any  # the row's type: a named tuple of the selected columns
    processors: tuple[Any, ...]  # what makes each column's value a Python value, as SQLAlchemy reads it

    def args(self, token: str) -> Any:
        return {"token": token} if self.positions is None else tuple(token for _ in self.positions)

    def read(self, values: Any) -> Any:
        return self.row(*(value if process is None else process(value)
                          for process, value in zip(self.processors, values)))


_PREPARED: dict[tuple[int, str, str], _Prepared] = {}


def _prepared(statement: Any, dialect: Any) -> _Prepared:
    key = (id(statement), dialect.name, dialect.paramstyle)  # the statements are this module's, made once
    found = _PREPARED.get(key)
    if found is None:
        compiled = statement.compile(dialect=dialect)
        columns = list(statement.selected_columns)
        found = _PREPARED[key] = _Prepared(
            sql=str(compiled),
            positions=tuple(compiled.positiontup) if compiled.positional else None,
            row=namedtuple("Found", [column.key for column in columns]),  # type: ignore[misc]
            processors=tuple(column.type.dialect_impl(dialect).result_processor(dialect, None)
                             for column in columns),
        )
    return found


def _lookup(statement: Any, token: str, engine: Any = None) -> Any:
    """Run a lookup by token on a pooled connection of its own, outside the ORM session: a poll needs no more.

    The statement goes to the database driver as compiled once (executing it through
    SQLAlchemy costs several times the query itself); its row comes back as SQLAlchemy
    would read it (a named tuple; dates as dates). The connection is back in the pool
    before any other query of the request (the ORM session's, if any) asks for one.
    A connection found dead (a restarted database server) is replaced as SQLAlchemy does
    for its own statements (the whole pool with it), and the lookup asked once more.
    """
    engine = engine or db.engine
    prepared = _prepared(statement, engine.dialect)
    try:
        return _run(engine, prepared, token)
    except _Lost:
        return _run(engine, prepared, token)


class _Lost(Exception):
    """The lookup's connection was dead: its pool has been replaced."""


def _run(engine: Any, prepared: _Prepared, token: str) -> Any:
    connection = engine.raw_connection()
    # on a database server, a lone read in autocommit is one round trip, not three (no BEGIN before it, no
    # ROLLBACK when the connection goes back to the pool); SQLite's driver begins no transaction for a read
    alone = engine.dialect.name != "sqlite"
    try:
        if alone:
            engine.dialect.set_isolation_level(connection.dbapi_connection, "AUTOCOMMIT")
        cursor = connection.cursor()
        try:
            cursor.execute(prepared.sql, prepared.args(token))
            values = cursor.fetchone()
        finally:
            cursor.close()
        if alone:
            engine.dialect.reset_isolation_level(connection.dbapi_connection)
    except engine.dialect.loaded_dbapi.Error as error:
        lost = engine.dialect.is_disconnect(error, connection.dbapi_connection, None)
        # never back to the pool: it may be dead, or still in autocommit
        connection.invalidate(error)
        if not lost:
            raise
        # every connection opened before the server went away is as dead as this one: SQLAlchemy's
        # own handling of a disconnect replaces them all (the ones in use when they come back)
        engine.dispose()
        raise _Lost from error
    finally:
        connection.close()
    return None if values is None else prepared.read(values)
