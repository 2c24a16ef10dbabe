"""Fixtures for the web tests: a fresh app on an empty database (see tests/databases.py), its client and CLI runner."""

from __future__ import annotations

import atexit
import html
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand
from tests.databases import ON_POSTGRES, Databases, opened, template

# scripts the tests run in processes of their own (one of them crashes its interpreter on purpose)
collect_ignore = ["scripts"]


def pytest_configure(config: pytest.Config) -> None:
    """Keep every app the tests make out of the checkout's instance/ (and any SCOREKEEPER_INSTANCE_PATH set).

    Tests replace the host key: run in the checkout's folder, they took host rights away from
    the developer's own devices, and raced the other test processes that read the same key.
    """
    folder = tempfile.mkdtemp(prefix="scorekeeper-tests-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = folder


@pytest.fixture(autouse=True)
def own_instance_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's apps keep their host key and secrets in a folder of the test's own."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))


@pytest.hookimpl(trylast=True)  # after tests/browser/conftest.py has marked the browser tests
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On PostgreSQL, run only the tests that touch a database; browser tests ran in the SQLite pass."""
    if not ON_POSTGRES:
        return
    kept, dropped = [], []
    for item in items:
        # a test's own databases, or a module's built from the same template
        touches = {"databases", "schema_template"} & set(getattr(item, "fixturenames", ())) or item.get_closest_marker(
            "database")
        (kept if touches and not item.get_closest_marker("browser") else dropped).append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept


@pytest.fixture(scope="session")
def schema_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database the migrations brought to the newest schema, once per test process; yields its URL."""
    with template(tmp_path_factory.mktemp("template")) as url:
        yield url


@pytest.fixture
def databases(tmp_path: Path, schema_template: str) -> Iterator[Databases]:
    """The test's databases: SQLite files in tmp_path, or PostgreSQL databases dropped afterwards."""
    with opened(tmp_path, schema_template) as held:
        yield held


@pytest.fixture
def app(databases: Databases) -> Iterator[Any]:
    """A fresh app on its own empty database; CSRF off unless a test turns it on.

    The test client asks from 127.0.0.1, as the host would on a loopback-only server;
    tests of guests ask from another address (see test_host_guests.py).
    """
    yield databases.app("test", WTF_CSRF_ENABLED=False)


@pytest.fixture
def client(app):
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner of the app."""
    return app.test_cli_runner()


_TOTAL = re.compile(r'data-total-for="([^"]*)" data-total="(-?\d+)"')
_STATUS = re.compile(r'data-status="([^"]*)" data-winner="([^"]*)"')


class Table:
    """A table of players driving the app through the test client, as a browser would post."""

    def __init__(self, client, app) -> None:
        self.client = client
        self.app = app
        self.url: str | None = None
        self.names: list[str] = []

    def start(self, game: str, names: list[str], **options: Any) -> str:
        """Start a session from the new-session form; returns the scoreboard URL."""
        data = {f"players-{i}": name for i, name in enumerate(names)}
        for name, value in options.items():
            if value is True:
                data[f"opt_{name}"] = "y"
            elif value is not False:
                data[f"opt_{name}"] = str(value)
        response = self.client.post(f"/new/{game}", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        self.url = response.headers["Location"]
        self.names = names
        return self.url

    @property
    def token(self) -> str:
        """The edit token in the session URL."""
        assert self.url
        return self.url.rstrip("/").split("/")[-1]

    def hand_form(self, hand: dict[str, Any], key: str | None = None) -> dict[str, str]:
        """Form fields for a hand given as {"went_out": ..., "players": {name: {...}}} or {"points": {...}}."""
        data: dict[str, str] = {"idempotency_key": key or secrets.token_urlsafe(12)}
        ended = hand.get("ended", "went_out")
        data["ended"] = ended
        if hand.get("went_out"):
            data["went_out"] = hand["went_out"]
        if hand.get("concealed"):
            data["concealed"] = "y"
        if hand.get("big_gin"):
            data["big_gin"] = "y"
        if hand.get("wild_rank"):
            data["wild_rank"] = hand["wild_rank"]
        if "points" in hand:
            data["mode"] = "points"
            for i, name in enumerate(self.names):
                data[f"points-{i}"] = str(hand["points"].get(name, ""))
            return data
        data["mode"] = "cards"
        for seat, name in enumerate(self.names):
            part = hand.get("players", {}).get(name, {})
            melds = part.get("melds", [])
            for row, meld in enumerate(melds or [""]):
                data[f"players-{seat}-melds-{row}"] = meld
            for row, (cards, owner, meld_index) in enumerate(part.get("layoffs", [])):
                data[f"players-{seat}-layoffs-{row}-cards"] = cards
                data[f"players-{seat}-layoffs-{row}-onto"] = f"{self.names.index(owner)}:{meld_index}"
            data[f"players-{seat}-in_hand"] = part.get("in_hand", "")
            if part.get("state"):
                # one tap for how the player left the hand without cards (Indian Rummy's drops, a wrong show)
                data[f"players-{seat}-state"] = part["state"]
        return data

    def play(self, hand: dict[str, Any], key: str | None = None):
        """Post a hand to the new-hand form; returns the response."""
        return self.client.post(f"{self.url}/hands/new", data=self.hand_form(hand, key))

    def edit(self, hand_id: int, hand: dict[str, Any], version: int):
        """Post a changed hand to the edit form of hand `hand_id`."""
        data = self.hand_form(hand)
        data["hand_version"] = str(version)
        return self.client.post(f"{self.url}/hands/{hand_id}/edit", data=data)

    def page(self) -> str:
        """The scoreboard page's HTML."""
        response = self.client.get(self.url)
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def totals(self) -> dict[str, int]:
        """The totals the scoreboard shows, per player (per partnership in Persian)."""
        return {html.unescape(name): int(total) for name, total in _TOTAL.findall(self.page())}

    def status(self) -> tuple[str, str]:
        """The scoreboard's status and winner ("" while nobody has won)."""
        found = _STATUS.search(self.page())
        assert found, "the scoreboard shows no status"
        return found.group(1), html.unescape(found.group(2))

    def hand_ids(self) -> list[int]:
        """Ids of the session's hands in order of play."""
        with self.app.app_context():
            gs = db.session.execute(select(GameSession)).scalars().all()
            [session] = [g for g in gs if g.edit_token == self.token]
            return [h.id for h in session.hands]

    def counts(self) -> tuple[int, int, int]:
        """Rows stored: sessions, hands, and the session's version (to prove nothing was written)."""
        with self.app.app_context():
            sessions = db.session.scalar(select(func.count()).select_from(GameSession))
            hands = db.session.scalar(select(func.count()).select_from(Hand))
            version = db.session.scalar(select(func.coalesce(func.sum(GameSession.version), 0)))
            return sessions, hands, version


@pytest.fixture
def table(client, app) -> Table:
    """A Table helper on the test client."""
    return Table(client, app)
