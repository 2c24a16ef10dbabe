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
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.engine.answers import BonusLine, HandAnswer, HandNotes, SessionAnswer, SessionNotes
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games import find_game
from scorekeeper.engine.games.base import Rules
from scorekeeper.engine.games.gin.scoring import gin_result
from scorekeeper.engine.hand_details import hand_details
from scorekeeper.engine.hands import read_hand
from scorekeeper.engine.played import Hand
from scorekeeper.engine.rules import check_players, table_rules
from scorekeeper.engine.seating import Seating, read_seated, read_seating
from scorekeeper.engine.standing import Line, Standing, after_deals, before_play, leaders, names_joined, toward_target


def score_session(body: object) -> SessionAnswer:
    """Score a whole session (the POST /api/v1/score body): every hand, the totals, the status.

    Raises InputError for a body that cannot be read and RulesError for one
    that breaks the rules, naming the hand and player.
    """
    return Scoring.of(body).answer()


def _check_hand_players(game: str, players: list[str], number: int) -> None:
    try:
        check_players(game, len(players))
    except InputError as exc:
        raise InputError(f"hand {number}: {exc}", hand=number) from None


def _check_seating(game: str, seating: Seating) -> None:
    """The checks of who plays that do not depend on any hand's cards (each hand's players checked as it comes)."""
    if seating.changed:
        _check_seats_may_change(game)
        # the players who come and go are counted per hand, and at the table as it is now
        for number, players in enumerate(seating.hands, start=1):
            _check_hand_players(game, players, number)
        check_players(game, len(seating.table))
    else:
        check_players(game, len(seating.names))


def _check_seats_may_change(game: str) -> None:
    """InputError in a game whose seats are fixed (Persian's partnerships)."""
    fixed = find_game(game).fixed_seats
    if fixed:
        raise InputError(fixed)


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
    return rules.variant.hand_parts(hand, rules, names)


@dataclass(frozen=True)
class PointsBonuses:
    """What a hand entered as plain points holds, and what the scorer still adds, in words for the points form."""

    include: tuple[str, ...]  # bonuses of the hand itself: part of the points entered, never added to them
    added: tuple[str, ...]  # bonuses of the game's end: added for you, after hands of points as after hands of cards


def rewards_concealed(game: str, options: Mapping[str, Any] | None = None) -> bool:
    """True when going out concealed (in one turn) changes what a hand scores in `game` with the table's options.

    Each game says so itself (docs/rules/<id>.md): 500 Rum and Michigan
    (their rummy bonus, when not 0), Oklahoma (250 instead of 100, kept out of
    the target) and Basic Rummy (doubled).

    >>> rewards_concealed("oklahoma"), rewards_concealed("gin"), rewards_concealed("rummy500", {"rummy_bonus": 0})
    (True, False, False)
    """
    rules = table_rules(game, options)
    return rules.variant.rewards_concealed(rules)


def goer_holds_cards(game: str, options: Mapping[str, Any] | None = None) -> bool:
    """True when the player who went out may still hold cards in `game` with the table's options.

    The hand form then still asks their cards left in hand (gin's knocker's deadwood); elsewhere it asks none.

    >>> goer_holds_cards("gin"), goer_holds_cards("rummy500")
    (True, False)
    """
    rules = table_rules(game, options)
    return rules.variant.went_out_may_hold(rules)


def points_bonuses(game: str, options: Mapping[str, Any] | None = None, players: int | None = None) -> PointsBonuses:
    """The bonuses a table entering plain points must count in, and those the scorer adds (the table's options).

    >>> points_bonuses("persian")
    PointsBonuses(include=('+25 to the partnership of the player who goes out',), added=('+50 to the partnership that wins the game',))
    >>> points_bonuses("rummy500").include
    ()
    """
    rules = table_rules(game, options, players)
    include, added = rules.variant.points_bonuses(rules)
    return PointsBonuses(tuple(include), tuple(added))


def deal_note(game: str, options: Mapping[str, Any] | None = None, number: int = 1, players: int | None = None) -> str | None:
    """What deal `number` asks of the players, for the hand form, where the game says (Contract Rummy's contract).

    >>> deal_note("contract", {}, 3)
    'deal 3 asks for two runs of four'
    >>> deal_note("rummy500", {}, 3) is None
    True
    """
    rules = table_rules(game, options, players)
    return rules.variant.deal_note(rules, number)


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
        found = rules.variant.hand_warnings(hand, rules, names)
        goer = hand.players.get(hand.went_out) if hand.went_out else None
        # only where melds are entered: a Rummikub player who went out has nothing to enter, by the rules
        if goer is not None and goer.card_count() == 0 and rules.variant.enters_melds:
            found.append(
                f"{goer.name} went out, but no cards are entered for {goer.name}: nothing melded or laid off;"
                f" scored as entered"
            )
        kept = hand.memo[("warnings", rules.key)] = tuple(found)
    return kept


# sessions that run to a target -----------------------------------------------


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

    def __init__(self, body: object, hands: list[Any] | None = None) -> None:
        if not isinstance(body, Mapping):
            raise InputError("the session must be a JSON object with game, players and hands")
        self.game = game = body.get("game", "rummy500")
        self.names = names = _read_players(body.get("players"))
        # the hands given are only read for who is seated in them (see `of`); none by default
        self.seating = seating = read_seating(body, names, hands or [])
        self.rules = table_rules(game, body.get("options"), len(names))
        _check_seating(game, seating)
        self.changed = seating.changed
        self.teams = self.rules.variant.teams(names)
        self.sides = list(self.teams) if self.teams else list(names)
        self.totals = dict.fromkeys(self.sides, 0)  # Michigan: hands won
        self.concealed_bonus = dict.fromkeys(self.sides, 0)  # Oklahoma's 250s, which do not count toward the target
        self.wins = dict.fromkeys(self.sides, 0)
        # a player has a total from their first hand on (see engine.seating); Persian's sides never change
        self.joined = None if self.teams else _Joined(seating, self.totals)
        self.bodies: list[HandAnswer] = []
        self.standing = Standing(reason=before_play(self.rules.target, self.rules.variant.fixed_deals(self.rules), self.rules.variant.deal_word))
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
            _check_seats_may_change(self.game)
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
        game = self.rules.variant
        if game.checks_totals_before and not hand.as_points:
            refused = game.refusal_before(hand, self.rules, self.totals)
            if refused is not None:
                side, why = refused
                raise RulesError(f"hand {hand.number}: {why}", hand=hand.number, player=side, field="melds")
        self.count = hand.number
        players = self.seating.hands[hand.number - 1]
        if self.joined is not None:
            self.joined.before(hand.number)
        restarts = game.before_hand(hand, self.rules, self.totals)  # a pool rejoin sets a total before the hand
        self.totals.update(restarts)
        if self.rules.variant.counts_hands_won:
            self.bodies.append(self._michigan_hand(hand, players))
        else:
            body = self._running_hand(hand, players)
            if restarts:
                body["rejoined"] = dict(restarts)
            self.bodies.append(body)

    def _running_hand(self, hand: Hand, players: list[str]) -> HandAnswer:
        """One hand's body in a game played to a target; adds its scores to the totals."""
        scores, lines = hand_parts(hand, self.rules, players)
        player_scores = scores  # hand_parts made it for this hand alone, and it is not changed below
        scores, lines, goer_side = self._by_side(hand, scores, lines)
        self._count(hand, players, scores)
        finished_at = self.finished_at
        standing, lines = self._stand(hand, players, scores, goer_side, lines)
        late: tuple[str, ...] = ()
        if finished_at is not None:
            late = (f"the game was won after hand {finished_at}: this hand adds to the totals but not to the result",)
        won_now = finished_at is None and standing.status == "finished"
        body = self._body(hand, players, scores, lines, standing, bonuses=standing.bonuses if won_now else None,
                          late=late)
        if self.teams:
            body["player_scores"] = player_scores
        _add_hand_notes(body, self.rules.variant.hand_notes(hand, self.rules, self.totals))
        self._add_details(body, hand)
        if self.rules.variant.knocks:
            body["result"] = gin_result(hand, self.rules)
        return body

    def _by_side(self, hand: Hand, scores: dict[str, int], lines: list[Line]) -> tuple[dict[str, int], list[Line], str | None]:
        """The hand's scores, lines and side that went out, by partnership where the game has them."""
        teams = self.teams
        if not teams:
            return scores, lines, hand.went_out
        bonus = self.rules.variant.going_out_bonus
        scores = {team: sum(scores[p] for p in members) for team, members in teams.items()}
        goer_side = next((t for t, m in teams.items() if hand.went_out in m), None)
        if goer_side and not hand.as_points:  # plain points already hold every bonus
            scores[goer_side] += bonus
            lines = [(goer_side, bonus, "going out")]
        return scores, lines, goer_side

    def _count(self, hand: Hand, players: list[str], scores: dict[str, int]) -> None:
        """Add the hand's scores to the totals, its concealed bonus apart and its hands won (gin's boxes)."""
        game = self.rules.variant
        if game.concealed_bonus and hand.went_out and hand.concealed:
            self.concealed_bonus[hand.went_out] += game.concealed_bonus
        for side in (players if self.changed else self.sides):
            self.totals[side] += scores[side]
            if game.knocks and scores[side] > 0:
                self.wins[side] += 1

    def _stand(
        self, hand: Hand, players: list[str], scores: dict[str, int], goer_side: str | None, lines: list[Line]
    ) -> tuple[Standing, list[Line]]:
        """Where the game stands after this hand, its game-end bonuses added to the scores and totals."""
        if self.finished_at is not None:
            self.standing = Standing("finished", self.standing.winner, self.standing.reason, sharing=self.standing.sharing)
            return self.standing, lines
        totals = self.totals
        # only the players of this hand can reach the target with it (or win by the lowest total), and those
        # the game did not deal in (out of a pool) are still in the game's standing
        in_play = {side: totals[side] for side in self._in_game(players)} if self.changed else totals
        standing = self.standing = _standing(self.rules, in_play, self.concealed_bonus, goer_side, self.wins, hand.number)
        for side, bonus in standing.bonuses.items():
            scores[side] += bonus
            totals[side] += bonus
        if standing.status == "finished":
            self.finished_at = hand.number
            lines = lines + standing.lines
        return standing, lines

    def _in_game(self, players: list[str]) -> list[str]:
        """The players of a hand and the players at the table the game does not deal in (a pool's out), in seat order."""
        table = self.seating.table
        game = self.rules.variant
        kept_out = set(table) - set(game.dealt_in(self.rules, self.totals, table, [])) - set(players)
        return [name for name in self.seating.names if name in players or name in kept_out]

    def _body(
        self, hand: Hand, players: list[str], scores: dict[str, int], lines: list[Line], standing: Standing,
        winners: list[str] | None = None, bonuses: dict[str, int] | None = None, late: tuple[str, ...] = (),
    ) -> HandAnswer:
        """What every hand's body says: scores, totals, standing, who went out, bonuses and warnings."""
        totals, status, winner = self._shown_totals(), standing.status, _winner(standing, self.rules)
        # Michigan's `winners` (every winner of the hand) comes after `winner`, as the API has always answered
        body: HandAnswer = {
            "scores": scores, "totals": totals, "status": status, "winner": winner,
            "reason": standing.reason, "went_out": hand.went_out, "entered_as_points": hand.as_points,
        } if winners is None else {
            "scores": scores, "totals": totals, "status": status, "winner": winner, "winners": winners,
            "reason": standing.reason, "went_out": hand.went_out, "entered_as_points": hand.as_points,
        }
        if bonuses:
            body["bonuses"] = dict(bonuses)
        if lines:
            body["bonus_lines"] = _shown_lines(lines)
        warnings = hand_warnings(hand, self.rules, players) + late  # kept with the hand: added to, never changed
        if warnings:
            body["warnings"] = list(warnings)
        return body

    def _add_details(self, body: HandAnswer, hand: Hand) -> None:
        """Each player's cards as read, for a hand entered by cards."""
        if not hand.as_points:
            body["players"] = hand_details(hand, self.rules)

    def _michigan_hand(self, hand: Hand, players: list[str]) -> HandAnswer:
        """One Michigan hand's body (every hand is a game); adds its winners to the hands won."""
        scores, lines = hand_parts(hand, self.rules, players)
        best = max(scores.values())
        winners = [n for n, s in scores.items() if s == best]
        for name in winners:
            self.totals[name] += 1
        if len(winners) == 1:
            reason = f"{winners[0]} won the hand with {best}"
        else:
            reason = f"{names_joined(winners)} share the hand with {best} each"
        standing = Standing("finished", winners[0] if len(winners) == 1 else None, reason)
        body = self._body(hand, players, scores, lines, standing, winners=winners)
        self._add_details(body, hand)
        return body

    def _shown_totals(self, joined: _Joined | None = None) -> dict[str, int]:
        """The totals a body shows: with players coming and going, only those seen so far."""
        joined = joined or self.joined
        return joined.totals() if self.changed and joined is not None else dict(self.totals)

    def rejoin_offers(self) -> dict[str, int]:
        """Who may be dealt back into the next hand (out of an Indian Rummy pool), each with the total they come back on.

        >>> pool = Scoring.of({"game": "indian", "options": {"format": "pool"}, "players": ["Ann", "Ben", "Cy"],
        ...                    "hands": [{"points": {"Ann": 40, "Ben": 50, "Cy": 105}}]})
        >>> pool.rejoin_offers(), pool.rejoin_refusal("Ben")
        ({'Cy': 51}, 'Ben cannot rejoin: Ben is not out')
        """
        return self.rules.variant.rejoin_offers(self.rules, self.totals)

    def rejoining_reason(self, rejoining: list[str]) -> str | None:
        """The status once the table confirmed `rejoining` for the next hand (a pool's rejoin); None: as it stands."""
        return self.rules.variant.rejoining_reason(self.rules, self.totals, rejoining)

    def rejoin_refusal(self, name: str) -> str | None:
        """Why `name` may not be dealt back into the next hand (a hand naming them in `rejoined`); None when they may."""
        return self.rules.variant.rejoin_refusal(self.rules, self.totals, name)

    def dealt_in(self, names: list[str], rejoining: list[str] | None = None, number: int | None = None) -> list[str]:
        """Which of `names` (the players at the table) are dealt hand `number` (the next one by default).

        `rejoining`: the players dealt back in from that hand. Everyone, but in a pool game (Indian Rummy)
        the players out who do not rejoin.

        >>> pool = Scoring.of({"game": "indian", "options": {"format": "pool"}, "players": ["Ann", "Ben", "Cy"],
        ...                    "hands": [{"points": {"Ann": 40, "Ben": 50, "Cy": 105}}]})
        >>> pool.dealt_in(["Ann", "Ben", "Cy"]), pool.dealt_in(["Ann", "Ben", "Cy"], ["Cy"]), pool.dealt_in(["Ann", "Ben", "Cy"], number=1)
        (['Ann', 'Ben'], ['Ann', 'Ben', 'Cy'], ['Ann', 'Ben', 'Cy'])
        """
        number = self.count + 1 if number is None else number
        # the totals before that hand: each earlier hand's body keeps the totals after it
        totals = self.totals if number > self.count else dict(self.bodies[number - 2]["totals"]) if number > 1 else {}
        return self.rules.variant.dealt_in(self.rules, totals, list(names), list(rejoining or []))

    def dealt_hands(self) -> list[list[str]]:
        """The players dealt each hand scored, in seat order: its players seated, but in a pool game not those out.

        Who deals passes over the players not dealt in (engine.dealer_seats), whether they left or are out.

        >>> pool = Scoring.of({"game": "indian", "options": {"format": "pool"}, "players": ["Ann", "Ben", "Cy"],
        ...                    "hands": [{"points": {"Ann": 40, "Ben": 50, "Cy": 105}}, {"points": {"Ann": 0, "Ben": 9}},
        ...                              {"rejoined": ["Cy"], "points": {"Ann": 3, "Ben": 0, "Cy": 7}}]})
        >>> pool.dealt_hands()
        [['Ann', 'Ben', 'Cy'], ['Ann', 'Ben'], ['Ann', 'Ben', 'Cy']]
        """
        return [
            self.dealt_in(players, list(body.get("rejoined") or ()), number)
            for number, (players, body) in enumerate(zip(self.seating.hands, self.bodies), start=1)
        ]

    def answer(self) -> SessionAnswer:
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
        if self.rules.variant.counts_hands_won:
            return _michigan_answer(self.bodies, shown, at_table)
        result: SessionAnswer = {
            "hands": list(self.bodies),
            "totals": shown,
            "status": self.standing.status,
            "winner": _winner(self.standing, self.rules),
            "reason": self.standing.reason if played else "no hands played yet",
            "leaders": leaders(at_table, lowest=self.rules.variant.lowest_wins_at(self.rules)) if played else [],
            "target": self.rules.target,
            # what the end rule measures against the target: Oklahoma's 250s for going rummy do not count
            "toward_target": toward_target(totals, self.concealed_bonus),
        }
        if self.teams:
            result["partnerships"] = self.teams
        _add_session_notes(result, self.rules.variant.answer_notes(self.rules, totals))
        return result


def _winner(standing: Standing, rules: Rules) -> str | list[str] | None:
    """A `winner` as answered: the winner's name, or the names sharing the game where the game lists them."""
    if standing.sharing and rules.variant.names_shared_winners:
        return list(standing.sharing)
    return standing.winner


def _shown_lines(lines: list[Line]) -> list[BonusLine]:
    return [{"side": side, "points": points, "for": label} for side, points, label in lines]


def _add_hand_notes(body: HandAnswer, notes: HandNotes) -> None:
    """Add what the game says of a hand (Game.hand_notes) to its body, in HandNotes' order."""
    # key by key: a TypedDict takes another's keys only by name
    if "eliminated" in notes:
        body["eliminated"] = notes["eliminated"]
    if "collects" in notes:
        body["collects"] = notes["collects"]
    if "counts" in notes:
        body["counts"] = notes["counts"]


def _add_session_notes(result: SessionAnswer, notes: SessionNotes) -> None:
    """Add what the game says of the session (Game.answer_notes) to its answer."""
    if "eliminated" in notes:
        result["eliminated"] = notes["eliminated"]


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


def _standing(
    rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None, wins: dict[str, int],
    number: int,
) -> Standing:
    game = rules.variant
    deals = game.fixed_deals(rules)
    if deals is not None:
        return after_deals(totals, number, deals, lowest=game.lowest_wins_at(rules), word=game.deal_word)
    target = rules.target
    if target is None:
        return game.standing(rules, totals, concealed_bonus, goer, wins)  # no target: the game says (Indian's points)
    if max(totals.values()) < target:
        # the common case, every hand until the end: nobody is at the target, so nothing below can apply
        # (a total without bonuses is never above the total), and there is no reason to work out
        return Standing(reason=f"nobody has reached {target}")
    return rules.variant.standing(rules, totals, concealed_bonus, goer, wins)


# michigan: every hand is a game -----------------------------------------------


def _michigan_answer(bodies: list[HandAnswer], totals: dict[str, int], at_table: dict[str, int]) -> SessionAnswer:
    """A Michigan session's answer: hands won so far (`totals` as shown, `at_table` of those still playing)."""
    ahead = leaders(at_table) if bodies else []
    if not bodies:
        reason = "no hands played yet"
    else:
        most = at_table[ahead[0]]
        hands_won = "1 hand won" if most == 1 else f"{most} hands won"
        each = " each" if len(ahead) > 1 else ""
        verb = "lead" if len(ahead) > 1 else "leads"
        reason = f"{names_joined(ahead)} {verb} with {hands_won}{each}"
    return {
        "hands": list(bodies),
        "totals": totals,
        "status": "in_progress",
        "winner": None,
        "reason": reason,
        "leaders": ahead,
        "target": None,
    }
