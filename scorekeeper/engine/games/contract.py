"""Contract Rummy (Liverpool, Shanghai): seven deals, each with its contract; cards left in hand count against.

docs/rules/contract.md states the rules. Each deal asks for its contract, a
number of sets of three and runs of four; a player goes down with exactly
those melds, and only a player who went down lays off. The deal's number is
the hand's number, so scoring a session knows each hand's contract.

>>> from scorekeeper.engine.rules import table_rules
>>> rules = table_rules("contract")
>>> [CONTRACTS[n - 1].words for n in (1, 3, 7)]
['two sets of three', 'two runs of four', 'three runs of four']
>>> find_contract(rules, 2)
Contract(sets=1, runs=1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import ACE, Card, rank_name
from scorekeeper.engine.errors import RulesError
from scorekeeper.engine.games.base import DeadwoodGame, Option, Row
from scorekeeper.engine.games.penalty import Penalty

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.melds import Reading
    from scorekeeper.engine.played import Hand, PlayerHand, Problems

_COUNT_WORDS = {1: "a", 2: "two", 3: "three"}


@dataclass(frozen=True)
class Contract:
    """What one deal asks a player to go down with: so many sets of three and runs of four."""

    sets: int
    runs: int

    @property
    def words(self) -> str:
        """The contract as players say it: "a set of three and two runs of four"."""
        parts = []
        if self.sets:
            parts.append(f"{_COUNT_WORDS[self.sets]} set{'s' if self.sets > 1 else ''} of three")
        if self.runs:
            parts.append(f"{_COUNT_WORDS[self.runs]} run{'s' if self.runs > 1 else ''} of four")
        return " and ".join(parts)


# the seven contracts in the order they are dealt (docs/rules/contract.md, "The seven deals")
CONTRACTS = (
    Contract(2, 0), Contract(1, 1), Contract(0, 2), Contract(3, 0), Contract(2, 1), Contract(1, 2), Contract(0, 3),
)


def find_contract(rules: Rules, number: int) -> Contract | None:
    """The contract of deal `number` (from 1) at this table, None past its last deal."""
    deals = int(rules.option("deals"))
    return CONTRACTS[number - 1] if 1 <= number <= deals else None


def _melded_words(player: PlayerHand) -> str:
    """The melds a player went down with, in words: "two sets", "a set and a run"."""
    sets = sum(1 for meld in player.melds if meld.kind == "set")
    runs = len(player.melds) - sets
    parts = [f"{_COUNT_WORDS.get(n, str(n))} {kind}{'s' if n > 1 else ''}" for n, kind in ((sets, "set"), (runs, "run")) if n]
    return " and ".join(parts)


def touching_runs(melds: list[Reading]) -> tuple[Reading, Reading] | None:
    """Two runs of one suit, the second starting just above where the first ends: one run split in two.

    docs/rules/contract.md ("Going down"): such runs are one run, so they make one of a contract's runs, not two.
    """
    runs = [meld for meld in melds if meld.kind == "run"]
    for lower in runs:
        for upper in runs:
            if lower.represents[0].suit == upper.represents[0].suit and lower.low + len(lower.cards) == upper.low:
                return lower, upper
    return None


class ContractRummy(DeadwoodGame):
    """Contract Rummy: a contract each deal, runs of four, cards left in hand against you, lowest after the last deal."""

    id = "contract"
    name = "Contract Rummy"
    summary = "Seven deals, each with its contract to go down with; cards left count against you, lowest total wins."
    min_players = 3
    max_players = 8
    option_list = (
        Option("deals", "Deals", "int", 7, "Play the first so many contracts; 7 is the whole game.", minimum=1, maximum=7),
        Option("decks", "Decks", "choice", None, "2 for up to 5 players, else 3.", choices=(2, 3)),
        Option("jokers", "Jokers per deck", "choice", 2, "Wild jokers per deck: 2, 1, or none.", choices=(2, 1, 0)),
        Option(
            "card_values", "Card values", "choice", "5-10",
            "5-10: 2-9 cost 5, 10-K cost 10; face: 2-10 at face value, J Q K 10.", choices=("5-10", "face"),
        ),
        Option("ace_points", "An ace costs", "choice", 15, "What an ace left in hand costs.", choices=(15, 20)),
        Option("joker_points", "A joker costs", "choice", 15, "What a joker left in hand costs.", choices=(15, 25, 50)),
    )
    lowest_wins = True
    layoff_needs_own_meld = " laid off without going down: only a player who met the contract lays off"
    # charged as in Rummy to 100: each player what they hold, nothing to the player who went out
    hand_lines = Penalty.hand_lines

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Two or three decks with their jokers, aces high or low, suits repeat in sets, runs of four or more."""
        decks = chosen["decks"] or (3 if players is not None and players > 5 else 2)
        chosen["decks"] = decks
        return super().table_settings(chosen, players) | {
            "decks": decks, "jokers": chosen["jokers"] * decks, "ace_high": True, "sets_repeat_suits": True,
            "largest_set": 4 * decks, "shortest_run": 4,
        }

    def fixed_deals(self, rules: Rules) -> int | None:
        """The deals the table chose to play."""
        return int(rules.option("deals"))

    def deal_note(self, rules: Rules, number: int) -> str | None:
        """Deal 3 asks for two runs of four."""
        contract = find_contract(rules, number)
        if contract is None:
            return f"the game had {rules.option('deals')} deals: this hand is past the last"
        last = " (going out with no discard)" if number == len(CONTRACTS) else ""
        return f"deal {number} asks for {contract.words}{last}"

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """A card left in hand: 2-9 cost 5 (or face value), 10-K 10, the ace and joker as the table chose."""
        if card.is_joker:
            return int(rules.options["joker_points"])
        if card.rank == ACE:
            return int(rules.options["ace_points"])
        if card.rank >= 10:
            return 10
        return 5 if rules.options["card_values"] == "5-10" else card.rank

    def rank_rows(self, rules: Rules, rank: int) -> list[Row]:
        """One row per rank."""
        return [self.row(rules, rank_name(rank), Card(rank, "H"))]

    def check_played(self, hand: Hand, rules: Rules, problem: Problems) -> None:
        """Each player who went down met the deal's contract exactly; whoever went out went down."""
        contract = find_contract(rules, hand.number)
        for name, player in hand.players.items():
            if not player.melds:  # a lay-off without going down was refused as it was placed
                if name == hand.went_out:
                    asked = f": deal {hand.number} asks for {contract.words}" if contract else ""
                    raise problem(RulesError, f"{name} went out without going down{asked}", name, field="melds")
                continue
            if contract is None:
                continue  # a hand played on past the last deal has no contract (and counts toward no result)
            sets = sum(1 for meld in player.melds if meld.kind == "set")
            if (sets, len(player.melds) - sets) != (contract.sets, contract.runs):
                raise problem(
                    RulesError,
                    f"{name} went down with {_melded_words(player)}, but deal {hand.number} asks for {contract.words}",
                    name, field="melds",
                )
            touching = touching_runs(player.melds)
            if touching:
                lower, upper = (" ".join(str(card) for card in run.cards) for run in touching)
                raise problem(
                    RulesError,
                    f"{name}'s runs {lower} and {upper} touch: together they are one run, and deal {hand.number}"
                    f" asks for {contract.words}",
                    name, field="melds",
                )
