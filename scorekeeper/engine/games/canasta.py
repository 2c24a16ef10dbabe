"""Canasta (docs/rules/canasta.md): sets only, red threes apart, canastas of seven, a first meld that grows.

Each seat of a Canasta session is a side (``seats_are_sides``): a partnership
enters its melds once, together, and a player alone is a side of one.

>>> from scorekeeper.engine.rules import table_rules
>>> rules = table_rules("canasta")
>>> rules.decks, rules.jokers, rules.target
(2, 4, 5000)
>>> first_meld_minimum(-10), first_meld_minimum(1495), first_meld_minimum(1500), first_meld_minimum(3000)
(15, 50, 90, 120)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import ACE, Card, MeldCard, rank_name
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games.base import HoldingCosts, Option, Row
from scorekeeper.engine.standing import Line, split_partnership

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.melds import Reading
    from scorekeeper.engine.played import Hand, Problems

CANASTA_SIZE = 7
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
RED_THREE = 100
GOING_OUT = 100
GOING_OUT_CONCEALED = 200
MOST_WILD = 3
FEWEST_NATURAL = 2
CANASTA_NATURAL = 4
# the side's total before the hand -> the least its first meld must be worth (below 0, then from each step up)
FIRST_MELD_STEPS = ((3000, 120), (1500, 90), (0, 50))
FIRST_MELD_BELOW_ZERO = 15
# people at the table -> the numbers of sides they may form
SIDES = {2: (2,), 3: (3,), 4: (2,), 6: (2, 3)}


def has_partners(table: int) -> bool:
    """True when the people at the table play in sides of two or more (4 or 6 people), not each alone.

    >>> [has_partners(people) for people in (2, 3, 4, 6)]
    [False, False, True, True]
    """
    return table > max(SIDES[table])


def first_meld_minimum(total: int) -> int:
    """The least a side's first meld of a hand must be worth, given the side's total before the hand."""
    for floor, minimum in FIRST_MELD_STEPS:
        if total >= floor:
            return minimum
    return FIRST_MELD_BELOW_ZERO


def canasta_value(card: Card) -> int:
    """Joker 50; deuce and ace 20; K to 8: 10; 7 to 4 and the black three: 5."""
    if card.is_joker:
        return 50
    if card.rank in (2, ACE):
        return 20
    return 10 if card.rank >= 8 else 5


def is_red_three(card: Card) -> bool:
    """True for the three of hearts or of diamonds."""
    return card.rank == 3 and card.suit in ("H", "D")


def is_canasta(reading: Reading) -> bool:
    """True for a meld of seven cards or more."""
    return len(reading.cards) >= CANASTA_SIZE


def is_natural(reading: Reading, rules: Rules) -> bool:
    """True for a meld without a wild card."""
    return not any(rules.is_wild(c.card) for c in reading.cards)


class Canasta(HoldingCosts):
    """Canasta: sets of one rank only, deuces and jokers wild, canastas and red threes score bonuses."""

    id = "canasta"
    name = "Canasta"
    summary = "Sets of one rank, canastas of seven, red threes apart; the first meld grows with the score; play to 5000."
    min_players = 2
    max_players = 3
    default_target = 5000
    option_list = (
        Option("target", "Play to", "int", 5000, "The score that ends the game.", minimum=1),
        Option(
            "table", "People at the table", "choice", 4,
            "4: two partnerships; 2 or 3: each plays alone; 6: two sides of three or three of two (3 decks).",
            choices=(4, 2, 3, 6),
        ),
        Option(
            "canastas_to_go_out", "Canastas needed to go out", "choice", 1,
            "1, or 2 as many two-player tables play.", choices=(1, 2),
        ),
    )
    meld_kinds = ("set",)
    seats_are_sides = True
    layoffs_join_melds = True  # a side's melds are scored as they lie on the table, lay-offs and all
    hand_counts = (
        Option(
            "red_threes", "Red threes", "int", 0,
            "100 each, double for all of them; minus if the side melded nothing.",
            maximum=6,
        ),
    )
    checks_totals_before = True
    has_canastas = True
    side_scores_alone = True  # no side collects another's cards: a side scores its own melds, hand and bonuses
    going_out_melds = "black threes"
    fixed_seats = "Canasta is played by fixed sides: a side cannot join late or leave"

    @property
    def players_text(self) -> str:
        """People at the table, and the sides they form (each seat of a session is a side)."""
        people = [str(n) for n in SIDES]
        return f"{', '.join(people[:-1])} or {people[-1]} people, as {self.min_players} or {self.max_players} sides"

    def went_out_may_hold(self, rules: Rules) -> bool:
        """With partners the side that went out still holds the partners' cards; a player alone holds none."""
        return has_partners(rules.option("table"))

    def side_players(self, rules: Rules, side: str) -> tuple[str, ...]:
        """With partners (4 or 6 at the table) a side is a partnership entered as one, like "Ann & Cy": its people."""
        return split_partnership(side) if has_partners(rules.option("table")) else (side,)

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Two decks and four jokers (three and six for six people), deuces wild, sets as large as the decks allow."""
        table = chosen["table"]
        if players is not None and players not in SIDES[table]:
            sides = " or ".join(str(n) for n in SIDES[table])
            raise InputError(
                f"Canasta with {table} people at the table is played by {sides} sides, not {players}:"
                f" enter each side (a partnership as one, like \"Ann & Cy\") as one player"
            )
        decks = 3 if table == 6 else 2
        return super().table_settings(chosen, players) | {
            "decks": decks, "jokers": 2 * decks, "deuces_wild": True, "sets_repeat_suits": True,
            "largest_set": 4 * decks + MOST_WILD, "lay_off_own_melds_only": True,
        }

    def suit_needed(self, card: Card, rules: Rules) -> str | None:
        """A three: red threes are laid out apart, black threes meld only when going out."""
        if card.rank == 3:
            return "in Canasta a red three (3H 3D) and a black three (3S 3C) are played differently"
        return None

    # melds -------------------------------------------------------------------

    def meld_refusal(self, cards: Sequence[MeldCard], rules: Rules, wild_rank: int | None, going_out: bool) -> str | None:
        """Threes, runs, and the counts of natural and wild cards (docs/rules/canasta.md, Melds)."""
        wild = [c for c in cards if rules.is_wild(c.card)]
        natural = [c.card for c in cards if not rules.is_wild(c.card)]
        refusal = self._rank_refusal(wild, natural)
        if refusal is not None:
            return refusal
        if any(c.rank == 3 for c in natural):
            return self._black_threes_refusal(len(cards), len(wild), going_out)
        if len(cards) < 3:
            return None  # the common rule says so
        return self._count_refusal(len(cards), len(natural), len(wild))

    @staticmethod
    def _rank_refusal(wild: list[MeldCard], natural: list[Card]) -> str | None:
        """Why the cards are not one meldable rank: a wild three, a red three, or a run."""
        if any(c.stands_for is not None and c.stands_for.rank == 3 for c in wild):
            return "threes are not wild and red threes are not melded: no wild card stands for a three"
        red = next((c for c in natural if is_red_three(c)), None)
        if red is not None:
            return f"red threes are not melded: lay {red} out apart and enter it as a red three"
        other = next((c for c in natural if c.rank != natural[0].rank), None)
        if other is not None:
            return f"Canasta has no runs: a meld is cards of one rank, but {natural[0]} and {other} differ"
        return None

    @staticmethod
    def _count_refusal(size: int, natural: int, wild: int) -> str | None:
        """Why a meld of one rank holds too few natural cards or too many wild ones."""
        if natural < FEWEST_NATURAL:
            return f"a meld needs at least {FEWEST_NATURAL} natural cards; this has {natural}"
        if size >= CANASTA_SIZE and natural < CANASTA_NATURAL:
            return f"a canasta needs at least {CANASTA_NATURAL} natural cards; this has {natural}"
        if wild > MOST_WILD:
            return f"a meld has at most {MOST_WILD} wild cards; this has {wild}"
        if wild > natural:
            return f"a meld may not hold more wild cards than natural ones; this has {wild} wild, {natural} natural"
        return None

    @staticmethod
    def _black_threes_refusal(size: int, wild: int, going_out: bool) -> str | None:
        if not going_out:
            return "black threes meld only when going out"
        if wild:
            return "black threes meld only by themselves, without wild cards"
        if not 3 <= size <= 4:
            return f"a meld of black threes has 3 or 4 cards; this has {size}"
        return None

    # values ------------------------------------------------------------------

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """A card scores its own value, whatever a wild card stands for."""
        return canasta_value(card)

    def rank_rows(self, rules: Rules, rank: int) -> list[Row]:
        """Deuces are wild; the black three melds only when going out, the red three never."""
        if rank == 2:
            return [self.row(rules, "2 (wild)", Card(2, "C"))]
        if rank == 3:
            return [
                self.row(rules, "3♠ 3♣ (melded only when going out)", Card(3, "S")),
                {"card": f"3♥ 3♦ (laid out apart: {RED_THREE} each, double for all)", "melded": None, "in_hand": None},
            ]
        return super().rank_rows(rules, rank)

    # a hand ------------------------------------------------------------------

    def check_played(self, hand: Hand, rules: Rules, problem: Problems) -> None:
        """Red threes in the decks and never held, one meld per rank, a canasta to go out."""
        all_red = 2 * rules.decks
        entered = sum(p.counts.get("red_threes", 0) for p in hand.players.values())
        if entered > all_red:
            raise problem(RulesError, f"{entered} red threes are entered, but the decks hold only {all_red}",
                          field="red_threes")
        for name, player in hand.players.items():
            red = next((c for c in player.in_hand if is_red_three(c)), None)
            if red is not None:
                raise problem(RulesError, f"{red} is never kept in hand: enter it as one of {name}'s red threes",
                              name, field="in_hand")
            self._one_meld_per_rank(name, player.melds, problem)
        if hand.went_out is not None:
            self._canastas_to_go_out(hand.went_out, hand, rules, problem)

    @staticmethod
    def _canastas_to_go_out(goer: str, hand: Hand, rules: Rules, problem: Problems) -> None:
        """The side that went out made the canastas the table asks for going out."""
        needed = rules.option("canastas_to_go_out")
        made = sum(1 for meld in hand.players[goer].melds if is_canasta(meld))
        if made < needed:
            wanted = "a canasta" if needed == 1 else f"{needed} canastas"
            had = "no canasta" if not made else ("1 canasta" if made == 1 else f"{made} canastas")
            raise problem(RulesError, f"{goer} went out with {had}, but a side needs {wanted} to go out",
                          goer, field="went_out")

    @staticmethod
    def _one_meld_per_rank(name: str, melds: list[Reading], problem: Problems) -> None:
        seen: dict[int, int] = {}
        for index, meld in enumerate(melds):
            rank = meld.low
            if rank in seen:
                raise problem(
                    RulesError, f"{name}'s melds {seen[rank] + 1} and {index + 1} are both of {rank_name(rank)}:"
                    f" a side builds one meld of each rank", name, field="melds", meld=index,
                )
            seen[rank] = index

    def refusal_before(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> tuple[str, str] | None:
        """A side whose melds add up to less than its first meld needed, given its total before the hand."""
        for name, player in hand.players.items():
            if not player.melds:
                continue
            total = totals.get(name, 0)
            need = first_meld_minimum(total)
            if player.melded_points < need:
                return name, (
                    f"{name}'s melds add up to {player.melded_points} points, but on {total} a side's first meld"
                    f" needs at least {need}: the first meld was too small"
                )
        return None

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded less held; canastas, red threes and going out as lines."""
        scores, lines = super().hand_lines(hand, rules, names)
        all_red = 2 * rules.decks
        for name, player in hand.players.items():
            for meld in player.melds:
                canasta = self.canasta_of(meld, rules)
                if canasta is not None:
                    kind, bonus = canasta
                    lines.append((name, bonus, f"a {kind} canasta of {rank_name(meld.low)}"))
            lines += self._red_threes(name, player.counts.get("red_threes", 0), bool(player.melds), all_red)
        goer = hand.went_out
        if goer:
            lines.append((goer, GOING_OUT_CONCEALED, "going out concealed") if hand.concealed
                         else (goer, GOING_OUT, "going out"))
        return scores, lines

    @staticmethod
    def _red_threes(name: str, count: int, melded: bool, all_red: int) -> list[Line]:
        if not count:
            return []
        points = RED_THREE * count * (2 if count == all_red else 1)
        what = f"all {count} red threes" if count == all_red else ("1 red three" if count == 1 else f"{count} red threes")
        if melded:
            return [(name, points, what)]
        return [(name, -points, f"{what}, against a side that melded nothing")]

    def canasta_of(self, reading: Reading, rules: Rules) -> tuple[str, int] | None:
        """A meld of seven or more: natural (500) without a wild card, mixed (300) with one.

        >>> from scorekeeper.engine.melds import analyse
        >>> from scorekeeper.engine.rules import table_rules
        >>> rules = table_rules("canasta")
        >>> [Canasta().canasta_of(analyse(cards, rules, None).reading, rules)
        ...  for cards in ("8H 8S 8D 8C 8H 8S 8D", "8H 8S 8D 8C 8H 8S 2C", "8H 8S 8D")]
        [('natural', 500), ('mixed', 300), None]
        """
        if not is_canasta(reading):
            return None
        return ("natural", NATURAL_CANASTA) if is_natural(reading, rules) else ("mixed", MIXED_CANASTA)

    def rewards_concealed(self, rules: Rules) -> bool:
        """Going out concealed scores 200, not 100."""
        return True

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Every bonus of a hand is part of its points."""
        return ([f"canastas ({NATURAL_CANASTA} natural, {MIXED_CANASTA} mixed), red threes ({RED_THREE} each),"
                 f" +{GOING_OUT} for going out or +{GOING_OUT_CONCEALED} concealed"], [])
