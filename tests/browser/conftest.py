"""Browser tests: a real server on 127.0.0.1 with its own database, driven by Debian's chromium."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect
from werkzeug.serving import make_server

from tests.databases import Databases

# Debian's chromium packages (`playwright install` cannot download browsers here). Headless, the tests
# drive chromium-headless-shell: the same Blink and V8 without the desktop browser around them, which
# is what Playwright itself runs when headless. The whole browser spent about 40% more CPU on the same
# tests (6 min 44 s against 4 min 36 s on 2 cores). SCOREKEEPER_TEST_CHROMIUM names another binary
# (/usr/bin/chromium for the whole browser); --headed always shows the whole browser.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
WHOLE_BROWSER = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
# screens kept to be looked at by a person (git ignores the folder): the hand form, the review page
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"
PHONE = {"width": 390, "height": 844}
# how often the served pages ask for news: a fifth of the 2.5 s a table's phones wait, so that a test of
# what follows a change waits less; a test marked poll_ms(n) is served at n (the product's own figure, say)
POLL_MS = 500


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as a browser test."""
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's chromium (its headless shell unless headed or told otherwise, see HEADLESS_SHELL)."""
    headed = browser_type_launch_args.get("headless") is False
    chromium = os.environ.get("SCOREKEEPER_TEST_CHROMIUM") or (WHOLE_BROWSER if headed else HEADLESS_SHELL)
    if not Path(chromium).exists():
        # make test installs it; a missing one is a broken setup, never a silent skip
        pytest.fail(f"{chromium} is not installed: run `make test-setup`")
    return {**browser_type_launch_args, "executable_path": chromium}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A phone-sized screen with touch, as at the table."""
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


def serve(databases: Databases, request: pytest.FixtureRequest | None = None, **config
          ) -> Iterator[tuple[str, object]]:
    """Serve a fresh app on its own empty database on a free port of 127.0.0.1; yields its base URL and the app.

    The pages poll every POLL_MS, or as the requesting test's poll_ms mark says.
    """
    marked = request.node.get_closest_marker("poll_ms") if request else None
    config.setdefault("LIVE_POLL_MS", marked.args[0] if marked else POLL_MS)
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
def live_server(databases: Databases, request: pytest.FixtureRequest) -> Iterator[str]:
    """Serve a fresh app on a free port of 127.0.0.1, this browser being the host; yields its base URL."""
    for url, _ in serve(databases, request):
        yield url


@pytest.fixture
def lan_server(databases: Databases, request: pytest.FixtureRequest) -> Iterator[tuple[str, object]]:
    """Serve a fresh app as `serve --lan` does: every browser is a guest until it opens the host link."""
    yield from serve(databases, request, LOOPBACK_IS_HOST=False)


@pytest.fixture
def screenshot(request: pytest.FixtureRequest):
    """Call with a page to keep a screenshot of its last screen under test-artifacts/."""
    def take(page, name: str | None = None) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name or request.node.name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def keep_screen():
    """Call with a page and a name to keep what is on the phone's screen now in tests/screenshots/<name>.png."""
    def take(page, name: str, full_page: bool = False) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take



def who_went_out(page: Page, label: str = "Who went out") -> Locator:
    """The hand form's row of names to tick who went out (its legend is the game's word: "Who declared", "Knocker")."""
    return page.get_by_role("group", name=label, exact=True)


def choose_who_went_out(page: Page, name: str, label: str = "Who went out") -> None:
    """Tick who went out on the hand form: one tap on their name in the row."""
    who_went_out(page, label).get_by_role("radio", name=name, exact=True).check()


def expect_who_went_out(page: Page, name: str, label: str = "Who went out") -> None:
    """Assert the row of who went out has `name` ticked (a draft put back, a part merged, a form sent back)."""
    expect(who_went_out(page, label).get_by_role("radio", name=name, exact=True)).to_be_checked()

# Marks the page about to be tapped, and notes in it whether the tap starts loading another
# document (a link, a form posted the ordinary way); same-document changes and downloads do not.
MARK_BEFORE_TAP = """() => {
  window.__tapped = true;
  window.__leaving = false;
  if (window.__watching) return;
  window.__watching = true;
  const leaving = () => { window.__leaving = true; };
  if (window.navigation) {
    navigation.addEventListener("navigate", (event) => {
      if (!event.destination.sameDocument && !event.downloadRequest) leaving();
    });
  }
  window.addEventListener("beforeunload", leaving);
}"""

# Settled: either the tap left this page as it was, or the next page has loaded and run its scripts.
SETTLED_AFTER_TAP = "() => !(window.__tapped && window.__leaving) && document.readyState === 'complete'"


def mark_before_tap(page) -> None:
    """Mark the page about to be tapped; if it is being replaced right now, mark the page that replaces it."""
    for _ in range(3):
        try:
            page.evaluate(MARK_BEFORE_TAP)
            return
        except PlaywrightError as exc:
            # a navigation the page started itself (a background save going to the scoreboard) is under way
            if "Execution context was destroyed" not in str(exc):
                raise
            page.wait_for_load_state()
    page.evaluate(MARK_BEFORE_TAP)


@pytest.fixture(autouse=True)
def taps_wait_for_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a tap or click that opens a page, wait until that page has loaded and its scripts run.

    Playwright's pointer actions return without waiting for the page they open, so the next step
    would race that page's deferred scripts (drafts, background save): a test could reload before
    the draft script ran, or press Save before it posts in the background. Nobody at the table taps
    within those milliseconds; a test that did would fail now and then under load.
    """
    for name in ("tap", "click"):
        action = getattr(Locator, name)

        def acted(self: Locator, *args, _action=action, **kwargs) -> None:
            mark_before_tap(self.page)
            _action(self, *args, **kwargs)
            # polled on a timer, not on animation frames: a browser may hold back the frames of a page that
            # is not in front (several contexts share one chromium), and a JavaScript-off page's wait then
            # timed out once on CI after its page had loaded
            self.page.wait_for_function(SETTLED_AFTER_TAP, polling=100)

        monkeypatch.setattr(Locator, name, acted)
