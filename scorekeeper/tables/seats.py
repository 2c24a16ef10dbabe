"""Life at the table: players renamed, seated late or leaving mid-game (who deals: tables.dealing).

Every change here is one transaction that bumps the session's version, so
phones following the game update.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import delete, select, update

from scorekeeper.engine.seating import STARTS
from scorekeeper.extensions import db
from scorekeeper.limits import MAX_SEATS, name_problem
from scorekeeper.models import DraftPart, GameSession, RemovedHand, Seat, SeatChange, utcnow
from scorekeeper.tables import service
from scorekeeper.tables.handnames import rename_players

if TYPE_CHECKING:  # the table hands itself to the changes here (Table.rename_player, ...)
    from scorekeeper.tables.table import Table

# how a hand names the players dealt into it, when not everyone seated was (see docs/rules.md)
SEATED = "seated"


class NotChanged(ValueError):
    """A change to the players that cannot be made; the message says why and nothing was changed."""


def seat_of(table: Table, name: str) -> Seat:
    """The seat of the player called `name` at the table; NotChanged when nobody here is."""
    seat = next((seat for seat in table.game.seats if seat.player.name == name), None)
    if seat is None:
        raise NotChanged(f"{name} is not a player in this game.")
    return seat


def _name_free(table: Table, name: str, but: Seat | None = None) -> None:
    problem = name_problem(name)
    if problem:
        raise NotChanged(f"The name {name!r} {problem}.")
    for seat in table.game.seats:
        if seat is not but and seat.player.name.lower() == name.lower():
            raise NotChanged(f"{seat.player.name} is already at this table: choose another name.")


def commit_change(table: Table, also: list[GameSession] | None = None) -> None:
    """Check that the table's game still scores, bump its version (and those of the games `also`) and commit;
    or change nothing (NotChanged).

    The change was judged on the game as this request read it: when another phone changed the game
    since (saved the next hand, say), nothing is changed and the table is asked to look again.
    """
    gs = table.game
    seen = gs.version
    try:
        service.check_hands(gs, [hand.data for hand in table.hands])
        for session in [s for s in also or [] if s.id != gs.id]:
            session.touch()
        bumped = db.session.execute(
            update(GameSession).where(GameSession.id == gs.id, GameSession.version == seen)
            .values(version=GameSession.version + 1, updated_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        if bumped.rowcount != 1:
            raise NotChanged("the game changed on another phone meanwhile: check it and confirm again")
        db.session.commit()
    except ValueError as exc:
        db.session.rollback()
        raise NotChanged(f"{exc}.") from None


def rename_player(table: Table, old: str, new: str) -> None:
    """Rename a player everywhere: this game, every other game they played, their statistics.

    Players are rows referenced by id, but hands name their players (the
    scoring body's shape), so every hand, undone hand and draft part naming
    them is rewritten in the same transaction. A name another known player
    already has is refused: two people's records are never merged by a rename.
    """
    seat = seat_of(table, old)
    _name_free(table, new, but=seat)
    if new == old:
        raise NotChanged(f"{old} is already called {new}.")
    other = service.find_player(new)
    if other is not None and other.id != seat.player_id:
        raise NotChanged(f"{other.name} is another player, known from earlier games: choose a name nobody has yet.")
    player = seat.player
    # this game's hands are rewritten below as the game's own list, read with the table's query
    table.with_hands()
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
    commit_change(table, played)


def seat_late_player(table: Table, name: str, start: str) -> None:
    """Seat a player who arrives mid-game, after the last seat; they are dealt in from the next hand.

    Their total starts at 0 or at the lowest total at the table (`start`:
    "zero" or "lowest"; engine.seating works it out from the hands). The limit is
    the players at the table at once, which the engine checks against the game
    (a player who left frees their chair); MAX_SEATS only bounds the seats one game keeps.
    """
    if start not in STARTS:
        raise NotChanged('Choose where their total starts: at 0, or at the lowest total.')
    gs = table.game
    _name_free(table, name)
    roster = gs.player_names
    if len(roster) >= MAX_SEATS:
        # every seat a game ever had is kept (its players are in past hands), and a backup must restore it
        raise NotChanged(f"This game has seated {len(roster)} players over its hands, the most one game can keep.")
    # hands dealt before they came were dealt to everyone seated then: say so in each, before the table grows
    for hand in table.hands:
        if SEATED not in hand.data:
            hand.data = {**hand.data, SEATED: roster}
    for removed in db.session.execute(select(RemovedHand).where(RemovedHand.session_id == gs.id)).scalars():
        if SEATED not in removed.data:
            removed.data = {**removed.data, SEATED: roster}
    number = max(seat.seat for seat in gs.seats) + 1
    gs.seats.append(Seat(seat=number, player=service.player_named(name)))
    gs.seat_changes.append(SeatChange(seat=number, late_start=start, left=False))
    commit_change(table)


def player_leaves(table: Table, name: str) -> None:
    """A player leaves: kept in the hands they played, not dealt into new ones, not leading or winning."""
    gs = table.game
    seat = seat_of(table, name)
    if name not in gs.playing_names:
        raise NotChanged(f"{name} has already left this game.")
    change_of(gs, seat.seat).left = True
    # their own part of the next hand, sent from their phone, will not be used
    db.session.execute(delete(DraftPart).where(DraftPart.session_id == gs.id, DraftPart.player_name == name))
    commit_change(table)


def change_of(gs: GameSession, seat: int) -> SeatChange:
    """The seat's change row (SeatChange), added when the seat has none yet.

    Of the stored game, not the table: a backup's restore marks rejoins on a game it is still building.
    """
    change = next((c for c in gs.seat_changes if c.seat == seat), None)
    if change is None:
        change = SeatChange(seat=seat, left=False)
        gs.seat_changes.append(change)
    return change
