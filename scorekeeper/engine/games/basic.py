"""Basic Rummy: whoever goes out scores the cards left in everyone else's hand (docs/rules/basic.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.engine.games.base import (
    DeadwoodGame,
    Option,
    target_option,
)
from scorekeeper.engine.standing import Line

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand


_BASIC_TARGETS = {2: 100, 3: 150, 4: 200}

class Basic(DeadwoodGame):
    """Basic Rummy: whoever goes out scores the cards left in everyone else's hand."""

    id = "basic"
    name = "Basic Rummy"
    summary = "Whoever goes out scores the cards left in everyone else's hand."
    max_players = 4
    option_list = (
        target_option(None, "100 for 2 players, 150 for 3, 200 for 4."),
        Option("jokers", "Jokers", "choice", 0, "Play with 2 wild jokers.", choices=(0, 2)),
    )
    first_to_target = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """The jokers chosen."""
        return super().table_settings(chosen, players) | {"jokers": chosen["jokers"]}

    def rewards_concealed(self, rules: Rules) -> bool:
        """Going rummy doubles what the player who went out collects."""
        return True

    def target_for(self, players: int | None) -> int | None:
        """100 for 2 players, 150 for 3, 200 for 4."""
        return _BASIC_TARGETS.get(players or 2, 200)

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """The player who went out collects the cards left in other hands, doubled for going rummy."""
        scores = dict.fromkeys(names, 0)
        goer = hand.went_out
        lines: list[Line] = []
        if goer:
            won = self.collected(hand, goer)
            lines.append((goer, won, "the cards left in other hands"))
            if hand.concealed:
                lines.append((goer, won, "going rummy, which doubles it"))
        return scores, lines

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """The cards collected are part of the points."""
        return ["for the player who goes out, the cards left in the other hands, doubled for going rummy"], []
