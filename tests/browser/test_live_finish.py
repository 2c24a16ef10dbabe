"""A phone following the game live shows what a fresh load shows: a won game's buttons, and an undo's, without a reload."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import choose_who_went_out

# what differs between two loads of the same page: each answer's CSRF tokens, and the live line's news;
# and the empty style a Playwright screenshot leaves on the page's inputs (it hides their carets)
_CSRF = re.compile(r'(name="csrf_token" type="hidden" value=)"[^"]*"')
_STATUS = re.compile(r'(<p class="live-status" id="live-status")[^>]*>.*?</p>', re.S)
_NO_STYLE = ' style=""'


def main_html(page) -> str:
    """The page's content as a reader gets it, what differs between two loads of the same page left out."""
    html = page.locator("main").evaluate("el => el.outerHTML.replace(/>\\s+</g, '><').trim()")
    return _STATUS.sub(r"\1>", _CSRF.sub(r"\1-", html)).replace(_NO_STYLE, "")


def enter_points(page, number: int, ann: int, ben: int) -> None:
    """Enter hand `number` as points on the scoreboard's page, Ann going out."""
    page.get_by_role("link", name="Enter as points").click()
    expect(page.get_by_role("heading", name=re.compile(f"Hand {number}"))).to_be_visible()
    choose_who_went_out(page, "Ann")
    page.get_by_label("Ann's points").fill(str(ann))
    page.get_by_label("Ben's points").fill(str(ben))
    page.get_by_role("button", name=re.compile(r"^Save hand")).click()
    expect(page.locator('[data-total-for="Ann"]')).to_be_visible()


def test_a_following_phone_shows_the_won_games_actions_and_after_an_undo_the_next_hand_without_a_reload(
    page, browser, browser_context_args, live_server, screenshot
):
    page.goto(f"{live_server}/new/rummy500")
    page.locator('[name="players-0"]').fill("Ann")
    page.locator('[name="players-1"]').fill("Ben")
    page.get_by_label("Play to").fill("100")
    page.get_by_role("button", name="Start the game").click()
    enter_points(page, 1, 60, 5)
    edit_url = page.url
    page.locator("#share summary").click()
    view_url = page.locator("#share-url-view").input_value()

    # two more phones: one with the edit link, one with the view link, each with its own cookies
    phones = [browser.new_context(**browser_context_args) for _ in range(2)]
    follower, viewer = (context.new_page() for context in phones)
    fresh = [context.new_page() for context in phones]
    follower.goto(edit_url)
    viewer.goto(view_url)
    for phone in (follower, viewer):
        # a marker on the window survives only if the page is never reloaded
        phone.evaluate("window.stillTheSamePage = true")
    expect(follower.get_by_role("link", name="Enter hand 2")).to_be_visible()
    expect(follower.get_by_role("button", name="Rematch", exact=True)).to_have_count(0)

    enter_points(page, 2, 60, 5)  # Ann reaches 120 of 100: the game is won
    expect(page.get_by_role("button", name="Rematch", exact=True)).to_be_visible()

    expect(follower.get_by_role("button", name="Rematch", exact=True)).to_be_visible(timeout=6000)
    for name in ("Review the game", "Fix hand 2"):
        expect(follower.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(follower.get_by_role("button", name="Undo hand 2")).to_be_visible()
    expect(follower.get_by_role("link", name="Enter hand 3")).to_have_count(0)  # folded under "Playing on?"
    follower.get_by_text("Playing on?").click()
    expect(follower.get_by_role("link", name="Enter hand 3")).to_be_visible()
    expect(follower.get_by_role("button", name="Rematch: same game, options and seats")).to_have_count(0)
    follower.get_by_text("Playing on?").click()
    screenshot(follower, "live_finish_follower_won")

    # the view link shows the result and what was entered, and still no button that changes the game
    expect(viewer.locator(".winner-banner")).to_be_visible(timeout=6000)
    expect(viewer.locator(".entered summary", has_text="Hand 2")).to_be_visible()
    expect(viewer.get_by_role("button")).to_have_count(0)
    expect(viewer.get_by_role("link", name=re.compile("Enter|Fix|Undo"))).to_have_count(0)

    def as_a_fresh_load() -> None:
        for phone, again in zip((follower, viewer), fresh):
            again.goto(phone.url)
            assert main_html(phone) == main_html(again), phone.url

    as_a_fresh_load()

    page.get_by_role("button", name="Undo hand 2").click()
    expect(page.get_by_role("link", name="Enter hand 2")).to_be_visible()

    expect(follower.get_by_role("link", name="Enter hand 2")).to_be_visible(timeout=6000)
    expect(follower.get_by_role("button", name="Rematch", exact=True)).to_have_count(0)
    expect(follower.get_by_role("button", name="Undo hand 1")).to_be_visible()
    expect(follower.get_by_role("button", name="Put it back")).to_be_visible()
    expect(follower.get_by_role("button", name="Rematch: same game, options and seats")).to_be_visible()
    expect(viewer.locator(".winner-banner")).to_have_count(0, timeout=6000)
    expect(viewer.locator(".entered summary", has_text="Hand 2")).to_have_count(0)
    as_a_fresh_load()

    for phone in (follower, viewer):
        assert phone.evaluate("window.stillTheSamePage") is True
    for context in phones:
        context.close()


def test_a_section_the_follower_unfolded_stays_unfolded_through_an_update(page, browser, browser_context_args, live_server):
    page.goto(f"{live_server}/new/rummy500")
    page.locator('[name="players-0"]').fill("Ann")
    page.locator('[name="players-1"]').fill("Ben")
    page.get_by_role("button", name="Start the game").click()
    other = browser.new_context(**browser_context_args)
    follower = other.new_page()
    follower.goto(page.url)
    follower.get_by_text("Dealer and players").click()
    expect(follower.get_by_label("Who deals hand 1")).to_be_visible()

    enter_points(page, 1, 40, -10)
    # the section is the new one (it asks about the next hand), still open where the reader left it
    expect(follower.get_by_label("Who deals hand 2")).to_be_visible(timeout=6000)
    expect(follower.get_by_label("Who deals hand 2")).to_have_value("Ben")
    other.close()
