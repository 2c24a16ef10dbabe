"""A whole seven-deal game of Contract Rummy on a phone-sized screen: hands by cards and by points, a contract
refused with its reason, the game ending after the seventh deal with the lowest total.

Figures are worked out by hand from docs/rules/contract.md (default values: 2-9 cost 5, 10-K 10, ace 15,
joker 15; cards left in hand count against their holder; the player who went out scores 0).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_table_flow import (
    PLAYERS,
    fits_the_phone,
    hand_row,
    last_screen_of_a_failed_step,  # noqa: F401 - the fixture that keeps the screen of a failed step
    player_part,
    save_hand,
    total,
)


def expect_totals(page: Page, **expected: int) -> None:
    for name, points in expected.items():
        expect(total(page, name)).to_have_text(str(points))


def enter_hand(page: Page, number: int, contract: str) -> None:
    """Open the form of hand `number` by cards and see the contract it asks for."""
    page.get_by_role("link", name=f"Enter hand {number}", exact=True).tap()
    expect(page.locator("#deal-note")).to_have_text(f"Deal {number} asks for {contract}.")


def enter_points(page: Page, number: int, went_out: str, **points: str) -> None:
    page.get_by_role("link", name="Enter as points").tap()
    expect(page.locator("#deal-note")).to_contain_text(f"Deal {number} asks for")
    choose_who_went_out(page, went_out)
    for name, value in points.items():
        page.get_by_label(f"{name}'s points").fill(value)
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text=f"Hand {number} saved.")).to_be_visible()


def meld(page: Page, name: str, number: int, cards: str) -> None:
    """Type a player's meld, adding a meld row when the form has fewer."""
    field = page.get_by_label(f"{name}'s meld {number}")
    if field.count() == 0:
        player_part(page, name).get_by_role("button", name=re.compile("^Another meld")).tap()
    field.fill(cards)


def test_a_seven_deal_contract_game_by_cards_and_points(page: Page, live_server: str, screenshot) -> None:
    page.goto(f"{live_server}/new/contract")
    expect(page.get_by_role("heading", name="New game of Contract Rummy")).to_be_visible()
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Contract Rummy", exact=True)).to_be_visible()

    # deal 1, by cards: Ann goes out; Ben went down and holds A + 5 = 20; Cy holds JK 10 2 = 15 + 10 + 5 = 30
    enter_hand(page, 1, "two sets of three")
    choose_who_went_out(page, "Ann")
    meld(page, "Ann", 1, "7h 7d 7s")
    meld(page, "Ann", 2, "9c 9d jk")
    meld(page, "Ben", 1, "kh kd ks")
    meld(page, "Ben", 2, "qh qd qc")
    page.get_by_label("Ben's cards left in hand").fill("ah 5d")
    page.get_by_label("Cy's cards left in hand").fill("jk 10s 2c")
    fits_the_phone(page)
    screenshot(page, "contract_deal_1_form")
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    expect_totals(page, Ann=0, Ben=20, Cy=30)

    # deal 2, by points: 15, 0, 25
    enter_points(page, 2, "Ben", Ann="15", Ben="0", Cy="25")
    expect_totals(page, Ann=15, Ben=20, Cy=55)

    # deal 3 asks for two runs of four: Cy's two sets are refused with the reason, everything kept
    enter_hand(page, 3, "two runs of four")
    choose_who_went_out(page, "Cy")
    meld(page, "Cy", 1, "3s 3d 3c")
    meld(page, "Cy", 2, "9h 9d 9c")
    page.get_by_label("Ann's cards left in hand").fill("kd")
    page.get_by_label("Ben's cards left in hand").fill("2h 3h")
    save_hand(page)
    alert = page.get_by_role("alert").first
    expect(alert).to_contain_text("Cy went down with two sets, but deal 3 asks for two runs of four")
    expect(page.get_by_label("Cy's meld 1")).to_have_value("3s 3d 3c")
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("2h 3h")
    screenshot(page, "contract_refused")
    # a run of three is not a run here, and the live check says so at the field
    page.get_by_label("Cy's meld 1").fill("3s 4s 5s")
    expect(page.locator("#players-2-melds-0-check")).to_contain_text("a run needs at least 4 cards")
    page.get_by_label("Cy's meld 1").fill("3s 4s 5s 6s")
    page.get_by_label("Cy's meld 2").fill("9h 10h jh qh")
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 3 saved.")).to_be_visible()
    expect_totals(page, Ann=25, Ben=30, Cy=55)

    # deals 4 to 6 by points
    enter_points(page, 4, "Ann", Ann="0", Ben="10", Cy="20")
    enter_points(page, 5, "Ben", Ann="30", Ben="0", Cy="10")
    enter_points(page, 6, "Cy", Ann="5", Ben="15", Cy="0")
    expect_totals(page, Ann=60, Ben=55, Cy=85)
    expect(page.get_by_role("status").filter(has_text="1 of 7 deals still to play")).to_be_visible()

    # deal 7, by cards: three runs of four; Ann holds Q Q = 20, Cy holds 2 3 = 10
    enter_hand(page, 7, "three runs of four (going out with no discard)")
    choose_who_went_out(page, "Ben")
    meld(page, "Ben", 1, "4c 5c 6c 7c")
    meld(page, "Ben", 2, "8d 9d 10d jd")
    meld(page, "Ben", 3, "js qs ks as")
    page.get_by_label("Ann's cards left in hand").fill("qh qd")
    page.get_by_label("Cy's cards left in hand").fill("2s 3s")
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 7 saved.")).to_be_visible()
    expect_totals(page, Ann=80, Ben=55, Cy=95)
    expect(hand_row(page, 7).locator(".hand-score")).to_have_text(["20", "0", "10"])
    expect(page.get_by_text("after the last deal, Ben wins with the lowest total, 55")).to_be_visible()
    expect(page.get_by_role("link", name="Enter hand 8", exact=True)).to_have_count(0)
    fits_the_phone(page)
    screenshot(page, "contract_finished")


def test_a_lay_off_list_offers_no_meld_to_a_player_who_has_not_gone_down(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new/contract")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    enter_hand(page, 1, "two sets of three")
    meld(page, "Ann", 1, "7h 7d 7s")
    meld(page, "Ann", 2, "9c 9d jk")
    onto = page.get_by_label("Cy's lay-off 1: onto")
    offered = onto.locator("option:not([disabled])")
    # Cy has not gone down: only the empty choice, saying why
    expect(offered).to_have_text(["(none: type a meld first)"])
    # once Cy goes down, every meld row is offered again (anyone's, as in this game), named by its cards
    meld(page, "Cy", 1, "kh kd ks")
    expect(offered).to_have_text([
        "(choose a meld)", "Ann's meld 1: 7H 7D 7S", "Ann's meld 2: 9C 9D JK", "Ben's meld 1 (empty)",
        "Ben's meld 2 (empty)", "Cy's meld 1: KH KD KS", "Cy's meld 2 (empty)",
    ])
    # and taken off again when Cy's meld is cleared
    meld(page, "Cy", 1, "")
    expect(offered).to_have_count(1)
    # a player's own page follows the same rule: Cy's own melds come first
    page.goto(page.url.split("/hands/")[0] + "/my-hand?seat=3")
    mine = page.get_by_label("My lay-off 1: onto").locator("option:not([disabled])")
    expect(mine).to_have_text(["(none: type a meld first)"])
    page.get_by_label("My meld 1").fill("kh kd ks")
    expect(mine).to_have_text(["(choose a meld)", "My meld 1: KH KD KS", "My meld 2 (empty)"])
