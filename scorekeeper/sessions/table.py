"""Life at the table: who deals, and players renamed, seated late or leaving mid-game.

The dealers are never stored per hand: the engine works them out
(engine.dealer_seats) from the table's choices (DealerChoice) and which
seats each hand was dealt to. Every change here is one transaction that
bumps the session's version, so phones following the game update.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper import engine
from scorekeeper.extensions import db
from scorekeeper.models import DealerChoice, GameSession
from scorekeeper.sessions import service

# how a hand names the players dealt into it, when not everyone seated was (see docs/rules.md)
SEATED = "seated"


def hand_names(gs: GameSession, data: dict[str, Any]) -> list[str]:
    """The players dealt into a stored hand, in seat order (a hand without a "seated" list: everyone)."""
    seated = data.get(SEATED)
    return list(seated) if isinstance(seated, list) else gs.player_names


def playing_names(gs: GameSession) -> list[str]:
    """The players dealt into the next hand, in seat order: everyone seated who has not left."""
    gone = {change.seat for change in gs.seat_changes if change.left}
    return [seat.player.name for seat in gs.seats if seat.seat not in gone]


def seat_numbers(gs: GameSession) -> dict[str, int]:
    """Each player's seat number, by name."""
    return {seat.player.name: seat.seat for seat in gs.seats}


@dataclass(frozen=True)
class Dealers:
    """Who deals the hand being entered now (number `hand`), and who deals the one after."""

    hand: int
    deals: str
    next: str

    def as_json(self) -> dict[str, Any]:
        """The dealer as the session's JSON shows it."""
        return {"hand": self.hand, "deals": self.deals, "next": self.next}


def dealer_names(gs: GameSession) -> list[str]:
    """The dealer of every stored hand, then of the hand being entered and of the one after it."""
    seats = seat_numbers(gs)
    names = {seat: name for name, seat in seats.items()}
    upcoming = [seats[name] for name in playing_names(gs)]
    seated = [[seats[name] for name in hand_names(gs, hand.data) if name in seats] for hand in gs.hands]
    # a session whose every player left still has somebody to name: its last table
    upcoming = upcoming or (seated[-1] if seated else sorted(names))
    choices = {choice.hand: choice.seat for choice in gs.dealer_choices}
    return [names[seat] for seat in engine.dealer_seats(choices, seated + [upcoming, upcoming])]


def dealers(gs: GameSession) -> Dealers:
    """Who deals the hand being entered now and who deals next."""
    every = dealer_names(gs)
    return Dealers(hand=len(gs.hands) + 1, deals=every[-2], next=every[-1])


def choose_dealer(gs: GameSession, name: str) -> Dealers:
    """Say who deals (or dealt) the hand being entered now; later hands follow from it. One transaction."""
    if name not in playing_names(gs):
        raise engine.InputError(f"{name} is not playing the next hand: choose one of {', '.join(playing_names(gs))}")
    hand = service.next_position(gs)
    seat = seat_numbers(gs)[name]
    existing = next((c for c in gs.dealer_choices if c.hand == hand), None)
    if existing is None:
        gs.dealer_choices.append(DealerChoice(hand=hand, seat=seat))
    else:
        existing.seat = seat
    gs.touch()
    db.session.commit()
    return dealers(gs)
