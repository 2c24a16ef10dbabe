"""Gin Rummy (docs/rules/gin.md), in one package: the game, its facts, the exact arrangement of a hand and its scoring.

``game.py`` is the game as the registry lists it; ``rules.py`` its facts (the
hand, the knock); ``solver.py`` and ``arrangement.py`` find the arrangement
that leaves the least deadwood; ``hands.py`` reads hands entered whole;
``scoring.py`` scores a hand and a game. The arrangement checks melds under a
table's rules; asked without a table (the API, the CLI, the gin hand form),
it checks them under gin's own:

>>> gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC KD")["deadwood_points"]
10
"""

from __future__ import annotations

from functools import partial

from scorekeeper.engine.games.gin.arrangement import GinCardsError, arrange, big_gin_melds
from scorekeeper.engine.games.gin.game import Gin
from scorekeeper.engine.games.gin.rules import HAND_SIZE

__all__ = ["GIN_RULES", "HAND_SIZE", "Gin", "GinCardsError", "big_gin_arrangements", "gin_arrange"]

# gin's own rules, no option chosen (the arrangement's meld checks read no option)
GIN_RULES = Gin().rules()
# the arrangement (arrangement.arrange, docs/api.md "Gin arrangement") and every big gin's melds
# (arrangement.big_gin_melds) under gin's own rules, for callers with no table: the API, the CLI, the gin hand form
gin_arrange = partial(arrange, GIN_RULES)
big_gin_arrangements = partial(big_gin_melds, GIN_RULES)
