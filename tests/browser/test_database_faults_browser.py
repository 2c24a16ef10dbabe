"""What the host must mend, as a phone sees it: a hand saved while the server's disk is full stays as typed, says
why, and saves once there is room; a database not upgraded yet says how to upgrade it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask_migrate import downgrade, upgrade
from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out, expect_who_went_out, serve
from tests.browser.test_never_lose_a_hand import fits_the_phone, start, stored_hands, totals
from tests.databases import sqlite_only
from tests.test_database_faults import FullDisk

pytestmark = sqlite_only


@pytest.fixture
def served(databases, request) -> Iterator[tuple[str, object]]:
    """A live server and its app, which leaves the schema to `db upgrade`."""
    yield from serve(databases, request, MIGRATE_ON_START=False)


def test_a_hand_saved_on_a_full_disk_stays_as_typed_and_saves_once_there_is_room(page: Page, served, keep_screen):
    live_server, app = served
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter as points").tap()
    choose_who_went_out(page, "Ann")
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
    expect_who_went_out(page, "Ann")
    fits_the_phone(page)
    waiting.scroll_into_view_if_needed()
    keep_screen(page, "hand_form_disk_full")
    assert stored_hands(page, edit_url) == []

    disk.free()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible(timeout=15000)
    assert totals(page) == {"Ann": "54", "Ben": "-14", "Cy": "-15"}
    assert len(stored_hands(page, edit_url)) == 1


def test_a_database_not_upgraded_yet_says_so_on_the_phone(page: Page, served, keep_screen):
    live_server, app = served
    edit_url = start(page, live_server)
    with app.app_context():
        downgrade(revision="0002")
    page.goto(edit_url)
    expect(page.get_by_role("heading", name="The database needs an upgrade")).to_be_visible()
    expect(page.get_by_text("scorekeeper db upgrade")).to_be_visible()
    fits_the_phone(page)
    keep_screen(page, "database_needs_an_upgrade")
    with app.app_context():
        upgrade()
    page.reload()
    expect(page.get_by_role("heading", name="500 Rum", exact=True)).to_be_visible()
