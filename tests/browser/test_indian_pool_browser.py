"""A pool 101 game of Indian Rummy on a phone-sized screen, hands entered as points: an elimination, a confirmed
Rejoin, and the last player left winning.

The figures are docs/rules/indian.md's example 4 (as points): Cy is out on 160 after hand 2 and rejoins on one
more than the highest total still in (Dev's 50); Dev goes out on 105 and may not rejoin (Ben's 97 is not below
80); hand 4 puts Ben and Cy out and Ann, the last player left, wins.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_table_flow import (
    fits_the_phone,
    last_screen_of_a_failed_step,  # noqa: F401 - the fixture that keeps the screen of a failed step
    save_hand,
    total,
)

FOUR = ("Ann", "Ben", "Cy", "Dev")


def standing_of(page: Page, name: str):
    """A player's line of the standings."""
    return page.get_by_role("list", name="Totals").get_by_role("listitem").filter(has_text=name)


def expect_totals(page: Page, **expected: int) -> None:
    for name, points in expected.items():
        expect(total(page, name)).to_have_text(str(points))


def enter_points(page: Page, number: int, went_out: str, **points: str) -> None:
    """Enter hand `number` as plain points per player (a player out of the pool scores 0: not dealt in)."""
    page.get_by_role("link", name="Enter as points").tap()
    page.get_by_label("Who declared").select_option(went_out)
    for name, value in points.items():
        page.get_by_label(f"{name}'s points").fill(value)
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text=f"Hand {number} saved.")).to_be_visible()


def test_a_pool_101_game_with_an_elimination_a_rejoin_and_a_winner(page: Page, live_server: str, screenshot) -> None:
    page.goto(f"{live_server}/new/indian")
    expect(page.get_by_role("heading", name="New game of Indian Rummy")).to_be_visible()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_label("Format").select_option("pool")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Indian Rummy", exact=True)).to_be_visible()

    enter_points(page, 1, "Ann", Ann="0", Ben="17", Cy="80", Dev="20")
    enter_points(page, 2, "Ben", Ann="40", Ben="0", Cy="80", Dev="30")
    expect_totals(page, Ann=40, Ben=17, Cy=160, Dev=50)
    expect(standing_of(page, "Cy").locator(".pool-note")).to_have_text("out · may rejoin on 51")
    expect(standing_of(page, "Dev").locator(".pool-note")).to_have_count(0)

    # Rejoin asks first, saying at what total; then the scoreboard says who rejoins the next hand
    page.get_by_role("link", name="Rejoin Cy…").tap()
    expect(page.get_by_role("heading", name="Cy rejoins?")).to_be_visible()
    expect(page.get_by_text("Cy's total becomes 51")).to_be_visible()
    fits_the_phone(page)
    screenshot(page, "indian_pool_rejoin_question")
    page.get_by_role("button", name="Yes, Cy rejoins").tap()
    expect(page.get_by_role("status").filter(has_text="Cy rejoins from hand 3, on 51.")).to_be_visible()
    expect(standing_of(page, "Cy").locator(".pool-note")).to_have_text("rejoins hand 3 on 51")
    expect(page.get_by_role("button", name="Cancel Cy's rejoin")).to_be_visible()
    fits_the_phone(page)
    screenshot(page, "indian_pool_rejoin_pending")

    # the hand form says Cy is dealt back in; Cy's total is set to 51 before the hand is scored
    page.get_by_role("link", name="Enter as points").tap()
    expect(page.locator("#rejoin-note")).to_have_text("Cy rejoins this hand: dealt back in.")
    page.get_by_role("link", name="Back to the scoreboard").tap()
    enter_points(page, 3, "Ann", Ann="0", Ben="80", Cy="20", Dev="55")
    expect_totals(page, Ann=40, Ben=97, Cy=71, Dev=105)
    expect(standing_of(page, "Dev").locator(".pool-note")).to_have_text("out")
    expect(page.get_by_role("link", name="Rejoin Dev…")).to_have_count(0)

    # Dev, out, is not dealt in (0); Ben and Cy go out too, and Ann, the last player left, wins
    enter_points(page, 4, "Ann", Ann="0", Ben="10", Cy="30", Dev="0")
    expect_totals(page, Ann=40, Ben=107, Cy=101, Dev=105)
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    expect(page.get_by_text("Ann is the last player left")).to_be_visible()
    fits_the_phone(page)
    screenshot(page, "indian_pool_won")


def test_the_checker_answers_a_whole_show_as_the_groups_are_typed(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/check?game=indian")
    page.get_by_label("Wild rank this hand").select_option("9")
    for number, cards in enumerate(("2h 3h 4h", "6s 7s 9c", "kd kh ks", "10c jc qc"), start=1):
        page.get_by_label(f"Group {number}", exact=True).fill(cards)
    verdict = page.locator("#show-verdict")
    expect(verdict).to_contain_text("Not a valid show in Indian Rummy.")
    expect(verdict).to_contain_text("A show groups all 13 cards; these groups hold 12.")
    page.get_by_label("Group 4", exact=True).fill("10c jc qc kc")
    expect(verdict).to_contain_text("Valid show in Indian Rummy.")
    expect(page.get_by_role("link", name="Valid show")).to_have_count(0)
    # the address bar asks the same question, ready to share
    expect(page).to_have_url(re.compile(r"group4=10c\+jc\+qc\+kc"))
