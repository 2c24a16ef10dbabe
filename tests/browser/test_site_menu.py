"""The site navigation on a 390x844 phone: folded behind one Menu button on every kind of page (issue 28).

Opened, every link is on the screen, under nothing, and takes the phone where it says; closed again, the
links are gone. A page type whose layout pushed the menu off the screen or covered a link would show here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables import service
from tests.browser.conftest import PHONE, serve
from tests.browser.test_hand_form_compact import UNCOVERED

LINKS = ("Home", "New game", "Meld checker", "Rules", "Sessions", "Players", "Host")


@pytest.fixture
def site(databases) -> Iterator[tuple[str, str]]:
    """A server (this browser the host) with a 500 Rum game of one hand; yields its base URL and the game's edit token."""
    for url, app in serve(databases):
        with app.app_context():
            names = ["Ann", "Ben", "Cy"]
            gs = service.create_session("rummy500", {}, names)
            service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": dict(zip(names, (40, -10, 5)))})
            yield url, gs.edit_token


PAGES = {
    "home": "/",
    "new game": "/new",
    "scoreboard": "/s/{token}",
    "hand form": "/s/{token}/hands/new",
    "review": "/s/{token}/review",
    "rules": "/rules",
    "check": "/check",
    "sessions": "/sessions",
    "host": "/host",
}


@pytest.mark.parametrize("kind", PAGES)
def test_the_menu_opens_on_every_kind_of_page_with_every_link_on_the_screen(
    page: Page, site, kind: str, keep_screen
) -> None:
    base, token = site
    page.goto(base + PAGES[kind].format(token=token))
    nav = page.get_by_role("navigation", name="Main")
    menu = nav.get_by_text("Menu", exact=True)
    for name in LINKS:
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_hidden()
    menu.tap()
    for name in LINKS:
        link = nav.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        box = link.bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], f"{name} is off the screen: {box}"
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], f"{name} is off the screen: {box}"
        assert box["height"] >= 24, f"{name} is a {box['height']}px tap target"
        assert link.evaluate(UNCOVERED), f"{name} is covered"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    keep_screen(page, f"menu_open_{kind.replace(' ', '_')}")
    menu.tap()
    expect(nav.get_by_role("link", name="Home", exact=True)).to_be_hidden()
    # a link goes where it says
    menu.tap()
    nav.get_by_role("link", name="Rules", exact=True).tap()
    expect(page).to_have_url(f"{base}/rules")
