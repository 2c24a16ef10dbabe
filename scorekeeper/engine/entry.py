"""Whether a hand as entered leaves a player out: a question to ask before saving, never a rule.

A player who did not go out still holds cards at the end of a hand, so a
player with nothing entered at all (no meld, no lay-off, no card left in
hand) was most likely forgotten. The hand is not wrong by the rules (it
scores that player 0), so this is a question for the table, not an error.

>>> hand = {"ended": "went_out", "went_out": "Ann", "players": {
...     "Ann": {"melds": ["7H 8H 9H"]}, "Ben": {}, "Cy": {"in_hand": "AS"}}}
>>> unentered_players(hand, ["Ann", "Ben", "Cy"], "rummy500")
['Ben']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.games import find_game

_PARTS = ("melds", "layoffs", "in_hand")


def unentered_players(hand: Mapping[str, Any], names: list[str], game: str) -> list[str]:
    """Players, in seat order, who did not go out and have nothing entered in this hand.

    None for a hand entered as points (each player has a number), and none
    for a gin draw, where nothing is scored whatever the hands held.
    """
    if "points" in hand or not isinstance(hand.get("players"), Mapping):
        return []
    ended = hand.get("ended", "went_out")
    if find_game(game).knocks and ended == "stock_exhausted":
        return []
    went_out = hand.get("went_out") if ended == "went_out" else None
    players = hand["players"]
    return [
        name for name in names
        if name != went_out and not _entered(players.get(name))
    ]


def _entered(entry: object) -> bool:
    if not isinstance(entry, Mapping):
        return False
    # a string is cards in notation ("7H 8H 9H"), a list is cards or melds: empty either way means nothing
    return any(entry.get(part) for part in _PARTS)
