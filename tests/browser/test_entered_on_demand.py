"""On the scoreboard, an earlier hand's cards come when its line is opened; the last hand's are there already."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_live_view import start_game


def enter_points(page, ann: str, ben: str) -> None:
    page.get_by_role("link", name="Enter as points").click()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's points").fill(ann)
    page.get_by_label("Ben's points").fill(ben)
    page.get_by_role("button", name=re.compile(r"^Save hand")).click()


def test_opening_an_earlier_hand_shows_what_was_entered(page, live_server, screenshot):
    start_game(page, live_server)
    enter_points(page, "40", "-10")
    enter_points(page, "5", "25")
    entered = page.locator("section.entered")
    # the last hand's entry is on the page; the first's is fetched when it is opened
    expect(entered.locator("details").nth(1).locator(".hand-summary")).to_contain_text("Ben: 25 points")
    first = entered.locator("details").nth(0)
    expect(first.locator(".hand-summary")).to_have_count(0)
    first.locator("summary").click()
    expect(first.locator(".hand-summary")).to_contain_text("Ann: 40 points")
    expect(first.locator(".entered-link")).to_have_count(0)
    screenshot(page)
