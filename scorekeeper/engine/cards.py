"""Playing cards and the notation players type them in.

A card is a rank and a suit, or a joker. Input is forgiving (``10s``,
``Td``, ``q♠``, ``joker``); output is always canonical (``10S``, ``10D``,
``QS``, ``JK``), so ``str(Card.from_notation(x))`` round-trips.

>>> Card.from_notation("td")
Card.from_notation('10D')
>>> str(Card.from_notation("q♠"))
'QS'
>>> format_cards(parse_cards("7h,8h 9h"))
'7H 8H 9H'
>>> parse_cards("7H 1H")
Traceback (most recent call last):
...
scorekeeper.engine.cards.CardNotationError: `1H` at position 2 is not a card: ranks are A 2-10 J Q K
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0
RANKS = tuple(range(ACE, KING + 1))
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})

RANK_NAMES = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}
_RANK_INPUT = {"A": ACE, "T": 10, "J": JACK, "Q": QUEEN, "K": KING} | {
    str(n): n for n in range(2, 11)
}
_SUIT_INPUT = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()}
_JOKER_INPUT = frozenset({"JK", "JOKER", "*"})
_SEPARATORS = re.compile(r"[\s,]+")


class CardNotationError(ValueError):
    """A token that is not a card in our notation."""

    def __init__(self, message: str, token: str = "", position: int = 0) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


def rank_name(rank: int) -> str:
    """Canonical name of a rank: ``A``, ``2``..``10``, ``J``, ``Q``, ``K``.

    >>> rank_name(1), rank_name(10), rank_name(12)
    ('A', '10', 'Q')
    """
    if rank == JOKER_RANK:
        return "JK"
    return RANK_NAMES.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """Read a rank on its own (``7``, ``t``, ``A``), as for 5000 Rummy's wild rank.

    >>> parse_rank("t"), parse_rank("A")
    (10, 1)
    """
    rank = _RANK_INPUT.get(str(text).strip().upper())
    if rank is None:
        raise CardNotationError(
            f"`{text}` is not a rank: ranks are A 2-10 J Q K", str(text)
        )
    return rank


@dataclass(frozen=True, order=True)
class Card:
    """A playing card: rank 1 (ace) to 13 (king) and a suit, or a joker (rank 0)."""

    rank: int
    suit: str = ""

    @classmethod
    def from_notation(cls, text: str, position: int = 1) -> Card:
        """Read one card such as ``7H``, ``10s``, ``Td``, ``q♠`` or ``JK``."""
        known = _READ_CARDS.get(text) if cls is Card and type(text) is str else None
        if known is not None:
            return known
        token = str(text).strip()
        upper = token.upper()
        if upper in _JOKER_INPUT:
            return JOKER
        where = f"`{token}` at position {position} is not a card"
        if len(upper) < 2:
            raise CardNotationError(
                f"{where}: write a rank then a suit, like 7H or 10S", token, position
            )
        rank_text, suit_text = upper[:-1], upper[-1]
        suit = _SUIT_INPUT.get(suit_text)
        if suit is None:
            raise CardNotationError(
                f"{where}: suits are S H D C (or ♠ ♥ ♦ ♣)", token, position
            )
        rank = _RANK_INPUT.get(rank_text)
        if rank is None:
            raise CardNotationError(
                f"{where}: ranks are A 2-10 J Q K", token, position
            )
        card = cls(rank, suit)
        if cls is Card and type(text) is str and len(_READ_CARDS) < _READ_LIMIT:
            # sessions are scored again on every page view: read each spelling once
            _READ_CARDS[text] = card
        return card

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in RED_SUITS

    def __post_init__(self) -> None:
        # written once per card: sessions print every card again on every page view
        text = "JK" if self.rank == JOKER_RANK else f"{rank_name(self.rank)}{self.suit}"
        object.__setattr__(self, "_text", text)

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined,no-any-return]

    def __repr__(self) -> str:
        return f"Card.from_notation({str(self)!r})"


# cards already read from a spelling (a bounded cache)
_READ_CARDS: dict[str, Card] = {}
_READ_LIMIT = 4096


JOKER = Card(JOKER_RANK, "")


@dataclass(frozen=True)
class MeldCard:
    """A card as placed in a meld, with the card a wild card stands for when given.

    >>> str(MeldCard.from_notation("jk=8h"))
    'JK=8H'
    """

    card: Card
    stands_for: Card | None = None

    @classmethod
    def from_notation(cls, text: str, position: int = 1) -> MeldCard:
        """Read ``7H`` or a wild card with its reading, ``JK=8H``."""
        token = str(text).strip()
        if "=" not in token:
            return cls(Card.from_notation(token, position))
        wild_text, _, meant_text = token.partition("=")
        card = Card.from_notation(wild_text, position)
        try:
            meant = Card.from_notation(meant_text, position)
        except CardNotationError:
            raise CardNotationError(
                f"`{token}` at position {position}: after = comes the card the wild"
                f" card stands for, like JK=8H",
                token,
                position,
            ) from None
        if meant.is_joker:
            raise CardNotationError(
                f"`{token}` at position {position}: a wild card stands for a natural"
                f" card, not a joker",
                token,
                position,
            )
        return cls(card, meant)

    def __str__(self) -> str:
        if self.stands_for is None:
            return str(self.card)
        return f"{self.card}={self.stands_for}"


def split_tokens(cards: str | Iterable[object]) -> list[str]:
    """Split a card list (a string, or a list of card strings) into tokens.

    >>> split_tokens("7h, 8h  9h")
    ['7h', '8h', '9h']
    """
    if isinstance(cards, str):
        return [t for t in _SEPARATORS.split(cards) if t]
    if not isinstance(cards, Iterable):
        raise CardNotationError(
            f"`{cards}` is not a card list: give a string like '7H 8H 9H' or a list"
            f" of card strings",
            str(cards),
        )
    tokens = []
    for position, item in enumerate(cards, start=1):
        if not isinstance(item, str):
            raise CardNotationError(
                f"`{item}` at position {position} is not a card: cards are strings"
                f" like 7H",
                str(item),
                position,
            )
        tokens.append(item.strip())
    return tokens


def parse_cards(cards: str | Iterable[object]) -> list[Card]:
    """Read a card list such as ``"7H 8H 9H"`` or ``["7H", "8H"]``."""
    parsed = []
    for position, token in enumerate(split_tokens(cards), start=1):
        if "=" in token:
            raise CardNotationError(
                f"`{token}` at position {position}: only a wild card in a meld can"
                f" say what it stands for",
                token,
                position,
            )
        parsed.append(Card.from_notation(token, position))
    return parsed


def parse_meld_cards(cards: str | Iterable[object]) -> list[MeldCard]:
    """Read a meld's card list, where wild cards may carry a reading (``JK=8H``)."""
    return [
        MeldCard.from_notation(token, position)
        for position, token in enumerate(split_tokens(cards), start=1)
    ]


def format_cards(cards: Iterable[Card | MeldCard]) -> str:
    """Write cards in canonical notation separated by spaces."""
    return " ".join(str(c) for c in cards)


def full_deck() -> list[Card]:
    """The 52 natural cards of one deck, spades to clubs, ace to king."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]
