"""Cards as the review and print pages show them (rank and suit symbol, coloured by suit), and how a hand's score adds up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, CardNotationError, parse_meld_cards, rank_name


@dataclass(frozen=True)
class Chip:
    """One card to draw: the label, a colour class, and its name in words for screen readers."""

    label: str
    colour: str
    words: str


def _words(card: Card) -> str:
    if card.is_joker:
        return "joker"
    names = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    rank = rank_name(card.rank)
    return f"{names.get(rank, rank)} of {SUIT_NAMES[card.suit]}"


def _label(card: Card) -> str:
    return "Joker" if card.is_joker else f"{rank_name(card.rank)}{SUIT_SYMBOLS[card.suit]}"


def chips(cards: Any) -> list[Chip]:
    """The chips of a card list (string or list, as stored); text that is not cards is shown as it is.

    >>> [c.label for c in chips("7h 10S JK=8H")]
    ['7♥', '10♠', 'Joker→8♥']
    >>> chips("JK=8H")[0].words
    'joker as 8 of hearts'
    """
    try:
        parsed = parse_meld_cards(cards if cards is not None else [])
    except (CardNotationError, TypeError, ValueError):
        text = cards if isinstance(cards, str) else " ".join(map(str, cards or []))
        return [Chip(label=text, colour="", words=text)] if text else []
    out = []
    for mc in parsed:
        card = mc.card
        colour = "joker" if card.is_joker else ("red" if card.is_red else "black")
        label, words = _label(card), _words(card)
        if mc.stands_for is not None:
            label += f"→{_label(mc.stands_for)}"
            words += f" as {_words(mc.stands_for)}"
            colour = "red" if mc.stands_for.is_red else "black"
            colour += " wild"
        out.append(Chip(label=label, colour=colour, words=words))
    return out


def score_sum(scored: dict[str, Any], side: str) -> list[tuple[int, str]]:
    """How a side's score for one hand adds up: its own cards (or the points entered), then the engine's bonus lines.

    The engine lists every point that is not the side's own cards (sessions' `bonus_lines`);
    the own part is what is left. It is left out when it is 0 and something else was scored.
    Nothing (an empty list) when there is no bonus line: the score is all the side's own.

    >>> score_sum({"scores": {"Ann & Cy": 70}, "bonus_lines": [{"side": "Ann & Cy", "points": 25, "for": "going out"}]},
    ...           "Ann & Cy")
    [(45, 'from cards'), (25, 'for going out')]
    >>> score_sum({"scores": {"Ann": 112}, "entered_as_points": True,
    ...            "bonus_lines": [{"side": "Ann", "points": 50, "for": "winning the game"}]}, "Ann")
    [(62, 'as entered'), (50, 'for winning the game')]
    >>> score_sum({"scores": {"Ann": 12}}, "Ann")
    []
    """
    lines = [(line["points"], f"for {line['for']}") for line in scored.get("bonus_lines") or [] if line["side"] == side]
    if not lines:
        return []
    own = (scored.get("scores") or {}).get(side, 0) - sum(points for points, _ in lines)
    if own == 0:
        return lines
    return [(own, "as entered" if scored.get("entered_as_points") else "from cards"), *lines]
