"""Counting a hand's cards against the decks in play: no card entered more often than the decks hold it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from scorekeeper.engine.cards import JOKER, SUITS, Card, rank_name
from scorekeeper.engine.errors import RulesError
from scorekeeper.engine.games.base import Game, Rules
from scorekeeper.engine.melds import rank_held
from scorekeeper.engine.played import Hand, PlayerHand, Problems, entry_fields, entry_label


def check_decks(hand: Hand, rules: Rules, problem: Problems) -> None:
    """Refuse a hand with a card entered more often than the decks hold it, or a joker where none is in play,
    naming the player and the entry where it is one too many."""
    counts = Counter(_every_card(hand))
    jokers = counts.pop(JOKER, 0)
    suitless = any(card.suitless for card in counts)
    if jokers <= rules.jokers and (not counts or max(counts.values()) <= rules.decks) and not suitless:
        return
    _name_card_entered_too_often(hand, rules, problem)
    if suitless:
        _name_rank_entered_too_often(hand, rules, problem)


def _every_card(hand: Hand) -> list[Card]:
    """Every card entered in a hand: melded, laid off and left in hand."""
    every_card = [c.card for p in hand.players.values() for m in p.melds for c in m.cards]
    every_card += [c.card for p in hand.players.values() for x in p.layoffs for c in x.cards]
    every_card += [c for p in hand.players.values() for c in p.in_hand]
    return every_card


def _name_rank_entered_too_often(hand: Hand, rules: Rules, problem: Problems) -> None:
    """Refuse a rank entered more often than the decks hold it, counting its cards entered by rank alone (``K``)."""
    places = [(name, *place) for name, player in hand.players.items() for place in _places_entered(name, player, rules.variant)]
    # only a rank with a card entered alone can be over its count here: every other card was counted by itself
    bare = {card.rank for _, cards, _, _ in places for card in cards if card.suitless}
    seen: Counter[int] = Counter()
    labels: dict[int, list[str]] = {}
    for name, cards, label, where in places:
        for card in cards:
            if card.is_joker or card.rank not in bare:
                continue
            seen[card.rank] += 1
            labels.setdefault(card.rank, []).append(label)
            if seen[card.rank] > len(SUITS) * rules.decks:
                shown = ", ".join(dict.fromkeys(labels[card.rank]))
                why = f"{rank_name(card.rank)} is entered {seen[card.rank]} times ({shown}), but {rank_held(card.rank, rules.decks)}"
                raise problem(RulesError, why, name, **where)


def _name_card_entered_too_often(hand: Hand, rules: Rules, problem: Problems) -> None:
    # every physical card entered, with where it was entered, in entry order
    seen: dict[Card, list[tuple[str, str, dict[str, Any]]]] = {}
    for name, player in hand.players.items():
        for cards, label, where in _places_entered(name, player, rules.variant):
            for card in cards:
                if card.suitless:
                    continue  # any card of its rank: counted by rank (_name_rank_entered_too_often)
                entered = seen.setdefault(card, [])
                entered.append((name, label, where))
                allowed = rules.jokers if card.is_joker else rules.decks
                if len(entered) > allowed:
                    labels = ", ".join(dict.fromkeys(lbl for _, lbl, _ in entered))
                    raise problem(RulesError, _too_often(card, len(entered), labels, rules), name, **where)


def _places_entered(name: str, player: PlayerHand, game: Game) -> list[tuple[list[Card], str, dict[str, Any]]]:
    """The cards of each place a player entered cards (melds, lay-offs, in hand), with its label and fields."""
    places: list[tuple[list[Card], str, dict[str, Any]]] = []
    places += [([c.card for c in m.cards], entry_label(name, "melds", i, game), entry_fields("melds", i)) for i, m in enumerate(player.melds)]
    places += [([c.card for c in x.cards], entry_label(name, "layoffs", i), entry_fields("layoffs", i)) for i, x in enumerate(player.layoffs)]
    places.append((player.in_hand, entry_label(name, "in_hand", game=game), entry_fields("in_hand")))
    return places


def _too_often(card: Card, times: int, labels: str, rules: Rules) -> str:
    """Why `card`, entered `times` times (at `labels`), is more than the decks and jokers in play hold."""
    if card.is_joker and rules.jokers == 0:
        return f"JK ({labels}): {rules.name} is played here without jokers"
    if card.is_joker:
        return f"JK is entered {times} times ({labels}), but the game uses only {rules.jokers} jokers"
    held = "one deck has only one" if rules.decks == 1 else f"{rules.decks} decks hold only {rules.decks}"
    return f"{card} is entered {times} times ({labels}), but {held}"
