"""Who went out is one tap on a name (issue 35's last input): a row of the table's names as radios, on the card
form and the points form alike, at 390x844 with eight long names: it wraps, every name is a 44 px target, and
nothing scrolls sideways."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, expect_who_went_out, who_went_out
from tests.browser.test_card_picker import start

# eight players with names as long as a table gives them (the longest a seat takes is 40 characters)
LONG_NAMES = [
    "Alexandrina Montgomery-Fitzwilliam",
    "Bartholomew Featherstonehaugh",
    "Cordelia Vanderbilt-Ashworth",
    "Desmond Throckmorton-Smythe",
    "Evangeline Worthington",
    "Fitzgerald Cholmondeley",
    "Guinevere Marchbanks-Hale",
    "Horatio Wolstenholme-Pryce",
]


def row_fits_the_phone(page: Page, label: str = "Who went out") -> None:
    """Every name in the row is at least 44 px tall and inside the screen; the row wraps; nothing scrolls sideways."""
    names = who_went_out(page, label).locator("label")
    boxes = [names.nth(i).bounding_box() for i in range(names.count())]
    assert all(box is not None for box in boxes)
    for box in boxes:
        assert box["height"] >= 44, f"a name is {box['height']} px tall, not a 44 px tap target"
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"a name runs off the screen: {box}"
    assert len({round(box["y"]) for box in boxes}) > 1, "the names do not wrap onto more than one line"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"


def test_eight_long_names_wrap_as_44px_taps_and_one_tap_chooses_on_the_card_form(page: Page, live_server: str,
                                                                                 keep_screen):
    start(page, live_server, players=LONG_NAMES)
    row = who_went_out(page)
    expect(row.get_by_role("radio")).to_have_count(8)
    # the card form asks a name: there is no "(nobody)" to choose, and nothing is ticked before a tap
    expect(row.get_by_role("radio", name="(nobody)")).to_have_count(0)
    expect(row.locator("input:checked")).to_have_count(0)
    row.scroll_into_view_if_needed()
    row_fits_the_phone(page)
    # one tap on the name: chosen, and the focus goes to their first meld (their cards-left row is not asked)
    goer = LONG_NAMES[4]
    row.get_by_text(goer, exact=True).tap()
    expect_who_went_out(page, goer)
    expect(page.get_by_label(f"{goer}'s meld 1", exact=True)).to_be_focused()
    expect(page.get_by_label(f"{goer}'s cards left in hand", exact=True)).to_be_hidden()
    row.scroll_into_view_if_needed()
    keep_screen(page, "who-went-out-eight-names")
    # the stock ran out: nobody went out, and the row is not asked
    page.get_by_text("The stock ran out", exact=True).tap()
    expect(row).to_be_hidden()


def test_the_points_form_keeps_nobody_first_and_ticked_and_one_tap_chooses(page: Page, live_server: str,
                                                                           keep_screen):
    start(page, live_server, players=LONG_NAMES)
    page.get_by_role("link", name="As points").tap()
    row = who_went_out(page)
    # a points hand may say nobody went out: "(nobody)" stays, ticked until a name is tapped
    expect(row.get_by_role("radio")).to_have_count(9)
    expect(row.get_by_role("radio", name="(nobody)")).to_be_checked()
    row.scroll_into_view_if_needed()
    row_fits_the_phone(page)
    row.get_by_text(LONG_NAMES[7], exact=True).tap()
    expect_who_went_out(page, LONG_NAMES[7])
    expect(row.get_by_role("radio", name="(nobody)")).not_to_be_checked()
    keep_screen(page, "who-went-out-points-eight-names")


def test_a_table_of_four_short_names_takes_one_line(page: Page, live_server: str, keep_screen):
    start(page, live_server, players=["Ann", "Ben", "Cy", "Dee"])
    names = who_went_out(page).locator("label")
    tops = {round(names.nth(i).bounding_box()["y"]) for i in range(names.count())}
    assert len(tops) == 1, "four short names fit one line"
    who_went_out(page).get_by_text("Cy", exact=True).tap()
    expect_who_went_out(page, "Cy")
    who_went_out(page).scroll_into_view_if_needed()
    keep_screen(page, "who-went-out-four-names")
