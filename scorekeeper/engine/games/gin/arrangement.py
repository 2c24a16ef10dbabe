"""Gin rummy: the arrangement of a hand that leaves the least deadwood, exactly.

Rules (docs/rules/gin.md): one deck, no jokers, aces low only; deadwood counts
ace 1, 2-10 face value, J Q K 10; a hand may knock with 10 or less; the
defender lays off onto the knocker's melds, except after gin.

The search itself (bit masks and per-suit tables) is in solver.py; this
module reads the cards, checks them under a table's rules (the knocker's
melds, a meld the eleventh card extends) and writes the answer; the
package (engine.games.gin) asks it under gin's own rules when no table does.

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

>>> from scorekeeper.engine.rules import table_rules
>>> body = arrange(table_rules("gin"), "AS 2S 3S 7H 7D 7C 9C 10C JC KD")
>>> body["melds"], body["deadwood"], body["deadwood_points"]
([['AS', '2S', '3S'], ['7H', '7D', '7C'], ['9C', '10C', 'JC']], ['KD'], 10)
>>> body["can_knock"], body["gin"], body["arrangements"]
(True, False, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from scorekeeper.engine.answers import GinAnswer, GinArrangement, GinDefence, GinDiscard, GinLayoff
from scorekeeper.engine.cards import (
    SUITS,
    Card,
    CardNotationError,
    parse_cards,
    parse_meld_cards,
)
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.games.base import deadwood_value
from scorekeeper.engine.games.gin.rules import HAND_SIZE, KNOCK_LIMIT, SUIT_NEEDED
from scorekeeper.engine.games.gin.solver import (
    FULL_SUIT,
    SUIT_BITS,
    SUIT_INDEX,
    best_discard_mask,
    bit_of,
    card_of_bit,
    cards_of_mask,
    defender_arrangements,
    mask_of,
    optimal_discards,
    optimal_set_masks,
    rank_blocks,
    reach,
    solve_mask,
)
from scorekeeper.engine.melds import check, extend

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules


class GinCardsError(InputError):
    """Cards gin_arrange cannot arrange; `detail` is the message without the leading "the hand: ", for pages
    that say whose cards they are themselves."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = message if detail is None else detail


class _Words:
    """How messages name the two hands: "the defender's hand" and "the knocker's melds", or by name."""

    def __init__(self, knocker: str | None = None, defender: str | None = None) -> None:
        self.defender_hand = f"{defender}'s hand" if defender else "the defender's hand"
        self.knocker_melds = f"{knocker}'s melds" if knocker else "the knocker's melds"

def _runs_of(mask: int, suit: int) -> tuple[list[list[Card]], int]:
    """The maximal runs of one suit's rank mask, and the mask of the cards left over."""
    runs = []
    leftover = 0
    for i, j in rank_blocks(mask):
        if j - i >= 3:
            runs.append([Card(r + 1, SUITS[suit]) for r in range(i, j)])
        else:
            leftover |= ((1 << (j - i)) - 1) << i
    return runs, leftover


def _meld_key(meld: list[Card]) -> tuple[int, int, int]:
    is_run = meld[0].rank != meld[1].rank
    return (meld[0].rank, int(is_run), SUIT_INDEX[meld[0].suit])


def arrangement(hand: int, sets: int, laid: int = 0) -> tuple[list[list[Card]], list[Card]]:
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


def _read_hand(cards: str | Iterable[object], what: str, whole_hand: bool = True) -> list[Card]:
    """Parse cards, refusing jokers and cards given twice (`what` names them; a `whole_hand` is a player's own)."""

    def refused(problem: str) -> GinCardsError:
        return GinCardsError(f"{what}: {problem}", problem if whole_hand else None)

    try:
        parsed = parse_cards(cards)
    except CardNotationError as exc:
        raise refused(str(exc)) from None
    seen: set[Card] = set()
    for position, card in enumerate(parsed, start=1):
        if card.is_joker:
            raise refused(f"`JK` at position {position}: gin is played without jokers")
        if card.suitless:
            raise refused(f"`{card}` at position {position} needs its suit: {SUIT_NEEDED}")
        if card in seen:
            raise refused(f"{card} is given twice: gin uses one deck")
        seen.add(card)
    return parsed


def _read_knocker_melds(rules: Rules, knocker_melds: object, words: _Words) -> list[list[Card]]:
    """Parse and check the knocker's melds: each a set or a run, no card twice."""
    if isinstance(knocker_melds, str) or not isinstance(knocker_melds, (list, tuple)):
        raise GinCardsError(
            "knocker_melds must be a list of melds, each a string like '7H 8H 9H'"
            " or a list of card strings"
        )
    melds = []
    seen: dict[Card, int] = {}
    for index, meld in enumerate(knocker_melds, start=1):
        what = f"knocker's meld {index}"
        if not isinstance(meld, (str, list, tuple)):
            raise GinCardsError(f"{what} is not a card list: give a string like '7H 8H 9H'")
        cards = _read_hand(meld, what, whole_hand=False)
        for card in cards:
            if card in seen:
                raise GinCardsError(
                    f"{card} is in {words.knocker_melds} {seen[card]} and {index}: gin uses one deck"
                )
            seen[card] = index
        reason = check(parse_meld_cards(_names(cards)), rules, every=False).reason
        if reason:
            raise GinCardsError(f"{what} ({' '.join(_names(cards))}) is not a meld: {reason}")
        melds.append(sorted(cards, key=lambda c: (c.rank, SUIT_INDEX[c.suit])))
    if len(seen) > HAND_SIZE + 1:
        raise GinCardsError(
            f"{words.knocker_melds} hold {len(seen)} cards, but a gin hand has at most {HAND_SIZE + 1}"
        )
    return melds


def arrange(
    rules: Rules,
    cards: str | Iterable[object],
    knocker_melds: object = None,
    knock_limit: int = KNOCK_LIMIT,
    *,
    knocker: str | None = None,
    defender: str | None = None,
) -> GinAnswer:
    """Arrange a gin hand into the melds that leave the least deadwood (docs/api.md, "Gin arrangement").

    `cards` is 10 cards, or 11 before the discard: then the answer is for
    the best discard (named in "discard", with every equally good discard
    in "discards") and the melds and deadwood are those of the 10 cards
    left; "big_gin" says whether all 11 cards meld. With `knocker_melds`
    (a list of melds) the hand is a defender's 10 cards after a knock and
    the answer includes the lay-offs, unless the knocker's melds hold 10
    or more cards (gin: no lay-offs, "layoffs_allowed" is false).

    "arrangements" counts the optimal arrangements (see the module
    docstring for what counts as one) and "optimal" lists them in a fixed
    order, the one shown first (for a hand of its own: the solver's order,
    see solver.optimal_set_masks). "can_knock" and "gin" are read from "deadwood_points" with
    `knock_limit` (the standard 10 unless the table chose another).

    Unreadable cards raise GinCardsError, whose messages speak of "the
    knocker" and "the defender" unless `knocker` and `defender` name them.
    """
    words = _Words(knocker, defender)
    defending = knocker_melds is not None
    hand_cards = _read_hand(cards, "the defender's hand" if defending else "the hand")
    table = _read_table(rules, hand_cards, knocker_melds, words) if defending else []
    if not defending and len(hand_cards) not in (HAND_SIZE, HAND_SIZE + 1):
        raise GinCardsError(
            f"a gin hand has {HAND_SIZE} cards ({HAND_SIZE + 1} before the discard); {len(hand_cards)} given"
        )
    hand, discarded = _discarded(mask_of(hand_cards))
    defence: GinDefence = {}
    if defending:
        optimal, defence["layoffs_allowed"] = _defender_arrangements(hand, table)
    else:
        _, set_masks = optimal_set_masks(hand)
        optimal = [_arrangement_body(hand, sets) for sets in set_masks]
    first = optimal[0]
    points = first["deadwood_points"]
    result: GinAnswer = {
        "melds": first["melds"],
        "deadwood": first["deadwood"],
        "deadwood_points": points,
        # a hand of its own lays nothing off: a list of the answer's own, as the first arrangement has its own
        "layoffs": first["layoffs"] if defending else [],
        "can_knock": points <= knock_limit,
        "gin": points == 0,
        "arrangements": len(optimal),
        **discarded,
        "optimal": optimal,
        **defence,
    }
    return result


def _read_table(rules: Rules, hand_cards: list[Card], knocker_melds: object, words: _Words) -> list[list[Card]]:
    """The knocker's melds a defender's ten cards are arranged against, neither holding a card of the other."""
    table = _read_knocker_melds(rules, knocker_melds, words)
    if len(hand_cards) != HAND_SIZE:
        raise GinCardsError(f"{words.defender_hand} must have {HAND_SIZE} cards; {len(hand_cards)} given")
    on_table = {card for meld in table for card in meld}
    for card in hand_cards:
        if card in on_table:
            raise GinCardsError(f"{card} is both in {words.defender_hand} and in {words.knocker_melds}")
    return table


def _discarded(hand: int) -> tuple[int, GinDiscard]:
    """Eleven cards: the ten kept after the best discard, and the answer's discard fields; ten: as they are."""
    if hand.bit_count() != HAND_SIZE + 1:
        return hand, {"discard": None}
    _, discard = best_discard_mask(hand)
    body: GinDiscard = {
        "discard": str(card_of_bit(discard)),
        "discards": _names(card_of_bit(b) for b in optimal_discards(hand)),
        "big_gin": solve_mask(hand)[0] == 0,
    }
    return hand ^ discard, body


def _arrangement_body(
    hand: int, sets: int, laid: int = 0, layoffs: list[GinLayoff] | None = None
) -> GinArrangement:
    melds, deadwood = arrangement(hand, sets, laid)
    return {
        "melds": [_names(meld) for meld in melds],
        "deadwood": _names(deadwood),
        "deadwood_points": sum(deadwood_value(card) for card in deadwood),
        "layoffs": layoffs or [],
    }


def _defender_arrangements(hand: int, table: list[list[Card]]) -> tuple[list[GinArrangement], bool]:
    """A defender's optimal arrangements against the knocker's melds, and whether they may lay off at all."""
    allowed = sum(len(meld) for meld in table) < HAND_SIZE
    runs = [meld for meld in table if meld[0].rank != meld[1].rank]
    knocker_runs = mask_of(card for meld in runs for card in meld) if allowed else 0
    set_layoffs = _fourths_of_sets(table) if allowed else 0
    _, found = defender_arrangements(hand, knocker_runs, set_layoffs)
    optimal = [
        _arrangement_body(hand, sets, laid, _layoff_targets(laid, table))
        for sets, laid in found
    ]
    return optimal, allowed


def _fourths_of_sets(table: list[list[Card]]) -> int:
    """The mask of the cards that would make each of the knocker's three-card sets four."""
    fourths = 0
    for meld in table:
        if meld[0].rank == meld[1].rank and len(meld) == 3:
            missing = next(s for s in SUITS if s not in {c.suit for c in meld})
            fourths |= bit_of(Card(meld[0].rank, missing))
    return fourths


def _layoff_targets(laid: int, table: list[list[Card]]) -> list[GinLayoff]:
    """Which knocker's meld each laid-off card goes onto: runs (in order) claim their chains first."""
    onto: dict[int, list[Card]] = {}
    left = laid
    for index, meld in enumerate(table):
        if meld[0].rank == meld[1].rank:
            continue
        run = mask_of(meld)
        chain = reach(run, run | left) & left
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


def meld_eleventh(rules: Rules, melds: list[list[str]], card: str) -> list[list[str]] | None:
    """Big gin: `melds` (of ten cards) with the eleventh `card` laid on the first meld it extends; None if none.

    >>> from scorekeeper.engine.rules import table_rules
    >>> meld_eleventh(table_rules("gin"), [["7H", "8H", "9H"], ["KS", "KD", "KC"]], "KH")
    [['7H', '8H', '9H'], ['KS', 'KD', 'KC', 'KH']]
    """
    added = parse_meld_cards([card])
    for index, meld in enumerate(melds):
        longer = extend(check(parse_meld_cards(meld), rules).reading, added, rules)
        if longer.legal:
            return [*melds[:index], [str(c) for c in longer.reading.cards], *melds[index + 1 :]]
    return None


def big_gin_melds(rules: Rules, cards: list[str], body: GinAnswer) -> list[GinArrangement]:
    """Every way to lay all 11 `cards` down as melds, given their arrange `body` (a big gin); none if none.

    The ten cards left by each equally good discard are arranged, that card
    put back on a meld: the ten's melds keep runs whole, so one discard's
    arrangements alone can miss the 11-card one. Each meld's cards are in
    rank order.
    """
    options: list[GinArrangement] = []
    seen: set[tuple[tuple[str, ...], ...]] = set()
    for discard in body.get("discards", []):  # eleven cards always have them
        ten = list(cards)
        ten.remove(discard)
        for arrangement in arrange(rules, ten)["optimal"]:
            melds = meld_eleventh(rules, [list(m) for m in arrangement["melds"]], discard)
            if melds is None:
                continue
            melds = [_names(sorted(parse_cards(m), key=lambda c: (c.rank, SUIT_INDEX[c.suit]))) for m in melds]
            key = tuple(sorted(tuple(sorted(m)) for m in melds))
            if key not in seen:
                seen.add(key)
                options.append({"melds": melds, "deadwood": [], "deadwood_points": 0, "layoffs": []})
    return options
