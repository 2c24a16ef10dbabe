"""Persian Rummy: two fixed partnerships, jokers apart, four of a kind doubled (docs/rules/persian.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import ACE, Card
from scorekeeper.engine.games.base import (
    HoldingCosts,
    face_value,
    target_option,
)

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules


PERSIAN_GOING_OUT = 25
PERSIAN_GAME_BONUS = 50


class Persian(HoldingCosts):
    """Persian Rummy: two fixed partnerships; jokers meld only together; four of a kind scores double."""

    id = "persian"
    name = "Persian Rummy"
    summary = "Two partnerships of two; jokers meld only together, four of a kind scores double."
    min_players = max_players = 4
    default_target = 500
    option_list = (target_option(500),)
    partnerships = True
    going_out_bonus = PERSIAN_GOING_OUT
    game_bonus = PERSIAN_GAME_BONUS
    four_of_a_kind_doubles = True
    fixed_seats = "Persian is played by two fixed partnerships: players cannot join late or leave"

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Two decks' worth of four jokers, not wild; the ace is high only."""
        return super().table_settings(chosen, players) | {"jokers": 4, "jokers_wild": False, "ace_low": False}

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """Face value, ace 15, joker 20."""
        if card.is_joker:
            return 20
        return 15 if card.rank == ACE else face_value(card.rank)

    def teams(self, names: list[str]) -> dict[str, list[str]]:
        """Seats 1 and 3 against 2 and 4, named like "Ann & Cy"."""
        return {f"{names[0]} & {names[2]}": [names[0], names[2]], f"{names[1]} & {names[3]}": [names[1], names[3]]}

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Going out is part of the points; the game bonus is added."""
        return ([f"+{PERSIAN_GOING_OUT} to the partnership of the player who goes out"],
                [f"+{PERSIAN_GAME_BONUS} to the partnership that wins the game"])
