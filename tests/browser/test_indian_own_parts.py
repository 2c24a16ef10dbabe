"""Indian Rummy's own parts reach the table's phone and are saved with the hand, at 390x844.

Every Indian Rummy player card on the hand form has a one-tap "how they played" choice (Played, drops,
a wrong show): radio buttons whose values are not typed cards. A part sent from a player's own phone
must fill that player in, as in any other game, and Save must store it.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import expect_who_went_out
from tests.browser.test_indian_browser import start_indian

ANN = ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]


def send_own_part(browser, browser_context_args, edit_url: str, name: str, melds: list[str], left: str = "",
                  went_out: bool = False) -> None:
    """`name`'s own phone: the edit link, "I am <name>", the cut joker, their groups and cards left, Send."""
    context = browser.new_context(**browser_context_args)
    phone = context.new_page()
    phone.goto(f"{edit_url}/my-hand")
    phone.get_by_role("link", name=f"I am {name}").tap()
    phone.get_by_label("Wild rank this hand").select_option("9")
    for row, cards in enumerate(melds, start=1):
        if not phone.get_by_label(f"My meld {row}").count():
            phone.get_by_role("button", name="Another meld").tap()
        phone.get_by_label(f"My meld {row}").fill(cards)
        # the meld's check line appears below it once the server answers, moving what follows down: the phone
        # taps on after it, as a person does once the page stands still
        expect(phone.locator(f"#melds-{row - 1}-check")).not_to_be_empty()
    if left:
        phone.get_by_label("Cards left in my hand").fill(left)
    if went_out:
        phone.get_by_label("I went out this hand").check()
    phone.get_by_role("button", name="Send my part").tap()
    expect(phone.locator(".flash")).to_contain_text("was sent")
    context.close()


def test_parts_sent_from_own_phones_fill_in_the_players_and_save_with_the_hand(
    page: Page, browser, browser_context_args, live_server: str, keep_screen
):
    start_indian(page, live_server, ["Ann", "Ben"], Format="deals", Deals="2")
    edit_url = page.url

    # Ann shows before the table opens the hand form (it opens filled in); Ben sends while it is open
    send_own_part(browser, browser_context_args, edit_url, "Ann", ANN, went_out=True)
    page.get_by_role("link", name="Enter hand 1").tap()
    expect(page.locator('[name="players-0-melds-3"]')).to_have_value("10C JC QC KC")
    send_own_part(browser, browser_context_args, edit_url, "Ben", ["3D 4D 5D", "7D 8D 9H"], left="QD JD 9S")
    expect(page.locator('[name="players-1-in_hand"]')).to_have_value("QD JD 9S", timeout=5000)

    # nothing was typed here for either: both are filled in, no choice is waiting, each still "Played"
    expect(page.locator(".part-choice")).to_have_count(0)
    for seat in (0, 1):
        expect(page.locator(f'[name="players-{seat}-state"][value=""]')).to_be_checked()
    expect(page.get_by_label("Cut joker")).to_have_value("9")
    expect_who_went_out(page, "Ann", label="Who declared")
    # the check lines of what was merged in come after it, moving the page: Save is tapped once it stands still
    expect(page.locator("#players-1-melds-0-check")).not_to_be_empty()
    expect(page.get_by_role("status").filter(has_text="Both lives")).to_have_count(1)
    keep_screen(page, "indian_own_parts_filled_in")

    page.get_by_role("button", name=re.compile(r"^Save hand 1")).tap()
    # Ben has both lives: only his QD JD count (the 9 is wild), 20 points to Ann
    expect(page.locator('[data-total-for="Ann"]')).to_have_attribute("data-total", "20")
    expect(page.locator('[data-total-for="Ben"]')).to_have_attribute("data-total", "-20")
    keep_screen(page, "indian_own_parts_saved")


def test_a_part_sent_by_a_player_the_table_marked_dropped_is_shown_beside_the_drop_and_the_drop_can_be_kept(
    page: Page, browser, browser_context_args, live_server: str, keep_screen
):
    start_indian(page, live_server, ["Ann", "Ben", "Cy"], Format="deals", Deals="2")
    edit_url = page.url
    page.get_by_role("link", name="Enter hand 1").tap()
    cy = page.locator('details.player-card[data-name="Cy"]')
    cy.evaluate("card => { card.open = true; }")
    cy.get_by_text("Dropped (first)").tap()
    expect(page.locator('[name="players-2-state"][value="first_drop"]')).to_be_checked()

    # Cy's phone sends cards all the same: the drop tapped here is not replaced, both are shown to choose from
    send_own_part(browser, browser_context_args, edit_url, "Cy", [], left="AS 2C 5H")
    choice = page.get_by_role("group", name="Cy: typed here or sent from their phone")
    expect(choice).to_be_visible(timeout=5000)
    expect(choice.locator(".part-side").first).to_contain_text("Dropped (first)")
    expect(choice.locator(".part-side").last).to_contain_text("Left in hand:")
    choice.scroll_into_view_if_needed()
    keep_screen(page, "indian_own_part_beside_a_drop")
    choice.get_by_role("button", name="Keep what is typed for Cy").tap()
    expect(page.locator('[name="players-2-state"][value="first_drop"]')).to_be_checked()

    send_own_part(browser, browser_context_args, edit_url, "Ann", ANN, went_out=True)
    send_own_part(browser, browser_context_args, edit_url, "Ben", ["3D 4D 5D", "7D 8D 9H"], left="QD JD 9S")
    expect(page.locator('[name="players-1-in_hand"]')).to_have_value("QD JD 9S", timeout=5000)
    page.get_by_role("button", name=re.compile(r"^Save hand 1")).tap()
    # Ben's QD JD (20) and Cy's first drop (20) go to Ann
    expect(page.locator('[data-total-for="Ann"]')).to_have_attribute("data-total", "40")
    expect(page.locator('[data-total-for="Cy"]')).to_have_attribute("data-total", "-20")
