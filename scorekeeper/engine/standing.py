"""Where a game stands after a hand: who leads, who has won and why, and the game-end bonuses.

The games (engine.games) decide their standing through these pieces: the
highest total at or above the target wins (:func:`highest_wins`), or the
lowest total once someone reaches it (:func:`lowest_wins`), or only the
player who goes out (:func:`must_go_out`).

>>> highest_wins({"Ann": 510, "Ben": 420}, {"Ann": 0, "Ben": 0}, 500, first_to_target=False).reason
'Ann reached 510, the highest at or above 500'
>>> lowest_wins({"Ann": 101, "Ben": 40}, 100).winner
'Ben'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

# one part of a hand's score that does not come from a side's own cards: (side, points, what it is for)
Line = tuple[str, int, str]


@dataclass(slots=True)
class Standing:
    """Where the game stands after a hand."""

    status: str = "in_progress"
    winner: str | None = None
    reason: str = ""
    bonuses: dict[str, int] = field(default_factory=dict)
    lines: list[Line] = field(default_factory=list)  # the bonuses one by one, with what each is for
    sharing: list[str] = field(default_factory=list)  # the sides level at the top of a finished game they share

    def add_bonus(self, side: str, points: int, label: str) -> None:
        """Add a game-end bonus (none when `points` is 0), to the total per side and to the lines."""
        if points:
            self.bonuses[side] = self.bonuses.get(side, 0) + points
            self.lines.append((side, points, label))


def names_joined(names: list[str]) -> str:
    """Names in words: "Ann", "Ann and Ben", "Ann, Ben and Cy"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def winner_words(winner: object) -> str:
    """A session's `winner` in words: "Ann", or "Ann and Ben" for a win shared (a list, as Rummikub answers
    one); "" for none.

    >>> winner_words("Ann"), winner_words(["Ann", "Ben"]), winner_words(None)
    ('Ann', 'Ann and Ben', '')
    """
    if isinstance(winner, list):
        return names_joined([str(name) for name in winner]) if winner else ""
    return str(winner) if winner else ""


def won_by(winner: object, side: str) -> bool:
    """True when `side` won a session whose answer names `winner`, alone or sharing the win."""
    return side in winner if isinstance(winner, list) else winner == side


def leaders(totals: dict[str, int], lowest: bool = False) -> list[str]:
    """The sides on the best total (the lowest when `lowest`)."""
    best = min(totals.values()) if lowest else max(totals.values())
    return [side for side, total in totals.items() if total == best]


def split_partnership(side: str) -> tuple[str, ...]:
    """The players of a side entered under one name ("Ann & Cy", "Ann, Ben & Cy"); the name alone otherwise.

    >>> split_partnership("Ann & Cy"), split_partnership("Ann, Ben & Cy"), split_partnership("Ann")
    (('Ann', 'Cy'), ('Ann', 'Ben', 'Cy'), ('Ann',))
    >>> split_partnership("Ann & ann")
    ('Ann & ann',)
    """
    names = tuple(part.strip() for part in side.replace("&", ",").split(",") if part.strip())
    # one name, or the same person twice, is no partnership the table could mean: the side stays whole
    if len(names) < 2 or len({name.lower() for name in names}) < len(names):
        return (side,)
    return names


@dataclass(frozen=True, slots=True)
class Place:
    """A side's place in the standings: its rank (a tie shares one; 0 once it has left the table), name and total."""

    rank: int
    side: str
    total: int


def ranked(totals: Mapping[str, int], lowest: bool = False, left: Collection[str] = ()) -> list[Place]:
    """The sides best first, as the game ranks them (the lowest total first when `lowest`); seat order within a tie.

    A tie shares its rank and the next rank skips past it; the sides in `left` (players who
    left the table, who neither lead nor win) follow the others, unranked.

    >>> [(p.rank, p.side) for p in ranked({"Ann": 40, "Ben": 90, "Cy": 90})]
    [(1, 'Ben'), (1, 'Cy'), (3, 'Ann')]
    >>> [(p.rank, p.side) for p in ranked({"Ann": 40, "Ben": 90, "Cy": 12}, lowest=True, left=["Cy"])]
    [(1, 'Ann'), (2, 'Ben'), (0, 'Cy')]
    """
    playing = [side for side in totals if side not in left]
    # sorted() is stable: players on the same total stay in seat order
    order = sorted(playing, key=lambda side: totals[side] if lowest else -totals[side])
    places: list[Place] = []
    for number, side in enumerate(order, start=1):
        tied = places and totals[places[-1].side] == totals[side]
        places.append(Place(places[-1].rank if tied else number, side, totals[side]))
    return places + [Place(0, side, totals[side]) for side in totals if side in left]


def toward_target(totals: dict[str, int], concealed_bonus: dict[str, int]) -> dict[str, int]:
    """Each side's total as the end rule measures it: less Oklahoma's 250s for going rummy (zero elsewhere)."""
    return {side: total - concealed_bonus[side] for side, total in totals.items()}


def _short_without_bonuses(totals: dict[str, int], counted: dict[str, int], target: int) -> str:
    """The sides at or over the target only thanks to going-rummy bonuses, in words ("" when none)."""
    # Oklahoma: totals at or over the target only thanks to 250s for going out concealed do not count
    return "; ".join(
        f"{side} has {totals[side]}, {counted[side]} without going-rummy bonuses"
        for side in totals
        if totals[side] >= target > counted[side]
    )


def highest_wins(
    totals: dict[str, int], concealed_bonus: dict[str, int], target: int, first_to_target: bool
) -> Standing:
    """The highest total at or above the target wins; a tie there waits for another hand.

    `first_to_target` words a lone winner as the first to reach the target
    (games where the totals only grow by the winner's points).
    """
    counted = toward_target(totals, concealed_bonus)
    reached = [side for side in totals if counted[side] >= target]
    short = _short_without_bonuses(totals, counted, target)
    if not reached:
        return Standing(reason=f"{short}; nobody has reached {target}" if short else f"nobody has reached {target}")
    best = max(totals[side] for side in reached)
    top = [side for side in reached if totals[side] == best]
    if len(top) > 1:
        return Standing(reason=f"{names_joined(top)} are tied on {best}: another hand decides")
    winner = top[0]
    if first_to_target and len(reached) == 1:
        reason = f"{winner} reached {best}, the first to {target}"
    else:
        reason = f"{winner} reached {best}, the highest at or above {target}"
    return Standing("finished", winner, reason + _bonus_notes(winner, concealed_bonus, counted, short, target))


def _bonus_notes(winner: str, concealed_bonus: dict[str, int], counted: dict[str, int], short: str, target: int) -> str:
    """What a win's reason adds about going-rummy bonuses: the winner's total without them, and who is short
    of the target without them."""
    notes = ""
    if concealed_bonus[winner]:
        notes += f" ({counted[winner]} without going-rummy bonuses)"
    if short:
        notes += f"; {short}, short of {target}"
    return notes


def reached_at_all(totals: dict[str, int], concealed_bonus: dict[str, int], target: int) -> bool:
    """True when some side counts the target toward the end rule (Oklahoma's 250s left out)."""
    counted = toward_target(totals, concealed_bonus)
    return any(total >= target for total in counted.values())


def must_go_out(totals: dict[str, int], target: int, goer: str | None) -> Standing:
    """Only the player who goes out, at or above the target, can win."""
    if goer is None:
        return Standing(reason=f"nobody went out, and only the player who goes out at or above {target} can win")
    if totals[goer] < target:
        return Standing(
            reason=f"{goer} went out with {totals[goer]}, short of {target}; only the player who goes out can win"
        )
    return Standing("finished", goer, f"{goer} went out and reached {totals[goer]}, at or above {target}")


def lowest_wins(totals: dict[str, int], target: int) -> Standing:
    """Once a total reaches the target the lowest total wins; a tie for it waits for another hand."""
    reached = [side for side, total in totals.items() if total >= target]
    if not reached:
        return Standing(reason=f"nobody has reached {target}")
    high = names_joined(reached)
    lowest = min(totals.values())
    bottom = [side for side, total in totals.items() if total == lowest]
    if len(bottom) > 1:
        return Standing(
            reason=f"{high} reached {target}; {names_joined(bottom)} are tied for the lowest total on {lowest}:"
            f" another hand decides"
        )
    return Standing("finished", bottom[0], f"{high} reached {target}: {bottom[0]} wins with the lowest total, {lowest}")


def after_deals(totals: dict[str, int], number: int, deals: int, lowest: bool = True, word: str = "deal") -> Standing:
    """A game of a fixed number of deals: after the last, the lowest total wins (the highest when not `lowest`);
    a tie for it shares the game. `word` is the game's word for a deal (Rummikub: "round").

    >>> after_deals({"Ann": 40, "Ben": 25}, 3, 7).reason
    '4 of 7 deals still to play'
    >>> after_deals({"Ann": 40, "Ben": 25}, 7, 7).winner
    'Ben'
    >>> after_deals({"Ann": 25, "Ben": 25, "Cy": 60}, 7, 7).reason
    'after the last deal, Ann and Ben share the game on the lowest total, 25'
    """
    if number < deals:
        left = deals - number
        return Standing(reason=f"{left} of {deals} {word}s still to play")
    best = min(totals.values()) if lowest else max(totals.values())
    which = "lowest" if lowest else "highest"
    top = [side for side, total in totals.items() if total == best]
    if len(top) > 1:
        why = f"after the last {word}, {names_joined(top)} share the game on the {which} total, {best}"
        return Standing("finished", None, why, sharing=top)
    return Standing("finished", top[0], f"after the last {word}, {top[0]} wins with the {which} total, {best}")


def before_play(target: int | None, deals: int | None, word: str = "deal") -> str:
    """The reason a game gives before it can end: the deals to play, or the target nobody has reached."""
    if deals is not None:
        return f"{deals} of {deals} {word}s still to play"
    if target is None:
        return "no hands played yet"
    return f"nobody has reached {target}"
