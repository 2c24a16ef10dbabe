"""Error pages: HTML for people, JSON for anything under /api/."""

from __future__ import annotations

import sqlite3

from flask import current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, OperationalError, ProgrammingError
from werkzeug.exceptions import HTTPException, InternalServerError, SecurityError

from scorekeeper.database import schema_behind
from scorekeeper.errors import bp
from scorekeeper.extensions import db
from scorekeeper.host.identity import GUEST_MESSAGE
from scorekeeper.security import host_refused

# what a player at the table should read, per status code
MESSAGES = {
    400: "The request could not be read.",
    403: "This link lets you watch the game, not change it.",
    404: "There is nothing here. The link may be mistyped, or the game was deleted.",
    405: "That page cannot be used this way.",
    413: "That upload is too large.",
    500: "Something went wrong on our side. Nothing you entered was saved half-way.",
    503: "The games' database was busy for too long (a backup being restored, or many saves at once)."
         " Nothing was saved, and what you typed is still on the form: send it again in a moment.",
}
# a server database's connection lost (restarted, say): the pool has replaced its connections meanwhile
LOST_CONNECTION = ("The connection to the games' database was lost (it may have restarted). What you typed is still"
                   " on the form: send it again, and a hand saved already is never saved twice.")
# PostgreSQL's "waited for a lock too long" and "deadlock detected": another transaction won, ours can be retried
POSTGRES_BUSY = {"55P03", "40P01"}
# how long a client is asked to wait before sending again
RETRY_AFTER_SECONDS = 2
# the database's disk is full: SQLite's SQLITE_FULL ("database or disk is full"), PostgreSQL's disk_full
SQLITE_FULL = 13
POSTGRES_DISK_FULL = "53100"
DISK_FULL = ("The disk keeping the games is full: nothing was saved, and what you typed is still on the form. Send it"
             " again once the host has made room on that disk.")
# freeing a disk takes a person: a phone need not ask again every two seconds
DISK_FULL_RETRY_AFTER_SECONDS = 30
SCHEMA_BEHIND = ("The games' database is from an older version of Scorekeeper and must be upgraded first.{saved} The"
                 " host runs the command scorekeeper db upgrade (with the same --data-dir or DATABASE_URL as the"
                 " server); then this page works again.")


def wants_json() -> bool:
    """True when the failing request was made to the JSON API or asked for a .json address."""
    return request.path.startswith("/api/") or request.path.endswith(".json")


def _render(code: int, message: str, title: str | None = None, headers: dict[str, str] | None = None):
    if host_refused():
        return untrusted_host(None)
    # a hand form's background save (sessions/device.py's BACKGROUND_HEADER) keeps the form on screen and says,
    # in the server's words, why it is not saved yet
    if wants_json() or (code >= 500 and request.headers.get("X-Background-Save")):
        return jsonify(error=message), code, headers or {}
    return render_template("errors/error.html", code=code, message=message, title=title), code, headers or {}


def database_busy(error: OperationalError) -> bool:
    """True when the database refused a statement only because another transaction held it too long."""
    cause = error.orig
    if isinstance(cause, sqlite3.OperationalError):
        return "locked" in str(cause)  # "database is locked", "database table is locked"
    return getattr(cause, "sqlstate", None) in POSTGRES_BUSY


@bp.app_errorhandler(SecurityError)
def untrusted_host(error: SecurityError | None):
    """A Host header the app does not answer to (see security.trusted_hosts): plain words, no links to it."""
    return (
        "This address is not one Scorekeeper answers to. Open the address the host printed,"
        " or add this name to ALLOWED_HOSTS.",
        400,
        {"Content-Type": "text/plain; charset=utf-8"},
    )


@bp.app_errorhandler(CSRFError)
def csrf_error(error: CSRFError):
    """A form posted without its CSRF token (an old page, or another site)."""
    return _render(
        400,
        "This form could not be accepted: it was not sent from this page, or it is too old."
        " Nothing was saved. Go back, reload the page and enter it again.",
    )


@bp.app_errorhandler(400)
@bp.app_errorhandler(403)
@bp.app_errorhandler(404)
@bp.app_errorhandler(405)
@bp.app_errorhandler(413)
def http_error(error: HTTPException):
    """The friendly page (or JSON body) for the client errors we expect."""
    code = error.code or 500
    # a description given to abort() is meant for the user; werkzeug's stock ones are not
    message = error.description
    if not message or message == type(error).description:
        message = MESSAGES.get(code, error.name)
    return _render(code, message, title="For the host only" if message == GUEST_MESSAGE else None)


def disk_full(error: DBAPIError) -> bool:
    """True when the database refused to write because its disk (or SQLite's page limit) is full."""
    cause = error.orig
    if isinstance(cause, sqlite3.Error):
        return (getattr(cause, "sqlite_errorcode", 0) & 0xFF) == SQLITE_FULL
    return getattr(cause, "sqlstate", None) == POSTGRES_DISK_FULL


@bp.app_errorhandler(OperationalError)
@bp.app_errorhandler(ProgrammingError)
def database_error(error: DBAPIError):
    """503 for what sending again, or the host, can mend: a database busy past the wait (SQLite's timeout, a
    PostgreSQL lock), a connection lost, a full disk, a schema not upgraded yet; any other fault is a 500."""
    db.session.rollback()
    if error.connection_invalidated:
        # SQLAlchemy saw the connection die and replaced every connection of the pool: sent again, it finds a live one
        current_app.logger.warning("A request lost its database connection: %s", error.orig)
        return _render(503, LOST_CONNECTION, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if database_busy(error):
        current_app.logger.warning("A request gave up waiting for the database: %s", error.orig)
        return _render(503, MESSAGES[503], headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if disk_full(error):
        # the host must act: said once per request, without a traceback that would fill the log of a full disk
        current_app.logger.error("The database's disk is full; nothing was saved: %s", error.orig)
        return _render(503, DISK_FULL, title="The disk is full",
                       headers={"Retry-After": str(DISK_FULL_RETRY_AFTER_SECONDS)})
    if schema_behind():
        current_app.logger.error("The database's schema is older than this code's: run `scorekeeper db upgrade`")
        # only a request that writes was refused whole: a page read after a save (the hand saved, the page it
        # redirects to asking a newer table) must not say that nothing was saved
        saved = "" if request.method in ("GET", "HEAD") else " Nothing was saved."
        return _render(503, SCHEMA_BEHIND.format(saved=saved), title="The database needs an upgrade")
    raise error  # a real fault: Flask logs it and answers with the 500 page


@bp.app_errorhandler(500)
def internal_error(error: InternalServerError):
    """Roll back whatever the failed request had started, then say so."""
    db.session.rollback()
    return _render(500, MESSAGES[500])
