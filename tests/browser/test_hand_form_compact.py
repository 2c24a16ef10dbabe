"""The hand form on a phone (390x844): one folding card per player, rows added in place, every field
checked as it is typed, and a refused save that opens on the first marked field, in view.

Issue 17: a 5-player hand form was 4,121 px tall, 8 players 6,007 px; lay-offs and cards left were
checked only at Save; after an error the page opened at its top.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out, who_went_out

VIEWPORT_HEIGHT = 844
PHONE_WIDTH = 390
# the most a line of the row of who went out may take: a 44 px name wrapped onto three lines, and the gap
ROW_LINE = 62
FIVE = ("Ann", "Ben", "Cy", "Dot", "Eve")
EIGHT_LONG = (
    "Alexandra Montgomery", "Bartholomew Fitzgerald", "Christopher Wellington", "Dorothea Featherstone",
    "Evangeline Worthington", "Florentina Blackwood", "Gwendolyn Harrington", "Maximilian Ashworth",
)

# on the screen (elementFromPoint finds nothing off it) and under nothing
UNCOVERED = """(field) => {
    const box = field.getBoundingClientRect();
    const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return at === field || field.contains(at);
}"""


def start(page: Page, live_server: str, players, game: str = "rummy500") -> str:
    """Start a game of these players and open the form of hand 1; returns the scoreboard's address."""
    page.goto(f"{live_server}/new/{game}")
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    scoreboard = page.url
    page.get_by_role("link", name=re.compile(r"^Enter hand 1")).tap()
    expect(page.get_by_role("heading", name=re.compile(r"^Hand 1"))).to_be_visible()
    return scoreboard


def form_height(page: Page) -> int:
    """How tall the page is with the card picker closed (as it starts on every screen)."""
    page.wait_for_load_state()
    expect(page.get_by_role("group", name="Card picker")).to_be_hidden()
    return page.evaluate("document.documentElement.scrollHeight")


def fits_the_phone(page: Page) -> None:
    """Nothing on the page is wider than the phone's screen (no sideways scrolling)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} is {width}px wide on a {PHONE_WIDTH}px screen"


def card(page: Page, name: str):
    """A player's card on the hand form (it folds to one line)."""
    return page.locator(f'details.player-card[data-name="{name}"]')


@pytest.mark.parametrize("players", [FIVE, EIGHT_LONG], ids=["5 players", "8 players, long names"])
def test_a_big_tables_hand_form_fits_in_about_two_screens_and_never_scrolls_sideways(
    page, live_server, screenshot, players
):
    start(page, live_server, players)
    height = form_height(page)
    screenshot(page, f"hand_form_{len(players)}_players")
    # who went out is a row of the names to tap (issue 35: one tap, not a list to open and choose in), two long
    # names to a line: the rest of the form keeps its two screens and a bit, the row its few lines
    row = who_went_out(page).bounding_box()["height"]
    assert row <= ROW_LINE * -(-len(players) // 2), f"who went out takes {row}px for {len(players)} names"
    assert height - row <= 2.2 * VIEWPORT_HEIGHT, f"the hand form of {len(players)} players is {height}px tall"
    fits_the_phone(page)
    # every player is there, by name, with a line that says what is entered when folded
    for name in players:
        expect(card(page, name).locator("summary")).to_contain_text(name)
    folded = [name for name in players if not card(page, name).evaluate("card => card.open")]
    for name in folded:
        expect(card(page, name).locator("[data-summary]")).to_have_text("nothing entered")
    # a folded card opens with a tap on its name, its fields ready
    last = players[-1]
    card(page, last).locator("summary").tap()
    expect(page.get_by_label(f"{last}'s meld 1")).to_be_visible()
    page.get_by_label(f"{last}'s meld 1").fill("7h8h9h")
    expect(page.locator(f'#players-{len(players) - 1}-melds-0-check')).to_have_text("Run (7H 8H 9H), 24 points")
    fits_the_phone(page)


def test_the_folded_card_says_what_was_entered(page, live_server):
    start(page, live_server, ("Ann", "Ben", "Cy"))
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ann's meld 2").fill("ks kd kc")
    page.get_by_label("Ben's lay-off 1: cards").fill("10h")
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 1: 7H 8H 9H")
    page.get_by_label("Ben's cards left in hand").fill("qs4d 2c")
    expect(page.locator("#players-1-layoffs-0-cards-check")).to_have_text("Fits (7H 8H 9H 10H), 10 points")
    for name in ("Ann", "Ben"):
        card(page, name).locator("summary").tap()
    expect(card(page, "Ann").locator("[data-summary]")).to_have_text("went out · 2 melds")
    expect(card(page, "Ben").locator("[data-summary]")).to_have_text("1 lay-off · 3 left in hand")


def test_rows_are_added_on_the_page_without_loading_another(page, live_server):
    start(page, live_server, ("Ann", "Ben", "Cy"))
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    url = page.url
    page.evaluate("window.__same_page = true")
    page.get_by_role("button", name="Another meld for Ann").tap()
    expect(page.get_by_label("Ann's meld 3")).to_be_focused()
    page.get_by_role("button", name="Another lay-off for Ben").tap()
    expect(page.get_by_label("Ben's lay-off 2: cards")).to_be_focused()
    assert page.evaluate("window.__same_page") is True and page.url == url
    # what was typed is still there, and the new meld is offered to lay off onto
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7h 8h 9h")
    page.get_by_label("Ann's meld 3").fill("ks kd kc")
    expect(page.get_by_label("Ben's lay-off 2: onto").locator("option", has_text="Ann's meld 3: KS KD KC")).to_have_count(1)


def test_a_lay_off_and_cards_left_are_checked_as_they_are_typed(page, live_server):
    start(page, live_server, ("Ann", "Ben", "Cy"))
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ben's lay-off 1: cards").fill("qh")
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 1: 7H 8H 9H")
    expect(page.locator("#players-1-layoffs-0-cards-check")).to_contain_text("Does not fit")
    expect(page.get_by_label("Ben's lay-off 1: cards")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Cy's cards left in hand").fill("as jkr")
    expect(page.locator("#players-2-in_hand-check")).to_have_text(
        "`jkr` at position 2 is not a card: write a joker as JK")
    expect(page.get_by_label("Cy's cards left in hand")).to_have_attribute("aria-invalid", "true")
    # the message under the field being typed in is wholly on the screen, under nothing
    assert page.locator("#players-2-in_hand-check").evaluate(UNCOVERED), "the check is off the screen or covered"
    page.get_by_label("Cy's cards left in hand").fill("as")
    expect(page.locator("#players-2-in_hand-check")).to_be_empty()
    expect(page.get_by_label("Cy's cards left in hand")).not_to_have_attribute("aria-invalid", "true")


def test_a_field_focused_below_the_screens_foot_comes_into_view_with_its_check_and_the_picker(
    page, live_server, keep_screen
):
    start(page, live_server, EIGHT_LONG)
    last = EIGHT_LONG[-1]
    card(page, last).locator("summary").tap()
    field = page.get_by_label(f"{last}'s cards left in hand")
    check = page.locator("#players-7-in_hand-check")
    page.evaluate("window.scrollTo(0, 0)")
    assert field.evaluate("field => field.getBoundingClientRect().top") > VIEWPORT_HEIGHT
    # as Tab or a phone's Next key moves the focus: the browser scrolls the field in, the form its check too
    field.focus()
    page.keyboard.type("as jkr")
    expect(check).to_contain_text("is not a card")
    for element in (field, check):
        box = element.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= VIEWPORT_HEIGHT, f"off the screen: {box}"
        assert element.evaluate(UNCOVERED), "covered"
    keep_screen(page, "hand_form_last_field_focused")
    # the picker opened from it docks below the field: the field and the whole picker are on the screen
    page.get_by_role("button", name=f"Cards for {last}'s cards left in hand").tap()
    picker = page.get_by_role("group", name="Card picker")
    expect(picker).to_be_visible()
    page.wait_for_timeout(200)  # the picker keeps itself in view on the next frame (a ResizeObserver)
    for element in (field, picker):
        box = element.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= VIEWPORT_HEIGHT, f"off the screen: {box}"
    assert field.evaluate(UNCOVERED), "the field is covered"
    keep_screen(page, "hand_form_last_field_picker")


def test_oklahoma_offers_a_lay_off_only_onto_the_players_own_melds(page, live_server):
    start(page, live_server, ("Ann", "Ben", "Cy"), game="oklahoma")
    onto = page.get_by_label("Ben's lay-off 1: onto")
    labels = onto.locator("option").all_text_contents()
    assert [label for label in labels if "'s meld" in label] == ["Ben's meld 1 (empty)", "Ben's meld 2 (empty)"]
    # Oklahoma rewards going out concealed; the hint names the jokers only where the deck has them
    expect(page.get_by_label(re.compile("Went out concealed"))).to_be_visible()


def test_gin_asks_nothing_about_going_out_concealed_nor_names_a_joker(page, live_server):
    start(page, live_server, ("Ann", "Ben"), game="gin")
    # gin's Enter hand opens the whole hands; the melds and deadwood form is a link away
    page.get_by_role("link", name="Enter melds and deadwood instead").tap()
    expect(page.get_by_label(re.compile("Went out concealed"))).to_have_count(0)
    expect(page.locator(".hand-form > .note").first).not_to_contain_text("JK")
    # the defender lays off onto the knocker's melds: with Ann knocking, Ben's list names Ann's only
    choose_who_went_out(page, "Ann", label="Knocker")
    visible = page.get_by_label("Ben's lay-off 1: onto").locator("option:not([hidden])").all_text_contents()
    assert [label for label in visible if "'s meld" in label] == ["Ann's meld 1 (empty)", "Ann's meld 2 (empty)"]


def test_after_a_refused_save_the_first_marked_field_has_the_focus_in_view(page, live_server, screenshot):
    start(page, live_server, FIVE)
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    # as a person looks before tapping: the meld's check has answered (its line moves what is below it)
    expect(page.locator("#players-0-melds-0-check")).not_to_be_empty()
    for name in FIVE[1:]:
        if not card(page, name).evaluate("card => card.open"):
            card(page, name).locator("summary").tap()
        expect(card(page, name)).to_have_js_property("open", True)
    page.get_by_label("Ben's cards left in hand").fill("qs 4d 7h")
    page.get_by_label("Cy's cards left in hand").fill("as")
    page.get_by_label("Dot's cards left in hand").fill("2c")
    # a third seven of hearts, where five players play with two decks: the engine refuses the hand at Save
    page.get_by_label("Eve's cards left in hand").fill("7h")
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("alert").first).to_contain_text("Not saved")
    marked = page.get_by_label("Eve's cards left in hand")
    expect(marked).to_be_focused()
    expect(marked).to_be_in_viewport()
    assert marked.evaluate(UNCOVERED), "the marked field is off the screen or covered"
    errors = page.locator("#players-4-in_hand-errors")
    expect(errors).to_contain_text("7H")
    expect(errors).to_be_in_viewport()
    assert errors.evaluate(UNCOVERED), "the field's error is off the screen or covered"
    screenshot(page, "refused_save_focus")


def test_a_meld_refused_at_save_opens_the_page_on_it_wherever_save_was_tapped(page, live_server):
    start(page, live_server, FIVE)
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 10h")
    expect(page.locator("#players-0-melds-0-check")).to_contain_text("Not a meld")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("alert").first).to_contain_text("there is a gap between 8 and 10")
    meld = page.get_by_label("Ann's meld 1")
    expect(meld).to_be_focused()
    expect(meld).to_be_in_viewport()
    assert meld.evaluate(UNCOVERED), "the refused meld is off the screen or covered"
    expect(page.locator("#players-0-melds-0-errors")).to_be_in_viewport()


def test_a_players_own_page_lays_off_onto_their_own_meld_and_one_sent_checked_as_typed(
    page, browser, browser_context_args, live_server, screenshot
):
    scoreboard = start(page, live_server, ("Ann", "Ben", "Cy"))
    page.goto(scoreboard)
    page.get_by_role("link", name="Enter my own cards").tap()
    page.get_by_role("link", name="I am Ann").tap()
    page.get_by_label("My meld 1").fill("7h8h9h")
    page.get_by_label("I went out this hand").check()
    page.get_by_role("button", name="Send my part").tap()
    expect(page.get_by_text("Your part of hand 1 was sent")).to_be_visible()

    ben = browser.new_context(**browser_context_args).new_page()
    ben.goto(scoreboard)
    ben.get_by_role("link", name="Enter my own cards").tap()
    ben.get_by_role("link", name="I am Ben").tap()
    ben.get_by_label("My meld 1").fill("5d 6d 7d")
    ben.get_by_label("My lay-off 1: cards").fill("10h")
    ben.get_by_label("My lay-off 1: onto").select_option(label="Ann's meld 1: 7H 8H 9H")
    expect(ben.locator("#layoffs-0-cards-check")).to_have_text("Fits (7H 8H 9H 10H), 10 points")
    ben.get_by_role("button", name="Another lay-off").tap()
    ben.get_by_label("My lay-off 2: cards").fill("9d")
    ben.get_by_label("My lay-off 2: onto").select_option(label="My meld 1: 5D 6D 7D")
    expect(ben.locator("#layoffs-1-cards-check")).to_contain_text("Does not fit")
    ben.get_by_label("My lay-off 2: cards").fill("8d")
    expect(ben.locator("#layoffs-1-cards-check")).to_have_text("Fits (5D 6D 7D 8D), 8 points")
    ben.get_by_label("Cards left in my hand").fill("qs")
    fits_the_phone(ben)
    screenshot(ben, "own_part_lay_offs")
    ben.get_by_role("button", name="Send my part").tap()
    expect(ben.get_by_text("Your part of hand 1 was sent")).to_be_visible()
    # the saving device gets both lay-offs, each onto the meld chosen
    page.goto(scoreboard)
    page.get_by_role("link", name=re.compile(r"^Enter hand 1")).first.tap()
    expect(page.get_by_label("Ben's lay-off 1: cards")).to_have_value("10H")
    expect(page.get_by_label("Ben's lay-off 2: onto")).to_have_value("1:0")


def test_the_card_pickers_next_field_opens_a_folded_players_card(page, live_server):
    start(page, live_server, EIGHT_LONG)
    last = EIGHT_LONG[-1]
    assert not card(page, last).evaluate("card => card.open")
    page.get_by_label(f"{EIGHT_LONG[0]}'s meld 1").evaluate("field => field.closest('details').open = true")
    # the picker opens from a field's own Cards button and types into that field
    page.get_by_role("button", name=f"Cards for {EIGHT_LONG[0]}'s cards left in hand").tap()
    picker = page.get_by_role("group", name="Card picker")
    picker.get_by_role("button", name=re.compile("Next field")).tap()
    second = EIGHT_LONG[1]
    expect(page.get_by_label(f"{second}'s meld 1")).to_be_visible()
    picker.get_by_role("button", name="7 of hearts", exact=True).tap()
    expect(page.get_by_label(f"{second}'s meld 1")).to_have_value("7H")


# every layout shift the page has had since it started loading, as Lighthouse adds them up (none after an input)
LAYOUT_SHIFT = """() => new Promise((done) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) if (!shift.hadRecentInput) total += shift.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => done(total), 300);
})"""
OPEN_CARDS = "() => Array.from(document.querySelectorAll('details.player-card'), (card) => card.open)"


def test_a_long_tables_form_comes_folded_and_nothing_moves_once_it_is_shown(page, live_server, keep_screen):
    start(page, live_server, FIVE + ("Fay",))
    served = page.request.get(page.url).text()
    # as a slow phone runs them: the scripts arrive after the page is first painted
    page.route(re.compile(r".*\.js$"), lambda route: (time.sleep(0.4), route.continue_()))
    page.reload()
    page.wait_for_load_state("load")
    assert page.evaluate(LAYOUT_SHIFT) == 0
    # the server folds the table: the first card open, the others one line each, as the scripts leave them
    tags = re.findall(r'<details class="player-card"[^>]*>', served)
    assert [bool(re.search(r"\sopen[\s>]", tag)) for tag in tags] == [True] + [False] * 5
    assert page.evaluate(OPEN_CARDS) == [True] + [False] * 5
    assert form_height(page) <= 2 * VIEWPORT_HEIGHT
    keep_screen(page, "hand_form_six_players_folded_by_the_server")


# what the first screen shows: every element on it that is drawn, where, and the words it holds itself
FIRST_SCREEN = """() => Array.from(document.body.querySelectorAll("*")).flatMap((element) => {
  const box = element.getBoundingClientRect();
  if (!box.width || !box.height || box.top >= window.innerHeight || getComputedStyle(element).visibility !== "visible") return [];
  const words = Array.from(element.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent.trim()).join(" ").trim();
  return [[element.tagName, Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height), words]];
})"""


@pytest.mark.parametrize("players", [FIVE[:4], FIVE + ("Fay",)], ids=["4 players", "6 players, folded"])
def test_the_form_as_first_painted_is_the_form_once_its_scripts_have_run(page, browser, browser_context_args, live_server,
                                                                          keep_screen, players):
    start(page, live_server, players)
    # the page before any script has run (a slow phone's first paint), then as the scripts leave it
    page.route("**/*.js", lambda route: route.abort())
    page.reload()
    page.wait_for_load_state("load")
    keep_screen(page, f"hand_form_of_{len(players)}_before_its_scripts")
    before = page.evaluate(FIRST_SCREEN)
    page.unroute("**/*.js")
    page.reload()
    page.wait_for_load_state("load")
    # the scripts have run: the live count of a player's card is theirs
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    expect(page.locator("#player-0 [data-live-count]")).to_have_text("+24")
    page.get_by_label("Ann's meld 1").fill("")
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    keep_screen(page, f"hand_form_of_{len(players)}_after_its_scripts")
    after = page.evaluate(FIRST_SCREEN)
    assert len(before) > 50
    assert [box for box in after if box not in before] == [], "the scripts changed the first screen after it was painted"
    # the Cards buttons are the page's own, one a card field, each opening the picker for its field
    expect(page.locator(".picker-open")).to_have_count(page.locator("[data-cards]").count())
    page.get_by_role("button", name="Cards for Ann's meld 2").tap()
    expect(page.get_by_role("group", name="Card picker")).to_be_visible()
    # without script they would do nothing: they are not shown
    quiet = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        plain = quiet.new_page()
        plain.goto(page.url)
        expect(plain.get_by_label("Ann's meld 1")).to_be_visible()
        expect(plain.locator(".picker-open").first).to_be_hidden()
    finally:
        quiet.close()
