"""A phone that has seen the scoreboard once asks for nothing but the page when it looks again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import serve
from tests.browser.test_live_view import start_game
from tests.databases import Databases


@pytest.fixture
def counted_server(databases: Databases) -> Iterator[tuple[str, list[str]]]:
    """A served app that notes the path of every request it answers; yields its base URL and that list."""
    for url, app in serve(databases):
        paths: list[str] = []
        inner = app.wsgi_app

        def counting(environ, start_response, paths=paths, inner=inner):
            paths.append(environ["PATH_INFO"])
            return inner(environ, start_response)

        app.wsgi_app = counting
        yield url, paths


def test_a_repeat_view_of_the_scoreboard_fetches_only_the_page(page, counted_server):
    url, paths = counted_server
    errors: list[str] = []
    # (chromium asks for /favicon.ico, which is not there)
    page.on("console", lambda message: errors.append(message.text) if message.type == "error"
            and not message.location.get("url", "").endswith("/favicon.ico") else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_game(page, url)
    scoreboard = page.url
    # the first view fetched the style, the scripts and every module they import, all under hashed names
    fetched = [path for path in paths if path.startswith("/static/")]
    assert any("/static/js/poll." in path for path in fetched)
    for path in fetched:
        assert re.fullmatch(r"/static/.+\.[0-9a-f]{12}\.[a-z]+", path), path
    # and the scripts run: share-panel.js shows the copy buttons
    page.locator("#share summary").click()
    expect(page.locator("button[data-copy]").first).to_be_visible()

    del paths[:]
    page.goto(scoreboard)
    expect(page.locator(".scoreboard")).to_be_visible()
    page.wait_for_load_state("load")
    # live.js, from the browser's cache with the poll.js it imports, still asks whether the game changed
    page.wait_for_function("performance.getEntriesByType('resource').some(e => e.name.includes('/live'))",
                           timeout=6000)
    assert [path for path in paths if not path.endswith("/live")] == [scoreboard.removeprefix(url)]
    assert not errors
