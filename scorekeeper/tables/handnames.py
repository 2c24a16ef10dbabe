"""Player names inside stored hands: a hand names its players (the hand shape of the scoring API body).

Renaming a player, or matching an imported name to a player already here,
rewrites every place a hand names them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def rename_players(hand: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A copy of a stored hand with player names replaced (every place a hand names a player).

    >>> rename_players({"went_out": "ann", "points": {"ann": 5, "Ben": 0}}, {"ann": "Ann"})
    {'went_out': 'Ann', 'points': {'Ann': 5, 'Ben': 0}}
    >>> rename_players({"seated": ["ann", "Cy"], "players": {"Cy": {"layoffs": [
    ...     {"cards": "4H", "onto": {"player": "ann", "meld": 0}}]}}}, {"ann": "Ann"})["players"]["Cy"]
    {'layoffs': [{'cards': '4H', 'onto': {'player': 'Ann', 'meld': 0}}]}
    """
    def rename(name: Any) -> Any:
        return names.get(name, name) if isinstance(name, str) else name

    copy = json.loads(json.dumps(hand))
    if isinstance(copy.get("seated"), list):
        copy["seated"] = [rename(name) for name in copy["seated"]]
    if "went_out" in copy:
        copy["went_out"] = rename(copy["went_out"])
    if isinstance(copy.get("points"), dict):
        copy["points"] = {rename(k): v for k, v in copy["points"].items()}
    if isinstance(copy.get("players"), dict):
        copy["players"] = {rename(k): v for k, v in copy["players"].items()}
        _rename_layoff_owners(copy["players"].values(), rename)
    return copy


def _rename_layoff_owners(entries: Any, rename: Callable[[Any], Any]) -> None:
    """Rename, in place, whose meld each lay-off of these players' entries goes onto."""
    for entry in entries:
        for layoff in entry.get("layoffs") or [] if isinstance(entry, dict) else []:
            if isinstance(layoff, dict) and isinstance(layoff.get("onto"), dict):
                layoff["onto"]["player"] = rename(layoff["onto"].get("player"))
