"""5000 Rummy: a wild rank each hand; whoever goes out collects the cards left in other hands (docs/rules/rummy5000.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import ACE, Card
from scorekeeper.engine.games.base import (
    DECKS,
    Game,
    Row,
    decks_for,
    target_option,
)
from scorekeeper.engine.standing import Line

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand


def _rummy5000_value(card: Card, wild_rank: int | None) -> int:
    if wild_rank is not None and card.rank == wild_rank:
        return 200 if wild_rank == ACE else 100
    if card.rank == ACE:
        return 100
    return 5 if card.rank <= 9 else 10


class Rummy5000(Game):
    """5000 Rummy: a wild rank each hand; whoever goes out collects the cards left in other hands."""

    id = "rummy5000"
    name = "5000 Rummy"
    summary = "A wild rank each hand; whoever goes out collects the cards left in other hands."
    default_target = 5000
    option_list = (target_option(5000), DECKS)
    asks_wild_rank = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """One or two decks by the number of players; suits may repeat in sets."""
        decks = decks_for(chosen, players)
        return super().table_settings(chosen, players) | {"decks": decks, "sets_repeat_suits": True}

    def own_wild_rank(self, wild_rank: int | None) -> int | None:
        """The hand's wild rank melds alone as itself."""
        return wild_rank

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """The wild rank 100 (200 when aces are wild), ace 100, 10-K 10, others 5."""
        return _rummy5000_value(card, wild_rank)

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """As melded: what the player who went out collects."""
        return _rummy5000_value(card, wild_rank)

    def extra_rows(self, rules: Rules) -> list[Row]:
        """The wild card's rows (no jokers)."""
        return [{"card": "wild card", "melded": 100, "in_hand": 100},
                {"card": "wild card, when aces are wild", "melded": 200, "in_hand": 200}]

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded, and the cards left in other hands to the player who went out."""
        scores = {n: p.melded_points for n, p in hand.players.items()}
        goer = hand.went_out
        lines: list[Line] = []
        if goer:
            lines.append((goer, self.collected(hand, goer), "the cards left in other hands"))
        return scores, lines

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """The cards collected are part of the points."""
        return ["for the player who goes out, the cards left in the other players' hands"], []
