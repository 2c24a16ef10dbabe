"""How a gin hand scores: a knock, gin or big gin, an undercut; the warnings of a better arrangement; the game end.

The rules are docs/rules/gin.md; the game (game.py) asks these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine.answers import GinAnswer
from scorekeeper.engine.cards import Card
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.games.base import deadwood_value
from scorekeeper.engine.games.gin.arrangement import arrange
from scorekeeper.engine.games.gin.rules import HAND_SIZE
from scorekeeper.engine.standing import Line, Standing

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand


def gin_lines(hand: Hand, rules: Rules, names: list[str]) -> list[Line]:
    """What a knock scores, line by line; nothing for a draw."""
    knocker = hand.went_out
    if knocker is None:
        return []
    defender = next(n for n in names if n != knocker)
    ours = hand.players[knocker].in_hand_points
    theirs = hand.players[defender].in_hand_points
    return _gin_knock(rules, knocker, defender, ours, theirs, hand.big_gin)


def _gin_points(rules: Rules, knocker: str, defender: str, ours: int, theirs: int, big_gin: bool) -> dict[str, int]:
    """A knock's scores from the knocker's deadwood (`ours`) and the defender's after lay-offs (`theirs`)."""
    scores = {knocker: 0, defender: 0}
    for side, points, _ in _gin_knock(rules, knocker, defender, ours, theirs, big_gin):
        scores[side] += points
    return scores


def _gin_knock(rules: Rules, knocker: str, defender: str, ours: int, theirs: int, big_gin: bool) -> list[Line]:
    """What a knock scores, line by line (see _gin_points)."""
    if ours == 0:
        if big_gin and rules.option("big_gin_bonus"):
            bonus = (knocker, rules.option("big_gin_bonus"), "big gin")
        else:
            bonus = (knocker, rules.option("gin_bonus"), "gin")
        return [(knocker, theirs, "the defender's deadwood"), bonus]
    if theirs > ours:
        return [(knocker, theirs - ours, "the difference in deadwood")]
    return [(defender, ours - theirs, "the difference in deadwood"),
            (defender, rules.option("undercut_bonus"), "the undercut")]


def gin_warnings(hand: Hand, rules: Rules, names: list[str], entered_scores: dict[str, int]) -> list[str]:
    """A player's cards that arrange with less deadwood than entered, with what that would score."""
    if hand.as_points or hand.went_out is None or hand.big_gin:
        return []
    defender = next(n for n in names if n != hand.went_out)
    entered = _shown_scores(entered_scores)
    found = [_knocker_warning(hand, rules, hand.went_out, defender, entered),
             _defender_warning(hand, rules, hand.went_out, defender, entered)]
    return [warning for warning in found if warning]


def _knocker_warning(hand: Hand, rules: Rules, knocker_name: str, defender_name: str, entered: str) -> str | None:
    """The knocker's cards arrange with less deadwood than entered: how, and what that would score."""
    knocker, defender = hand.players[knocker_name], hand.players[defender_name]
    best = _best_gin(rules, [c.card for m in knocker.melds for c in m.cards] + list(knocker.in_hand))
    if best is None or best["deadwood_points"] >= knocker.in_hand_points:
        return None
    theirs = defender.in_hand_points
    if best["deadwood_points"] == 0:  # gin: the defender lays nothing off
        theirs += sum(deadwood_value(c.card) for x in defender.layoffs for c in x.cards)
    scores = _gin_points(rules, knocker_name, defender_name, best["deadwood_points"], theirs, False)
    kind = "gin" if best["deadwood_points"] == 0 else "a knock"
    return (
        f"{knocker_name}'s cards arrange with {best['deadwood_points']} deadwood, not"
        f" {knocker.in_hand_points}: {_shown_arrangement(best)}; that is {kind}, which would score"
        f" {_shown_scores(scores)} instead of {entered}; scored as entered"
    )


def _defender_warning(hand: Hand, rules: Rules, knocker_name: str, defender_name: str, entered: str) -> str | None:
    """The defender's cards arrange with less deadwood than entered (lay-offs included): how, and what that would score."""
    knocker, defender = hand.players[knocker_name], hand.players[defender_name]
    cards = [c.card for m in defender.melds for c in m.cards]
    cards += [c.card for x in defender.layoffs for c in x.cards] + list(defender.in_hand)
    knocker_melds = [[str(c.card) for c in m.cards] for m in knocker.melds] if knocker.in_hand_points else None
    best = _best_gin(rules, cards, knocker_melds)
    if best is None or best["deadwood_points"] >= defender.in_hand_points:
        return None
    scores = _gin_points(rules, knocker_name, defender_name, knocker.in_hand_points, best["deadwood_points"], False)
    return (
        f"{defender_name}'s cards arrange with {best['deadwood_points']} deadwood, not"
        f" {defender.in_hand_points}: {_shown_arrangement(best)}; that would score {_shown_scores(scores)}"
        f" instead of {entered}; scored as entered"
    )


def _best_gin(rules: Rules, cards: list[Card], knocker_melds: list[list[str]] | None = None) -> GinAnswer | None:
    if len(cards) != HAND_SIZE:
        return None
    try:
        return arrange(rules, [str(c) for c in cards], knocker_melds=knocker_melds)
    except InputError:  # cards the arrangement cannot take are refused elsewhere
        return None


def _shown_arrangement(body: GinAnswer) -> str:
    melds = ", ".join(" ".join(m) for m in body["melds"]) or "no melds"
    laid = [c for x in body.get("layoffs", []) for c in x["cards"]]
    shown = f"melds {melds}"
    if laid:
        shown += f", laying off {' '.join(laid)}"
    return shown + (f", deadwood {' '.join(body['deadwood'])}" if body["deadwood"] else ", no deadwood")


def _shown_scores(scores: dict[str, int]) -> str:
    scored = [f"{name} {points}" for name, points in scores.items() if points]
    return " and ".join(scored) or "nothing"


def gin_result(hand: Hand, rules: Rules) -> str:
    """How a gin hand went: draw, gin, big gin, knock or undercut."""
    if hand.went_out is None:
        return "draw"
    knocker = hand.players.get(hand.went_out)
    if knocker is None:  # entered as points
        return "knock"
    if knocker.in_hand_points == 0:
        return "big gin" if hand.big_gin else "gin"
    defender = next(p for n, p in hand.players.items() if n != hand.went_out)
    return "knock" if defender.in_hand_points > knocker.in_hand_points else "undercut"


def gin_game_end(standing: Standing, rules: Rules, totals: dict[str, int], wins: dict[str, int]) -> None:
    """Game, box and shutout bonuses, added once when the game is won.

    Decision (the rules, docs/rules/gin.md, leave it open): a shutout doubles the winner's
    whole score, game bonus and box bonuses included, as most gin tables
    score a shutout: 60 + 50 in hands, game bonus 100, two boxes of 25
    make 260, doubled to 520. The option's help text says the same.
    """
    winner = standing.winner
    assert winner is not None
    loser = next(side for side in totals if side != winner)
    standing.add_bonus(winner, rules.option("game_bonus"), "winning the game")
    for side in totals:
        boxes = wins[side]
        standing.add_bonus(side, rules.option("box_bonus") * boxes, f"{boxes} box{'' if boxes == 1 else 'es'} (hands won)")
    if rules.option("shutout_double") and totals[loser] == 0:
        standing.add_bonus(winner, totals[winner] + standing.bonuses.get(winner, 0), "the shutout, which doubles the score")
        standing.reason += f"; a shutout doubles {winner}'s score, bonuses included"
    if standing.bonuses:
        shown = ", ".join(f"{side} +{bonus}" for side, bonus in standing.bonuses.items())
        standing.reason += f"; bonuses: {shown}"
