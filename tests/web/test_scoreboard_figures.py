"""What the scoreboard's figures say: progress toward the target as the engine counts it."""

from __future__ import annotations

import html
import re

_PROGRESS = re.compile(r'data-total-for="([^"]*)".*?<small class="progress-text">([^<]*)</small>', re.S)
_BAR = re.compile(r'data-total-for="([^"]*)".*?<span class="progress" role="img" aria-label="([^"]*)">', re.S)


def progress(page: str) -> dict[str, str]:
    """Each player's progress line, as shown under their total: what they still need toward the target."""
    return {html.unescape(name): html.unescape(text) for name, text in _PROGRESS.findall(page)}


def bars(page: str) -> dict[str, str]:
    """What each player's progress bar says (its share of the target)."""
    return {html.unescape(name): html.unescape(text) for name, text in _BAR.findall(page)}


def test_oklahoma_progress_leaves_out_the_250_for_going_rummy(table):
    table.start("oklahoma", ["Ann", "Ben"], target=300)
    # Ben goes out concealed: 8-J of hearts 4x10 = 40, threes 3x5 = 15, +250 = 305; Ann holds a 4: -5.
    # 305 is past 300, but only 55 counts toward it (RULES.md 4.3): 18%, and the game goes on
    response = table.play({"went_out": "Ben", "concealed": True, "players": {
        "Ann": {"in_hand": "4C"},
        "Ben": {"melds": ["8H 9H 10H JH", "3S 3D 3S"]},
    }})
    assert response.status_code == 302
    assert table.totals() == {"Ann": -5, "Ben": 305}
    assert table.status() == ("in_progress", "")
    shown = progress(table.page())
    assert shown["Ben"] == "needs 245 more: 55 counts toward 300"
    assert shown["Ann"] == "needs 305 more"
    assert bars(table.page()) == {"Ben": "18% of 300", "Ann": "0% of 300"}
    assert "100% of 300" not in table.page()


def test_progress_is_the_share_of_the_total_where_every_point_counts(table):
    table.start("rummy500", ["Ann", "Ben"], target=200)
    assert table.play({"went_out": "Ann", "points": {"Ann": "150", "Ben": "-10"}}).status_code == 302
    assert progress(table.page()) == {"Ann": "needs 50 more", "Ben": "needs 210 more"}
    assert bars(table.page()) == {"Ann": "75% of 200", "Ben": "0% of 200"}
