"""Playing cards and the notation players type them in.

A card is a rank and a suit, or a joker, or a rank alone where its suit
does not matter (docs/rules.md 1: a set of kings ``K K K``). Input is
forgiving (``10s``, ``Td``, ``q♠``, ``joker``); output is always canonical
(``10S``, ``10D``, ``QS``, ``JK``, ``K``), so ``str(Card.from_notation(x))``
round-trips.

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
>>> format_cards(parse_cards("7h8h9h"))
'7H 8H 9H'

The grammar (docs/rules.md 1). A card list is tokens apart by spaces or
commas. A token is one of:

- a card: a rank (``A 2-10 J Q K``, ``T`` for 10) with its suit (``S H D C``
  or ``♠ ♥ ♦ ♣``), or a rank alone, or a joker (``JK``, ``joker``, ``*``);
  in a meld a wild card may say what it stands for (``JK=8H``);
- cards typed without spaces, read left to right, each rank taking the
  suit that follows it if one does: ``7h8h9h``, ``KKK``, ``Q5``. ``JK``
  is always the joker, so a jack and a king by rank are written ``J K``;
- a run by range, a rank, ``-``, a rank and the suit: ``7-10H``, read upward
  with the ace low at the start and high at the end (``A-3H``, ``10-AH``).

>>> format_cards(parse_cards("KKK"))
'K K K'
>>> format_cards(parse_cards("Q5 10"))
'Q 5 10'
>>> format_cards(parse_cards("JK J K"))
'JK J K'
>>> format_cards(parse_cards("QJK"))
'Q JK'
>>> format_cards(parse_cards("7-10h"))
'7H 8H 9H 10H'
>>> format_cards(parse_cards("10-AS"))
'10S JS QS KS AS'
>>> format_cards(parse_cards("K-2H"))  # the short way round, past the ace: the game's meld check refuses the wrap
'KH AH 2H'
>>> parse_cards("10-7H")
Traceback (most recent call last):
...
scorekeeper.engine.cards.CardNotationError: `10-7H` at position 1 runs downward: write a range from its lowest card up, like 7-10H
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import product
from typing import Any

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


# the colours of Rummikub's tiles, which are Cards whose "suit" is a colour (engine.tiles reads them): red,
# blue, orange (yellow in some sets, read as orange) and black. None is a suit letter, so a tile is never a card
TILE_COLOURS = ("R", "B", "O", "K")


def _number_name(rank: int, suit: str) -> str:
    """A card's rank as written before its suit: a tile's number is written as a number (``11R``, not ``JR``)."""
    return str(rank) if suit in TILE_COLOURS else rank_name(rank)


class _Unchangeable:
    """A value made once and shared by everyone who asks for it: so it can never be changed."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if _Unchangeable not in cls.__bases__:
            # a subclass would be handed the base class's shared objects, never its own
            raise TypeError(f"{cls.__bases__[0].__name__} is a value made once per card: it cannot be subclassed")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{self} cannot be changed (tried to set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{self} cannot be changed (tried to delete {name})")


class Card(_Unchangeable):
    """A playing card: rank 1 (ace) to 13 (king) and a suit, or a joker (rank 0).

    A Rummikub tile is a Card too: its number is the rank and its colour the
    suit (``TILE_COLOURS``), written ``11R``; only engine.tiles makes them.

    Cards are values, made once each: ``Card(7, "H")`` always answers the same
    object, so equality and hashing are identity (done in C), which matters
    because a session scored from scratch counts and compares tens of
    thousands of cards. Cards cannot be changed once made.
    """

    __slots__ = ("rank", "suit", "is_joker", "suitless", "text")
    rank: int
    suit: str  # "" for a joker and for a card entered by its rank alone
    is_joker: bool  # True for a joker
    suitless: bool  # True for a card entered by its rank alone (``K``): its suit was never said
    text: str  # canonical notation, as str(card): read directly on hot paths

    def __new__(cls, rank: int, suit: str = "") -> Card:
        known = _CARDS.get((rank, suit))
        if known is not None:
            return known
        card = object.__new__(cls)
        text = "JK" if rank == JOKER_RANK else f"{_number_name(rank, suit)}{suit}"
        suitless = rank != JOKER_RANK and suit == ""
        fields = (("rank", rank), ("suit", suit), ("is_joker", rank == JOKER_RANK), ("suitless", suitless), ("text", text))
        for name, value in fields:
            object.__setattr__(card, name, value)
        # setdefault, atomic: two threads making the same new card at once still share one
        return _CARDS.setdefault((rank, suit), card)

    @classmethod
    def from_notation(cls, text: str, position: int = 1) -> Card:
        """Read one card such as ``7H``, ``10s``, ``Td``, ``q♠``, ``JK``, or a rank alone (``K``, ``10``)."""
        known = _SPELLED.get(text) if type(text) is str else None
        if known is not None:
            return known
        token = str(text).strip()
        upper = token.upper()
        if upper in _JOKER_INPUT:
            return JOKER
        where = f"`{token}` at position {position} is not a card"
        if upper.startswith(("JK", "JO")):
            # JKR, JOK, JOKR: meant as a joker, so say how a joker is written
            raise CardNotationError(f"{where}: write a joker as JK", token, position)
        if upper in _RANK_INPUT:
            return cls(_RANK_INPUT[upper], "")
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
        return cls(rank, suit)

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in RED_SUITS

    def _order(self) -> tuple[int, str]:
        return (self.rank, self.suit)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() < other._order()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() <= other._order()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() > other._order()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() >= other._order()

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied cards come back as the one card of their kind
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.from_notation({self.text!r})"


# every card made so far, by rank and suit (53 in play; a few more only if a caller makes odd ones)
_CARDS: dict[tuple[int, str], Card] = {}

JOKER = Card(JOKER_RANK, "")


def _any_case(text: str) -> set[str]:
    """Every way to write `text` with each letter in either case."""
    return {"".join(chars) for chars in product(*({c.lower(), c.upper()} for c in text))}


# every card by each spelling a player types without spaces (any case), made once: reading one is a lookup
_SPELLED: dict[str, Card] = {
    spelling: Card(rank, suit)
    for rank_text, rank in _RANK_INPUT.items()
    for suit_text, suit in [*_SUIT_INPUT.items(), ("", "")]
    for spelling in _any_case(rank_text + suit_text)
} | {spelling: JOKER for text in _JOKER_INPUT for spelling in _any_case(text)}


class MeldCard(_Unchangeable):
    """A card as placed in a meld, with the card a wild card stands for when given.

    Made once each, like :class:`Card`: equal meld cards are the same object.

    >>> str(MeldCard.from_notation("jk=8h"))
    'JK=8H'
    >>> MeldCard.from_notation("jk=8h") is MeldCard(JOKER, Card(8, "H"))
    True
    """

    __slots__ = ("card", "stands_for", "text")
    card: Card
    stands_for: Card | None
    text: str  # canonical notation, as str(meld_card)

    def __new__(cls, card: Card, stands_for: Card | None = None) -> MeldCard:
        known = _MELD_CARDS.get((card, stands_for))
        if known is not None:
            return known
        placed = object.__new__(cls)
        text = str(card) if stands_for is None else f"{card}={stands_for}"
        for name, value in (("card", card), ("stands_for", stands_for), ("text", text)):
            object.__setattr__(placed, name, value)
        return _MELD_CARDS.setdefault((card, stands_for), placed)

    @classmethod
    def from_notation(cls, text: str, position: int = 1) -> MeldCard:
        """Read ``7H`` or a wild card with its reading, ``JK=8H``."""
        known = _SPELLED_IN_MELDS.get(text) if type(text) is str else None
        if known is not None:
            return known
        token = str(text).strip()
        if "=" not in token:
            return cls(Card.from_notation(token, position))
        return cls._read_pinned(token, position)

    @classmethod
    def _read_pinned(cls, token: str, position: int) -> MeldCard:
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

    def __reduce__(self) -> tuple[Any, ...]:
        return (MeldCard, (self.card, self.stands_for))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"MeldCard.from_notation({self.text!r})"


_MELD_CARDS: dict[tuple[Card, Card | None], MeldCard] = {}
# the same spellings as meld cards (a reading written with = is read each time)
_SPELLED_IN_MELDS = {spelling: MeldCard(card) for spelling, card in _SPELLED.items()}


# one card as typed, with the pin a wild card may carry: what cards typed without spaces are made of. A rank
# takes the suit after it if there is one (no suit letter is a rank, so this is never in doubt), and JK comes
# before J: a compact JK is the joker
_SUIT_CHARS = "SHDC" + "".join(SUIT_SYMBOLS.values())
_ONE_RANK = r"(?:10|[2-9ATJQK])"
_ONE_CARD = rf"{_ONE_RANK}[{_SUIT_CHARS}]?"
# what a wild card stands for takes its suit here (JK=8H): JK=JK must stay one token, refused whole
_TYPED_CARD = re.compile(rf"(?:JOKER|JK|\*|{_ONE_CARD})(?:={_ONE_RANK}[{_SUIT_CHARS}])?", re.IGNORECASE)
# a run by range, as typed: a rank, -, a rank and the suit (7-10H); anything with a - between is read as one
_RANGE = re.compile(rf"({_ONE_RANK})-({_ONE_RANK})([{_SUIT_CHARS}])", re.IGNORECASE)
_RANK_COUNT = KING - ACE + 1


def _apart(token: str) -> list[str]:
    """A token of cards typed without spaces (``7h8h9h``, ``KKK``) as its cards; any other token as it is.

    Read card by card from the left, each the longest it can be (JK the joker before J): one reading,
    in time linear in the token (a pattern of repeated cards tried every split of ``JKJK...X``, and a
    70-character token held the server for hours). A token that does not read to its end stays whole,
    to be refused whole.

    >>> _apart("7h8h9h"), _apart("QJK"), _apart("JKH"), _apart("K")
    (['7h', '8h', '9h'], ['Q', 'JK'], ['JKH'], ['K'])
    """
    if len(token) < 2 or token in _SPELLED:
        return [token]
    cards: list[str] = []
    at = 0
    while at < len(token):
        card = _TYPED_CARD.match(token, at)
        if card is None:
            return [token]
        cards.append(card.group())
        at = card.end()
    return cards


def _range_places(first: int, last: int) -> list[int] | None:
    """The places (A low 1 .. A high 14) a range from `first` to `last` covers upward, None when it runs downward.

    An ace starts a range low and ends it high. Between two other ranks a range
    is read the short way round: K-2 passes the ace (K A 2, which the game's
    meld check then refuses as a wrap), 10-7 runs downward.
    """
    if first == last:
        return None
    end = KING + 1 if last == ACE else last
    if first == ACE or end > first:
        return list(range(first, end + 1))
    up = _RANK_COUNT - first + end + 1  # cards from `first` past the ace to `last`
    down = first - end + 1
    if up >= down:
        return None
    return list(range(first, KING + 2)) + list(range(2, end + 1))


def expand_range(token: str, position: int = 1) -> list[str]:
    """The cards of a run typed as a range (``7-10H``), or CardNotationError saying why it cannot be read.

    >>> expand_range("9-qs")
    ['9S', '10S', 'JS', 'QS']
    >>> expand_range("a-3d")
    ['AD', '2D', '3D']
    >>> expand_range("7-30H")
    Traceback (most recent call last):
    ...
    scorekeeper.engine.cards.CardNotationError: `7-30H` at position 1 is not a range: 30 is not a rank (ranks are A 2-10 J Q K)
    """
    where = f"`{token}` at position {position}"
    found = _RANGE.fullmatch(token)
    if found is None:
        raise CardNotationError(f"{where} is not a range: {_range_fault(token)}", token, position)
    first, last = _RANK_INPUT[found[1].upper()], _RANK_INPUT[found[2].upper()]
    suit = _SUIT_INPUT[found[3].upper()]
    places = _range_places(first, last)
    if places is None:
        if first == last:
            why = f"starts and ends at {rank_name(first)}: a range needs two ranks, like 7-10{suit}"
        else:
            why = f"runs downward: write a range from its lowest card up, like {rank_name(last)}-{rank_name(first)}{suit}"
        raise CardNotationError(f"{where} {why}", token, position)
    return [f"{rank_name(ACE if place > KING else place)}{suit}" for place in places]


def _range_fault(token: str) -> str:
    """Why a token with a - in it is not a range, in words."""
    first, _, rest = token.partition("-")
    if not first or not rest:
        return "a range needs a rank at each end and its suit, like 7-10H"
    if first.upper() not in _RANK_INPUT:
        return f"{first} is not a rank (ranks are A 2-10 J Q K)"
    if rest.upper() in _RANK_INPUT:
        return f"a run needs its suit: write it like {first.upper()}-{rest.upper()}H"
    rank_text, suit_text = rest[:-1].upper(), rest[-1:].upper()
    if suit_text not in _SUIT_INPUT:
        return "a range ends with its suit, S H D C (or ♠ ♥ ♦ ♣), like 7-10H"
    if not rank_text:
        return "a range needs a rank at each end and its suit, like 7-10H"
    return f"{rank_text} is not a rank (ranks are A 2-10 J Q K)"


def _tokens_of(token: str, position: int) -> list[str]:
    """One typed token as the card tokens it stands for: a range's cards, cards typed together apart, or itself."""
    if "-" in token:
        return expand_range(token, position)
    return _apart(token)


def split_tokens(cards: str | Iterable[object]) -> list[str]:
    """Split a card list (a string, or a list of card strings) into tokens.

    Cards typed together without a space are read as separate cards, and a
    range as its cards (docs/rules.md 1).

    >>> split_tokens("7h, 8h  9h")
    ['7h', '8h', '9h']
    >>> split_tokens("7h8h9h 10sJK")
    ['7h', '8h', '9h', '10s', 'JK']
    >>> split_tokens("8888 7-9C")
    ['8', '8', '8', '8', '7C', '8C', '9C']
    >>> split_tokens(["KKK", "7-9C", "JK"])
    ['K', 'K', 'K', '7C', '8C', '9C', 'JK']
    """
    if isinstance(cards, str):
        # str.split() splits on exactly the whitespace `\\s` matches, and is much quicker than the regex
        typed = cards.replace(",", " ").split()
        return [part for position, token in enumerate(typed, start=1) for part in _tokens_of(token, position)]
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
        # an item is read as a token of a string is: one card, cards typed together, or a run by range
        tokens.extend(_tokens_of(item.strip(), position))
    return tokens


def _read_before(cards: object, spellings: dict[str, Any]) -> list[Any] | None:
    """The cards of a list whose every spelling was read before (one lookup each), else None.

    The common case by far: cards typed as 7H or 10s. None sends the list to the
    full reading, which also names any bad token.
    """
    if type(cards) is str:
        tokens: object = cards.replace(",", " ").split()
    elif type(cards) is list or type(cards) is tuple:
        tokens = cards
    else:
        return None
    try:
        known = [spellings.get(token) for token in tokens]  # type: ignore[attr-defined]
    except TypeError:  # an item that cannot be a key, such as a list
        return None
    return None if None in known else known


def parse_cards(cards: str | Iterable[object]) -> list[Card]:
    """Read a card list such as ``"7H 8H 9H"`` or ``["7H", "8H"]``."""
    known = _read_before(cards, _SPELLED)  # a spelling with = is never there
    if known is not None:
        return known
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
    known = _read_before(cards, _SPELLED_IN_MELDS)
    if known is not None:
        return known
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


full_deck()  # every card made once, up front: while serving, cards are then only looked up


def cards_left(counts: Mapping[str, int], entered: Iterable[object]) -> dict[str, int]:
    """Copies of each card left in the decks (`counts`, as deck_counts gives them) once `entered` are taken out.

    A wild card entered with what it stands for (``JK=8H``) uses up the wild card itself.

    >>> cards_left({"JK": 2, "8H": 1}, ["JK=8H", "8H", "8H"])
    {'JK': 1, '8H': 0}
    """
    left = dict(counts)
    for card in entered:
        itself = str(card).partition("=")[0]
        if itself in left:
            left[itself] = max(0, left[itself] - 1)
    return left
