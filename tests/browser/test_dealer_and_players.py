"""The dealer line and a rename on a phone-sized screen (390x844), as the table uses them."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out

PHONE_WIDTH = 390


def no_sideways_scroll(page: Page) -> None:
    """The page fits the phone's width: nothing to scroll sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def test_the_dealer_moves_left_each_hand_and_a_rename_shows_everywhere_on_a_phone(page: Page, live_server: str):
    page.goto(f"{live_server}/new/rummy500")
    for seat, name in enumerate(("Ann", "Ben", "Cy"), start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_label("Who deals first").select_option(label="Seat 2")
    page.get_by_role("button", name="Start the game").tap()

    dealer = page.locator(".standings .dealer-line")
    expect(dealer).to_have_text(re.compile(r"Ben deals hand 1\s*·\s*Cy deals next"))
    expect(dealer).to_be_in_viewport()
    no_sideways_scroll(page)

    # hand 1 as points: Ann 30, Ben 10, Cy -5; the hand form says who deals it
    page.get_by_role("link", name="Enter as points").tap()
    expect(page.locator(".dealer-line")).to_have_text(re.compile(r"Ben deals hand 1"))
    for name, points in (("Ann", "30"), ("Ben", "10"), ("Cy", "-5")):
        page.get_by_label(f"{name}'s points").fill(points)
    choose_who_went_out(page, "Ann")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(dealer).to_have_text(re.compile(r"Cy deals hand 2\s*·\s*Ann deals next"))

    # rename Cy, confirmed, from the scoreboard's "Dealer and players"
    page.get_by_text("Dealer and players").tap()
    page.get_by_role("link", name="Rename, seat a late player, or let one leave").tap()
    page.get_by_label("Player", exact=True).select_option("Cy")
    page.get_by_label("New name").fill("Cyril")
    page.get_by_role("region", name="Rename a player").get_by_label("Yes, make this change").check()
    no_sideways_scroll(page)
    page.get_by_role("button", name="Rename").tap()

    expect(dealer).to_have_text(re.compile(r"Cyril deals hand 2\s*·\s*Ann deals next"))
    cyril = page.get_by_role("list", name="Totals").get_by_role("listitem").filter(has_text="Cyril")
    expect(cyril).to_contain_text("-5")
    expect(page.get_by_role("columnheader", name="Cyril")).to_be_visible()
    no_sideways_scroll(page)
