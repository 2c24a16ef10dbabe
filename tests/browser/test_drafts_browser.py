"""Each player enters their own part on their own phone; the device saving the hand sees parts arrive live."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import expect_who_went_out


def test_a_part_sent_from_a_phone_shows_on_the_saving_device_and_the_phone_hears_the_hand_was_saved(
    page, browser, browser_context_args, live_server, screenshot
):
    page.goto(f"{live_server}/new/rummy500")
    page.locator('[name="players-0"]').fill("Ann")
    page.locator('[name="players-1"]').fill("Ben")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".scoreboard")).to_be_visible()
    edit_url = page.url

    # the saving device opens the hand form before anyone has sent a part
    page.get_by_role("link", name=re.compile(r"^Enter hand 1")).click()
    expect(page.locator('[data-draft="waiting"]')).to_have_text("Ann, Ben")

    # Ann's own phone: its own browser context, the edit link, "I am Ann"
    other = browser.new_context(**browser_context_args)
    ann = other.new_page()
    ann.goto(edit_url)
    ann.get_by_role("link", name="Enter my own cards").click()
    ann.get_by_role("link", name="I am Ann").click()
    ann.get_by_label("My meld 1").fill("7H 8H 9H")
    # the same live meld check as the hand form
    expect(ann.locator("#melds-0-check")).to_contain_text("24 points")
    ann.get_by_label("My meld 2").fill("KH KD")
    expect(ann.locator("#melds-1-check")).to_contain_text("Not a meld")
    ann.get_by_label("My meld 2").fill("")
    ann.get_by_label("I went out this hand").check()
    ann.get_by_role("button", name="Send my part").click()
    expect(ann.locator(".flash")).to_contain_text("Your part of hand 1 was sent")

    # the saving device hears of it without reloading, and fills it in (nothing was typed for Ann there)
    expect(page.locator('[data-draft="sent"]')).to_have_text("Ann", timeout=5000)
    expect(page.locator('[name="players-0-melds-0"]')).to_have_value("7H 8H 9H")
    expect(page.locator('[data-draft="news"]')).to_have_text("Filled in from their own phones: Ann.")
    expect_who_went_out(page, "Ann")
    page.get_by_label("Ben's cards left in hand").fill("QC 3S")
    page.get_by_role("button", name=re.compile(r"^Save hand 1")).click()
    expect(page.locator('[data-total-for="Ann"]')).to_have_attribute("data-total", "24")
    expect(page.locator('[data-total-for="Ben"]')).to_have_attribute("data-total", "-13")

    # Ann's phone says the hand was saved and offers the scoreboard, by itself
    expect(ann.locator("#draft-saved")).to_be_visible(timeout=5000)
    expect(ann.locator("#draft-saved")).to_contain_text("Hand 1 was saved")
    screenshot(ann, "drafts_player_phone")
    ann.get_by_role("link", name="See the scoreboard").click()
    expect(ann.locator('[data-total-for="Ann"]')).to_have_attribute("data-total", "24")
    other.close()
