"""Michigan Rummy: scored like 500 Rum, but every hand is a game of its own (docs/rules/michigan.md)."""

from __future__ import annotations

from scorekeeper.engine.games.rummy500 import FIVE_HUNDRED_OPTIONS, FiveHundredCount


class Michigan(FiveHundredCount):
    """Michigan Rummy: scored like 500 Rum, but every hand is a game of its own."""

    id = "michigan"
    name = "Michigan Rummy"
    summary = "Scored like 500 Rum, but every hand is a game of its own: count hands won."
    counts_hands_won = True
    option_list = FIVE_HUNDRED_OPTIONS
