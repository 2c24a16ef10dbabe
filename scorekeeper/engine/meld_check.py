"""The meld check as the JSON API, the command line and the checker page answer it.

>>> body = check_meld("7H 8H JK")
>>> body["legal"], body["kind"], body["points"], body["readings"][0]["represents"]
(True, 'run', 30, ['7H', '8H', '9H'])
>>> check_meld("KH AH 2H")["reason"]
'K-A-2 wraps around: an ace is high or low, not both'
>>> check_meld("7H 8H JK", game="persian")["legal"]
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scorekeeper.engine.cards import CardNotationError, parse_meld_cards, parse_rank
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.games import Rules, table_rules
from scorekeeper.engine.melds import MeldCheck, Reading, check, meld_points


def read_wild_rank(wild_rank: object, rules: Rules, where: str = "") -> int | None:
    """The hand's wild rank as a number (ace 1), required by 5000 Rummy and ignored by the other games."""
    if rules.game != "rummy5000":
        return None
    if wild_rank is None or wild_rank == "":
        raise InputError(f"{where}5000 Rummy needs the hand's wild rank (`wild_rank`), like 7 or K")
    if isinstance(wild_rank, int) and not isinstance(wild_rank, bool):
        if 1 <= wild_rank <= 13:
            return wild_rank
        raise InputError(f"{where}wild rank {wild_rank} is not a rank: ranks are A 2-10 J Q K")
    try:
        return parse_rank(str(wild_rank))
    except CardNotationError as exc:
        raise InputError(f"{where}wild rank {exc}") from None


def reading_body(reading: Reading, rules: Rules, wild_rank: int | None) -> dict[str, Any]:
    """One reading in JSON: its kind, the natural cards it stands for, its points, the cards as placed."""
    return {
        "kind": reading.kind,
        "represents": [str(c) for c in reading.represents],
        "points": meld_points(reading, rules, wild_rank),
        "cards": [str(c) for c in reading.cards],
    }


def check_body(result: MeldCheck, rules: Rules, wild_rank: int | None) -> dict[str, Any]:
    """A meld check's outcome as the API's 200 body."""
    readings = [reading_body(r, rules, wild_rank) for r in result.readings]
    return {
        "legal": result.legal,
        "kind": readings[0]["kind"] if readings else None,
        "cards": [str(c) for c in result.cards],
        "points": readings[0]["points"] if readings else 0,
        "readings": readings,
        "reason": result.reason,
    }


def check_meld(
    cards: str | Iterable[object],
    game: str = "rummy500",
    options: Mapping[str, Any] | None = None,
    wild_rank: object = None,
) -> dict[str, Any]:
    """Check `cards` as one meld of `game`: legal or not, every reading, the points, the reason."""
    rules = table_rules(game, options)
    wild = read_wild_rank(wild_rank, rules)
    try:
        meld = parse_meld_cards(cards)
    except CardNotationError as exc:
        raise InputError(str(exc)) from None
    return check_body(check(meld, rules, wild), rules, wild)
