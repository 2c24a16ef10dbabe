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
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any, NamedTuple

from scorekeeper.engine.cards import Card
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.gin import deadwood_value, gin_arrange
from scorekeeper.engine.games import Rules, check_players, table_rules
from scorekeeper.engine.hands import GIN_HAND, Hand, read_hand
from scorekeeper.engine.meld_check import MeldParts, meld_bodies, reading_parts
from scorekeeper.engine.seating import Seating, read_seated, read_seating

PERSIAN_GOING_OUT = 25
PERSIAN_GAME_BONUS = 50
OKLAHOMA_GOING_OUT = 100
OKLAHOMA_CONCEALED = 250
OKLAHOMA_GAME_BONUS = 200
PERSIAN_FIXED = "Persian is played by two fixed partnerships: players cannot join late or leave"

_text = attrgetter("text")  # a card's notation, as str(card), read in C


# one part of a hand's score that does not come from a side's own cards: (side, points, what it is for)
Line = tuple[str, int, str]


@dataclass(slots=True)
class Standing:
    """Where the game stands after a hand."""

    status: str = "in_progress"
    winner: str | None = None
    reason: str = ""
    bonuses: dict[str, int] = field(default_factory=dict)
    lines: list[Line] = field(default_factory=list)  # the bonuses one by one, with what each is for

    def add_bonus(self, side: str, points: int, label: str) -> None:
        """Add a game-end bonus (none when `points` is 0), to the total per side and to the lines."""
        if points:
            self.bonuses[side] = self.bonuses.get(side, 0) + points
            self.lines.append((side, points, label))


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


def _check_hand_players(game: str, players: list[str], number: int) -> None:
    try:
        check_players(game, len(players))
    except InputError as exc:
        raise InputError(f"hand {number}: {exc}", hand=number) from None


def _check_seating(game: str, seating: Seating) -> None:
    """The checks of who plays that do not depend on any hand's cards (each hand's players checked as it comes)."""
    if seating.changed:
        if game == "persian":
            raise InputError(PERSIAN_FIXED)
        # the players who come and go are counted per hand, and at the table as it is now
        for number, players in enumerate(seating.hands, start=1):
            _check_hand_players(game, players, number)
        check_players(game, len(seating.table))
    else:
        check_players(game, len(seating.names))


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
    return hand_parts(hand, rules, names)[0]


def hand_parts(hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
    """What each player scores for one hand, and the lines of it that are not their own cards.

    Their own cards are what they melded and laid off less what they held
    (what they held alone in penalty; nothing in basic and gin); every other
    point (a bonus, cards collected from other hands) is a line, so that the
    scores add up as shown. Plain points have no lines: they hold every bonus.
    """
    if hand.points is not None:
        return dict(hand.points), []
    players = hand.players
    goer = hand.went_out
    game = rules.game
    lines: list[Line] = []
    if game in ("rummy500", "michigan", "persian", "oklahoma"):
        scores = {n: p.melded_points - p.in_hand_points for n, p in players.items()}
        if goer and game in ("rummy500", "michigan") and hand.concealed:
            lines.append((goer, rules.option("rummy_bonus"), "going rummy"))
        if goer and game == "oklahoma":
            lines.append((goer, OKLAHOMA_CONCEALED, "going out concealed") if hand.concealed
                         else (goer, OKLAHOMA_GOING_OUT, "going out"))
    elif game == "rummy5000":
        scores = {n: p.melded_points for n, p in players.items()}
        if goer:
            lines.append((goer, sum(p.in_hand_points for n, p in players.items() if n != goer),
                          "the cards left in other hands"))
    elif game == "basic":
        scores = dict.fromkeys(names, 0)
        if goer:
            won = sum(p.in_hand_points for n, p in players.items() if n != goer)
            lines.append((goer, won, "the cards left in other hands"))
            if hand.concealed:
                lines.append((goer, won, "going rummy, which doubles it"))
    elif game == "penalty":
        scores = {n: p.in_hand_points if n != goer else 0 for n, p in players.items()}
    else:
        scores = dict.fromkeys(names, 0)
        lines = _gin_lines(hand, rules, names)
    lines = [line for line in lines if line[1]]
    for side, points, _ in lines:
        scores[side] += points
    return scores, lines


def _gin_lines(hand: Hand, rules: Rules, names: list[str]) -> list[Line]:
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


@dataclass(frozen=True)
class PointsBonuses:
    """What a hand entered as plain points holds, and what the scorer still adds, in words for the points form."""

    include: tuple[str, ...]  # bonuses of the hand itself: part of the points entered, never added to them
    added: tuple[str, ...]  # bonuses of the game's end: added for you, after hands of points as after hands of cards


def rewards_concealed(game: str, options: Mapping[str, Any] | None = None) -> bool:
    """True when going out concealed (in one turn) changes what a hand scores in `game` with the table's options.

    The games whose hand_parts read `hand.concealed` (docs/rules.md section 5):
    500 Rum and Michigan (their rummy bonus, when not 0), Oklahoma (250 instead
    of 100, kept out of the target) and Basic Rummy (doubled).

    >>> rewards_concealed("oklahoma"), rewards_concealed("gin"), rewards_concealed("rummy500", {"rummy_bonus": 0})
    (True, False, False)
    """
    rules = table_rules(game, options)
    if game in ("rummy500", "michigan"):
        return bool(rules.option("rummy_bonus"))
    return game in ("oklahoma", "basic")


def points_bonuses(game: str, options: Mapping[str, Any] | None = None, players: int | None = None) -> PointsBonuses:
    """The bonuses a table entering plain points must count in, and those the scorer adds (the table's options).

    >>> points_bonuses("persian")
    PointsBonuses(include=('+25 to the partnership of the player who goes out',), added=('+50 to the partnership that wins the game',))
    >>> points_bonuses("rummy500").include
    ()
    """
    rules = table_rules(game, options, players)
    include: list[str] = []
    added: list[str] = []
    if game in ("rummy500", "michigan") and rules.option("rummy_bonus"):
        include.append(f"+{rules.option('rummy_bonus')} for going rummy (out in one turn)")
    elif game == "persian":
        include.append(f"+{PERSIAN_GOING_OUT} to the partnership of the player who goes out")
        added.append(f"+{PERSIAN_GAME_BONUS} to the partnership that wins the game")
    elif game == "oklahoma":
        include.append(f"+{OKLAHOMA_GOING_OUT} for going out, or +{OKLAHOMA_CONCEALED} for going out concealed"
                       f" (in points it counts toward the target: enter that hand by cards to keep it out)")
        added.append(f"+{OKLAHOMA_GAME_BONUS} to the player who wins the game")
    elif game == "rummy5000":
        include.append("for the player who goes out, the cards left in the other players' hands")
    elif game == "basic":
        include.append("for the player who goes out, the cards left in the other hands, doubled for going rummy")
    elif game == "gin":
        include.append(f"+{rules.option('gin_bonus')} for gin and +{rules.option('undercut_bonus')} for an undercut")
        if rules.option("big_gin_bonus"):
            include.append(f"+{rules.option('big_gin_bonus')} for big gin")
        if rules.option("game_bonus"):
            added.append(f"+{rules.option('game_bonus')} to the winner of the game")
        if rules.option("box_bonus"):
            added.append(f"+{rules.option('box_bonus')} a box for every hand won, at the end")
        if rules.option("shutout_double"):
            added.append("the winner's score doubled after a shutout")
    return PointsBonuses(tuple(include), tuple(added))


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
    entered_scores = hand_scores(hand, rules, names)
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

    ``Scoring(body)`` reads the game, options, players, late starts and
    leavers of a POST /api/v1/score body (its hands are ignored);
    ``with_hand(raw)`` checks and scores the next hand and returns a new
    Scoring (this one is unchanged, so a hand refused, or never saved, leaves
    it as it was); ``answer()`` is what score_session answers for the hands
    added so far. Scoring hands one by one gives exactly the answer of scoring
    them all at once: a web page that stored the Scoring of a session's first
    N hands checks hand N + 1 alone.
    """

    __slots__ = ("game", "rules", "names", "seating", "changed", "teams", "sides", "totals", "concealed_bonus",
                 "wins", "joined", "bodies", "standing", "finished_at", "count")

    def __init__(self, body: object, hands: list | None = None) -> None:
        if not isinstance(body, Mapping):
            raise InputError("the session must be a JSON object with game, players and hands")
        self.game = game = body.get("game", "rummy500")
        self.names = names = _read_players(body.get("players"))
        # the hands given are only read for who is seated in them (see `of`); none by default
        self.seating = seating = read_seating(body, names, hands or [])
        self.rules = table_rules(game, body.get("options"), len(names))
        _check_seating(game, seating)
        self.changed = seating.changed
        self.teams = partnerships(names) if game == "persian" else None
        self.sides = list(self.teams) if self.teams else list(names)
        self.totals = dict.fromkeys(self.sides, 0)  # Michigan: hands won
        self.concealed_bonus = dict.fromkeys(self.sides, 0)  # Oklahoma's 250s, which do not count toward the target
        self.wins = dict.fromkeys(self.sides, 0)
        # a player has a total from their first hand on (see engine.seating); Persian's sides never change
        self.joined = None if self.teams else _Joined(seating, self.totals)
        self.bodies: list[dict[str, Any]] = []
        self.standing = Standing(reason=f"nobody has reached {self.rules.target}")
        self.finished_at: int | None = None
        self.count = 0

    @classmethod
    def of(cls, body: object) -> Scoring:
        """The Scoring of a whole POST /api/v1/score body, hands included; raises the engine's errors."""
        if not isinstance(body, Mapping):
            raise InputError("the session must be a JSON object with game, players and hands")
        _read_players(body.get("players"))  # its errors come before those of the hands
        hands = body.get("hands", [])
        if not isinstance(hands, list):
            raise InputError("`hands` must be a list of hands")
        scoring = cls(body, hands)
        rules, seated = scoring.rules, scoring.seating.hands
        # every hand is read (and checked) before any is scored, as the API has always answered
        for hand in [read_hand(raw, number, rules, seated[number - 1]) for number, raw in enumerate(hands, start=1)]:
            scoring._add(hand)
        return scoring

    def with_hand(self, raw: object) -> Scoring:
        """A new Scoring with `raw` (a hand as entered) added as the next hand; raises the engine's errors."""
        number = self.count + 1
        players = read_seated(raw, self.names, number)
        changed = self.changed or len(players) != len(self.names)
        if changed:
            if self.game == "persian":
                raise InputError(PERSIAN_FIXED)
            _check_hand_players(self.game, players, number)
        hand = read_hand(raw, number, self.rules, players)
        after = copy.copy(self)
        after.changed = changed
        after.seating = replace(self.seating, hands=[*self.seating.hands, players])
        after.totals, after.concealed_bonus, after.wins = dict(self.totals), dict(self.concealed_bonus), dict(self.wins)
        if self.joined is not None:
            after.joined = self.joined.onto(after.seating, after.totals)
        after.bodies = list(self.bodies)
        after._add(hand)
        return after

    def _add(self, hand: Hand) -> None:
        """Score one read hand onto this Scoring, in place (only while it is being built)."""
        self.count = hand.number
        players = self.seating.hands[hand.number - 1]
        if self.joined is not None:
            self.joined.before(hand.number)
        if self.game == "michigan":
            self.bodies.append(self._michigan_hand(hand, players))
        else:
            self.bodies.append(self._running_hand(hand, players))

    def _running_hand(self, hand: Hand, players: list[str]) -> dict[str, Any]:
        rules, teams, totals, changed = self.rules, self.teams, self.totals, self.changed
        gin = rules.game == "gin"
        as_points = hand.points is not None
        scores, lines = hand_parts(hand, rules, players)
        goer_side = hand.went_out
        if teams:
            player_scores = scores  # hand_scores made it for this hand alone, and it is not changed below
            scores = {team: sum(scores[p] for p in members) for team, members in teams.items()}
            goer_side = next((t for t, m in teams.items() if hand.went_out in m), None)
            if goer_side and not as_points:  # plain points already hold every bonus
                scores[goer_side] += PERSIAN_GOING_OUT
                lines = [(goer_side, PERSIAN_GOING_OUT, "going out")]
        if rules.game == "oklahoma" and hand.went_out and hand.concealed:
            self.concealed_bonus[hand.went_out] += OKLAHOMA_CONCEALED
        for side in (players if changed else self.sides):
            totals[side] += scores[side]
            if gin and scores[side] > 0:
                self.wins[side] += 1
        finished_at = self.finished_at
        if finished_at is None:
            # only the players of this hand can reach the target with it (or win by the lowest total)
            in_play = {side: totals[side] for side in players} if changed else totals
            standing = self.standing = _standing(rules, in_play, self.concealed_bonus, goer_side, self.wins)
            for side, bonus in standing.bonuses.items():
                scores[side] += bonus
                totals[side] += bonus
            if standing.status == "finished":
                finished_at = self.finished_at = hand.number
                lines = lines + standing.lines
        else:
            standing = self.standing = Standing("finished", self.standing.winner, self.standing.reason)
        body: dict[str, Any] = {
            "scores": scores,
            "totals": self._shown_totals(),
            "status": standing.status,
            "winner": standing.winner,
            "reason": standing.reason,
            "went_out": hand.went_out,
            "entered_as_points": as_points,
        }
        if standing.bonuses and finished_at == hand.number:
            body["bonuses"] = dict(standing.bonuses)
        if lines:
            body["bonus_lines"] = _shown_lines(lines)
        warnings = hand_warnings(hand, rules, players)  # kept with the hand: added to, never changed
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

    def _michigan_hand(self, hand: Hand, players: list[str]) -> dict[str, Any]:
        """One Michigan hand's body (every hand is a game); adds its winners to the hands won."""
        rules, won = self.rules, self.totals
        scores, lines = hand_parts(hand, rules, players)
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
            "totals": self._shown_totals(),
            "status": "finished",
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "reason": reason,
            "went_out": hand.went_out,
            "entered_as_points": hand.as_points,
        }
        if lines:
            body["bonus_lines"] = _shown_lines(lines)
        warnings = hand_warnings(hand, rules, players)
        if warnings:
            body["warnings"] = list(warnings)
        if not hand.as_points:
            body["players"] = _hand_details(hand, rules)
        return body

    def _shown_totals(self, joined: _Joined | None = None) -> dict[str, int]:
        """The totals a body shows: with players coming and going, only those seen so far."""
        joined = joined or self.joined
        return joined.totals() if self.changed and joined is not None else dict(self.totals)

    def answer(self) -> dict[str, Any]:
        """The score_session answer for the hands added so far (its lists and dicts are new; hand bodies shared)."""
        totals, joined, played = self.totals, self.joined, bool(self.bodies)
        if self.changed and joined is not None:
            # players seated but not dealt in yet start now, from the last hand's totals (on copies:
            # the next hand starts them itself)
            totals = dict(totals)
            joined = joined.onto(self.seating, totals)
            joined.before(self.count + 1)
            at_table = {side: totals[side] for side in self.seating.table}
        else:
            at_table = totals
        shown = self._shown_totals(joined)
        if self.game == "michigan":
            return _michigan_answer(self.bodies, shown, at_table)
        result: dict[str, Any] = {
            "hands": list(self.bodies),
            "totals": shown,
            "status": self.standing.status,
            "winner": self.standing.winner,
            "reason": self.standing.reason if played else "no hands played yet",
            "leaders": _leaders(at_table, lowest=self.rules.game == "penalty") if played else [],
            "target": self.rules.target,
            # what the end rule measures against the target: Oklahoma's 250s for going rummy do not count
            "toward_target": _toward_target(totals, self.concealed_bonus),
        }
        if self.teams:
            result["partnerships"] = self.teams
        return result


def _shown_lines(lines: list[Line]) -> list[dict[str, Any]]:
    return [{"side": side, "points": points, "for": label} for side, points, label in lines]


class _Joined:
    """The totals of a session where players joined late or left: a player has one from their first hand.

    `totals` is the running totals dict, changed in place: a late player's
    start (engine.seating) is put in it just before their first hand.
    """

    __slots__ = ("seating", "running", "seen")

    def __init__(self, seating: Seating, totals: dict[str, int], seen: set[str] | None = None) -> None:
        self.seating = seating
        self.running = totals
        self.seen: set[str] = set() if seen is None else seen

    def onto(self, seating: Seating, totals: dict[str, int]) -> _Joined:
        """A copy that goes on from here with `seating` and `totals` (copies of this one's, perhaps with a hand more)."""
        return _Joined(seating, totals, set(self.seen))

    def before(self, number: int) -> None:
        """Start the totals of the players whose first hand is hand `number` (past the last: still to play)."""
        seating = self.seating
        hands = seating.hands
        players = hands[number - 1] if number <= len(hands) else seating.table
        previous = hands[number - 2] if number >= 2 else None
        for name in players:
            if name not in self.seen:
                self.seen.add(name)
                self.running[name] = seating.start(name, previous, self.running)

    def totals(self) -> dict[str, int]:
        """The totals of the players seen so far, in seat order."""
        return {name: self.running[name] for name in self.seating.names if name in self.seen}


def _leaders(totals: dict[str, int], lowest: bool = False) -> list[str]:
    best = min(totals.values()) if lowest else max(totals.values())
    return [side for side, total in totals.items() if total == best]


def _toward_target(totals: dict[str, int], concealed_bonus: dict[str, int]) -> dict[str, int]:
    """Each side's total as the end rule measures it: less Oklahoma's 250s for going rummy (zero elsewhere)."""
    return {side: total - concealed_bonus[side] for side, total in totals.items()}


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
    counted = _toward_target(totals, concealed_bonus)
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
        standing.add_bonus(winner, PERSIAN_GAME_BONUS, "winning the game")
        standing.reason += f"; +{PERSIAN_GAME_BONUS} for the game"
    elif rules.game == "oklahoma":
        standing.add_bonus(winner, OKLAHOMA_GAME_BONUS, "winning the game")
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

    Decision (the rules, docs/rules.md 5.8, leave it open): a shutout doubles the winner's
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


# michigan: every hand is a game -----------------------------------------------


def _michigan_answer(bodies: list[dict[str, Any]], totals: dict[str, int], at_table: dict[str, int]) -> dict[str, Any]:
    """A Michigan session's answer: hands won so far (`totals` as shown, `at_table` of those still playing)."""
    leaders = _leaders(at_table) if bodies else []
    if not bodies:
        reason = "no hands played yet"
    else:
        most = at_table[leaders[0]]
        hands_won = "1 hand won" if most == 1 else f"{most} hands won"
        each = " each" if len(leaders) > 1 else ""
        verb = "lead" if len(leaders) > 1 else "leads"
        reason = f"{_names_joined(leaders)} {verb} with {hands_won}{each}"
    return {
        "hands": list(bodies),
        "totals": totals,
        "status": "in_progress",
        "winner": None,
        "reason": reason,
        "leaders": leaders,
        "target": None,
    }
