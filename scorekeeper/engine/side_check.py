"""One side's score for a hand as typed so far: the hand form's live figure, where a side scores on its own (Canasta).

In a game whose `side_scores_alone` flag is set, what a side scores for a hand
depends only on its own cards and counts and on whether it went out (and
concealed): no side collects another's cards. So its whole score, bonuses
included, can be worked out before the other sides are typed, by the very
code that scores the saved hand.

>>> body = check_side({"melds": ["8H 8S 8D 8C 8H 8S 8D", "4H 4S 4D"], "red_threes": 2},
...                   game="canasta", went_out=True)
>>> body["score"], [(line["points"], line["for"]) for line in body["lines"]]
(885, [(85, 'melded'), (500, 'a natural canasta of 8'), (200, '2 red threes'), (100, 'going out')])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.answers import SideAnswer, SideLine
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games.base import Rules
from scorekeeper.engine.hands import read_hand
from scorekeeper.engine.played import Hand
from scorekeeper.engine.rules import table_rules
from scorekeeper.engine.scoring import hand_parts


def check_side(
    entry: object,
    game: str = "canasta",
    options: Mapping[str, Any] | None = None,
    went_out: bool = False,
    concealed: bool = False,
    name: str = "this side",
) -> SideAnswer:
    """A side's score for a hand from its entry alone: `score`, its `lines`, or the `reason` it cannot be scored.

    `entry` is a player entry of a scored hand (``melds``, ``layoffs``,
    ``in_hand`` and the game's counts), except that a lay-off names the index
    of the side's own meld it goes onto (``{"cards": "JK", "meld": 0}``).
    `name` is the side's, as the engine's reasons name it. `lines` are ``melded`` (the cards melded and laid off), each bonus as the
    scored hand words it, and ``in hand`` (negative). A hand Save would
    refuse for this side answers `score` None with the engine's reason;
    InputError for what cannot be read, as the meld check.
    """
    rules = table_rules(game, options)
    entry = _side_entry(rules, entry, name)
    hand = {
        "ended": "went_out" if went_out else "stock_exhausted",
        "went_out": name if went_out else None,
        "concealed": bool(went_out and concealed),
        "players": {name: _own_layoffs(entry, name)},
    }
    try:
        read = read_hand(hand, 1, rules, [name], remember=False)
    except RulesError as exc:
        return {"score": None, "lines": [], "reason": _unnamed(str(exc))}
    except InputError as exc:
        raise InputError(_unnamed(str(exc))) from None
    return _side_score(read, rules, name)


def _side_entry(rules: Rules, entry: object, name: object) -> Mapping[str, Any]:
    """`entry`, once the game scores a side alone and `entry` and `name` are a side's entry and name; else InputError."""
    if not rules.variant.side_scores_alone:
        raise InputError(f"in {rules.name} a side's score depends on the other players' cards: check the whole hand")
    if not isinstance(name, str) or not name.strip():
        raise InputError("`name` must be the side's name, like \"Ann & Cy\"")
    if not isinstance(entry, Mapping):
        raise InputError("the side's entry must be an object with melds, layoffs, in_hand and the game's counts")
    return entry


def _side_score(read: Hand, rules: Rules, name: str) -> SideAnswer:
    """The side's score for its one-side hand, read, and how it adds up: melded, each bonus, in hand."""
    scores, bonuses = hand_parts(read, rules, [name])
    side = read.players[name]
    lines: list[SideLine] = [{"points": side.melded_points, "for": "melded"}]
    lines += [{"points": points, "for": label} for _, points, label in bonuses]
    if side.in_hand_points:
        lines.append({"points": -side.in_hand_points, "for": "in hand"})
    return {"score": scores[name], "lines": lines, "reason": None}


def _own_layoffs(entry: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The entry with each lay-off placed onto the side's own meld (`meld` is its index), as scoring reads it."""
    layoffs = entry.get("layoffs") or []
    if not isinstance(layoffs, list):
        raise InputError("`layoffs` must be a list of {\"cards\": ..., \"meld\": <index of the side's meld>}")
    placed = []
    for number, layoff in enumerate(layoffs, start=1):
        if not isinstance(layoff, Mapping) or "cards" not in layoff:
            raise InputError(f"lay-off {number} must be an object with `cards` and `meld`")
        placed.append({"cards": layoff["cards"], "onto": {"player": name, "meld": layoff.get("meld")}})
    return {**entry, "layoffs": placed}


def _unnamed(message: str) -> str:
    """The engine's message about the one-side hand, without its hand number."""
    return message.removeprefix("hand 1: ")
