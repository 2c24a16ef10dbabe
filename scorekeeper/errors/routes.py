"""Error pages: HTML for people, JSON for anything under /api/."""

from __future__ import annotations

import sqlite3

from flask import current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, InternalServerError, SecurityError

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
         " Nothing was saved: go back and send it again in a moment; what you typed is still on the form.",
}
# a server database's connection lost (restarted, say): the pool has replaced its connections meanwhile
LOST_CONNECTION = ("The connection to the games' database was lost (it may have restarted). Go back and send it"
                   " again: a hand saved already is never saved twice.")
# PostgreSQL's "waited for a lock too long" and "deadlock detected": another transaction won, ours can be retried
POSTGRES_BUSY = {"55P03", "40P01"}
# how long a client is asked to wait before sending again
RETRY_AFTER_SECONDS = 2


def wants_json() -> bool:
    """True when the failing request was made to the JSON API or asked for a .json address."""
    return request.path.startswith("/api/") or request.path.endswith(".json")


def _render(code: int, message: str, title: str | None = None, headers: dict[str, str] | None = None):
    if host_refused():
        return untrusted_host(None)
    if wants_json():
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


@bp.app_errorhandler(OperationalError)
def operational_error(error: OperationalError):
    """A database still busy after the wait (SQLite's timeout, a PostgreSQL lock) or a connection lost: 503, try
    again; else a fault."""
    db.session.rollback()
    if error.connection_invalidated:
        # SQLAlchemy saw the connection die and replaced every connection of the pool: sent again, it finds a live one
        current_app.logger.warning("A request lost its database connection: %s", error.orig)
        return _render(503, LOST_CONNECTION, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if not database_busy(error):
        raise error  # a real fault: Flask logs it and answers with the 500 page
    current_app.logger.warning("A request gave up waiting for the database: %s", error.orig)
    return _render(503, MESSAGES[503], headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


@bp.app_errorhandler(500)
def internal_error(error: InternalServerError):
    """Roll back whatever the failed request had started, then say so."""
    db.session.rollback()
    return _render(500, MESSAGES[500])
