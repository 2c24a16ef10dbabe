"""Two phones at one table: a hand saved on the first shows on the second by itself, without reloading."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import POLL_MS, choose_who_went_out


def start_game(page, live_server: str) -> None:
    """Start a 500 Rum game for Ann and Ben from the new-session form."""
    page.goto(f"{live_server}/new/rummy500")
    page.locator('[name="players-0"]').fill("Ann")
    page.locator('[name="players-1"]').fill("Ben")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".scoreboard")).to_be_visible()


# the promise to the table is the product's own poll, not the tests' quicker one
@pytest.mark.poll_ms(2500)
def test_view_link_in_a_second_browser_follows_a_saved_hand_within_5_seconds(
    page, browser, browser_context_args, live_server, screenshot
):
    start_game(page, live_server)
    page.locator("#share summary").click()
    view_url = page.locator("#share-url-view").input_value()
    assert re.fullmatch(rf"{re.escape(live_server)}/s/[\w-]{{40,}}", view_url)
    edit_token = page.url.rsplit("/", 1)[1]

    # the second phone: its own browser context (no shared cookies), opened from the view link
    other = browser.new_context(**browser_context_args)
    viewer = other.new_page()
    polls = []
    viewer.on("response", lambda r: polls.append(r.status) if "/live?" in r.url else None)
    viewer.goto(view_url)
    expect(viewer.locator('[data-total-for="Ann"]')).to_have_attribute("data-total", "0")
    assert edit_token not in viewer.content()
    expect(viewer.get_by_role("link", name=re.compile("Enter hand"))).to_have_count(0)
    # a marker on the window survives only if the page is never reloaded
    viewer.evaluate("window.stillTheSamePage = true")
    # while nothing changes the page asks, and hears "not modified"
    viewer.wait_for_timeout(3500)
    assert 304 in polls and 200 not in polls

    # the first phone enters hand 1 as points
    page.get_by_role("link", name="Enter as points").click()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's points").fill("40")
    page.get_by_label("Ben's points").fill("-10")
    page.get_by_role("button", name=re.compile(r"^Save hand")).click()
    expect(page.locator('[data-total-for="Ann"]')).to_have_attribute("data-total", "40")

    expect(viewer.locator('[data-total-for="Ann"]')).to_have_attribute("data-total", "40", timeout=5000)
    expect(viewer.locator('[data-total-for="Ben"]')).to_have_attribute("data-total", "-10")
    expect(viewer.locator("#hand-1")).to_be_visible()
    assert viewer.evaluate("window.stillTheSamePage") is True
    expect(viewer.locator("#live-status")).to_contain_text("Updated")

    screenshot(page, "live_view_editor")
    screenshot(viewer, "live_view_viewer")
    other.close()


def test_view_page_stops_asking_while_hidden_and_catches_up_when_shown(page, live_server):
    start_game(page, live_server)
    polls = []
    page.on("request", lambda r: polls.append(r.url) if "/live?" in r.url else None)
    page.wait_for_timeout(POLL_MS * 3)
    assert polls, "the page asks for changes while shown"
    # pretend the phone went into a pocket: the page is hidden
    page.evaluate("""() => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_timeout(POLL_MS)
    asked = len(polls)
    page.wait_for_timeout(POLL_MS * 6)
    assert len(polls) == asked, "no requests while the page is hidden"
    page.evaluate("""() => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_timeout(500)
    assert len(polls) > asked, "coming back asks at once"


def _as_shown(page, where: str = ".scoreboard") -> str:
    """The scoreboard (or another part, by selector) as the page shows it, the white space between tags left out."""
    return page.locator(where).evaluate("el => el.outerHTML.replace(/>\\s+</g, '><').trim()")


def test_a_following_phone_shows_what_a_fresh_load_shows_after_every_change(
    browser, browser_context_args, lan_server
):
    from scorekeeper.extensions import db
    from scorekeeper.models import GameSession
    from scorekeeper.tables import service
    from scorekeeper.tables.table import Table

    base, app = lan_server

    def points(ann: int, ben: int) -> dict:
        return {"ended": "went_out", "went_out": "Ann", "points": {"Ann": ann, "Ben": ben}}

    with app.app_context():
        gs = service.create_session("rummy500", {"target": 10**6}, ["Ann", "Ben"])
        for n in range(1, 4):
            service.add_hand(gs, points(10 * n, n))
        game_id, view = gs.id, gs.view_token
    context = browser.new_context(**browser_context_args)
    viewer, fresh = context.new_page(), context.new_page()
    asked = []
    viewer.on("response", lambda r: asked.append(r.url) if "/live?" in r.url and r.status == 200 else None)
    viewer.goto(f"{base}/s/{view}")
    viewer.evaluate("window.stillTheSamePage = true")

    def change(how) -> None:
        with app.app_context():
            gs = db.session.get(GameSession, game_id)
            before = gs.version
            how(gs)
            assert gs.version > before
            version = gs.version
        # the page has taken the news in once it asks with the new version
        viewer.wait_for_function(
            "v => performance.getEntriesByType('resource').some(e => e.name.includes(`/live?v=${v}`))",
            arg=version, timeout=8000)
        fresh.goto(f"{base}/s/{view}")
        assert _as_shown(viewer) == _as_shown(fresh)
        assert _as_shown(viewer, "#entered-hands") == _as_shown(fresh, "#entered-hands")

    change(lambda gs: service.add_hand(gs, points(40, 4)))
    assert any("rows=3." in url for url in asked), "the page said which rows it holds"
    change(lambda gs: service.replace_hand(gs.hands[-1], points(45, 4), gs.hands[-1].version))
    change(lambda gs: service.replace_hand(gs.hands[0], points(11, 1), gs.hands[0].version))
    change(lambda gs: service.delete_hand(gs.hands[1]))
    change(lambda gs: Table(gs).undo_last_hand(gs.hands[-1].id))
    change(lambda gs: service.add_hand(gs, points(5, 5)))
    assert viewer.evaluate("window.stillTheSamePage") is True
    context.close()
