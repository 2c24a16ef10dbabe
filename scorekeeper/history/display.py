"""How a hand's score adds up, as the review and print pages show it."""

from __future__ import annotations

from typing import Any


def score_sum(scored: dict[str, Any], side: str) -> list[tuple[int, str]]:
    """How a side's score for one hand adds up: its own cards (or the points entered), then the engine's bonus lines.

    The engine lists every point that is not the side's own cards (sessions' `bonus_lines`);
    the own part is what is left. It is left out when it is 0 and something else was scored.
    Nothing (an empty list) when there is no bonus line: the score is all the side's own.

    >>> score_sum({"scores": {"Ann & Cy": 70}, "bonus_lines": [{"side": "Ann & Cy", "points": 25, "for": "going out"}]},
    ...           "Ann & Cy")
    [(45, 'from cards'), (25, 'for going out')]
    >>> score_sum({"scores": {"Ann": 112}, "entered_as_points": True,
    ...            "bonus_lines": [{"side": "Ann", "points": 50, "for": "winning the game"}]}, "Ann")
    [(62, 'as entered'), (50, 'for winning the game')]
    >>> score_sum({"scores": {"Ann": 12}}, "Ann")
    []
    """
    lines = [(line["points"], f"for {line['for']}") for line in scored.get("bonus_lines") or [] if line["side"] == side]
    if not lines:
        return []
    own = (scored.get("scores") or {}).get(side, 0) - sum(points for points, _ in lines)
    if own == 0:
        return lines
    return [(own, "as entered" if scored.get("entered_as_points") else "from cards"), *lines]
