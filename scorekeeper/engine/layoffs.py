"""Placing lay-offs on the melds they extend, re-reading unwritten wild cards when the first readings do not fit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from scorekeeper.engine.cards import MeldCard
from scorekeeper.engine.errors import RulesError
from scorekeeper.engine.games.base import Rules
from scorekeeper.engine.melds import Reading, check, extend, meld_points
from scorekeeper.engine.played import Hand, LayOff, Problems, entry_label
from scorekeeper.engine.rules import table_rules


def layoff_owners(
    game: str, options: Mapping[str, Any] | None, player: str, players: list[str], went_out: str | None
) -> list[str]:
    """The players (of `players`, in order) onto whose melds `player` may lay off when `went_out` went out.

    The same rule the scorer applies (the game's ``layoff_refusal``), for the forms' lists.

    >>> layoff_owners("oklahoma", {}, "Ben", ["Ann", "Ben"], "Ann")
    ['Ben']
    >>> layoff_owners("gin", {}, "Ben", ["Ann", "Ben"], "Ann"), layoff_owners("gin", {}, "Ann", ["Ann", "Ben"], "Ann")
    (['Ann'], [])
    """
    rules = table_rules(game, options)
    return [owner for owner in players if rules.variant.layoff_refusal(rules, player, owner, went_out) is None]


def place_layoffs(hand: Hand, rules: Rules, problem: Problems) -> None:
    """Place every lay-off of the hand on the meld it extends, refusing one the game's rules forbid (or its player)."""
    pending = _allowed_layoffs(hand, rules, problem)
    # lay-offs onto one meld never touch another meld: place them meld by meld
    onto: dict[tuple[str, int], list[tuple[str, int, LayOff]]] = {}
    for item in pending:
        onto.setdefault((item[2].owner, item[2].meld), []).append(item)
    joined: set[tuple[str, int]] = set()
    for target, items in onto.items():
        whole = _place_on_meld(target, items, hand, rules, problem)
        owner, index = target
        if rules.variant.layoffs_join_melds and all(name == owner for name, _, _ in items):
            # the meld as it lies on the table, every card laid off on it included: canastas are decided on it
            hand.players[owner].melds[index] = whole
            joined.update((name, at) for name, at, _ in items)
    if joined:
        for name, player in hand.players.items():
            player.layoffs = [x for at, x in enumerate(player.layoffs) if (name, at) not in joined]


def _allowed_layoffs(hand: Hand, rules: Rules, problem: Problems) -> list[tuple[str, int, LayOff]]:
    """Every lay-off of the hand (its player, its index, itself), in entry order, each onto a meld that exists
    and allowed by the game's rules; the first that is not is refused."""
    pending: list[tuple[str, int, LayOff]] = []
    unmelded = rules.variant.layoff_needs_own_meld
    for name, player in hand.players.items():
        if unmelded and player.layoffs and not player.melds:
            raise problem(RulesError, f"{name}{unmelded}", name, field="layoffs", layoff=0)
        for index, layoff in enumerate(player.layoffs):
            _check_layoff_target(name, index, layoff, hand, rules, problem)
            pending.append((name, index, layoff))
    return pending


def _check_layoff_target(name: str, index: int, layoff: LayOff, hand: Hand, rules: Rules, problem: Problems) -> None:
    """Refuse a lay-off onto a meld its owner did not meld, or onto a player the game's rules forbid."""
    owner_melds = len(hand.players[layoff.owner].melds)
    if not 0 <= layoff.meld < owner_melds:
        has = f"{layoff.owner} melded {owner_melds}" if owner_melds else f"{layoff.owner} melded nothing"
        raise problem(
            RulesError, f"{entry_label(name, 'layoffs', index)} is onto {layoff.owner}'s meld {layoff.meld + 1}, but {has}",
            name, field="layoffs", layoff=index,
        )
    refused = rules.variant.layoff_refusal(rules, name, layoff.owner, hand.went_out)
    if refused is not None:
        raise problem(RulesError, f"{entry_label(name, 'layoffs', index)}{refused}", name, field="layoffs", layoff=index)


def _place_on_meld(
    target: tuple[str, int], items: list[tuple[str, int, LayOff]], hand: Hand, rules: Rules, problem: Problems
) -> Reading:
    """Place every lay-off onto one meld, re-reading unpinned wild cards when the first readings do not fit.

    Returns the meld with every lay-off on it, as read.

    docs/rules.md section 2: a wild card's reading never changes once melded, but
    where the player did not write it (``JK`` rather than ``JK=6H``) any legal
    reading may be the one played. Lay-offs may be entered in any order. So
    the first readings are tried first, then (by a bounded search) the other
    readings of the meld and of wild cards laid off, before refusing.
    """
    owner, index = target
    meld = hand.players[owner].melds[index]
    placed = _fit(meld, items, rules, hand.wild_rank, every=False, budget=[1])
    if placed is None:
        readings = check(hand.players[owner].entered[index], rules, hand.wild_rank).readings or (meld,)
        budget = [400]  # lay-off searches stay small: a few lay-offs onto a meld, each with a few readings
        for reading in readings:
            placed = _fit(reading, items, rules, hand.wild_rank, every=True, budget=budget)
            if placed is not None:
                hand.players[owner].melds[index] = reading
                break
    if placed is None:
        _refuse_layoff(meld, items, hand, rules, problem)
    points, whole = placed
    for (_, _, layoff), scored in zip(items, points):
        layoff.points = scored
    return whole


def _fit(
    meld: Reading, items: list[tuple[str, int, LayOff]], rules: Rules, wild_rank: int | None, every: bool, budget: list[int]
) -> tuple[list[int], Reading] | None:
    """Points of each lay-off (in `items` order) and the meld with all of them on it, when all fit onto `meld`
    in some order and reading; else None.

    With `every` False: the first reading of each longer meld only, in as few
    passes as the entry order needs (the common case). `budget` bounds the
    search when every reading is tried.
    """
    points: dict[int, int] = {}
    whole: list[Reading] = []

    def search(reading: Reading, left: list[int]) -> bool:
        if not left:
            whole.append(reading)
            return True
        for position in left:
            layoff = items[position][2]
            result = extend(reading, layoff.cards, rules, wild_rank, every=every)
            for longer in result.readings if every else result.readings[:1]:
                if every:
                    if budget[0] <= 0:
                        return False
                    budget[0] -= 1
                rest = [p for p in left if p != position]
                if search(longer, rest):
                    added = set(range(len(reading.cards), len(longer.cards)))
                    points[position] = meld_points(longer, rules, wild_rank, only=added)
                    return True
            if not every and result.legal:
                return False  # the first reading fits but the rest do not: the full search decides
        return False

    if not search(meld, list(range(len(items)))):
        return None
    return [points[p] for p in range(len(items))], whole[0]


def _first_misfit(
    meld: Reading, items: list[tuple[str, int, LayOff]], rules: Rules, wild_rank: int | None
) -> tuple[Reading, tuple[str, int, LayOff]]:
    """The meld with every lay-off that fits laid on (first readings, any order), and the first that does not."""
    pending = list(items)
    progress = True
    while progress:
        progress = False
        for item in list(pending):
            result = extend(meld, item[2].cards, rules, wild_rank, every=False)
            if result.legal:
                meld = result.reading
                pending.remove(item)
                progress = True
    return meld, pending[0]


def _readings_note(meld: Reading, entered: list[MeldCard], rules: Rules, wild_rank: int | None) -> str:
    """What a refusal adds about the wild cards' readings: all written, or read so, and how to pin one."""
    read = [c for c in meld.cards if c.stands_for is not None and rules.is_wild(c.card, wild_rank)]
    if not read:
        return ""
    if not any(c.stands_for is None and rules.is_wild(c.card, wild_rank) for c in entered):
        return " (every wild card's reading was written: " + " ".join(str(c) for c in read) + ")"
    wilds = ", ".join(f"{c.card} stands for {c.stands_for}" for c in read)
    return (
        f" (as read, {wilds}, and no other reading of the wild cards lets it fit;"
        f" a reading is pinned by writing it, like {read[0].card}={read[0].stands_for})"
    )


def _refuse_layoff(
    meld: Reading, items: list[tuple[str, int, LayOff]], hand: Hand, rules: Rules, problem: Problems
) -> NoReturn:
    """Refuse the first lay-off that does not fit the meld as it stands after those that do (first readings)."""
    wild_rank = hand.wild_rank
    meld, (name, index, layoff) = _first_misfit(meld, items, rules, wild_rank)
    reason = extend(meld, layoff.cards, rules, wild_rank).reason or ""
    shown = " ".join(str(c) for c in layoff.cards)
    on_table = " ".join(str(c) for c in meld.cards)
    entered = [*hand.players[layoff.owner].entered[layoff.meld], *(c for _, _, x in items for c in x.cards)]
    reason += _readings_note(meld, entered, rules, wild_rank)
    raise problem(
        RulesError,
        f"{entry_label(name, 'layoffs', index)} ({shown}) does not fit {layoff.owner}'s meld {layoff.meld + 1}"
        f" ({on_table}): {reason}",
        name, field="layoffs", layoff=index,
    )
