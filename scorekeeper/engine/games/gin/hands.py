"""Gin hands: whole hands arranged by the solver, the knocker's melds, lay-offs onto them, the knock checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.answers import GinAnswer
from scorekeeper.engine.cards import Card
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games.base import Rules, deadwood_value
from scorekeeper.engine.games.gin.arrangement import arrange, meld_eleventh
from scorekeeper.engine.games.gin.arrangement import arrangement as gin_arrangement
from scorekeeper.engine.games.gin.rules import HAND_SIZE
from scorekeeper.engine.games.gin.solver import mask_of, optimal_set_masks
from scorekeeper.engine.hand_entries import read_melds
from scorekeeper.engine.melds import deck_problem
from scorekeeper.engine.played import Hand, Problems


def arrange_gin_players(
    players: Mapping[str, Any], hand: Hand, rules: Rules, names: list[str], problem: Problems
) -> dict[str, Any]:
    """The players' entries, those given by their whole hand ({"cards": ...}) arranged for the least deadwood."""
    arranged = dict(players)
    order = names if hand.went_out is None else [hand.went_out, next(n for n in names if n != hand.went_out)]
    knocker_melds: list[list[str]] | None = None
    for name in order:
        entry = players.get(name)
        if not isinstance(entry, Mapping) or "cards" not in entry:
            if name == hand.went_out and isinstance(entry, Mapping):
                knocker_melds = _entered_knocker_melds(name, entry.get("melds"), rules, problem)
            continue
        arranged[name] = _arranged_entry(name, entry["cards"], hand, rules, knocker_melds, problem)
        if name == hand.went_out:
            knocker_melds = arranged[name]["melds"]
    return arranged


def _arranged_entry(
    name: str, cards: Any, hand: Hand, rules: Rules, knocker_melds: list[list[str]] | None, problem: Problems
) -> dict[str, Any]:
    """One player's whole hand arranged as an entry: a defender's against the knocker's melds."""
    defending = hand.went_out is not None and name != hand.went_out
    try:
        body = arrange(rules, cards, knocker_melds=knocker_melds if defending else None)
    except InputError as exc:
        raise problem(InputError, f"{name}'s cards: {exc}", name, field="in_hand") from None
    return _entry_of(body, hand, rules)


def _entry_of(body: GinAnswer, hand: Hand, rules: Rules) -> dict[str, Any]:
    """A whole hand's best arrangement (arrange's body) as an entry: melds, lay-offs and deadwood."""
    discard = body["discard"]
    if discard and hand.big_gin and body.get("big_gin"):
        # all eleven cards meld: the best discard is melded too
        melds = meld_eleventh(rules, body["melds"], discard) or [*body["melds"], [discard]]
        return {"melds": melds, "layoffs": [], "in_hand": []}
    layoffs = [
        {"cards": lay["cards"], "onto": {"player": hand.went_out, "meld": lay["onto"]}}
        for lay in body.get("layoffs", [])
    ]
    return {"melds": body["melds"], "layoffs": layoffs, "in_hand": body["deadwood"]}


def _entered_knocker_melds(name: str, melds: object, rules: Rules, problem: Problems) -> list[list[str]]:
    """The knocker's melds as entered, checked here so that any fault is the knocker's, not the defender's.

    The defender's whole hand is arranged against these melds, so they must be
    read (and refused, naming the knocker) before the defender's cards are.
    """
    readings = read_melds(name, melds, rules, None, problem)
    cards = [c.card for r in readings for c in r.cards]
    fault = deck_problem(cards, rules, f"{name}'s melds")
    if fault:
        raise problem(RulesError, fault, name, field="melds")
    if len(cards) > HAND_SIZE + 1:
        raise problem(
            RulesError, f"{name} has {len(cards)} cards melded; a gin hand holds {HAND_SIZE} at the end", name, field="melds"
        )
    return [[str(c) for c in r.cards] for r in readings]


def _deadwood_hint(deadwood: list[Card]) -> str:
    """When cards entered as deadwood meld among themselves, say which, and what deadwood that leaves."""
    if len(set(deadwood)) != len(deadwood) or any(c.is_joker for c in deadwood):
        return ""
    mask = mask_of(deadwood)
    least, sets = optimal_set_masks(mask)
    if least >= sum(deadwood_value(c) for c in deadwood):
        return ""
    melds, _ = gin_arrangement(mask, sets[0])
    shown = ", ".join(" ".join(str(c) for c in meld) for meld in melds)
    return f"; the deadwood holds {shown}: melded, {least} deadwood is left"


def check_gin(hand: Hand, rules: Rules, problem: Problems) -> None:
    if hand.went_out is None:
        return
    knocker = hand.players[hand.went_out]
    defender = next(p for n, p in hand.players.items() if n != hand.went_out)
    limit = rules.option("knock_limit")
    if knocker.in_hand_points > limit:
        raise problem(
            RulesError,
            f"{knocker.name} knocked with {knocker.in_hand_points} deadwood, but knocking needs {limit} or less"
            + _deadwood_hint(knocker.in_hand),
            knocker.name, field="in_hand",
        )
    if hand.big_gin and knocker.in_hand:
        raise problem(RulesError, f"big gin melds all 11 cards, but {knocker.name} has deadwood", knocker.name, field="in_hand")
    wanted = HAND_SIZE + 1 if hand.big_gin else HAND_SIZE
    for player, size in ((knocker, wanted), (defender, HAND_SIZE)):
        if player.card_count() != size:
            raise problem(
                RulesError,
                f"{player.name} has {player.card_count()} cards entered; a gin hand holds {size} at the end",
                player.name, field="melds",
            )
    if knocker.in_hand_points == 0 and defender.layoffs:
        raise problem(
            RulesError,
            f"{defender.name} laid off after gin, but after gin the defender may not lay off",
            defender.name, field="layoffs", layoff=0,
        )
