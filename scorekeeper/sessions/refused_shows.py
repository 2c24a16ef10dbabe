"""A show the engine refuses, recorded in one tap as the game's wrong show (Game.refused_show_leaving).

When a save is refused naming the player chosen as going out (Indian Rummy: "Ann's show is
not valid: no pure sequence"), the form comes back offering to record that show as the
player's wrong show at the table's cost. The tap sends the form as typed with the offer's
seat; the form is read again with that player's state set and nobody declaring, and saved as
any hand is: the engine then judges it (at two players a wrong show ends the deal; with more,
it says who still has to be entered). Everything typed stays on the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.engine import Game
from scorekeeper.limits import whole_number

# the name of the button that records the refused show (its value: the player's seat)
BUTTON = "refused_show"


@dataclass(frozen=True)
class RefusedShowOffer:
    """The offer under a refused show: whose, at which seat on the form, in the game's words, at what cost."""

    seat: int
    name: str
    label: str
    cost: int | None

    def __str__(self) -> str:
        cost = f" · {self.cost}" if self.cost is not None else ""
        return f"Record it as {self.name}'s {self.label.lower()}{cost}"


def offer(form: Any, exc: Exception, game: Game, names: list[str], costs: dict[str, int]) -> RefusedShowOffer | None:
    """The offer when the engine refused the hand naming the player chosen as going out; None otherwise."""
    state = game.refused_show_leaving
    player = getattr(exc, "player", None)
    if not state or not hasattr(form, "players") or form.ended.data != "went_out":
        return None
    if player is None or player != form.went_out.data or player not in names:
        return None
    seat = names.index(player)
    if form.players[seat].state.data:
        return None  # already dropped or shown wrongly: the refusal is about something else
    return RefusedShowOffer(seat, player, _label(game), costs.get(state))


def marked(formdata: Any, game: Game, names: list[str]) -> str:
    """What the page says first when the offer was taken and the hand is still refused: the tap did its part."""
    seat = whole_number(formdata.get(BUTTON, ""), None)
    if not game.refused_show_leaving or seat is None or seat >= len(names):
        return ""
    return f"{names[seat]}'s {_label(game).lower()} is marked on the form; {names[seat]}'s cards stay typed but are not saved."


def tapped(formdata: Any, game: Game, count: int) -> MultiDict[str, str] | None:
    """The form as sent with the offer taken: the seat's player showed wrongly and nobody declared; None untapped.

    `count`: how many players the form has (a seat beyond it is no tap).
    """
    seat = whole_number(formdata.get(BUTTON, ""), None)
    if not game.refused_show_leaving or seat is None or seat >= count:
        return None
    taken = MultiDict(formdata)
    taken.setlist(f"players-{seat}-state", [game.refused_show_leaving])
    # nobody declared validly in what the form holds: the engine says whether the deal is over (two players)
    # or who else must be entered; the cards typed for the player stay on the page, not saved
    taken.setlist("ended", ["stock_exhausted"])
    taken.setlist("went_out", [""])
    return taken


def _label(game: Game) -> str:
    """The game's words for the leaving a refused show is recorded as ("Wrong show")."""
    return next(leaving.label for leaving in game.leavings if leaving.state == game.refused_show_leaving)
