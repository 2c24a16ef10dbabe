"""Gin Rummy's facts, in one place (docs/rules/gin.md): the hand and the knock.

Everything that needs one of them (the solver's tables, the arrangement, the
hand reader, the scorer, the game's options, the page that takes both
hands) takes it from here; what deadwood counts is every deadwood game's
(games.base.deadwood_value).
"""

from __future__ import annotations

HAND_SIZE = 10  # cards held at the end of a hand; big gin melds the eleventh drawn card too
KNOCK_LIMIT = 10  # the standard knock limit: the most deadwood a knock may keep (a table may choose another)

