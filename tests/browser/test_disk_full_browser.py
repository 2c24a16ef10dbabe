"""A hand saved while the server's disk is full: the phone keeps the form as typed, says why, and saves it once
there is room again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import serve
from tests.browser.test_never_lose_a_hand import fits_the_phone, start, stored_hands, totals
from tests.databases import sqlite_only
from tests.test_database_faults import FullDisk

pytestmark = sqlite_only


@pytest.fixture
def served(databases, request) -> Iterator[tuple[str, object]]:
    """A live server and its app, whose SQLite disk the test fills."""
    yield from serve(databases, request)


def test_a_hand_saved_on_a_full_disk_stays_as_typed_and_saves_once_there_is_room(page: Page, served, keep_screen):
    live_server, app = served
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter as points").tap()
    page.get_by_label("Who went out").select_option("Ann")
    page.get_by_label("Ben's points").fill("-14")
    page.get_by_label("Cy's points").fill("-15")
    page.get_by_label("Ann's points").fill("54")
    disk = FullDisk(app)
    disk.fill()

    page.get_by_role("button", name="Save hand 1").tap()
    waiting = page.get_by_role("status").filter(has_text="Not saved yet: The disk keeping the games is full")
    expect(waiting).to_be_visible()
    expect(waiting).to_contain_text("Will retry")
    expect(waiting).to_be_in_viewport()
    expect(page.get_by_label("Ann's points")).to_have_value("54")
    expect(page.get_by_label("Ben's points")).to_have_value("-14")
    expect(page.get_by_label("Cy's points")).to_have_value("-15")
    expect(page.get_by_label("Who went out")).to_have_value("Ann")
    fits_the_phone(page)
    waiting.scroll_into_view_if_needed()
    keep_screen(page, "hand_form_disk_full")
    assert stored_hands(page, edit_url) == []

    disk.free()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible(timeout=15000)
    assert totals(page) == {"Ann": "54", "Ben": "-14", "Cy": "-15"}
    assert len(stored_hands(page, edit_url)) == 1
