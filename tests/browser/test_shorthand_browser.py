"""The shorthand on the hand form of a 390x844 phone: runs by range and cards by rank alone checked as they are
typed, counted in each player's line and by the card picker, and saved as typed in full (docs/rules.md 1)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_card_picker import picker, start
from tests.browser.test_hand_form_compact import card


def test_shorthand_is_checked_as_typed_counted_and_saved(page, live_server, keep_screen):
    start(page, live_server)
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7-10h")
    page.get_by_label("Ann's meld 2").fill("KKK")
    page.get_by_label("Ben's cards left in hand").fill("Q5")
    page.get_by_label("Cy's cards left in hand").fill("7 8 9")
    expect(page.locator("#players-0-melds-0-check")).to_have_text("Run (7H 8H 9H 10H), 34 points")
    expect(page.locator("#players-0-melds-1-check")).to_have_text("Set (K K K), 30 points")
    # cards left in hand by rank alone are fine in 500 Rum: their suits change nothing
    expect(page.get_by_label("Cy's cards left in hand")).not_to_have_attribute("aria-invalid", "true")
    # a run typed by rank alone is refused where it is typed, with how to write it
    page.get_by_label("Cy's meld 1").fill("4 5 6")
    expect(page.locator("#players-2-melds-0-check")).to_contain_text(
        "a run needs its suit: 4 5 6 have none; write them like 4H 5H 6H or 4-6H")
    expect(page.get_by_label("Cy's meld 1")).to_have_attribute("aria-invalid", "true")
    keep_screen(page, "shorthand-hand-form")
    page.get_by_label("Cy's meld 1").fill("")
    for name in ("Ann", "Ben", "Cy"):
        card(page, name).locator("summary").tap()
    expect(card(page, "Ann").locator("[data-summary]")).to_have_text("went out · 2 melds")
    expect(card(page, "Ben").locator("[data-summary]")).to_have_text("2 left in hand")
    expect(card(page, "Cy").locator("[data-summary]")).to_have_text("3 left in hand")
    page.get_by_role("button", name="Save hand 1").tap()
    # Ann 34 + 30; Ben Q 5 = -15; Cy 7 8 9 = -24
    expect(page.locator('[data-total-for="Ann"]').first).to_have_attribute("data-total", "64")
    expect(page.locator('[data-total-for="Ben"]').first).to_have_attribute("data-total", "-15")
    expect(page.locator('[data-total-for="Cy"]').first).to_have_attribute("data-total", "-24")
    # what was entered keeps the kings and Ben's cards without suits, as typed
    entered = page.locator("section.entered details[data-hand='1']")
    entered.locator("summary").tap()
    expect(entered.get_by_text("king", exact=True).first).to_be_attached()
    expect(entered.get_by_text("queen", exact=True)).to_be_attached()
    entered.scroll_into_view_if_needed()
    keep_screen(page, "shorthand-entered")


def test_the_picker_counts_cards_by_range_by_rank_alone_and_typed_together(page, live_server):
    start(page, live_server)
    page.get_by_label("Ann's meld 1").fill("7-9h")
    page.get_by_label("Ann's meld 2").fill("KS KH")
    page.get_by_label("Ben's cards left in hand").fill("qs4d KK")
    page.get_by_role("button", name="Cards for Cy's cards left in hand").tap()
    for name in ("7 of hearts", "9 of hearts", "queen of spades", "4 of diamonds"):
        expect(picker(page).get_by_role("button", name=name)).to_be_disabled()
    # KS KH and two kings by rank: one deck's four kings are all down, whichever suits the two are
    for suit in ("spades", "hearts", "diamonds", "clubs"):
        expect(picker(page).get_by_role("button", name=f"king of {suit}")).to_be_disabled()
    expect(picker(page).get_by_role("button", name="10 of hearts")).to_be_enabled()
    expect(picker(page).get_by_role("button", name="queen of hearts")).to_be_enabled()


def test_a_queen_by_rank_in_oklahoma_is_refused_as_it_is_typed_with_why(page, live_server):
    start(page, live_server, game="oklahoma", players=("Ann", "Ben"))
    page.get_by_label("Ben's cards left in hand").fill("Q5")
    expect(page.locator("#players-1-in_hand-check")).to_contain_text(
        "Q needs its suit: in Oklahoma the queen of spades scores apart from the other queens")
    expect(page.get_by_label("Ben's cards left in hand")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Ben's cards left in hand").fill("QH 5")
    expect(page.get_by_label("Ben's cards left in hand")).not_to_have_attribute("aria-invalid", "true")
