"""The card picker on a 390x844 phone, by touch and by keyboard (issue #17).

The picker opens from a card field's Cards button, docks just below that field
and types only into it; its 53 cards are one Tab stop moved through with the
arrow keys. API.md's example hand is the one entered (500 Rum, one deck):

    Ann melds 7H 8H 9H (24) and KS KD KC (30)          ->  54
    Ben lays 10H off onto Ann's run (10), keeps QS 4D (-14)  ->  -4
    Cy keeps AS (-15)                                    -> -15
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import choose_who_went_out

PLAYERS = ("Ann", "Ben", "Cy")


def start(page: Page, live_server: str, game: str = "rummy500", players=PLAYERS) -> None:
    """Start a game of `game` for these players and open the form of hand 1."""
    page.goto(f"{live_server}/new/{game}")
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("link", name="Enter hand 1").tap()
    expect(page.get_by_role("heading", name=re.compile(r"^Hand 1"))).to_be_visible()


def notation(name: str) -> str:
    """A card's notation from its name in words: "ace of spades" -> "AS"."""
    rank, suit = name.split(" of ")
    return {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}.get(rank, rank) + suit[0].upper()


def picker(page: Page) -> Locator:
    return page.get_by_role("group", name="Card picker")


def focused(page: Page) -> str:
    """What has the focus: a card's name ("7 of hearts"), a field's label, or the element's tag."""
    return page.evaluate(
        """() => { const e = document.activeElement;
        return e.getAttribute('aria-label') || (e.labels && e.labels[0] ? e.labels[0].textContent.trim() : '')
            || e.textContent.replace(/\\s+/g, ' ').trim() || e.tagName; }"""
    )


def press(page: Page, *keys: str) -> None:
    for key in keys:
        page.keyboard.press(key)


def next_field_until(page: Page, label: str) -> None:
    """From the cards, Tab to "Next field" and press Enter until the picker types into `label`."""
    for _ in range(12):
        if picker(page).get_by_text(f"Typing into: {label}", exact=True).count():
            return
        press(page, "Tab")
        assert focused(page) == "Next field ↓"
        press(page, "Enter")
    raise AssertionError(f"Next field never reached {label}")


_UNCOVERED = """(element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + Math.min(box.height / 2, 10));
    return hit === element || element.contains(hit);
}"""


def tab_stops_to_save(page: Page) -> int:
    """Tab presses from the focus to the Save button; none lands on something hidden under another thing."""
    for count in range(1, 200):
        press(page, "Tab")
        assert page.evaluate(f"({_UNCOVERED})(document.activeElement)"), f"{focused(page)} is covered"
        if focused(page) == "Save hand 1":
            return count
    raise AssertionError("Tab never reached Save")


def in_sight(element: Locator) -> None:
    """Wholly on the screen and not under anything (such as the picker)."""
    box = element.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, f"off screen: {box}"
    assert element.evaluate(_UNCOVERED), "covered by something"


def test_the_picker_is_closed_until_a_field_opens_it_on_a_phone_and_on_a_desktop(page, live_server):
    start(page, live_server)
    expect(picker(page)).to_be_hidden()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    expect(picker(page)).to_be_hidden()
    page.get_by_role("button", name="Cards for Ben's meld 1").click()
    expect(picker(page)).to_be_visible()
    expect(picker(page)).to_contain_text("Typing into: Ben's meld 1")


def test_the_field_and_its_verdict_stay_in_sight_while_cards_are_tapped_two_rows_of_44px_keys_per_suit(page, live_server, screenshot):
    start(page, live_server)
    # the last field of the form: the old picker, stuck to the bottom, covered it
    for label, cards in (("Cy's cards left in hand", ("ace of spades", "2 of clubs")),
                         ("Ben's meld 2", ("5 of diamonds", "6 of diamonds", "7 of diamonds"))):
        field = page.get_by_label(label)
        page.get_by_role("button", name=f"Cards for {label}").tap()
        expect(picker(page)).to_contain_text(f"Typing into: {label}")
        for card in cards:
            page.get_by_role("button", name=card, exact=True).tap()
            in_sight(field)
        expect(field).to_have_value(" ".join(notation(c) for c in cards))
    verdict = page.locator("#players-1-melds-1-check")
    expect(verdict).to_have_text("Run (5D 6D 7D), 18 points")
    in_sight(verdict)
    in_sight(picker(page).get_by_role("button", name="king of clubs"))
    # a suit in two rows on a 390px screen (ace to 7, 8 to king), each key a 44x44 touch target
    # (issue 28: thirteen in one row were 25px wide), the page no wider than the phone
    for suit in ("spades", "hearts", "diamonds", "clubs"):
        boxes = {rank: picker(page).get_by_role("button", name=f"{rank} of {suit}", exact=True).bounding_box()
                 for rank in ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")}
        tops = sorted({round(box["y"]) for box in boxes.values()})
        assert len(tops) == 2, f"{suit} is on {len(tops)} rows"
        assert round(boxes["7"]["y"]) == tops[0] and round(boxes["8"]["y"]) == tops[1]
        small = {rank: (box["width"], box["height"]) for rank, box in boxes.items() if min(box["width"], box["height"]) < 44}
        assert not small, f"keys under 44x44 px: {small}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page)


def test_a_whole_hand_entered_with_the_keyboard_lands_each_card_in_its_field(page, live_server, screenshot):
    start(page, live_server)
    # the two choices are lists; the picker is what is driven by keys here
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").focus()
    press(page, "Tab")
    assert focused(page) == "Cards for Ann's meld 1"
    press(page, "Enter")
    assert focused(page) == "ace of spades"
    # 7♥ 8♥ 9♥: a card whose only copy is used hands the focus to its right-hand neighbour
    press(page, "ArrowDown", *["ArrowRight"] * 6)
    assert focused(page) == "7 of hearts"
    press(page, "Enter", "Enter", "Enter")
    assert focused(page) == "10 of hearts"

    next_field_until(page, "Ann's meld 2")
    press(page, "ArrowUp", "End", "Enter")  # K♠; the focus goes back to its left, the Q♠
    assert focused(page) == "queen of spades"
    press(page, "ArrowDown", "ArrowRight", "ArrowDown", "Enter")  # K♦ (K♥ on the way); the focus falls back to Q♦
    press(page, "ArrowDown", "ArrowRight", "Enter")  # K♣

    # Next field goes to the fields that need cards; a lay-off is opened from its own row
    press(page, "Escape")
    page.get_by_label("Ben's lay-off 1: cards").focus()
    press(page, "Tab", "Enter")
    expect(picker(page).get_by_text("Typing into: Ben's lay-off 1: cards", exact=True)).to_be_visible()
    press(page, "Control+Home", "ArrowDown", "End", "ArrowLeft", "ArrowLeft", "ArrowLeft")
    assert focused(page) == "10 of hearts"
    press(page, "Enter")
    next_field_until(page, "Ben's cards left in hand")
    press(page, "Control+Home", "End", "Enter")  # Q♠: End skips the K♠, used up
    assert focused(page) == "jack of spades"
    press(page, "ArrowDown", "ArrowDown", "Home", "ArrowRight", "ArrowRight", "ArrowRight", "Enter")  # 4♦
    next_field_until(page, "Cy's cards left in hand")
    press(page, "Control+Home", "Enter")  # A♠
    press(page, "Escape")
    assert focused(page) == "Cy's cards left in hand"
    expect(picker(page)).to_be_hidden()

    expected = {
        "Ann's meld 1": "7H 8H 9H", "Ann's meld 2": "KS KD KC", "Ann's cards left in hand": "",
        "Ben's meld 1": "", "Ben's lay-off 1: cards": "10H", "Ben's cards left in hand": "QS 4D",
        "Cy's meld 1": "", "Cy's cards left in hand": "AS",
    }
    for label, cards in expected.items():
        expect(page.get_by_label(label)).to_have_value(cards)
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 1: 7H 8H 9H")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    for name, points in (("Ann", "54"), ("Ben", "-4"), ("Cy", "-15")):
        expect(page.get_by_role("list", name="Totals").get_by_role("listitem").filter(has_text=name)
               .locator(".total-points")).to_have_text(points)
    screenshot(page)


def test_the_53_cards_are_one_tab_stop_and_no_stop_is_hidden_under_the_picker(page, live_server):
    start(page, live_server)
    page.get_by_label("Ann's meld 1").focus()
    closed = tab_stops_to_save(page)
    page.get_by_label("Ann's meld 1").focus()
    press(page, "Tab", "Enter")
    assert focused(page) == "ace of spades"
    press(page, "Tab")
    assert focused(page) == "Next field ↓"
    press(page, "Shift+Tab")
    assert focused(page) == "ace of spades"
    page.get_by_label("Ann's meld 1").focus()
    opened = tab_stops_to_save(page)
    # open, the picker adds its own few buttons (Done, the cards, Next, Remove last, Clear), not 53
    assert opened - closed == 5, (closed, opened)


def test_the_focus_stays_in_the_picker_when_a_cards_last_copy_is_used(page, live_server):
    start(page, live_server)
    page.get_by_role("button", name="Cards for Ann's meld 1").tap()
    cards = picker(page).get_by_role("grid", name="Cards")
    # the last card of a row hands the focus to its left; a tapped card too
    picker(page).get_by_role("button", name="king of clubs").focus()
    press(page, "Enter")
    expect(picker(page).get_by_role("button", name="king of clubs")).to_be_disabled()
    assert focused(page) == "queen of clubs"
    # a whole row used up: the focus goes to the nearest card of the next row
    page.get_by_label("Ann's meld 1").fill("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD")
    picker(page).get_by_role("button", name="king of diamonds").focus()
    press(page, "Enter")
    assert focused(page) == "king of clubs"
    assert page.evaluate("document.activeElement !== document.body")
    assert cards.locator("button.pick[tabindex='0']").count() == 1
    # tapped rather than keyed
    picker(page).get_by_role("button", name="queen of clubs").tap()
    assert page.evaluate("document.activeElement !== document.body && document.activeElement.closest('.card-picker') !== null")


def test_each_card_added_is_announced(page, live_server):
    start(page, live_server)
    said = page.locator("#card-picker-said")
    expect(said).to_have_attribute("aria-live", "polite")
    page.get_by_label("Ben's meld 1").focus()
    press(page, "Tab", "Enter", "ArrowDown", "Enter")
    expect(said).to_have_text("ace of hearts added to Ben's meld 1")
    press(page, "Tab", "Tab")  # Remove last
    assert focused(page) == "⌫ Remove last"
    press(page, "Enter")
    expect(said).to_have_text("ace of hearts taken out of Ben's meld 1")
    expect(page.get_by_label("Ben's meld 1")).to_have_value("")


def test_the_same_card_twice_is_announced_twice(page, live_server):
    start(page, live_server, game="oklahoma", players=("Ann", "Ben"))  # two decks: two of each card
    page.get_by_role("button", name="Cards for Ann's meld 1").tap()
    picker(page).get_by_role("button", name="9 of hearts").focus()
    press(page, "Enter")
    said = page.locator("#card-picker-said")
    expect(said).to_have_text("9 of hearts added to Ann's meld 1")
    # screen readers read a live region again only when its text changes: the second differs unseen
    first = said.text_content()
    press(page, "Enter")
    expect(page.get_by_label("Ann's meld 1")).to_have_value("9H 9H")
    expect(said).to_have_text("9 of hearts added to Ann's meld 1")
    assert said.text_content() != first


def test_oklahoma_offers_the_deuce_as_the_queen_of_spades_and_saves_it(page, live_server, screenshot):
    start(page, live_server, game="oklahoma", players=("Ann", "Ben"))
    choose_who_went_out(page, "Ann")
    page.get_by_role("button", name="Cards for Ann's meld 1").tap()
    for card in ("queen of hearts", "queen of diamonds", "2 of clubs"):
        picker(page).get_by_role("button", name=card, exact=True).tap()
    choices = picker(page).get_by_role("group", name=re.compile("A wild card here can stand for more than one card"))
    ordinary = choices.get_by_role("button", name="Set: 2♣ as Q♣, 30 points")
    spade = choices.get_by_role("button", name="Set: 2♣ as Q♠, 70 points")
    expect(ordinary).to_have_attribute("aria-pressed", "true")
    expect(picker(page)).to_contain_text("2C=QS means the 2♣ is played as the Q♠")
    # the live check's own short list of readings is there, but not shown twice while the picker lists them
    live_readings = page.locator("#players-0-melds-0-check .readings")
    expect(live_readings).to_be_attached()
    expect(live_readings).to_be_hidden()
    spade.tap()
    field = page.get_by_label("Ann's meld 1")
    expect(field).to_have_value("QH QD 2C=QS")
    expect(spade).to_have_attribute("aria-pressed", "true")
    expect(ordinary).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#players-0-melds-0-check")).to_contain_text("70 points")
    page.get_by_role("button", name="Cards for Ben's cards left in hand").tap()
    picker(page).get_by_role("button", name="5 of clubs").tap()
    screenshot(page)
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    # the Q♠ melds 50: 10 + 10 + 50, and 100 for going out; Ben holds a 5
    for name, points in (("Ann", "170"), ("Ben", "-5")):
        expect(page.get_by_role("list", name="Totals").get_by_role("listitem").filter(has_text=name)
               .locator(".total-points")).to_have_text(points)


def test_a_meld_row_added_on_the_page_gets_its_own_cards_button(page, live_server):
    start(page, live_server)
    page.get_by_role("button", name="Another meld for Ann").tap()
    page.get_by_role("button", name="Cards for Ann's meld 3").tap()
    expect(picker(page)).to_contain_text("Typing into: Ann's meld 3")
    picker(page).get_by_role("button", name="jack of spades").tap()
    expect(page.get_by_label("Ann's meld 3")).to_have_value("JS")
    expect(page.get_by_label("Ann's meld 2")).to_have_value("")


def test_a_reading_chosen_from_the_keyboard_keeps_the_focus(page, live_server):
    start(page, live_server, game="oklahoma", players=("Ann", "Ben"))
    page.get_by_label("Ann's meld 1").fill("QH QD 2C")
    page.get_by_label("Ann's meld 1").focus()
    press(page, "Tab", "Enter")
    spade = picker(page).get_by_role("button", name="Set: 2♣ as Q♠, 70 points")
    expect(spade).to_have_attribute("aria-pressed", "false")
    press(page, "Tab", "Tab")  # from the cards: the reading in use, then the other
    assert focused(page) == "Set: 2♣ as Q♠, 70 points"
    press(page, "Enter")
    expect(page.get_by_label("Ann's meld 1")).to_have_value("QH QD 2C=QS")
    expect(spade).to_have_attribute("aria-pressed", "true")  # drawn again by the engine's answer
    assert focused(page) == "Set: 2♣ as Q♠, 70 points"
    press(page, "Escape")
    assert focused(page) == "Ann's meld 1"


def test_the_picker_names_every_card_in_the_words_of_the_card_chips(page, live_server):
    from scorekeeper.webapp.card_chips import chips

    page.goto(f"{live_server}/check?game=rummy500&jokers=2")
    buttons = page.locator("#card-picker button.pick")
    names = dict(zip(buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.card)"),
                     buttons.evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-label') || b.textContent)")))
    assert len(names) == 53
    assert names == {card: chips(card)[0].words for card in names}  # "queen of spades", "7 of hearts", "joker"
    # the cards said as they are added, and the chips of the verdict drawn in the page, in the same words
    page.get_by_label("Cards of the meld").tap()
    page.get_by_role("button", name="Cards for Cards of the meld").tap()
    for card in ("queen of hearts", "king of hearts", "ace of hearts"):
        picker(page).get_by_role("button", name=card, exact=True).tap()
    expect(page.locator("#card-picker-said")).to_have_text("ace of hearts added to Cards of the meld")
    chip_words = page.locator("#meld-verdict .reading .card-chip > .visually-hidden")
    expect(chip_words).to_have_text(["queen of hearts", "king of hearts", "ace of hearts"])
