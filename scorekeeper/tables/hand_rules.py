"""What the engine says about a table's hands: its decks, bonuses, ways of leaving a hand, lay-offs, a deal's contract.

One HandRules per table (Table.rules), asked of the engine once per request and only as far as a page
needs: each answer is the engine's, for the game, options and players at this table. An answer the
engine cannot give for a stored game (a game or option removed since) falls back to what asks nothing.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from scorekeeper import engine
from scorekeeper.models import GameSession

# the key of layoff_seats' answer for "who went out is not chosen yet": every seat any choice allows
ANY_GOER = "*"


class HandRules:
    """The engine's answers about one table's hands (its game, options and number of seats)."""

    def __init__(self, gs: GameSession) -> None:
        self.game: str = gs.game
        self.options: dict[str, Any] = gs.options or {}
        self.seats = len(gs.seats)
        self._variant = gs.variant
        # layoff_seats' answers, by the names asked: the hand form's choices and its page ask the same
        self._layoff_seats: dict[tuple[str, ...], dict[str, dict[int, list[int]]]] = {}

    @cached_property
    def deck_counts(self) -> dict[str, int]:
        """Copies of each card in this table's decks (for the card picker), or none when the game has no deck."""
        try:
            return engine.deck_counts(self.game, self.options, self.seats)
        except (AttributeError, ValueError):
            return {}

    @cached_property
    def leaving_costs(self) -> dict[str, int]:
        """What each of the game's ways of leaving a hand without cards costs at this table (a drop: 20), by state."""
        try:
            return engine.leaving_costs(self.game, self.options, self.seats)
        except ValueError:
            return {}

    @cached_property
    def lowest_wins(self) -> bool:
        """True when the lowest total is best at this table (its game and options say)."""
        try:
            return engine.lowest_wins(self.game, self.options, self.seats)
        except ValueError:
            return self._variant.lowest_wins

    @cached_property
    def points_bonuses(self) -> engine.PointsBonuses | None:
        """What the points form says about bonuses: those the table counts in, those the scorer adds (None: unknown)."""
        try:
            return engine.points_bonuses(self.game, self.options, self.seats)
        except (AttributeError, ValueError):
            return None

    @cached_property
    def rewards_concealed(self) -> bool:
        """Whether the hand form asks if the player went out concealed: only where the engine scores it."""
        try:
            return engine.rewards_concealed(self.game, self.options)
        except ValueError:
            return False

    @cached_property
    def goer_holds_cards(self) -> bool:
        """Whether the hand form asks the player who went out for cards left in hand (gin's knocker: yes; most: no)."""
        try:
            return engine.goer_holds_cards(self.game, self.options)
        except ValueError:
            return True

    def deal_note(self, number: int) -> str | None:
        """What hand `number` asks of the players, where the game says (a contract per deal); None otherwise."""
        try:
            return engine.deal_note(self.game, self.options, number, self.seats)
        except ValueError:
            return None

    def layoff_seats(self, names: list[str]) -> dict[str, dict[int, list[int]]]:
        """Whose melds (seats) each seat may lay off onto, by who went out: the engine's rule, for the form.

        Keyed by the name of who went out ("" for nobody, the stock ran out) and ANY_GOER
        (not chosen yet: whatever some choice allows), then by seat. The form offers
        only these melds; its script narrows the lists as "who went out" changes. Worked out once per
        request for the same names (read only).
        """
        found = self._layoff_seats.get(tuple(names))
        if found is None:
            found = self._layoff_seats[tuple(names)] = self._work_out_layoff_seats(names)
        return found

    def _work_out_layoff_seats(self, names: list[str]) -> dict[str, dict[int, list[int]]]:
        try:
            chosen = {
                goer: {seat: [names.index(owner)
                              for owner in engine.layoff_owners(self.game, self.options, name, names, goer or None)]
                       for seat, name in enumerate(names)}
                for goer in ["", *names]
            }
        except ValueError:
            chosen = {"": {seat: list(range(len(names))) for seat in range(len(names))}}
        chosen[ANY_GOER] = {
            seat: sorted({owner for by_seat in chosen.values() for owner in by_seat[seat]}) for seat in range(len(names))
        }
        return chosen
