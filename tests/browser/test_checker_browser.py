"""The meld checker on a phone: tap cards, watch the verdict change, check a lay-off, open a shared link."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from scorekeeper.engine import VARIANTS

# what a wild card's chip shows (its words for screen readers aside)
WILD_SHOWN = ".wild > [aria-hidden='true']"


def open_picker(page) -> None:
    """Open the card picker from the card field just tapped (its Cards button): it starts closed."""
    label = page.evaluate("document.activeElement.labels[0].textContent.trim()")
    opener = page.get_by_role("button", name=f"Cards for {label}")
    if opener.get_attribute("aria-expanded") != "true":
        opener.tap()
    expect(page.get_by_role("grid", name="Cards")).to_be_visible()


def tap_cards(page, *labels: str) -> None:
    """Tap cards in the picker by their spoken names, like "7 of hearts" or "joker"."""
    for label in labels:
        page.get_by_role("button", name=label, exact=True).tap()


def fill_meld_on_table(page, cards: str) -> None:
    """Type the meld on the table and wait for the page's answer asking for the cards laid off.

    The answer comes a moment later (the page waits for typing to pause) and the
    form grows by a line: a card tapped before it came could be hit where it was,
    which is by then the card above it.
    """
    page.get_by_label("Meld on the table").fill(cards)
    expect(page.locator("#layoff-verdict")).to_contain_text("Enter the cards laid off too.")


def query(page) -> dict[str, str]:
    """The page's current query string as a dict."""
    return {k: v[0] for k, v in parse_qs(urlsplit(page.url).query).items()}


def test_tapping_cards_updates_the_verdict_and_the_url_without_reloading(page, live_server, screenshot):
    asked = []
    page.on("request", lambda r: asked.append(r.method) if r.url.endswith("/api/v1/melds/check") else None)
    page.goto(f"{live_server}/check?game=rummy500")
    page.evaluate("window.stillTheSamePage = true")
    verdict = page.locator("#meld-verdict .verdict")

    page.get_by_label("Cards of the meld").tap()
    open_picker(page)
    tap_cards(page, "7 of hearts", "8 of hearts")
    expect(verdict).to_have_attribute("data-legal", "false")
    expect(verdict.locator(".reason")).to_have_text("a meld needs at least 3 cards; this has 2")

    tap_cards(page, "joker")
    expect(verdict).to_have_attribute("data-legal", "true")
    expect(verdict).to_contain_text("a run, worth 30 points in 500 Rum")
    expect(verdict.locator(".reading").first).to_have_attribute("data-represents", "7H 8H 9H")
    expect(verdict.locator(".reading").first.locator(WILD_SHOWN)).to_have_text("JK as 9♥")
    assert query(page) == {"game": "rummy500", "cards": "7H 8H JK"}
    expect(page.locator("#check-share")).to_be_visible()
    assert "POST" in asked
    assert page.evaluate("window.stillTheSamePage") is True

    # a second joker opens up several readings, each saying what each joker stands for
    page.get_by_label("Cards of the meld").fill("9H JK JK")
    expect(verdict.locator(".reading")).to_have_count(4)
    expect(verdict.locator(".reading").nth(1)).to_have_attribute("data-represents", "9H 10H JH")
    expect(verdict.locator(".use-reading")).to_have_count(3)

    # gin: another game reloads the form with the cards kept, and its own verdict
    page.get_by_label("Game").select_option("gin")
    page.wait_for_url(re.compile(r"game=gin"))
    expect(page.get_by_label("Cards of the meld")).to_have_value("9H JK JK")
    expect(page.locator("#meld-verdict .verdict")).to_have_attribute("data-legal", "false")
    page.get_by_label("Cards of the meld").fill("")
    page.get_by_label("Cards of the meld").tap()
    open_picker(page)
    # asked with the picker open: a closed picker shows no card at all
    expect(page.get_by_role("button", name="joker", exact=True)).to_have_count(0)
    tap_cards(page, "queen of hearts", "king of hearts", "ace of hearts")
    expect(page.locator("#meld-verdict .reason")).to_have_text("Q-K-A puts the ace high: in Gin Rummy aces are low only")
    screenshot(page)


def test_lay_off_is_checked_as_the_cards_are_tapped(page, live_server, screenshot):
    page.goto(f"{live_server}/check?game=oklahoma")
    verdict = page.locator("#layoff-verdict .verdict")
    fill_meld_on_table(page, "AS AH 2C")
    page.get_by_label("Cards laid off onto it").tap()
    open_picker(page)
    tap_cards(page, "ace of clubs")
    expect(verdict).to_have_attribute("data-legal", "true")
    expect(verdict).to_contain_text("the cards laid off score 20 points in Oklahoma")
    tap_cards(page, "ace of spades")
    expect(verdict).to_have_attribute("data-legal", "false")
    assert query(page) == {"game": "oklahoma", "meld": "AS AH 2C", "added": "AC AS"}

    # the lay-off comes back the same from the URL, without JavaScript's help
    page.reload()
    expect(page.locator("#layoff-verdict .verdict")).to_have_attribute("data-legal", "false")
    screenshot(page)


def test_wild_rank_in_5000_rummy_changes_the_verdict_live(page, live_server):
    page.goto(f"{live_server}/check?game=rummy5000")
    page.get_by_label("Cards of the meld").fill("7H 8S 9S")
    verdict = page.locator("#meld-verdict .verdict")
    expect(verdict).to_have_attribute("data-legal", "error")
    expect(verdict).to_contain_text("needs the hand's wild rank")
    page.get_by_label("Wild rank this hand").select_option("7")
    expect(verdict).to_have_attribute("data-legal", "true")
    expect(verdict).to_have_attribute("data-points", "110")
    assert query(page) == {"game": "rummy5000", "wild_rank": "7", "cards": "7H 8S 9S"}


def test_a_shared_link_opens_on_the_same_answer(page, live_server, screenshot):
    page.goto(f"{live_server}/check?game=oklahoma&cards=AS+AH+2C")
    expect(page.get_by_label("Game")).to_have_value("oklahoma")
    expect(page.get_by_label("Cards of the meld")).to_have_value("AS AH 2C")
    verdict = page.locator("#meld-verdict .verdict")
    expect(verdict).to_have_attribute("data-legal", "true")
    expect(verdict).to_have_attribute("data-points", "60")
    expect(verdict.locator(WILD_SHOWN)).to_have_text("2♣ as A♦")
    link = page.locator("#share-link")
    expect(link).to_have_text(f"{live_server}/check?game=oklahoma&cards=AS+AH+2C")
    # the page fits a phone: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page)


def drawn(page, box: str) -> tuple[str, list[str], list[str]]:
    """What a verdict box says (whitespace aside), where its links go, and its card chips' markup."""
    return page.evaluate(
        """(box) => {
            const node = document.querySelector(box);
            return [node.textContent.replace(/\\s+/g, ""),
                    Array.from(node.querySelectorAll("a"), (a) => a.getAttribute("href")),
                    Array.from(node.querySelectorAll(".card-chip"), (chip) => chip.outerHTML)];
        }""",
        box,
    )


def test_live_verdict_reads_exactly_like_the_servers(page, live_server):
    # the server draws the verdict for a loaded URL, the script for typed cards: they must agree
    for game, cards, meld, added in [
        ("rummy500", "9H JK JK", "7H 8H JK", "10H"),
        ("oklahoma", "QS QH 2C", "AS AH AD AC", "AS"),
        ("gin", "KH AH 2H", "5S 6S 7S", "8S 9S"),
    ]:
        page.goto(f"{live_server}/check?game={game}&cards={cards}&meld={meld}&added={added}")
        served = [drawn(page, box) for box in ("#meld-verdict", "#layoff-verdict")]
        assert all(text for text, _, _ in served) and any(chips for _, _, chips in served)
        page.evaluate("for (const box of document.querySelectorAll('.verdict-box')) box.replaceChildren()")
        page.get_by_label("Cards of the meld").fill(cards)
        page.get_by_label("Cards laid off onto it").fill(added)
        expect(page.locator("#meld-verdict .verdict")).to_have_count(1)
        expect(page.locator("#layoff-verdict .verdict")).to_have_count(1)
        assert [drawn(page, box) for box in ("#meld-verdict", "#layoff-verdict")] == served


def test_checker_works_without_javascript(browser, browser_context_args, live_server, screenshot):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/check")
    page.get_by_label("Game").select_option("gin")
    page.get_by_label("Cards of the meld").fill("5s 6s 7s")
    page.get_by_role("button", name="Check").tap()
    page.wait_for_url(re.compile(r"game=gin"))
    assert query(page) == {"game": "gin", "cards": "5s 6s 7s"}
    verdict = page.locator("#meld-verdict .verdict")
    expect(verdict).to_have_attribute("data-legal", "true")
    expect(verdict).to_contain_text("Melds and lay-offs score nothing themselves in Gin Rummy")
    page.get_by_label("Meld on the table").fill("5S 6S 7S")
    page.get_by_label("Cards laid off onto it").fill("4S")
    page.get_by_role("button", name="Check").tap()
    expect(page.locator("#layoff-verdict .verdict")).to_have_attribute("data-legal", "true")
    screenshot(page)
    context.close()


GAME_CASES = {
    # game: (wild rank, legal meld as tapped, its wild card and stand-in, illegal meld and its reason,
    #        meld on the table, card laid off by tapping, points the lay-off scores)
    "rummy500": (None, ["7 of hearts", "8 of hearts", "joker"], "JK as 9♥",
                 "9H 10H QH", "there is a gap between 10 and Q", "7H 8H 9H", "10 of hearts", "10"),
    "gin": (None, ["5 of spades", "6 of spades", "7 of spades"], None,
            "QH KH AH", "Q-K-A puts the ace high: in Gin Rummy aces are low only", "5S 6S 7S", "8 of spades", "0"),
    "oklahoma": (None, ["ace of spades", "ace of hearts", "2 of clubs"], "2♣ as A♦",
                 "7S 7H 7D 7C 7S", "a set has at most 4 cards; this has 5", "AS AH 2C", "ace of clubs", "20"),
    "rummy5000": ("7", ["7 of hearts", "8 of spades", "9 of spades"], "7♥ as 7♠",
                  "8S 9H 10S", "a run needs one suit: 8S and 9H are mixed", "8S 9S 10S", "7 of diamonds", "100"),
}


@pytest.mark.parametrize("game", GAME_CASES)
def test_each_game_on_a_phone_legal_illegal_wild_lay_off_and_shared_url(page, live_server, screenshot, game):
    wild_rank, legal, wild, illegal, reason, on_table, laid_off, layoff_points = GAME_CASES[game]
    page.goto(f"{live_server}/check?game={game}")
    if wild_rank:
        page.get_by_label("Wild rank this hand").select_option(wild_rank)
    verdict = page.locator("#meld-verdict .verdict")

    page.get_by_label("Cards of the meld").tap()
    open_picker(page)
    tap_cards(page, *legal)
    expect(verdict).to_have_attribute("data-legal", "true")
    if wild:
        expect(verdict.locator(".reading").first.locator(WILD_SHOWN)).to_have_text(wild)

    # the address bar now asks the same question: opened afresh, it gives the same answer
    shared = page.url
    assert query(page)["game"] == game
    page.goto(shared)
    expect(page.locator("#meld-verdict .verdict")).to_have_attribute("data-legal", "true")
    if wild:
        expect(page.locator("#meld-verdict .reading").first.locator(WILD_SHOWN)).to_have_text(wild)

    page.get_by_label("Cards of the meld").fill(illegal)
    expect(verdict).to_have_attribute("data-legal", "false")
    expect(verdict.locator(".reason")).to_have_text(reason)

    fill_meld_on_table(page, on_table)
    page.get_by_label("Cards laid off onto it").tap()
    open_picker(page)
    tap_cards(page, laid_off)
    layoff = page.locator("#layoff-verdict .verdict")
    expect(layoff).to_have_attribute("data-legal", "true")
    expect(layoff).to_have_attribute("data-points", layoff_points)
    page.get_by_role("button", name="Done").tap()  # close the picker so the screenshot shows the verdicts
    screenshot(page)


def test_rules_pages_fit_a_phone_screen(page, live_server, screenshot):
    page.goto(f"{live_server}/rules")
    links = page.locator(".rules-list h2 a")
    expect(links).to_have_count(len(VARIANTS))  # every game the engine knows
    for game in [link.get_attribute("href") for link in links.all()]:
        page.goto(f"{live_server}{game}")
        expect(page.locator(".values-table tbody tr").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, game
    page.get_by_role("link", name=re.compile("Check a meld in")).tap()
    expect(page.get_by_label("Game")).to_have_value(VARIANTS[-1].id)  # the last rules page opened
    screenshot(page)


def test_checker_follows_the_phones_dark_mode(browser, browser_context_args, live_server, screenshot):
    context = browser.new_context(**browser_context_args, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{live_server}/check?game=gin&cards=KH+AH+2H")
    def brightness(selector: str) -> int:
        colour = page.evaluate(f"getComputedStyle(document.querySelector({selector!r})).backgroundColor")
        return sum(int(part) for part in re.findall(r"\d+", colour)[:3])

    # dark page, and a dark error box on it (not the light theme's pale pink)
    assert brightness("body") < 150
    assert brightness(".verdict.illegal") < 300
    screenshot(page)
    context.close()


def test_canasta_going_out_switch_rechecks_black_threes_live(page, live_server):
    page.goto(f"{live_server}/check?game=canasta")
    page.evaluate("window.stillTheSamePage = true")
    verdict = page.locator("#meld-verdict .verdict")
    page.get_by_label("Cards of the meld").fill("3s 3c 3s")
    expect(verdict.locator(".reason")).to_have_text("black threes meld only when going out")
    switch = page.get_by_label("Melded in the turn its player goes out")
    switch.tap()
    expect(verdict).to_have_attribute("data-legal", "true")
    expect(page).to_have_url(re.compile(r"going_out=y"))
    switch.tap()
    expect(verdict).to_have_attribute("data-legal", "false")
    assert "going_out" not in page.url
    assert page.evaluate("window.stillTheSamePage") is True
