"""A table's game by id, as pages, forms and the API name it: its rules, its options, its decks and card values.

:func:`table_rules` turns a game id, the options a table chose and the number of
players into one frozen Rules (engine.games.base) that melds and scoring consult.

>>> rules = table_rules("rummy500", {}, players=5)
>>> rules.decks, rules.jokers, rules.target
(2, 4, 500)
>>> table_rules("gin", {"knock_limit": 7}).option("knock_limit")
7
>>> table_rules("gin", {"decks": 2})
Traceback (most recent call last):
...
scorekeeper.engine.errors.InputError: Gin Rummy has no option `decks`; its options are target, knock_limit, gin_bonus, undercut_bonus, big_gin_bonus, game_bonus, box_bonus, shutout_double
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.answers import ValueRow
from scorekeeper.engine.games import find_game
from scorekeeper.engine.games.base import Rules


def table_rules(game: str, options: Mapping[str, Any] | None = None, players: int | None = None) -> Rules:
    """The rules of `game` with the table's `options`, for `players` players when known."""
    return find_game(game).rules(options, players)


def check_players(game: str, players: int) -> None:
    """InputError unless `game` is played by that many players."""
    find_game(game).check_players(players)


def resolve_options(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> dict[str, Any]:
    """The table's options with every default filled in, checked against the game and player count.

    >>> resolve_options("basic", {}, n_players=3)
    {'target': 150, 'jokers': 0}
    """
    if n_players is not None:
        check_players(game, n_players)
    return dict(table_rules(game, options, n_players).options)


def leaving_costs(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> dict[str, int]:
    """What each way of leaving a hand without cards (the game's `leavings`) costs at this table, by state.

    >>> leaving_costs("indian", {"format": "pool", "pool": 201})
    {'first_drop': 25, 'middle_drop': 50, 'wrong_show': 80}
    >>> leaving_costs("rummy500")
    {}
    """
    rules = table_rules(game, options, n_players)
    variant = rules.variant
    costs = {leaving.state: variant.leaving_cost(rules, leaving.state) for leaving in variant.leavings}
    return {state: cost for state, cost in costs.items() if cost is not None}


def lowest_wins(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> bool:
    """True when the lowest total leads at this table (a penalty game; Indian Rummy but for its deals format).

    >>> lowest_wins("indian"), lowest_wins("indian", {"format": "deals"}), lowest_wins("rummy500")
    (True, False, False)
    """
    rules = table_rules(game, options, n_players)
    return rules.variant.lowest_wins_at(rules)


def deck_counts(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> dict[str, int]:
    """How many copies of each card the table's decks hold, jokers as ``JK``.

    >>> counts = deck_counts("oklahoma", {"jokers": 2})
    >>> counts["QS"], counts["JK"], len(counts)
    (2, 2, 53)
    """
    rules = table_rules(game, options, n_players)
    return rules.variant.deck_counts(rules)


def card_values(game: str, options: Mapping[str, Any] | None = None) -> list[ValueRow]:
    """The game's card values as a table: one row per card or kind of card, melded and left in hand.

    ``melded`` is None where melds do not score; ``in_hand`` is signed as it
    counts for the card's holder where holding costs them, else what the
    card is worth to whoever collects it (Basic, 5000 Rummy) or as deadwood.

    >>> [(r["card"], r["melded"], r["in_hand"]) for r in card_values("rummy500")][:2]
    [('A', 15, -15), ('A low in a run (A-2-3)', 1, None)]
    """
    rules = table_rules(game, options)
    return rules.variant.value_rows(rules)
