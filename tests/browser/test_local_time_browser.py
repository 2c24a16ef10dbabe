"""Times in the viewer's own zone: a New York phone reads a game started at 18:30 UTC as 2:30 PM EDT."""

from __future__ import annotations

from datetime import datetime

import pytest
from playwright.sync_api import expect

from scorekeeper.extensions import db
from tests.browser.conftest import PHONE, serve
from tests.test_history_games import SAMPLES, store_sample

PLAYED = datetime(2026, 7, 4, 18, 30)  # UTC; 14:30 in New York (EDT, UTC-4)


@pytest.fixture
def played(databases) -> tuple[str, str]:
    """A server holding a Persian game started at PLAYED; its base URL and the game's view token."""
    for url, app in serve(databases):
        with app.app_context():
            gs = store_sample(SAMPLES["persian"])
            db.session.commit()
            gs.created_at = gs.updated_at = PLAYED
            db.session.commit()
            token = gs.view_token
        yield url, token


def test_times_are_rewritten_in_the_viewers_zone_and_stay_utc_without_script(browser, played, screenshot):
    url, token = played
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                timezone_id="America/New_York", locale="en-US")
    page = phone.new_page()
    page.goto(f"{url}/s/{token}/review")
    started = page.locator("time[datetime='2026-07-04T18:30:00Z']")
    expect(started).to_have_text("Jul 4, 2026, 02:30 PM EDT")
    expect(started).to_have_attribute("title", "04 Jul 2026, 18:30 UTC")
    screenshot(page, "local_time_review")
    page.goto(f"{url}/")
    expect(page.locator("time[datetime='2026-07-04T18:30:00Z']")).to_have_text("Jul 4, 02:30 PM EDT")
    phone.close()

    # without script the server's text stays, and says it is UTC
    still = browser.new_context(viewport=PHONE, java_script_enabled=False, timezone_id="America/New_York")
    page = still.new_page()
    page.goto(f"{url}/s/{token}/review")
    expect(page.locator("time[datetime='2026-07-04T18:30:00Z']")).to_have_text("04 Jul 2026, 18:30 UTC")
    still.close()
