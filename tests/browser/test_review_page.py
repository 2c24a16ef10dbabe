"""The review page at 390x844 (issue 28): the chart's scale fits the totals, and the running totals never clip.

Before: the chart's scale always reached the target, so a game at 120 of 500 drew its seven lines in
the bottom third; the page had two regions named "Figures" (axe landmark-unique).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from scorekeeper.tables import service
from tests.browser.conftest import serve

SEVEN = ("Alexandra Montgomery", "Bartholomew Fitzgerald", "Christopher Wellington", "Dorothea Featherstone",
         "Evangeline Worthington", "Florentina Blackwood", "Gwendolyn Harrington")
# eleven hands of 500 Rum at a table of seven: nobody near the target yet, one far below zero
HANDS = [
    (0, 35, -10, 15, -25, 5, 20, -5), (1, -5, 40, 10, -20, 15, 0, -10), (2, 10, -15, 45, 5, -30, 10, 0),
    (3, -20, 5, 0, 50, 10, -15, 5), (4, 15, 10, -35, 0, 40, 5, -5), (5, 0, -25, 20, 15, -10, 45, 10),
    (6, 5, 15, -10, -40, 20, 0, 35), (0, 40, -5, 5, 10, -15, 20, -20), (1, -10, 45, 0, -5, 25, -10, 15),
    (2, 20, 0, 40, -15, 5, 10, -30), (3, -15, 10, 5, 45, 0, -20, 20),
]


@pytest.fixture
def review(databases) -> Iterator[str]:
    """The review page of an eleven-hand game of seven long names."""
    for url, app in serve(databases):
        with app.app_context():
            gs = service.create_session("rummy500", {}, list(SEVEN))
            for went_out, *points in HANDS:
                service.add_hand(gs, {"ended": "went_out", "went_out": SEVEN[went_out], "points": dict(zip(SEVEN, points))})
            yield f"{url}/s/{gs.edit_token}/review"


def test_the_chart_uses_its_height_for_the_totals_and_no_running_total_is_clipped(page: Page, review: str, keep_screen):
    page.goto(review)
    keep_screen(page, "review_page", full_page=True)
    page.get_by_role("heading", name="How the game went").scroll_into_view_if_needed()
    page.get_by_role("heading", name="How the game went").evaluate("h => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 8)")
    keep_screen(page, "review_page_chart")
    chart = page.locator(".score-chart-svg")
    box = chart.bounding_box()
    assert box and box["width"] <= 390 and box["height"] >= 190, f"the chart is {box} on a 390px phone"
    # the lines spread over the plot: the highest and lowest points lie within one step of its top and bottom
    ys = chart.locator(".chart-point").evaluate_all("points => points.map(p => p.getBBox().y + p.getBBox().height / 2)")
    ticks = chart.locator(".chart-grid line").evaluate_all("lines => lines.map(l => Number(l.getAttribute('y1')))")
    top, bottom = min(ticks), max(ticks)
    step = (bottom - top) / (len(ticks) - 1)
    assert min(ys) - top <= step and bottom - max(ys) <= step, f"the points fill {min(ys)}-{max(ys)} of {top}-{bottom}"
    # every running total shows all its digits, scrolled into view or not
    clipped = page.locator("#review-chart-data td, #review-chart-data th").evaluate_all(
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)")
    assert clipped == []
    # regions with the same name cannot be told apart
    names = page.locator("[role=region], section[aria-labelledby], nav, main").evaluate_all(
        "regions => regions.map(r => (r.getAttribute('aria-label') || (r.getAttribute('aria-labelledby') || '')"
        ".split(' ').map(id => document.getElementById(id)?.textContent.trim()).join(' ')) + '|' + r.tagName + r.getAttribute('role'))")
    assert len(names) == len(set(names)), names
