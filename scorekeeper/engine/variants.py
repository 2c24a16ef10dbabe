"""The games, one class each, and the registry the whole app asks.

A game holds its id, name, players, options, default target, how its table is
laid out (decks, jokers, wild cards), its card values, and the hooks that
score a hand and decide the standing. Pages, forms and history ask a game
what it can do (its capability flags: ``partnerships``, ``asks_wild_rank``,
``counts_hands_won``, ...), never what it is called. As python-chess finds a
variant with ``find_variant``, :func:`find_game` finds a game by id:

>>> find_game("persian").partnerships, find_game("persian").name
(True, 'Persian Rummy')
>>> [game.id for game in VARIANTS if game.lowest_wins]
['penalty', 'contract']
>>> find_game("bridge")
Traceback (most recent call last):
...
scorekeeper.engine.variants.UnknownGameError: `bridge` is not a game we know: games are rummy500, persian, oklahoma, michigan, rummy5000, basic, penalty, gin, contract, canasta
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from scorekeeper.engine.cards import ACE, QUEEN, RANKS, Card, MeldCard, rank_name
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.gin_rules import HAND_SIZE, KNOCK_LIMIT, deadwood_value
from scorekeeper.engine.gin_scoring import gin_game_end, gin_lines, gin_warnings
from scorekeeper.engine.standing import Line, Standing, highest_wins, lowest_wins, must_go_out, reached_at_all

if TYPE_CHECKING:
    from scorekeeper.engine.games import Rules
    from scorekeeper.engine.played import Hand, Problems


class UnknownGameError(InputError):
    """A game id that is not one of the games we know."""


@dataclass(frozen=True)
class Option:
    """One option a table may set when it starts a session, as forms and the API describe it."""

    name: str
    label: str
    kind: str  # "int", "choice" or "bool"
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int = 0
    maximum: int | None = None

    def allows(self, value: Any) -> bool:
        """True when `value` is one this option takes."""
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "choice":
            return any(value == c and type(value) is type(c) for c in self.choices)
        return (
            type(value) is int
            and value >= self.minimum
            and (self.maximum is None or value <= self.maximum)
        )

    def described(self) -> str:
        """The values this option takes, in words."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return " or ".join(shown(c) for c in self.choices)
        if self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        return f"a whole number, {self.minimum} or more"


def shown(value: Any) -> str:
    """An option's value as a message shows it: text quoted."""
    return f'"{value}"' if isinstance(value, str) else str(value)


def _target(default: int | None, help: str = "") -> Option:
    return Option("target", "Play to", "int", default, help or "The score that ends the game.", minimum=1)


def _bonus(name: str, label: str, default: int, help: str) -> Option:
    return Option(name, label, "int", default, help)


_DECKS = Option("decks", "Decks", "choice", None, "1 for up to 4 players, else 2.", choices=(1, 2))
_500_OPTIONS = (
    _DECKS,
    Option("jokers", "Jokers per deck", "choice", 2, "2 jokers per deck, or play without.", choices=(2, 0)),
    Option(
        "card_values", "Card values", "choice", "standard",
        "standard: cards at face value; 5-10-15: 2-9 score 5.", choices=("standard", "5-10-15"),
    ),
    Option("ace_points", "Every ace worth 1", "choice", None, "Count every ace as 1, melded or in hand.", choices=(1,)),
    _bonus("rummy_bonus", "Bonus for going rummy", 0, "Added for going out in one turn, nothing melded before."),
)


def face_value(rank: int) -> int:
    """2-10 at face value, J Q K 10."""
    return 10 if rank >= 10 else rank


# one row of a game's card-value table: {"card": label, "melded": points or None, "in_hand": points or None}
Row = dict[str, Any]


class Game:
    """What every game shares; each game is a subclass that overrides what differs.

    Capability flags (class attributes) say what a game does, for the engine
    and for every page that must treat games differently.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    option_list: ClassVar[tuple[Option, ...]] = ()
    default_target: ClassVar[int | None] = None

    # capability flags
    asks_wild_rank: ClassVar[bool] = False  # each hand names a wild rank (5000 Rummy)
    partnerships: ClassVar[bool] = False  # seats 1 and 3 play against 2 and 4, scored as two sides
    counts_hands_won: ClassVar[bool] = False  # every hand is a game of its own; the totals count hands won
    lowest_wins: ClassVar[bool] = False  # points are penalties: the lowest total wins
    melds_score: ClassVar[bool] = True  # melded cards score points
    holding_costs: ClassVar[bool] = False  # cards left in hand count against their holder
    whole_hand_entry: ClassVar[bool] = False  # both hands may be entered whole, the engine arranging them (gin)
    knocks: ClassVar[bool] = False  # a hand ends by a knock: deadwood stays in hand, a draw scores nothing
    first_to_target: ClassVar[bool] = False  # a lone winner is the first to reach the target
    concealed_bonus: ClassVar[int] = 0  # going out concealed: a bonus that does not count toward the target
    going_out_bonus: ClassVar[int] = 0  # to the partnership of the player who goes out
    game_bonus: ClassVar[int] = 0  # to the winner of the game
    four_of_a_kind_doubles: ClassVar[bool] = False  # four of a kind melded at once scores double
    queen_of_spades_apart: ClassVar[bool] = False  # the queen of spades scores apart from the other queens
    fixed_seats: ClassVar[str] = ""
    hand_size: ClassVar[int | None] = None  # the cards each hand holds at the end, where the game fixes it  # why players cannot join late or leave, when they cannot
    meld_kinds: ClassVar[tuple[str, ...]] = ("set", "run")  # the kinds of meld the game has (Canasta: sets only)
    seats_are_sides: ClassVar[bool] = False  # each seat is a side: partners enter their cards once, together (Canasta)
    hand_counts: ClassVar[tuple[Option, ...]] = ()  # whole numbers entered per seat beside its cards (red threes)
    checks_totals_before: ClassVar[bool] = False  # a hand of cards is checked against each side's total before it
    # the melds legal only in the turn their player goes out, in words (Canasta: "black threes"); "" when none
    going_out_melds: ClassVar[str] = ""
    # only a player who melded this hand lays off: why not, after their name (Contract: who went down); None: anyone
    layoff_needs_own_meld: ClassVar[str | None] = None
    # a lay-off onto its own side's meld becomes part of that meld, which is scored whole (Canasta's canastas)
    layoffs_join_melds: ClassVar[bool] = False

    @property
    def players_text(self) -> str:
        """Who plays, in words, as the game lists and rules pages show it.

        >>> find_game("persian").players_text, find_game("rummy500").players_text
        ('4 players', '2–8 players')
        """
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players}–{self.max_players} players"

    @property
    def options(self) -> tuple[Option, ...]:
        """The options a table may set, in the order forms show them."""
        return self.option_list

    def option_specs(self) -> dict[str, Option]:
        """The options by name."""
        return {o.name: o for o in self.option_list}

    def __repr__(self) -> str:
        return f"find_game({self.id!r})"

    # the table -------------------------------------------------------------

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """The Rules fields of this game's table, from the options chosen (which may fill in a default)."""
        return {"melds_score": self.melds_score}

    def target_for(self, players: int | None) -> int | None:
        """The default target for this many players."""
        return self.default_target

    def fixed_deals(self, rules: Rules) -> int | None:
        """How many deals the game lasts, when a number of deals ends it rather than a target."""
        return None

    def deal_note(self, rules: Rules, number: int) -> str | None:
        """What deal `number` asks of the players, for the hand form (a contract), if the game says."""
        return None

    def must_go_out_to_win(self, rules: Rules) -> bool:
        """True when only the player who goes out can win."""
        return False

    def own_wild_rank(self, wild_rank: int | None) -> int | None:
        """The wild rank whose cards may meld alone as themselves (deuces in Oklahoma), if any."""
        return None

    def meld_refusal(self, cards: Sequence[MeldCard], rules: Rules, wild_rank: int | None, going_out: bool) -> str | None:
        """Why `cards` cannot be a meld by a rule of this game alone, before any reading (`going_out`: in the turn
        its player goes out); None leaves the meld to the common rules of docs/rules.md 2."""
        return None

    def refusal_before(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> tuple[str, str] | None:
        """(seat, why) when a hand of cards is refused given each side's total before it (`checks_totals_before`)."""
        return None

    # card values -----------------------------------------------------------

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """What one card scores when melded or laid off, read as `stands_for` (`low_ace`: in A-2-3)."""
        return 0

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """What one card left in a hand is worth: deadwood by default (ace 1, faces 10, a joker 20)."""
        if card.is_joker:
            return 20
        return deadwood_value(card)

    def value_rows(self, rules: Rules) -> list[Row]:
        """The game's card values as a table: one row per card or kind of card, melded and left in hand."""
        rows: list[Row] = []
        for rank in RANKS:
            rows += self.rank_rows(rules, rank)
        return rows + self.extra_rows(rules)

    def rank_rows(self, rules: Rules, rank: int) -> list[Row]:
        """The rows of one rank (most ranks: one row)."""
        return [self.row(rules, rank_name(rank), Card(rank, "H"))]

    def extra_rows(self, rules: Rules) -> list[Row]:
        """Rows after the ranks: the joker, where the game has jokers."""
        if rules.jokers or "jokers" in self.option_specs():
            return [self.row(rules, "JK", Card(0, ""))]
        return []

    def row(self, rules: Rules, label: str, card: Card, in_hand: bool = True, low_ace: bool = False) -> Row:
        """One row of the value table; ``in_hand`` is signed as it counts for the card's holder."""
        sign = -1 if self.holding_costs else 1
        return {
            "card": label,
            "melded": self.meld_card_points(rules, card, card, low_ace, None) if rules.melds_score else None,
            "in_hand": sign * self.hand_card_points(rules, card, None) if in_hand else None,
        }

    # a hand ----------------------------------------------------------------

    def hand_parts(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """What each player scores for one hand, and the lines of it that are not their own cards.

        Their own cards are what they melded and laid off less what they held
        (what they held alone in penalty; nothing in basic and gin); every
        other point (a bonus, cards collected from other hands) is a line, so
        that the scores add up as shown. Plain points have no lines: they hold
        every bonus.
        """
        if hand.points is not None:
            return dict(hand.points), []
        scores, lines = self.hand_lines(hand, rules, names)
        lines = [line for line in lines if line[1]]
        for side, points, _ in lines:
            scores[side] += points
        return scores, lines

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """A hand of cards: each player's own points, and the lines added to them (zero lines dropped later)."""
        return dict.fromkeys(names, 0), []

    def collected(self, hand: Hand, goer: str) -> int:
        """The cards left in the other players' hands, which the player who went out collects."""
        return sum(p.in_hand_points for n, p in hand.players.items() if n != goer)

    def hand_warnings(self, hand: Hand, rules: Rules, names: list[str]) -> list[str]:
        """Things about a hand worth a second look that only this game asks."""
        return []

    def check_played(self, hand: Hand, rules: Rules, problem: Problems) -> None:
        """Refuse a hand of cards (read, its lay-offs placed) that breaks a rule only this game has."""

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """The bonuses a table entering plain points must count in, and those the scorer adds."""
        return [], []

    def went_out_may_hold(self, rules: Rules) -> bool:
        """True when the seat that went out may still have cards left in hand (docs/rules.md 3).

        Gin's knocker keeps their deadwood; a Canasta side with partners keeps
        the partners' cards. Everywhere else the player who went out holds none.

        >>> from scorekeeper.engine.games import table_rules
        >>> find_game("gin").went_out_may_hold(table_rules("gin")), find_game("rummy500").went_out_may_hold(table_rules("rummy500"))
        (True, False)
        """
        return self.knocks

    def layoff_refusal(self, rules: Rules, player: str, owner: str, went_out: str | None) -> str | None:
        """Why `player` may not lay off onto `owner`'s melds (docs/rules.md 4), following the lay-off's label; None if they may.

        >>> from scorekeeper.engine.games import table_rules
        >>> find_game("oklahoma").layoff_refusal(table_rules("oklahoma"), "Ben", "Ann", "Ann")
        " is onto Ann's meld, but in Oklahoma players lay off only on their own melds"
        >>> find_game("rummy500").layoff_refusal(table_rules("rummy500"), "Ben", "Ann", None) is None
        True
        """
        if rules.lay_off_own_melds_only and owner != player:
            return f" is onto {owner}'s meld, but in {rules.name} players lay off only on their own melds"
        return None

    def rewards_concealed(self, rules: Rules) -> bool:
        """True when going out concealed (in one turn) changes what a hand scores at this table.

        >>> from scorekeeper.engine.games import table_rules
        >>> find_game("oklahoma").rewards_concealed(table_rules("oklahoma")), find_game("gin").rewards_concealed(table_rules("gin"))
        (True, False)
        >>> [find_game("rummy500").rewards_concealed(table_rules("rummy500", {"rummy_bonus": b})) for b in (0, 10)]
        [False, True]
        """
        return False

    # the standing ----------------------------------------------------------

    def standing(
        self, rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None,
        wins: dict[str, int],
    ) -> Standing:
        """Where the game stands once some total has reached the target, game-end bonuses included."""
        target = rules.target
        assert target is not None
        standing = highest_wins(totals, concealed_bonus, target, self.first_to_target)
        if standing.winner is not None:
            self.finish(standing, rules, totals, wins)
        return standing

    def finish(self, standing: Standing, rules: Rules, totals: dict[str, int], wins: dict[str, int]) -> None:
        """Add the game-end bonuses to a won game's standing."""
        if self.game_bonus and standing.winner is not None:
            standing.add_bonus(standing.winner, self.game_bonus, "winning the game")
            standing.reason += f"; +{self.game_bonus} for the game"

    def teams(self, names: list[str]) -> dict[str, list[str]] | None:
        """The partnerships by name, in a game played by partnerships."""
        return None


class HoldingCosts(Game):
    """Games where melds score and cards left in hand count against their holder."""

    holding_costs = True

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """A card left in hand costs what it would have scored melded as itself."""
        return self.meld_card_points(rules, card, card, False, wild_rank)

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded less held, for every player."""
        return {n: p.melded_points - p.in_hand_points for n, p in hand.players.items()}, []


def _decks_for(chosen: dict[str, Any], players: int | None) -> int:
    """The decks chosen, or the default: 1 for up to 4 players, else 2 (filled into `chosen`)."""
    decks = chosen["decks"] or (2 if players is not None and players > 4 else 1)
    chosen["decks"] = decks
    return int(decks)


class FiveHundredCount(HoldingCosts):
    """500 Rum's count, shared with Michigan: face values, the ace 15 (1 low), jokers 15, the table's variants."""

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """One or two decks by the number of players, with the jokers chosen per deck."""
        decks = _decks_for(chosen, players)
        return super().table_settings(chosen, players) | {"decks": decks, "jokers": chosen["jokers"] * decks}

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """Face value, ace 15 (1 low), joker 15; or the 5-10-15 count; or every ace 1."""
        if card.is_joker:
            return 15
        options = rules.options  # looked up directly: this runs for every card melded
        rank = card.rank
        if rank == ACE:
            if options["ace_points"] == 1:
                return 1
            if options["card_values"] == "5-10-15":
                return 5 if low_ace else 15
            return 1 if low_ace else 15
        if options["card_values"] == "5-10-15":
            return 5 if rank <= 9 else 10
        return face_value(rank)

    def rank_rows(self, rules: Rules, rank: int) -> list[Row]:
        """The ace also has its row as the low end of a run, unless every ace is worth 1."""
        rows = super().rank_rows(rules, rank)
        if rank == ACE and rules.ace_low and rules.option("ace_points") is None:
            rows.append(self.row(rules, "A low in a run (A-2-3)", Card(ACE, "H"), in_hand=False, low_ace=True))
        return rows

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded less held; the table's bonus for going rummy."""
        scores, lines = super().hand_lines(hand, rules, names)
        if hand.went_out and hand.concealed:
            lines.append((hand.went_out, rules.option("rummy_bonus"), "going rummy"))
        return scores, lines

    def rewards_concealed(self, rules: Rules) -> bool:
        """Going rummy scores the table's bonus, when it plays one."""
        return bool(rules.option("rummy_bonus"))

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """The bonus for going rummy, when the table plays one."""
        if rules.option("rummy_bonus"):
            return [f"+{rules.option('rummy_bonus')} for going rummy (out in one turn)"], []
        return [], []


class Rummy500(FiveHundredCount):
    """500 Rum: score what you meld, lose what you hold; first past the target with the top total wins."""

    id = "rummy500"
    name = "500 Rum"
    summary = "Score what you meld, lose what you hold; first past 500 with the top total wins."
    default_target = 500
    option_list = (
        _target(500),
        *_500_OPTIONS,
        Option(
            "must_go_out_to_win", "Must go out to win", "bool", False,
            "Only the player who goes out can win, once at or above the target.",
        ),
    )


    def must_go_out_to_win(self, rules: Rules) -> bool:
        """The table's option."""
        return bool(rules.options.get("must_go_out_to_win"))

    def standing(
        self, rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None,
        wins: dict[str, int],
    ) -> Standing:
        """Only the player who goes out can win, when the table chose so."""
        target = rules.target
        assert target is not None
        if self.must_go_out_to_win(rules) and reached_at_all(totals, concealed_bonus, target):
            return must_go_out(totals, target, goer)
        return super().standing(rules, totals, concealed_bonus, goer, wins)


class Michigan(FiveHundredCount):
    """Michigan Rummy: scored like 500 Rum, but every hand is a game of its own."""

    id = "michigan"
    name = "Michigan Rummy"
    summary = "Scored like 500 Rum, but every hand is a game of its own: count hands won."
    counts_hands_won = True
    option_list = _500_OPTIONS


PERSIAN_GOING_OUT = 25
PERSIAN_GAME_BONUS = 50


class Persian(HoldingCosts):
    """Persian Rummy: two fixed partnerships; jokers meld only together; four of a kind scores double."""

    id = "persian"
    name = "Persian Rummy"
    summary = "Two partnerships of two; jokers meld only together, four of a kind scores double."
    min_players = max_players = 4
    default_target = 500
    option_list = (_target(500),)
    partnerships = True
    going_out_bonus = PERSIAN_GOING_OUT
    game_bonus = PERSIAN_GAME_BONUS
    four_of_a_kind_doubles = True
    fixed_seats = "Persian is played by two fixed partnerships: players cannot join late or leave"

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Two decks' worth of four jokers, not wild; the ace is high only."""
        return super().table_settings(chosen, players) | {"jokers": 4, "jokers_wild": False, "ace_low": False}

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """Face value, ace 15, joker 20."""
        if card.is_joker:
            return 20
        return 15 if card.rank == ACE else face_value(card.rank)

    def teams(self, names: list[str]) -> dict[str, list[str]]:
        """Seats 1 and 3 against 2 and 4, named like "Ann & Cy"."""
        return {f"{names[0]} & {names[2]}": [names[0], names[2]], f"{names[1]} & {names[3]}": [names[1], names[3]]}

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Going out is part of the points; the game bonus is added."""
        return ([f"+{PERSIAN_GOING_OUT} to the partnership of the player who goes out"],
                [f"+{PERSIAN_GAME_BONUS} to the partnership that wins the game"])


OKLAHOMA_GOING_OUT = 100
OKLAHOMA_CONCEALED = 250
OKLAHOMA_GAME_BONUS = 200


def _oklahoma_melded(card: Card) -> int:
    if card.rank == ACE:
        return 20
    if card.rank == QUEEN:
        return 50 if card.suit == "S" else 10
    if card.rank >= 8:
        return 10
    return 5


class Oklahoma(HoldingCosts):
    """Oklahoma: two decks, every deuce wild, the queen of spades worth 50."""

    id = "oklahoma"
    name = "Oklahoma"
    summary = "Two decks, every deuce wild, the queen of spades worth 50; play to 1000."
    default_target = 1000
    option_list = (
        _target(1000),
        Option("jokers", "Jokers", "int", 0, "Oklahoma with jokers: add 1 to 4 wild jokers.", maximum=4),
    )
    concealed_bonus = OKLAHOMA_CONCEALED
    game_bonus = OKLAHOMA_GAME_BONUS
    queen_of_spades_apart = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Two decks, deuces wild, suits may repeat in sets, lay-offs only on one's own melds."""
        return super().table_settings(chosen, players) | {
            "decks": 2, "jokers": chosen["jokers"], "deuces_wild": True, "sets_repeat_suits": True,
            "lay_off_own_melds_only": True,
        }

    def rewards_concealed(self, rules: Rules) -> bool:
        """Going out concealed scores 250, not 100."""
        return True

    def own_wild_rank(self, wild_rank: int | None) -> int | None:
        """Deuces meld alone as twos."""
        return 2

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """A joker 100; a deuce scores as the card it stands for (a deuce standing for a two scores 5)."""
        if card.is_joker:
            return 100
        return _oklahoma_melded(stands_for)

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """Held: joker 200, deuce 20, queen of spades 100, else as melded."""
        if card.is_joker:
            return 200
        if card.rank == 2:
            return 20
        if card.rank == QUEEN and card.suit == "S":
            return 100
        return _oklahoma_melded(card)

    def rank_rows(self, rules: Rules, rank: int) -> list[Row]:
        """Deuces are wild; the queen of spades has a row of its own."""
        if rank == 2:
            return [{"card": "2 (wild: scores as the card it stands for)", "melded": None, "in_hand": -20}]
        if rank == QUEEN:
            return [self.row(rules, "Q♠", Card(QUEEN, "S")), self.row(rules, "Q♥ Q♦ Q♣", Card(QUEEN, "H"))]
        return super().rank_rows(rules, rank)

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded less held; going out, or going out concealed."""
        scores, lines = super().hand_lines(hand, rules, names)
        goer = hand.went_out
        if goer:
            lines.append((goer, OKLAHOMA_CONCEALED, "going out concealed") if hand.concealed
                         else (goer, OKLAHOMA_GOING_OUT, "going out"))
        return scores, lines

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Going out is part of the points; the game bonus is added."""
        return ([f"+{OKLAHOMA_GOING_OUT} for going out, or +{OKLAHOMA_CONCEALED} for going out concealed"
                 f" (in points it counts toward the target: enter that hand by cards to keep it out)"],
                [f"+{OKLAHOMA_GAME_BONUS} to the player who wins the game"])


def _rummy5000_value(card: Card, wild_rank: int | None) -> int:
    if wild_rank is not None and card.rank == wild_rank:
        return 200 if wild_rank == ACE else 100
    if card.rank == ACE:
        return 100
    return 5 if card.rank <= 9 else 10


class Rummy5000(Game):
    """5000 Rummy: a wild rank each hand; whoever goes out collects the cards left in other hands."""

    id = "rummy5000"
    name = "5000 Rummy"
    summary = "A wild rank each hand; whoever goes out collects the cards left in other hands."
    default_target = 5000
    option_list = (_target(5000), _DECKS)
    asks_wild_rank = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """One or two decks by the number of players; suits may repeat in sets."""
        decks = _decks_for(chosen, players)
        return super().table_settings(chosen, players) | {"decks": decks, "sets_repeat_suits": True}

    def own_wild_rank(self, wild_rank: int | None) -> int | None:
        """The hand's wild rank melds alone as itself."""
        return wild_rank

    def meld_card_points(self, rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
        """The wild rank 100 (200 when aces are wild), ace 100, 10-K 10, others 5."""
        return _rummy5000_value(card, wild_rank)

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """As melded: what the player who went out collects."""
        return _rummy5000_value(card, wild_rank)

    def extra_rows(self, rules: Rules) -> list[Row]:
        """The wild card's rows (no jokers)."""
        return [{"card": "wild card", "melded": 100, "in_hand": 100},
                {"card": "wild card, when aces are wild", "melded": 200, "in_hand": 200}]

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Melded, and the cards left in other hands to the player who went out."""
        scores = {n: p.melded_points for n, p in hand.players.items()}
        goer = hand.went_out
        lines: list[Line] = []
        if goer:
            lines.append((goer, self.collected(hand, goer), "the cards left in other hands"))
        return scores, lines

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """The cards collected are part of the points."""
        return ["for the player who goes out, the cards left in the other players' hands"], []


_BASIC_TARGETS = {2: 100, 3: 150, 4: 200}


class DeadwoodGame(Game):
    """Games where melds do not score and cards left in hand count as deadwood (ace 1, aces low only)."""

    melds_score = False

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Aces are low only."""
        return super().table_settings(chosen, players) | {"ace_high": False}


class Basic(DeadwoodGame):
    """Basic Rummy: whoever goes out scores the cards left in everyone else's hand."""

    id = "basic"
    name = "Basic Rummy"
    summary = "Whoever goes out scores the cards left in everyone else's hand."
    max_players = 4
    option_list = (
        _target(None, "100 for 2 players, 150 for 3, 200 for 4."),
        Option("jokers", "Jokers", "choice", 0, "Play with 2 wild jokers.", choices=(0, 2)),
    )
    first_to_target = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """The jokers chosen."""
        return super().table_settings(chosen, players) | {"jokers": chosen["jokers"]}

    def rewards_concealed(self, rules: Rules) -> bool:
        """Going rummy doubles what the player who went out collects."""
        return True

    def target_for(self, players: int | None) -> int | None:
        """100 for 2 players, 150 for 3, 200 for 4."""
        return _BASIC_TARGETS.get(players or 2, 200)

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """The player who went out collects the cards left in other hands, doubled for going rummy."""
        scores = dict.fromkeys(names, 0)
        goer = hand.went_out
        lines: list[Line] = []
        if goer:
            won = self.collected(hand, goer)
            lines.append((goer, won, "the cards left in other hands"))
            if hand.concealed:
                lines.append((goer, won, "going rummy, which doubles it"))
        return scores, lines

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """The cards collected are part of the points."""
        return ["for the player who goes out, the cards left in the other hands, doubled for going rummy"], []


class Penalty(DeadwoodGame):
    """Rummy to 100: cards left in hand are penalty points; the lowest total wins."""

    id = "penalty"
    name = "Rummy to 100"
    summary = "Cards left in your hand count against you; lowest total when someone reaches 100 wins."
    max_players = 6
    default_target = 100
    option_list = (_target(100, "The game ends when a total reaches it; the lowest total wins."),)
    lowest_wins = True

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """What each player holds, as penalty points; nothing for the player who went out."""
        goer = hand.went_out
        return {n: p.in_hand_points if n != goer else 0 for n, p in hand.players.items()}, []

    def standing(
        self, rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None,
        wins: dict[str, int],
    ) -> Standing:
        """The lowest total wins once some total reaches the target."""
        assert rules.target is not None
        return lowest_wins(totals, rules.target)


class Gin(DeadwoodGame):
    """Gin Rummy: two players, knock or go gin, deadwood decides."""

    id = "gin"
    name = "Gin Rummy"
    summary = "Two players, knock or go gin, deadwood decides; play to 100."
    max_players = 2
    default_target = 100
    option_list = (
        _target(100),
        _bonus("knock_limit", "Knock with at most", KNOCK_LIMIT, "The most deadwood a player may knock with."),
        _bonus("gin_bonus", "Gin bonus", 25, "For going gin, with no deadwood."),
        _bonus("undercut_bonus", "Undercut bonus", 25, "For the defender whose deadwood is no more than the knocker's."),
        _bonus("big_gin_bonus", "Big gin bonus", 0, "For gin with all 11 cards (31 is common); 0 scores it as gin."),
        _bonus("game_bonus", "Game bonus", 0, "For winning the game (100 is common)."),
        _bonus("box_bonus", "Box bonus", 0, "At the end, for every hand won (25 is common)."),
        Option("shutout_double", "Double a shutout", "bool", False, "When the loser scored nothing, the winner's whole score doubles, game and box bonuses included."),
    )
    whole_hand_entry = True
    knocks = True
    hand_size = HAND_SIZE
    first_to_target = True

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """The defender lays off only onto the knocker's melds, which the hand reader checks itself."""
        return super().table_settings(chosen, players) | {"lay_off_own_melds_only": True}

    def layoff_refusal(self, rules: Rules, player: str, owner: str, went_out: str | None) -> str | None:
        """Only the defender lays off, and only onto the knocker's melds."""
        if went_out is None:
            return ": nobody knocked, so nobody lays off"
        if player == went_out:
            return ": in Gin Rummy only the defender lays off, never the knocker"
        if owner != went_out:
            return ": the defender lays off only onto the knocker's melds"
        return None

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """The knock, gin or undercut, line by line."""
        return dict.fromkeys(names, 0), gin_lines(hand, rules, names)

    def hand_warnings(self, hand: Hand, rules: Rules, names: list[str]) -> list[str]:
        """Cards entered that arrange with less deadwood than entered."""
        if hand.as_points or hand.went_out is None or hand.big_gin:
            return []
        return gin_warnings(hand, rules, names, self.hand_parts(hand, rules, names)[0])

    def finish(self, standing: Standing, rules: Rules, totals: dict[str, int], wins: dict[str, int]) -> None:
        """Game, box and shutout bonuses."""
        gin_game_end(standing, rules, totals, wins)

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Gin, undercut and big gin are part of the points; game, boxes and shutout are added."""
        include = [f"+{rules.option('gin_bonus')} for gin and +{rules.option('undercut_bonus')} for an undercut"]
        added = []
        if rules.option("big_gin_bonus"):
            include.append(f"+{rules.option('big_gin_bonus')} for big gin")
        if rules.option("game_bonus"):
            added.append(f"+{rules.option('game_bonus')} to the winner of the game")
        if rules.option("box_bonus"):
            added.append(f"+{rules.option('box_bonus')} a box for every hand won, at the end")
        if rules.option("shutout_double"):
            added.append("the winner's score doubled after a shutout")
        return include, added


# every game, in the order pages list them
from scorekeeper.engine.canasta import Canasta  # noqa: E402 - each game module builds on the classes above
from scorekeeper.engine.contract import ContractRummy  # noqa: E402 - each game module builds on the classes above

VARIANTS: tuple[Game, ...] = (
    Rummy500(), Persian(), Oklahoma(), Michigan(), Rummy5000(), Basic(), Penalty(), Gin(),
    ContractRummy(), Canasta(),
)
_BY_ID = {game.id: game for game in VARIANTS}


def find_game(game_id: object) -> Game:
    """The game with this id; UnknownGameError (an InputError) for any other."""
    game = _BY_ID.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise UnknownGameError(f"`{game_id}` is not a game we know: games are {', '.join(_BY_ID)}")
    return game
