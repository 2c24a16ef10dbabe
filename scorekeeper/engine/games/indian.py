"""Indian Rummy (13 cards): a valid show needs two sequences, one pure; counts in points, pool 101/201 or deals.

docs/rules/indian.md states the rules. Each deal has a wild rank (the cut
joker, ``"A"`` when a printed joker is cut); the player who shows validly
scores 0 and every other player counts their cards, only the ungrouped ones
when they have both lives, capped at 80. Drops and a wrong show cost fixed
counts. The format says what the counts make: running totals (points),
elimination at the pool with rejoining (pool), or winnings passed to the
deal's winner over a fixed number of deals (deals).

>>> from scorekeeper.engine.cards import parse_meld_cards
>>> from scorekeeper.engine.rules import table_rules
>>> rules = table_rules("indian")
>>> [group_of(parse_meld_cards(cards), rules, 5)[0] for cards in ("4H 5H 6H", "3S 4S 5D", "QD QC JK")]
['pure sequence', 'sequence (impure)', 'set']
>>> group_of(parse_meld_cards("4H 5H 7H"), rules, 9)[1]
'4H 5H 7H is not a sequence: there is a gap between 5 and 7'
>>> table_rules("indian", {"format": "pool", "pool": 201}).option("first_drop")
25
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.answers import HandNotes, HeldCountAnswer, SessionNotes
from scorekeeper.engine.card_tables import card_table
from scorekeeper.engine.cards import ACE, Card, MeldCard
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games.base import DeadwoodGame, Leaving, Option, Row
from scorekeeper.engine.melds import full_check
from scorekeeper.engine.standing import Line, Standing, leaders, names_joined

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand, PlayerHand, Problems

PURE = "pure sequence"
IMPURE = "sequence (impure)"
SET = "set"
SEQUENCES = (PURE, IMPURE)
SHOW_CARDS = 13
FORMATS = ("points", "pool", "deals")
POOLS = (101, 201)
# the pool -> the drops' default counts (first, middle) and the highest total still in that allows a rejoin (below it)
DROPS = {101: (20, 40), 201: (25, 50)}
REJOIN_BELOW = {101: 80, 201: 175}
# a player's state (PlayerHand.state) -> the option that says what it costs, and its words
STATES = {"first_drop": "dropped first", "middle_drop": "dropped in the middle", "wrong_show": "made a wrong show"}


def _is_pure(cards: Sequence[MeldCard], rules: Rules) -> bool:
    """True when the cards, every one played as itself (no joker, no card standing for another), are a sequence."""
    if any(c.card.is_joker or (c.stands_for is not None and c.stands_for != c.card) for c in cards):
        return False
    plain = tuple(MeldCard(c.card) for c in cards)
    return _has_kind(full_check(plain, rules, None, ("run",), every=False), "run")


def _has_kind(result: Any, kind: str) -> bool:
    return any(reading.kind == kind for reading in result.readings)


def group_of(cards: Sequence[MeldCard], rules: Rules, wild_rank: int | None) -> tuple[str | None, str | None]:
    """The group `cards` make ("pure sequence", "sequence (impure)" or "set"), or None and why not."""
    cards = tuple(cards)
    if _is_pure(cards, rules):
        return PURE, None
    runs = full_check(cards, rules, wild_rank, ("run",), every=False)
    if _has_kind(runs, "run"):
        return IMPURE, None
    sets = full_check(cards, rules, wild_rank, ("set",), every=False)
    if _has_kind(sets, "set"):
        return SET, None
    if runs.reason == sets.reason or not runs.reason:  # too few cards, or more copies than the decks hold
        return None, sets.reason or runs.reason
    shown = " ".join(str(c) for c in cards)
    natural = {c.card.rank for c in cards if c.stands_for is None and not rules.is_wild(c.card, wild_rank)}
    if len(natural) == 1:
        return None, f"{shown} is not a set: {sets.reason}"
    return None, f"{shown} is not a sequence: {runs.reason}"


def show_problem(kinds: Sequence[str], cards: int) -> str | None:
    """Why groups of these kinds, holding `cards` cards, are not a valid show; None when they are.

    >>> show_problem([PURE, SET, SET, SET], 13), show_problem([PURE, IMPURE, SET, SET], 13)
    ('only one sequence', None)
    """
    if cards != SHOW_CARDS:
        return f"a show groups all {SHOW_CARDS} cards; these groups hold {cards}"
    if PURE not in kinds:
        return "no pure sequence"
    if sum(1 for kind in kinds if kind in SEQUENCES) < 2:
        return "only one sequence"
    return None


def has_both_lives(kinds: Sequence[str]) -> bool:
    """True with a pure sequence and a second sequence: then only a loser's ungrouped cards count."""
    return PURE in kinds and sum(1 for kind in kinds if kind in SEQUENCES) >= 2


def lives_note(kinds: Sequence[str]) -> str:
    """Which of a loser's cards count, and why, in the words the hand form shows.

    >>> lives_note([PURE, IMPURE]), lives_note([IMPURE, SET]), lives_note([PURE, SET])
    ('both lives: only ungrouped cards count', 'no pure sequence: every card counts', 'no second sequence: every card counts')
    """
    if has_both_lives(kinds):
        return "both lives: only ungrouped cards count"
    if PURE not in kinds:
        return "no pure sequence: every card counts"
    return "no second sequence: every card counts"


def counted(kinds: Sequence[str], grouped: Iterable[Card], held: int, values: Mapping[Card, int]) -> int:
    """A loser's count before the cap: the ungrouped cards (`held`), and the grouped ones too without both lives."""
    if has_both_lives(kinds):
        return held
    return held + sum(values[card] for card in grouped)


class IndianRummy(DeadwoodGame):
    """Indian Rummy: 13 cards, a cut wild rank, a show of two sequences (one pure); points, pool or deals."""

    id = "indian"
    name = "Indian Rummy"
    summary = "13 cards, a cut joker, a show needs two sequences, one pure; play for points, a pool of 101/201 or deals."
    min_players = 2
    max_players = 6
    option_list = (
        Option("format", "Format", "choice", "points",
               "points: each deal settled alone; pool: out at the pool, last left wins; deals: most after the deals.",
               choices=FORMATS),
        Option("pool", "Pool", "choice", 101, "Pool games: a total at or above it is out.", choices=POOLS,
               only_with=("format", "pool")),
        Option("deals", "Deals", "choice", 2, "Deals games: how many deals.", choices=(2, 3, 6),
               only_with=("format", "deals")),
        Option("decks", "Decks", "choice", None, "1 for two players, else 2 (a printed joker each).", choices=(1, 2)),
        Option("first_drop", "First drop", "int", None, "What dropping before the first draw costs: 20 (25 in pool 201)."),
        Option("middle_drop", "Middle drop", "int", None, "What dropping later costs: 40 (50 in pool 201)."),
        Option("max_count", "Most a count costs", "int", 80, "A loser's count is capped at this."),
        Option("wrong_show", "Wrong show", "int", 80, "What a declaration that is not valid costs."),
        Option("rejoin", "Rejoining", "bool", True, "Pool games: a player who is out may buy back in.",
               only_with=("format", "pool")),
    )
    lowest_wins = True  # points and pool; deals turn it round (lowest_wins_at)
    asks_wild_rank = True
    deal_may_end_unclaimed = True
    names_groups = True
    checks_declarations = True
    entry_fields = ("dropped", "wrong_show")
    leavings = (
        Leaving("first_drop", "Dropped (first)", (("dropped", "first"),)),
        Leaving("middle_drop", "Dropped (middle)", (("dropped", "middle"),)),
        Leaving("wrong_show", "Wrong show", (("wrong_show", True),)),
    )
    counts_by_groups = True
    lays_off = False
    meld_word = "group"
    in_hand_word = "ungrouped cards"
    summary_words = ("declared", "group", "groups", "ungrouped")
    ended_words = ("A player declared a valid show", "Nobody declared: the others dropped or showed wrongly",
                   "Who declared")
    hand_fields = ("rejoined",)
    goer_meld_rows = 4  # a show of 13 cards in groups of three or more is most often four groups (3 + 3 + 3 + 4)
    refused_show_leaving = "wrong_show"
    wild_rank_help = "choose the rank of the cut joker, like 5 or K (A when the cut card is a printed joker)"
    wild_rank_label = "Cut joker"
    wild_rank_note = "Every card of this rank is wild; A for a printed joker."

    # the table -------------------------------------------------------------------

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """One deck for two players, else two, a printed joker each; aces low or high; drops by the pool."""
        decks = chosen["decks"] or (1 if players == 2 else 2)
        chosen["decks"] = decks
        # only a pool game plays for a pool: the new-game form sends its Pool choice whatever the format
        first, middle = DROPS[chosen["pool"] if chosen["format"] == "pool" else POOLS[0]]
        if chosen["first_drop"] is None:
            chosen["first_drop"] = first
        if chosen["middle_drop"] is None:
            chosen["middle_drop"] = middle
        target = chosen["pool"] if chosen["format"] == "pool" else None
        return super().table_settings(chosen, players) | {
            "decks": decks, "jokers": decks, "ace_high": True, "target": target,
        }

    def standing_measure(self, options: Mapping[str, Any], total: int, finished: bool = False) -> str | None:
        """Pool: how far a player in play is from being out, and where that is; nothing for a player out (the pool's
        note says it) nor once the game is over (the winner is marked won).

        >>> game, pool = IndianRummy(), {"format": "pool", "pool": 101}
        >>> game.standing_measure(pool, 40), game.standing_measure(pool, 0), game.standing_measure(pool, 160)
        ('61 to spare · out at 101', '101 to spare · out at 101', '')
        >>> game.standing_measure(pool, 40, finished=True), game.standing_measure({"format": "points"}, 40) is None
        ('', True)
        """
        if options.get("format") != "pool":
            return None
        limit = int(options.get("pool") or 101)
        return f"{limit - total} to spare · out at {limit}" if total < limit and not finished else ""

    def fixed_deals(self, rules: Rules) -> int | None:
        """Deals games last the deals chosen."""
        return int(rules.option("deals")) if rules.option("format") == "deals" else None

    def lowest_wins_at(self, rules: Rules) -> bool:
        """The lowest total leads in points and pool; in deals the highest wins."""
        return bool(rules.option("format") != "deals")

    def own_wild_rank(self, wild_rank: int | None) -> int | None:
        """Cards of the wild rank meld alone as themselves (a set of three 5s with 5s wild)."""
        return wild_rank

    # card values -------------------------------------------------------------------

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """A K Q J 10 count 10, 2-9 face value, jokers and cards of the wild rank 0."""
        if card.is_joker or card.rank == wild_rank:
            return 0
        return 10 if card.rank == ACE or card.rank >= 10 else card.rank

    def extra_rows(self, rules: Rules) -> list[Row]:
        """The printed joker and the cut joker's rank count nothing."""
        return [self.row(rules, "JK", Card(0, "")), {"card": "a card of the wild rank", "melded": None, "in_hand": 0}]

    # groups and shows -------------------------------------------------------------------

    def meld_refusal(self, cards: Sequence[MeldCard], rules: Rules, wild_rank: int | None, going_out: bool) -> str | None:
        """A group that is no sequence and no set, in the words of docs/rules/indian.md."""
        return group_of(cards, rules, wild_rank)[1]

    def group_name(self, cards: Sequence[MeldCard], rules: Rules, wild_rank: int | None) -> str | None:
        """"pure sequence", "sequence (impure)" or "set"."""
        return group_of(cards, rules, wild_rank)[0]

    def declaration_refusal(self, groups: Sequence[Sequence[MeldCard]], rules: Rules, wild_rank: int | None) -> str | None:
        """The first reason the groups are not a valid show: a bad group, not 13 cards, no pure sequence, one sequence."""
        kinds = []
        for index, cards in enumerate(groups):
            kind, why = group_of(cards, rules, wild_rank)
            if kind is None:
                return f"group {index + 1}: {why}"
            kinds.append(kind)
        return show_problem(kinds, sum(len(cards) for cards in groups))

    @staticmethod
    def _kinds(hand: Hand, player: PlayerHand, rules: Rules) -> list[str]:
        """The kinds of a player's groups (legal: read_melds refused any other), kept with the hand."""
        key = ("indian kinds", player.name, rules.key)
        kinds = hand.memo.get(key)
        if kinds is None:
            kinds = hand.memo[key] = [group_of(cards, rules, hand.wild_rank)[0] or SET for cards in player.entered]
        return kinds

    # a hand -------------------------------------------------------------------

    def player_state(self, entry: Mapping[str, Any], name: str, problem: Problems) -> str:
        """`"dropped": "first"` or `"middle"`, or `"wrong_show": true`."""
        dropped = entry.get("dropped")
        wrong = entry.get("wrong_show", False)
        if dropped not in (None, "first", "middle"):
            raise problem(InputError, f'{name}\'s `dropped` must be "first" or "middle", not {dropped!r}', name, field="dropped")
        if not isinstance(wrong, bool):
            raise problem(InputError, f"{name}'s `wrong_show` must be true or false, not {wrong!r}", name, field="wrong_show")
        if dropped and wrong:
            raise problem(RulesError, f"{name} either dropped or made a wrong show, not both", name, field="dropped")
        if wrong:
            return "wrong_show"
        return f"{dropped}_drop" if dropped else ""

    def read_hand_extras(self, raw: Mapping[str, Any], hand: Hand, names: list[str], problem: Problems) -> None:
        """`rejoined`: the players dealt back into a pool game from this hand."""
        rejoined = raw.get("rejoined")
        if rejoined is None:
            return
        if not isinstance(rejoined, list) or any(name not in names for name in rejoined):
            raise problem(InputError, "`rejoined` must list players of this session", field="rejoined")
        hand.rejoined = tuple(dict.fromkeys(rejoined))

    def check_played(self, hand: Hand, rules: Rules, problem: Problems) -> None:
        """No lay-offs; a player who dropped or showed wrongly has no cards; the declarer's show is valid."""
        for name, player in hand.players.items():
            if player.layoffs:
                raise problem(RulesError, f"{name} laid off, but Indian Rummy has no lay-offs", name, field="layoffs")
            if player.state and (player.melds or player.in_hand):
                raise problem(RulesError, f"{name} {STATES[player.state]}, so no cards are entered for {name}",
                              name, field="melds")
        goer = hand.went_out
        if goer is None:
            return
        player = hand.players[goer]
        if player.state:
            raise problem(RulesError, f"{goer} {STATES[player.state]}, so {goer} did not declare", goer, field="went_out")
        why = show_problem(self._kinds(hand, player, rules), player.card_count())
        if why is not None:
            raise problem(RulesError, f"{goer}'s show is not valid: {why}", goer, field="melds")

    def count(self, hand: Hand, player: PlayerHand, rules: Rules) -> int:
        """What one player's hand costs them: a drop or wrong show, or their cards (capped); 0 for the deal's winner."""
        if player.state:
            return int(rules.option(player.state))
        if player.name == self.deal_winner(hand):
            return 0
        values = card_table(rules, hand.wild_rank, "in_hand_points")
        grouped = (c.card for meld in player.melds for c in meld.cards)
        return min(counted(self._kinds(hand, player, rules), grouped, player.in_hand_points, values),
                   int(rules.option("max_count")))

    def leaving_cost(self, rules: Rules, state: str) -> int | None:
        """A drop or a wrong show costs its option: first_drop, middle_drop, wrong_show (the drops follow the pool)."""
        return int(rules.option(state)) if state in STATES else None

    def held_count(
        self, groups: Sequence[Sequence[MeldCard]], in_hand: Sequence[Card], rules: Rules, wild_rank: int | None,
    ) -> HeldCountAnswer:
        """A loser's count as the hand form shows it while typed: which cards count (their lives), the count, the cap.

        `count` is null and `reason` says why when a group is no group (the hand would be refused).
        """
        kinds = []
        for index, cards in enumerate(groups):
            kind, why = group_of(cards, rules, wild_rank)
            if kind is None:
                return {"count": None, "counted": None, "cap": int(rules.option("max_count")), "capped": False,
                        "lives": None, "reason": f"group {index + 1}: {why}"}
            kinds.append(kind)
        values = card_table(rules, wild_rank, "in_hand_points")
        full = counted(kinds, (c.card for cards in groups for c in cards), sum(values[c] for c in in_hand), values)
        cap = int(rules.option("max_count"))
        return {"count": min(full, cap), "counted": full, "cap": cap, "capped": full > cap,
                "lives": lives_note(kinds), "reason": None}

    @staticmethod
    def deal_winner(hand: Hand) -> str | None:
        """The declarer, or the one player left when drops and wrong shows ended the deal."""
        if hand.went_out is not None:
            return hand.went_out
        left = [name for name, player in hand.players.items() if not player.state]
        return left[0] if len(left) == 1 else None

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Each player's count; in deals the others' counts go to the deal's winner as a line, and each loses theirs."""
        counts = {name: self.count(hand, player, rules) for name, player in hand.players.items()}
        if rules.option("format") != "deals":
            return counts, []
        winner = self.deal_winner(hand)
        scores = {name: -count for name, count in counts.items()}
        lines: list[Line] = [(winner, sum(counts.values()), "the others' counts")] if winner else []
        return scores, lines

    def before_hand(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> dict[str, int]:
        """Pool: rejoins (their totals), and no hand dealt to a player who is out; every player in play entered."""
        out = self._out(rules, totals)
        if out and len(out) >= len(totals) - 1 and not hand.rejoined:
            return {}  # the pool game is over: a hand played on adds to the totals, as in every game, and is not checked
        restarts = self._rejoins(hand, rules, totals)
        in_play = [name for name in totals if name not in out or name in restarts]
        for name in out:
            if name not in restarts and self._entered(hand, name):
                raise RulesError(
                    f"hand {hand.number}: {name} is out ({totals[name]}, at or above {rules.target}) and is not dealt"
                    f" in: leave {name} out of the hand, or name {name} in `rejoined`",
                    hand=hand.number, player=name,
                )
        if not hand.as_points:
            self._check_in_play(hand, in_play)
        return restarts

    @staticmethod
    def _out(rules: Rules, totals: dict[str, int]) -> list[str]:
        limit = rules.target
        return [name for name, total in totals.items() if limit is not None and total >= limit]

    @staticmethod
    def _entered(hand: Hand, name: str) -> bool:
        if hand.points is not None:
            return bool(hand.points.get(name))
        player = hand.players.get(name)
        return player is not None and bool(player.state or player.card_count()) or hand.went_out == name

    def _rejoins(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> dict[str, int]:
        """Each player rejoining from this hand, at one more than the highest total still in."""
        if not hand.rejoined:
            return {}
        for name in hand.rejoined:
            why = self.rejoin_refusal(rules, totals, name)
            if why is not None:
                raise RulesError(f"hand {hand.number}: {why}", hand=hand.number, player=name, field="rejoined")
        return dict.fromkeys(hand.rejoined, self._highest_in(rules, totals) + 1)

    def dealt_in(self, rules: Rules, totals: dict[str, int], names: list[str], rejoining: list[str]) -> list[str]:
        """Pool: everyone but the players out who do not rejoin; everyone once the game is over (a hand played on).

        >>> from scorekeeper.engine.rules import table_rules
        >>> game, pool = IndianRummy(), table_rules("indian", {"format": "pool"})
        >>> totals = {"Ann": 40, "Ben": 17, "Cy": 160, "Dev": 50}
        >>> game.dealt_in(pool, totals, list(totals), []), game.dealt_in(pool, totals, list(totals), ["Cy"])
        (['Ann', 'Ben', 'Dev'], ['Ann', 'Ben', 'Cy', 'Dev'])
        """
        out = self._out(rules, totals)
        dealt = [name for name in names if name not in out or name in rejoining]
        # as before_hand: with one player left the pool game is over, and a hand played on is dealt to the table
        return dealt if len(dealt) > 1 else list(names)

    def _highest_in(self, rules: Rules, totals: dict[str, int]) -> int:
        """The highest total of the players still in (0 with nobody in)."""
        out = self._out(rules, totals)
        return max((total for name, total in totals.items() if name not in out), default=0)

    def rejoin_refusal(self, rules: Rules, totals: dict[str, int], name: str) -> str | None:
        """Why `name` may not be dealt back in now, given each player's total, naming them; None when they may.

        >>> from scorekeeper.engine.rules import table_rules
        >>> game, pool = IndianRummy(), table_rules("indian", {"format": "pool"})
        >>> game.rejoin_refusal(pool, {"Ann": 40, "Ben": 97, "Cy": 101}, "Cy")
        "Cy cannot rejoin: Ben's 97 is not below 80"
        >>> game.rejoin_refusal(pool, {"Ann": 40, "Ben": 50, "Cy": 101}, "Cy") is None
        True
        """
        why = self._rejoin_refusal(rules, totals, name)
        # every caller (the page, the API, the command line) says whose rejoin was refused
        return f"{name} cannot rejoin: {why}" if why is not None else None

    def _rejoin_refusal(self, rules: Rules, totals: dict[str, int], name: str) -> str | None:
        if rules.option("format") != "pool":
            return "only a pool game has rejoining"
        if not rules.option("rejoin"):
            return "this table plays without rejoining"
        out = self._out(rules, totals)
        still = {player: total for player, total in totals.items() if player not in out}
        if len(still) <= 1:
            return "the pool game is over: nobody rejoins"
        if name not in out:
            return f"{name} is not out"
        top = max(still, key=still.__getitem__)
        below = REJOIN_BELOW[int(rules.option("pool"))]
        if still[top] >= below:
            return f"{top}'s {still[top]} is not below {below}"
        return None

    def rejoin_offers(self, rules: Rules, totals: dict[str, int]) -> dict[str, int]:
        """Pool: the players out who may rejoin now, each with the total they would come back on.

        >>> from scorekeeper.engine.rules import table_rules
        >>> IndianRummy().rejoin_offers(table_rules("indian", {"format": "pool"}), {"Ann": 40, "Ben": 50, "Cy": 160})
        {'Cy': 51}
        """
        may = [name for name in self._out(rules, totals) if self.rejoin_refusal(rules, totals, name) is None]
        return dict.fromkeys(may, self._highest_in(rules, totals) + 1) if may else {}

    @staticmethod
    def _check_in_play(hand: Hand, in_play: list[str]) -> None:
        """A deal nobody declared leaves exactly one player; every other player in play entered something."""
        number = hand.number
        left = [name for name in in_play if not hand.players[name].state]
        if hand.went_out is None and len(left) != 1:
            who = names_joined(left) if left else "nobody"
            raise RulesError(
                f"hand {number}: nobody declared (`went_out`), but {who} played on: a deal ends without a show"
                f" only when drops and wrong shows leave one player", hand=number, field="went_out",
            )
        winner = hand.went_out or left[0]
        for name in in_play:
            if name != winner and not (hand.players[name].state or hand.players[name].card_count()):
                raise RulesError(
                    f"hand {number}: nothing is entered for {name}: enter {name}'s groups and ungrouped cards,"
                    f" or that {name} dropped or made a wrong show", hand=number, player=name,
                )

    def hand_notes(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> HandNotes:
        """Pool: who is out after the hand; points: what the deal's winner collects."""
        notes = self._notes(hand, rules, totals)
        if hand.points is None:  # what each player's cards, drop or wrong show cost: the scores in points and pool
            notes["counts"] = {name: self.count(hand, player, rules) for name, player in hand.players.items()}
        return notes

    def _notes(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> HandNotes:
        form = rules.option("format")
        if form == "pool":
            return {"eliminated": self._out(rules, totals)}
        if form != "points":
            return {}
        if hand.points is not None:
            winner = hand.went_out
            others = sum(points for name, points in hand.points.items() if name != winner)
        else:
            winner = self.deal_winner(hand)
            others = sum(self.count(hand, p, rules) for name, p in hand.players.items() if name != winner)
        return {"collects": others} if winner else {}

    def answer_notes(self, rules: Rules, totals: dict[str, int]) -> SessionNotes:
        """Pool: who is out now."""
        return {"eliminated": self._out(rules, totals)} if rules.option("format") == "pool" else {}

    # the standing -------------------------------------------------------------------

    def standing(
        self, rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None,
        wins: dict[str, int],
    ) -> Standing:
        """Pool: the last player left wins; points: the lowest total leads and play goes on."""
        if rules.option("format") == "points":
            ahead = leaders(totals, lowest=True)
            return Standing(reason=f"{names_joined(ahead)} {'lead' if len(ahead) > 1 else 'leads'} with the lowest"
                            f" total, {totals[ahead[0]]}; a points game ends when the table stops")
        limit = rules.target
        out = self._out(rules, totals)
        left = [name for name in totals if name not in out]
        if len(left) > 1:
            return Standing(reason=f"{self._out_words(rules, out)}{names_joined(left)} play on")
        if len(left) == 1:
            return Standing("finished", left[0], f"{left[0]} is the last player left: the others reached {limit}")
        ahead = leaders(totals, lowest=True)
        winner = ahead[0] if len(ahead) == 1 else None
        return Standing("finished", winner, f"everyone reached {limit}: {names_joined(ahead)} on the lowest total")

    @staticmethod
    def _out_words(rules: Rules, out: Sequence[str]) -> str:
        """"Cy is out at 101 or more; " (nothing with nobody out), to begin a pool's status."""
        if not out:
            return ""
        return f"{names_joined(list(out))} {'are' if len(out) > 1 else 'is'} out at {rules.target} or more; "

    def rejoining_reason(self, rules: Rules, totals: dict[str, int], rejoining: Sequence[str]) -> str | None:
        """Pool: the status once the table confirmed `rejoining` for the next hand: who comes back on what total, who
        stays out, who plays on; None when the rules let none of them back in now.

        >>> from scorekeeper.engine.rules import table_rules
        >>> pool = table_rules("indian", {"format": "pool"})
        >>> IndianRummy().rejoining_reason(pool, {"Ann": 40, "Ben": 60, "Cy": 130, "Dev": 160}, ["Dev"])
        'Cy is out at 101 or more; Dev rejoins on 61; Ann, Ben and Dev play on'
        """
        offers = self.rejoin_offers(rules, totals)
        back = [name for name in rejoining if name in offers]
        if not back:
            return None
        out = [name for name in self._out(rules, totals) if name not in back]
        playing = [name for name in totals if name not in out]
        verb = "rejoin" if len(back) > 1 else "rejoins"
        # every player dealt back in comes back on the same total: one more than the highest still in
        return f"{self._out_words(rules, out)}{names_joined(back)} {verb} on {offers[back[0]]}; {names_joined(playing)} play on"

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Points hands are each player's count (in deals, the winner's takings and the losers' minus)."""
        if rules.option("format") == "deals":
            return ["for the deal's winner, the sum of the others' counts; for each other player, minus their count"], []
        return [], []
