"""Life at the table: who deals, and players renamed, seated late or leaving mid-game.

The dealers are never stored per hand: the engine works them out
(engine.dealer_seats) from the table's choices (DealerChoice) and which
seats each hand was dealt to. Every change here is one transaction that
bumps the session's version, so phones following the game update.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update

from scorekeeper import engine
from scorekeeper.engine.seating import STARTS
from scorekeeper.extensions import db
from scorekeeper.limits import MAX_SEATS, name_problem
from scorekeeper.models import DealerChoice, DraftPart, GameSession, RemovedHand, Seat, SeatChange
from scorekeeper.sessions import service
from scorekeeper.sessions.handnames import rename_players

# how a hand names the players dealt into it, when not everyone seated was (see docs/rules.md)
SEATED = "seated"

def hand_names(gs: GameSession, data: dict[str, Any]) -> list[str]:
    """The players dealt into a stored hand, in seat order (see GameSession.names_in)."""
    return gs.names_in(data)


def playing_names(gs: GameSession) -> list[str]:
    """The players dealt into the next hand, in seat order."""
    return gs.playing_names


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

    `dealt` is the players of each stored hand when the caller has them (the engine's scoring of
    this version): then no hand is loaded.
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
    """The seats each stored hand was dealt to (`dealt`: see dealer_names)."""
    # a hand naming nobody seated here (no stored hand should) is taken as dealt to everyone: never an error page
    if dealt is None:
        dealt = [hand_names(gs, hand.data) for hand in gs.hands]
    return [[seats[name] for name in players if name in seats] or everyone for players in dealt]


def dealers(gs: GameSession, dealt: list[list[str]] | None = None) -> Dealers:
    """Who deals the hand being entered now and who deals next (`dealt`: see dealer_names)."""
    every = dealer_names(gs, dealt)
    # every stored hand's dealer, then the next two: the hand being entered is the one before last
    return Dealers(hand=len(every) - 1, deals=every[-2], next=every[-1])


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


class NotChanged(ValueError):
    """A change to the players that cannot be made; the message says why and nothing was changed."""


def seat_of(gs: GameSession, name: str) -> Seat:
    """The seat of the player called `name`; NotChanged when nobody here is."""
    seat = next((seat for seat in gs.seats if seat.player.name == name), None)
    if seat is None:
        raise NotChanged(f"{name} is not a player in this game.")
    return seat


def _name_free(gs: GameSession, name: str, but: Seat | None = None) -> None:
    problem = name_problem(name)
    if problem:
        raise NotChanged(f"The name {name!r} {problem}.")
    for seat in gs.seats:
        if seat is not but and seat.player.name.lower() == name.lower():
            raise NotChanged(f"{seat.player.name} is already at this table: choose another name.")


def commit_change(gs: GameSession, also: list[GameSession] | None = None) -> None:
    """Check that the game still scores, bump its version (and those of `also`) and commit; or change nothing (NotChanged)."""
    try:
        service.check_hands(gs, [hand.data for hand in gs.hands])
        for session in {gs.id: gs, **{s.id: s for s in also or []}}.values():
            session.touch()
        db.session.commit()
    except ValueError as exc:
        db.session.rollback()
        raise NotChanged(f"{exc}.") from None


def rename_player(gs: GameSession, old: str, new: str) -> None:
    """Rename a player everywhere: this game, every other game they played, their statistics.

    Players are rows referenced by id, but hands name their players (the
    scoring body's shape), so every hand, undone hand and draft part naming
    them is rewritten in the same transaction. A name another known player
    already has is refused: two people's records are never merged by a rename.
    """
    seat = seat_of(gs, old)
    _name_free(gs, new, but=seat)
    if new == old:
        raise NotChanged(f"{old} is already called {new}.")
    other = service.find_player(new)
    if other is not None and other.id != seat.player_id:
        raise NotChanged(f"{other.name} is another player, known from earlier games: choose a name nobody has yet.")
    player = seat.player
    played = list(db.session.execute(
        select(GameSession).join(Seat, Seat.session_id == GameSession.id).where(Seat.player_id == player.id)
    ).scalars())
    ids = [session.id for session in played]
    for session in played:
        for hand in session.hands:
            hand.data = rename_players(hand.data, {old: new})
    for removed in db.session.execute(select(RemovedHand).where(RemovedHand.session_id.in_(ids))).scalars():
        removed.data = rename_players(removed.data, {old: new})
    db.session.execute(
        update(DraftPart).where(DraftPart.session_id.in_(ids), DraftPart.player_name == old).values(player_name=new)
    )
    player.name = new
    commit_change(gs, played)


def seat_late_player(gs: GameSession, name: str, start: str) -> None:
    """Seat a player who arrives mid-game, after the last seat; they are dealt in from the next hand.

    Their total starts at 0 or at the lowest total at the table (`start`:
    "zero" or "lowest"; engine.seating works it out from the hands).
    """
    if start not in STARTS:
        raise NotChanged('Choose where their total starts: at 0, or at the lowest total.')
    _name_free(gs, name)
    roster = gs.player_names
    if len(roster) >= MAX_SEATS:
        # every seat a game ever had is kept (its players are in past hands), and a backup must restore it
        raise NotChanged(f"This game has seated {len(roster)} players, the most one game can keep.")
    # hands dealt before they came were dealt to everyone seated then: say so in each, before the table grows
    for hand in gs.hands:
        if SEATED not in hand.data:
            hand.data = {**hand.data, SEATED: roster}
    for removed in db.session.execute(select(RemovedHand).where(RemovedHand.session_id == gs.id)).scalars():
        if SEATED not in removed.data:
            removed.data = {**removed.data, SEATED: roster}
    number = max(seat.seat for seat in gs.seats) + 1
    gs.seats.append(Seat(seat=number, player=service.player_named(name)))
    gs.seat_changes.append(SeatChange(seat=number, late_start=start, left=False))
    commit_change(gs)


def player_leaves(gs: GameSession, name: str) -> None:
    """A player leaves: kept in the hands they played, not dealt into new ones, not leading or winning."""
    seat = seat_of(gs, name)
    if name not in gs.playing_names:
        raise NotChanged(f"{name} has already left this game.")
    change_of(gs, seat.seat).left = True
    # their own part of the next hand, sent from their phone, will not be used
    db.session.execute(delete(DraftPart).where(DraftPart.session_id == gs.id, DraftPart.player_name == name))
    commit_change(gs)


def change_of(gs: GameSession, seat: int) -> SeatChange:
    """The seat's change row (SeatChange), added when the seat has none yet."""
    change = next((c for c in gs.seat_changes if c.seat == seat), None)
    if change is None:
        change = SeatChange(seat=seat, left=False)
        gs.seat_changes.append(change)
    return change
