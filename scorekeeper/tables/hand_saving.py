"""Saving a hand entered on the hand form: every check the table may be asked about, then one commit.

The views only turn what these raise into pages: draft_service.PartsArrived and
PartsDiffer (the players' own parts), asking.AskFirst (a question for the table),
service.DuplicateHand, service.HandTaken and service.StaleHand (another phone was first),
and the engine's ValueError.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.models import GameSession, Hand
from scorekeeper.tables import asking, draft_service, rejoins, service
from scorekeeper.tables.standings_cache import scored_after_save, standing


class NextHandCheck:
    """Checks the session with `data` as its next hand, once, against the score cache's Scoring of the stored hands.

    Called again, it answers the same (the engine's Scoring with the hand, or None when the
    whole session had to be checked); `remember(hand)` then keeps the saved version scored.
    """

    def __init__(self, gs: GameSession, data: dict[str, Any], position: int) -> None:
        self.gs, self.data, self.position = gs, data, position
        self.before = standing(gs)
        self.done = False
        self.after: Any = None

    def __call__(self) -> Any:
        if not self.done:
            self.after = service.check_next(self.gs, self.data, self.before.scoring, self.position)
            self.done = True
        return self.after

    def remember(self, hand: Hand) -> None:
        """Keep the version `hand` was saved in scored (see standings_cache.scored_after_save)."""
        scored_after_save(self.gs, self.before, self.after, hand)


def save_next_hand(gs: GameSession, data: dict[str, Any], key: str | None, expected_position: int | None,
                   confirmed: set[int], seen_parts: Any = None) -> Hand:
    """Check `data` and store it as the session's next hand; the players' parts of it go in the same commit.

    `seen_parts` (a hand entered by cards: the parts the form showed, see draft_service.seen_parts)
    asks whether players' parts arrived or differ since; `confirmed` are the seats the table
    agreed to save at 0. The rejoins confirmed for this hand (tables.rejoins) are added to it.
    """
    # counted once: every check below is about this hand's place
    position = service.next_position(gs)
    # a rejoin the table confirmed on the scoreboard is this hand's: it names the player (engine: `rejoined`)
    data = rejoins.carried(gs, data, position)
    if seen_parts is not None:
        sent = draft_service.parts(gs, position)
        draft_service.check_for_parts(gs, data, confirmed, sent)
        draft_service.check_for_conflicts(gs, data, seen_parts, confirmed, sent)
    check = NextHandCheck(gs, data, position)
    asking.ask_about_empty(gs, data, confirmed, check)
    # the players' own parts of this hand go in the same commit as the hand (rolled back with it)
    draft_service.clear_parts(gs)
    rejoins.clear(gs)
    hand = service.add_hand(gs, data, key, expected_position=expected_position, checked=check(), position=position)
    check.remember(hand)
    return hand


def save_edited_hand(gs: GameSession, hand: Hand, data: dict[str, Any], expected_version: int,
                     confirmed: set[int]) -> Hand:
    """Check the session with `data` in place of `hand` and store it, unless the hand changed since `expected_version`."""
    asking.ask_about_empty(gs, data, confirmed, lambda: service.check_hands(
        gs, [data if h.id == hand.id else h.data for h in gs.hands]))
    return service.replace_hand(hand, data, expected_version)
