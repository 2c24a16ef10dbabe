"""Melds: which readings a group of cards has as a set or a run, and why not when it has none.

A reading says what every card stands for. Wild cards without a stated
reading (``JK`` rather than ``JK=8H``) are placed by the rules in docs/rules.md
section 2: a set first, then the run in the order the cards were entered,
then the run that starts lowest.

>>> from scorekeeper.engine.rules import table_rules
>>> rummy = table_rules("rummy500")
>>> [str(r) for r in check(parse_meld_cards("9H JK JK"), rummy).readings]
['set 9H JK=9S JK=9D', 'run 9H JK=10H JK=JH', 'run JK=7H JK=8H 9H', 'run JK=8H 9H JK=10H']
>>> check(parse_meld_cards("KH AH 2H"), rummy).reason
'K-A-2 wraps around: an ace is high or low, not both'
>>> check(parse_meld_cards("9H 10H QH"), rummy).reason
'there is a gap between 10 and Q'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.engine.card_tables import CardTable, card_table, meld_card_points
from scorekeeper.engine.cards import ACE, KING, QUEEN, SUITS, Card, MeldCard, parse_meld_cards, rank_name
from scorekeeper.engine.played import Reading

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules

__all__ = ["Reading", "MeldCheck", "analyse", "check", "extend", "meld_points", "parse_meld_cards", "suit_refusal"]

HIGH_ACE = KING + 1  # an ace's place when it follows the king


@dataclass(frozen=True)
class MeldCheck:
    """The outcome of checking one meld: every legal reading (the chosen one first), or why there is none."""

    cards: tuple[MeldCard, ...]
    readings: tuple[Reading, ...]
    reason: str | None

    @property
    def legal(self) -> bool:
        """True when the cards can be read as a set or a run."""
        return bool(self.readings)

    @property
    def reading(self) -> Reading:
        """The reading used when the player chose none."""
        return self.readings[0]


def meld_points(reading: Reading, rules: Rules, wild_rank: int | None = None, only: set[int] | None = None) -> int:
    """What the meld scores for whoever melds it; with `only`, just the cards entered at those positions."""
    total = 0
    low_ace = reading.kind == "run" and reading.low == ACE  # only the first card of such a run is a low ace
    for card, source in zip(reading.cards, reading.sources):
        if only is None or source in only:
            total += meld_card_points(rules, card.card, card.stands_for or card.card, low_ace, wild_rank)
        low_ace = False
    if rules.variant.four_of_a_kind_doubles and reading.kind == "set" and len(reading.cards) == 4 and only is None:
        # four of a kind put down at once scores double; a fourth card laid off later does not
        total *= 2
    return total


def analyse(
    entered: object, rules: Rules, wild_rank: int | None = None, every: bool = True, going_out: bool = False
) -> MeldCheck:
    """Read `entered` (a card string or list of card strings) and check it as one meld.

    The check's `cards` are the cards as read, in the order entered. `every`
    False asks only for legality and the reading used when none is chosen (the
    first), which is all scoring needs; `going_out` says the meld is made in
    the turn its player goes out. Raises CardNotationError for a token that
    is not a card.
    """
    return check(parse_meld_cards(entered), rules, wild_rank, every=every, going_out=going_out)  # type: ignore[arg-type]


def check(
    cards: Sequence[MeldCard],
    rules: Rules,
    wild_rank: int | None = None,
    kinds: tuple[str, ...] | None = None,
    every: bool = True,
    going_out: bool = False,
) -> MeldCheck:
    """Every legal reading of `cards` as one meld of the given `kinds` under `rules`, or the reason there is none.

    `kinds` defaults to the game's; with `every` False the readings may stop
    after the first (the one used when the player chose none): enough to know
    the meld is legal and score it. A game's own rules (``meld_refusal``) come
    first; `going_out` is for them.
    """
    cards = tuple(cards)
    game = rules.variant
    if kinds is None:
        kinds = game.meld_kinds
    refusal = suit_refusal(cards, rules) or game.meld_refusal(cards, rules, wild_rank, going_out)
    if refusal is not None:
        return MeldCheck(cards, (), refusal)
    quick = _natural_meld(cards, rules, wild_rank, kinds)
    if quick is not None:
        return _short_runs_refused(quick, rules)
    return full_check(cards, rules, wild_rank, kinds, every)


def suit_refusal(cards: Sequence[MeldCard | Card], rules: Rules) -> str | None:
    """Why a card entered by its rank alone (``Q``) cannot be, where the game reads that card's suit; None if all can.

    A wild card's reading counts too (``2C=Q``): a set of queens in Oklahoma
    needs to know which is the queen of spades.
    """
    for placed in cards:  # a plain loop, cheap for the cards with suits: every meld of every hand passes here
        if isinstance(placed, MeldCard):
            meant = placed.stands_for
            if placed.card.suitless or (meant is not None and meant.suitless):
                why = _suit_needed((placed.card, meant), rules)
                if why is not None:
                    return why
        elif placed.suitless:
            why = _suit_needed((placed,), rules)
            if why is not None:
                return why
    return None


def _suit_needed(cards: tuple[Card | None, ...], rules: Rules) -> str | None:
    """The game's reason why the first of `cards` entered by rank alone must carry its suit, if it gives one."""
    for card in cards:
        if card is not None and card.suitless:
            why = rules.variant.suit_needed(card, rules)
            if why is not None:
                return f"{card} needs its suit: {why}"
    return None


def _short_runs_refused(result: MeldCheck, rules: Rules) -> MeldCheck:
    """The check with the runs shorter than the table's shortest run taken out (Contract Rummy's runs of four)."""
    size = len(result.cards)
    if size >= rules.shortest_run or not any(r.kind == "run" for r in result.readings):
        return result
    readings = tuple(r for r in result.readings if r.kind != "run")
    reason = None if readings else f"a run needs at least {rules.shortest_run} cards; this has {size}"
    return MeldCheck(result.cards, readings, reason)


def full_check(
    cards: tuple[MeldCard, ...],
    rules: Rules,
    wild_rank: int | None = None,
    kinds: tuple[str, ...] = ("set", "run"),
    every: bool = True,
) -> MeldCheck:
    """The check without the shortcut for melds with no wild card to place (which must agree with it)."""
    wild = card_table(rules, wild_rank, "wild")
    problem = _entry_problem(cards, rules, wild)
    if problem:
        return MeldCheck(cards, (), problem)
    if not rules.jokers_wild and any(c.card.is_joker for c in cards):
        return _jokers_apart(cards, rules)

    fixed, free, natural = _placed(cards, wild)
    if not natural:
        return _all_wild(cards, rules, wild_rank)
    readings = _readings(cards, fixed, free, rules, kinds, every)
    if readings:
        return _short_runs_refused(MeldCheck(cards, tuple(readings), None), rules)
    return MeldCheck(cards, (), _no_meld_reason(cards, fixed, free, rules, kinds))


def _readings(
    cards: tuple[MeldCard, ...], fixed: dict[int, Card], free: list[int], rules: Rules, kinds: tuple[str, ...], every: bool
) -> list[Reading]:
    """The set readings, then the run readings, of the kinds asked; with `every` False, the first only."""
    readings: list[Reading] = []
    if "set" in kinds:
        set_reading = _read_set(cards, fixed, free, rules)
        if set_reading:
            readings.append(set_reading)
            if every:
                readings.extend(_queen_of_spades_readings(set_reading, free, rules))
    if "run" in kinds and (every or not readings):
        readings.extend(_read_runs(cards, fixed, free, rules, every))
    return readings


def _placed(cards: tuple[MeldCard, ...], wild: CardTable) -> tuple[dict[int, Card], list[int], bool]:
    """What each natural or pinned card stands for, by position; the positions of wild cards left to place;
    and whether any card is natural."""
    fixed: dict[int, Card] = {}
    free: list[int] = []
    natural = False
    for i, c in enumerate(cards):
        if c.stands_for is not None:  # only a wild card gets here with a stand-in: _entry_problem saw to that
            fixed[i] = c.stands_for
        elif wild[c.card]:
            free.append(i)
        else:
            fixed[i] = c.card
            natural = True
    return fixed, free, natural


def _no_meld_reason(
    cards: tuple[MeldCard, ...], fixed: dict[int, Card], free: list[int], rules: Rules, kinds: tuple[str, ...]
) -> str | None:
    """Why the cards make no meld of the kinds asked (worded only now: most melds checked are legal)."""
    set_reason = _set_reason(cards, fixed, rules) if "set" in kinds else None
    run_reason = _why_no_run(cards, fixed, free, rules) if "run" in kinds else None
    if len(kinds) == 1:
        return set_reason or run_reason
    return _choose_reason(cards, fixed, set_reason, run_reason, rules)


def extend(
    reading: Reading, added: Sequence[MeldCard], rules: Rules, wild_rank: int | None = None, every: bool = True
) -> MeldCheck:
    """Lay `added` off onto a melded reading: the longer meld, its wild cards still standing for the same cards."""
    cards = _fixed(reading, rules, wild_rank) + list(added)
    known = check(cards, rules, wild_rank, kinds=(reading.kind,), every=every)
    return known


def _fixed(reading: Reading, rules: Rules, wild_rank: int | None = None) -> list[MeldCard]:
    """The meld's cards with every wild card's stand-in written out, as it stays on the table."""
    return [
        MeldCard(c.card, c.stands_for or c.card) if rules.is_wild(c.card, wild_rank) else c
        for c in reading.cards
    ]


def _natural_meld(
    cards: tuple[MeldCard, ...], rules: Rules, wild_rank: int | None, kinds: tuple[str, ...]
) -> MeldCheck | None:
    """The one reading of a meld whose every card is natural or pinned (no wild card left to place), if legal.

    Most melds entered are like that, and such a meld has a single reading
    (bar a 13-card run with an ace, left to the full check). None means
    "not sure": the full check then decides and gives the reason.
    """
    n = len(cards)
    if n < 3 or n > 12:
        return None
    values = _natural_values(cards, rules, wild_rank)
    if values is None or _deck_trouble(cards, rules):
        return None
    if len({v.rank for v in values}) == 1:
        return _natural_set(cards, values, rules) if "set" in kinds else None
    return _natural_run(cards, values, rules) if "run" in kinds else None


def _natural_values(cards: tuple[MeldCard, ...], rules: Rules, wild_rank: int | None) -> list[Card] | None:
    """What each card stands for, when every one is natural or pinned and one at least is natural; else None."""
    values = []
    natural = False
    wild = card_table(rules, wild_rank, "wild")
    for c in cards:
        card = c.card
        if c.stands_for is not None:
            if not wild[card]:
                return None
            values.append(c.stands_for)
        elif card.is_joker or wild[card]:
            return None
        else:
            values.append(card)
            natural = True
    # only wild cards: the full check knows when that is allowed
    return values if natural else None


def _natural_set(cards: tuple[MeldCard, ...], values: list[Card], rules: Rules) -> MeldCheck | None:
    """The set these cards of one rank make, if no rule of sets stands in the way."""
    n = len(cards)
    if n > rules.largest_set or (not rules.sets_repeat_suits and _repeated_suit(values) is not None):
        return None
    return MeldCheck(cards, (Reading("set", cards, tuple(range(n)), values[0].rank),), None)


def _natural_run(cards: tuple[MeldCard, ...], values: list[Card], rules: Rules) -> MeldCheck | None:
    """The run these cards of one suit make, in rank order, the ace low or high as it fits."""
    n = len(cards)
    ranks = {v.rank for v in values}
    suits = {v.suit for v in values}
    if len(suits) != 1 or "" in suits or len(ranks) != n:
        return None
    ace = _ace_place(ranks, rules)
    if ace is None:
        return None
    places = [ace if v.rank == ACE else v.rank for v in values]
    order = sorted(range(n), key=places.__getitem__)
    return MeldCheck(cards, (Reading("run", tuple(cards[i] for i in order), tuple(order), places[order[0]]),), None)


def _ace_place(ranks: set[int], rules: Rules) -> int | None:
    """The place an ace takes in a run of these different ranks, low or high as it fits (low when there is no
    ace); None when the ranks make no run."""
    n = len(ranks)
    if ACE not in ranks:
        return ACE if max(ranks) - min(ranks) == n - 1 else None
    rest = sorted(ranks - {ACE})
    if rules.ace_low and rest[-1] == n:
        return ACE
    if rules.ace_high and rest[0] == HIGH_ACE - n + 1 and rest[-1] == KING:
        return HIGH_ACE
    return None


def _deck_trouble(cards: tuple[MeldCard, ...], rules: Rules) -> bool:
    if rules.jokers == 0 and any(c.card.is_joker for c in cards):
        return True
    return deck_problem([c.card for c in cards], rules) is not None


# checks before any reading ---------------------------------------------------


def _entry_problem(cards: tuple[MeldCard, ...], rules: Rules, wild: CardTable) -> str | None:
    if len(cards) < 3:
        return f"a meld needs at least 3 cards; this has {len(cards)}"
    for c in cards:
        if c.stands_for is not None and not wild[c.card]:
            if c.card.is_joker:
                return f"jokers are not wild in {rules.name}, so {c} cannot stand for another card"
            return f"{c.card} is not wild in {rules.name}, so it cannot stand for {c.stands_for}"
    return deck_problem([c.card for c in cards], rules)


def deck_problem(cards: Sequence[Card], rules: Rules, where: str = "this meld") -> str | None:
    """Why `cards` could not all come from the table's decks (too many copies, or jokers not in play), if so."""
    plain = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(plain)
    if len(set(plain)) == len(plain) and jokers <= rules.jokers and not any(c.suitless for c in plain):
        return None  # one of each card and jokers in play: every table has that (the common case, counted quickly)
    too_many = rank_overflow(plain, rules.decks)
    if too_many is not None:
        rank, count = too_many
        return f"{rank_name(rank)} appears {_times(count)} in {where}, but {rank_held(rank, rules.decks)}"
    for card, count in Counter(cards).items():
        why = _copies_problem(card, count, rules, where)
        if why is not None:
            return why
    return None


def _copies_problem(card: Card, count: int, rules: Rules, where: str) -> str | None:
    """Why `count` copies of `card` could not come from the table's decks (a joker: none in play, or too many)."""
    if card.is_joker:
        if rules.jokers == 0:
            return f"JK: {rules.name} is played here without jokers"
        if count > rules.jokers:
            return f"JK appears {count} times in {where}, but the game uses only {rules.jokers} jokers"
    elif count > rules.decks and not card.suitless:  # a rank entered alone is counted by its rank, in deck_problem
        held = "one deck has only one" if rules.decks == 1 else f"{rules.decks} decks hold only {rules.decks}"
        return f"{card} appears {_times(count)} in {where}, but {held}"
    return None


def rank_overflow(cards: Iterable[Card], decks: int) -> tuple[int, int] | None:
    """(rank, count) of a rank entered more often than the decks hold it, where a card of it was entered by rank alone.

    A king entered as ``K`` is one of the decks' kings, whichever: ``KS KH KD KC``
    and ``K`` are five kings, more than one deck holds.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> rank_overflow(parse_cards("KS KH KD KC K"), 1)
    (13, 5)
    >>> rank_overflow(parse_cards("KS KH KD KC K"), 2) is None
    True
    """
    by_rank: Counter[int] = Counter()
    bare: set[int] = set()
    for card in cards:
        if not card.is_joker:
            by_rank[card.rank] += 1
            if card.suitless:
                bare.add(card.rank)
    for rank in bare:
        if by_rank[rank] > len(SUITS) * decks:
            return rank, by_rank[rank]
    return None


def rank_held(rank: int, decks: int) -> str:
    """How many cards of `rank` the decks hold, in words: "one deck has only 4 kings"."""
    words = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
    name = words.get(rank, f"{rank_name(rank)}s")
    if decks == 1:
        return f"one deck has only {len(SUITS)} {name}"
    return f"{decks} decks hold only {len(SUITS) * decks} {name}"


def _times(count: int) -> str:
    return {2: "twice", 3: "three times"}.get(count, f"{count} times")


def _jokers_apart(cards: tuple[MeldCard, ...], rules: Rules) -> MeldCheck:
    """Jokers that are not wild (Persian Rummy) meld only with each other."""
    if not all(c.card.is_joker for c in cards):
        return MeldCheck(cards, (), f"in {rules.name} jokers are not wild: they meld only with each other,"
                         f" as a set of 3 or {rules.largest_set} jokers")
    if len(cards) > rules.largest_set:
        return MeldCheck(cards, (), f"a set has at most {rules.largest_set} cards; this has {len(cards)}")
    return MeldCheck(cards, (Reading("set", cards, tuple(range(len(cards))), 0),), None)


def _all_wild(cards: tuple[MeldCard, ...], rules: Rules, wild_rank: int | None) -> MeldCheck:
    # only the wild rank itself melds alone: deuces as twos in Oklahoma, three wild sevens in 5000 Rummy
    own_rank = rules.variant.own_wild_rank(wild_rank)
    if own_rank is not None and not any(c.card.is_joker for c in cards):
        as_themselves = {i: c.stands_for or c.card for i, c in enumerate(cards)}
        if all(card.rank == own_rank for card in as_themselves.values()):
            reading = _read_set(cards, as_themselves, [], rules)
            if reading:
                return MeldCheck(cards, (reading,), None)
            return MeldCheck(cards, (), _set_reason(cards, as_themselves, rules))
    listed = " ".join(str(c.card) for c in cards)
    return MeldCheck(cards, (), f"a meld needs at least one natural card; {listed} are all wild")


# sets ------------------------------------------------------------------------


def _set_fault(cards: tuple[MeldCard, ...], fixed: dict[int, Card], rules: Rules) -> str | None:
    """The rule of sets the cards break, if any: "rank", "size" or "suits" (`_set_reason` words it)."""
    if len({c.rank for c in fixed.values()}) > 1:
        return "rank"
    if len(cards) > rules.largest_set:
        return "size"
    if not rules.sets_repeat_suits and _repeated_suit(fixed.values()) is not None:
        return "suits"
    return None


def _repeated_suit(cards: Iterable[Card]) -> str | None:
    """A suit given to more than one of `cards`, if any: a card entered by its rank alone has no suit to repeat.

    In a set of at most four such cards the rank-only ones always find suits of their own.
    """
    seen: set[str] = set()
    for card in cards:
        if card.suit in seen:
            return card.suit
        if card.suit:
            seen.add(card.suit)
    return None


def _set_reason(cards: tuple[MeldCard, ...], fixed: dict[int, Card], rules: Rules) -> str:
    """Why the cards make no set, in player words (asked only when they make no meld at all)."""
    fault = _set_fault(cards, fixed, rules)
    if fault == "rank":
        first, other = _two_differing(fixed, lambda c: c.rank)
        return f"a set needs one rank: {first} and {other} differ"
    if fault == "size":
        if rules.sets_repeat_suits:  # Oklahoma, 5000 Rummy: suits may repeat, but four cards is still the most
            return f"a set has at most {rules.largest_set} cards; this has {len(cards)}"
        return f"a set has at most {rules.largest_set} cards, one of each suit; this has {len(cards)}"
    rank = next(iter(fixed.values())).rank
    suit = _repeated_suit(fixed.values())
    if suit is not None:
        return f"a set needs different suits: {rank_name(rank)}{suit} appears twice"
    raise AssertionError(f"no reason why {cards} make no set")  # cannot happen: a set was read when no rule broke


def _read_set(cards: tuple[MeldCard, ...], fixed: dict[int, Card], free: list[int], rules: Rules) -> Reading | None:
    if _set_fault(cards, fixed, rules):
        return None
    rank = next(iter(fixed.values())).rank
    if any(c.suitless for c in fixed.values()):
        # a set of cards entered by rank: its wild cards stand for the rank too, claiming no suit
        missing = [""] * len(free)
    else:
        missing = _suits_for_wild_cards(fixed, len(free), rules)
    if rules.variant.queen_of_spades_apart and rank == QUEEN:
        # the queen of spades scores 50: a wild card stands for it only when the player says so (2C=QS);
        # suits may repeat in Oklahoma, so otherwise it is an ordinary queen, even beside Q♥ Q♦ Q♣
        missing = [s for s in missing if s != "S"] + ["H", "D", "C"] * 2
    placed = list(cards)
    for i, suit in zip(free, missing):
        placed[i] = MeldCard(cards[i].card, Card(rank, suit))
    return Reading("set", tuple(placed), tuple(range(len(cards))), rank)


def _suits_for_wild_cards(fixed: dict[int, Card], wild: int, rules: Rules) -> list[str]:
    """The suits a set's wild cards stand for, in turn: the suits it lacks first, then (when suits may repeat)
    the suits held fewest times."""
    suits = {c.suit for c in fixed.values()}
    missing = [s for s in SUITS if s not in suits]
    if rules.sets_repeat_suits and wild > len(missing):
        # sets larger than four (Canasta): once every suit is there, wild cards stand for the suits held fewest
        # times, never more often than the decks hold them
        used = Counter(c.suit for c in fixed.values()) + Counter(missing)
        for level in range(2, rules.decks + 1):
            for suit in SUITS:
                if used[suit] < level:
                    missing.append(suit)
                    used[suit] += 1
    return missing


def _queen_of_spades_readings(reading: Reading, free: list[int], rules: Rules) -> list[Reading]:
    """Oklahoma: the set of queens again with one, then two, of its unwritten deuces as the Q♠ (50, not 10).

    The player says which was played by writing it (``2C=QS``); these readings
    let the meld check offer it. A joker scores 100 whatever it stands for, so
    only deuces are read as the Q♠, and never more Q♠ than the decks hold.
    """
    if not rules.variant.queen_of_spades_apart or reading.kind != "set" or reading.low != QUEEN:
        return []
    spade = Card(QUEEN, "S")
    held = sum(1 for card in reading.represents if card == spade)
    deuces = [i for i in free if not reading.cards[i].card.is_joker]
    placed = list(reading.cards)
    readings = []
    for i in deuces[: max(0, rules.decks - held)]:
        placed[i] = MeldCard(placed[i].card, spade)
        readings.append(Reading("set", tuple(placed), reading.sources, QUEEN))
    return readings


def _two_differing(fixed: dict[int, Card], key: Callable[[Card], object]) -> tuple[Card, Card]:
    values = list(fixed.values())
    first = values[0]
    other = next(c for c in values if key(c) != key(first))
    return first, other


# runs ------------------------------------------------------------------------


def _places(card: Card) -> tuple[int, ...]:
    """The places a natural card can take in a run: an ace before the 2 or after the king."""
    return (ACE, HIGH_ACE) if card.rank == ACE else (card.rank,)


def _run_fault(cards: tuple[MeldCard, ...], fixed: dict[int, Card]) -> str | None:
    """The plain rule of runs the cards break, if any: "suitless", "suits", "size" or "repeat" (`_why_no_run` words it)."""
    if any(c.suitless for c in fixed.values()):
        return "suitless"
    if len({c.suit for c in fixed.values()}) > 1:
        return "suits"
    if len(cards) > 13:
        return "size"
    if len({c.rank for c in fixed.values()}) < len(fixed):
        return "repeat"
    return None


def _why_no_run(cards: tuple[MeldCard, ...], fixed: dict[int, Card], free: list[int], rules: Rules) -> str:
    """Why the cards make no run, in player words (asked only when they make no meld at all)."""
    fault = _run_fault(cards, fixed)
    if fault == "suitless":
        return _suitless_run_reason(fixed)
    if fault == "suits":
        first, other = _two_differing(fixed, lambda c: c.suit)
        return f"a run needs one suit: {first} and {other} are mixed"
    if fault == "size":
        return f"a run has at most 13 cards; this has {len(cards)}"
    suit = next(iter(fixed.values())).suit
    if fault == "repeat":
        for rank, count in Counter(c.rank for c in fixed.values()).items():
            if count > 1:
                return f"{rank_name(rank)}{suit} appears twice; a run holds each rank once"
    return _why_no_window_fits(cards, fixed, free, suit, rules)


def _suitless_run_reason(fixed: dict[int, Card]) -> str:
    """Why cards entered by rank alone make no run, with how to write it: the suit is what makes a run.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> _suitless_run_reason(dict(enumerate(parse_cards("7 8 9"))))
    'a run needs its suit: 7 8 9 have none; write them like 7H 8H 9H or 7-9H'
    >>> _suitless_run_reason(dict(enumerate(parse_cards("7C 8 9C"))))
    'a run needs its suit: 8 has none; write it like 8C'
    """
    bare = [c for c in fixed.values() if c.suitless]
    suits = [c.suit for c in fixed.values() if c.suit]
    suit = suits[0] if suits else "H"
    shown = " ".join(c.text for c in bare)
    example = " ".join(f"{c.text}{suit}" for c in bare)
    if len(bare) == 1:
        return f"a run needs its suit: {shown} has none; write it like {example}"
    places = sorted(c.rank for c in bare)
    if not suits and places == list(range(places[0], places[0] + len(places))):
        example += f" or {rank_name(places[0])}-{rank_name(places[-1])}{suit}"
    return f"a run needs its suit: {shown} have none; write them like {example}"


def _read_runs(cards: tuple[MeldCard, ...], fixed: dict[int, Card], free: list[int], rules: Rules, every: bool = True) -> list[Reading]:
    """The run readings of the cards in the order docs/rules.md gives: as entered first, then from the lowest start up.

    With `every` False, the first only. No readings means no run: `_why_no_run` then says why.
    """
    if _run_fault(cards, fixed):
        return []
    suit = next(iter(fixed.values())).suit
    n = len(cards)
    lowest = ACE if rules.ace_low else 2
    highest = HIGH_ACE if rules.ace_high else KING
    spots = _spots(fixed)
    readings: list[Reading] = []
    entered = _entered_order_run(cards, spots, suit, lowest, highest)
    if entered:
        readings.append(entered)
        if not every:
            return readings
    for low in _window_starts(fixed, n, lowest, highest):
        if entered and entered.low == low:
            continue
        reading = _run_in_window(cards, spots, free, suit, low)
        if reading:
            readings.append(reading)
            if not every:
                break
    return readings


def _window_starts(fixed: dict[int, Card], n: int, lowest: int, highest: int) -> range:
    """The lowest places of the windows of `n` places, between `lowest` and `highest`, that hold every natural rank."""
    # aces can sit at either end, so they do not narrow it
    ranks = [c.rank for c in fixed.values() if c.rank != ACE]
    first, last = lowest, highest - n + 1
    if ranks:
        first, last = max(first, max(ranks) - n + 1), min(last, min(ranks))
    return range(first, last + 1)


Spots = list[tuple[int, tuple[int, ...]]]  # each natural card's position, with the places it can take in a run


def _spots(fixed: dict[int, Card]) -> Spots:
    """Each natural or pinned card's position with the places it can take, in the order entered."""
    return [(i, _places(card)) for i, card in fixed.items()]


def _run_in_window(cards: tuple[MeldCard, ...], spots: Spots, free: list[int], suit: str, low: int) -> Reading | None:
    n = len(cards)
    high = low + n
    order: list[int | None] = [None] * n  # the position of the card at each place of the window, lowest first
    for i, places in spots:
        for place in places:
            if low <= place < high:
                break
        else:
            return None
        if order[place - low] is not None:
            return None
        order[place - low] = i
    # free wild cards fill the places left, lowest first, in the order they were entered
    wild = iter(free)
    for k in range(n):
        if order[k] is None:
            order[k] = next(wild)
    return _run_reading(cards, order, suit, low)  # type: ignore[arg-type]


def _entered_order_run(cards: tuple[MeldCard, ...], spots: Spots, suit: str, lowest: int, highest: int) -> Reading | None:
    n = len(cards)
    first, first_places = spots[0]
    for step in (1, -1):
        for place in first_places:
            start = place - step * first
            low, high = (start, start + n - 1) if step == 1 else (start - n + 1, start)
            if low < lowest or high > highest:
                continue
            for i, places in spots:
                if start + step * i not in places:
                    break
            else:  # every natural card sits where its place is
                return _run_reading(cards, range(n) if step == 1 else range(n - 1, -1, -1), suit, low)
    return None


def _run_reading(cards: tuple[MeldCard, ...], order: Sequence[int], suit: str, low: int) -> Reading:
    """The run with the card at position `order[k]` in place `low + k`, wild cards standing for those places."""
    naturals = _run_cards(suit)
    placed = []
    place = low
    for i in order:
        card = cards[i]
        if card.stands_for is None and card.card is not naturals[place]:
            card = MeldCard(card.card, naturals[place])
        placed.append(card)
        place += 1
    return Reading("run", tuple(placed), tuple(order), low)


# the natural card at each place of a run, by suit (place 0 unused, 14 is the ace after the king)
_RUN_CARDS: dict[str, tuple[Card | None, ...]] = {}


def _run_cards(suit: str) -> tuple[Card | None, ...]:
    known = _RUN_CARDS.get(suit)
    if known is None:
        known = _RUN_CARDS[suit] = (None, *(_natural(place, suit) for place in range(ACE, HIGH_ACE + 1)))
    return known


def _natural(place: int, suit: str) -> Card:
    return Card(ACE if place == HIGH_ACE else place, suit)


def _why_no_window_fits(cards: tuple[MeldCard, ...], fixed: dict[int, Card], free: list[int], suit: str, rules: Rules) -> str:
    n = len(cards)
    # would the cards make a run if aces could go either way, or round the corner?
    spots = _spots(fixed)
    for low in range(ACE, HIGH_ACE - n + 2):
        reading = _run_in_window(cards, spots, free, suit, low)
        if reading is None:
            continue
        shown = _rank_text(reading)
        if reading.low == ACE and not rules.ace_low:
            return f"{shown} puts the ace low: in {rules.name} aces are high only"
        if not rules.ace_high:
            return f"{shown} puts the ace high: in {rules.name} aces are low only"
    for low in range(2, HIGH_ACE + 1):
        wrapped = _wrapped_run(cards, fixed, suit, low)
        if wrapped:
            return f"{wrapped} wraps around: an ace is high or low, not both"
    return _gap_reason(fixed, free, rules)


def _rank_text(reading: Reading) -> str:
    return "-".join(rank_name(c.rank) for c in reading.represents)


def _wrapped_run(cards: tuple[MeldCard, ...], fixed: dict[int, Card], suit: str, low: int) -> str | None:
    places = [(low - 1 + k) % 13 + 1 for k in range(len(cards))]
    turns_corner = {KING, ACE, 2} <= set(places)
    if turns_corner and all(c.rank in places for c in fixed.values()):
        return "-".join(rank_name(p) for p in places)
    return None


def _gap_reason(fixed: dict[int, Card], free: list[int], rules: Rules) -> str:
    places = _closest_places(fixed, rules)
    gaps = [(a, b) for a, b in zip(places, places[1:]) if b - a > 1]
    a, b = gaps[0] if gaps else (places[0], places[-1])
    missing = sum(b - a - 1 for a, b in gaps)
    reason = f"there is a gap between {rank_name(_rank(a))} and {rank_name(_rank(b))}"
    if len(gaps) > 1:
        reason = "there are gaps between " + " and between ".join(
            f"{rank_name(_rank(x))} and {rank_name(_rank(y))}" for x, y in gaps
        )
    if free:
        reason += f": {missing} cards are missing and {_wild_count(len(free))} cannot fill them"
    return reason


def _closest_places(fixed: dict[int, Card], rules: Rules) -> list[int]:
    """The cards' places in a run, in order, the aces low or high as this game allows, whichever spans fewer."""
    options = []
    for high_aces in (False, True):
        if (high_aces and not rules.ace_high) or (not high_aces and not rules.ace_low):
            continue
        options.append(sorted(HIGH_ACE if c.rank == ACE and high_aces else c.rank for c in fixed.values()))
    if not options:  # cannot happen: every game allows aces one way
        options.append(sorted(c.rank for c in fixed.values()))
    return min(options, key=lambda p: p[-1] - p[0])


def _rank(place: int) -> int:
    return ACE if place == HIGH_ACE else place


def _wild_count(count: int) -> str:
    return "1 wild card" if count == 1 else f"{count} wild cards"


def _choose_reason(
    cards: tuple[MeldCard, ...], fixed: dict[int, Card], set_reason: str | None, run_reason: str | None, rules: Rules
) -> str:
    nearer = _nearer_kind(cards, fixed, rules)
    if nearer == "set":
        return set_reason or run_reason or ""
    if nearer == "run":
        return run_reason or set_reason or ""
    return f"neither a set nor a run: {set_reason}, and {run_reason}"


def _nearer_kind(cards: tuple[MeldCard, ...], fixed: dict[int, Card], rules: Rules) -> str | None:
    """The kind of meld the cards come nearer to, whose reason is given first: "set" when the natural cards
    share a rank (unless a lone natural card sits among more cards than a set holds), "run" when they share
    a suit or no rank repeats; None when they are near neither."""
    ranks = {c.rank for c in fixed.values()}
    if len(ranks) == 1 and not (len(fixed) == 1 and len(cards) > rules.largest_set):
        return "set"
    if len(ranks) == 1 or len({c.suit for c in fixed.values()}) == 1 or len(ranks) == len(fixed):
        return "run"
    return None

