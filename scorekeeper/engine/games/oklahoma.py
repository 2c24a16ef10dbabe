"""Oklahoma: two decks, every deuce wild, the queen of spades worth 50 (docs/rules/oklahoma.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import ACE, QUEEN, Card
from scorekeeper.engine.games.base import (
    HoldingCosts,
    Option,
    Row,
    target_option,
)
from scorekeeper.engine.standing import Line

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand


OKLAHOMA_GOING_OUT = 100
OKLAHOMA_CONCEALED = 250
OKLAHOMA_GAME_BONUS = 200


def _oklahoma_melded(card: Card) -> int:
    if card.rank == ACE:
        return 20
    if card.rank == QUEEN:
        return 50 if card.suit == "S" else 10
    if card.rank >= 8:
        return 10
    return 5


class Oklahoma(HoldingCosts):
    """Oklahoma: two decks, every deuce wild, the queen of spades worth 50."""

    id = "oklahoma"
    name = "Oklahoma"
    summary = "Two decks, every deuce wild, the queen of spades worth 50; play to 1000."
    default_target = 1000
    option_list = (
        target_option(1000),
        Option("jokers", "Jokers", "int", 0, "Oklahoma with jokers: add 1 to 4 wild jokers.", maximum=4),
    )
    concealed_bonus = OKLAHOMA_CONCEALED
    game_bonus = OKLAHOMA_GAME_BONUS
    queen_of_spades_apart = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Two decks, deuces wild, suits may repeat in sets, lay-offs only on one's own melds."""
        return super().table_settings(chosen, players) | {
            "decks": 2, "jokers": chosen["jokers"], "deuces_wild": True, "sets_repeat_suits": True,
            "lay_off_own_melds_only": True,
        }

    def rewards_concealed(self, rules: Rules) -> bool:
        """Going out concealed scores 250, not 100."""
        return True

    def own_wild_rank(self, wild_rank: int | None) -> int | None:
        """Deuces meld alone as twos."""
        return 2

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """A joker 100; a deuce scores as the card it stands for (a deuce standing for a two scores 5)."""
        if card.is_joker:
            return 100
        return _oklahoma_melded(stands_for)

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """Held: joker 200, deuce 20, queen of spades 100, else as melded."""
        if card.is_joker:
            return 200
        if card.rank == 2:
            return 20
        if card.rank == QUEEN and card.suit == "S":
            return 100
        return _oklahoma_melded(card)

    def rank_rows(self, rules: Rules, rank: int) -> list[Row]:
        """Deuces are wild; the queen of spades has a row of its own."""
        if rank == 2:
            return [{"card": "2 (wild: scores as the card it stands for)", "melded": None, "in_hand": -20}]
        if rank == QUEEN:
            return [self.row(rules, "Q♠", Card(QUEEN, "S")), self.row(rules, "Q♥ Q♦ Q♣", Card(QUEEN, "H"))]
        return super().rank_rows(rules, rank)

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded less held; going out, or going out concealed."""
        scores, lines = super().hand_lines(hand, rules, names)
        goer = hand.went_out
        if goer:
            lines.append((goer, OKLAHOMA_CONCEALED, "going out concealed") if hand.concealed
                         else (goer, OKLAHOMA_GOING_OUT, "going out"))
        return scores, lines

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Going out is part of the points; the game bonus is added."""
        return ([f"+{OKLAHOMA_GOING_OUT} for going out, or +{OKLAHOMA_CONCEALED} for going out concealed"
                 f" (in points it counts toward the target: enter that hand by cards to keep it out)"],
                [f"+{OKLAHOMA_GAME_BONUS} to the player who wins the game"])
