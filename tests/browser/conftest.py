"""Browser tests: a real server on 127.0.0.1 with its own database, driven by Debian's chromium."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.databases import Databases

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as a browser test."""
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's chromium: `playwright install` cannot download browsers here."""
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        # make test installs chromium; a missing one is a broken setup, never a silent skip
        pytest.fail("Debian's chromium is not installed: run `make test-setup`")
    return {**browser_type_launch_args, "executable_path": CHROMIUM}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A phone-sized screen with touch, as at the table."""
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


def serve(databases: Databases, **config) -> Iterator[tuple[str, object]]:
    """Serve a fresh app on its own empty database on a free port of 127.0.0.1; yields its base URL and the app."""
    app = databases.app("browser", SECRET_KEY="browser-tests", **config)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", app
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture
def live_server(databases: Databases) -> Iterator[str]:
    """Serve a fresh app on a free port of 127.0.0.1, this browser being the host; yields its base URL."""
    for url, _ in serve(databases):
        yield url


@pytest.fixture
def lan_server(databases: Databases) -> Iterator[tuple[str, object]]:
    """Serve a fresh app as `serve --lan` does: every browser is a guest until it opens the host link."""
    yield from serve(databases, LOOPBACK_IS_HOST=False)


@pytest.fixture
def screenshot(request: pytest.FixtureRequest):
    """Call with a page to keep a screenshot of its last screen under test-artifacts/."""
    def take(page, name: str | None = None) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name or request.node.name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
