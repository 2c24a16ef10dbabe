"""Rummy to 100: cards left in hand are penalty points; the lowest total wins (docs/rules/penalty.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine.games.base import (
    DeadwoodGame,
    target_option,
)
from scorekeeper.engine.standing import Line, Standing, lowest_wins

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand


class Penalty(DeadwoodGame):
    """Rummy to 100: cards left in hand are penalty points; the lowest total wins."""

    id = "penalty"
    name = "Rummy to 100"
    summary = "Cards left in your hand count against you; lowest total when someone reaches 100 wins."
    max_players = 6
    default_target = 100
    option_list = (target_option(100, "The game ends when a total reaches it; the lowest total wins."),)
    lowest_wins = True

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """What each player holds, as penalty points; nothing for the player who went out."""
        goer = hand.went_out
        return {n: p.in_hand_points if n != goer else 0 for n, p in hand.players.items()}, []

    def standing(
        self, rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None,
        wins: dict[str, int],
    ) -> Standing:
        """The lowest total wins once some total reaches the target."""
        assert rules.target is not None
        return lowest_wins(totals, rules.target)
