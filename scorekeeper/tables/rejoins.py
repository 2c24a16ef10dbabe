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

from typing import Any

from scorekeeper.models import GameSession, Hand
from scorekeeper.tables import service
from scorekeeper.tables.seats import NotChanged, change_of, commit_change, seat_of
from scorekeeper.tables.standings_cache import standing

# how a hand names the players dealt back in from it (engine: Hand.rejoined)
REJOINED = "rejoined"


def offers(gs: GameSession) -> dict[str, int]:
    """The players out who may rejoin from the next hand, each with the total they come back on ({} in most games)."""
    scoring = standing(gs).scoring
    return scoring.rejoin_offers() if scoring is not None else {}


def pending(gs: GameSession, position: int | None = None) -> list[str]:
    """The players the table confirmed rejoin from the next hand (number `position`, when the caller knows it)."""
    marks = {change.seat for change in gs.seat_changes if change.rejoins_at is not None}
    if not marks:
        return []
    position = position or service.next_position(gs)
    at = {change.seat for change in gs.seat_changes if change.rejoins_at == position}
    return [seat.player.name for seat in gs.seats if seat.seat in at]


def dealt_in(gs: GameSession, hand: Hand | None = None) -> list[str]:
    """The players dealt into the next hand (or the stored `hand`), in seat order: the engine's answer.

    Everyone at the table, but in a pool game the players out who are not dealt back in
    (engine.Scoring.dealt_in); everyone at the table while the hands do not score.
    """
    return _dealt(gs, gs.playing_names if hand is None else gs.names_in(hand.data), hand)


def kept_out(gs: GameSession, hand: Hand | None = None) -> list[str]:
    """The players the game does not deal into the next hand (or the stored `hand`): a pool's players out."""
    names = gs.playing_names if hand is None else gs.player_names
    dealt = _dealt(gs, names, hand)
    return [name for name in names if name not in dealt]


def _dealt(gs: GameSession, names: list[str], hand: Hand | None) -> list[str]:
    scoring = standing(gs).scoring
    if scoring is None:
        return names
    if hand is None:
        return scoring.dealt_in(names, pending(gs))
    return scoring.dealt_in(names, named(hand.data), hand.position)


def named(data: dict[str, Any]) -> list[str]:
    """The players a stored hand deals back in."""
    rejoined = data.get(REJOINED)
    return [name for name in rejoined if isinstance(name, str)] if isinstance(rejoined, list) else []


def confirm(gs: GameSession, name: str) -> int:
    """Deal `name` back in from the next hand; the total they come back on. One transaction.

    Raises NotChanged saying why when the rules (or the table's options) do not let them rejoin now.
    """
    seat = seat_of(gs, name)
    if name not in gs.playing_names:
        raise NotChanged(f"{name} has left this game.")
    if name in pending(gs):
        raise NotChanged(f"{name} already rejoins from hand {service.next_position(gs)}.")
    scoring = standing(gs).scoring
    if scoring is None:
        raise NotChanged("the hands no longer score: fix the hand the scoreboard names first.")
    why = scoring.rejoin_refusal(name)
    if why is not None:
        raise NotChanged(f"{why}.")
    total = scoring.rejoin_offers()[name]
    change = change_of(gs, seat.seat)
    change.rejoins_at = service.next_position(gs)
    commit_change(gs)
    return total


def cancel(gs: GameSession, name: str) -> None:
    """Take back a rejoin confirmed for the next hand, before that hand is entered. One transaction."""
    seat = seat_of(gs, name)
    if name not in pending(gs):
        raise NotChanged(f"{name} is not rejoining the next hand.")
    change_of(gs, seat.seat).rejoins_at = None
    commit_change(gs)


def carried(gs: GameSession, data: dict[str, Any], position: int | None = None) -> dict[str, Any]:
    """The next hand's entry (number `position`, when the caller knows it) with the rejoins confirmed for it
    added to its "rejoined" (`data` is not changed)."""
    names = pending(gs, position)
    if not names:
        return data
    already = named(data)
    return {**data, REJOINED: already + [name for name in names if name not in already]}


def clear(gs: GameSession) -> None:
    """Clear every rejoin mark: the next hand carries them (called in that hand's transaction, which commits)."""
    for change in gs.seat_changes:
        change.rejoins_at = None

