"""A pool 101 game of Indian Rummy on a phone-sized screen, played to its end: two hands on the card form (a
declarer's 13 cards typed in groups, a first drop, a middle drop and a wrong show, one tap each), two as points,
through an elimination, a confirmed Rejoin, and the last player left winning.

The figures are docs/rules/indian.md's example 4, counted by hand from its rules (card values: A K Q J 10 count 10,
2 to 9 face value, jokers and the wild rank 0; a loser with both lives counts only the ungrouped cards, otherwise
every card; a count is capped at 80; first drop 20, middle drop 40, wrong show 80; out at 101 or more):

    hand 1  cut joker 9. Ann shows 2H 3H 4H | 6S 7S 9C | KD KH KS | 10C JC QC KC (13 cards, two pure sequences).
            Ben: both lives (7D 8D 9D pure, JS QS JK), ungrouped QH 4C 3D = 10 + 4 + 3 = 17.
            Cy: AC AD AH only, no pure sequence: every card counts, 30 + 10+10+10 + 2+3+6+7+8 + 0 (9S wild)
            + 0 (JK) = 86, capped at 80. Dev dropped first: 20.          totals Ann 0, Ben 17, Cy 80, Dev 20
    hand 2  cut joker 4. Ben shows AS 2S 3S | 5H 6H 4C 8H | 9D 9C 9H | JD QD KD (13 cards).
            Ann dropped in the middle: 40. Cy showed wrongly: 80. Dev: both lives (10S JS QS pure, 6D 7D 4S),
            ungrouped KC KH 2D 3D 5C = 10 + 10 + 2 + 3 + 5 = 30.
                                                     totals Ann 40, Ben 17, Cy 80 + 80 = 160 (out), Dev 50
            Cy may rejoin: the highest total still in is Dev's 50, below 80, so Cy comes back on 50 + 1 = 51.
    hand 3  (points, Cy rejoined) Ann 0, Ben 80, Cy 20, Dev 55.
                            totals Ann 40, Ben 97, Cy 51 + 20 = 71, Dev 50 + 55 = 105 (out; Ben's 97 is not
                            below 80, so Dev may not rejoin)
    hand 4  (points, Dev not dealt in) Ann 0, Ben 10, Cy 30.
                            totals Ann 40, Ben 107 (out), Cy 101 (out), Dev 105: Ann, the last player left, wins.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_indian_browser import enter_groups
from tests.browser.test_table_flow import (
    fits_the_phone,
    last_screen_of_a_failed_step,  # noqa: F401 - the fixture that keeps the screen of a failed step
    player_part,
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


def expect_saved(page: Page, number: int) -> None:
    expect(page.get_by_role("status").filter(has_text=f"Hand {number} saved.")).to_be_visible()


def enter_points(page: Page, number: int, went_out: str, **points: str) -> None:
    """Enter hand `number` as plain points for the players dealt in (a player out has no field)."""
    page.get_by_role("link", name="Enter as points").tap()
    choose_who_went_out(page, went_out, label="Who declared")
    for name, value in points.items():
        page.get_by_label(f"{name}'s points").fill(value)
    save_hand(page)
    expect_saved(page, number)


def hand_1_on_the_card_form(page: Page) -> None:
    """Ann declares with her 13 cards typed in groups; Ben and Cy group theirs; Dev drops first, one tap."""
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Cut joker").select_option("9")
    enter_groups(page, "Ann", ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"])
    choose_who_went_out(page, "Ann", label="Who declared")
    expect(page.locator("#held-0")).to_have_text("Valid show: counts 0")
    enter_groups(page, "Ben", ["7D 8D 9D", "JS QS JK"])
    page.get_by_label("Ben's ungrouped cards").fill("QH 4C 3D")
    expect(page.locator("#held-1")).to_have_text("Both lives: only ungrouped cards count · count 17")
    enter_groups(page, "Cy", ["AC AD AH"])
    page.get_by_label("Cy's ungrouped cards").fill("JD QD 10D 2C 3C 6H 7H 8C 9S JK")
    expect(page.locator("#held-2")).to_contain_text("No pure sequence: every card counts · count 80, capped at 80")
    player_part(page, "Dev").get_by_label("Dropped (first)").tap()
    expect(page.locator("#player-3 [data-summary]")).to_have_text("Dropped (first) · 20")
    save_hand(page)
    expect_saved(page, 1)


def hand_2_on_the_card_form(page: Page) -> None:
    """Ben declares; Ann drops in the middle and Cy shows wrongly, one tap each; Dev groups his cards."""
    page.get_by_role("link", name="Enter hand 2").tap()
    page.get_by_label("Cut joker").select_option("4")
    player_part(page, "Ann").get_by_label("Dropped (middle)").tap()
    enter_groups(page, "Ben", ["AS 2S 3S", "5H 6H 4C 8H", "9D 9C 9H", "JD QD KD"])
    choose_who_went_out(page, "Ben", label="Who declared")
    expect(page.locator("#held-1")).to_have_text("Valid show: counts 0")
    player_part(page, "Cy").get_by_label("Wrong show").tap()
    expect(page.get_by_label("Cy's group 1")).to_be_hidden()
    enter_groups(page, "Dev", ["10S JS QS", "6D 7D 4S"])
    page.get_by_label("Dev's ungrouped cards").fill("KC KH 2D 3D 5C")
    expect(page.locator("#held-3")).to_have_text("Both lives: only ungrouped cards count · count 30")
    fits_the_phone(page)
    save_hand(page)
    expect_saved(page, 2)


def test_a_pool_101_game_with_drops_a_wrong_show_an_elimination_a_rejoin_and_a_winner(
    page: Page, live_server: str, screenshot,
) -> None:
    page.goto(f"{live_server}/new/indian")
    expect(page.get_by_role("heading", name="New game of Indian Rummy")).to_be_visible()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_label("Format").select_option("pool")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Indian Rummy", exact=True)).to_be_visible()

    hand_1_on_the_card_form(page)
    # Ann 0 (declared), Ben 17 (both lives: QH 4C 3D), Cy 80 (86 capped), Dev 20 (first drop)
    expect_totals(page, Ann=0, Ben=17, Cy=80, Dev=20)
    hand_2_on_the_card_form(page)
    # Ann 0 + 40 (middle drop), Ben 17 + 0 (declared), Cy 80 + 80 (wrong show) = 160: out, Dev 20 + 30 = 50
    expect_totals(page, Ann=40, Ben=17, Cy=160, Dev=50)
    # Cy may rejoin on one more than the highest total still in: Dev's 50 + 1
    expect(standing_of(page, "Cy").locator(".pool-note")).to_have_text("out · may rejoin on 51")
    expect(standing_of(page, "Dev").locator(".pool-note")).to_have_count(0)

    # out and not rejoining (yet): the form asks nothing of Cy
    page.get_by_role("link", name="Enter as points").tap()
    expect(page.locator("#kept-out-note")).to_have_text("Cy is out: not dealt in.")
    expect(page.get_by_label("Cy's points")).to_have_count(0)
    page.get_by_role("link", name="Back to the scoreboard").tap()

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

    # the hand form says Cy is dealt back in, with a field; Cy's total is set to 51 before the hand is scored
    page.get_by_role("link", name="Enter as points").tap()
    expect(page.locator("#rejoin-note")).to_have_text("Cy rejoins this hand: dealt back in.")
    expect(page.locator("#kept-out-note")).to_have_count(0)
    page.get_by_role("link", name="Back to the scoreboard").tap()
    enter_points(page, 3, "Ann", Ann="0", Ben="80", Cy="20", Dev="55")
    # Ann 40, Ben 17 + 80 = 97, Cy 51 + 20 = 71, Dev 50 + 55 = 105: out, and Ben's 97 is not below 80: no rejoin
    expect_totals(page, Ann=40, Ben=97, Cy=71, Dev=105)
    expect(standing_of(page, "Dev").locator(".pool-note")).to_have_text("out")
    expect(page.get_by_role("link", name="Rejoin Dev…")).to_have_count(0)

    # Dev, out, is not dealt in: no field for Dev
    page.get_by_role("link", name="Enter as points").tap()
    expect(page.locator("#kept-out-note")).to_have_text("Dev is out: not dealt in.")
    expect(page.get_by_label("Dev's points")).to_have_count(0)
    page.get_by_role("link", name="Back to the scoreboard").tap()
    enter_points(page, 4, "Ann", Ann="0", Ben="10", Cy="30")
    # Ann 40, Ben 97 + 10 = 107 and Cy 71 + 30 = 101, both out; Dev stays on 105: Ann is the last player left
    expect_totals(page, Ann=40, Ben=107, Cy=101, Dev=105)
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    expect(page.get_by_text("Ann is the last player left")).to_be_visible()
    fits_the_phone(page)
    screenshot(page, "indian_pool_won")


def test_the_rejoin_link_of_a_rejoin_already_confirmed_says_so_with_its_cancel(
    page: Page, live_server: str, screenshot,
) -> None:
    page.goto(f"{live_server}/new/indian")
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_label("Format").select_option("pool")
    page.get_by_role("button", name="Start the game").tap()
    enter_points(page, 1, "Ann", Ann="0", Ben="17", Cy="80", Dev="20")
    enter_points(page, 2, "Ben", Ann="40", Ben="0", Cy="80", Dev="30")
    page.get_by_role("link", name="Rejoin Cy…").tap()
    question = page.url
    page.get_by_role("button", name="Yes, Cy rejoins").tap()
    expect(standing_of(page, "Cy").locator(".pool-note")).to_have_text("rejoins hand 3 on 51")
    # the question opened again (another phone, the back button): it is answered already
    page.goto(question)
    expect(page.get_by_role("heading", name="Cy rejoins", exact=True)).to_be_visible()
    expect(page.get_by_text("Cy rejoins from hand 3 on 51.")).to_be_visible()
    expect(page.get_by_role("button", name="Yes, Cy rejoins")).to_have_count(0)
    fits_the_phone(page)
    screenshot(page, "indian_pool_rejoin_already_confirmed")
    page.get_by_role("button", name="Cancel Cy's rejoin").tap()
    expect(page.get_by_role("status").filter(has_text="Cy does not rejoin after all")).to_be_visible()
    expect(standing_of(page, "Cy").locator(".pool-note")).to_have_text("out · may rejoin on 51")


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
