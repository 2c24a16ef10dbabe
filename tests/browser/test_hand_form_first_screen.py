"""The hand form's first screen at 390x844 (issue 28): it starts on the players, nothing is ever under
the Save bar, each folded card shows the player's live count, and a lay-off reads whole.

Before: the first screen held no card field (the notes and "Players' own entries" came first), the
sticky Save bar covered the first player's header, and as the form scrolled, whichever field or
header passed under it (axe target-size); the lay-off's "onto" choice was cut to "(choose a" beside
its cards.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_hand_form_compact import EIGHT_LONG, VIEWPORT_HEIGHT, card, start

THREE_LONG = EIGHT_LONG[:3]

# every field and every player's header of the form, in page order
FIELDS_AND_HEADERS = (
    "form.hand-form summary, form.hand-form input:not([type=hidden]), form.hand-form select, "
    "form.hand-form .row-buttons button, form.hand-form legend"
)


def save_bar_top(page: Page) -> float:
    """Where the Save bar starts on the screen now."""
    return page.locator(".submit-row").evaluate("bar => bar.getBoundingClientRect().top")


# at each step of a scroll through the whole page, a screen at a time less a quarter, every field and header
# on screen whose box meets the Save bar's: what it is, and where
UNDER_THE_BAR = """(selector) => {
    const under = [];
    const bar = document.querySelector(".submit-row");
    const step = Math.round(window.innerHeight * 0.75);
    for (let y = 0; ; y += step) {
        window.scrollTo(0, y);
        const b = bar.getBoundingClientRect();
        for (const element of document.querySelectorAll(selector)) {
            const e = element.getBoundingClientRect();
            if (!element.checkVisibility() || !e.height || e.bottom <= 0 || e.top >= window.innerHeight || bar.contains(element)) continue;
            if (e.bottom > b.top + 0.5 && e.top < b.bottom - 0.5 && e.right > b.left && e.left < b.right) {
                under.push(`${element.outerHTML.slice(0, 60)} bar ${Math.round(b.top)}-${Math.round(b.bottom)} at ${Math.round(e.top)}-${Math.round(e.bottom)}, scrolled ${window.scrollY}`);
            }
        }
        if (y >= document.documentElement.scrollHeight - window.innerHeight) break;
    }
    window.scrollTo(0, 0);
    return under;
}"""


def clear_of_the_save_bar(page: Page) -> list[str]:
    """Scrolled through from top to bottom: the fields and headers that are ever under the Save bar."""
    return page.evaluate(UNDER_THE_BAR, FIELDS_AND_HEADERS)


def test_the_first_screen_starts_on_the_players_and_no_field_or_header_stays_under_the_save_bar(
    page: Page, live_server: str, keep_screen
):
    start(page, live_server, THREE_LONG)
    keep_screen(page, "hand_form_first_screen")
    first = card(page, THREE_LONG[0])
    header = first.locator("summary").bounding_box()
    meld = page.get_by_label(f"{THREE_LONG[0]}'s meld 1").bounding_box()
    assert header and meld
    # the first player's header and first field are on the first screen, above the Save bar, not under it
    assert meld["y"] + meld["height"] <= save_bar_top(page), f"{THREE_LONG[0]}'s meld 1 is at {meld}"
    assert header["y"] + header["height"] <= min(save_bar_top(page), VIEWPORT_HEIGHT)
    # what explains the form comes after the players
    note = page.get_by_text("Type cards like").bounding_box()
    own = page.get_by_role("heading", name="Players' own entries for hand 1").bounding_box()
    last = card(page, THREE_LONG[-1]).bounding_box()
    assert note and own and last and note["y"] > last["y"] and own["y"] > last["y"]
    assert clear_of_the_save_bar(page) == []


def test_a_folded_card_shows_the_players_live_count_and_whether_it_is_open(page: Page, live_server: str, keep_screen):
    start(page, live_server, ["Ann", "Ben", "Cy"])
    page.get_by_label("Ann's meld 1").fill("7h 8h 9h")
    page.get_by_label("Ann's cards left in hand").fill("qs")
    page.get_by_label("Ben's meld 1").fill("ks kd kc")
    page.get_by_label("Ben's lay-off 1: cards").fill("10h")
    page.get_by_label("Ben's lay-off 1: onto").select_option(label="Ann's meld 1: 7H 8H 9H")
    # Ann: 24 melded less 10 held; Ben: 30 melded and 10 laid off (the engine's answers, summed)
    expect(card(page, "Ann").locator("[data-live-count]")).to_have_text("+14")
    expect(card(page, "Ben").locator("[data-live-count]")).to_have_text("+40")
    expect(card(page, "Cy").locator("[data-live-count]")).to_have_text("")
    # 24 melded less 45 held (a joker left in hand costs 15)
    page.get_by_label("Ann's cards left in hand").fill("qs ks kh jk")
    expect(card(page, "Ann").locator("[data-live-count]")).to_have_text("−21")
    # the lay-off: its cards and Cards button on one line, the whole-width choice of meld under them
    cards = page.get_by_label("Ben's lay-off 1: cards").bounding_box()
    onto = page.get_by_label("Ben's lay-off 1: onto").bounding_box()
    part = card(page, "Ben").bounding_box()
    assert cards and onto and part
    assert onto["y"] >= cards["y"] + cards["height"]
    assert onto["width"] >= part["width"] - 40, f"the onto choice is {onto['width']}px of {part['width']}px"
    keep_screen(page, "hand_form_one_open", full_page=True)
    for name in ("Ann", "Ben", "Cy"):
        card(page, name).locator("summary").tap()
    expect(card(page, "Ben").locator("summary")).to_contain_text("Ben +40")
    # a closed card's cue points along the line, an open one's down
    closed = card(page, "Ann").locator(".pc-cue").evaluate("cue => getComputedStyle(cue).transform")
    card(page, "Ann").locator("summary").tap()
    opened = card(page, "Ann").locator(".pc-cue").evaluate("cue => getComputedStyle(cue).transform")
    assert closed != opened
    card(page, "Ann").locator("summary").tap()
    page.evaluate("window.scrollTo(0, 0)")
    keep_screen(page, "hand_form_closed")


def test_with_the_picker_open_no_field_stays_under_the_save_bar(page: Page, live_server: str, keep_screen):
    start(page, live_server, THREE_LONG)
    page.get_by_label(f"{THREE_LONG[1]}'s meld 1").focus()
    page.locator(".picker-open").nth(3).tap()
    expect(page.get_by_role("group", name="Card picker")).to_be_visible()
    keep_screen(page, "hand_form_picker_open")
    assert clear_of_the_save_bar(page) == []


def test_on_a_table_of_eight_folded_cards_no_header_is_ever_under_the_save_bar(page: Page, live_server: str):
    start(page, live_server, EIGHT_LONG)
    assert clear_of_the_save_bar(page) == []
    for name in EIGHT_LONG[::3]:
        card(page, name).locator("summary").tap()
    assert clear_of_the_save_bar(page) == []
