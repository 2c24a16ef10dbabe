"""A save the database keeps waiting too long (a restore, many saves at once) is refused with 503: try again.

The table is told that nothing was saved and to send it again; the same form sent again once the
database is free saves the hand once. Never a 500, never half a hand.
"""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import create_engine, func, select, text

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.conftest import Table


def impatient(url: str) -> dict:
    """Engine options under which a statement gives up after a tenth of a second's wait for a lock."""
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 0.1}}
    return {"connect_args": {"options": "-c lock_timeout=100"}}


@contextmanager
def another_writer_holds(url: str):
    """Another process's long transaction: it holds the database (SQLite) or the hand table (PostgreSQL)."""
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as other:
        if url.startswith("sqlite"):
            other.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            other.exec_driver_sql("BEGIN")
            other.exec_driver_sql("LOCK TABLE hand IN EXCLUSIVE MODE")
        try:
            yield
        finally:
            other.exec_driver_sql("ROLLBACK")
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
