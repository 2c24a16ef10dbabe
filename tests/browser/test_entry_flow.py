"""The hand form moves with the person entering a hand at 390x844 (issue 35's Flow): who went out is asked first
and has no cards-left row, the phone keyboard's Enter and the picker's Next field go to the next field that needs
cards, and a lay-off row's Cards button opens the picker at the first tap."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out, who_went_out
from tests.browser.test_card_picker import picker, start
from tests.browser.test_hand_form_compact import card


def focused_label(page: Page) -> str:
    """The label of the field that has the focus ("" when no labelled field has it)."""
    return page.evaluate("() => document.activeElement.labels?.[0]?.textContent.replace(/\\s+/g, ' ').trim() || ''")


def test_a_lay_off_rows_cards_button_opens_the_picker_at_the_first_tap(page, live_server):
    start(page, live_server)
    # the button at the foot of the screen, its row's "onto" choice below it: as a thumb finds it scrolling down
    # (before: the button's focus scrolled that choice into view under the finger, and the tap missed the button)
    button = page.get_by_role("button", name="Cards for Ben's lay-off 1: cards")
    button.evaluate("button => button.scrollIntoView({ block: 'end' })")
    button.tap()
    expect(picker(page)).to_be_visible()
    expect(picker(page).get_by_text("Typing into: Ben's lay-off 1: cards", exact=True)).to_be_visible()
    picker(page).get_by_role("button", name="10 of hearts", exact=True).tap()
    expect(page.get_by_label("Ben's lay-off 1: cards")).to_have_value("10H")


def test_who_went_out_is_asked_first_and_has_no_cards_left_row_kept_as_typed_if_the_choice_changes(
    page, live_server, keep_screen
):
    start(page, live_server)
    went_out = who_went_out(page).bounding_box()
    first = card(page, "Ann").bounding_box()
    assert went_out and first and went_out["y"] < first["y"], "who went out is asked above the players"
    page.get_by_label("Ben's cards left in hand").fill("Q5")
    choose_who_went_out(page, "Cy")
    # choosing them asks them first: their first meld takes the focus, and their cards-left row goes
    assert focused_label(page) == "Cy's meld 1"
    expect(page.get_by_label("Cy's cards left in hand")).to_be_hidden()
    expect(page.get_by_label("Ann's cards left in hand")).to_be_visible()
    keep_screen(page, "entry-flow-goer-first")
    # another choice: Cy's row comes back; Ben, who has cards typed, keeps his row and them
    choose_who_went_out(page, "Ben")
    expect(page.get_by_label("Cy's cards left in hand")).to_be_visible()
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("Q5")
    expect(page.get_by_label("Ben's cards left in hand")).to_be_visible()


def test_the_server_sends_no_cards_left_row_for_who_went_out_and_gin_keeps_the_knockers_deadwood(page, live_server):
    start(page, live_server)
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7-9H")
    page.get_by_label("Ben's meld 1").fill("4 5")  # refused: the form comes back from the server
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator("#form-error")).to_be_visible()
    expect(page.get_by_label("Ann's cards left in hand")).to_be_hidden()
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7-9H")
    start(page, live_server, game="gin", players=("Ann", "Ben"))
    page.get_by_role("link", name="Enter melds and deadwood instead").tap()
    choose_who_went_out(page, "Ann", label="Knocker")
    expect(page.get_by_label("Ann's deadwood")).to_be_visible()


def test_enter_moves_on_to_the_next_field_that_needs_cards_and_saves_only_once_all_have_cards(page, live_server, keep_screen):
    start(page, live_server)
    choose_who_went_out(page, "Ben")
    # Ben first (his first meld has the focus), then Cy, then Ann above him; lay-off rows and Ben's cards left skipped
    for cards in ("3-5S", "KKK"):
        page.keyboard.type(cards)
        page.keyboard.press("Enter")
    expect(page.get_by_label("Cy's meld 1")).to_be_focused()
    expect(page.get_by_label("Cy's meld 1")).to_have_attribute("enterkeyhint", "next")
    for cards in ("7-9H", "QQQ", "4 6"):
        page.keyboard.type(cards)
        page.keyboard.press("Enter")
    expect(page.get_by_label("Ann's meld 1")).to_be_focused()
    assert page.url.endswith("/hands/new"), "an Enter half-way saved the form"
    for cards in ("9-JD", "222"):
        page.keyboard.type(cards)
        page.keyboard.press("Enter")
    expect(page.get_by_label("Ann's cards left in hand")).to_be_focused()
    page.keyboard.type("8 A")
    # everything is entered: this field's Enter says "done", and saves
    expect(page.get_by_label("Ann's cards left in hand")).to_have_attribute("enterkeyhint", "done")
    keep_screen(page, "entry-flow-enter-moves-on")
    page.keyboard.press("Enter")
    # Ben 3-5S 12 + KKK 30 = 42; Cy 7-9H 24 + QQQ 30 - (4 + 6) = 44; Ann 9-JD 29 + 222 6 - (8 + 15) = 12
    for name, total in (("Ann", "12"), ("Ben", "42"), ("Cy", "44")):
        expect(page.locator(f'[data-total-for="{name}"]').first).to_have_attribute("data-total", total)


def test_the_pickers_next_field_skips_the_empty_lay_off_row_and_the_cards_left_of_who_went_out(page, live_server):
    start(page, live_server)
    choose_who_went_out(page, "Ann")
    page.get_by_role("button", name="Cards for Ann's meld 2").tap()
    picker(page).get_by_role("button", name=re.compile("Next field")).tap()
    expect(picker(page).get_by_text("Typing into: Ben's meld 1", exact=True)).to_be_visible()
    picker(page).get_by_role("button", name=re.compile("Next field")).tap()
    picker(page).get_by_role("button", name=re.compile("Next field")).tap()
    expect(picker(page).get_by_text("Typing into: Ben's cards left in hand", exact=True)).to_be_visible()
