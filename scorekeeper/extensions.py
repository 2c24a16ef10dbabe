"""Flask extensions, created here and bound to the app in create_app."""

from __future__ import annotations

import sqlite3

from flask import current_app, request
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import csrf as flask_wtf_csrf
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base for the typed models."""


class CSRFProtect(flask_wtf_csrf.CSRFProtect):
    """Flask-WTF's CSRF protection, which lets a GET through before looking up whether its view is exempt."""

    def protect(self, apply_exemptions: bool = False) -> None:
        """Validate CSRF on the current request, as Flask-WTF does; a method it never checks is let through first."""
        # Flask-WTF asks for the request's endpoint, blueprint and view before the method: every page paid for it
        if request.method not in current_app.config["WTF_CSRF_METHODS"]:
            return
        super().protect(apply_exemptions)


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
# bound in create_app to the migrations inside the package (scorekeeper/migrations)
migrate = Migrate()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    # python 3.11's sqlite3 has no autocommit attribute, so pragmas go in a connect listener
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        # no busy_timeout pragma: sqlite3.connect's `timeout` (LOCK_WAIT_SECONDS, see database.engine_options)
        # already is how long a writer waits for another's transaction
        cursor.close()
        # SQLite's own lower() folds only A-Z, so "Émile" would never match "émile": names are matched
        # ignoring case by lower() on both sides, with Python's folding (as PostgreSQL's lower() does)
        dbapi_connection.create_function("lower", 1, _lower, deterministic=True)


def _lower(value: object) -> object:
    """SQL lower() for SQLite, folding every letter's case as Python does; NULL stays NULL."""
    return value.lower() if isinstance(value, str) else value
