"""Who plays which hand: players who join a game late, or leave it, scored by the hands they are in.

A session's body may say, beside its ``players`` (everyone who ever sat at
the table, in seat order):

- per hand, ``"seated"``: the players dealt into that hand (everyone when absent);
- ``"late_start"``: for a player who joined after hand 1, ``"zero"`` (the
  default) or ``"lowest"``: their total starts, at their first hand, at the
  lowest total among the players of the hand before it;
- ``"left"``: players who have left: kept in the hands they played, no longer
  at the table, so they neither lead nor win from then on.

A player scores only in the hands they are in; their total is their start
plus those hands' scores.

>>> s = read_seating({"late_start": {"Cy": "lowest"}, "left": ["Ann"]}, ["Ann", "Ben", "Cy"],
...                  [{}, {"seated": ["Ben", "Cy"]}])
>>> s.hands, s.table, s.late_start
([['Ann', 'Ben', 'Cy'], ['Ben', 'Cy']], ['Ben', 'Cy'], {'Cy': 'lowest'})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.errors import InputError

STARTS = ("zero", "lowest")


@dataclass(frozen=True, slots=True)
class Seating:
    """The players of each hand, how late players start, and who has left."""

    names: list[str]
    hands: list[list[str]]
    late_start: dict[str, str]
    left: frozenset[str]

    @property
    def changed(self) -> bool:
        """True when someone joined late or left: not every player is in every hand."""
        return bool(self.left or self.late_start) or any(len(h) != len(self.names) for h in self.hands)

    @property
    def table(self) -> list[str]:
        """The players still at the table, in seat order."""
        return [name for name in self.names if name not in self.left]

    def start(self, name: str, previous: list[str] | None, totals: Mapping[str, int]) -> int:
        """Where a player's total starts at their first hand, given the players of the hand before it."""
        if self.late_start.get(name) != "lowest" or not previous:
            return 0
        return min(totals[other] for other in previous)


def read_seating(body: Mapping[str, Any], names: list[str], hands: list[Any]) -> Seating:
    """Read who is in each hand, the late starts and who left; InputError names what is wrong."""
    seated = [read_seated(raw, names, number) for number, raw in enumerate(hands, start=1)]
    late = body.get("late_start") or {}
    if not isinstance(late, Mapping):
        raise InputError('`late_start` must map late players\' names to "zero" or "lowest"')
    for name, start in late.items():
        if name not in names:
            raise InputError(f"`{name}` has a late start but is not a player in this session")
        if start not in STARTS:
            raise InputError(f'{name}\'s late start must be "zero" or "lowest", not {start!r}')
    left = body.get("left") or []
    if not isinstance(left, list) or any(name not in names for name in left):
        raise InputError("`left` must list players of this session who have left")
    if len(left) == len(names):
        raise InputError("`left` lists every player: somebody must still be at the table")
    return Seating(names, seated, dict(late), frozenset(left))


def read_seated(raw: object, names: list[str], number: int) -> list[str]:
    seated = raw.get("seated") if isinstance(raw, Mapping) else None
    if seated is None:
        return names
    if not isinstance(seated, list) or not seated:
        raise InputError("`seated` must list the players dealt into the hand", hand=number, field="seated")
    for name in seated:
        if name not in names:
            raise InputError(f"`{name}` is seated in the hand but is not a player in this session", hand=number)
    if len(set(seated)) != len(seated):
        raise InputError("`seated` names a player twice", hand=number)
    # seat order, whatever order they were listed in
    return [name for name in names if name in seated]
