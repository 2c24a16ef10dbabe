"""The gin solver's core: hands as bit masks, per-suit tables, exact least deadwood.

A hand is a bit mask, 16 bits per suit (spades, hearts, diamonds, clubs)
and bit ``rank - 1`` inside a suit. A set only ever uses cards of one rank,
and one deck holds four of each, so for every rank held three or four
times the solver tries each choice - no set, each set of three, the set of
four. Every other card can only meld in a run of its own suit, and within a
suit the least deadwood for a 13-bit rank mask is a table lookup: each
maximal block of three or more consecutive ranks melds whole, shorter
blocks are deadwood. Because a rank holds at most one set, the cards in
sets (a mask) pin an arrangement down; the rest follows from the suit
tables. What counts as one arrangement is defined in
arrangement.py.

>>> from scorekeeper.engine.cards import parse_cards
>>> solve_mask(mask_of(parse_cards("7S 7H 7D 7C 8C 9C 10C 2H 3H 4H")))[:2]
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from scorekeeper.engine.cards import SUITS, Card
from scorekeeper.engine.games.base import deadwood_value

SUIT_BITS = 16
FULL_SUIT = 0x1FFF
SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}

# deadwood value of the card at bit i of a suit mask (rank i + 1), from gin's one rule for it
VALUES = tuple(deadwood_value(Card(i + 1, SUITS[0])) for i in range(13))


def rank_blocks(mask: int) -> Iterator[tuple[int, int]]:
    """The maximal blocks of consecutive ranks in one suit's mask, as bit ranges [start, end).

    >>> list(rank_blocks(0b1110011))
    [(0, 2), (4, 7)]
    """
    i = 0
    while i < 13:
        if mask >> i & 1:
            j = i
            while j < 13 and mask >> j & 1:
                j += 1
            yield i, j
            i = j
        else:
            i += 1


def _block_deadwood(mask: int) -> int:
    """Deadwood of one suit's cards when every block of 3+ consecutive ranks is a run."""
    return sum(sum(VALUES[i:j]) for i, j in rank_blocks(mask) if j - i < 3)


def _build_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    deadwood = tuple(_block_deadwood(m) for m in range(1 << 13))
    # the least deadwood left after dropping one card of a suit, and which cards achieve it;
    # an empty suit has nothing to drop, so its gain is hopeless
    drop_best = [1000] * (1 << 13)
    drop_cards = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        best, which = 1000, 0
        rest = m
        while rest:
            bit = rest & -rest
            rest ^= bit
            value = deadwood[m ^ bit]
            if value < best:
                best, which = value, bit
            elif value == best:
                which |= bit
        drop_best[m] = best
        drop_cards[m] = which
    return deadwood, tuple(drop_best), tuple(drop_cards)


SUIT_DEADWOOD, DROP_BEST, DROP_CARDS = _build_tables()
# how much deadwood the best drop from a suit saves (hopelessly negative for an empty suit)
DROP_GAIN = tuple(t - best for t, best in zip(SUIT_DEADWOOD, DROP_BEST))


# one choice of sets: (cards in sets as a hand mask, bit removed from each suit)
SetChoice = tuple[int, int, int, int, int]


def _rank_options() -> tuple[list[list[SetChoice]], list[list[list[SetChoice]]]]:
    """Set choices per rank: (cards in sets as a hand mask, bit removed from each suit)."""
    quads: list[list[SetChoice]] = []
    trips: list[list[list[SetChoice]]] = []
    for i in range(13):
        x = 1 << i
        none: SetChoice = (0, 0, 0, 0, 0)
        everything = x | x << 16 | x << 32 | x << 48
        options: list[SetChoice] = [none, (everything, x, x, x, x)]
        three_of_four: list[list[SetChoice]] = []
        for missing in range(4):
            removed = [x, x, x, x]
            removed[missing] = 0
            option: SetChoice = (everything & ~(x << (SUIT_BITS * missing)), removed[0], removed[1], removed[2], removed[3])
            options.append(option)
            three_of_four.append([none, option])
        quads.append(options)
        trips.append(three_of_four)
    return quads, trips


QUAD_OPTIONS, TRIP_OPTIONS = _rank_options()


def _set_choices(a: int, b: int, c: int, d: int, trip: int) -> list[SetChoice]:
    """Every choice of sets for the ranks in `trip` (held three or four times)."""
    quad = a & b & c & d
    combos: list[SetChoice] | None = None
    while trip:
        x = trip & -trip
        trip ^= x
        i = x.bit_length() - 1
        if quad & x:
            options = QUAD_OPTIONS[i]
        else:
            missing = 0 if not a & x else 1 if not b & x else 2 if not c & x else 3
            options = TRIP_OPTIONS[i][missing]
        if combos is None:
            combos = options
        else:
            combos = [
                (s1 | s2, a1 | a2, b1 | b2, c1 | c2, d1 | d2)
                for s1, a1, b1, c1, d1 in combos
                for s2, a2, b2, c2, d2 in options
            ]
    return combos if combos is not None else [(0, 0, 0, 0, 0)]


def solve_mask(hand: int) -> tuple[int, int, int]:
    """Least deadwood of a hand mask, how many optimal arrangements, and the first one's set cards.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> solve_mask(mask_of(parse_cards("7S 7H 7D 7C 8C 9C 10C")))[:2]
    (0, 2)
    """
    a = hand & FULL_SUIT
    b = hand >> 16 & FULL_SUIT
    c = hand >> 32 & FULL_SUIT
    d = hand >> 48
    ab = a & b
    cd = c & d
    trip = (ab & (c | d)) | (cd & (a | b))
    table = SUIT_DEADWOOD
    if not trip:
        return table[a] + table[b] + table[c] + table[d], 1, 0
    best = 1000
    count = 0
    chosen = 0
    for sets, ra, rb, rc, rd in _set_choices(a, b, c, d, trip):
        value = table[a ^ ra] + table[b ^ rb] + table[c ^ rc] + table[d ^ rd]
        if value < best:
            best, count, chosen = value, 1, sets
        elif value == best:
            count += 1
    return best, count, chosen


def best_discard_mask(hand: int) -> tuple[int, int]:
    """For an 11-card hand mask: the least deadwood after one discard, and that discard's bit.

    Among equally good discards the highest rank goes, then spades before
    hearts, diamonds, clubs.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> deadwood, bit = best_discard_mask(mask_of(parse_cards("AS 2S 3S 7H 7D 7C 9C 10C JC KD QH")))
    >>> deadwood, str(card_of_bit(bit))
    (10, 'KD')
    """
    a = hand & FULL_SUIT
    b = hand >> 16 & FULL_SUIT
    c = hand >> 32 & FULL_SUIT
    d = hand >> 48
    ab = a & b
    cd = c & d
    trip = (ab & (c | d)) | (cd & (a | b))
    table = SUIT_DEADWOOD
    gains = DROP_GAIN
    if not trip:
        top = max(gains[a], gains[b], gains[c], gains[d])
        return table[a] + table[b] + table[c] + table[d] - top, _preferred_discard(
            _drop_candidates((a, b, c, d), top)
        )
    best = 1000
    optimal: list[tuple[int, int, int, int]] = []
    for _sets, ra, rb, rc, rd in _set_choices(a, b, c, d, trip):
        ma = a ^ ra
        mb = b ^ rb
        mc = c ^ rc
        md = d ^ rd
        top = max(gains[ma], gains[mb], gains[mc], gains[md])
        value = table[ma] + table[mb] + table[mc] + table[md] - top
        if value < best:
            best = value
            optimal = [(ma, mb, mc, md)]
        elif value == best:
            optimal.append((ma, mb, mc, md))
    candidates = 0
    for masks in optimal:
        candidates |= _drop_candidates(masks, max(gains[m] for m in masks))
    return best, _preferred_discard(candidates)


def _drop_candidates(masks: tuple[int, int, int, int], top: int) -> int:
    """The cards whose drop gains `top` in their suit, as a hand mask."""
    candidates = 0
    for suit, m in enumerate(masks):
        if DROP_GAIN[m] == top:
            candidates |= DROP_CARDS[m] << (SUIT_BITS * suit)
    return candidates


def _preferred_discard(candidates: int) -> int:
    """The highest-ranked card among `candidates`, spades first on ties."""
    top = max((candidates >> (SUIT_BITS * s) & FULL_SUIT).bit_length() for s in range(4))
    for suit in range(4):
        bit = 1 << (SUIT_BITS * suit + top - 1)
        if candidates & bit:
            return bit
    raise AssertionError("no discard among the candidates")


def optimal_discards(hand: int) -> list[int]:
    """Every discard of an 11-card hand mask that leaves the least deadwood, as bits."""
    best, _ = best_discard_mask(hand)
    bits = []
    rest = hand
    while rest:
        bit = rest & -rest
        rest ^= bit
        if solve_mask(hand ^ bit)[0] == best:
            bits.append(bit)
    return bits


def optimal_set_masks(hand: int) -> tuple[int, list[int]]:
    """The least deadwood of a hand mask and the set cards of every optimal arrangement.

    The order is fixed: ranks low to high, and for each rank no set, then
    the set of four, then the sets of three (without spades, hearts,
    diamonds, clubs in turn).
    """
    a = hand & FULL_SUIT
    b = hand >> 16 & FULL_SUIT
    c = hand >> 32 & FULL_SUIT
    d = hand >> 48
    trip = ((a & b) & (c | d)) | ((c & d) & (a | b))
    table = SUIT_DEADWOOD
    best = 1000
    found: list[int] = []
    for sets, ra, rb, rc, rd in _set_choices(a, b, c, d, trip):
        value = table[a ^ ra] + table[b ^ rb] + table[c ^ rc] + table[d ^ rd]
        if value < best:
            best, found = value, [sets]
        elif value == best:
            found.append(sets)
    return best, found


# --- the defender after a knock -------------------------------------------------------


def reach(seed: int, room: int) -> int:
    """The cards of `room` joined to `seed` through consecutive ranks (seed is within room)."""
    while True:
        grown = (seed | seed << 1 | seed >> 1) & room
        if grown == seed:
            return seed
        seed = grown


def _subsets(mask: int) -> list[int]:
    subsets = [0]
    rest = mask
    while rest:
        bit = rest & -rest
        rest ^= bit
        subsets += [s | bit for s in subsets]
    return subsets


def defender_arrangements(
    hand: int, knocker_runs: int, set_layoffs: int
) -> tuple[int, list[tuple[int, int]]]:
    """Least deadwood of a defender's hand mask, and every optimal (set cards, laid-off cards).

    `knocker_runs` is the mask of the cards in the knocker's runs;
    `set_layoffs` the mask of the cards that would complete a knocker's set
    of three. Cards next to a knocker's run (or a chain of laid-off cards
    reaching one) are laid off; a fourth card of a set is either laid off
    onto that set or kept, whichever leaves less deadwood.
    """
    a = hand & FULL_SUIT
    b = hand >> 16 & FULL_SUIT
    c = hand >> 32 & FULL_SUIT
    d = hand >> 48
    trip = ((a & b) & (c | d)) | ((c & d) & (a | b))
    runs = [knocker_runs >> (SUIT_BITS * s) & FULL_SUIT for s in range(4)]
    table = SUIT_DEADWOOD
    results: dict[tuple[int, int], int] = {}
    for sets, ra, rb, rc, rd in _set_choices(a, b, c, d, trip):
        left = (a ^ ra, b ^ rb, c ^ rc, d ^ rd)
        # a set's fourth card is never in one of the defender's own sets (one deck)
        for laid_on_sets in _subsets(set_layoffs & hand):
            value = 0
            laid = laid_on_sets
            for suit in range(4):
                on_set = laid_on_sets >> (SUIT_BITS * suit) & FULL_SUIT
                kept = left[suit] & ~on_set
                chain = reach(runs[suit], runs[suit] | kept | on_set) & kept if runs[suit] else 0
                value += table[kept ^ chain]
                laid |= chain << (SUIT_BITS * suit)
            key = (sets, laid)
            if key not in results or value < results[key]:
                results[key] = value
    best = min(results.values())
    return best, sorted(key for key, value in results.items() if value == best)


# --- cards and masks ---------------------------------------------------------------------


def bit_of(card: Card) -> int:
    """The hand-mask bit of a card."""
    return 1 << (SUIT_BITS * SUIT_INDEX[card.suit] + card.rank - 1)


def mask_of(cards: Iterable[Card]) -> int:
    """The hand mask of some cards."""
    mask = 0
    for card in cards:
        mask |= bit_of(card)
    return mask


def card_of_bit(bit: int) -> Card:
    """The card at a hand-mask bit."""
    index = bit.bit_length() - 1
    return Card(index % SUIT_BITS + 1, SUITS[index // SUIT_BITS])


def cards_of_mask(mask: int) -> list[Card]:
    """The cards of a hand mask, by rank then suit (spades, hearts, diamonds, clubs)."""
    cards = []
    for rank in range(13):
        for suit in range(4):
            if mask >> (SUIT_BITS * suit + rank) & 1:
                cards.append(Card(rank + 1, SUITS[suit]))
    return cards

