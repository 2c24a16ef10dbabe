"""The hand form moves with the person entering a hand at 390x844 (issue 35's Flow): who went out is asked first
and has no cards-left row, the phone keyboard's Enter and the picker's Next field go to the next field that needs
cards, and a lay-off row's Cards button opens the picker at the first tap."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

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
