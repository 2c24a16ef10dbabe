"""500 Rum: score what you meld, lose what you hold (docs/rules/rummy500.md); its count and options, which Michigan shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import ACE, Card
from scorekeeper.engine.games.base import (
    DECKS,
    HoldingCosts,
    Option,
    Row,
    bonus_option,
    decks_for,
    face_value,
    target_option,
)
from scorekeeper.engine.standing import Line, Standing, must_go_out, reached_at_all

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand


FIVE_HUNDRED_OPTIONS = (
    DECKS,
    Option("jokers", "Jokers per deck", "choice", 2, "2 jokers per deck, or play without.", choices=(2, 0)),
    Option(
        "card_values", "Card values", "choice", "standard",
        "standard: cards at face value; 5-10-15: 2-9 score 5.", choices=("standard", "5-10-15"),
    ),
    Option("ace_points", "Every ace worth 1", "choice", None, "Count every ace as 1, melded or in hand.", choices=(1,)),
    bonus_option("rummy_bonus", "Bonus for going rummy", 0, "Added for going out in one turn, nothing melded before."),
)


class FiveHundredCount(HoldingCosts):
    """500 Rum's count, shared with Michigan: face values, the ace 15 (1 low), jokers 15, the table's variants."""

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """One or two decks by the number of players, with the jokers chosen per deck."""
        decks = decks_for(chosen, players)
        return super().table_settings(chosen, players) | {"decks": decks, "jokers": chosen["jokers"] * decks}

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """Face value, ace 15 (1 low), joker 15; or the 5-10-15 count; or every ace 1."""
        if card.is_joker:
            return 15
        options = rules.options  # looked up directly: this runs for every card melded
        rank = card.rank
        if rank == ACE:
            if options["ace_points"] == 1:
                return 1
            if options["card_values"] == "5-10-15":
                return 5 if low_ace else 15
            return 1 if low_ace else 15
        if options["card_values"] == "5-10-15":
            return 5 if rank <= 9 else 10
        return face_value(rank)

    def rank_rows(self, rules: Rules, rank: int) -> list[Row]:
        """The ace also has its row as the low end of a run, unless every ace is worth 1."""
        rows = super().rank_rows(rules, rank)
        if rank == ACE and rules.ace_low and rules.option("ace_points") is None:
            rows.append(self.row(rules, "A low in a run (A-2-3)", Card(ACE, "H"), in_hand=False, low_ace=True))
        return rows

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded less held; the table's bonus for going rummy."""
        scores, lines = super().hand_lines(hand, rules, names)
        if hand.went_out and hand.concealed:
            lines.append((hand.went_out, rules.option("rummy_bonus"), "going rummy"))
        return scores, lines

    def rewards_concealed(self, rules: Rules) -> bool:
        """Going rummy scores the table's bonus, when it plays one."""
        return bool(rules.option("rummy_bonus"))

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """The bonus for going rummy, when the table plays one."""
        if rules.option("rummy_bonus"):
            return [f"+{rules.option('rummy_bonus')} for going rummy (out in one turn)"], []
        return [], []

class Rummy500(FiveHundredCount):
    """500 Rum: score what you meld, lose what you hold; first past the target with the top total wins."""

    id = "rummy500"
    name = "500 Rum"
    summary = "Score what you meld, lose what you hold; first past 500 with the top total wins."
    default_target = 500
    option_list = (
        target_option(500),
        *FIVE_HUNDRED_OPTIONS,
        Option(
            "must_go_out_to_win", "Must go out to win", "bool", False,
            "Only the player who goes out can win, once at or above the target.",
        ),
    )


    def must_go_out_to_win(self, rules: Rules) -> bool:
        """The table's option."""
        return bool(rules.options.get("must_go_out_to_win"))

    def standing(
        self, rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None,
        wins: dict[str, int],
    ) -> Standing:
        """Only the player who goes out can win, when the table chose so."""
        target = rules.target
        assert target is not None
        if self.must_go_out_to_win(rules) and reached_at_all(totals, concealed_bonus, target):
            return must_go_out(totals, target, goer)
        return super().standing(rules, totals, concealed_bonus, goer, wins)
