"""Gin Rummy's facts, in one place (docs/rules.md 5.8): the hand, the knock, what deadwood counts.

Everything that needs one of them (the solver's tables, the arrangement, the
hand reader, the scorer, the game's options, the page that takes both
hands) takes it from here.

>>> from scorekeeper.engine.cards import Card
>>> [deadwood_value(Card(rank, "S")) for rank in (1, 7, 10, 13)]
[1, 7, 10, 10]
"""

from __future__ import annotations

from scorekeeper.engine.cards import Card

HAND_SIZE = 10  # cards held at the end of a hand; big gin melds the eleventh drawn card too
KNOCK_LIMIT = 10  # the standard knock limit: the most deadwood a knock may keep (a table may choose another)


def deadwood_value(card: Card) -> int:
    """What a card counts as deadwood: ace 1, 2-10 face value, J Q K 10."""
    return min(card.rank, 10)
