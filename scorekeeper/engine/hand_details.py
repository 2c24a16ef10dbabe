"""A hand's details as pages show them: each player's melds, lay-offs and cards left, as read.

Worked out once per hand and kept with it (Hand.memo, which lives as long as
the hand memo keeps the hand), as tuples no caller can change; every answer
gets dicts and lists made afresh from them.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple, cast

from scorekeeper.engine.answers import PlayerDetails
from scorekeeper.engine.games.base import Rules
from scorekeeper.engine.meld_check import MeldParts, meld_bodies, reading_parts
from scorekeeper.engine.played import Hand

_text = attrgetter("text")  # a card's notation, as str(card), read in C


def hand_details(hand: Hand, rules: Rules) -> dict[str, PlayerDetails]:
    """Each player's melds, lay-offs and cards left, as read, for pages that show the hand.

    What they hold is worked out once per hand and table and kept with the
    hand as tuples of text and numbers, which no caller can change. Every
    caller, the first and each later one, gets dicts and lists made afresh
    from those tuples, so one that changes its answer never changes what a
    later call returns; making them is quicker than unpickling a kept copy.
    """
    key = ("details", rules.key)
    kept = hand.memo.get(key)
    if kept is None:
        kept = hand.memo[key] = _detail_parts(hand, rules)
    details: dict[str, PlayerDetails] = {}
    for name, melds, layoffs, in_hand, melded_points, in_hand_points, counts, state in kept:
        # most players have no lay-offs, and some no melds: skip making an empty list the long way
        details[name] = {
            "melds": meld_bodies(melds) if melds else [],
            "layoffs": [
                {"cards": [*cards], "onto": {"player": owner, "meld": meld}, "points": points}
                for cards, owner, meld, points in layoffs
            ] if layoffs else [],
            "in_hand": [*in_hand],
            "melded_points": melded_points,
            "in_hand_points": in_hand_points,
        }
        if counts:  # the game's own numbers beside the cards (Game.hand_counts: Canasta's red_threes)
            # named by the game, not here: PlayerDetails lists each game's (tests/engine/test_engine_answers.py)
            cast(dict[str, Any], details[name]).update(counts)
        if state:  # how the player left the hand without cards (Indian Rummy's drops and wrong show)
            details[name]["state"] = state
    return details


class _PlayerParts(NamedTuple):
    """What :func:`hand_details` writes for one player, as text, numbers and tuples: kept with the hand."""

    name: str
    melds: tuple[MeldParts, ...]
    layoffs: tuple[tuple[tuple[str, ...], str, int, int], ...]  # (cards, onto player, onto meld, points)
    in_hand: tuple[str, ...]
    melded_points: int
    in_hand_points: int
    counts: tuple[tuple[str, int], ...]  # the game's hand_counts, as entered
    state: str  # PlayerHand.state: "" for a player whose cards say it all


def _detail_parts(hand: Hand, rules: Rules) -> tuple[_PlayerParts, ...]:
    """What :func:`hand_details` writes for each player: kept with the hand."""
    wild_rank = hand.wild_rank
    kept = []
    for name, player in hand.players.items():
        melds = player.melds
        layoffs = player.layoffs
        in_hand = player.in_hand
        kept.append(_PlayerParts(
            name,
            reading_parts(melds, rules, wild_rank) if melds else (),
            tuple([(tuple(map(_text, x.cards)), x.owner, x.meld, x.points) for x in layoffs]) if layoffs else (),
            tuple(map(_text, in_hand)) if in_hand else (),
            player.melded_points,
            player.in_hand_points,
            tuple(player.counts.items()),
            player.state,
        ))
    return tuple(kept)
