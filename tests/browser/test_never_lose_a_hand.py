"""Never lose a typed hand: drafts kept on the phone, saves that survive the network, players' parts
merged, empty players asked about, undo taken back. Each test is a table's evening on a phone.

500 Rum figures (RULES.md 4.1): Ann melds 7H 8H 9H (24) and KS KD KC (30) and goes out = 54;
Ben keeps QS 4D = -14; Cy keeps AS = -15.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import choose_who_went_out, expect_who_went_out
from tests.browser.test_card_chips_browser import server_chips

HAND_FORM_DRAFTS = "() => Object.keys(localStorage).filter((key) => key.startsWith('sk-draft|'))"


def fits_the_phone(page: Page) -> None:
    """Nothing on the page is wider than the phone's screen (no sideways scrolling)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} is {width}px wide on a 390px screen"


def expect_no_drafts(page: Page) -> None:
    """The phone keeps no draft of any hand form (waiting for the page's script to forget them)."""
    page.wait_for_function(f"() => ({HAND_FORM_DRAFTS})().length === 0", timeout=5000)


def start(page: Page, live_server: str, players=("Ann", "Ben", "Cy")) -> str:
    """Start a 500 Rum game for these players; returns the scoreboard's address (the edit link)."""
    page.goto(f"{live_server}/new/rummy500")
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Seat {seat}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="500 Rum", exact=True)).to_be_visible()
    return page.url


def type_the_hand(page: Page) -> None:
    """Ann goes out with two melds (the second in a row added on the page), Ben and Cy keep cards."""
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_role("button", name="Another meld for Ann").tap()
    page.get_by_label("Ann's meld 3").fill("ks kd kc")
    page.get_by_label("Ben's cards left in hand").fill("qs 4d")
    page.get_by_label("Cy's cards left in hand").fill("as")


def expect_the_hand(page: Page) -> None:
    """The form shows the hand as typed by type_the_hand."""
    expect_who_went_out(page, "Ann")
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7h 8h 9h")
    expect(page.get_by_label("Ann's meld 3")).to_have_value("ks kd kc")
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("qs 4d")
    expect(page.get_by_label("Cy's cards left in hand")).to_have_value("as")


def totals(page: Page) -> dict[str, str]:
    """The totals on the scoreboard, by player."""
    cards = page.get_by_role("list", name="Totals").get_by_role("listitem")
    return {name: cards.filter(has_text=name).locator(".total-points").inner_text() for name in ("Ann", "Ben", "Cy")}


def saved_hand_1(page: Page, live_server: str) -> str:
    """Start a game and save its first hand from the form; returns the edit link."""
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    type_the_hand(page)
    page.get_by_role("button", name="Save hand 1").tap()
    return edit_url


def stored_hands(page: Page, edit_url: str) -> list[dict]:
    """The hands stored for the game, from its JSON export."""
    response = page.request.get(f"{edit_url}/export.json")
    assert response.ok
    return response.json()["hands"]


def test_typed_cards_come_back_after_back_forward_reload_and_a_later_visit(page, live_server, screenshot):
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    restored = page.get_by_role("status").filter(has_text="Restored what you typed")
    expect(restored).to_be_hidden()
    type_the_hand(page)

    page.go_back()
    expect(page.get_by_role("heading", name="500 Rum", exact=True)).to_be_visible()
    page.go_forward()
    expect_the_hand(page)
    expect(restored).to_be_visible()

    page.reload()
    expect_the_hand(page)

    # the phone closes the page (or the browser dies); later the form is opened again
    context = page.context
    page.close()
    later = context.new_page()
    later.goto(edit_url)
    later.get_by_role("link", name="Enter hand 1").tap()
    expect_the_hand(later)
    expect(later.get_by_role("status").filter(has_text="Restored what you typed")).to_be_visible()
    fits_the_phone(later)
    screenshot(later, "draft_restored")

    # saved: the draft is gone, and the next hand's form starts empty
    later.get_by_role("button", name="Save hand 1").tap()
    expect(later.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    assert totals(later) == {"Ann": "54", "Ben": "-14", "Cy": "-15"}
    expect_no_drafts(later)
    later.get_by_role("link", name="Enter hand 2").tap()
    expect(later.get_by_label("Ann's meld 1")).to_have_value("")
    expect(later.get_by_role("status").filter(has_text="Restored what you typed")).to_be_hidden()


def test_discard_puts_the_form_back_as_it_was_opened(page, live_server):
    start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Ben's cards left in hand").fill("qs 4d")
    page.reload()
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("qs 4d")
    page.get_by_role("button", name="Discard").tap()
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("")
    expect(page.get_by_role("status").filter(has_text="Restored what you typed")).to_be_hidden()
    expect_no_drafts(page)
    page.reload()
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("")


def test_saving_offline_keeps_the_form_and_saves_once_when_the_phone_is_back_online(page, live_server, screenshot):
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    type_the_hand(page)

    page.context.set_offline(True)
    page.get_by_role("button", name="Save hand 1").tap()
    waiting = page.get_by_role("status").filter(has_text="Not saved yet: no connection — will retry")
    expect(waiting).to_be_visible()
    expect(waiting).to_be_in_viewport()
    expect_the_hand(page)
    assert page.evaluate(HAND_FORM_DRAFTS) != []
    screenshot(page, "offline_not_saved_yet")
    # still offline after a retry or two: still the form, still as typed
    page.wait_for_timeout(2500)
    expect(page.get_by_role("button", name="Save hand 1")).to_be_visible()
    expect_the_hand(page)

    page.context.set_offline(False)
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible(timeout=10000)
    assert totals(page) == {"Ann": "54", "Ben": "-14", "Cy": "-15"}
    assert len(stored_hands(page, edit_url)) == 1
    expect_no_drafts(page)


def test_a_player_left_empty_is_asked_about_and_no_goes_back_to_the_form_intact(page, live_server, screenshot):
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ben's cards left in hand").fill("qs 4d")
    page.get_by_role("button", name="Save hand 1").tap()

    question = page.get_by_role("alert").filter(has_text="Cy has no melds and no cards left in hand. Save with Cy at 0?")
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Yes, save")).to_be_in_viewport()
    assert stored_hands(page, edit_url) == []
    fits_the_phone(page)
    screenshot(page, "empty_player_question")
    question.get_by_role("link", name="No, go back").tap()
    expect(question).to_be_hidden()
    expect(page.get_by_label("Cy's meld 1")).to_be_focused()
    expect_who_went_out(page, "Ann")
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7h 8h 9h")
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("qs 4d")
    assert stored_hands(page, edit_url) == []

    page.get_by_label("Cy's cards left in hand").fill("as")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    assert totals(page) == {"Ann": "24", "Ben": "-14", "Cy": "-15"}


def test_yes_save_saves_the_empty_player_at_0(page, live_server):
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ben's cards left in hand").fill("qs 4d")
    page.get_by_role("button", name="Save hand 1").tap()
    page.get_by_role("button", name="Yes, save").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    assert totals(page) == {"Ann": "24", "Ben": "-14", "Cy": "0"}
    assert len(stored_hands(page, edit_url)) == 1


def test_undo_then_put_back_gives_back_the_same_hand(page, live_server, screenshot):
    edit_url = saved_hand_1(page, live_server)
    page.get_by_role("link", name="Enter as points").tap()
    choose_who_went_out(page, "Ben")
    for name, points in (("Ann", "12"), ("Ben", "61"), ("Cy", "-20")):
        page.get_by_label(f"{name}'s points").fill(points)
    page.get_by_role("button", name="Save hand 2").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 2 saved.")).to_be_visible()
    before = stored_hands(page, edit_url)
    assert totals(page) == {"Ann": "66", "Ben": "47", "Cy": "-35"}

    page.get_by_role("button", name="Undo hand 2").tap()
    offer = page.locator("#put-back")
    expect(offer).to_contain_text("Hand 2 removed")
    expect(offer.get_by_role("button", name="Put it back")).to_be_in_viewport()
    fits_the_phone(page)
    screenshot(page, "undo_put_back_offer")
    assert totals(page) == {"Ann": "54", "Ben": "-14", "Cy": "-15"}
    assert len(stored_hands(page, edit_url)) == 1

    offer.get_by_role("button", name="Put it back").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 2 is back, as it was entered.")).to_be_visible()
    expect(page.locator("#put-back")).to_have_count(0)
    assert stored_hands(page, edit_url) == before
    assert totals(page) == {"Ann": "66", "Ben": "47", "Cy": "-35"}


def send_part(phone: Page, edit_url: str, name: str, melds=(), layoff=None, left="", went_out=False) -> None:
    """A player sends their own part from their own phone (layoff: (cards, label of the meld onto))."""
    phone.goto(f"{edit_url}/my-hand?choose=1")
    phone.get_by_role("link", name=f"I am {name}").tap()
    for row, meld in enumerate(melds, start=1):
        phone.get_by_label(f"My meld {row}").fill(meld)
    if layoff:
        phone.get_by_label("My lay-off 1: cards").fill(layoff[0])
        phone.get_by_label("My lay-off 1: onto").select_option(label=layoff[1])
    phone.get_by_label("Cards left in my hand").fill(left)
    if went_out:
        phone.get_by_label("I went out this hand").check()
    phone.get_by_role("button", name="Send my part").tap()
    expect(phone.get_by_role("status").filter(has_text="Your part of hand 1 was sent")).to_be_visible()


def test_parts_sent_by_two_players_join_the_two_typed_on_the_saving_phone(page, browser, browser_context_args, live_server):
    edit_url = start(page, live_server, players=("Ann", "Ben", "Cy", "Dot"))
    page.get_by_role("link", name="Enter hand 1").tap()
    # the saving phone types Ben and Dot
    page.get_by_label("Ben's meld 1").fill("5d 6d 7d")
    page.get_by_label("Ben's cards left in hand").fill("qc 3s")
    page.get_by_label("Dot's cards left in hand").fill("9c 9d")

    # Ann and Cy send theirs from their own phones meanwhile
    phones = browser.new_context(**browser_context_args)
    try:
        send_part(phones.new_page(), edit_url, "Ann", melds=("7H 8H 9H", "KS KD KC"), went_out=True)
        send_part(phones.new_page(), edit_url, "Cy", layoff=("KH", "Ann's meld 2: KS KD KC"), left="2S")
    finally:
        phones.close()

    # both fill in the players nobody typed here; what was typed here stays
    expect(page.get_by_label("Ann's meld 2")).to_have_value("KS KD KC", timeout=8000)
    expect(page.get_by_label("Cy's lay-off 1: cards")).to_have_value("KH")
    expect(page.locator('[data-draft="news"]')).to_have_text("Filled in from their own phones: Ann and Cy.")
    expect_who_went_out(page, "Ann")
    expect(page.get_by_label("Ben's meld 1")).to_have_value("5d 6d 7d")
    expect(page.get_by_label("Dot's cards left in hand")).to_have_value("9c 9d")

    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    [hand] = stored_hands(page, edit_url)
    assert hand["went_out"] == "Ann"
    assert hand["players"] == {
        "Ann": {"melds": [["7H", "8H", "9H"], ["KS", "KD", "KC"]], "layoffs": [], "in_hand": []},
        "Ben": {"melds": [["5D", "6D", "7D"]], "layoffs": [], "in_hand": ["QC", "3S"]},
        "Cy": {"melds": [], "layoffs": [{"cards": ["KH"], "onto": {"player": "Ann", "meld": 1}}], "in_hand": ["2S"]},
        "Dot": {"melds": [], "layoffs": [], "in_hand": ["9C", "9D"]},
    }


def test_a_player_both_typed_and_sent_is_shown_side_by_side_to_choose(
    page, browser, browser_context_args, live_server, screenshot
):
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ben's cards left in hand").fill("qc")
    page.get_by_label("Cy's cards left in hand").fill("as")
    phones = browser.new_context(**browser_context_args)
    try:
        send_part(phones.new_page(), edit_url, "Ben", left="QC 3S")
        send_part(phones.new_page(), edit_url, "Cy", left="2S")
    finally:
        phones.close()

    ben = page.get_by_role("group", name="Ben: typed here or sent from their phone")
    expect(ben).to_be_visible(timeout=8000)
    # each side as typed or sent, its cards drawn as chips (their words said to screen readers)
    typed, sent = ben.locator(".part-side").all()
    expect(typed).to_contain_text("Left in hand: Q♣queen of clubs")
    expect(sent).to_contain_text("Left in hand: Q♣queen of clubs 3♠3 of spades")
    expect(page.locator('[data-draft="news"]')).to_contain_text("Sent, but not what is typed here: Ben and Cy.")
    fits_the_phone(page)
    ben.scroll_into_view_if_needed()
    screenshot(page, "part_typed_and_sent_side_by_side")
    # nothing changes until the table chooses
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("qc")
    ben.get_by_role("button", name="Use what Ben sent").tap()
    expect(page.get_by_label("Ben's cards left in hand")).to_have_value("QC 3S")
    page.get_by_role("button", name="Keep what is typed for Cy").tap()
    expect(page.get_by_label("Cy's cards left in hand")).to_have_value("as")
    expect(page.locator(".part-choice")).to_have_count(0)
    expect(page.locator('[data-draft="news"]')).to_have_text(
        "Filled in from their own phones: Ben. Kept as typed here instead of what they sent: Cy.")

    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    [hand] = stored_hands(page, edit_url)
    assert hand["players"]["Ben"]["in_hand"] == ["QC", "3S"]
    assert hand["players"]["Cy"]["in_hand"] == ["AS"]


def test_a_part_sent_draws_its_lay_offs_and_cards_as_the_server_draws_them(
    page, browser, browser_context_args, live_server, app, screenshot
):
    edit_url = start(page, live_server)
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Cy's cards left in hand").fill("as")
    phones = browser.new_context(**browser_context_args)
    try:
        send_part(phones.new_page(), edit_url, "Ann", melds=("7H 8H 9H",), went_out=True)
        send_part(phones.new_page(), edit_url, "Cy", layoff=("10h jk", "Ann's meld 1: 7H 8H 9H"), left="2s")
    finally:
        phones.close()

    cy = page.get_by_role("group", name="Cy: typed here or sent from their phone")
    expect(cy).to_be_visible(timeout=8000)
    expect(cy.get_by_role("listitem").filter(has_text="Laid off")).to_have_text(
        "Laid off 10♥10 of hearts JKjoker onto Ann's meld 1")
    _, (here, laid_off, left) = server_chips(app, ["as", "10h jk", "2s"])
    sides = [side.get_by_role("listitem").evaluate_all("items => items.map((item) => item.innerHTML)")
             for side in cy.locator(".part-side").all()]
    assert sides == [[f"Left in hand: {here}"], [f"Laid off {laid_off} onto Ann's meld 1", f"Left in hand: {left}"]]
    cy.scroll_into_view_if_needed()
    screenshot(page, "part_sent_with_chips")


def test_gin_whole_hands_are_kept_on_the_phone_and_saved_in_the_background(page, live_server):
    # RULES.md 4.8: Ann knocks with 2D (2); Ben lays off 4S 5S and 8C QC, keeps 3H 5D 9D (17): Ann 15
    page.goto(f"{live_server}/new/gin")
    page.get_by_label("Seat 1").fill("Ann")
    page.get_by_label("Seat 2").fill("Ben")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Gin Rummy", exact=True)).to_be_visible()
    edit_url = page.url
    page.get_by_role("link", name="Enter hand 1").tap()
    page.get_by_label("Who knocked").select_option("Ann")
    page.get_by_label("Ann's cards").fill("AS 2S 3S 7H 7D 7C 9C 10C JC 2D")
    page.get_by_label("Ben's cards").fill("4S 5S KH KD KS 8C QC 3H 5D 9D")
    page.reload()
    expect(page.get_by_label("Ben's cards")).to_have_value("4S 5S KH KD KS 8C QC 3H 5D 9D")
    expect(page.get_by_label("Who knocked")).to_have_value("Ann")
    expect(page.get_by_role("status").filter(has_text="Restored what you typed")).to_be_visible()

    page.get_by_role("button", name="Work it out").tap()
    expect(page.locator("#gin-verdict")).to_contain_text("Ann scores 15")
    page.context.set_offline(True)
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("status").filter(has_text="Not saved yet: no connection")).to_be_visible()
    page.context.set_offline(False)
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved")).to_be_visible(timeout=10000)
    assert len(stored_hands(page, edit_url)) == 1
    expect_no_drafts(page)


def test_a_hand_entered_as_points_is_kept_too(page, live_server):
    start(page, live_server)
    page.get_by_role("link", name="Enter as points").tap()
    choose_who_went_out(page, "Ben")
    page.get_by_label("Ann's points").fill("12")
    page.get_by_label("Ben's points").fill("40+21")
    page.reload()
    expect(page.get_by_label("Ben's points")).to_have_value("40+21")
    expect_who_went_out(page, "Ben")
    # the same hand by cards is another form, with nothing typed in it yet
    page.get_by_role("link", name="By cards").tap()
    expect(page.get_by_label("Ann's meld 1")).to_have_value("")
    expect(page.get_by_role("status").filter(has_text="Restored what you typed")).to_be_hidden()


def test_an_edit_of_a_past_hand_and_a_players_own_part_are_kept_too(page, live_server):
    edit_url = saved_hand_1(page, live_server)
    page.get_by_role("link", name="Fix hand 1 (edit or delete)").tap()
    page.get_by_label("Cy's cards left in hand").fill("AS 3C")
    page.reload()
    expect(page.get_by_label("Cy's cards left in hand")).to_have_value("AS 3C")
    expect(page.get_by_label("Ann's meld 1")).to_have_value("7H 8H 9H")
    page.get_by_role("button", name="Save changes").tap()
    expect(page.get_by_role("status").filter(has_text="Hand 1 updated")).to_be_visible()
    assert stored_hands(page, edit_url)[0]["players"]["Cy"]["in_hand"] == ["AS", "3C"]

    # a player's own part of hand 2, typed but not sent yet, on their phone
    page.goto(f"{edit_url}/my-hand?seat=2")
    page.get_by_label("My meld 1").fill("5D 6D 7D")
    page.get_by_role("button", name="Another meld").tap()
    page.get_by_label("My meld 3").fill("QH QS QD")
    page.reload()
    expect(page.get_by_label("My meld 1")).to_have_value("5D 6D 7D")
    expect(page.get_by_label("My meld 3")).to_have_value("QH QS QD")
    page.get_by_role("button", name="Send my part").tap()
    expect(page.get_by_role("status").filter(has_text="Your part of hand 2 was sent")).to_be_visible()
    expect(page.get_by_label("My meld 2")).to_have_value("QH QS QD")
    expect_no_drafts(page)


# a draft kept before the edit form's hidden field was named `hand_version`: it held the same value as `version`
RENAME_TO_OLD_NAME = """() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('sk-draft|'));
  const draft = JSON.parse(localStorage.getItem(key));
  draft.fields = draft.fields.map(([name, value]) => [name === 'hand_version' ? 'version' : name, value]);
  localStorage.setItem(key, JSON.stringify(draft));
  return draft.fields.filter(([name]) => name === 'version');
}"""


def test_an_edit_kept_under_the_old_field_name_still_restores_the_version_it_was_edited_from(
        page, browser, browser_context_args, live_server):
    edit_url = saved_hand_1(page, live_server)
    page.get_by_role("link", name="Fix hand 1 (edit or delete)").tap()
    page.get_by_label("Cy's cards left in hand").fill("AS 3C")
    assert page.evaluate(RENAME_TO_OLD_NAME) == [["version", "1"]]

    # another phone changes hand 1 meanwhile: it is now at version 2
    other = browser.new_context(**browser_context_args)
    try:
        second = other.new_page()
        second.goto(edit_url)
        second.get_by_role("link", name="Fix hand 1 (edit or delete)").click()
        second.get_by_label("Ben's cards left in hand").fill("QS 4D 5C")
        second.get_by_role("button", name="Save changes").click()
        expect(second.get_by_role("status").filter(has_text="Hand 1 updated")).to_be_visible()
    finally:
        other.close()

    # the old draft comes back whole, with the version it was edited from: saving it is refused, not a silent overwrite
    page.reload()
    expect(page.get_by_label("Cy's cards left in hand")).to_have_value("AS 3C")
    expect(page.locator('input[name="hand_version"]')).to_have_value("1")
    page.get_by_role("button", name="Save changes").tap()
    expect(page.get_by_text("you edited version 1; it is now version 2")).to_be_visible()
    assert stored_hands(page, edit_url)[0]["players"]["Ben"]["in_hand"] == ["QS", "4D", "5C"]


def typed_with_a_third_player(page: Page, live_server: str, third: str, left: str) -> str:
    """Start a game of Ann, Ben and `third` and type hand 1: Ann out on 7H 8H 9H, Ben keeps QC, `third` keeps `left`."""
    edit_url = start(page, live_server, players=("Ann", "Ben", third))
    page.get_by_role("link", name="Enter hand 1").tap()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ben's cards left in hand").fill("qc")
    page.get_by_label(f"{third}'s cards left in hand").fill(left)
    return edit_url


def test_save_waits_for_a_choice_still_open_and_the_players_phone_says_its_part_was_not_used(
    page, browser, browser_context_args, live_server, screenshot
):
    edit_url = typed_with_a_third_player(page, live_server, "Eli", "9s")
    # Eli, on his own phone, sends 9S 9H
    phones = browser.new_context(**browser_context_args)
    try:
        eli = phones.new_page()
        send_part(eli, edit_url, "Eli", left="9S 9H")
        choice = page.get_by_role("group", name="Eli: typed here or sent from their phone")
        expect(choice).to_be_visible(timeout=8000)

        # Save without choosing: nothing is saved, it says whose part waits and takes the table there
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.locator("[data-save-status]")).to_have_text(
            "Not saved: Eli's own part is waiting to be chosen. Keep what is typed or use what Eli sent.")
        expect(choice).to_be_focused()
        expect(choice).to_be_in_viewport()
        screenshot(page, "save_waits_for_a_part_to_be_chosen")
        assert page.url.endswith("/hands/new")
        assert stored_hands(page, edit_url) == []

        # the table keeps what it typed: saved so, and Eli's phone says his part was not used
        choice.get_by_role("button", name="Keep what is typed for Eli").tap()
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
        [hand] = stored_hands(page, edit_url)
        assert hand["players"]["Eli"]["in_hand"] == ["9S"]
        expect(eli.locator("#draft-saved")).to_have_text(
            re.compile("Hand 1 was saved without your part: the table kept what was typed there."), timeout=8000)
        eli.reload()
        expect(eli.locator("#draft-saved")).to_contain_text("Hand 1 was saved without your part")
    finally:
        phones.close()


def test_two_choices_open_are_counted_and_a_part_used_is_said_so_on_the_phone(
    page, browser, browser_context_args, live_server
):
    edit_url = typed_with_a_third_player(page, live_server, "Cy", "as")
    phones = browser.new_context(**browser_context_args)
    try:
        ben = phones.new_page()
        send_part(ben, edit_url, "Ben", left="QC 3S")
        send_part(phones.new_page(), edit_url, "Cy", left="2S")
        expect(page.locator(".part-choice")).to_have_count(2, timeout=8000)
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.locator("[data-save-status]")).to_have_text(
            "Not saved: 2 players' own parts are waiting to be chosen (Ben and Cy). Keep one or the other for each.")
        expect(page.get_by_role("group", name="Ben: typed here or sent from their phone")).to_be_focused()
        page.get_by_role("button", name="Use what Ben sent").tap()
        page.get_by_role("button", name="Keep what is typed for Cy").tap()
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
        expect(ben.locator("#draft-saved")).to_contain_text("Hand 1 was saved, with your part.", timeout=8000)
    finally:
        phones.close()


def test_a_part_typed_before_a_player_left_comes_back_onto_the_same_players_meld(
    page, browser, browser_context_args, live_server
):
    edit_url = start(page, live_server)
    phones = browser.new_context(**browser_context_args)
    try:
        send_part(phones.new_page(), edit_url, "Ben", melds=("5D 6D 7D",))
        # Cy types a lay-off onto Ben's meld on his phone, and does not send it yet
        cy = phones.new_page()
        cy.goto(f"{edit_url}/my-hand?choose=1")
        cy.get_by_role("link", name="I am Cy").tap()
        cy.get_by_label("My lay-off 1: cards").fill("8d")
        cy.get_by_label("My lay-off 1: onto").select_option(label="Ben's meld 1: 5D 6D 7D")
        cy.get_by_label("Cards left in my hand").fill("2s")
        # Ann leaves: Ben is now the first player of the hand's form, Cy the second
        page.goto(f"{edit_url}/players")
        page.get_by_label("Player leaving").select_option("Ann")
        page.get_by_role("region", name="A player leaves").get_by_label("Yes, make this change").check()
        page.get_by_role("button", name="Leave the game").tap()
        expect(page.get_by_role("status").filter(has_text="Ann")).to_be_visible()
        # Cy's phone, reloaded, puts his typing back onto Ben's meld, not onto a meld of his own
        cy.reload()
        expect(cy.get_by_role("status").filter(has_text="Restored what you typed")).to_be_visible()
        expect(cy.get_by_label("My lay-off 1: onto").locator("option:checked")).to_have_text("Ben's meld 1: 5D 6D 7D")
        cy.get_by_role("button", name="Send my part").tap()
        expect(cy.get_by_role("status").filter(has_text="Your part of hand 1 was sent")).to_be_visible()
    finally:
        phones.close()
    page.goto(edit_url)
    page.get_by_role("link", name=re.compile(r"^Enter hand 1")).first.tap()
    expect(page.get_by_label("Cy's lay-off 1: onto")).to_have_value("0:0")
    expect(page.get_by_label("Cy's lay-off 1: cards")).to_have_value("8D")
