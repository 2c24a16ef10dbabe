"""The shorthand entered at 390x844 in each game family test_shorthand_browser.py leaves out (issue 35): Canasta's
seven eights by rank, Indian Rummy's ungrouped cards by rank and runs by range, gin's whole hands by range,
Contract Rummy's sets and cards left by rank. Each total is the one the same hand scores with every card in full
(bench/entry.py enters both and compares; Contract's is docs/rules/contract.md example 1)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_table_flow import save_hand, total


def start(page: Page, live_server: str, game: str, names: list[str]) -> None:
    """A new game of `game` for these players (or sides), on its scoreboard."""
    page.goto(f"{live_server}/new/{game}")
    for seat, name in enumerate(names, start=1):
        page.get_by_label(re.compile(rf"^(Seat|Side) {seat}\b")).first.fill(name)
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("link", name="Enter hand 1").tap()


def test_canasta_takes_seven_eights_in_seven_keystrokes(page: Page, live_server: str, keep_screen):
    a, b = "Ann & Cy", "Ben & Dee"
    start(page, live_server, "canasta", [a, b])
    choose_who_went_out(page, a)
    page.keyboard.type("8888888")
    expect(page.get_by_label(f"{a}'s meld 1")).to_have_value("8888888")
    expect(page.locator("#players-0-melds-0-check")).to_contain_text("Natural canasta of 8s: 70 + 500 points")
    page.get_by_label(f"{a}'s meld 2").fill("999992JK")
    page.get_by_label(f"{a}'s Red threes").fill("2")
    page.get_by_label(f"{b}'s meld 1").fill("AAA")
    page.get_by_label(f"{b}'s cards left in hand").fill("594")
    keep_screen(page, "shorthand-canasta")
    save_hand(page)
    # Ann & Cy: 570 (eights) + 120 + 300 (the mixed canasta of nines) + 200 (two red threes) + 100 (going out);
    # Ben & Dee: 60 (aces) - 20 (5, 9, 4)
    expect(total(page, a)).to_have_text("1290")
    expect(total(page, b)).to_have_text("40")


def test_indian_rummy_takes_runs_by_range_and_a_losers_cards_by_rank(page: Page, live_server: str):
    start(page, live_server, "indian", ["Ann", "Ben", "Cy"])
    page.get_by_label("Cut joker").select_option("9")
    choose_who_went_out(page, "Ann", label="Who declared")
    for row, cards in enumerate(["2-4H", "6S 7S 9C", "KD KH KS", "10-KC"], start=1):
        page.get_by_label(f"Ann's group {row}").fill(cards)
    page.get_by_label("Ben's group 1").fill("4-6S")
    page.get_by_label("Ben's group 2").fill("7D 8D 9H")
    page.get_by_label("Ben's ungrouped cards").fill("KQ9")
    page.get_by_label("Cy's ungrouped cards").fill("QQJ1010874")
    expect(page.locator("#held-1")).to_have_text("Both lives: only ungrouped cards count · count 20")
    save_hand(page)
    # each loser's count is their score (the lowest total is best): Ben K Q (the 9 is wild) = 20;
    # Cy, no sequence: Q Q J 10 10 8 7 4 = 69
    expect(total(page, "Ann")).to_have_text("0")
    expect(total(page, "Ben")).to_have_text("20")
    expect(total(page, "Cy")).to_have_text("69")


def test_gin_takes_whole_hands_with_runs_by_range(page: Page, live_server: str):
    start(page, live_server, "gin", ["Ann", "Ben"])
    page.get_by_label("Who knocked").select_option("Ann")
    page.get_by_label("Ann's cards").fill("A-3S 7H 7D 7C 9-JC 2D")
    page.get_by_label("Ben's cards").fill("4-5S KH KD KS 8C QC 3H 5D 9D")
    page.get_by_role("button", name="Work it out").tap()
    page.get_by_role("button", name="Save hand 1").tap()
    # docs/rules.md 4.8: Ann knocks with 2; Ben lays off 4S 5S and 8C QC, keeps 3H 5D 9D (17): Ann 15
    expect(total(page, "Ann")).to_have_text("15")
    expect(total(page, "Ben")).to_have_text("0")


def test_contract_rummy_takes_sets_and_cards_left_by_rank(page: Page, live_server: str):
    # docs/rules/contract.md example 1 in shorthand: deal 1's contract is two sets of three, and no suit changes a
    # set or a card left in hand
    start(page, live_server, "contract", ["Ann", "Ben", "Cy"])
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("777")
    page.get_by_label("Ann's meld 2").fill("99JK")
    page.get_by_label("Ben's meld 1").fill("KKK")
    page.get_by_label("Ben's meld 2").fill("QQQ")
    page.get_by_label("Ben's cards left in hand").fill("A5")
    page.get_by_label("Cy's cards left in hand").fill("JK 10 2")
    expect(page.locator("#players-1-melds-0-check")).to_contain_text("Set")
    save_hand(page)
    # Ben went down and holds A + 5 = 15 + 5 = 20; Cy holds JK 10 2 = 15 + 10 + 5 = 30; Ann went out: 0
    expect(total(page, "Ann")).to_have_text("0")
    expect(total(page, "Ben")).to_have_text("20")
    expect(total(page, "Cy")).to_have_text("30")
