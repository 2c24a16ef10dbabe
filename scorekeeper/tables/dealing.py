"""Who deals: the hand being entered, the one after it, and every stored hand.

The dealers are never stored per hand: the engine works them out
(engine.dealer_seats) from the table's choices (DealerChoice) and the seats
dealt each hand, as the engine answers them (engine.Scoring.dealt_hands): a
player who left, one not seated yet and, in a pool game, one out of the pool
are passed over; one the table deals back in from the next hand may deal it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper import engine
from scorekeeper.extensions import db
from scorekeeper.models import DealerChoice, GameSession
from scorekeeper.tables import rejoins, service
from scorekeeper.tables.standings_cache import standing


def playing_names(gs: GameSession) -> list[str]:
    """The players dealt into the next hand, in seat order: those who may deal it (rejoins.dealt_in)."""
    return rejoins.dealt_in(gs)


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


def dealer_names(gs: GameSession, dealt: list[list[str]] | None = None) -> list[str]:
    """The dealer of every stored hand, then of the hand being entered and of the one after it.

    `dealt` is the players dealt each stored hand when the caller has them (engine.Scoring.dealt_hands
    of this version): then no hand is loaded. The hand after the one being entered is taken to be
    dealt to the same players (who goes out of a pool with it is not known yet).
    """
    seats = seat_numbers(gs)
    names = {seat: name for name, seat in seats.items()}
    upcoming = [seats[name] for name in playing_names(gs)]
    everyone = sorted(names)
    seated = _seats_dealt(gs, seats, everyone, dealt)
    # a session whose every player left still has somebody to name: its last table
    upcoming = upcoming or (seated[-1] if seated else everyone)
    choices = {choice.hand: choice.seat for choice in gs.dealer_choices}
    return [names[seat] for seat in engine.dealer_seats(choices, seated + [upcoming, upcoming])]


def _seats_dealt(gs: GameSession, seats: dict[str, int], everyone: list[int],
                 dealt: list[list[str]] | None) -> list[list[int]]:
    """The seats dealt each stored hand (`dealt`: see dealer_names)."""
    if dealt is None:
        scoring = standing(gs).scoring
        # hands the engine refuses (the scoreboard names the one to fix) are taken as dealt to their seats
        dealt = scoring.dealt_hands() if scoring is not None else [gs.names_in(data) for data in service.stored_entries(gs)]
    # a hand naming nobody seated here (no stored hand should) is taken as dealt to everyone: never an error page
    return [[seats[name] for name in players if name in seats] or everyone for players in dealt]


def dealers(gs: GameSession) -> Dealers:
    """Who deals the hand being entered now and who deals next.

    Worked out once per session version (the deal goes round every stored hand) and kept with
    the version's standings: every change to the hands, the seats or the dealer chosen bumps it.
    """
    entry = standing(gs)
    found = entry.worked_out.get("dealers")
    if found is None:
        every = dealer_names(gs)  # the players dealt each hand: this same entry's Scoring (see _seats_dealt)
        # every stored hand's dealer, then the next two: the hand being entered is the one before last
        found = entry.worked_out["dealers"] = Dealers(hand=len(every) - 1, deals=every[-2], next=every[-1])
    return found


def choose_dealer(gs: GameSession, name: str) -> Dealers:
    """Say who deals (or dealt) the hand being entered now; later hands follow from it. One transaction."""
    playing = playing_names(gs)
    if name not in playing:
        raise engine.InputError(f"{name} is not playing the next hand: choose one of {', '.join(playing)}")
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
