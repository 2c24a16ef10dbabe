"""A whole game of Canasta to 5000 on a phone-sized screen, by two partnerships entered as two sides.

The figures are docs/rules/canasta.md's example 1, worked out by hand there:

    hand 1 (cards)  Ann & Cy go out: natural canasta of kings, mixed canasta of sevens,
                    three aces, two red threes                              -> 1325
                    Ben & Dee: two melds, one red three, 5H 8C 2D left      ->  175
    hand 2 (cards)  first tried with Ann & Cy melding only 5H 5S 5D (15, under the 50 a side on
                    1325 needs): refused; then Ben & Dee go out concealed   ->  595
                    Ann & Cy melded nothing, two red threes against them    -> -275
    then points until Ann & Cy pass 5000.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_table_flow import enter_points, fits_the_phone, save_hand, total

A, B = "Ann & Cy", "Ben & Dee"


def expect_totals(page: Page, totals: dict[str, int]) -> None:
    for name, points in totals.items():
        expect(total(page, name)).to_have_text(str(points))


def test_a_game_of_canasta_to_5000_by_cards_and_points(page: Page, live_server: str, screenshot):
    page.goto(f"{live_server}/new/canasta")
    expect(page.get_by_text("Enter each side once")).to_be_visible()
    page.get_by_label("Side 1").fill(A)
    page.get_by_label("Side 2").fill(B)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Canasta", exact=True)).to_be_visible()

    # hand 1, by cards: two canastas (natural and mixed), red threes on both sides, Ann & Cy go out
    page.get_by_role("link", name="Enter hand 1").tap()
    choose_who_went_out(page, A)
    page.get_by_label(f"{A}'s meld 1").fill("KH KS KD KC KH KS KD")
    expect(page.locator("#players-0-melds-0-check")).to_contain_text("Natural canasta of Ks: 70 + 500 points")
    page.get_by_label(f"{A}'s meld 2").fill("7H 7S 7D 2C JK 7C 7H")
    page.get_by_role("button", name=f"Another meld for {A}").tap()
    page.get_by_label(f"{A}'s meld 3").fill("AH AS AD")
    page.get_by_label(f"{A}'s red threes").fill("2")
    page.get_by_label(f"{B}'s meld 1").fill("QH QS QD JK")
    page.get_by_label(f"{B}'s meld 2").fill("9H 9S 9C")
    page.get_by_label(f"{B}'s red threes").fill("1")
    page.get_by_label(f"{B}'s cards left in hand").fill("5H 8C 2D")
    fits_the_phone(page)
    screenshot(page, "canasta-hand-1-form")
    save_hand(page)
    expect_totals(page, {A: 1325, B: 175})

    # hand 2: a first meld too small for a side on 1325 is refused, with everything typed kept
    page.get_by_role("link", name="Enter hand 2").tap()
    choose_who_went_out(page, B)
    # black threes meld only when going out: the live check asks for the side that went out
    page.get_by_label(f"{A}'s meld 2").fill("3S 3C 3S")
    black = page.locator("#players-0-melds-1-check")
    expect(black).to_have_text("Not a meld: black threes meld only when going out")
    choose_who_went_out(page, A)
    expect(black).to_have_text("Set (3S 3C 3S), 15 points")
    choose_who_went_out(page, B)
    expect(black).to_have_text("Not a meld: black threes meld only when going out")
    page.get_by_label(f"{A}'s meld 2").fill("")
    page.get_by_label(re.compile("Went out concealed")).check()
    page.get_by_label(f"{B}'s meld 1").fill("8H 8S 8D 8C 8H 8S 2H")
    page.get_by_label(f"{B}'s meld 2").fill("4H 4S 4D")
    page.get_by_label(f"{A}'s meld 1").fill("5H 5S 5D")
    page.get_by_label(f"{A}'s red threes").fill("2")
    save_hand(page)
    expect(page.get_by_text(
        "Ann & Cy's melds add up to 15 points, but on 1325 a side's first meld needs at least 50"
    ).first).to_be_visible()
    expect(page.get_by_label(f"{B}'s meld 1")).to_have_value("8H 8S 8D 8C 8H 8S 2H")
    screenshot(page, "canasta-first-meld-refused")
    # corrected: Ann & Cy melded nothing and kept four cards
    page.get_by_label(f"{A}'s meld 1").fill("")
    page.get_by_label(f"{A}'s cards left in hand").fill("KH QS JK 3S")
    save_hand(page)
    expect_totals(page, {A: 1050, B: 770})

    # the rest by points, until a side reaches 5000
    enter_points(page, A, game="Canasta", **{A: "1500", B: "900"})
    enter_points(page, B, game="Canasta", **{A: "1200", B: "1500"})
    expect_totals(page, {A: 3750, B: 3170})
    expect(page.locator(".winner-banner")).to_have_count(0)
    enter_points(page, A, game="Canasta", **{A: "1300", B: "600"})
    expect_totals(page, {A: 5050, B: 3770})
    banner = page.locator(".winner-banner")
    expect(banner.get_by_text(f"{A} win!")).to_be_visible()
    expect(banner).to_contain_text("the highest at or above 5000")
    fits_the_phone(page)
    screenshot(page, "canasta-won")

    # the review shows the canastas and red threes of the hands entered by cards
    page.goto(page.url.rstrip("/") + "/review")
    expect(page.get_by_text("a natural canasta of K").first).to_be_visible()
    expect(page.get_by_text("red threes: 2").first).to_be_visible()


def test_a_partnership_goes_out_with_a_joker_laid_off_and_the_partners_cards_left(page: Page, live_server: str):
    # issue 26: the joker makes the kings a mixed canasta (70 + 50 + 300), going out 100, the partner's QH 4C -15
    page.goto(f"{live_server}/new/canasta")
    page.get_by_label("Side 1").fill(A)
    page.get_by_label("Side 2").fill(B)
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("link", name="Enter hand 1").tap()
    choose_who_went_out(page, A)
    page.get_by_label(f"{A}'s meld 1").fill("KH KS KD KC KH KS KD")
    page.get_by_label(f"{A}'s lay-off 1: cards").fill("JK")
    page.get_by_label(f"{A}'s lay-off 1: onto").select_option(label=f"{A}'s meld 1: KH KS KD KC KH KS KD")
    # the live check and the score agree: the joker fits the meld and scores its own 50
    expect(page.locator("#players-0-layoffs-0-cards-check")).to_contain_text("50 points")
    page.get_by_label(f"{A}'s cards left in hand").fill("QH 4C")
    page.get_by_label(f"{B}'s cards left in hand").fill("5C")
    fits_the_phone(page)
    save_hand(page)
    expect_totals(page, {A: 505, B: -5})
    page.goto(page.url.rstrip("/") + "/review")
    expect(page.get_by_text("a mixed canasta of K").first).to_be_visible()
    expect(page.get_by_text("a natural canasta of K")).to_have_count(0)
