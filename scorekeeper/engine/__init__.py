"""The rules engine: cards, melds, games and scoring, in pure Python (no Flask, no database).

Public facade (see shared/API.md): check_meld, score_session, gin_arrange,
Scoring (a session scored hand by hand),
InputError, RulesError; and for pages and forms: check_layoff, game_ids,
get_game, resolve_options, deck_counts, card_values, unentered_players.

>>> check_meld("9H 10H JH")["points"]
29
"""

from scorekeeper.engine.entry import unentered_players
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games import (
    GameSpec,
    Option,
    card_values,
    deck_counts,
    game_ids,
    get_game,
    resolve_options,
)
from scorekeeper.engine.gin import gin_arrange
from scorekeeper.engine.meld_check import check_layoff, check_meld
from scorekeeper.engine.scoring import Scoring, score_session

__all__ = [
    "GameSpec",
    "InputError",
    "Option",
    "RulesError",
    "Scoring",
    "card_values",
    "check_layoff",
    "check_meld",
    "deck_counts",
    "game_ids",
    "get_game",
    "gin_arrange",
    "resolve_options",
    "score_session",
    "unentered_players",
]
