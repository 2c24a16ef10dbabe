"""Gin Rummy's facts, in one place (docs/rules/gin.md): the hand and the knock.

Everything that needs one of them (the solver's tables, the arrangement, the
hand reader, the scorer, the game's options, the page that takes both
hands) takes it from here; what deadwood counts is every deadwood game's
(games.base.deadwood_value).
"""

from __future__ import annotations

HAND_SIZE = 10  # cards held at the end of a hand; big gin melds the eleventh drawn card too
KNOCK_LIMIT = 10  # the standard knock limit: the most deadwood a knock may keep (a table may choose another)

# why gin takes no card by its rank alone (docs/rules.md 1): a hand's deadwood is what is left once it is
# arranged into sets and runs and the defender has laid off onto the knocker's runs, and all of that reads suits
SUIT_NEEDED = "in Gin Rummy every card's suit counts, as runs and lay-offs decide the deadwood: write it like KS"
