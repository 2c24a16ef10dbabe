"""The cumulative score chart: geometry for a server-rendered inline SVG (templates/history/_chart.html).

Only the drawing is worked out here; the data are the engine's running
totals. Colours come from CSS (one class per line) and text uses
currentColor, so the chart follows the page into dark mode; each line also
has its own dash pattern and point shape, so it can be told apart without
colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

WIDTH = 640
# 5:3 rather than 2:1: shrunk to a 390px phone, seven lines still have about 200px to part in
HEIGHT = 384
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 16, 40
DASHES = ("", "6 4", "2 4", "10 4 2 4", "1 3", "8 3 3 3", "12 6", "3 3")
SHAPES = ("circle", "square", "diamond", "triangle")


@dataclass(frozen=True)
class Point:
    """A total after a hand, placed on the chart."""

    hand: int
    total: int
    x: float
    y: float


@dataclass(frozen=True)
class Line:
    """One player's (or partnership's) running totals."""

    name: str
    index: int
    points: list[Point]
    path: str
    dash: str
    shape: str


@dataclass(frozen=True)
class Tick:
    """An axis label and where it goes."""

    value: int
    at: float


@dataclass(frozen=True)
class Chart:
    """Everything the SVG template draws."""

    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: list[Line]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    target: Tick | None


def nice_step(span: float, count: int = 5) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `count` intervals over `span`.

    >>> nice_step(500), nice_step(73), nice_step(7), nice_step(0)
    (100, 20, 2, 1)
    """
    if span <= 0:
        return 1
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(1, int(factor * power))
    return max(1, int(10 * power))


def _y_range(running: dict[str, list[int | None]]) -> tuple[int, int, int]:
    """The totals' axis: its lowest and highest value and its step, fitted to the totals and 0 (where every line starts).

    The target is not stretched into view: a game at 120 of 500 would squeeze every line into the
    bottom fifth of the chart (the line is drawn once the totals come near it).

    >>> _y_range({"Ann": [54, 66], "Ben": [-4, 57]})
    (-20, 80, 20)
    """
    values = [0] + [v for series in running.values() for v in series if v is not None]
    step = nice_step(max(values) - min(values))
    low = math.floor(min(values) / step) * step
    high = math.ceil(max(values) / step) * step
    if high == low:
        high = low + step
    return low, high, step


def _line(
    index: int, name: str, series: list[int | None], x_of: Callable[[int], float], y_of: Callable[[float], float]
) -> Line:
    """One column's line; a late player's starts at their first hand (None before it), everyone else's at 0."""
    points = [Point(hand=i, total=t, x=x_of(i), y=y_of(t)) for i, t in enumerate(series, start=1) if t is not None]
    start = [(x_of(0), y_of(0))] if series and series[0] is not None else []
    path = " ".join(f"{x},{y}" for x, y in start + [(p.x, p.y) for p in points])
    return Line(name=name, index=index, points=points, path=path,
                dash=DASHES[index % len(DASHES)], shape=SHAPES[index % len(SHAPES)])


def score_chart(running: dict[str, list[int | None]], target: int | None = None, width: int = WIDTH,
                height: int = HEIGHT) -> Chart | None:
    """Lay out running totals (column -> total after each hand); None when no hand is scored yet.

    Every line starts at 0 before the first hand. A narrower `width` and `height` keep the text large on a
    phone, where the chart is drawn the width of the screen.

    >>> chart = score_chart({"Ann": [54, 66], "Ben": [-4, 57]})
    >>> [(p.hand, p.total) for p in chart.lines[0].points]
    [(1, 54), (2, 66)]
    >>> [t.value for t in chart.y_ticks]
    [-20, 0, 20, 40, 60, 80]
    >>> score_chart({"Ann": [54, 66], "Ben": [-4, 57]}, target=500).target is None
    True
    """
    hands = max((len(v) for v in running.values()), default=0)
    if hands == 0:
        return None
    low, high, step = _y_range(running)
    right, bottom = width - RIGHT, height - BOTTOM

    def x_of(hand: int) -> float:
        return round(LEFT + (right - LEFT) * hand / hands, 1)

    def y_of(value: float) -> float:
        return round(bottom - (bottom - TOP) * (value - low) / (high - low), 1)

    lines = [_line(index, name, series, x_of, y_of) for index, (name, series) in enumerate(running.items())]
    y_ticks = [Tick(value=v, at=y_of(v)) for v in range(low, high + 1, step)]
    x_step = nice_step(hands, count=10)
    x_ticks = [Tick(value=h, at=x_of(h)) for h in range(0, hands + 1, x_step)]
    return Chart(
        width=width, height=height, left=LEFT, right=right, top=TOP, bottom=bottom,
        lines=lines, y_ticks=y_ticks, x_ticks=x_ticks,
        target=Tick(value=target, at=y_of(target)) if target is not None and low <= target <= high else None,
    )
