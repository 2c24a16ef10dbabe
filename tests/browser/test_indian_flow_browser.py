"""Indian Rummy as a table plays it, on a phone-sized screen (issue 34): the pool standings in the table's words, a
confirmed rejoin shown at once, who declared asked first with four group rows for the declarer, a refused show
recorded as a wrong show in one tap, only the options that apply, and a refused rejoin that names the player.

The pool figures are docs/rules/indian.md's example 4, entered as points:

    hand 1  Ann 0 (declared), Ben 17, Cy 80, Dev 20                 totals 0, 17, 80, 20
    hand 2  Ann 40, Ben 0 (declared), Cy 80, Dev 30                 totals 40, 17, 160 (Cy out), 50
            Cy may rejoin on the highest total still in, Dev's 50, + 1 = 51
    hand 3  Ann 0 (declared), Ben 80, Cy 20, Dev 55 (Cy rejoined)   totals 40, 97, 71, 105 (Dev out; Ben's 97 is
            not below 80, so Dev may not rejoin)
    hand 4  Ann 0 (declared), Ben 10, Cy 30                         totals 40, 107, 101, 105: Ann wins
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out, who_went_out
from tests.browser.test_indian_browser import SHOW, enter_groups, start_indian
from tests.browser.test_indian_pool_browser import FOUR, enter_points, expect_totals, standing_of
from tests.browser.test_table_flow import (
    fits_the_phone,
    last_screen_of_a_failed_step,  # noqa: F401 - the fixture that keeps the screen of a failed step
    save_hand,
)

NO_PURE = ["2H 3H 9C", "6S 7S 9D", "KD KH KS", "10C JC QC 9H"]  # 9s wild: two sequences, neither pure


def measure_of(page: Page, name: str):
    """What a player's line of the standings says of how far they are from the end."""
    return standing_of(page, name).locator(".progress-text")


def status_line(page: Page):
    return page.locator(".status-line")


def test_a_pool_game_in_the_tables_words_from_the_first_hand_to_the_winner(page: Page, live_server: str, keep_screen):
    start_indian(page, live_server, list(FOUR), Format="pool", Pool="101")
    # a new pool game: each player has the whole pool to spare before being out
    for name in FOUR:
        expect(measure_of(page, name)).to_have_text("101 to spare · out at 101")
    fits_the_phone(page)
    keep_screen(page, "indian-pool-new-standings")

    enter_points(page, 1, "Ann", Ann="0", Ben="17", Cy="80", Dev="20")
    enter_points(page, 2, "Ben", Ann="40", Ben="0", Cy="80", Dev="30")
    expect_totals(page, Ann=40, Ben=17, Cy=160, Dev=50)
    expect(measure_of(page, "Ann")).to_have_text("61 to spare · out at 101")
    expect(status_line(page)).to_have_text("In progress Cy is out at 101 or more; Ann, Ben and Dev play on")

    # once the table confirms Cy's rejoin, the status line and the next hand's form say Cy is back on 51
    page.get_by_role("link", name="Rejoin Cy…").tap()
    page.get_by_role("button", name="Yes, Cy rejoins").tap()
    expect(status_line(page)).to_have_text("In progress Cy rejoins on 51; Ann, Ben, Cy and Dev play on")
    fits_the_phone(page)
    keep_screen(page, "indian-pool-rejoin-confirmed")
    page.get_by_role("link", name="Enter hand 3").tap()
    expect(page.locator("#player-2 .pc-total")).to_have_text("total 51")
    expect(page.locator("#player-3 .pc-total")).to_have_text("total 50")
    fits_the_phone(page)
    keep_screen(page, "indian-hand-form-declarer-first")
    page.locator("#player-2").scroll_into_view_if_needed()
    keep_screen(page, "indian-pool-rejoin-form-totals")
    page.get_by_role("link", name="Back to the scoreboard").tap()

    enter_points(page, 3, "Ann", Ann="0", Ben="80", Cy="20", Dev="55")
    expect_totals(page, Ann=40, Ben=97, Cy=71, Dev=105)
    # Dev is out and may not rejoin: the page says who and why
    page.goto(f"{page.url.split('?')[0].rstrip('/')}/rejoin?player=Dev")
    expect(page.get_by_text("Dev cannot rejoin: Ben's 97 is not below 80.")).to_be_visible()
    fits_the_phone(page)
    keep_screen(page, "indian-pool-rejoin-refused")
    page.get_by_role("link", name="Back to the scoreboard", exact=True).tap()

    enter_points(page, 4, "Ann", Ann="0", Ben="10", Cy="30")
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    # the winner's line says won, and nothing of being below the pool
    expect(standing_of(page, "Ann").locator(".won-mark")).to_have_text("★ won")
    expect(measure_of(page, "Ann")).to_have_count(0)
    fits_the_phone(page)
    keep_screen(page, "indian-pool-won-standings")


def test_who_declared_comes_first_and_the_declarer_gets_four_group_rows(page: Page, live_server: str, keep_screen):
    start_indian(page, live_server, ["Ann", "Ben", "Cy"])
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Cut joker").select_option("9")
    asked = who_went_out(page, "Who declared")
    first_player = page.locator("#player-0")
    assert asked.bounding_box()["y"] < first_player.bounding_box()["y"]
    expect(page.get_by_label("Ben's group 3")).to_have_count(0)
    choose_who_went_out(page, "Ben", label="Who declared")
    for row in (3, 4):
        expect(page.get_by_label(f"Ben's group {row}")).to_be_visible()
    expect(page.get_by_label("Ann's group 3")).to_have_count(0)
    for row, cards in enumerate(SHOW, start=1):
        page.get_by_label(f"Ben's group {row}").fill(cards)
    expect(page.locator("#held-1")).to_have_text("Valid show: counts 0")
    page.get_by_label("Ben's group 1").focus()
    fits_the_phone(page)
    keep_screen(page, "indian-declarer-four-rows")


def test_a_refused_show_is_recorded_as_the_declarers_wrong_show_in_one_tap(page: Page, live_server: str, keep_screen):
    start_indian(page, live_server, ["Ann", "Ben"])
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Cut joker").select_option("9")
    choose_who_went_out(page, "Ann", label="Who declared")
    enter_groups(page, "Ann", NO_PURE)
    enter_groups(page, "Ben", ["4D 5D 6D"])
    page.get_by_label("Ben's ungrouped cards").fill("KC QD")
    save_hand(page)
    expect(page.locator("#form-error")).to_contain_text("Ann's show is not valid: no pure sequence")
    offer = page.get_by_role("button", name="Record it as Ann's wrong show · 80")
    expect(offer).to_be_visible()
    # everything typed is still there
    expect(page.get_by_label("Ann's group 4")).to_have_value("10C JC QC 9H")
    expect(page.get_by_label("Ben's ungrouped cards")).to_have_value("KC QD")
    fits_the_phone(page)
    keep_screen(page, "indian-refused-show-offer")
    offer.tap()
    # at two players a wrong show ends the deal: Ann pays 80, Ben scores 0
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    expect_totals(page, Ann=80, Ben=0)


def test_a_deals_game_lists_only_the_options_that_apply(page: Page, live_server: str, keep_screen):
    start_indian(page, live_server, ["Ann", "Ben", "Cy"], Format="deals", Deals="3")
    options = page.locator("section.options")
    options.scroll_into_view_if_needed()
    labels = options.locator("dt").all_inner_texts()
    assert "Pool" not in labels and "Rejoining" not in labels, labels
    assert "Deals" in labels and "Format" in labels, labels
    fits_the_phone(page)
    keep_screen(page, "indian-deals-options")
