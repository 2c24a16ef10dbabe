"""Indian Rummy on a phone-sized screen: a deals game of two deals played through the hand form to its
finish, and a pool 101 hand with a first drop, a middle drop and a wrong show, one tap each.

The figures follow docs/rules/indian.md (9s wild in deal 1, 5s in deal 2):

    deal 1  Ann shows 2H 3H 4H | 6S 7S 9C | KD KH KS | 10C JC QC KC            -> the others' counts, 100
            Ben: both lives, only KC QD 9S count (the 9 is wild)                 -> -20
            Cy: no pure sequence, every card counts, 101 capped at 80            -> -80
    deal 2  Ben shows AS 2S 3S | 4D 5C 6D | 7H 8H 9H 10H | QC QD QS              -> 20 + 40 = 60
            Ann dropped first (20), Cy dropped in the middle (40)
    after two deals: Ann 80, Ben 40, Cy -120: Ann wins.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out
from tests.browser.test_accessibility import AXE, axe_violations, described
from tests.browser.test_table_flow import fits_the_phone, player_part, save_hand, total

SHOW = ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]


def start_indian(page: Page, live_server: str, names: list[str], **options: str) -> None:
    """Name the players in seat order, choose the options by their labels, start."""
    page.goto(f"{live_server}/new/indian")
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Seat {seat}", exact=False).first.fill(name)
    for label, value in options.items():
        page.get_by_label(label, exact=True).select_option(value)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Indian Rummy", exact=True)).to_be_visible()


def enter_groups(page: Page, name: str, groups: list[str]) -> None:
    """Type a player's groups, one row each, adding rows as needed; each verdict shows before the next row is added.

    A verdict arriving moves what lies below it, the "Another group" button too: a tap aimed while it
    moved missed the button once under load, as a person's would if they tapped without looking.
    """
    for row, cards in enumerate(groups, start=1):
        field = page.get_by_label(f"{name}'s group {row}")
        if not field.count():
            page.get_by_role("button", name=f"Another group for {name}").tap()
        field.fill(cards)
        expect(page.locator(f"#{field.get_attribute('id')}-check")).not_to_be_empty()


def expect_totals(page: Page, totals: dict[str, int]) -> None:
    for name, points in totals.items():
        expect(total(page, name)).to_have_text(str(points))


def test_a_deals_game_of_two_deals_through_the_hand_form_to_its_winner(page: Page, live_server: str, keep_screen):
    start_indian(page, live_server, ["Ann", "Ben", "Cy"], Format="deals", Deals="2")

    # deal 1: the cut joker first, then Ann's show and the losers' counts, each answered by the engine as typed
    page.get_by_role("link", name="Enter hand 1").tap()
    expect(page.get_by_text("Every card of this rank is wild; A for a printed joker.")).to_be_visible()
    page.get_by_label("Cut joker").select_option("9")
    enter_groups(page, "Ann", SHOW)
    choose_who_went_out(page, "Ann", label="Who declared")
    expect(page.locator("#held-0")).to_have_text("Valid show: counts 0")
    expect(page.locator("#players-0-melds-0-check")).to_have_text("Pure sequence (2H 3H 4H)")
    enter_groups(page, "Ben", ["4S 5S 6S", "7D 8D 9H"])
    page.get_by_label("Ben's ungrouped cards").fill("KC QD 9S")
    expect(page.locator("#held-1")).to_have_text("Both lives: only ungrouped cards count · count 20")
    enter_groups(page, "Cy", ["KD KH KS"])
    page.get_by_label("Cy's ungrouped cards").fill("QC QD JH 10D 10S 8S 7S 4S 2C")
    expect(page.locator("#held-2")).to_have_text(
        "No pure sequence: every card counts · count 80, capped at 80 (the cards add up to 101)")
    fits_the_phone(page)
    keep_screen(page, "indian-deal-1-form")
    save_hand(page)
    expect_totals(page, {"Ann": 100, "Ben": -20, "Cy": -80})

    # deal 2: Ben shows; Ann dropped first and Cy in the middle, one tap each, their cards not asked
    page.get_by_role("link", name="Enter hand 2").tap()
    page.get_by_label("Cut joker").select_option("5")
    player_part(page, "Ann").get_by_label("Dropped (first)").tap()
    expect(page.get_by_label("Ann's group 1")).to_be_hidden()
    player_part(page, "Cy").get_by_label("Dropped (middle)").tap()
    expect(page.get_by_label("Cy's group 1")).to_be_hidden()
    expect(page.locator("#player-2 [data-summary]")).to_have_text("Dropped (middle) · 40")
    enter_groups(page, "Ben", ["AS 2S 3S", "4D 5C 6D", "7H 8H 9H 10H", "QC QD QS"])
    choose_who_went_out(page, "Ben", label="Who declared")
    expect(page.locator("#held-1")).to_have_text("Valid show: counts 0")
    save_hand(page)
    expect_totals(page, {"Ann": 80, "Ben": 40, "Cy": -120})
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    fits_the_phone(page)


def test_a_pool_101_hand_with_a_first_drop_a_middle_drop_and_a_wrong_show_by_one_tap_each(
    page: Page, live_server: str, keep_screen,
):
    page.add_init_script(path=str(AXE))
    start_indian(page, live_server, ["Ann", "Ben", "Cy", "Dee"], Format="pool", Pool="101")
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Cut joker").select_option("9")
    # Ben typed a group before he dropped: the tap hides it, and it is not asked
    page.get_by_label("Ben's group 1").fill("5D 6D 7D")
    for name, choice in (("Ben", "Dropped (first) · 20"), ("Cy", "Dropped (middle) · 40"), ("Dee", "Wrong show · 80")):
        player_part(page, name).get_by_label(choice).tap()
        expect(page.get_by_label(f"{name}'s group 1")).to_be_hidden()
    enter_groups(page, "Ann", SHOW)
    choose_who_went_out(page, "Ann", label="Who declared")
    expect(page.locator("#held-0")).to_have_text("Valid show: counts 0")
    fits_the_phone(page)
    keep_screen(page, "indian-pool-drops-form")
    problems = [described("the Indian hand form", violation) for violation in axe_violations(page)]
    assert not problems, "\n\n".join(problems)
    save_hand(page)
    expect_totals(page, {"Ann": 0, "Ben": 20, "Cy": 40, "Dee": 80})


def unfold(page: Page, seat: int) -> None:
    """Open a player's folded card."""
    card = page.locator(f"#player-{seat}")
    if not card.evaluate("card => card.open"):
        card.locator("summary").tap()


def test_a_folded_player_reads_in_the_words_of_the_game_declared_groups_and_ungrouped_cards(
    page: Page, live_server: str, keep_screen,
):
    # six long names: the table starts folded, one line a player, and that line must speak Indian Rummy
    names = ["Alexandrina Montgomery-Smith", "Bartholomew Fitzgerald-Jones", "Cyrillus Vanderbilt-Okonkwo",
             "Devika Ramaswamy-Chatterjee", "Evangeline Castellanos-Ruiz", "Fitzwilliam Abernathy-Krishnan"]
    start_indian(page, live_server, names)
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Cut joker").select_option("9")
    unfold(page, 0)
    enter_groups(page, names[0], SHOW)
    choose_who_went_out(page, names[0], label="Who declared")
    unfold(page, 1)
    enter_groups(page, names[1], ["4S 5S 6S", "7D 8D 9H"])
    page.get_by_label(f"{names[1]}'s ungrouped cards").fill("KC QD 9S")
    expect(page.locator("#held-1")).to_have_text("Both lives: only ungrouped cards count · count 20")
    expect(page.locator("#player-0 [data-summary]")).to_have_text("declared · 4 groups")
    expect(page.locator("#player-1 [data-summary]")).to_have_text("2 groups · 3 ungrouped")
    page.locator("#player-1 summary").tap()
    keep_screen(page, "indian-folded-summaries")


def test_the_new_game_form_shows_the_pool_options_only_for_a_pool_game(page: Page, live_server: str):
    page.goto(f"{live_server}/new/indian")
    pool, deals = page.get_by_label("Pool", exact=True), page.get_by_label("Deals", exact=True)
    # points, the default format: neither the pool's options nor the deals' are in view
    expect(pool).to_be_hidden()
    expect(page.get_by_label("Rejoining")).to_be_hidden()
    expect(deals).to_be_hidden()
    page.get_by_label("Format", exact=True).select_option("pool")
    expect(pool).to_be_visible()
    expect(page.get_by_text("Only when Format is pool")).to_be_visible()
    expect(deals).to_be_hidden()
    page.get_by_label("Format", exact=True).select_option("deals")
    expect(deals).to_be_visible()
    expect(pool).to_be_hidden()
    page.get_by_label("Format", exact=True).select_option("points")
    expect(pool).to_be_hidden()
    fits_the_phone(page)
