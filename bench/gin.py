"""How many gin hands per second the solver arranges, against the targets in issue #7.

Run with ``.venv/bin/python bench/gin.py``. Hands are drawn with a fixed
seed before timing; the clock covers only the solver on hand masks (the
representation the JSON adapter builds once per request). Time is this
process's CPU time, so other work on the machine does not skew the
figures; an optional argument sets the seconds per line (default 2).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

# run from a checkout without installing the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine.cards import full_deck  # noqa: E402
from scorekeeper.engine.games.gin import gin_arrange  # noqa: E402
from scorekeeper.engine.games.gin.solver import (  # noqa: E402
    best_discard_mask,
    bit_of,
    cards_of_mask,
    defender_arrangements,
    mask_of,
    solve_mask,
)

DECK = full_deck()
SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0


def uniform_hands(rng: random.Random, n: int, size: int) -> list[int]:
    """Hands of `size` cards dealt from a full deck."""
    return [mask_of(rng.sample(DECK, size)) for _ in range(n)]


def dense_hands(rng: random.Random, n: int, size: int) -> list[int]:
    """Hands of `size` cards all drawn from five consecutive ranks, where melds overlap."""
    hands = []
    for _ in range(n):
        low = rng.randint(1, 9)
        pool = [card for card in DECK if low <= card.rank < low + 5]
        hands.append(mask_of(rng.sample(pool, size)))
    return hands


def defender_cases(rng: random.Random, n: int) -> list[tuple[int, int, int]]:
    """A knocker's run and set of three on the table, and a defender's 10 cards near them."""
    cases = []
    for _ in range(n):
        deck = list(DECK)
        rng.shuffle(deck)
        suit = rng.choice("SHDC")
        low = rng.randint(1, 11)
        run = [c for c in deck if c.suit == suit and low <= c.rank < low + 3]
        rank = rng.choice([r for r in range(1, 14) if not low <= r < low + 3])
        trio = [c for c in deck if c.rank == rank][:3]
        fourth = next(c for c in deck if c.rank == rank and c not in trio)
        rest = [c for c in deck if c not in run and c not in trio]
        near = [c for c in rest if abs(c.rank - low - 1) <= 4 or c.rank == rank]
        hand = rng.sample(near, 10)
        set_layoffs = bit_of(fourth)
        cases.append((mask_of(hand), mask_of(run), set_layoffs))
    return cases


def rate(label: str, target: int | None, run_once, items) -> None:
    """Time `run_once` over `items` for at least SECONDS and print hands per second."""
    done = 0
    start = time.process_time()
    while True:
        for item in items:
            run_once(item)
        done += len(items)
        elapsed = time.process_time() - start
        if elapsed >= SECONDS:
            break
    per_second = done / elapsed
    goal = f"target {target:>9,}" if target else "no target"
    verdict = "" if not target else ("  ok" if per_second >= target else "  BELOW TARGET")
    print(f"{label:<34} {per_second:>11,.0f} hands/s   {goal}{verdict}")


def main() -> None:
    """Print hands per second for each kind of hand."""
    rng = random.Random(7)
    rate("10 cards, uniform", 200_000, solve_mask, uniform_hands(rng, 20_000, 10))
    rate("10 cards, dense (5 ranks)", 100_000, solve_mask, dense_hands(rng, 20_000, 10))
    rate("11 cards, best discard, uniform", 30_000, best_discard_mask, uniform_hands(rng, 20_000, 11))
    rate("11 cards, best discard, dense", 30_000, best_discard_mask, dense_hands(rng, 20_000, 11))
    rate(
        "defender with lay-offs",
        None,
        lambda case: defender_arrangements(*case),
        defender_cases(rng, 5_000),
    )
    # for scale: the whole JSON answer from text, listing every optimal arrangement
    texts = [" ".join(map(str, cards_of_mask(h))) for h in uniform_hands(rng, 2_000, 10)]
    rate("gin_arrange end to end, 10 uniform", None, gin_arrange, texts)


if __name__ == "__main__":
    main()
