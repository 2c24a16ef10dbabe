"""Gin Rummy the game: two players, knock or go gin, deadwood decides (docs/rules/gin.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.engine.games.base import DeadwoodGame, Option, bonus_option, target_option
from scorekeeper.engine.games.gin.rules import HAND_SIZE, KNOCK_LIMIT
from scorekeeper.engine.games.gin.scoring import gin_game_end, gin_lines, gin_warnings
from scorekeeper.engine.standing import Line, Standing

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand


class Gin(DeadwoodGame):
    """Gin Rummy: two players, knock or go gin, deadwood decides."""

    id = "gin"
    name = "Gin Rummy"
    summary = "Two players, knock or go gin, deadwood decides; play to 100."
    max_players = 2
    default_target = 100
    option_list = (
        target_option(100),
        bonus_option("knock_limit", "Knock with at most", KNOCK_LIMIT, "The most deadwood a player may knock with."),
        bonus_option("gin_bonus", "Gin bonus", 25, "For going gin, with no deadwood."),
        bonus_option("undercut_bonus", "Undercut bonus", 25, "For the defender whose deadwood is no more than the knocker's."),
        bonus_option("big_gin_bonus", "Big gin bonus", 0, "For gin with all 11 cards (31 is common); 0 scores it as gin."),
        bonus_option("game_bonus", "Game bonus", 0, "For winning the game (100 is common)."),
        bonus_option("box_bonus", "Box bonus", 0, "At the end, for every hand won (25 is common)."),
        Option("shutout_double", "Double a shutout", "bool", False, "When the loser scored nothing, the winner's whole score doubles, game and box bonuses included."),
    )
    whole_hand_entry = True
    knocks = True
    hand_size = HAND_SIZE
    first_to_target = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """The defender lays off only onto the knocker's melds, which the hand reader checks itself."""
        return super().table_settings(chosen, players) | {"lay_off_own_melds_only": True}

    def layoff_refusal(self, rules: Rules, player: str, owner: str, went_out: str | None) -> str | None:
        """Only the defender lays off, and only onto the knocker's melds."""
        if went_out is None:
            return ": nobody knocked, so nobody lays off"
        if player == went_out:
            return ": in Gin Rummy only the defender lays off, never the knocker"
        if owner != went_out:
            return ": the defender lays off only onto the knocker's melds"
        return None

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """The knock, gin or undercut, line by line."""
        return dict.fromkeys(names, 0), gin_lines(hand, rules, names)

    def hand_warnings(self, hand: Hand, rules: Rules, names: list[str]) -> list[str]:
        """Cards entered that arrange with less deadwood than entered."""
        if hand.as_points or hand.went_out is None or hand.big_gin:
            return []
        return gin_warnings(hand, rules, names, self.hand_parts(hand, rules, names)[0])

    def finish(self, standing: Standing, rules: Rules, totals: dict[str, int], wins: dict[str, int]) -> None:
        """Game, box and shutout bonuses."""
        gin_game_end(standing, rules, totals, wins)

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Gin, undercut and big gin are part of the points; game, boxes and shutout are added."""
        include = [f"+{rules.option('gin_bonus')} for gin and +{rules.option('undercut_bonus')} for an undercut"]
        added = []
        if rules.option("big_gin_bonus"):
            include.append(f"+{rules.option('big_gin_bonus')} for big gin")
        if rules.option("game_bonus"):
            added.append(f"+{rules.option('game_bonus')} to the winner of the game")
        if rules.option("box_bonus"):
            added.append(f"+{rules.option('box_bonus')} a box for every hand won, at the end")
        if rules.option("shutout_double"):
            added.append("the winner's score doubled after a shutout")
        return include, added
