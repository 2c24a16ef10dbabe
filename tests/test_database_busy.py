"""A save the database keeps waiting too long (a restore, many saves at once) is refused with 503: try again.

The table is told that nothing was saved and to send it again; the same form sent again once the
database is free saves the hand once. Never a 500, never half a hand.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

from sqlalchemy import create_engine, func, select, text
from sqlalchemy.exc import DBAPIError

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.conftest import Table


def impatient(url: str) -> dict:
    """Engine options under which a statement gives up after a tenth of a second's wait for a lock."""
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 0.1}}
    return {"connect_args": {"options": "-c lock_timeout=100"}}


@contextmanager
def another_writer_holds(url: str, at_most: int | None = None):
    """Another process's long transaction: it holds the database (SQLite) or the hand table (PostgreSQL).

    With `at_most` (seconds; PostgreSQL) the server ends it then, so that a save that waits for it
    ever ends too: a test of a missing lock timeout fails instead of hanging.
    """
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as other:
        if url.startswith("sqlite"):
            other.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            if at_most:
                other.exec_driver_sql(f"SET idle_in_transaction_session_timeout = '{at_most}s'")
            other.exec_driver_sql("BEGIN")
            other.exec_driver_sql("LOCK TABLE hand IN EXCLUSIVE MODE")
        try:
            yield
        finally:
            try:
                other.exec_driver_sql("ROLLBACK")
            except DBAPIError:
                pass  # the server ended it (at_most)
            other.invalidate()
    engine.dispose()


def hands_in(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand))


def test_a_save_that_waits_too_long_for_the_database_says_so_and_saves_once_sent_again(databases):
    url = databases.url("test")
    app = databases.app("test", WTF_CSRF_ENABLED=False, SQLALCHEMY_ENGINE_OPTIONS=impatient(url))
    table = Table(app.test_client(), app)
    table.start("rummy500", ["Ann", "Ben"])
    form = table.hand_form({"went_out": "Ann", "points": {"Ann": 30, "Ben": -5}})
    with another_writer_holds(url):
        busy = table.client.post(f"{table.url}/hands/new", data=form)
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "2"
    page = busy.get_data(as_text=True)
    assert "Nothing was saved" in page and "send it again" in page
    assert hands_in(app) == 0
    # the same form (same idempotency key) sent again once the database is free: saved, once
    assert table.client.post(f"{table.url}/hands/new", data=form).status_code == 302
    assert table.client.post(f"{table.url}/hands/new", data=form).status_code == 302
    assert hands_in(app) == 1


def test_a_database_fault_that_is_not_a_busy_database_is_still_a_500(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False
    table = Table(app.test_client(), app)
    table.start("rummy500", ["Ann", "Ben"])
    with app.app_context():
        # a schema the code does not match: no "hand" table to read
        db.session.execute(text("ALTER TABLE hand RENAME TO hand_gone"))
        db.session.commit()
    response = table.client.get(table.url)
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.get_data(as_text=True)


def test_a_save_the_database_keeps_waiting_gives_up_after_the_apps_own_lock_wait(databases):
    # no engine options of the test's own: the app's LOCK_WAIT_SECONDS alone (PostgreSQL's lock_timeout
    # on each of its connections); without it a save waited for the whole 45 s lock, past gunicorn's timeout
    url = databases.url("test")
    app = databases.app("test", WTF_CSRF_ENABLED=False, LOCK_WAIT_SECONDS=1)
    table = Table(app.test_client(), app)
    table.start("rummy500", ["Ann", "Ben"])
    form = table.hand_form({"went_out": "Ann", "points": {"Ann": 30, "Ben": -5}})
    with another_writer_holds(url, at_most=8):
        started = time.monotonic()
        busy = table.client.post(f"{table.url}/hands/new", data=form)
        waited = time.monotonic() - started
    assert busy.status_code == 503, busy.status_code
    assert busy.headers["Retry-After"] == "2"
    assert 0.9 <= waited < 4
    assert hands_in(app) == 0
    assert table.client.post(f"{table.url}/hands/new", data=form).status_code == 302
    assert hands_in(app) == 1
