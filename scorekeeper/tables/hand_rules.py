"""What the hand form asks the engine about a session's game: decks, bonuses, lay-offs, a deal's contract."""

from __future__ import annotations

from scorekeeper import engine
from scorekeeper.models import GameSession


def deck_counts(gs: GameSession) -> dict[str, int]:
    """Copies of each card in this session's decks (for the card picker), or none when the game has no deck."""
    try:
        return engine.deck_counts(gs.game, gs.options, len(gs.seats))
    except (AttributeError, ValueError):
        return {}


def leaving_costs(gs: GameSession) -> dict[str, int]:
    """What each of the game's ways of leaving a hand without cards costs at this table (a drop: 20), by state."""
    try:
        return engine.leaving_costs(gs.game, gs.options, len(gs.seats))
    except ValueError:
        return {}


def lowest_wins(gs: GameSession) -> bool:
    """True when the lowest total is best at this session's table (its game and options say)."""
    try:
        return engine.lowest_wins(gs.game, gs.options, len(gs.seats))
    except ValueError:
        return gs.variant.lowest_wins


def points_bonuses(gs: GameSession) -> engine.PointsBonuses | None:
    """What the points form says about bonuses: those the table counts in, those the scorer adds (None: unknown)."""
    try:
        return engine.points_bonuses(gs.game, gs.options, len(gs.seats))
    except (AttributeError, ValueError):
        return None



# the key of layoff_seats' answer for "who went out is not chosen yet": every seat any choice allows
ANY_GOER = "*"


def layoff_seats(gs: GameSession, names: list[str]) -> dict[str, dict[int, list[int]]]:
    """Whose melds (seats) each seat may lay off onto, by who went out: the engine's rule, for the form.

    Keyed by the name of who went out ("" for nobody, the stock ran out) and ANY_GOER
    (not chosen yet: whatever some choice allows), then by seat. The form offers
    only these melds; its script narrows the lists as "who went out" changes.
    """
    try:
        chosen = {
            goer: {seat: [names.index(owner) for owner in engine.layoff_owners(gs.game, gs.options, name, names, goer or None)]
                   for seat, name in enumerate(names)}
            for goer in ["", *names]
        }
    except ValueError:
        chosen = {"": {seat: list(range(len(names))) for seat in range(len(names))}}
    chosen[ANY_GOER] = {
        seat: sorted({owner for by_seat in chosen.values() for owner in by_seat[seat]}) for seat in range(len(names))
    }
    return chosen


def deal_note(gs: GameSession, number: int) -> str | None:
    """What hand `number` asks of the players, where the game says (a contract per deal); None otherwise."""
    try:
        return engine.deal_note(gs.game, gs.options, number, len(gs.seats))
    except ValueError:
        return None


def rewards_concealed(gs: GameSession) -> bool:
    """Whether the hand form asks if the player went out concealed: only where the engine scores it."""
    try:
        return engine.rewards_concealed(gs.game, gs.options)
    except ValueError:
        return False



def goer_holds_cards(gs: GameSession) -> bool:
    """Whether the hand form asks the player who went out for cards left in hand (gin's knocker: yes; most games: no)."""
    try:
        return engine.goer_holds_cards(gs.game, gs.options)
    except ValueError:
        return True
