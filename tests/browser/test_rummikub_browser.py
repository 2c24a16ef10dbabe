"""A whole game of Rummikub on a phone-sized screen (390x844): four players over four rounds, racks typed and
tapped in the tile picker, an impossible rack refused with everything kept, a round where the pool ran out with a
tie for the lowest rack, a round as points, and the game ending after its fourth round with the highest total.

Every figure is counted by hand from docs/rules/rummikub.md (a rack is its numbers, a joker 30).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_table_flow import (
    fits_the_phone,
    hand_row,
    last_screen_of_a_failed_step,  # noqa: F401 - the fixture that keeps the screen of a failed step
    save_hand,
    total,
)

NAMES = ("Ann", "Ben", "Cy", "Dee")


def expect_totals(page: Page, **expected: int) -> None:
    for name, points in expected.items():
        expect(total(page, name)).to_have_text(str(points))


def rack(page: Page, name: str):
    return page.get_by_role("textbox", name=f"{name}'s tiles on the rack", exact=True)


def live_value(page: Page, name: str):
    return page.locator(f".player-card[data-name='{name}'] [data-live-count]")


def test_a_four_round_game_of_rummikub_on_a_phone(page: Page, live_server: str, screenshot, keep_screen) -> None:
    page.goto(f"{live_server}/new/rummikub")
    expect(page.get_by_role("heading", name="New game of Rummikub")).to_be_visible()
    for seat, name in enumerate(NAMES, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_label("Rounds").fill("4")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Rummikub", exact=True)).to_be_visible()

    # round 1: Ann goes out. Ben 7 + joker 30 = 37 (tapped in the picker), Cy 3 + 3 = 6, Dee 12 + 13 + 1 = 26;
    # Ann collects 37 + 6 + 26 = 69
    page.get_by_role("link", name="Enter hand 1", exact=True).tap()
    expect(page.get_by_label("Ann's meld 1")).to_have_count(0)  # melds on the table are not entered
    # each rack has the tile picker's button and no other (the page draws it; the card picker has none here)
    expect(page.locator(".picker-open")).to_have_count(4)
    expect(page.get_by_role("button", name=re.compile(r"^Cards for"))).to_have_count(0)
    choose_who_went_out(page, "Ann")
    page.get_by_role("button", name="Tiles for Ben's tiles on the rack").tap()
    picker = page.get_by_role("group", name="Tile picker")
    expect(picker).to_contain_text("Typing into: Ben's tiles on the rack")
    picker.get_by_role("button", name="R red").tap()
    picker.get_by_role("button", name="red 7", exact=True).tap()
    picker.get_by_role("button", name="JK joker", exact=True).tap()
    expect(rack(page, "Ben")).to_have_value("7R JK")
    expect(live_value(page, "Ben")).to_have_text("37 in hand")
    keep_screen(page, "rummikub_tile_picker")
    picker.get_by_role("button", name="Done").tap()
    # three 3B on the racks: refused, naming the tile and the racks, with everything typed kept
    rack(page, "Cy").fill("3b 3b")
    rack(page, "Dee").fill("12o 13y 1k 3B")
    save_hand(page)
    alert = page.get_by_role("alert").first
    expect(alert).to_contain_text("3B is entered 3 times (Cy's rack, Dee's rack), but the set has only 2 of each tile")
    expect(rack(page, "Ben")).to_have_value("7R JK")
    expect(rack(page, "Dee")).to_have_value("12o 13y 1k 3B")
    keep_screen(page, "rummikub_refused")
    # a tile that is no tile is named too
    rack(page, "Dee").fill("12o 13y 1k 14k")
    save_hand(page)
    expect(page.get_by_role("alert").first).to_contain_text("`14k` at position 4 is not a tile: numbers are 1-13")
    expect(rack(page, "Cy")).to_have_value("3b 3b")
    rack(page, "Dee").fill("12o 13y 1k")
    expect(live_value(page, "Dee")).to_have_text("26 in hand")
    fits_the_phone(page)
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    expect_totals(page, Ann=69, Ben=-37, Cy=-6, Dee=-26)

    # round 2: the pool ran out. Ann 2 + 5 = 7, Ben 4 + 3 = 7, Cy 10 + 1 = 11, Dee 9 + 11 = 20. Ann and Ben tie
    # for the lowest, 7: Cy loses 11 - 7 = 4, Dee 20 - 7 = 13; the 17 is shared, 9 to Ann (first in seat order),
    # 8 to Ben. Totals: 69 + 9 = 78, -37 + 8 = -29, -6 - 4 = -10, -26 - 13 = -39
    page.get_by_role("link", name="Enter hand 2", exact=True).tap()
    page.get_by_label("The pool ran out: nobody could go out").check()
    rack(page, "Ann").fill("2k 5b")
    rack(page, "Ben").fill("4r, 3o")
    rack(page, "Cy").fill("10k 1r")
    rack(page, "Dee").fill("9r 11b")
    expect(live_value(page, "Dee")).to_have_text("20 in hand")
    keep_screen(page, "rummikub_pool_ran_out_form", full_page=True)
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 2 saved.")).to_be_visible()
    expect(hand_row(page, 2).locator(".hand-score")).to_have_text(["9", "8", "-4", "-13"])
    expect_totals(page, Ann=78, Ben=-29, Cy=-10, Dee=-39)

    # round 3: Cy goes out. Ann 13 + 13 = 26, Ben 1, Dee joker 30 + 5 = 35; Cy collects 62.
    # Totals: 78 - 26 = 52, -29 - 1 = -30, -10 + 62 = 52, -39 - 35 = -74
    page.get_by_role("link", name="Enter hand 3", exact=True).tap()
    choose_who_went_out(page, "Cy")
    rack(page, "Ann").fill("13k 13r")
    rack(page, "Ben").fill("1b")
    rack(page, "Dee").fill("jk 5o")
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 3 saved.")).to_be_visible()
    expect_totals(page, Ann=52, Ben=-30, Cy=52, Dee=-74)
    expect(page.get_by_text("1 of 4 rounds still to play")).to_be_visible()

    # round 4 as points: Ann -5, Ben 40, Cy -20, Dee -15. Totals: 47, 10, 32, -89: Ann wins with the highest
    page.get_by_role("link", name="Enter as points").tap()
    choose_who_went_out(page, "Ben")
    for name, value in (("Ann", "-5"), ("Ben", "40"), ("Cy", "-20"), ("Dee", "-15")):
        page.get_by_label(f"{name}'s points").fill(value)
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 4 saved.")).to_be_visible()
    expect_totals(page, Ann=47, Ben=10, Cy=32, Dee=-89)
    expect(page.get_by_text("after the last round, Ann wins with the highest total, 47")).to_be_visible()
    expect(page.get_by_role("link", name="Enter hand 5", exact=True)).to_have_count(0)
    fits_the_phone(page)
    keep_screen(page, "rummikub_finished", full_page=True)


def test_the_checker_checks_tiles_and_first_melds_on_a_phone(page: Page, live_server: str, keep_screen) -> None:
    page.goto(f"{live_server}/check?game=rummikub")
    cards = page.get_by_role("textbox", name="Tiles of the meld")
    cards.fill("jk 7r 8r")
    verdict = page.locator("#meld-verdict")
    expect(verdict).to_contain_text("a run, worth 21 points in Rummikub")
    expect(verdict).to_contain_text("Short of the initial meld of 30 on its own")
    cards.fill("12r 13r 1r")
    expect(verdict).to_contain_text("1 is only low: 12-13-1 is not a run")
    page.get_by_label("First meld 1").fill("1r 2r 3r")
    page.get_by_label("First meld 2").fill("4b 4k 4o")
    first = page.locator("#first-verdict")
    expect(first).to_contain_text("Short of the initial meld: 18 of 30 points.")
    page.get_by_label("First meld 3").fill("jk 12b 13b")
    expect(first).to_contain_text("Reaches the initial meld: 54 of 30 points.")
    expect(page).to_have_url(re.compile(r"first3=jk"))
    keep_screen(page, "rummikub_checker", full_page=True)
    # a set has two jokers: three first melds with one each are worth 108 but cannot be laid down
    page.get_by_label("First meld 1").fill("jk 12r 13r")
    page.get_by_label("First meld 2").fill("jk 12k 13k")
    expect(first).to_contain_text("Does not reach the initial meld: 108 of 30 points.")
    expect(first).to_contain_text("JK is used 3 times in these melds, but the game has only 2")
    keep_screen(page, "rummikub_checker_three_jokers", full_page=True)


def test_axe_finds_nothing_on_the_tile_picker_the_checker_and_the_rules(page: Page, live_server: str, keep_screen) -> None:
    from tests.browser.test_accessibility import AXE, axe_violations, described

    page.add_init_script(path=str(AXE))
    page.goto(f"{live_server}/new/rummikub")
    for seat, name in enumerate(NAMES, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("link", name="Enter hand 1", exact=True).tap()
    page.get_by_role("button", name="Tiles for Ann's tiles on the rack").tap()
    expect(page.get_by_role("group", name="Tile picker")).to_be_visible()
    problems = [described("hand form, tile picker open", v) for v in axe_violations(page)]
    page.goto(f"{live_server}/check?game=rummikub&cards=jk+7r+8r&first1=10r+11r+12r")
    page.get_by_role("button", name="Tiles for Tiles of the meld").tap()
    problems += [described("checker, tile picker open", v) for v in axe_violations(page)]
    page.goto(f"{live_server}/rules/rummikub")
    problems += [described("rules of rummikub", v) for v in axe_violations(page)]
    keep_screen(page, "rummikub_rules", full_page=True)
    assert not problems, "\n\n".join(problems)
