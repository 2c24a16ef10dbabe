"""A PostgreSQL server that restarts under a running app: its phones keep polling, the table keeps saving.

The app keeps pooled connections (no ping before each use): those a restart killed are
found by the statement that fails on them, and every one of the pool is replaced then.
Ending the app's connections from the server's side is what a restart does to them.
"""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from tests.databases import ON_POSTGRES

pytestmark = pytest.mark.skipif(not ON_POSTGRES, reason="about a database server's connections; runs on PostgreSQL")

HAND = {"went_out": "Ann", "players": {"Ann": {"melds": ["5H 6H 7H"]}, "Bob": {"in_hand": "KS"}}}


def restart_as_seen_by(app) -> int:
    """End every connection the app holds to its database, as a restarted server does; how many there were."""
    engine = create_engine(app.config["SQLALCHEMY_DATABASE_URI"], poolclass=NullPool)
    try:
        with engine.connect() as connection:
            ended = connection.execute(text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalar_one()
    finally:
        engine.dispose()
    return ended


def version_of(client, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    return page.split('data-version="', 1)[1].split('"', 1)[0]


def test_a_phone_polling_through_a_restart_is_answered_as_before(app, client, table):
    url = table.start("rummy500", ["Ann", "Bob"])
    poll = f"{url}/live?v={version_of(client, url)}"
    assert client.get(poll).status_code == 304

    assert restart_as_seen_by(app) >= 1
    assert client.get(poll).status_code == 304
    assert client.get(f"{url}/hands/new").status_code == 200
    assert table.play(HAND).status_code == 302
    assert table.counts()[1] == 1


def test_a_page_that_finds_its_connection_gone_asks_to_be_sent_again_and_then_works(app, client, table):
    url = table.start("rummy500", ["Ann", "Bob"])
    assert client.get(f"{url}/hands/new").status_code == 200

    assert restart_as_seen_by(app) >= 1
    lost = client.get(f"{url}/hands/new")
    assert lost.status_code == 503
    assert "send it again" in lost.get_data(as_text=True)
    assert lost.headers["Retry-After"]
    assert client.get(f"{url}/hands/new").status_code == 200
    assert table.play(HAND).status_code == 302
