"""Gin rummy: the arrangement of a hand that leaves the least deadwood, exactly.

Rules (RULES.md 4.8): one deck, no jokers, aces low only; deadwood counts
ace 1, 2-10 face value, J Q K 10; a hand may knock with 10 or less; the
defender lays off onto the knocker's melds, except after gin.

How it works. A hand is a bit mask, 16 bits per suit (spades, hearts,
diamonds, clubs) and bit ``rank - 1`` inside a suit. A set only ever uses
cards of one rank, and one deck holds four of each, so for every rank held
three or four times the solver tries each choice - no set, each set of
three, the set of four. Every other card can only meld in a run of its own
suit, and within a suit the least deadwood for a 13-bit rank mask is a
table lookup: each maximal block of three or more consecutive ranks melds
whole, shorter blocks are deadwood.

What counts as one arrangement. An arrangement is the set of melds
(plus, for a defender, the set of cards laid off); two arrangements differ
when their melds or laid-off cards differ:

- runs are kept maximal: a block of consecutive cards of one suit is one
  run, never split (7-8-9-10-J-Q of hearts is one run, not two of three);
  splitting gains nothing, not even a lay-off spot;
- a set of four and "a set of three plus the fourth card in a run" are
  different arrangements (the defender may lay off differently on them);
- for a defender, a card that can extend one of the knocker's runs,
  directly or through a chain of other laid-off cards, is laid off rather
  than kept in a run of the defender's own; which of the knocker's melds
  a laid-off card goes onto is not part of the arrangement (it is shown on
  the first meld that takes it).

Because a rank holds at most one set, the cards in sets (a mask) pin the
arrangement down; the rest follows from the suit tables.

>>> body = gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC KD")
>>> body["melds"], body["deadwood"], body["deadwood_points"]
([['AS', '2S', '3S'], ['7H', '7D', '7C'], ['9C', '10C', 'JC']], ['KD'], 10)
>>> body["can_knock"], body["gin"], body["arrangements"]
(True, False, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorekeeper.engine.cards import (
    SUITS,
    Card,
    CardNotationError,
    parse_cards,
    rank_name,
    split_tokens,
)
from scorekeeper.engine.errors import InputError

KNOCK_LIMIT = 10
HAND_SIZE = 10
SUIT_BITS = 16
FULL_SUIT = 0x1FFF
SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}

# deadwood value of the card at bit i of a suit mask (rank i + 1)
VALUES = tuple(min(i + 1, 10) for i in range(13))


def _block_deadwood(mask: int) -> int:
    """Deadwood of one suit's cards when every block of 3+ consecutive ranks is a run."""
    total = 0
    i = 0
    while i < 13:
        if mask >> i & 1:
            j = i
            while j < 13 and mask >> j & 1:
                j += 1
            if j - i < 3:
                total += sum(VALUES[i:j])
            i = j
        else:
            i += 1
    return total


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


def _rank_options() -> tuple[list[tuple[int, ...]], list[list[list[tuple[int, ...]]]]]:
    """Set choices per rank: (cards in sets as a hand mask, bit removed from each suit)."""
    quads: list[tuple[int, ...]] = []
    trips: list[list[list[tuple[int, ...]]]] = []
    for i in range(13):
        x = 1 << i
        none = (0, 0, 0, 0, 0)
        everything = x | x << 16 | x << 32 | x << 48
        options = [none, (everything, x, x, x, x)]
        three_of_four = []
        for missing in range(4):
            removed = [x, x, x, x]
            removed[missing] = 0
            option = (everything & ~(x << (SUIT_BITS * missing)), *removed)
            options.append(option)
            three_of_four.append([none, option])
        quads.append(options)
        trips.append(three_of_four)
    return quads, trips


QUAD_OPTIONS, TRIP_OPTIONS = _rank_options()


def _set_choices(a: int, b: int, c: int, d: int, trip: int) -> list[tuple[int, ...]]:
    """Every choice of sets for the ranks in `trip` (held three or four times)."""
    quad = a & b & c & d
    combos: list[tuple[int, ...]] | None = None
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
    drop = DROP_BEST
    best = 1000
    optimal: list[tuple[int, int, int, int]] = []
    combos = _set_choices(a, b, c, d, trip) if trip else ((0, 0, 0, 0, 0),)
    for _sets, ra, rb, rc, rd in combos:
        ma, mb, mc, md = a ^ ra, b ^ rb, c ^ rc, d ^ rd
        ta, tb, tc, td = table[ma], table[mb], table[mc], table[md]
        gain = max(ta - drop[ma], tb - drop[mb], tc - drop[mc], td - drop[md])
        value = ta + tb + tc + td - gain
        if value < best:
            best = value
            optimal = [(ma, mb, mc, md)]
        elif value == best:
            optimal.append((ma, mb, mc, md))
    candidates = 0
    for masks in optimal:
        gains = [table[m] - drop[m] for m in masks]
        top = max(gains)
        for suit, m in enumerate(masks):
            if gains[suit] == top:
                candidates |= DROP_CARDS[m] << (SUIT_BITS * suit)
    return best, _preferred_discard(candidates)


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
    """The least deadwood of a hand mask and the set cards of every optimal arrangement."""
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


def _reach(seed: int, room: int) -> int:
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
                chain = _reach(runs[suit], runs[suit] | kept | on_set) & kept if runs[suit] else 0
                value += table[kept ^ chain]
                laid |= chain << (SUIT_BITS * suit)
            key = (sets, laid)
            if key not in results or value < results[key]:
                results[key] = value
    best = min(results.values())
    return best, sorted(key for key, value in results.items() if value == best)


# --- cards, masks and the JSON body ------------------------------------------------------


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


def deadwood_value(card: Card) -> int:
    """What a card counts as deadwood: ace 1, 2-10 face value, J Q K 10."""
    return min(card.rank, 10)


def _runs_of(mask: int, suit: int) -> tuple[list[list[Card]], int]:
    """The maximal runs of one suit's rank mask, and the mask of the cards left over."""
    runs = []
    leftover = 0
    i = 0
    while i < 13:
        if mask >> i & 1:
            j = i
            while j < 13 and mask >> j & 1:
                j += 1
            if j - i >= 3:
                runs.append([Card(r + 1, SUITS[suit]) for r in range(i, j)])
            else:
                leftover |= ((1 << (j - i)) - 1) << i
            i = j
        else:
            i += 1
    return runs, leftover


def _meld_key(meld: list[Card]) -> tuple[int, int, int]:
    is_run = meld[0].rank != meld[1].rank
    return (meld[0].rank, int(is_run), SUIT_INDEX[meld[0].suit])


def _arrangement(hand: int, sets: int, laid: int = 0) -> tuple[list[list[Card]], list[Card]]:
    """Melds (sets by rank, runs by suit) and deadwood of a hand given its set cards."""
    melds: list[list[Card]] = []
    for rank in range(13):
        cards = [
            Card(rank + 1, SUITS[s]) for s in range(4) if sets >> (SUIT_BITS * s + rank) & 1
        ]
        if cards:
            melds.append(cards)
    deadwood = 0
    rest = hand & ~sets & ~laid
    for suit in range(4):
        runs, leftover = _runs_of(rest >> (SUIT_BITS * suit) & FULL_SUIT, suit)
        melds.extend(runs)
        deadwood |= leftover << (SUIT_BITS * suit)
    melds.sort(key=_meld_key)
    return melds, cards_of_mask(deadwood)


def _names(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _read_hand(cards: str | Iterable[object], what: str) -> list[Card]:
    """Parse cards, refusing jokers and cards given twice."""
    try:
        parsed = parse_cards(cards)
    except CardNotationError as exc:
        raise InputError(f"{what}: {exc}") from None
    seen: set[Card] = set()
    for position, card in enumerate(parsed, start=1):
        if card.is_joker:
            raise InputError(
                f"{what}: `JK` at position {position}: gin is played without jokers"
            )
        if card in seen:
            raise InputError(f"{what}: {card} is given twice: gin uses one deck")
        seen.add(card)
    return parsed


def _read_knocker_melds(knocker_melds: object) -> list[list[Card]]:
    """Parse and check the knocker's melds: each a set or a run, no card twice."""
    if isinstance(knocker_melds, str) or not isinstance(knocker_melds, (list, tuple)):
        raise InputError(
            "knocker_melds must be a list of melds, each a string like '7H 8H 9H'"
            " or a list of card strings"
        )
    melds = []
    seen: dict[Card, int] = {}
    for index, meld in enumerate(knocker_melds, start=1):
        what = f"knocker's meld {index}"
        if not isinstance(meld, (str, list, tuple)):
            raise InputError(f"{what} is not a card list: give a string like '7H 8H 9H'")
        cards = _read_hand(meld, what)
        for card in cards:
            if card in seen:
                raise InputError(
                    f"{card} is in the knocker's melds {seen[card]} and {index}: gin uses one deck"
                )
            seen[card] = index
        reason = _meld_problem(cards)
        if reason:
            raise InputError(f"{what} ({' '.join(_names(cards))}) is not a meld: {reason}")
        melds.append(sorted(cards, key=lambda c: (c.rank, SUIT_INDEX[c.suit])))
    return melds


def _meld_problem(cards: list[Card]) -> str | None:
    """Why cards are not a gin meld, or None when they are a set or a run."""
    if len(cards) < 3:
        return "a meld has at least 3 cards"
    if len({card.rank for card in cards}) == 1:
        return None
    if len({card.suit for card in cards}) != 1:
        return "a set is cards of one rank, a run cards of one suit"
    ranks = sorted(card.rank for card in cards)
    for low, high in zip(ranks, ranks[1:]):
        if high != low + 1:
            return (
                f"there is a gap between {rank_name(low)} and {rank_name(high)}"
                " (aces are low only in gin)"
            )
    return None


def gin_arrange(cards: str | Iterable[object], knocker_melds: object = None) -> dict[str, Any]:
    """Arrange a gin hand into the melds that leave the least deadwood (API.md "Gin arrangement").

    `cards` is 10 cards, or 11 before the discard: then the answer is for
    the best discard (named in "discard", with every equally good discard
    in "discards") and the melds and deadwood are those of the 10 cards
    left; "big_gin" says whether all 11 cards meld. With `knocker_melds`
    (a list of melds) the hand is a defender's 10 cards after a knock and
    the answer includes the lay-offs, unless the knocker's melds hold 10
    or more cards (gin: no lay-offs, "layoffs_allowed" is false).

    "arrangements" counts the optimal arrangements (see the module
    docstring for what counts as one), "optimal" lists them, the one shown
    first. "can_knock" and "gin" are read from "deadwood_points" with the
    standard knock limit of 10.
    """
    defending = knocker_melds is not None
    hand_cards = _read_hand(cards, "the defender's hand" if defending else "the hand")
    size = len(hand_cards)
    table: list[list[Card]] = []
    if defending:
        table = _read_knocker_melds(knocker_melds)
        if size != HAND_SIZE:
            raise InputError(f"the defender's hand has 10 cards; {size} given")
        on_table = {card for meld in table for card in meld}
        for card in hand_cards:
            if card in on_table:
                raise InputError(
                    f"{card} is both in the defender's hand and in the knocker's melds"
                )
    elif size not in (HAND_SIZE, HAND_SIZE + 1):
        raise InputError(
            f"a gin hand has 10 cards (11 before the discard); {size} given"
        )
    hand = mask_of(hand_cards)
    body: dict[str, Any] = {}
    if size == HAND_SIZE + 1:
        deadwood_points, discard = best_discard_mask(hand)
        hand ^= discard
        body["discard"] = str(card_of_bit(discard))
        body["discards"] = _names(card_of_bit(b) for b in optimal_discards(hand | discard))
        body["big_gin"] = solve_mask(hand | discard)[0] == 0
    else:
        body["discard"] = None
    if defending:
        body.update(_defender_body(hand, table))
    else:
        deadwood_points, set_masks = optimal_set_masks(hand)
        body["optimal"] = [_arrangement_body(hand, sets) for sets in set_masks]
        body["layoffs"] = []
    first = body["optimal"][0]
    points = first["deadwood_points"]
    result = {
        "melds": first["melds"],
        "deadwood": first["deadwood"],
        "deadwood_points": points,
        "layoffs": first["layoffs"],
        "can_knock": points <= KNOCK_LIMIT,
        "gin": points == 0,
        "arrangements": len(body["optimal"]),
    }
    result.update(body)
    return result


def _arrangement_body(
    hand: int, sets: int, laid: int = 0, layoffs: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    melds, deadwood = _arrangement(hand, sets, laid)
    return {
        "melds": [_names(meld) for meld in melds],
        "deadwood": _names(deadwood),
        "deadwood_points": sum(deadwood_value(card) for card in deadwood),
        "layoffs": layoffs or [],
    }


def _defender_body(hand: int, table: list[list[Card]]) -> dict[str, Any]:
    allowed = sum(len(meld) for meld in table) < HAND_SIZE
    runs = [meld for meld in table if meld[0].rank != meld[1].rank]
    knocker_runs = mask_of(card for meld in runs for card in meld) if allowed else 0
    set_layoffs = 0
    if allowed:
        for meld in table:
            if meld[0].rank == meld[1].rank and len(meld) == 3:
                missing = next(s for s in SUITS if s not in {c.suit for c in meld})
                set_layoffs |= bit_of(Card(meld[0].rank, missing))
    _, found = defender_arrangements(hand, knocker_runs, set_layoffs)
    optimal = [
        _arrangement_body(hand, sets, laid, _layoff_targets(laid, table))
        for sets, laid in found
    ]
    return {"optimal": optimal, "layoffs_allowed": allowed}


def _layoff_targets(laid: int, table: list[list[Card]]) -> list[dict[str, Any]]:
    """Which knocker's meld each laid-off card goes onto: runs (in order) claim their chains first."""
    onto: dict[int, list[Card]] = {}
    left = laid
    for index, meld in enumerate(table):
        if meld[0].rank == meld[1].rank:
            continue
        run = mask_of(meld)
        chain = _reach(run, run | left) & left
        if chain:
            onto[index] = cards_of_mask(chain)
            left &= ~chain
    for index, meld in enumerate(table):
        if meld[0].rank == meld[1].rank and left:
            fourth = [card for card in cards_of_mask(left) if card.rank == meld[0].rank]
            if fourth:
                onto[index] = fourth
                left &= ~mask_of(fourth)
    return [{"cards": _names(onto[index]), "onto": index} for index in sorted(onto)]
