"""Who deals: the hand being entered, the one after it, and every stored hand.

The dealers are never stored per hand: the engine works them out
(engine.dealer_seats) from the table's choices (DealerChoice) and the seats
dealt each hand, as the engine answers them (engine.Scoring.dealt_hands): a
player who left, one not seated yet and, in a pool game, one out of the pool
are passed over; one the table deals back in from the next hand may deal it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper import engine
from scorekeeper.extensions import db
from scorekeeper.models import DealerChoice

if TYPE_CHECKING:  # the table hands itself to this module to ask who deals, and to choose_dealer
    from scorekeeper.tables.table import Table


@dataclass(frozen=True)
class Dealers:
    """Who deals the hand being entered now (number `hand`), and who deals the one after."""

    hand: int
    deals: str
    next: str

    def as_json(self) -> dict[str, Any]:
        """The dealer as the session's JSON shows it."""
        return {"hand": self.hand, "deals": self.deals, "next": self.next}


def dealer_names(table: Table, dealt: list[list[str]]) -> list[str]:
    """The dealer of every stored hand at the table, then of the hand being entered and of the one after it.

    `dealt` is the players dealt each stored hand (engine.Scoring.dealt_hands of this version). The
    hand after the one being entered is taken to be dealt to the same players as it (who goes out
    of a pool with it is not known yet).
    """
    seats = table.seat_numbers
    names = {seat: name for name, seat in seats.items()}
    everyone = sorted(names)
    # a hand naming nobody seated here (no stored hand should) is taken as dealt to everyone: never an error page
    seated = [[seats[name] for name in players if name in seats] or everyone for players in dealt]
    # a session whose every player left still has somebody to name: its last table
    coming = [seats[name] for name in table.dealt_in_next] or (seated[-1] if seated else everyone)
    choices = {choice.hand: choice.seat for choice in table.dealer_choices}
    return [names[seat] for seat in engine.dealer_seats(choices, seated + [coming, coming])]


def choose_dealer(table: Table, name: str) -> Dealers:
    """Say who deals (or dealt) the hand being entered now; later hands follow from it. One transaction."""
    playing = table.dealt_in()
    if name not in playing:
        raise engine.InputError(f"{name} is not playing the next hand: choose one of {', '.join(playing)}")
    gs, hand = table.game, table.next_position
    seat = table.seat_numbers[name]
    existing = next((c for c in table.dealer_choices if c.hand == hand), None)
    if existing is None:
        gs.dealer_choices.append(DealerChoice(hand=hand, seat=seat))
    else:
        existing.seat = seat
    gs.touch()
    db.session.commit()
    table.reload()
    return table.dealers
