"""A player's own phone once the table saves the hand: one state, the saved notice above an empty form for the next hand.

500 Rum, hand 1 (figures of test_never_lose_a_hand): Ann goes out with 7H 8H 9H, Ben keeps QS 4D, Cy keeps AS.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_never_lose_a_hand import send_part, start


def open_own_page(phone: Page, edit_url: str, name: str) -> None:
    """A player opens their own page for hand 1 and leaves it open, sending nothing."""
    phone.goto(f"{edit_url}/my-hand?choose=1")
    phone.get_by_role("link", name=f"I am {name}").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("hand 1")


def expect_next_hand_only(phone: Page, notice: str) -> None:
    """The phone shows the saved notice and an empty, sendable form for hand 2, and nothing of hand 1's form."""
    expect(phone.locator("#draft-saved")).to_contain_text(notice, timeout=8000)
    expect(phone.get_by_role("heading", level=1)).to_contain_text("hand 2")
    expect(phone.get_by_text("Your part of hand 1 was sent")).to_have_count(0)
    expect(phone.get_by_label("Cards left in my hand")).to_have_value("")
    expect(phone.get_by_role("button", name="Send my part")).to_be_enabled()


def test_a_players_phone_shows_the_saved_notice_and_an_empty_next_hand_once_the_table_saves(
    page, browser, browser_context_args, live_server, keep_screen
):
    edit_url = start(page, live_server)
    phones = browser.new_context(**browser_context_args)
    try:
        ben = phones.new_page()
        send_part(ben, edit_url, "Ben", left="qs 4d")
        cy = phones.new_page()
        open_own_page(cy, edit_url, "Cy")
        # the table types Ann and Cy; Ben's part comes from his phone
        page.get_by_role("link", name="Enter hand 1").tap()
        choose_who_went_out(page, "Ann")
        page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
        page.get_by_label("Cy's cards left in hand").fill("as")
        expect(page.get_by_label("Ben's cards left in hand")).to_have_value("QS 4D", timeout=8000)
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()

        expect_next_hand_only(ben, "Hand 1 was saved, with your part.")
        keep_screen(ben, "own_phone_after_the_table_saved_with_my_part")
        # Cy sent nothing: his phone moves on to hand 2 all the same
        expect_next_hand_only(cy, "Hand 1 was saved.")
        keep_screen(cy, "own_phone_after_the_table_saved_without_a_part")
        # what the phone shows is what a reload shows
        ben.reload()
        expect_next_hand_only(ben, "Hand 1 was saved, with your part.")
    finally:
        phones.close()
