"""Whole games played on a phone-sized screen, the way a player at the table uses the app.

Every figure checked here is worked out by hand from RULES.md. In 500 Rum a
player scores the cards they melded or laid off, minus the cards left in their
hand: 2-10 face value, J Q K 10, an ace 15 (1 as the low end of a run).
The first hand is API.md's example session:

    Ann melds 7H 8H 9H (24) and KS KD KC (30)          ->  54
    Ben lays 10H off onto Ann's run (10), keeps QS 4D (-14)  ->  -4
    Cy keeps AS (-15)                                    -> -15
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import choose_who_went_out, expect_who_went_out

PLAYERS = ("Ann", "Ben", "Cy")
PHONE_WIDTH = 390


@pytest.fixture(autouse=True)
def last_screen_of_a_failed_step(request: pytest.FixtureRequest, page: Page, screenshot):
    """When a step fails, keep the screen it failed on (FAILED-<test>.png) beside the others.

    Asking for `page` here makes this run its teardown while the page is still open.
    """
    failed_before = request.session.testsfailed
    yield
    if request.session.testsfailed > failed_before:
        try:
            screenshot(page, f"FAILED-{request.node.name}")
        except PlaywrightError:
            pass  # the browser itself went away: the failure report says why


# --- moving around the app, as a player does -------------------------------------------------


def start_500_rum(page: Page, live_server: str, players=PLAYERS, from_home: bool = False) -> None:
    """Pick 500 Rum (from the home page, or straight from its form), name the players in seat order, start."""
    if from_home:
        page.goto(live_server)
        page.get_by_role("link", name="Start a new game").tap()
        page.get_by_role("link", name="Play 500 Rum").tap()
    else:
        page.goto(f"{live_server}/new/rummy500")
    expect(page.get_by_role("heading", name="New game of 500 Rum")).to_be_visible()
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)  # seats past the minimum say "(optional)"
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="500 Rum", exact=True)).to_be_visible()


def total(page: Page, name: str) -> Locator:
    """The total a player sees on their card of the scoreboard."""
    return page.get_by_role("list", name="Totals").get_by_role("listitem").filter(has_text=name).locator(
        ".total-points"
    )


def expect_totals(page: Page, **expected: int) -> None:
    """The scoreboard shows these totals (and the table's footer agrees)."""
    for name, points in expected.items():
        expect(total(page, name)).to_have_text(str(points))
    footer = page.get_by_role("table").locator("tfoot td")
    expect(footer.first).to_be_visible()
    expect(footer).to_have_text([str(expected[name]) for name in PLAYERS if name in expected] + [""])


def hand_row(page: Page, number: int) -> Locator:
    """One hand's row of the scoreboard table."""
    return page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=re.compile(rf"^{number}\b")))


def open_picker(page: Page, label: str | None = None) -> None:
    """Open the card picker from a card field's Cards button (the page's first, unless a label is given).

    The picker is closed until a field opens it, and then types into that field only.
    """
    picker = page.get_by_role("group", name="Card picker")
    opener = page.get_by_role("button", name=f"Cards for {label}") if label else page.locator(".picker-open").first
    if opener.get_attribute("aria-expanded") != "true":
        opener.tap()
    expect(picker).to_be_visible()


def tap_cards(page: Page, field: Locator, *cards: str) -> None:
    """Open the picker from a card field, then tap cards in it by their spoken names ("7 of hearts")."""
    label = field.evaluate("field => field.labels[0].textContent.trim()")
    open_picker(page, label)
    expect(page.get_by_role("group", name="Card picker")).to_contain_text(f"Typing into: {label}")
    for card in cards:
        page.get_by_role("button", name=card, exact=True).tap()
    # the player sees what the taps typed: the field is on screen, not under the open picker
    expect(field).to_be_in_viewport()
    assert field.evaluate(_UNCOVERED), f"{label} is hidden under something while its cards are tapped"


_UNCOVERED = """(field) => {
    const box = field.getBoundingClientRect();
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === field;
}"""


def player_part(page: Page, name: str) -> Locator:
    """One player's part of the hand form (a fieldset with the player's name as its legend)."""
    return page.get_by_role("group", name=name, exact=True)


def save_hand(page: Page) -> None:
    """Tap the form's save button (its words name the hand: "Save hand 2", "Save changes")."""
    page.get_by_role("button", name=re.compile(r"^Save (hand \d+|changes)$")).tap()


def enter_points(page: Page, went_out: str, *, game: str = "500 Rum", **points: str) -> None:
    """Enter the next hand as plain points per player (names as keywords), back to `game`'s scoreboard."""
    page.get_by_role("link", name="Enter as points").tap()
    choose_who_went_out(page, went_out)
    for name, value in points.items():
        page.get_by_label(f"{name}'s points").fill(value)
    save_hand(page)
    expect(page.get_by_role("heading", name=game, exact=True)).to_be_visible()


def type_example_hand(page: Page) -> None:
    """Type API.md's example hand 1 in card notation (lower case and commas, as people type)."""
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ann's meld 2").fill("ks, kd, kc")
    page.get_by_label("Ben's lay-off 1: cards").fill("10h")
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 1: 7H 8H 9H")
    page.get_by_label("Ben's cards left in hand").fill("qs 4d")
    page.get_by_label("Cy's cards left in hand").fill("as")


def open_site_menu(page: Page) -> None:
    """Unfold the site's links, which a phone keeps behind the Menu button."""
    page.get_by_role("navigation", name="Main").get_by_text("Menu").click()


def fits_the_phone(page: Page) -> None:
    """Nothing on the page is wider than the phone's screen (no sideways scrolling)."""
    page.wait_for_load_state()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} is {width}px wide on a {PHONE_WIDTH}px screen"


# --- the steps of a game ----------------------------------------------------------------------


def test_a_three_player_500_rum_game_starts_from_the_home_page(page, live_server, screenshot):
    start_500_rum(page, live_server, from_home=True)
    expect(page.get_by_role("status").filter(has_text="500 Rum started")).to_be_visible()
    expect(page.locator(".session-header .players")).to_have_text("Ann · Ben · Cy")
    for name in PLAYERS:
        expect(total(page, name)).to_have_text("0")
    expect(page.get_by_text("No hands yet.")).to_be_visible()
    expect(page.get_by_role("link", name="Enter hand 1")).to_be_in_viewport()
    fits_the_phone(page)

    # the game is listed on the home page, in progress
    open_site_menu(page)
    page.get_by_role("link", name="Home").tap()
    expect(page.get_by_role("link", name=re.compile(r"500 Rum\s+Ann, Ben, Cy"))).to_be_visible()
    screenshot(page)


def test_a_hand_tapped_in_with_the_card_picker_with_a_lay_off_scores_54_minus_4_minus_15(
    page, live_server, screenshot
):
    start_500_rum(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    choose_who_went_out(page, "Ann")
    open_picker(page)

    tap_cards(page, page.get_by_label("Ann's meld 1"), "7 of hearts", "8 of hearts", "9 of hearts")
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7H 8H 9H")
    expect(page.locator("#players-0-melds-0-check")).to_have_text("Run (7H 8H 9H), 24 points")
    # one deck: a card tapped once is used up, and the picker says so
    expect(page.get_by_role("button", name="7 of hearts", exact=True)).to_be_disabled()

    tap_cards(page, page.get_by_label("Ann's meld 2"), "king of spades", "king of diamonds", "king of clubs")
    expect(page.locator("#players-0-melds-1-check")).to_have_text("Set (KS KD KC), 30 points")

    # Ben lays the ten of hearts off onto Ann's run
    tap_cards(page, page.get_by_label("Ben's lay-off 1: cards"), "10 of hearts")
    onto = page.get_by_label("Ben's lay-off 1: onto")
    onto.select_option(label="Ann's meld 1: 7H 8H 9H")
    tap_cards(page, page.get_by_label("Ben's cards left in hand"), "queen of spades", "4 of diamonds")
    tap_cards(page, page.get_by_label("Cy's cards left in hand"), "ace of spades")
    # a wrong tap is taken back with the picker's own button
    page.get_by_role("button", name="ace of hearts", exact=True).tap()
    expect(page.get_by_label("Cy's cards left in hand")).to_have_value("AS AH")
    page.get_by_role("button", name="Remove last").tap()
    expect(page.get_by_label("Cy's cards left in hand")).to_have_value("AS")

    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    expect_totals(page, Ann=54, Ben=-4, Cy=-15)
    expect(hand_row(page, 1).locator(".hand-score")).to_have_text(["54", "-4", "-15"])
    # what was entered reads back as cards, the lay-off with the meld it went onto
    page.get_by_text("Hand 1", exact=True).tap()
    # the card is drawn as a chip: 10♥ on the page, "10 of hearts" for screen readers
    expect(page.locator(".hand-summary")).to_contain_text("laid off 10♥10 of hearts on Ann's meld 1")
    fits_the_phone(page)
    screenshot(page)


def test_an_illegal_meld_shows_why_and_saves_once_corrected(page, live_server, screenshot):
    start_500_rum(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    type_example_hand(page)
    meld = page.get_by_label("Ann's meld 1")
    meld.fill("7h 8h 10h")
    # the live check gives the reason while the player is still at the field
    expect(page.locator("#players-0-melds-0-check")).to_have_text(
        "Not a meld: there is a gap between 8 and 10"
    )
    # saving anyway is refused with the reason, naming the player and the meld; nothing is lost
    save_hand(page)
    alert = page.get_by_role("alert").first
    expect(alert).to_contain_text("Not saved")
    expect(alert).to_contain_text("there is a gap between 8 and 10")
    expect(alert).to_contain_text("Ann")
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7h 8h 10h")
    expect(page.get_by_label("Ann's meld 2")).to_have_value("ks, kd, kc")
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("qs 4d")
    expect_who_went_out(page, "Ann")
    screenshot(page, "illegal_meld_refused")

    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    expect(page.locator("#players-0-melds-0-check")).to_have_text("Run (7H 8H 9H), 24 points")
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 1: 7H 8H 9H")
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    expect_totals(page, Ann=54, Ben=-4, Cy=-15)
    screenshot(page)


def test_a_hand_typed_in_notation_and_one_entered_as_points_give_api_md_totals(page, live_server, screenshot):
    start_500_rum(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    type_example_hand(page)
    save_hand(page)
    expect_totals(page, Ann=54, Ben=-4, Cy=-15)

    # hand 2 as points; a sum is added up for the player
    enter_points(page, "Ben", Ann="12", Ben="40+21", Cy="-20")
    expect(page.get_by_role("status").filter(has_text="Hand 2 saved.")).to_be_visible()
    expect_totals(page, Ann=66, Ben=57, Cy=-35)
    row = hand_row(page, 2)
    expect(row.locator(".hand-score")).to_have_text(["12", "61", "-20"])
    expect(row.locator(".running")).to_have_text(["66", "57", "-35"])
    expect(row.get_by_text("points", exact=True)).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="nobody has reached 500")).to_be_visible()
    fits_the_phone(page)
    screenshot(page)


def test_editing_the_first_hand_changes_every_total_and_undo_takes_back_the_last(page, live_server, screenshot):
    start_500_rum(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    type_example_hand(page)
    save_hand(page)
    enter_points(page, "Ben", Ann="12", Ben="61", Cy="-20")
    expect_totals(page, Ann=66, Ben=57, Cy=-35)

    # hand 1 again: Ann's run gets the ten, Ben lays off the six instead, Cy also kept the 3 of clubs
    page.get_by_role("link", name="Fix hand 1 (edit or delete)").tap()
    expect(page.get_by_role("heading", name=re.compile("Edit hand 1"))).to_be_visible()
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7H 8H 9H")
    page.get_by_label("Ann's meld 1").fill("7H 8H 9H 10H")  # 34
    page.get_by_label("Ben's lay-off 1: cards").fill("6H")  # 6 - 14 = -8
    expect(page.get_by_label("Ben's lay-off 1: onto", exact=True)).to_have_value("0:0")
    page.get_by_label("Cy's cards left in hand").fill("AS 3C")  # -15 - 3 = -18
    save_hand(page)
    expect(page.get_by_role("status").filter(has_text="Hand 1 updated")).to_be_visible()
    expect(hand_row(page, 1).locator(".hand-score")).to_have_text(["64", "-8", "-18"])
    # every total after hand 1 moved: 64+12, -8+61, -18-20
    expect(hand_row(page, 2).locator(".running")).to_have_text(["76", "53", "-38"])
    expect_totals(page, Ann=76, Ben=53, Cy=-38)

    page.get_by_role("button", name="Undo hand 2").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 2 undone.")).to_be_visible()
    expect(hand_row(page, 2)).to_have_count(0)
    expect_totals(page, Ann=64, Ben=-8, Cy=-18)
    expect(page.get_by_role("button", name="Undo hand 1")).to_be_visible()
    expect(page.get_by_role("link", name="Enter hand 2")).to_be_visible()
    screenshot(page)


def test_the_view_link_on_a_second_phone_shows_a_new_hand_within_5_seconds(
    page, browser, browser_context_args, live_server, screenshot
):
    start_500_rum(page, live_server)
    page.get_by_text("Share: QR codes for other phones").tap()
    view_url = page.get_by_label("View link address").input_value()
    assert view_url.startswith(f"{live_server}/s/") and view_url != page.url

    # the second phone has its own browser context: no cookies, nothing shared with the first
    other = browser.new_context(**browser_context_args)
    try:
        viewer = other.new_page()
        viewer.goto(view_url)
        expect(viewer.get_by_text("Read-only link")).to_be_visible()
        expect(total(viewer, "Ann")).to_have_text("0")
        expect(viewer.get_by_role("link", name=re.compile("Enter hand"))).to_have_count(0)

        page.get_by_role("link", name="Enter hand 1").tap()
        type_example_hand(page)
        save_hand(page)
        expect(total(page, "Ann")).to_have_text("54")

        # the viewer is not touched: the hand arrives by itself within 5 seconds of being saved
        for name, points in (("Ann", "54"), ("Ben", "-4"), ("Cy", "-15")):
            expect(total(viewer, name)).to_have_text(points, timeout=5000)
        expect(hand_row(viewer, 1)).to_be_visible()
        expect(hand_row(viewer, 1).get_by_role("link", name=re.compile("Fix"))).to_have_count(0)
        fits_the_phone(viewer)
        screenshot(page, "view_link_editor")
        screenshot(viewer)
    finally:
        other.close()


def test_playing_on_to_500_ends_in_a_tie_then_a_winner_banner(page, live_server, screenshot):
    start_500_rum(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    type_example_hand(page)
    save_hand(page)
    enter_points(page, "Ann", Ann="200", Ben="100", Cy="50")
    expect_totals(page, Ann=254, Ben=96, Cy=35)

    # Ann and Ben both pass 500 on the same total: nobody wins yet
    enter_points(page, "Ben", Ann="250", Ben="408", Cy="0")
    expect_totals(page, Ann=504, Ben=504, Cy=35)
    expect(page.get_by_role("status").filter(has_text="Ann and Ben are tied on 504: another hand decides")).to_be_visible()
    expect(page.locator(".winner-banner")).to_have_count(0)

    # hand 4, by cards: Ann goes out with three queens (30); Ben keeps a five, Cy a two
    page.get_by_role("link", name="Enter hand 4").tap()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("QH QS QD")
    page.get_by_label("Ben's cards left in hand").fill("5S")
    page.get_by_label("Cy's cards left in hand").fill("2S")
    save_hand(page)
    expect_totals(page, Ann=534, Ben=499, Cy=33)
    banner = page.locator(".winner-banner")
    expect(banner).to_be_in_viewport()
    expect(banner.get_by_text("Ann wins!")).to_be_visible()
    expect(banner).to_contain_text("Ann reached 534, the highest at or above 500")
    # Ben is one short of the target: the game is over, so he needs nothing, and his progress bar must not say
    # he reached it
    ben = page.get_by_role("list", name="Totals").get_by_role("listitem").filter(has_text="Ben")
    expect(ben).not_to_contain_text("needs")
    expect(ben.get_by_role("img")).to_have_attribute("aria-label", "99% of 500")

    open_site_menu(page)
    page.get_by_role("link", name="Home").tap()
    expect(page.get_by_role("heading", name="Recently finished")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile(r"500 Rum\s+Ann, Ben, Cy\s+4 hands · Ann won"))).to_be_visible()
    page.go_back()
    screenshot(page)


def test_a_gin_knock_and_an_undercut_are_scored_from_the_cards(page, live_server, screenshot):
    page.goto(live_server)
    page.get_by_role("link", name="Start a new game").tap()
    page.get_by_role("link", name="Play Gin Rummy").tap()
    page.get_by_label("Seat 1").fill("Ann")
    page.get_by_label("Seat 2").fill("Ben")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Gin Rummy", exact=True)).to_be_visible()

    # hand 1, a knock: Ann's deadwood A+2+3 = 6; Ben lays 9S off onto Ann's run, keeps Q+J+6 = 26
    page.get_by_role("link", name="Enter hand 1").tap()
    # Enter hand opens the whole hands; the melds and deadwood as played are a link away
    page.get_by_role("link", name="Enter melds and deadwood instead").tap()
    page.get_by_label("A player knocked (or went gin)").check()
    choose_who_went_out(page, "Ann", label="Knocker")
    page.get_by_label("Ann's meld 1").fill("5S 6S 7S 8S")
    page.get_by_label("Ann's meld 2").fill("9H 9D 9C")
    page.get_by_label("Ann's deadwood").fill("AH 2D 3C")
    page.get_by_label("Ben's meld 1").fill("KH KD KS")
    page.get_by_label("Ben's meld 2").fill("2H 3H 4H")
    page.get_by_label("Ben's lay-off 1: cards").fill("9S")
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 1: 5S 6S 7S 8S")
    page.get_by_label("Ben's deadwood").fill("QC JC 6D")
    save_hand(page)
    # the knocker scores the difference: 26 - 6
    expect(hand_row(page, 1).locator(".hand-score")).to_have_text(["20", "0"])
    expect(total(page, "Ann")).to_have_text("20")

    # hand 2, an undercut: Ann knocks on 6+2 = 8; Ben lays 8D off, keeps A+5 = 6, no more than Ann's
    page.get_by_role("link", name="Enter hand 2").tap()
    page.get_by_role("link", name="Enter melds and deadwood instead").tap()
    choose_who_went_out(page, "Ann", label="Knocker")
    page.get_by_label("Ann's meld 1").fill("AC 2C 3C")
    page.get_by_label("Ann's meld 2").fill("9D 10D JD QD KD")
    page.get_by_label("Ann's deadwood").fill("6S 2H")
    page.get_by_label("Ben's meld 1").fill("5H 6H 7H 8H")
    page.get_by_label("Ben's meld 2").fill("4C 4D 4S")
    page.get_by_label("Ben's lay-off 1: cards").fill("8D")
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 2: 9D 10D JD QD KD")
    page.get_by_label("Ben's deadwood").fill("AS 5D")
    save_hand(page)
    # the defender scores the undercut bonus plus the difference: 25 + (8 - 6)
    expect(hand_row(page, 2).locator(".hand-score")).to_have_text(["0", "27"])
    expect(total(page, "Ann")).to_have_text("20")
    expect(total(page, "Ben")).to_have_text("27")
    expect(page.locator(".hand-note.warning")).to_have_count(0)
    expect(page.get_by_role("status").filter(has_text="nobody has reached 100")).to_be_visible()
    fits_the_phone(page)
    screenshot(page)


# --- every control can be found by its name ------------------------------------------------------

# roles of form controls; a person reaches these through a visible label (or a screen reader
# through the name it reads out), buttons through their role and words
LABELLED_ROLES = {"textbox", "searchbox", "combobox", "listbox", "checkbox", "radio", "spinbutton", "slider", "switch"}
CONTROL_ROLES = LABELLED_ROLES | {"button"}
_SNAPSHOT_LINE = re.compile(r'^\s*- (?:\'((?:[^\']|\'\')*)\'|(.*))')
_ROLE_AND_NAME = re.compile(r'^(\w+)(?: "((?:[^"\\]|\\.)*)")?')


def controls_by_name(page: Page) -> list[tuple[str, str]]:
    """(role, accessible name) of every control chromium shows on the page, from one ARIA snapshot."""
    found = []
    for line in page.locator("body").aria_snapshot().splitlines():
        item = _SNAPSHOT_LINE.match(line)
        if not item:
            continue
        # YAML quotes a line holding a colon: 'textbox "Ben''s lay-off 1: cards"'
        text = item.group(1).replace("''", "'") if item.group(1) is not None else item.group(2)
        role_name = _ROLE_AND_NAME.match(text)
        if role_name and role_name.group(1) in CONTROL_ROLES:
            found.append((role_name.group(1), re.sub(r"\\(.)", r"\1", role_name.group(2) or "")))
    return found


# a field named only by its placeholder or title has no label: the name is gone once something is typed
_UNLABELLED_FIELDS = """() => [...document.querySelectorAll("input:not([type=hidden], [type=submit], [type=button], [type=reset], [type=image]), select, textarea")]
    .filter((field) => field.checkVisibility())
    .filter((field) => !field.labels.length && !field.getAttribute("aria-label") && !field.getAttribute("aria-labelledby"))
    .map((field) => field.outerHTML.slice(0, 100))"""


def unreachable_controls(page: Page) -> list[str]:
    """Every visible control on the page that cannot be found by its label, or by its role and name.

    A name that two controls share finds neither of them, so names must differ on the page.
    """
    controls = controls_by_name(page)
    problems = [f"{page.url}: a field without a label: {html}" for html in page.evaluate(_UNLABELLED_FIELDS)]
    for role, name in controls:
        if not name.strip():
            problems.append(f"{page.url}: a {role} has no name")
        elif controls.count((role, name)) > 1:
            problems.append(f"{page.url}: {controls.count((role, name))} controls are called {role} {name!r}")
    return sorted(set(problems))


def test_every_form_control_can_be_reached_by_its_label_or_role(page, live_server, screenshot):
    problems: list[str] = []

    def audit() -> None:
        # measure the page as shown, with its style sheet applied
        page.wait_for_load_state()
        problems.extend(unreachable_controls(page))
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE_WIDTH:
            problems.append(f"{page.url} is {width}px wide on a {PHONE_WIDTH}px screen")

    for path in ("/", "/new", "/new/rummy500", "/check", "/rules/rummy500"):
        page.goto(live_server + path)
        audit()

    start_500_rum(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    open_picker(page)
    audit()
    # the audit reads what chromium reads out: the picker's cards and the form's fields are there
    seen = controls_by_name(page)
    assert ("button", "7 of hearts") in seen and ("combobox", "Ben's lay-off 1: onto") in seen
    type_example_hand(page)
    save_hand(page)
    page.get_by_text("Share: QR codes for other phones").tap()
    expect(page.get_by_label("View link address")).to_be_visible()
    audit()

    page.get_by_role("link", name="Enter as points").tap()
    audit()
    page.go_back()
    page.get_by_role("link", name="Fix hand 1 (edit or delete)").tap()
    open_picker(page)
    audit()
    page.get_by_role("link", name="Delete this hand").tap()
    audit()
    page.get_by_role("link", name="Keep it").tap()
    page.get_by_text("Share: QR codes for other phones").tap()
    page.get_by_role("link", name="Open the Share panel on its own page").tap()
    audit()
    page.go_back()
    # each player's own part of the next hand, on their own phone
    page.get_by_role("link", name="Enter my own cards").tap()
    page.get_by_role("link", name="I am Ben").tap()
    expect(page.get_by_role("heading", name=re.compile("Ben"))).to_be_visible()
    audit()
    page.get_by_role("link", name="Scoreboard", exact=True).tap()
    page.get_by_role("link", name="Review & chart").tap()
    audit()
    page.goto(live_server + "/sessions")
    audit()

    # gin's own hand form: knocker, deadwood
    page.goto(live_server + "/new/gin")
    audit()
    page.get_by_label("Seat 1").fill("Ann")
    page.get_by_label("Seat 2").fill("Ben")
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("link", name="Enter hand 1").tap()
    expect(page.get_by_role("heading", name=re.compile("Hand 1: both hands of cards"))).to_be_visible()
    audit()
    page.get_by_role("link", name="Enter melds and deadwood instead").tap()
    open_picker(page)
    audit()

    assert not problems, "\n".join(problems)
    screenshot(page)
