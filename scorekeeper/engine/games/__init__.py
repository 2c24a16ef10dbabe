"""The registry of the games: one module each in this package, listed in ``VARIANTS``, found by id with :func:`find_game`.

As python-chess finds a variant with ``find_variant``, :func:`find_game`
finds a game by id; nothing else asks which game a table plays. Adding a game
is its module and its line here (docs/adding-a-game.md).

>>> find_game("persian").partnerships, find_game("persian").name
(True, 'Persian Rummy')
>>> [game.id for game in VARIANTS if game.lowest_wins]
['penalty', 'contract', 'indian']
>>> find_game("bridge")
Traceback (most recent call last):
...
scorekeeper.engine.games.base.UnknownGameError: `bridge` is not a game we know: games are rummy500, persian, oklahoma, michigan, rummy5000, basic, penalty, gin, contract, canasta, indian, rummikub
"""

from __future__ import annotations

from scorekeeper.engine.games.base import Game, UnknownGameError
from scorekeeper.engine.games.basic import Basic
from scorekeeper.engine.games.canasta import Canasta
from scorekeeper.engine.games.contract import ContractRummy
from scorekeeper.engine.games.gin import Gin
from scorekeeper.engine.games.indian import IndianRummy
from scorekeeper.engine.games.michigan import Michigan
from scorekeeper.engine.games.oklahoma import Oklahoma
from scorekeeper.engine.games.penalty import Penalty
from scorekeeper.engine.games.persian import Persian
from scorekeeper.engine.games.rummy500 import Rummy500
from scorekeeper.engine.games.rummy5000 import Rummy5000
from scorekeeper.engine.games.rummikub import Rummikub

# every game, in the order pages list them
VARIANTS: tuple[Game, ...] = (
    Rummy500(), Persian(), Oklahoma(), Michigan(), Rummy5000(), Basic(), Penalty(), Gin(), ContractRummy(), Canasta(),
    IndianRummy(), Rummikub(),
)
_BY_ID = {game.id: game for game in VARIANTS}

__all__ = ["VARIANTS", "Game", "UnknownGameError", "find_game"]


def find_game(game_id: object) -> Game:
    """The game with this id; UnknownGameError (an InputError) for any other."""
    game = _BY_ID.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise UnknownGameError(f"`{game_id}` is not a game we know: games are {', '.join(_BY_ID)}")
    return game
