"""The gin solver against a plain exhaustive reference, on thousands of seeded random hands.

The reference knows nothing of bit masks or suit tables: it lists every
meld the cards allow, every way to split the hand into melds, lay-offs and
deadwood, keeps those with the least deadwood, and counts arrangements by
the definition in scorekeeper/engine/games/gin/arrangement.py:
- runs are maximal: two runs of one suit never sit next to each other;
- a defender's card that can extend a knocker's run (directly or through
  other laid-off cards) is laid off, not kept in a run of the defender's own;
- an arrangement is its melds plus its set of laid-off cards.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.cards import Card, full_deck
from scorekeeper.engine.games.gin import gin_arrange

DECK = full_deck()


def value(card: Card) -> int:
    return min(card.rank, 10)


def is_run(meld: frozenset[Card]) -> bool:
    return len({c.rank for c in meld}) > 1


def all_melds(cards: list[Card]) -> list[frozenset[Card]]:
    """Every set (3 or 4 of a rank) and every run (3+ in a row, one suit, ace low) within cards."""
    held = set(cards)
    melds = []
    for rank in range(1, 14):
        same = [c for c in cards if c.rank == rank]
        for size in (3, 4):
            melds.extend(frozenset(m) for m in _combinations(same, size))
    for card in cards:
        run = [card]
        while Card(run[-1].rank + 1, card.suit) in held:
            run.append(Card(run[-1].rank + 1, card.suit))
            if len(run) >= 3:
                melds.append(frozenset(run))
    return melds


def _combinations(items: list, size: int) -> list[list]:
    if size == 0:
        return [[]]
    if len(items) < size:
        return []
    first, rest = items[0], items[1:]
    return [[first, *c] for c in _combinations(rest, size - 1)] + _combinations(rest, size)


def splits(cards: list[Card], may_lay_off: set[Card], discard: bool = False):
    """Every (melds, laid off, deadwood, discarded) split of cards.

    Only cards in may_lay_off may be laid off; with discard, exactly one card is discarded.
    """
    order = sorted(cards, key=lambda c: (c.rank, c.suit))
    # a meld is placed when its lowest card comes up, so every other card of it is still free
    starting = {c: [] for c in order}
    for meld in all_melds(cards):
        starting[min(meld, key=order.index)].append(meld)

    def walk(i: int, used: frozenset[Card], chosen: list, laid: list, dead: list, gone: list):
        while i < len(order) and order[i] in used:
            i += 1
        if i == len(order):
            if len(gone) == int(discard):
                yield chosen, laid, dead, gone
            return
        card = order[i]
        yield from walk(i + 1, used, chosen, laid, dead + [card], gone)
        if discard and not gone:
            yield from walk(i + 1, used, chosen, laid, dead, [card])
        if card in may_lay_off:
            yield from walk(i + 1, used, chosen, laid + [card], dead, gone)
        for meld in starting[card]:
            if not meld & used:
                yield from walk(i + 1, used | meld, chosen + [meld], laid, dead, gone)

    yield from walk(0, frozenset(), [], [], [], [])


def attached(laid: set[Card], knocker_runs: list[frozenset[Card]]) -> set[Card]:
    """Laid-off cards joined to a knocker's run through consecutive cards of its suit."""
    anchors = {c for run in knocker_runs for c in run}
    joined: set[Card] = set()
    grew = True
    while grew:
        grew = False
        for card in laid - joined:
            for near in (Card(card.rank - 1, card.suit), Card(card.rank + 1, card.suit)):
                if near in anchors or near in joined:
                    joined.add(card)
                    grew = True
                    break
    return joined


def reference(cards: list[Card], knocker_melds: list[list[Card]] | None = None):
    """Least deadwood and the set of optimal arrangements, as (melds, laid-off cards) frozensets."""
    knocker_runs: list[frozenset[Card]] = []
    fourths: set[Card] = set()
    if knocker_melds and sum(len(m) for m in knocker_melds) < 10:
        for meld in knocker_melds:
            meld_set = frozenset(meld)
            if is_run(meld_set):
                knocker_runs.append(meld_set)
            elif len(meld) == 3:
                suit = ({"S", "H", "D", "C"} - {c.suit for c in meld}).pop()
                fourths.add(Card(meld[0].rank, suit))
    run_suits = {c.suit for run in knocker_runs for c in run}
    may_lay_off = {c for c in cards if c in fourths or c.suit in run_suits}
    best = None
    found: set = set()
    for melds, laid, dead, _ in splits(cards, may_lay_off):
        points = sum(value(c) for c in dead)
        if best is not None and points > best:
            continue
        laid_set = set(laid)
        joined = attached(laid_set, knocker_runs)
        if any(c not in joined and c not in fourths for c in laid_set):
            continue  # a card laid off where it fits nowhere
        own_runs = [m for m in melds if is_run(m)]
        if not _runs_maximal(own_runs):
            continue
        anchors = joined | {c for run in knocker_runs for c in run}
        if any(
            Card(c.rank + step, c.suit) in anchors for run in own_runs for c in run for step in (-1, 1)
        ):
            continue  # this run could have been laid off
        key = (frozenset(melds), frozenset(laid_set))
        if best is None or points < best:
            best, found = points, {key}
        elif points == best:
            found.add(key)
    return best, found


def _runs_maximal(runs: list[frozenset[Card]]) -> bool:
    for first in runs:
        for second in runs:
            if first is not second and next(iter(first)).suit == next(iter(second)).suit:
                if max(c.rank for c in first) + 1 == min(c.rank for c in second):
                    return False
    return True


def solver_arrangements(body: dict) -> set:
    """The solver's optimal arrangements in the reference's shape."""
    found = set()
    for arrangement in body["optimal"]:
        melds = frozenset(frozenset(Card.from_notation(c) for c in m) for m in arrangement["melds"])
        laid = frozenset(
            Card.from_notation(c) for group in arrangement["layoffs"] for c in group["cards"]
        )
        found.add((melds, laid))
    return found


def uniform(rng: random.Random, size: int) -> list[Card]:
    return rng.sample(DECK, size)


def dense(rng: random.Random, size: int) -> list[Card]:
    low = rng.randint(1, 9)
    return rng.sample([c for c in DECK if low <= c.rank < low + 5], size)


def clustered(rng: random.Random, size: int) -> list[Card]:
    """Two or three suits over seven ranks: long runs that split, sets that cross runs."""
    low = rng.randint(1, 7)
    suits = rng.sample("SHDC", rng.choice((2, 3)))
    pool = [c for c in DECK if low <= c.rank < low + 7 and c.suit in suits]
    pool += [c for c in DECK if c.rank == rng.randint(low, low + 6) and c not in pool]
    return rng.sample(pool, size)


DEALERS = {"uniform": uniform, "dense": dense, "clustered": clustered}


@pytest.mark.parametrize("kind", sorted(DEALERS))
def test_ten_card_hands_match_the_exhaustive_reference(kind):
    rng = random.Random(f"ten-{kind}")
    for _ in range(1200):
        cards = DEALERS[kind](rng, 10)
        body = gin_arrange([str(c) for c in cards])
        best, found = reference(cards)
        assert body["deadwood_points"] == best, cards
        assert body["arrangements"] == len(found), cards
        assert solver_arrangements(body) == found, cards
        assert body["gin"] == (best == 0)
        assert body["can_knock"] == (best <= 10)


def reference_discards(cards: list[Card]) -> tuple[int, set[Card]]:
    """Least deadwood after one discard, and every discard that achieves it."""
    best = None
    discards: set[Card] = set()
    for _, _, dead, gone in splits(cards, set(), discard=True):
        points = sum(value(c) for c in dead)
        if best is None or points < best:
            best, discards = points, set(gone)
        elif points == best:
            discards |= set(gone)
    return best, discards


@pytest.mark.parametrize("kind", sorted(DEALERS))
def test_eleven_card_hands_discard_the_card_that_leaves_least_deadwood(kind):
    rng = random.Random(f"eleven-{kind}")
    for _ in range(400):
        cards = DEALERS[kind](rng, 11)
        body = gin_arrange([str(c) for c in cards])
        best, optimal = reference_discards(cards)
        assert body["deadwood_points"] == best, cards
        assert {Card.from_notation(c) for c in body["discards"]} == optimal, cards
        discard = Card.from_notation(body["discard"])
        assert discard == max(optimal, key=lambda c: (c.rank, -"SHDC".index(c.suit)))
        kept = [c for c in cards if c != discard]
        _, found = reference(kept)
        assert solver_arrangements(body) == found, cards
        assert body["big_gin"] == (reference(cards)[0] == 0), cards


def knocker_and_defender(rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """A knocker's melds (runs and sets, sometimes gin) and a defender's 10 cards crowding them."""
    deck = list(DECK)
    rng.shuffle(deck)
    melds: list[list[Card]] = []
    used: set[Card] = set()
    for _ in range(rng.choice((1, 2, 2, 3, 3))):
        for _attempt in range(20):
            if rng.random() < 0.55:
                suit = rng.choice("SHDC")
                low = rng.randint(1, 11)
                meld = [Card(r, suit) for r in range(low, min(13, low + rng.choice((2, 2, 3, 4))) + 1)]
            else:
                rank = rng.randint(1, 13)
                meld = [c for c in deck if c.rank == rank][: rng.choice((3, 3, 4))]
            if len(meld) >= 3 and not used & set(meld) and sum(map(len, melds)) + len(meld) <= 10:
                melds.append(meld)
                used |= set(meld)
                break
    if not melds:
        melds = [[Card(5, "H"), Card(6, "H"), Card(7, "H")]]
        used = set(melds[0])
    ranks = {c.rank for m in melds for c in m}
    near = [
        c for c in deck if c not in used and any(abs(c.rank - r) <= 2 for r in ranks)
    ]
    hand = rng.sample(near, min(len(near), rng.randint(6, 10)))
    rest = [c for c in deck if c not in used and c not in hand]
    hand += rng.sample(rest, 10 - len(hand))
    return melds, hand


def test_defender_hands_match_the_exhaustive_reference_with_layoffs():
    rng = random.Random("defender")
    laid_somewhere = 0
    for _ in range(2000):
        melds, cards = knocker_and_defender(rng)
        body = gin_arrange(
            [str(c) for c in cards], knocker_melds=[[str(c) for c in m] for m in melds]
        )
        best, found = reference(cards, melds)
        assert body["deadwood_points"] == best, (melds, cards)
        assert body["arrangements"] == len(found), (melds, cards)
        assert solver_arrangements(body) == found, (melds, cards)
        for arrangement in body["optimal"]:
            assert_layoffs_fit(arrangement["layoffs"], melds)
        laid_somewhere += bool(body["layoffs"])
    assert laid_somewhere > 700  # the generator really exercises lay-offs


def assert_layoffs_fit(layoffs: list[dict], melds: list[list[Card]]) -> None:
    """Each group of laid-off cards makes a legal meld with the knocker's meld it goes onto."""
    for group in layoffs:
        meld = set(melds[group["onto"]]) | {Card.from_notation(c) for c in group["cards"]}
        ranks = sorted(c.rank for c in meld)
        if len(set(ranks)) == 1:
            assert len(meld) == 4
        else:
            assert len({c.suit for c in meld}) == 1
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
