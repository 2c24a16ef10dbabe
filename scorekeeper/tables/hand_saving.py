"""Saving a hand entered on the hand form: every question the table may be asked, then one commit.

A save answers with one Outcome. Saved: stored. The rest store nothing and say
why, each with what the form needs to show it: SavedBefore (the same form was
saved already: a double tap, a retry), PartsArrived and PartsDiffer (the players'
own parts, see draft_service), AskFirst (a player left empty: the table is
asked before it is saved with them at 0),
TakenByAnother (another phone saved this hand's place first), ChangedByAnother
(another phone changed the hand being fixed) and Refused (the engine's reason,
or the hand's deletion from another phone). Nothing is half saved: a save that
does not end in Saved leaves the database as it found it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper import engine
from scorekeeper.engine.standing import names_joined
from scorekeeper.limits import whole_number
from scorekeeper.models import Hand
from scorekeeper.tables import draft_service, rejoins, service
from scorekeeper.tables.draft_service import PartsArrived, PartsDiffer
from scorekeeper.tables.standings_cache import Entry, scored_after_save

if TYPE_CHECKING:  # the table hands itself to these functions; it imports this module to do so
    from scorekeeper.tables.table import Table


@dataclass(frozen=True)
class Saved:
    """The hand was stored."""

    hand: Hand


@dataclass(frozen=True)
class SavedBefore:
    """This very form was saved already (a double tap, or a retry after a lost answer): nothing saved twice."""

    position: int


@dataclass(frozen=True)
class TakenByAnother:
    """Another phone saved the hand this form was entering; saving again adds it as hand `next_position`."""

    position: int
    next_position: int

    @property
    def message(self) -> str:
        """What the form says, above the entry it keeps."""
        return f"Not saved: {service.HandTaken(self.position, self.next_position)}"


@dataclass(frozen=True)
class ChangedByAnother:
    """The hand being fixed was changed on another phone after this form showed it: nothing overwritten unseen."""

    hand: Hand  # as it is stored now
    expected_version: int  # the version the form showed
    message: str


@dataclass(frozen=True)
class AskFirst:
    """The hand leaves players empty: ask the table before saving it with them at 0."""

    text: str  # the question, naming each of them
    seats: list[int]  # their seats, from 0

    @property
    def answer(self) -> str:
        """What the "Yes, save" button sends back: the seats agreed to be saved at 0."""
        return ",".join(str(seat) for seat in self.seats)


@dataclass(frozen=True)
class Refused:
    """The engine refused the hand (or it can no longer be saved): `error` says why, naming what is wrong."""

    error: ValueError


Outcome = Saved | SavedBefore | PartsArrived | PartsDiffer | AskFirst | TakenByAnother | ChangedByAnother | Refused


def confirmed_seats(text: str | None) -> set[int]:
    """The seats a "Yes, save" answer agreed to save at 0 ("1,3"); anything unreadable agrees to nothing.

    >>> sorted(confirmed_seats("1,3")), confirmed_seats("x"), confirmed_seats(None)
    ([1, 3], set(), set())
    """
    seats = {whole_number(part.strip(), None) for part in (text or "").split(",")}
    return {seat for seat in seats if seat is not None}


def question(missing: list[str], game: engine.Game | None = None) -> str:
    """The question for players with nothing entered, naming each of them (in `game`'s words where it enters no
    melds: "Cy has no tiles on the rack").

    (Gin never asks: the engine refuses a knock with a hand of no cards, and a draw scores nothing.)

    >>> question(["Ben"])
    'Ben has no melds and no cards left in hand. Save with Ben at 0?'
    >>> question(["Ben", "Cy", "Dot"])
    'Ben, Cy and Dot have no melds and no cards left in hand. Save with Ben, Cy and Dot at 0?'
    >>> question(["Cy"], engine.find_game("rummikub"))
    'Cy has no tiles on the rack. Save anyway?'
    """
    who = names_joined(missing)
    has = "has" if len(missing) == 1 else "have"
    if game is not None and not game.enters_melds:
        return f"{who} {has} no {game.in_hand_word}. Save anyway?"
    return f"{who} {has} no melds and no cards left in hand. Save with {who} at 0?"


def question_for_empty(table: Table, data: dict[str, Any], confirmed: set[int],
                       check: Callable[[], object]) -> AskFirst | None:
    """AskFirst when `data` leaves a player empty whom the table has not agreed to save at 0; else None.

    `check` checks the whole session as it would be saved (raising the engine's error): a hand the
    rules refuse is refused first, so "Yes, save" is never answered by a refusal.
    """
    names = table.game.names_in(data)
    missing = engine.unentered_players(data, names, table.game.game)
    if not missing or {names.index(name) for name in missing} <= confirmed:
        return None
    check()
    return AskFirst(question(missing, table.variant), [names.index(name) for name in missing])


class NextHandCheck:
    """Checks the session with `data` as its next hand, once, against the score cache's Scoring of the stored hands.

    Called again, it answers the same (the engine's Scoring with the hand, or None when the
    whole session had to be checked); `remember(hand)` then keeps the saved version scored.
    """

    def __init__(self, table: Table, data: dict[str, Any]) -> None:
        self.table, self.data = table, data
        self.before: Entry = table.standing
        self.done = False
        self.after: Any = None

    def __call__(self) -> Any:
        if not self.done:
            self.after = self.table.check_next(self.data)
            self.done = True
        return self.after

    def remember(self, hand: Hand) -> None:
        """Keep the version `hand` was saved in scored (see standings_cache.scored_after_save)."""
        scored_after_save(self.table.game, self.before, self.after, hand)


def save_next_hand(table: Table, data: dict[str, Any], key: str | None, expected_position: int | None,
                   confirmed: set[int], seen_parts: Mapping[str, Any] | None = None) -> Outcome:
    """Check `data` and store it as the table's next hand, the players' parts of it cleared in the same commit.

    `seen_parts` (a hand entered by cards: the parts the form showed, see sessions.part_forms.seen_parts)
    asks whether players' parts arrived or differ since; `confirmed` are the seats the table
    agreed to save at 0. The rejoins confirmed for this hand (tables.rejoins) are added to it.
    """
    try:
        return _save_next_hand(table, data, key, expected_position, confirmed, seen_parts)
    except service.DuplicateHand as exc:
        return SavedBefore(exc.hand.position)
    except service.HandTaken as exc:
        table.roll_back()
        return TakenByAnother(exc.position, exc.next_position)
    except ValueError as exc:
        table.roll_back()
        return Refused(exc)


def _save_next_hand(table: Table, data: dict[str, Any], key: str | None, expected_position: int | None,
                    confirmed: set[int], seen_parts: Mapping[str, Any] | None) -> Outcome:
    gs = table.game
    # a rejoin the table confirmed on the scoreboard is this hand's: it names the player (engine: `rejoined`)
    data = rejoins.carried(table, data)
    if seen_parts is not None:
        sent = table.parts
        waiting = (draft_service.arrived_parts(table, data, confirmed, sent)
                   or draft_service.differing_parts(table, data, seen_parts, confirmed, sent))
        if waiting is not None:
            return waiting
    check = NextHandCheck(table, data)
    question = question_for_empty(table, data, confirmed, check)
    if question is not None:
        return question
    # the players' own parts of this hand go in the same commit as the hand (rolled back with it)
    draft_service.clear_parts(table)
    rejoins.clear(table)
    hand = service.add_hand(gs, data, key, expected_position=expected_position, checked=check(),
                            position=table.next_position)
    table.committed()
    check.remember(hand)
    return Saved(hand)


def save_edited_hand(table: Table, hand: Hand, data: dict[str, Any], expected_version: int,
                     confirmed: set[int]) -> Outcome:
    """Check the session with `data` in place of `hand` and store it, unless the hand changed since `expected_version`."""
    # every hand is checked with this one in its place: read once, as the game's list, which replace_hand reads too
    entries = [data if h.id == hand.id else h.data for h in table.hands]
    try:
        question = question_for_empty(table, data, confirmed, lambda: service.check_hands(table.game, entries))
        if question is not None:
            return question
        return Saved(service.replace_hand(hand, data, expected_version))
    except service.StaleHand as exc:
        table.roll_back()
        return ChangedByAnother(exc.hand, exc.expected_version, str(exc))
    except ValueError as exc:
        table.roll_back()
        return Refused(exc)
