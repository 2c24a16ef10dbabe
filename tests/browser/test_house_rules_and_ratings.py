"""House rules and ratings at 390x844 (issue 38): saving a set of house rules, starting a game from it, and
reading the players page and a player's page (ratings, the chart over time, rival, nemesis, partner)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, HouseRules
from scorekeeper.tables import service
from tests.browser.conftest import serve
from tests.test_history_games import SAMPLES, points, store_sample


@pytest.fixture
def served(databases) -> Iterator[tuple[str, object]]:
    """A fresh app served on this machine, this browser its host."""
    yield from serve(databases)


def fits_the_phone(page: Page) -> None:
    """Nothing on the page is wider than the phone's screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_save_house_rules_then_start_a_game_from_them(page: Page, served, keep_screen):
    url, app = served
    page.goto(f"{url}/new/rummy500")
    # one Start button in sight: the form's default one (Enter starts the game) is out of sight
    expect(page.get_by_role("button", name="Start the game")).to_have_count(1)
    page.get_by_label("Play to").fill("300")
    page.get_by_label("Every ace worth 1").select_option("1")
    page.get_by_label("Save these options as house rules, named").fill("Grandma's 500")
    page.get_by_role("button", name="Save house rules").tap()
    expect(page.get_by_role("status")).to_contain_text("Saved as the house rules “Grandma's 500”")
    fits_the_phone(page)
    page.get_by_label("House rules", exact=True).scroll_into_view_if_needed()
    keep_screen(page, "house_rules_saved")
    with app.app_context():
        [rules] = db.session.query(HouseRules).all()
        assert (rules.name, rules.options["target"], rules.options["ace_points"]) == ("Grandma's 500", 300, 1)

    # the house rules page lists the set in words, with a way to start from it
    page.goto(f"{url}/house-rules")
    row = page.locator(".house-rules-row")
    expect(row).to_contain_text("Grandma's 500")
    expect(row).to_contain_text("Play to: 300 · Every ace worth 1: 1")
    fits_the_phone(page)
    keep_screen(page, "house_rules_page")

    # another evening: the names typed first, then the house rules chosen; nothing typed is lost
    page.goto(f"{url}/new/rummy500")
    page.get_by_label("Seat 1").fill("Ann")
    page.get_by_label("Seat 2").fill("Ben")
    expect(page.get_by_label("Play to")).to_have_value("")
    page.get_by_label("House rules", exact=True).select_option(label="Grandma's 500")
    page.get_by_role("button", name="Use these house rules").tap()
    expect(page.get_by_role("status")).to_contain_text("Options set from the house rules “Grandma's 500”")
    expect(page.get_by_label("Play to")).to_have_value("300")
    expect(page.get_by_label("Every ace worth 1")).to_have_value("1")
    expect(page.get_by_label("Seat 1")).to_have_value("Ann")
    expect(page.get_by_label("Seat 2")).to_have_value("Ben")
    page.get_by_label("Play to").scroll_into_view_if_needed()
    keep_screen(page, "house_rules_chosen")
    # still the table's to change before the game starts; Enter in a name starts it (not Use or Save)
    page.get_by_label("Play to").fill("350")
    page.get_by_label("Seat 2").press("Enter")
    page.wait_for_url("**/s/*")
    with app.app_context():
        gs = db.session.query(GameSession).one()
        assert gs.player_names == ["Ann", "Ben"] and gs.options["target"] == 350 and gs.options["ace_points"] == 1

    # deleting takes two taps; the game started from the set keeps its options
    page.goto(f"{url}/house-rules")
    page.get_by_text("Delete…").tap()
    page.get_by_role("button", name="Delete “Grandma's 500” for good").tap()
    expect(page.get_by_text("No house rules saved yet.")).to_be_visible()
    with app.app_context():
        assert db.session.query(HouseRules).count() == 0
        assert db.session.query(GameSession).one().options["target"] == 350


@pytest.fixture
def rated(databases) -> Iterator[str]:
    """A group's evenings: Basic Rummy three times (Ann wins each, Ben second), a Persian game (Ann & Cy beat
    Ben & Dee) and a 500 Rum game still going."""
    for url, app in serve(databases):
        with app.app_context():
            for names, first, last in [
                (["Ann", "Ben", "Cy"], {"Ann": 90, "Ben": 50, "Cy": 0}, {"Ann": 80, "Ben": 20, "Cy": 10}),
                (["Ben", "Cy", "Ann"], {"Ann": 60, "Ben": 40, "Cy": 30}, {"Ann": 100, "Ben": 20, "Cy": 0}),
                (["Ann", "Ben"], {"Ann": 50, "Ben": 10}, {"Ann": 120, "Ben": 0}),
            ]:
                gs = service.create_session("basic", {}, names)
                service.add_hand(gs, points(names[0], **first))
                service.add_hand(gs, points("Ann", **last))
            store_sample(SAMPLES["persian"])
            store_sample(SAMPLES["rummy500"], hands=2)
        yield url


def test_the_players_page_and_a_players_page_read_at_390(page: Page, rated: str, keep_screen):
    page.goto(f"{rated}/players")
    basic = page.get_by_role("table", name="Basic Rummy")
    expect(basic).to_be_visible()
    rows = basic.locator("tbody tr")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).get_attribute("data-player") for i in range(3)] == ["Ann", "Ben", "Cy"]
    expect(page.get_by_role("table", name="Persian Rummy")).to_be_visible()
    expect(page.get_by_role("table", name="500 Rum")).to_have_count(0)  # its only game is still going
    fits_the_phone(page)
    page.get_by_role("heading", name="Ratings").scroll_into_view_if_needed()
    keep_screen(page, "players_ratings", full_page=True)

    basic.get_by_role("link", name="Ben").tap()
    page.wait_for_url("**/players/Ben")
    ratings = page.locator("table.player-ratings")
    expect(ratings.locator("tr[data-game=basic] td").last).to_have_text("2 of 3")
    expect(ratings.locator("tr[data-game=basic] th")).to_contain_text("3 games")
    expect(page.locator("[data-mate=rival] dd")).to_contain_text("Ann: finished right beside Ben in 4 of the 4 games")
    expect(page.locator("[data-mate=nemesis] dd")).to_contain_text("Ann: finished above Ben in 4 of the 4")
    expect(page.locator("[data-mate=partner] dd")).to_contain_text("nobody yet")
    chart = page.locator("#rating-chart-title").locator("xpath=..")
    box = chart.bounding_box()
    assert box and box["width"] <= 390 and box["height"] >= 200, f"the chart is {box} on a 390px phone"
    # its axis labels are drawn at a size a phone reads (not shrunk to a few pixels)
    label = page.locator(".score-chart .chart-grid text").first.bounding_box()
    assert label and label["height"] >= 10, f"an axis label is {label}"
    expect(page.locator(".score-chart .chart-line")).to_have_count(2)  # Basic Rummy and Persian Rummy
    fits_the_phone(page)
    page.get_by_role("heading", name="Rating").scroll_into_view_if_needed()
    page.get_by_role("heading", name="Rating").evaluate("h => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 8)")
    keep_screen(page, "player_rating")

    page.goto(f"{rated}/players/Ann")
    expect(page.locator("[data-mate=partner] dd")).to_contain_text("Cy: won 1 of the 1 games they played together")
