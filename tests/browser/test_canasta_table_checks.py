"""What a Canasta table checks on a phone (issue 34): the live figure is the side's whole score, the
meld and lay-off checks name canastas and show wild cards as themselves, and "What was entered" shows
how a side's score adds up.

The figures are docs/rules/canasta.md's example 1 (1325 and 175) and the partnership going out with a
joker laid off onto its kings and the partner's QH 4C left (70 + 50 + 300 + 100 - 15 = 505).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_table_flow import fits_the_phone, save_hand, total

A, B = "Ann & Cy", "Ben & Dee"


def start_canasta(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new/canasta")
    page.get_by_label("Side 1").fill(A)
    page.get_by_label("Side 2").fill(B)
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("link", name="Enter hand 1").tap()


def live_figure(page: Page, seat: int):
    return page.locator(f"#player-{seat} [data-live-count]")


def test_the_live_figure_is_the_sides_whole_score_that_save_stores(page: Page, live_server: str, keep_screen):
    start_canasta(page, live_server)
    choose_who_went_out(page, A)
    page.get_by_label(f"{A}'s meld 1").fill("KH KS KD KC KH KS KD")
    page.get_by_label(f"{A}'s meld 2").fill("7H 7S 7D 2C JK 7C 7H")
    page.get_by_role("button", name=f"Another meld for {A}").tap()
    page.get_by_label(f"{A}'s meld 3").fill("AH AS AD")
    page.get_by_label(f"{A}'s red threes").fill("2")
    # 225 melded + 500 + 300 + 200 red threes + 100 going out, not the 225 the melds alone make
    expect(live_figure(page, 0)).to_have_text("+1325")
    page.get_by_label(f"{B}'s meld 1").fill("QH QS QD JK")
    page.get_by_label(f"{B}'s meld 2").fill("9H 9S 9C")
    page.get_by_label(f"{B}'s red threes").fill("1")
    page.get_by_label(f"{B}'s cards left in hand").fill("5H 8C 2D")
    expect(live_figure(page, 1)).to_have_text("+175")
    # the figure's title is the engine's sum, to check it by
    expect(live_figure(page, 0)).to_have_attribute(
        "title", "melded 225 + a natural canasta of K 500 + a mixed canasta of 7 300 + 2 red threes 200 + going out 100")
    # who went out moves the going-out bonus with it
    choose_who_went_out(page, B)
    expect(live_figure(page, 0)).to_have_text("+1225")
    choose_who_went_out(page, A)
    expect(live_figure(page, 0)).to_have_text("+1325")
    fits_the_phone(page)
    page.locator("#player-1 summary").scroll_into_view_if_needed()
    keep_screen(page, "canasta-live-figures", full_page=True)
    save_hand(page)
    expect(total(page, A)).to_have_text("1325")
    expect(total(page, B)).to_have_text("175")

    # "What was entered" shows how each side's score adds up, so the table can check the big numbers
    entered = page.locator("details[data-hand='1']")
    entered.locator("summary").tap()
    expect(entered).to_contain_text(
        "(melded 225, a natural canasta of K +500, a mixed canasta of 7 +300, 2 red threes +200, going out +100,"
        " in hand 0: 1325 in all)")
    expect(entered).to_contain_text("(melded 110, 1 red three +100, in hand 35: 175 in all)")
    fits_the_phone(page)
    entered.scroll_into_view_if_needed()
    keep_screen(page, "canasta-what-was-entered")


def test_a_joker_laid_off_makes_the_canasta_mixed_in_the_check_and_the_figure(page: Page, live_server: str, keep_screen):
    start_canasta(page, live_server)
    choose_who_went_out(page, A)
    page.get_by_label(f"{A}'s meld 1").fill("KH KS KD KC KH KS KD")
    expect(page.locator("#players-0-melds-0-check")).to_have_text(
        "Natural canasta of Ks: 70 + 500 points (KH KS KD KC KH KS KD)")
    page.get_by_label(f"{A}'s lay-off 1: cards").fill("2H")
    page.get_by_label(f"{A}'s lay-off 1: onto").select_option(label=f"{A}'s meld 1: KH KS KD KC KH KS KD")
    # the deuce shows as itself, and the check says what it does to the canasta
    expect(page.locator("#players-0-layoffs-0-cards-check")).to_have_text(
        "Fits (KH KS KD KC KH KS KD 2H), 20 points; the natural canasta of Ks becomes mixed: 500 becomes 300")
    page.locator("#players-0-layoffs-0-cards-check").scroll_into_view_if_needed()
    keep_screen(page, "canasta-layoff-2h-check")
    page.get_by_label(f"{A}'s lay-off 1: cards").fill("JK")
    page.get_by_label(f"{A}'s cards left in hand").fill("QH 4C")
    page.get_by_label(f"{B}'s cards left in hand").fill("5C")
    expect(live_figure(page, 0)).to_have_text("+505")
    expect(live_figure(page, 1)).to_have_text("−5")
    fits_the_phone(page)
    save_hand(page)
    expect(total(page, A)).to_have_text("505")
    expect(total(page, B)).to_have_text("-5")


def test_the_checker_page_names_the_canasta_as_the_cards_are_typed(page: Page, live_server: str, keep_screen):
    page.goto(f"{live_server}/check?game=canasta")
    page.get_by_label("Cards of the meld").fill("8H 8S 8D 8C 8H 8S 8D")
    expect(page.locator(".canasta-line").first).to_have_text("A natural canasta: 500 points on top of its cards.")
    page.get_by_label("Meld on the table").fill("8H 8S 8D 8C 8H 8S 8D")
    page.get_by_label("Cards laid off onto it").fill("2H")
    verdict = page.locator("#layoff-verdict .verdict")
    expect(verdict.locator(".canasta-line")).to_have_text("The natural canasta becomes mixed: its bonus 500 becomes 300.")
    fits_the_phone(page)
    verdict.scroll_into_view_if_needed()
    keep_screen(page, "canasta-checker-layoff")
