"""Whether a hand as entered leaves a player out: a question to ask before saving, never a rule.

A player who did not go out still holds cards at the end of a hand, so a
player with nothing entered at all (no meld, no lay-off, no card left in
hand) was most likely forgotten. The hand is not wrong by the rules (it
scores that player 0), so this is a question for the table, not an error.

>>> hand = {"ended": "went_out", "went_out": "Ann", "players": {
...     "Ann": {"melds": ["7H 8H 9H"]}, "Ben": {}, "Cy": {"in_hand": "AS"}}}
>>> unentered_players(hand, ["Ann", "Ben", "Cy"], "rummy500")
['Ben']
>>> unentered_players({"went_out": "Ann", "racks": {"Ann": [], "Ben": ["7R"], "Cy": []}}, ["Ann", "Ben", "Cy"], "rummikub")
['Cy']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.games import find_game
from scorekeeper.engine.games.base import Game

_PARTS = ("melds", "layoffs", "in_hand")


def unentered_players(hand: Mapping[str, Any], names: list[str], game: str) -> list[str]:
    """Players, in seat order, who did not go out and have nothing entered in this hand.

    None for a hand entered as points (each player has a number), and none
    for a gin draw, where nothing is scored whatever the hands held.
    """
    variant = find_game(game)
    # each player's entry in every game's shape, whatever the game's own body (Rummikub's racks)
    players = variant.entries_of(hand)
    if "points" in hand or (not players and not isinstance(hand.get("players"), Mapping)):
        return []
    ended = hand.get("ended", "went_out")
    if variant.knocks and ended == "stock_exhausted":
        return []
    # a player who left the hand without cards (Indian Rummy's drop) says so in the game's own fields
    parts = (*_PARTS, *find_game(game).entry_fields)
    went_out = hand.get("went_out") if ended == "went_out" else None
    if not went_out and find_game(game).deal_may_end_unclaimed:
        went_out = _left_alone(players, names, find_game(game).entry_fields)
    return [
        name for name in names
        if name != went_out and not _entered(players.get(name), parts)
    ]


def needs_wild_rank(hand: Mapping[str, Any], game: Game) -> bool:
    """True when the hand must name its wild rank: the game asks it and cards were entered, which it checks.

    A hand entered as points, or one whose players only dropped or showed wrongly, has no card to check.

    >>> from scorekeeper.engine.games import find_game
    >>> indian = find_game("indian")
    >>> needs_wild_rank({"players": {"Ann": {"melds": ["2H 3H 4H"]}, "Ben": {"dropped": "first"}}}, indian)
    True
    >>> needs_wild_rank({"went_out": None, "players": {"Ben": {"dropped": "first"}, "Cy": {"wrong_show": True}}}, indian)
    False
    """
    if not game.asks_wild_rank or "points" in hand:
        return False
    players = hand.get("players")
    return isinstance(players, Mapping) and any(_entered(entry, _PARTS) for entry in players.values())


def _left_alone(players: Mapping[str, Any], names: list[str], fields: tuple[str, ...]) -> str | None:
    """The one player who did not leave the hand without cards (the others dropped), who needs no cards; else None."""
    left = [name for name in names if not (isinstance(players.get(name), Mapping) and _entered(players[name], fields))]
    return left[0] if len(left) == 1 else None


def _entered(entry: object, parts: tuple[str, ...]) -> bool:
    if not isinstance(entry, Mapping):
        return False
    # a string is cards in notation ("7H 8H 9H"), a list is cards or melds: empty either way means nothing
    return any(entry.get(part) for part in parts)
