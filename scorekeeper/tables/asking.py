"""Questions asked before a hand is saved: a player left empty is never saved at 0 without a word.

Whether a player has nothing entered is the engine's to say
(engine.unentered_players); this module words the question and reads the
answer the form sends back (the seats the table agreed to save at 0).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorekeeper import engine
from scorekeeper.engine.standing import names_joined
from scorekeeper.limits import whole_number
from scorekeeper.models import GameSession


@dataclass(frozen=True)
class AskFirst:
    """The hand leaves players empty: ask the table before saving it with them at 0."""

    text: str  # the question, naming each of them
    seats: list[int]  # their seats, from 0

    @property
    def answer(self) -> str:
        """What the "Yes, save" button sends back: the seats agreed to be saved at 0."""
        return ",".join(str(seat) for seat in self.seats)


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


def question_for_empty(gs: GameSession, data: dict[str, Any], confirmed: set[int],
                       check: Callable[[], object]) -> AskFirst | None:
    """AskFirst when `data` leaves a player empty whom the table has not agreed to save at 0; else None.

    `check` checks the whole session as it would be saved (raising the engine's error): a hand the
    rules refuse is refused first, so "Yes, save" is never answered by a refusal.
    """
    names = gs.names_in(data)
    missing = engine.unentered_players(data, names, gs.game)
    if not missing or {names.index(name) for name in missing} <= confirmed:
        return None
    check()
    return AskFirst(question(missing, gs.variant), [names.index(name) for name in missing])
