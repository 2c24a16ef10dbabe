"""Each player's own part of the next hand, stored as a draft until the whole hand is saved.

A part is the player's entry in the hand shape of POST /api/v1/score
(melds, layoffs, in_hand), checked on its own by the engine: every meld must
be legal, every lay-off must name a meld that is entered. Whether the whole
hand adds up is the engine's to say when the hand is saved through the normal
hand form, which is pre-filled from the parts; the parts are then cleared in
the same transaction as the save. The phone that sent a part remembers it (in its
session) and is told whether the hand as stored holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper import engine
from scorekeeper.engine.standing import names_joined
from scorekeeper.extensions import db
from scorekeeper.models import DraftPart, Hand, utcnow
from scorekeeper.tables import service
from scorekeeper.tables.entry_values import leaving_state, player_values

if TYPE_CHECKING:  # the table loads its parts here, and hands itself to what reads them
    from scorekeeper.tables.table import Table


class PartRefused(ValueError):
    """A part the engine refuses (an illegal meld) or that names a meld nobody entered."""

    def __init__(self, message: str, field: str | None = None, row: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.row = row


class StalePart(ValueError):
    """The player's part was changed from another device after this form was opened."""

    def __init__(self, part: DraftPart, expected: int | None) -> None:
        edited = f"you edited version {expected}" if expected else "you started before any was sent"
        super().__init__(
            f"{part.player_name}'s part was changed from another phone after you opened it"
            f" ({edited}; it is now version {part.version}). Your entry was not sent:"
            f" it is still in the form, and the part as it is now is shown below. Send again to replace it."
        )
        self.part = part
        self.expected = expected


class SentTwice(ValueError):
    """The same player's part was sent from another device at the same moment; that one was kept."""

    def __init__(self, name: str) -> None:
        super().__init__(
            f"{name}'s part was sent from another phone at the same moment, and that one was kept."
            f" Open your part again to see it, and send yours again if it should replace it."
        )


class HandAlreadySaved(ValueError):
    """The hand this part was entered for has been saved meanwhile."""

    def __init__(self, position: int) -> None:
        super().__init__(
            f"Hand {position} was already saved, so your part was not sent. See the scoreboard:"
            f" if your cards belong to the next hand, send them again."
        )
        self.position = position


def load_parts(table: Table) -> dict[str, DraftPart]:
    """The parts sent for the table's next hand, by player name (older leftovers are ignored): Table.parts."""
    rows = db.session.execute(
        select(DraftPart).where(DraftPart.session_id == table.game.id, DraftPart.position == table.next_position)
    ).scalars()
    dealt = table.dealt_in()
    return {row.player_name: row for row in rows if row.player_name in dealt}


def status(table: Table, sent: dict[str, DraftPart] | None = None) -> dict[str, Any]:
    """Who has sent their part of the next hand, who has not, and who says they went out, in seat order.

    `sent` is :func:`parts` when the caller has loaded them already.
    """
    sent = table.parts if sent is None else sent
    return {
        "hand": table.next_position,
        "sent": [name for name in table.dealt_in() if name in sent],
        "waiting": [name for name in table.dealt_in() if name not in sent],
        "went_out": [name for name in table.dealt_in() if name in sent and sent[name].data.get("went_out")],
    }


def check_part(table: Table, name: str, part: dict[str, Any], wild_rank: str | None = None) -> None:
    """Check one part on its own: each meld legal by the engine, each lay-off onto a meld that is entered.

    Raises PartRefused naming the player, the meld and the engine's reason.
    """
    gs = table.game
    for index, meld in enumerate(part["melds"]):
        try:
            body = engine.check_meld(meld, gs.game, gs.options, wild_rank=wild_rank,
                                     going_out=bool(part.get("went_out")))
        except ValueError as exc:
            raise PartRefused(f"{name}'s meld {index + 1}: {exc}", "melds", index) from None
        if not body.get("legal"):
            raise PartRefused(f"{name}'s meld {index + 1} is not a meld: {body.get('reason')}", "melds", index)
    others = table.parts
    for index, layoff in enumerate(part["layoffs"]):
        owner, meld = layoff["onto"]["player"], layoff["onto"]["meld"]
        if owner == name:
            melds = part["melds"]
        else:
            other = others.get(owner)
            melds = other.data.get("melds", []) if other is not None else []
        if meld >= len(melds):
            raise PartRefused(
                f"{name}'s lay-off {index + 1}: {owner}'s meld {meld + 1} is not entered (any more);"
                f" choose a meld that is on the table.", "layoffs", index)


def layoff_notes(table: Table, name: str, part: dict[str, Any], wild_rank: str | None = None) -> list[str]:
    """Lay-offs that do not fit their meld as the parts sent so far show it: notes, never refusals.

    A lay-off may rest on another lay-off not sent yet (JH onto 7H 8H 9H needs
    someone's 10H first), so only the whole hand, when it is saved, can refuse one.
    """
    gs = table.game
    others = {n: p.data for n, p in table.parts.items() if n != name}
    sent = others | {name: part}
    notes = []
    for index, layoff in enumerate(part["layoffs"]):
        owner, meld = layoff["onto"]["player"], layoff["onto"]["meld"]
        melds = sent.get(owner, {}).get("melds", [])
        if meld >= len(melds):
            continue
        # the meld as it stands with every other lay-off sent onto it so far
        laid = list(melds[meld])
        for who, data in sent.items():
            for number, other in enumerate(data.get("layoffs", [])):
                if (who, number) != (name, index) and other["onto"] == layoff["onto"]:
                    laid += other["cards"]
        try:
            body = engine.check_layoff(laid, layoff["cards"], gs.game, gs.options, wild_rank=wild_rank)
        except ValueError as exc:
            body = {"legal": False, "reason": str(exc)}
        if not body.get("legal"):
            notes.append(
                f"Note: your lay-off {index + 1} ({' '.join(layoff['cards'])}) does not fit {owner}'s meld"
                f" {meld + 1} as the parts sent so far show it ({' '.join(laid)}): {body.get('reason')}."
                f" It was kept; the whole hand is checked when it is saved."
            )
    return notes


def save_part(
    table: Table, name: str, part: dict[str, Any], expected_version: int | None, position: int,
    wild_rank: str | None = None,
) -> DraftPart:
    """Store a checked part as `name`'s draft of hand `position`; one row per player, revised in place.

    Raises PartRefused (nothing stored), StalePart when the stored part moved on since
    `expected_version` (None: the form knew of no part), HandAlreadySaved when hand `position` is no longer the one being entered.
    Stored or refused for a hand saved meanwhile, the table is read again: what it worked out before
    (the next hand, the parts sent) may have moved on with another phone's change.
    """
    gs = table.game
    # counted now, not as the table counted it when the request began: another phone may have saved the hand since
    if position != service.next_position(gs):
        table.reload()
        raise HandAlreadySaved(position)
    check_part(table, name, part, wild_rank)
    row = db.session.execute(
        select(DraftPart).where(DraftPart.session_id == gs.id, DraftPart.player_name == name)
    ).scalar_one_or_none()
    if row is not None and row.position != position:
        # a leftover from a hand saved another way (as points, say): this part starts afresh
        db.session.delete(row)
        db.session.flush()
        row = None
    if row is None:
        row = DraftPart(session_id=gs.id, player_name=name, position=position, data=part)
        db.session.add(row)
    else:
        # None: the form was opened before this player's part existed, so any stored part is news to it
        if row.version != expected_version:
            raise StalePart(row, expected_version)
        # the mapper's version column makes this UPDATE ... WHERE version = the one just read
        row.data = part
        row.updated_at = utcnow()
    session_id = gs.id
    try:
        db.session.commit()
    except StaleDataError:
        # the same player's part revised from two phones in the same instant: the other one won
        db.session.rollback()
        raise SentTwice(name) from None
    except IntegrityError:
        db.session.rollback()
        if _part_stored(session_id, name):
            # the same player's first part sent from two phones in the same instant: the other one won
            raise SentTwice(name) from None
        # any other constraint (a schema the code does not match, say) is a fault, not another phone
        raise
    # the commit expired what the table read; its parts may have changed on other phones (a hand saved, a player left)
    table.reload()
    return row


def _part_stored(session_id: int, name: str) -> bool:
    """True when the session holds a draft part of `name`'s."""
    return db.session.execute(
        select(DraftPart.id).where(DraftPart.session_id == session_id, DraftPart.player_name == name)
    ).first() is not None


def clear_parts(table: Table) -> None:
    """Delete every draft part of the session; not committed, so it goes with the hand's own save."""
    gs = table.game
    db.session.execute(delete(DraftPart).where(DraftPart.session_id == gs.id))


def same_entry(entry: dict[str, Any], part: dict[str, Any], names: list[str], counts: tuple[engine.Option, ...] = ()) -> bool:
    """True when a player's entry in a hand holds the very cards of their part, as the hand form would show both."""
    return player_values(entry, names, "", 0, counts) == player_values(part, names, "", 0, counts)


def part_used(table: Table, name: str, position: int, part: dict[str, Any] | None) -> bool | None:
    """Whether hand `position` as stored holds `part`, `name`'s own part of it; None when the phone knows no part.

    The stored hand is the truth: a hand fixed later to take the part counts as using it.
    """
    gs = table.game
    if part is None or position >= table.next_position:
        return None
    hand = db.session.execute(
        select(Hand).where(Hand.session_id == gs.id, Hand.position == position)
    ).scalar_one_or_none()
    if hand is None:
        return None
    entry = gs.variant.entries_of(hand.data).get(name)
    return entry is not None and same_entry(entry, part, gs.names_in(hand.data), gs.variant.hand_counts)


def was_dealt(table: Table, name: str, position: int) -> bool:
    """True when `name` was dealt into hand `position` (its players, as stored once it is saved)."""
    gs = table.game
    hand = db.session.execute(
        select(Hand.data).where(Hand.session_id == gs.id, Hand.position == position)
    ).scalar_one_or_none()
    return name in (gs.names_in(hand) if hand is not None else table.dealt_in())


def saved_text(position: int, used: bool | None) -> str:
    """What a player's phone says once hand `position` is saved, by whether it used their part."""
    if used is None:
        return f"Hand {position} was saved."
    if used:
        return f"Hand {position} was saved, with your part."
    return f"Hand {position} was saved without your part: the table kept what was typed there."


@dataclass(frozen=True)
class PartsArrived:
    """Players the hand about to be saved leaves empty have sent their own part: fill it in, look again."""

    found: dict[int, DraftPart]  # each such player's part, by seat

    @property
    def message(self) -> str:
        """What the form says above the parts it filled in."""
        names = [part.player_name for part in self.found.values()]
        parts = "their own part" if len(names) == 1 else "their own parts"
        return (f"Not saved yet: {names_joined(names)} sent {parts}"
                f" from their phone, and nothing was typed for them here."
                f" It is filled in below: check it, then save.")


def arrived_parts(table: Table, data: dict[str, Any], skip: set[int], sent: dict[str, DraftPart]) -> PartsArrived | None:
    """PartsArrived when the hand leaves players empty (seats in `skip` aside) who have sent their part; else None.

    Nothing was typed for them on the saving phone, so their own part is what belongs there:
    it is filled in and shown rather than saving them at 0 (the form saves only what it shows).
    `sent` is :func:`parts`.
    """
    gs = table.game
    players = gs.variant.entries_of(data)  # each player's entry, whatever the game's hand body (Rummikub's racks)
    found = {}
    typed = ("melds", "layoffs", "in_hand", *(count.name for count in gs.variant.hand_counts))
    for seat, name in enumerate(table.dealt_in()):
        entry = players.get(name) or {}
        if seat in skip or name not in sent or any(entry.get(k) for k in typed) or left_without_cards(entry, table):
            continue
        found[seat] = sent[name]
    return PartsArrived(found) if found else None


def left_without_cards(entry: dict[str, Any], table: Table) -> bool:
    """True when the entry says the player left the hand without cards (a drop, a wrong show: the game's leavings).

    The table tapped that for them, so something was entered for them there: a part sent is theirs to choose.
    """
    return bool(leaving_state(entry, table.variant.leavings))


@dataclass(frozen=True)
class PartsDiffer:
    """Players typed on the saving phone have sent a part that is not what is typed, and nobody chose between them."""

    found: dict[int, DraftPart]  # each such player's part, by seat

    @property
    def message(self) -> str:
        """What the form says above the choices between each part and what is typed."""
        names = [part.player_name for part in self.found.values()]
        if len(names) == 1:
            return (f"Not saved: {names[0]}'s own part is waiting to be chosen. {names[0]} sent it from their"
                    f" phone, and it is not what is typed here: keep one or the other, then save.")
        return (f"Not saved: {len(names)} players' own parts are waiting to be chosen ({names_joined(names)})."
                f" Each sent theirs from their phone, and it is not what is typed here: keep one or the other"
                f" for each, then save.")


def differing_parts(table: Table, data: dict[str, Any], seen: Mapping[str, Any], skip: set[int],
                    sent: dict[str, DraftPart]) -> PartsDiffer | None:
    """PartsDiffer for players whose typed entry is not the part they sent, unless the form chose
    (seats in `skip`, agreed to be saved at 0, aside); else None.

    The form chose when its parts_seen says the table kept what was typed over that very version
    ("kept"), or had that version on screen, filled in, before changing it ("v"). Without script
    nothing is merged, so a part that differs always asks: a player's part is never dropped unseen.
    `sent` is :func:`parts`.
    """
    gs = table.game
    players = gs.variant.entries_of(data)  # each player's entry, whatever the game's hand body (Rummikub's racks)
    names, counts = table.dealt_in(), gs.variant.hand_counts
    found = {}
    for seat, name in enumerate(names):
        part, entry = sent.get(name), players.get(name)
        if seat in skip or part is None or entry is None or same_entry(entry, part.data, names, counts):
            continue
        choice = seen.get(str(seat), {})
        if part.version in (choice.get("kept"), choice.get("v")):
            continue
        found[seat] = part
    return PartsDiffer(found) if found else None


