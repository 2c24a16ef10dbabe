"""Cards as every page draws them (templates/_card_chips.html): rank and suit symbol, a colour class,
a wild card with the card it stands for, and the card in words for screen readers.

static/js/card-words.js says and draws a card the same way in the browser (the checker's verdicts and
the card picker name cards through it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    CardNotationError,
    MeldCard,
    parse_meld_cards,
    rank_name,
)
from scorekeeper.engine.tiles import COLOUR_NAMES, parse_tiles

_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


@dataclass(frozen=True)
class Chip:
    """One card to draw: its label, a colour class ("red", "black", "joker"; "" for text that is not a card),
    its name in words, and for a wild card the card it stands for."""

    label: str
    colour: str
    words: str
    stands: Chip | None = None


def _chip(card: Card) -> Chip:
    if card.is_joker:
        return Chip(label="JK", colour="joker", words="joker")
    rank = rank_name(card.rank)
    if card.suitless:
        # entered by its rank alone: drawn and said without a suit, as nobody gave one
        return Chip(label=rank, colour="suitless", words=_RANK_WORDS.get(rank, rank))
    return Chip(label=f"{rank}{SUIT_SYMBOLS[card.suit]}", colour="red" if card.is_red else "black",
                words=f"{_RANK_WORDS.get(rank, rank)} of {SUIT_NAMES[card.suit]}")


def _tile_chip(tile: Card) -> Chip:
    """A Rummikub tile: its notation (the colour's letter beside the number), a colour class, and in words."""
    if tile.is_joker:
        return Chip(label="JK", colour="joker", words="joker")
    return Chip(label=str(tile), colour=f"tile tile-{tile.suit}", words=f"{COLOUR_NAMES[tile.suit]} {tile.rank}")


def chips(cards: Any, notation: str = "cards") -> list[Chip]:
    """The chips of a card list (string or list, as stored); text that is not cards is shown as it is.

    `notation` "tiles" reads Rummikub's tiles (``7K`` is the black 7 there, not a 7 and a king).

    >>> [c.label for c in chips("7h 10S JK=8H")]
    ['7♥', '10♠', 'JK']
    >>> wild = chips("JK=8H")[0]
    >>> wild.words, wild.stands.label, wild.stands.colour
    ('joker as 8 of hearts', '8♥', 'red')
    >>> chips("QS")[0].words
    'queen of spades'
    >>> [(c.label, c.colour, c.words) for c in chips("K 10")]
    [('K', 'suitless', 'king'), ('10', 'suitless', '10')]
    """
    if notation == "tiles":
        return _tile_chips(cards)
    return _card_chips(cards)


def _tile_chips(cards: Any) -> list[Chip]:
    """Rummikub's tiles as chips, or the text as it is where it is not tiles."""
    try:
        return [_tile_chip(tile) for tile in parse_tiles(cards if cards is not None else [])]
    except (CardNotationError, TypeError, ValueError):
        return _text_chips(cards)


def _card_chips(cards: Any) -> list[Chip]:
    """Cards as chips, a wild card with the card it stands for, or the text as it is where it is not cards."""
    try:
        parsed = parse_meld_cards(cards if cards is not None else [])
    except (CardNotationError, TypeError, ValueError):
        return _text_chips(cards)
    return [_placed_chip(placed) for placed in parsed]


def _placed_chip(placed: MeldCard) -> Chip:
    """A card as melded: a wild card is said with the card it stands for, and carries that card's chip."""
    chip = _chip(placed.card)
    if placed.stands_for is None:
        return chip
    stands = _chip(placed.stands_for)
    return Chip(label=chip.label, colour=chip.colour, words=f"{chip.words} as {stands.words}", stands=stands)


def _text_chips(cards: Any) -> list[Chip]:
    """Stored text that is not cards, shown as it is: one chip that is not a card, or none for nothing."""
    text = cards if isinstance(cards, str) else " ".join(map(str, cards or []))
    return [Chip(label=text, colour="", words=text)] if text else []
