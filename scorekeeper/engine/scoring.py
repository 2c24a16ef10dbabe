"""Scoring a session: each hand's scores by the game's rules, running totals, and who has won.

>>> body = score_session({
...     "game": "rummy500", "players": ["Ann", "Ben"],
...     "hands": [{"ended": "went_out", "went_out": "Ann", "players": {
...         "Ann": {"melds": ["9H 10H JH", "KS KD KC"], "in_hand": []},
...         "Ben": {"in_hand": "KH 5D"}}}]})
>>> body["totals"], body["status"], body["reason"]
({'Ann': 59, 'Ben': -15}, 'in_progress', 'nobody has reached 500')
"""

from __future__ import annotations

import copy
import gc
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from scorekeeper.engine.cards import Card
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.gin import deadwood_value, gin_arrange
from scorekeeper.engine.games import Rules, check_players, table_rules
from scorekeeper.engine.hands import GIN_HAND, Hand, read_hand
from scorekeeper.engine.meld_check import MeldParts, meld_bodies, reading_parts

PERSIAN_GOING_OUT = 25
PERSIAN_GAME_BONUS = 50
OKLAHOMA_GOING_OUT = 100
OKLAHOMA_CONCEALED = 250
OKLAHOMA_GAME_BONUS = 200

_text = attrgetter("text")  # a card's notation, as str(card), read in C


@dataclass
class Standing:
    """Where the game stands after a hand."""

    status: str = "in_progress"
    winner: str | None = None
    reason: str = ""
    bonuses: dict[str, int] = field(default_factory=dict)


def score_session(body: object) -> dict[str, Any]:
    """Score a whole session (the POST /api/v1/score body): every hand, the totals, the status.

    Raises InputError for a body that cannot be read and RulesError for one
    that breaks the rules, naming the hand and player.

    The cyclic garbage collector is paused while the answer is built: scoring
    makes tens of thousands of small acyclic objects (the body of every hand)
    while the memos hold many more, and a collection pass over all of them,
    triggered only by that volume, cost as much as the scoring itself. The
    collector is switched back on at the end if it was on at the start (a
    caller that turned it off keeps it off); reference counting frees
    everything as usual.
    """
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _score_session(body)
    finally:
        if paused:
            gc.enable()


def _score_session(body: object) -> dict[str, Any]:
    return Scoring.of(body).answer()


def _read_players(players: object) -> list[str]:
    if not isinstance(players, list) or not players:
        raise InputError("`players` must list the players' names in seat order")
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"player names must be text, not {name!r}")
        if name in names:
            raise InputError(f"{name} is listed twice in `players`")
        names.append(name)
    return names


# one hand --------------------------------------------------------------------


def hand_scores(hand: Hand, rules: Rules, names: list[str]) -> dict[str, int]:
    """What each player scores for one hand (before any game-end bonus)."""
    if hand.points is not None:
        return dict(hand.points)
    players = hand.players
    goer = hand.went_out
    game = rules.game
    if game in ("rummy500", "michigan", "persian", "oklahoma"):
        scores = {n: p.melded_points - p.in_hand_points for n, p in players.items()}
        if goer and game in ("rummy500", "michigan") and hand.concealed:
            scores[goer] += rules.option("rummy_bonus")
        if goer and game == "oklahoma":
            scores[goer] += OKLAHOMA_CONCEALED if hand.concealed else OKLAHOMA_GOING_OUT
        return scores
    if game == "rummy5000":
        scores = {n: p.melded_points for n, p in players.items()}
        if goer:
            scores[goer] += sum(p.in_hand_points for n, p in players.items() if n != goer)
        return scores
    if game == "basic":
        scores = dict.fromkeys(names, 0)
        if goer:
            won = sum(p.in_hand_points for n, p in players.items() if n != goer)
            scores[goer] = won * 2 if hand.concealed else won
        return scores
    if game == "penalty":
        return {n: p.in_hand_points if n != goer else 0 for n, p in players.items()}
    return _gin_scores(hand, rules, names)


def _gin_scores(hand: Hand, rules: Rules, names: list[str]) -> dict[str, int]:
    scores = dict.fromkeys(names, 0)
    knocker = hand.went_out
    if knocker is None:
        return scores
    defender = next(n for n in names if n != knocker)
    ours = hand.players[knocker].in_hand_points
    theirs = hand.players[defender].in_hand_points
    points = _gin_points(rules, knocker, defender, ours, theirs, hand.big_gin)
    return {name: points[name] for name in names}


def _gin_points(rules: Rules, knocker: str, defender: str, ours: int, theirs: int, big_gin: bool) -> dict[str, int]:
    """A knock's scores from the knocker's deadwood (`ours`) and the defender's after lay-offs (`theirs`)."""
    scores = {knocker: 0, defender: 0}
    if ours == 0:
        bonus = rules.option("gin_bonus")
        if big_gin and rules.option("big_gin_bonus"):
            bonus = rules.option("big_gin_bonus")
        scores[knocker] = bonus + theirs
    elif theirs > ours:
        scores[knocker] = theirs - ours
    else:
        scores[defender] = rules.option("undercut_bonus") + ours - theirs
    return scores


def hand_warnings(hand: Hand, rules: Rules, names: list[str]) -> tuple[str, ...]:
    """Things about a hand worth a second look that are not errors (the hand is scored as entered).

    Gin: a player's cards, as entered, leave more deadwood than their best
    arrangement (the warning gives that arrangement and what it would score).
    Every game: the player who went out has no card entered at all (nothing
    melded or laid off). Decision: a warning, not an error, because such a
    hand is often an entry slip but can be a table's shorthand; it scores as
    entered. Kept with the hand, which is read once.
    """
    kept = hand.memo.get(("warnings", rules.key))
    if kept is None:
        found = _gin_warnings(hand, rules, names) if rules.game == "gin" else []
        goer = hand.players.get(hand.went_out) if hand.went_out else None
        if goer is not None and goer.card_count() == 0:
            found.append(
                f"{goer.name} went out, but no cards are entered for {goer.name}: nothing melded or laid off;"
                f" scored as entered"
            )
        kept = hand.memo[("warnings", rules.key)] = tuple(found)
    return kept


def _gin_warnings(hand: Hand, rules: Rules, names: list[str]) -> list[str]:
    if hand.as_points or hand.went_out is None or hand.big_gin:
        return []
    knocker = hand.players[hand.went_out]
    defender_name = next(n for n in names if n != hand.went_out)
    defender = hand.players[defender_name]
    entered_scores = _gin_scores(hand, rules, names)
    warnings = []
    knocker_cards = [c.card for m in knocker.melds for c in m.cards] + list(knocker.in_hand)
    best = _best_gin(knocker_cards)
    if best is not None and best["deadwood_points"] < knocker.in_hand_points:
        theirs = defender.in_hand_points
        if best["deadwood_points"] == 0:  # gin: the defender lays nothing off
            theirs += sum(deadwood_value(c.card) for x in defender.layoffs for c in x.cards)
        scores = _gin_points(rules, hand.went_out, defender_name, best["deadwood_points"], theirs, False)
        kind = "gin" if best["deadwood_points"] == 0 else "a knock"
        warnings.append(
            f"{hand.went_out}'s cards arrange with {best['deadwood_points']} deadwood, not"
            f" {knocker.in_hand_points}: {_shown_arrangement(best)}; that is {kind}, which would score"
            f" {_shown_scores(scores)} instead of {_shown_scores(entered_scores)}; scored as entered"
        )
    defender_cards = [c.card for m in defender.melds for c in m.cards]
    defender_cards += [c.card for x in defender.layoffs for c in x.cards] + list(defender.in_hand)
    knocker_melds = [[str(c.card) for c in m.cards] for m in knocker.melds] if knocker.in_hand_points else None
    best = _best_gin(defender_cards, knocker_melds)
    if best is not None and best["deadwood_points"] < defender.in_hand_points:
        scores = _gin_points(rules, hand.went_out, defender_name, knocker.in_hand_points, best["deadwood_points"], False)
        warnings.append(
            f"{defender_name}'s cards arrange with {best['deadwood_points']} deadwood, not"
            f" {defender.in_hand_points}: {_shown_arrangement(best)}; that would score {_shown_scores(scores)}"
            f" instead of {_shown_scores(entered_scores)}; scored as entered"
        )
    return warnings


def _best_gin(cards: list[Card], knocker_melds: list[list[str]] | None = None) -> dict[str, Any] | None:
    if len(cards) != GIN_HAND:
        return None
    try:
        return gin_arrange([str(c) for c in cards], knocker_melds=knocker_melds)
    except InputError:  # cards the arrangement cannot take are refused elsewhere
        return None


def _shown_arrangement(body: dict[str, Any]) -> str:
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


def _hand_details(hand: Hand, rules: Rules) -> dict[str, Any]:
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
    details = {}
    for name, melds, layoffs, in_hand, melded_points, in_hand_points in kept:
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
    return details


class _PlayerParts(NamedTuple):
    """What :func:`_hand_details` writes for one player, as text, numbers and tuples: kept with the hand."""

    name: str
    melds: tuple[MeldParts, ...]
    layoffs: tuple[tuple[tuple[str, ...], str, int, int], ...]  # (cards, onto player, onto meld, points)
    in_hand: tuple[str, ...]
    melded_points: int
    in_hand_points: int


def _detail_parts(hand: Hand, rules: Rules) -> tuple[_PlayerParts, ...]:
    """What :func:`_hand_details` writes for each player: kept with the hand."""
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
        ))
    return tuple(kept)


# sessions that run to a target -----------------------------------------------


def partnerships(names: list[str]) -> dict[str, list[str]]:
    """Persian partnerships, seats 1 and 3 against 2 and 4, named like "Ann & Cy"."""
    return {f"{names[0]} & {names[2]}": [names[0], names[2]], f"{names[1]} & {names[3]}": [names[1], names[3]]}


class Scoring:
    """A session scored up to some hand, that takes one more hand without reading the earlier ones again.

    ``Scoring(body)`` reads the game, options and players of a POST /api/v1/score
    body (its hands are ignored); ``with_hand(raw)`` checks and scores the next
    hand and returns a new Scoring (this one is unchanged, so a hand refused, or
    never saved, leaves it as it was); ``answer()`` is what score_session
    answers for the hands added so far. Scoring hands one by one gives exactly
    the answer of scoring them all at once: a web page that stored the
    Scoring of a session's first N hands checks hand N + 1 alone.
    """

    __slots__ = ("game", "rules", "names", "teams", "sides", "totals", "concealed_bonus", "wins",
                 "bodies", "standing", "finished_at", "count")

    def __init__(self, body: object) -> None:
        if not isinstance(body, Mapping):
            raise InputError("the session must be a JSON object with game, players and hands")
        self.game = body.get("game", "rummy500")
        self.names = _read_players(body.get("players"))
        self.rules = table_rules(self.game, body.get("options"), len(self.names))
        check_players(self.game, len(self.names))
        self.teams = partnerships(self.names) if self.rules.game == "persian" else None
        self.sides = list(self.teams) if self.teams else list(self.names)
        self.totals = dict.fromkeys(self.names if self.game == "michigan" else self.sides, 0)
        self.concealed_bonus = dict.fromkeys(self.sides, 0)  # Oklahoma's 250s, which do not count toward the target
        self.wins = dict.fromkeys(self.sides, 0)
        self.bodies: list[dict[str, Any]] = []
        self.standing = Standing(reason=f"nobody has reached {self.rules.target}")
        self.finished_at: int | None = None
        self.count = 0

    @classmethod
    def of(cls, body: object) -> Scoring:
        """The Scoring of a whole POST /api/v1/score body, hands included; raises the engine's errors."""
        scoring = cls(body)
        hands = body.get("hands", [])  # type: ignore[union-attr]  # Scoring checked it is a mapping
        if not isinstance(hands, list):
            raise InputError("`hands` must be a list of hands")
        rules, names = scoring.rules, scoring.names
        # every hand is read (and checked) before any is scored, as the API has always answered
        for hand in [read_hand(raw, number, rules, names) for number, raw in enumerate(hands, start=1)]:
            scoring._add(hand)
        return scoring

    def with_hand(self, raw: object) -> Scoring:
        """A new Scoring with `raw` (a hand as entered) added as the next hand; raises the engine's errors."""
        hand = read_hand(raw, self.count + 1, self.rules, self.names)
        after = copy.copy(self)
        after.totals, after.concealed_bonus, after.wins = dict(self.totals), dict(self.concealed_bonus), dict(self.wins)
        after.bodies = list(self.bodies)
        after._add(hand)
        return after

    def _add(self, hand: Hand) -> None:
        """Score one read hand onto this Scoring, in place (only while it is being built)."""
        self.count = hand.number
        if self.game == "michigan":
            self.bodies.append(_michigan_hand(hand, self.rules, self.names, self.totals))
        else:
            self.bodies.append(self._running_hand(hand))

    def _running_hand(self, hand: Hand) -> dict[str, Any]:
        rules, names, teams, totals = self.rules, self.names, self.teams, self.totals
        gin = rules.game == "gin"
        as_points = hand.points is not None
        scores = hand_scores(hand, rules, names)
        goer_side = hand.went_out
        if teams:
            player_scores = scores  # hand_scores made it for this hand alone, and it is not changed below
            scores = {team: sum(scores[p] for p in members) for team, members in teams.items()}
            goer_side = next((t for t, m in teams.items() if hand.went_out in m), None)
            if goer_side and not as_points:  # plain points already hold every bonus
                scores[goer_side] += PERSIAN_GOING_OUT
        if rules.game == "oklahoma" and hand.went_out and hand.concealed:
            self.concealed_bonus[hand.went_out] += OKLAHOMA_CONCEALED
        for side in self.sides:
            totals[side] += scores[side]
            if gin and scores[side] > 0:
                self.wins[side] += 1
        finished_at = self.finished_at
        if finished_at is None:
            standing = self.standing = _standing(rules, totals, self.concealed_bonus, goer_side, self.wins)
            for side, bonus in standing.bonuses.items():
                scores[side] += bonus
                totals[side] += bonus
            if standing.status == "finished":
                finished_at = self.finished_at = hand.number
        else:
            standing = self.standing = Standing("finished", self.standing.winner, self.standing.reason)
        body: dict[str, Any] = {
            "scores": scores,
            "totals": dict(totals),
            "status": standing.status,
            "winner": standing.winner,
            "reason": standing.reason,
            "went_out": hand.went_out,
            "entered_as_points": as_points,
        }
        if standing.bonuses and finished_at == hand.number:
            body["bonuses"] = dict(standing.bonuses)
        warnings = hand_warnings(hand, rules, names)  # kept with the hand: added to, never changed
        if finished_at is not None and finished_at < hand.number:
            warnings += (
                f"the game was won after hand {finished_at}: this hand adds to the totals but not to the result",
            )
        if warnings:
            body["warnings"] = list(warnings)
        if teams:
            body["player_scores"] = player_scores
        if not as_points:
            body["players"] = _hand_details(hand, rules)
        if gin:
            body["result"] = gin_result(hand, rules)
        return body

    def answer(self) -> dict[str, Any]:
        """The score_session answer for the hands added so far (its lists and dicts are new; hand bodies shared)."""
        if self.game == "michigan":
            return _michigan_answer(self.bodies, self.totals)
        totals, played = self.totals, bool(self.bodies)
        result: dict[str, Any] = {
            "hands": list(self.bodies),
            "totals": dict(totals),
            "status": self.standing.status,
            "winner": self.standing.winner,
            "reason": self.standing.reason if played else "no hands played yet",
            "leaders": _leaders(totals, lowest=self.rules.game == "penalty") if played else [],
            "target": self.rules.target,
        }
        if self.teams:
            result["partnerships"] = self.teams
        return result


def _leaders(totals: dict[str, int], lowest: bool = False) -> list[str]:
    best = min(totals.values()) if lowest else max(totals.values())
    return [side for side, total in totals.items() if total == best]


def _names_joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _standing(
    rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None, wins: dict[str, int]
) -> Standing:
    target = rules.target
    assert target is not None
    if max(totals.values()) < target:
        # the common case, every hand until the end: nobody is at the target, so nothing below can apply
        # (a total without bonuses is never above the total), and there is no reason to work out
        return Standing(reason=f"nobody has reached {target}")
    if rules.game == "penalty":
        return _lowest_wins(totals, target)
    counted = {side: totals[side] - concealed_bonus[side] for side in totals}
    reached = [side for side in totals if counted[side] >= target]
    # Oklahoma: totals at or over the target only thanks to 250s for going out concealed do not count
    short = "; ".join(
        f"{side} has {totals[side]}, {counted[side]} without going-rummy bonuses"
        for side in totals
        if totals[side] >= target > counted[side]
    )
    if not reached:
        return Standing(reason=f"{short}; nobody has reached {target}" if short else f"nobody has reached {target}")
    if rules.game == "rummy500" and rules.option("must_go_out_to_win"):
        return _must_go_out(totals, target, goer)
    best = max(totals[side] for side in reached)
    top = [side for side in reached if totals[side] == best]
    if len(top) > 1:
        return Standing(reason=f"{_names_joined(top)} are tied on {best}: another hand decides")
    winner = top[0]
    if rules.game in ("basic", "gin") and len(reached) == 1:
        reason = f"{winner} reached {best}, the first to {target}"
    else:
        reason = f"{winner} reached {best}, the highest at or above {target}"
    if rules.game == "oklahoma" and concealed_bonus[winner]:
        reason += f" ({counted[winner]} without going-rummy bonuses)"
    if short:
        reason += f"; {short}, short of {target}"
    standing = Standing("finished", winner, reason)
    if rules.game == "persian":
        standing.bonuses = {winner: PERSIAN_GAME_BONUS}
        standing.reason += f"; +{PERSIAN_GAME_BONUS} for the game"
    elif rules.game == "oklahoma":
        standing.bonuses = {winner: OKLAHOMA_GAME_BONUS}
        standing.reason += f"; +{OKLAHOMA_GAME_BONUS} for the game"
    elif rules.game == "gin":
        _gin_game_end(standing, rules, totals, wins)
    return standing


def _must_go_out(totals: dict[str, int], target: int, goer: str | None) -> Standing:
    if goer is None:
        return Standing(reason=f"nobody went out, and only the player who goes out at or above {target} can win")
    if totals[goer] < target:
        return Standing(
            reason=f"{goer} went out with {totals[goer]}, short of {target}; only the player who goes out can win"
        )
    return Standing("finished", goer, f"{goer} went out and reached {totals[goer]}, at or above {target}")


def _lowest_wins(totals: dict[str, int], target: int) -> Standing:
    reached = [side for side, total in totals.items() if total >= target]
    if not reached:
        return Standing(reason=f"nobody has reached {target}")
    high = _names_joined(reached)
    lowest = min(totals.values())
    bottom = [side for side, total in totals.items() if total == lowest]
    if len(bottom) > 1:
        return Standing(
            reason=f"{high} reached {target}; {_names_joined(bottom)} are tied for the lowest total on {lowest}:"
            f" another hand decides"
        )
    return Standing("finished", bottom[0], f"{high} reached {target}: {bottom[0]} wins with the lowest total, {lowest}")


def _gin_game_end(standing: Standing, rules: Rules, totals: dict[str, int], wins: dict[str, int]) -> None:
    """Game, box and shutout bonuses, added once when the game is won.

    Decision (RULES.md 4.8 leaves it open): a shutout doubles the winner's
    whole score, game bonus and box bonuses included, as most gin tables
    score a shutout: 60 + 50 in hands, game bonus 100, two boxes of 25
    make 260, doubled to 520. The option's help text says the same.
    """
    winner = standing.winner
    assert winner is not None
    loser = next(side for side in totals if side != winner)
    bonuses = dict.fromkeys(totals, 0)
    bonuses[winner] += rules.option("game_bonus")
    for side in totals:
        bonuses[side] += rules.option("box_bonus") * wins[side]
    if rules.option("shutout_double") and totals[loser] == 0:
        bonuses[winner] += totals[winner] + bonuses[winner]
        standing.reason += f"; a shutout doubles {winner}'s score, bonuses included"
    standing.bonuses = {side: bonus for side, bonus in bonuses.items() if bonus}
    if standing.bonuses:
        shown = ", ".join(f"{side} +{bonus}" for side, bonus in standing.bonuses.items())
        standing.reason += f"; bonuses: {shown}"


# michigan: every hand is a game -----------------------------------------------


def _michigan_hand(hand: Hand, rules: Rules, names: list[str], won: dict[str, int]) -> dict[str, Any]:
    """One Michigan hand's body; adds its winners to `won` (hands won so far, by player)."""
    scores = hand_scores(hand, rules, names)
    best = max(scores.values())
    winners = [n for n, s in scores.items() if s == best]
    for name in winners:
        won[name] += 1
    if len(winners) == 1:
        reason = f"{winners[0]} won the hand with {best}"
    else:
        reason = f"{_names_joined(winners)} share the hand with {best} each"
    body: dict[str, Any] = {
        "scores": scores,
        "totals": dict(won),
        "status": "finished",
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "reason": reason,
        "went_out": hand.went_out,
        "entered_as_points": hand.as_points,
    }
    warnings = hand_warnings(hand, rules, names)
    if warnings:
        body["warnings"] = list(warnings)
    if not hand.as_points:
        body["players"] = _hand_details(hand, rules)
    return body


def _michigan_answer(bodies: list[dict[str, Any]], won: dict[str, int]) -> dict[str, Any]:
    leaders = _leaders(won) if bodies else []
    if not bodies:
        reason = "no hands played yet"
    else:
        most = won[leaders[0]]
        hands_won = "1 hand won" if most == 1 else f"{most} hands won"
        each = " each" if len(leaders) > 1 else ""
        verb = "lead" if len(leaders) > 1 else "leads"
        reason = f"{_names_joined(leaders)} {verb} with {hands_won}{each}"
    return {
        "hands": list(bodies),
        "totals": dict(won),
        "status": "in_progress",
        "winner": None,
        "reason": reason,
        "leaders": leaders,
        "target": None,
    }
