"""Rejoining a pool game (Indian Rummy): a rejoin the table confirms on the scoreboard, carried by the next hand.

The stored hands stay the truth: a hand names the players dealt back in from it
(its "rejoined") and the engine sets their totals. Between the confirmation and
that hand's save the rejoin is a mark on the player's seat (SeatChange.rejoins_at,
the hand it is for): the scoreboard and the hand form show it, saving the hand
moves it into the hand in the same commit, undoing or deleting a hand clears it
(it was judged on totals that changed), and a mark for any other hand is not
used. Whether a player may rejoin, and at
what total, is the engine's answer (engine.Scoring.rejoin_offers), never worked
out here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.tables.seats import NotChanged, change_of, commit_change, seat_of

if TYPE_CHECKING:  # the table reads the marks itself, and hands itself to the changes here
    from scorekeeper.tables.table import Table

# how a hand names the players dealt back in from it (engine: Hand.rejoined)
REJOINED = "rejoined"


def named(data: dict[str, Any]) -> list[str]:
    """The players a stored hand deals back in."""
    rejoined = data.get(REJOINED)
    return [name for name in rejoined if isinstance(name, str)] if isinstance(rejoined, list) else []


def confirm(table: Table, name: str) -> int:
    """Deal `name` back in from the next hand; the total they come back on. One transaction.

    Raises NotChanged saying why when the rules (or the table's options) do not let them rejoin now.
    """
    gs = table.game
    seat = seat_of(table, name)
    if name not in gs.playing_names:
        raise NotChanged(f"{name} has left this game.")
    if name in table.pending_rejoins:
        raise NotChanged(f"{name} already rejoins from hand {table.next_position}.")
    scoring = table.standing.scoring
    if scoring is None:
        raise NotChanged("the hands no longer score: fix the hand the scoreboard names first.")
    why = scoring.rejoin_refusal(name)
    if why is not None:
        raise NotChanged(f"{why}.")
    total = scoring.rejoin_offers()[name]
    change_of(gs, seat.seat).rejoins_at = table.next_position
    commit_change(table)
    return total


def cancel(table: Table, name: str) -> None:
    """Take back a rejoin confirmed for the next hand, before that hand is entered. One transaction."""
    seat = seat_of(table, name)
    if name not in table.pending_rejoins:
        raise NotChanged(f"{name} is not rejoining the next hand.")
    change_of(table.game, seat.seat).rejoins_at = None
    commit_change(table)


def carried(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """The next hand's entry with the rejoins confirmed for it added to its "rejoined" (`data` is not changed)."""
    names = table.pending_rejoins
    if not names:
        return data
    already = named(data)
    return {**data, REJOINED: already + [name for name in names if name not in already]}


def clear(table: Table) -> None:
    """Clear every rejoin mark at the table: the next hand carries them (called in that hand's transaction, which commits)."""
    for change in table.game.seat_changes:
        change.rejoins_at = None
