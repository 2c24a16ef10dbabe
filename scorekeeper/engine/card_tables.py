"""What a card is worth and whether it is wild, under one table's rules: asked of the game once per card, then looked up.

>>> from scorekeeper.engine.cards import Card
>>> from scorekeeper.engine.rules import table_rules
>>> rules = table_rules("oklahoma")
>>> hand_card_points(rules, Card(12, "S")), card_table(rules, None, "wild")[Card(2, "C")]
(100, True)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import Card

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules


def meld_card_points(rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
    """What one card scores when melded or laid off, read as `stands_for` (the game's rule; 0 where melds do not score).

    `low_ace` says the card stands for an ace at the low end of a run (A-2-3).
    """
    if not rules.melds_score:
        return 0
    return rules.variant.meld_card_points(rules, card, stands_for, low_ace, wild_rank)


def hand_card_points(rules: Rules, card: Card, wild_rank: int | None = None) -> int:
    """What one card left in a hand is worth: a loss to its holder, or a gain to the player who went out."""
    return rules.variant.hand_card_points(rules, card, wild_rank)


def is_wild(rules: Rules, card: Card, wild_rank: int | None) -> bool:
    """True when the card may stand for another card under `rules` (Rules.is_wild, which states the rule)."""
    return rules.is_wild(card, wild_rank)


class CardTable(dict[Card, Any]):
    """One answer per card under one table's rules and wild rank, worked out by its one rule the first time, then looked up.

    Meld checks and hand sums ask the same questions (is this card wild, what
    is it worth left in hand) of every card they hold, so each answer is asked of
    its rule once per card, for every check and hand under the same rules.
    Shared by all of them (card_table): only read it.
    """

    def __init__(self, rule: Callable[[Rules, Card, int | None], Any], rules: Rules, wild_rank: int | None) -> None:
        super().__init__()
        self.rule = rule
        self.rules = rules
        self.wild_rank = wild_rank

    def __missing__(self, card: Card) -> Any:
        answer = self[card] = self.rule(self.rules, card, self.wild_rank)
        return answer


# the questions a table answers, each by the one function that states its rule
_QUESTIONS: dict[str, Callable[[Rules, Card, int | None], Any]] = {
    "wild": is_wild,
    "in_hand_points": hand_card_points,
}


# the tables of the rules asked most recently: Rules.key names a table's rules whole (the game, every option,
# the deck count), so the tables of one key answer alike for every check and hand; a few hundred at most
_TABLES: OrderedDict[tuple[str, int | None, str], CardTable] = OrderedDict()
TABLES_KEPT = 256
_tables_lock = threading.Lock()


def card_table(rules: Rules, wild_rank: int | None, question: str) -> CardTable:
    """The table of `question` ("wild" or "in_hand_points") for every card under `rules` and the hand's wild rank."""
    if not rules.key:
        return CardTable(_QUESTIONS[question], rules, wild_rank)  # rules made by hand (a test's): nothing names them
    known = (rules.key, wild_rank, question)
    with _tables_lock:
        found = _TABLES.get(known)
        if found is None:
            found = _TABLES[known] = CardTable(_QUESTIONS[question], rules, wild_rank)
            if len(_TABLES) > TABLES_KEPT:
                _TABLES.popitem(last=False)
        else:
            _TABLES.move_to_end(known)
        return found
