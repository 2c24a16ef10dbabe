"""A hand once read: what each player put down (each meld as read) and kept, and how errors about it name the hand and entry.

Values only, below the games (engine.games.base, whose hooks take them) and the meld reader (engine.melds, which
makes the readings): nothing here knows a game or its rules, so nothing here imports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from scorekeeper.engine.cards import Card, MeldCard
from scorekeeper.engine.errors import EngineError

ENDINGS = ("went_out", "stock_exhausted")


@dataclass(frozen=True)
class Reading:
    """One legal way to read a meld: its kind and every card in meld order, wild cards with their stand-ins.

    `sources` gives, for each card in meld order, its position in the cards as
    entered (so lay-off cards can be found again); `low` is the rank of the
    run's first place (1 when it starts with a low ace) or the set's rank.
    Which readings cards have is engine.melds' to say.
    """

    kind: str
    cards: tuple[MeldCard, ...]
    sources: tuple[int, ...]
    low: int

    @property
    def represents(self) -> tuple[Card, ...]:
        """The natural card each place of the meld stands for."""
        return tuple(c.stands_for or c.card for c in self.cards)

    def __str__(self) -> str:
        return f"{self.kind} " + " ".join(str(c) for c in self.cards)


@dataclass(slots=True)
class LayOff:
    """Cards one player laid off onto a meld on the table, and what they scored."""

    cards: list[MeldCard]
    owner: str
    meld: int
    points: int = 0


@dataclass(slots=True)
class PlayerHand:
    """What one player put down and kept in one hand."""

    name: str
    melds: list[Reading] = field(default_factory=list)
    layoffs: list[LayOff] = field(default_factory=list)
    in_hand: list[Card] = field(default_factory=list)
    melded_points: int = 0
    in_hand_points: int = 0
    entered: list[tuple[MeldCard, ...]] = field(default_factory=list)  # each meld's cards as entered
    counts: dict[str, int] = field(default_factory=dict)  # the game's hand_counts entered (Canasta's red threes)
    state: str = ""  # how the player left the hand without cards, where the game has such ways (Game.player_state)

    def card_count(self) -> int:
        """How many cards the player held at the end: melded, laid off and left in hand."""
        return sum(len(m.cards) for m in self.melds) + sum(len(x.cards) for x in self.layoffs) + len(self.in_hand)


@dataclass(slots=True)
class Hand:
    """One hand, read and checked: how it ended, and each player's cards (or plain points)."""

    number: int
    ended: str
    went_out: str | None
    concealed: bool
    wild_rank: int | None
    points: dict[str, int] | None = None
    players: dict[str, PlayerHand] = field(default_factory=dict)
    big_gin: bool = False
    rejoined: tuple[str, ...] = ()  # players dealt back in from this hand (Indian Rummy's pool)
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)  # scoring's details and warnings, kept with the hand memo below

    @property
    def as_points(self) -> bool:
        """True for a hand entered as plain numbers."""
        return self.points is not None


class Problems:
    """Builds errors that name the hand, and the player and entry when known."""

    def __init__(self, number: int) -> None:
        self.number = number

    def __call__(self, kind: type[EngineError], message: str, player: str | None = None, **where: Any) -> EngineError:
        return kind(f"hand {self.number}: {message}", hand=self.number, player=player, **where)


class EntryWords(Protocol):
    """A game's words for a player's entries, as its hand form says them (engine.games.base.Game's)."""

    @property
    def meld_word(self) -> str:
        """A meld ("group" in Indian Rummy)."""

    @property
    def in_hand_word(self) -> str:
        """The cards left in hand ("ungrouped cards" in Indian Rummy)."""


def entry_label(name: str, field: str, index: int = 0, game: EntryWords | None = None) -> str:
    """How an error names an entry: "Ann's meld 2", "Ann's lay-off 1", "Ann's cards left in hand".

    In the words of `game`'s hand form when given (Indian Rummy: "Ann's group 2", "Ann's ungrouped cards").
    """
    if field == "melds":
        return f"{name}'s {game.meld_word if game else 'meld'} {index + 1}"
    if field == "layoffs":
        return f"{name}'s lay-off {index + 1}"
    return f"{name}'s {game.in_hand_word if game else 'cards left in hand'}"


def entry_fields(field: str, index: int = 0) -> dict[str, Any]:
    """The error fields that point at an entry (the API adds meld and lay-off indexes)."""
    if field == "melds":
        return {"field": field, "meld": index}
    if field == "layoffs":
        return {"field": field, "layoff": index}
    return {"field": field}
