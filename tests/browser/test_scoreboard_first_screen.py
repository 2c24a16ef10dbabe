"""The scoreboard's first screen on a 390x844 phone: every total, ranked, and the one thing to do next.

Checked by geometry (each element's box on the screen), in light and dark, for a table of eight
players with long names: while the game is on, every player's total and "Enter hand N"; once it is
won, the winner's banner with Rematch, then every total. The screens are written to
tests/screenshots/ (ignored by git) to be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables import service
from scorekeeper.tables.table import Table
from tests.browser.conftest import PHONE, serve
from tests.browser.test_accessibility import LONG_NAMES, points_hand

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"

# hand 1 and 2 as points, one figure per seat: totals 65, 130, 35, -25, -30, 70, -25, 10
HANDS = [(0, 85, -10, 35, -120, 5, 60, -45, 15), (3, -20, 140, 0, 95, -35, 10, 20, -5)]
# best first; a tie (-25) keeps seat order
RANKED = [LONG_NAMES[i] for i in (1, 5, 0, 2, 7, 3, 6, 4)]


@dataclass
class Games:
    """The games on the server: eight players mid-game, and the same table once won (target 100)."""

    base: str
    playing: str
    won: str
    close: str  # the same table playing to 200: the next hand can win it
    app: object


@pytest.fixture
def games(databases) -> Iterator[Games]:
    """The two games, stored through the sessions service; this browser is the host."""
    for url, app in serve(databases):
        with app.app_context():
            playing = service.create_session("rummy500", {}, LONG_NAMES)
            won = service.create_session("rummy500", {"target": 100}, LONG_NAMES)
            close = service.create_session("rummy500", {"target": 200}, LONG_NAMES)
            for hand in HANDS:
                for gs in (playing, won, close):
                    service.add_hand(gs, points_hand(LONG_NAMES, *hand))
            yield Games(url, playing.edit_token, won.edit_token, close.view_token, app)


def bottom(page: Page, locator) -> float:
    """Where the element ends, in CSS pixels from the top of the page."""
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not shown"
    return box["y"] + box["height"] + page.evaluate("window.scrollY")


def top(page: Page, locator) -> float:
    """Where the element starts, in CSS pixels from the top of the page."""
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not shown"
    return box["y"] + page.evaluate("window.scrollY")


def standings_on_first_screen(page: Page) -> list[str]:
    """The players in the order the standings show them, each total checked to lie on the first screen."""
    shown = []
    last = 0.0
    for row in page.locator(".standings [data-total-for]").all():
        points = row.locator(".total-points")
        assert bottom(page, points) <= PHONE["height"], f"{row.get_attribute('data-total-for')}'s total is below the first screen"
        # one line per player, each below the one before it
        assert top(page, row) >= last
        last = bottom(page, row)
        shown.append(row.get_attribute("data-total-for"))
    return shown


def open_at_the_top(page: Page, url: str, scheme: str) -> None:
    """Open the page in a color scheme, at the top."""
    page.emulate_media(color_scheme=scheme)
    page.goto(url)
    page.wait_for_load_state("load")
    page.evaluate("window.scrollTo(0, 0)")


def keep_screen(page: Page, name: str) -> None:
    """Write the first screen to tests/screenshots/, taken before the checks so a failing one can be seen."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_total_ranked_and_the_next_hand_fit_the_first_screen(page: Page, games: Games, scheme: str) -> None:
    open_at_the_top(page, f"{games.base}/s/{games.playing}", scheme)
    keep_screen(page, f"scoreboard-in-progress-{scheme}")
    assert standings_on_first_screen(page) == RANKED
    enter = page.get_by_role("link", name="Enter hand 3", exact=True)
    assert bottom(page, enter) <= PHONE["height"]
    # the standings come before the action, and say who leads and what each still needs
    assert top(page, enter) > top(page, page.locator(".standings"))
    leader = page.locator(f'.standings [data-total-for="{RANKED[0]}"]')
    expect(leader).to_contain_text("★ leads")
    expect(leader).to_contain_text("needs 370 more")
    # the site's links wait behind the menu button
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="New game")).to_be_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_won_game_shows_its_winner_and_rematch_first_then_every_total(page: Page, games: Games, scheme: str) -> None:
    open_at_the_top(page, f"{games.base}/s/{games.won}", scheme)
    keep_screen(page, f"scoreboard-won-{scheme}")
    banner = page.locator(".winner-banner")
    expect(banner).to_contain_text(f"{RANKED[0]} wins!")
    rematch = banner.get_by_role("button", name="Rematch", exact=True)
    expect(banner.get_by_role("link", name="Review the game")).to_be_visible()
    assert bottom(page, rematch) <= PHONE["height"]
    # the banner is the first thing under the title, above the standings
    assert bottom(page, banner) <= top(page, page.locator(".standings"))
    assert standings_on_first_screen(page) == RANKED
    expect(page.locator(f'.standings [data-total-for="{RANKED[0]}"]')).to_contain_text("won")
    # a finished game neither leads nor deals on
    expect(page.locator(".standings")).not_to_contain_text("leads")
    expect(page.locator(".dealer-line")).to_have_count(0)
    expect(page.get_by_role("link", name="Enter hand 3")).to_be_hidden()


def test_a_following_phone_gets_the_new_standings_and_the_winner_on_top_without_a_reload(page: Page, games: Games) -> None:
    open_at_the_top(page, f"{games.base}/s/{games.close}", "light")
    page.evaluate("window.stillTheSamePage = true")
    assert standings_on_first_screen(page) == RANKED
    with games.app.app_context():
        # from another phone: Fitzgerald (70) scores 150 and wins with 220
        service.add_hand(Table.find(games.close).with_hands(), points_hand(LONG_NAMES, 5, 0, 0, 0, 0, 0, 150, 0, 0))
    banner = page.locator(".winner-banner")
    expect(banner).to_contain_text(f"{LONG_NAMES[5]} wins!", timeout=8000)
    expect(banner.get_by_role("link", name="Review the game")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    assert standings_on_first_screen(page)[0] == LONG_NAMES[5]
    assert bottom(page, banner) <= top(page, page.locator(".standings"))
    expect(page.locator(".standings")).not_to_contain_text("leads")
    expect(page.locator(".dealer-line")).to_have_count(0)
    assert page.evaluate("window.stillTheSamePage") is True


def dealer_line_geometry(page: Page) -> dict:
    """The dealer line's box, and for each of its two clauses: its box, the box of its words after the name, whether
    its name is cut short (an ellipsis), and its dot's box."""
    return page.locator(".standings .dealer-line").evaluate("""line => {
        const box = (element) => element && element.getBoundingClientRect().toJSON();
        return {line: box(line), parts: Array.from(line.querySelectorAll(".dealer-part"), (part) => ({
            box: box(part), words: box(part.lastElementChild), dot: box(part.querySelector(".dealer-sep")),
            cut: part.querySelector(".dealer-name").scrollWidth > part.querySelector(".dealer-name").clientWidth,
        }))};
    }""")


def test_the_dealer_line_of_long_names_is_two_whole_clauses_on_two_lines(page: Page, games: Games) -> None:
    # it wrapped mid-clause: "Christopher Montgomery-Smythe deals / hand 3 · Dorothea Wilhelmina Schmidt deals / next"
    open_at_the_top(page, f"{games.base}/s/{games.playing}", "light")
    expect(page.locator(".standings .dealer-line")).to_have_text(
        f"{LONG_NAMES[2]} deals hand 3 · {LONG_NAMES[3]} deals next", use_inner_text=False)
    now, then = (geometry := dealer_line_geometry(page))["parts"]
    line = geometry["line"]
    height = page.locator(".standings .dealer-line").evaluate("line => parseFloat(getComputedStyle(line).lineHeight)")
    for part in (now, then):
        # one line each, within the screen, "deals hand 3" and "deals next" whole
        assert part["box"]["height"] < 1.5 * height, part
        assert line["left"] <= part["words"]["left"] and part["words"]["right"] <= line["right"] <= PHONE["width"]
    assert then["box"]["top"] >= now["box"]["bottom"] - 1
    assert now["cut"], "the first name fits after all: the test no longer checks the ellipsis"
    # the dot between the clauses is off the line (clipped) once the second clause starts a line of its own
    assert then["dot"]["right"] <= line["left"] + 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_dealer_line_of_short_names_is_one_line_with_its_dot(page: Page, games: Games) -> None:
    with games.app.app_context():
        short = service.create_session("rummy500", {}, ["Ann", "Ben", "Cy"]).edit_token
    open_at_the_top(page, f"{games.base}/s/{short}", "light")
    now, then = dealer_line_geometry(page)["parts"]
    assert abs(now["box"]["top"] - then["box"]["top"]) < 1, "the two clauses are on two lines"
    assert now["box"]["right"] <= then["dot"]["left"] + 0.5 and then["dot"]["right"] <= then["box"]["left"] + 0.5
    assert not now["cut"] and not then["cut"]
    keep_screen(page, "scoreboard-short-names")


def test_the_winners_trophy_is_drawn_on_a_phone_without_an_emoji_font(page: Page, games: Games) -> None:
    # Debian's chromium has no emoji font: the 🏆 in the banner was an empty box
    open_at_the_top(page, f"{games.base}/s/{games.won}", "dark")
    heading = page.get_by_role("heading", name=f"{RANKED[0]} wins!", exact=True)
    expect(heading).to_be_visible()
    assert all(ord(char) <= 0xFFFF for char in heading.inner_text()), "the heading still holds an emoji"
    trophy = heading.locator("svg.trophy")
    box = trophy.bounding_box()
    assert box and box["width"] >= 16 and box["height"] >= 16, box
    # drawn in the banner's own text color, so it shows on the banner in light and dark
    assert trophy.evaluate("svg => getComputedStyle(svg).fill") == heading.evaluate("h => getComputedStyle(h).color")
