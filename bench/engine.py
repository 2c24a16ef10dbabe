"""How fast the rules engine checks melds and scores sessions.

Run with ``.venv/bin/python bench/engine.py`` (or ``make bench``); an optional
argument sets the seconds per line (default 2). Figures are this process's
CPU time, so other work on the machine does not skew them. A table scores a
whole session again after every hand, so the session figures matter most.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

# run from a checkout without installing the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine import check_meld, score_session  # noqa: E402

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0

MELDS = ["7H 8H 9H", "9H JK JK", "KH AH 2H", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "QS QH JK", "9H 10H QH"]


def rummy500_session(hands: int) -> dict:
    """A three-player 500 Rum session of `hands` hands entered card by card, with lay-offs and jokers."""
    hand = {
        "ended": "went_out",
        "went_out": "Ann",
        "players": {
            "Ann": {"melds": ["7H 8H JK", "KS KD KC", "2C 3C 4C 5C"]},
            "Ben": {"melds": ["AS AD AH"], "layoffs": [{"cards": "10H", "onto": {"player": "Ann", "meld": 0}}], "in_hand": "QS 4D 9S"},
            "Cy": {"melds": ["5S 6S 7S"], "layoffs": [{"cards": "6C", "onto": {"player": "Ann", "meld": 2}}], "in_hand": "JK 2D"},
        },
    }
    return {"game": "rummy500", "options": {"target": 10**9}, "players": ["Ann", "Ben", "Cy"], "hands": [hand] * hands}


def rate(label: str, call) -> None:
    """Print how many calls per second `call` manages."""
    count = 0
    start = time.process_time()
    while time.process_time() - start < SECONDS:
        call()
        count += 1
    elapsed = time.process_time() - start
    print(f"{label:<44} {count / elapsed:>10,.0f} /s   {1000 * elapsed / count:8.3f} ms each")


def main() -> None:
    """Print one line per measurement."""
    for meld in MELDS:
        rate(f"check_meld {meld[:30]!r}", lambda meld=meld: check_meld(meld))
    for hands in (1, 20, 100):
        body = rummy500_session(hands)
        rate(f"score_session, 500 Rum, {hands} hands", lambda body=body: score_session(body))


if __name__ == "__main__":
    main()
