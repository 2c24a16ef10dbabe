"""A hand's entry as the hand form's field values (as a browser would post them).

The edit form shows a stored hand in these values, the next hand's form is filled
with the players' own parts in them, and two entries of one player are the same
when their values are (what a part sent from a phone is compared in).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine import Game, Option
from scorekeeper.engine.games.base import Leaving


def _text(cards: Any) -> str:
    # null is what an imported file may hold for "no cards": the engine reads it as none, so does the form
    if cards is None:
        return ""
    return cards if isinstance(cards, str) else " ".join(cards)


def data_to_formdata(
    data: dict[str, Any], names: list[str], counts: tuple[Option, ...] = (), leavings: tuple[Leaving, ...] = (),
    game: Game | None = None,
) -> dict[str, Any]:
    """Form values (as a browser would post them) showing a stored hand, for the edit form.

    `leavings`: the game's ways of leaving a hand without cards, shown as each player's choice; `game` reads a
    hand stored in its own shape (Game.entries_of: Rummikub's racks).
    """
    values: dict[str, Any] = {
        "ended": data.get("ended", "went_out"),
        "went_out": data.get("went_out") or "",
    }
    if data.get("wild_rank"):
        values["wild_rank"] = str(data["wild_rank"])
    if data.get("concealed"):
        values["concealed"] = "y"
    if "points" in data:
        for i, name in enumerate(names):
            values[f"points-{i}"] = str(data["points"].get(name, 0))
        return values
    if data.get("big_gin"):
        values["big_gin"] = "y"
    entries = game.entries_of(data) if game is not None else data.get("players", {})
    for seat, name in enumerate(names):
        player = entries.get(name, {})
        values |= player_values(player, names, f"players-{seat}-", 0, counts)
        if leavings:
            values[f"players-{seat}-state"] = leaving_state(player, leavings)
    return values


def leaving_state(player: dict[str, Any], leavings: tuple[Leaving, ...]) -> str:
    """The state of the way a stored player's entry says they left the hand ("" when they played it out)."""
    for leaving in leavings:
        if all(player.get(key) == value for key, value in leaving.fields):
            return leaving.state
    return ""


def player_values(
    player: dict[str, Any], names: list[str], prefix: str, owner_unknown: int, counts: tuple[Option, ...] = ()
) -> dict[str, str]:
    """Form values showing one player's stored melds, lay-offs and cards left, each field name after `prefix`.

    One blank meld row and one blank lay-off row follow those entered, so
    more can be added while editing. A lay-off onto a player not seated here
    points at seat `owner_unknown`.
    """
    values: dict[str, str] = {}
    for row, meld in enumerate(list(player.get("melds") or []) + [""]):
        values[f"{prefix}melds-{row}"] = _text(meld)
    for row, layoff in enumerate(list(player.get("layoffs") or []) + [None]):
        if layoff is None:
            values[f"{prefix}layoffs-{row}-cards"] = ""
            values[f"{prefix}layoffs-{row}-onto"] = ""
            continue
        target = layoff.get("onto", {})
        owner = names.index(target["player"]) if target.get("player") in names else owner_unknown
        values[f"{prefix}layoffs-{row}-cards"] = _text(layoff.get("cards"))
        values[f"{prefix}layoffs-{row}-onto"] = f"{owner}:{target.get('meld', 0)}"
    values[f"{prefix}in_hand"] = _text(player.get("in_hand"))
    for index, count in enumerate(counts):
        values[f"{prefix}counts-{index}"] = str(player.get(count.name) or "")
    return values
