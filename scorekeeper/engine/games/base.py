"""What every game shares: the Game class each game's module subclasses, its options, and a table's Rules.

A game holds its id, name, players, options, default target, how its table is
laid out (decks, jokers, wild cards), its card values, and the hooks that
score a hand and decide the standing. Pages, forms and history ask a game
what it can do (its capability flags: ``partnerships``, ``asks_wild_rank``,
``counts_hands_won``, ...), never what it is called. Each game is a module of
this package; the registry (``engine.games``: ``VARIANTS``, ``find_game``)
lists them. A game's :meth:`Game.rules` turns the options a table chose and
the number of players into one frozen :class:`Rules` that melds and scoring
consult:

>>> from scorekeeper.engine.games import find_game
>>> rules = find_game("rummy500").rules({}, players=5)
>>> rules.decks, rules.jokers, rules.target
(2, 4, 500)
>>> find_game("gin").rules({"decks": 2})
Traceback (most recent call last):
...
scorekeeper.engine.errors.InputError: Gin Rummy has no option `decks`; its options are target, knock_limit, gin_bonus, undercut_bonus, big_gin_bonus, game_bonus, box_bonus, shutout_double
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from scorekeeper.engine.answers import HandNotes, HeldCountAnswer, MeldAnswer, SessionNotes, ValueRow
from scorekeeper.engine.cards import RANKS, SUITS, Card, MeldCard, parse_cards, rank_name
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.standing import Line, Standing, highest_wins

if TYPE_CHECKING:
    from scorekeeper.engine.played import Hand, Problems, Reading


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
    # (another option's name, its value): this option matters only then, as Indian Rummy's pool only in a pool
    # game; forms show it with that choice (the engine still reads it whatever the choice: the game ignores it)
    only_with: tuple[str, Any] | None = None
    # what a default of None means, in words, where it is neither the number of players' nor off (Rummikub's
    # rounds: "none: play until the table stops")
    unset: str = ""

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

    def applies(self, chosen: Mapping[str, Any]) -> bool:
        """True unless this option matters only with another's value (`only_with`) and `chosen` has another.

        >>> pool = Option("pool", "Pool", "choice", 101, choices=(101, 201), only_with=("format", "pool"))
        >>> pool.applies({"format": "pool"}), pool.applies({"format": "deals"})
        (True, False)
        """
        if self.only_with is None:
            return True
        name, value = self.only_with
        return bool(chosen.get(name) == value)

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


def target_option(default: int | None, help: str = "") -> Option:
    """The option `target`: the score that ends the game (None: the game's default for the number of players)."""
    return Option("target", "Play to", "int", default, help or "The score that ends the game.", minimum=1)


def bonus_option(name: str, label: str, default: int, help: str) -> Option:
    """An option of points, 0 or more (a bonus, or a limit such as gin's knock)."""
    return Option(name, label, "int", default, help)


DECKS = Option("decks", "Decks", "choice", None, "1 for up to 4 players, else 2.", choices=(1, 2))


def face_value(rank: int) -> int:
    """2-10 at face value, J Q K 10."""
    return 10 if rank >= 10 else rank


def deadwood_value(card: Card) -> int:
    """What a card counts as deadwood: ace 1, 2-10 face value, J Q K 10.

    >>> [deadwood_value(Card(rank, "S")) for rank in (1, 7, 10, 13)]
    [1, 7, 10, 10]
    """
    return min(card.rank, 10)


@dataclass(frozen=True)
class Leaving:
    """A way a player leaves a hand without cards (Indian Rummy's drops and wrong show), as the hand form offers it.

    `state` is the player's state once read (``PlayerHand.state``), `label` the form's words for it, and
    `fields` what the player's entry in a hand holds instead of cards (``(("dropped", "first"),)``).
    """

    state: str
    label: str
    fields: tuple[tuple[str, Any], ...]


# one row of a game's card-value table: {"card": label, "melded": points or None, "in_hand": points or None}
Row = ValueRow


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
    # a deal may end with nobody going out (`went_out` null): Indian Rummy's wrong show at two players, or drops
    deal_may_end_unclaimed: ClassVar[bool] = False
    # the meld checker names each group in the game's words (Indian Rummy: "pure sequence"), see `group_name`
    names_groups: ClassVar[bool] = False
    # a meld of enough cards is a canasta with a bonus of its own (Canasta), see `canasta_of`: the meld and lay-off
    # checks say which canasta a meld makes
    has_canastas: ClassVar[bool] = False
    # a side's score for a hand depends on its own cards alone and on whether it went out (Canasta), so the hand
    # form's live figure for a side is the engine's whole score for it (engine.side_check)
    side_scores_alone: ClassVar[bool] = False
    # a whole declaration can be checked at once (Indian Rummy's show), see `declaration_refusal`
    checks_declarations: ClassVar[bool] = False
    # the fields a player's entry and a hand may hold beyond every game's (backups keep exactly these)
    entry_fields: ClassVar[tuple[str, ...]] = ()
    hand_fields: ClassVar[tuple[str, ...]] = ()
    # the ways a player may leave a hand without cards, one tap each on the hand form (see `leaving_cost`)
    leavings: ClassVar[tuple[Leaving, ...]] = ()
    # a losing player's count depends on their groups as a whole (Indian Rummy's lives), see `held_count`
    counts_by_groups: ClassVar[bool] = False
    # players lay cards off onto melds on the table (Indian Rummy has no lay-offs)
    lays_off: ClassVar[bool] = True
    # some card may be entered by its rank alone (``K``) where its suit changes nothing (docs/rules.md 1); False where
    # the game reads every card's suit (gin), see `suit_needed`
    takes_rank_alone: ClassVar[bool] = True
    # the hand form's words for a meld and for the cards left in hand (Indian Rummy: "group", "ungrouped cards")
    meld_word: ClassVar[str] = "meld"
    in_hand_word: ClassVar[str] = "cards left in hand"
    # a folded player's one line on the hand form: "went out · 2 melds · 3 left in hand" (who went out, a meld and
    # its plural, the cards left in hand after their number)
    summary_words: ClassVar[tuple[str, str, str, str]] = ("went out", "meld", "melds", "left in hand")
    # the hand form's words for how a hand ended: a player went out, nobody did, and who went out (None: the usual)
    ended_words: ClassVar[tuple[str, str, str] | None] = None
    # the hand form gives the player chosen as going out this many meld rows (Indian Rummy's declarer shows all 13
    # cards in groups); every game's form asks who went out above the players, as it decides what each is asked
    goer_meld_rows: ClassVar[int] = 2
    # the leaving (a state of `leavings`) a table scores a show the engine refuses as: Indian Rummy's wrong show,
    # which the hand form offers in one tap when a save is refused naming the declarer ("" for none)
    refused_show_leaving: ClassVar[str] = ""
    # how the hand form and errors ask for the wild rank, where the game asks for one
    wild_rank_help: ClassVar[str] = "choose the rank of the card turned up after the deal, like 7 or K"
    # the hand form's label for the wild rank, and the note under it ("" for none)
    wild_rank_label: ClassVar[str] = "Wild rank this hand"
    wild_rank_note: ClassVar[str] = ""
    # a game of a fixed number of deals names every player level at the top as `winner`, a list (Rummikub); else a
    # shared game's `winner` is null and its reason names them
    names_shared_winners: ClassVar[bool] = False
    # the game's word for one deal, as a game of so many deals counts them ("2 of 4 rounds still to play")
    deal_word: ClassVar[str] = "deal"
    # the hand form asks each player's melds (and lay-offs); False where melds on the table do not score and are
    # not entered (Rummikub: only the tiles left on each rack)
    enters_melds: ClassVar[bool] = True
    # how players write what they hold, which the pages' pickers offer: "cards" (docs/rules.md 1) or "tiles"
    # (Rummikub's, engine.tiles); `read_held` reads it
    notation: ClassVar[str] = "cards"

    @property
    def players_text(self) -> str:
        """Who plays, in words, as the game lists and rules pages show it.

        >>> from scorekeeper.engine.games import find_game
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

    def chosen_options(self, options: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """A table's options as its pages list them, (label, value) in the order stored, leaving out those that do
        not apply to its other choices (Option.only_with: an Indian Rummy deals game has no pool)."""
        specs = self.option_specs()
        shown = []
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None:
                shown.append((name.replace("_", " "), value))
            elif spec.applies(options):
                shown.append((spec.label, value))
        return shown

    def __repr__(self) -> str:
        return f"find_game({self.id!r})"

    def rules(self, options: Mapping[str, Any] | None = None, players: int | None = None) -> Rules:
        """This game's rules with a table's `options`, for `players` players when known.

        >>> from scorekeeper.engine.games import find_game
        >>> find_game("gin").rules({"knock_limit": 7}).option("knock_limit")
        7
        """
        if players is None and (options is None or (isinstance(options, Mapping) and not options)):
            return self.house_rules
        key = _options_key(options)
        if key is None:
            return self._built_rules(options, players)
        return self._kept_rules(key, players)

    @lru_cache(maxsize=512)  # noqa: B019 - games are built once at import and live as long as the process
    def _kept_rules(self, key: tuple[tuple[str, type, Any], ...], players: int | None) -> Rules:
        """The rules of the options `key` stands for, built once: a form or a check asks the same table's rules often.

        Its options are read-only, as the same Rules is given to every caller.
        """
        rules = self._built_rules({name: value for name, _, value in key}, players)
        return replace(rules, options=MappingProxyType(dict(rules.options)))

    @cached_property
    def house_rules(self) -> Rules:
        """The game's own rules, no option chosen: what every meld check without options asks, built once.

        The options are read-only, as the same Rules is given to every caller.
        """
        return self._kept_rules((), None)

    def _built_rules(self, options: Mapping[str, Any] | None, players: int | None) -> Rules:
        chosen = read_options(self, options)
        settings = self.table_settings(chosen, players)
        if "target" in chosen:
            if chosen["target"] is None:
                chosen["target"] = self.target_for(players)
            settings["target"] = chosen["target"]
        key = repr((self.id, sorted(chosen.items()), players is not None and players > 4))
        return Rules(game=self.id, variant=self, options=chosen, key=key, **settings)

    def check_players(self, players: int) -> None:
        """InputError unless this game is played by that many players."""
        low, high = self.min_players, self.max_players
        if low <= players <= high:
            return
        wanted = f"exactly {low}" if low == high else f"{low} to {high}"
        raise InputError(f"{self.name} is played by {wanted} players, not {players}")

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

    def lowest_wins_at(self, rules: Rules) -> bool:
        """True when the lowest total leads at this table (`lowest_wins`, unless an option turns it round)."""
        return self.lowest_wins

    def side_players(self, rules: Rules, side: str) -> tuple[str, ...]:
        """The people who play as one seat's side at this table, as ratings count them: the seat's player alone.

        Partnerships seated apart (Persian) are the engine's `teams`; this is for a side entered under one name.
        """
        return (side,)

    def standing_measure(self, options: Mapping[str, Any], total: int, finished: bool = False) -> str | None:
        """Where a side on `total` stands toward the end of the game in this game's own words ("" says nothing);
        `finished` once the game is over.

        None: the scoreboard's usual measure (toward the `target`, or behind the best total).
        """
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

    def suit_needed(self, card: Card, rules: Rules) -> str | None:
        """Why `card`, entered by its rank alone (``K``), must carry its suit in this game; None when its suit
        changes neither legality nor score (docs/rules.md 1).

        Runs always need suits (the meld check says so); this is for a card whose
        value depends on its suit (Oklahoma's queen of spades, Canasta's threes)
        or a game whose rules read every card's suit (gin's arrangement).
        """
        return None

    def player_state(self, entry: Mapping[str, Any], name: str, problem: Problems) -> str:
        """How a player left the hand without cards, read from their entry ("" for none: their cards say it all)."""
        return ""

    def read_hand_extras(self, raw: Mapping[str, Any], hand: Hand, names: list[str], problem: Problems) -> None:
        """Read the parts of a hand only this game has (Indian Rummy's `rejoined`) onto `hand`."""

    def read_entries(self, raw: Mapping[str, Any], hand: Hand, rules: Rules, names: list[str], problem: Problems) -> bool:
        """Read a hand entered in this game's own body (Rummikub's `racks`) onto `hand`, checking it; False (the
        default) leaves it to the common reading of `players` (melds, lay-offs, cards left in hand)."""
        return False

    def hand_from_entries(self, data: dict[str, Any]) -> dict[str, Any]:
        """The hand this game stores, from the common shape the card form gives (`players`, each with `melds`,
        `layoffs` and `in_hand`): the same by default; Rummikub's `racks`. The inverse of :meth:`entries_of`."""
        return data

    def nulls_as_empty(self, data: dict[str, Any]) -> dict[str, Any]:
        """A hand read from a file with each null card list (`melds`, `layoffs`, `in_hand`) as the empty list the
        engine reads it as; everything else as given.

        >>> Game().nulls_as_empty({"players": {"Ann": {"melds": None, "in_hand": "7H"}}})
        {'players': {'Ann': {'melds': [], 'in_hand': '7H'}}}
        """
        players = data.get("players")
        if not isinstance(players, Mapping):
            return data
        return data | {"players": {name: _empty_for_null(entry, CARD_LISTS) for name, entry in players.items()}}

    def entries_of(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Each player's entry of a stored hand in the common shape (`melds`, `layoffs`, `in_hand`), for the pages
        that show or edit it."""
        players = data.get("players")
        return dict(players) if isinstance(players, Mapping) else {}

    def deck_counts(self, rules: Rules) -> dict[str, int]:
        """How many copies of each card the table's decks hold, jokers as ``JK`` (Rummikub: each tile)."""
        counts = {f"{rank_name(rank)}{suit}": rules.decks for suit in SUITS for rank in RANKS}
        counts["JK"] = rules.jokers
        return counts

    def read_held(self, held: str | Sequence[object]) -> list[Card]:
        """Cards a player holds, typed in this game's notation (Rummikub's tiles: ``7R 13K JK``)."""
        return parse_cards(held)

    def meld_answer(self, entered: str | Sequence[object], rules: Rules) -> MeldAnswer | None:
        """The meld check's answer where this game checks its melds itself (tiles, not cards); None (the default)
        leaves it to the common check of docs/rules.md 2. CardNotationError for a token it cannot read."""
        return None

    def initial_meld(self, rules: Rules) -> int | None:
        """The points a player's first melds must reach together (Rummikub's 30); None where no such rule is checked."""
        return None

    def before_hand(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> dict[str, int]:
        """The totals this hand sets before it is scored (a pool rejoin), given each side's total before it.

        Refuses (RulesError naming the hand) a hand the totals forbid; {} changes nothing.
        """
        return {}

    def rejoin_offers(self, rules: Rules, totals: dict[str, int]) -> dict[str, int]:
        """The players who may be dealt back in now (out of a pool), each with the total they would come back on."""
        return {}

    def dealt_in(self, rules: Rules, totals: dict[str, int], names: list[str], rejoining: list[str]) -> list[str]:
        """Which of `names` (the players at the table) are dealt the next hand, given the totals before it.

        `rejoining`: the players dealt back in from that hand (a pool's rejoin). Everyone, in most games.
        """
        return list(names)

    def rejoin_refusal(self, rules: Rules, totals: dict[str, int], name: str) -> str | None:
        """Why `name` may not be dealt back in now (a hand's `rejoined`), given each side's total, naming them; None when they may."""
        return f"{name} cannot rejoin: {self.name} has no rejoining"

    def rejoining_reason(self, rules: Rules, totals: dict[str, int], rejoining: Sequence[str]) -> str | None:
        """The game's status once the table confirmed `rejoining` for the next hand; None: the status as it stands."""
        return None

    def hand_notes(self, hand: Hand, rules: Rules, totals: dict[str, int]) -> HandNotes:
        """What a hand's body says beside its scores in this game (the totals are those after the hand)."""
        return {}

    def answer_notes(self, rules: Rules, totals: dict[str, int]) -> SessionNotes:
        """What a session's answer says beside its totals in this game."""
        return {}

    def group_name(self, cards: Sequence[MeldCard], rules: Rules, wild_rank: int | None) -> str | None:
        """The group `cards` make in the game's words (`names_groups`), None when they make none."""
        return None

    def canasta_of(self, reading: Reading, rules: Rules) -> tuple[str, int] | None:
        """The canasta a meld makes (`has_canastas`), as its kind ("natural", "mixed") and bonus; None for none."""
        return None

    def declaration_refusal(self, groups: Sequence[Sequence[MeldCard]], rules: Rules, wild_rank: int | None) -> str | None:
        """Why `groups` are not a valid declaration (`checks_declarations`), None when they are."""
        return None

    def leaving_cost(self, rules: Rules, state: str) -> int | None:
        """What leaving a hand in `state` (one of `leavings`) costs at this table, for the hand form to show."""
        return None

    def held_count(
        self, groups: Sequence[Sequence[MeldCard]], in_hand: Sequence[Card], rules: Rules, wild_rank: int | None,
    ) -> HeldCountAnswer:
        """What a losing player's groups and ungrouped cards cost them, and why (`counts_by_groups`), as the API answers."""
        raise InputError(f"{self.name} counts the cards left in a hand alone: check them as cards held")

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

        >>> from scorekeeper.engine.games import find_game
        >>> from scorekeeper.engine.rules import table_rules
        >>> find_game("gin").went_out_may_hold(table_rules("gin"))
        True
        >>> find_game("rummy500").went_out_may_hold(table_rules("rummy500"))
        False
        """
        return self.knocks

    def layoff_refusal(self, rules: Rules, player: str, owner: str, went_out: str | None) -> str | None:
        """Why `player` may not lay off onto `owner`'s melds (docs/rules.md 4), following the lay-off's label; None if they may.

        >>> from scorekeeper.engine.games import find_game
        >>> from scorekeeper.engine.rules import table_rules
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

        >>> from scorekeeper.engine.games import find_game
        >>> from scorekeeper.engine.rules import table_rules
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


def decks_for(chosen: dict[str, Any], players: int | None) -> int:
    """The decks chosen, or the default: 1 for up to 4 players, else 2 (filled into `chosen`)."""
    decks = chosen["decks"] or (2 if players is not None and players > 4 else 1)
    chosen["decks"] = decks
    return int(decks)


class DeadwoodGame(Game):
    """Games where melds do not score and cards left in hand count as deadwood (ace 1, aces low only)."""

    melds_score = False

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Aces are low only."""
        return super().table_settings(chosen, players) | {"ace_high": False}


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about one table's game."""

    game: str
    variant: Game = field(repr=False, compare=False)
    options: Mapping[str, Any] = field(default_factory=dict)
    decks: int = 1
    jokers: int = 0
    jokers_wild: bool = True
    deuces_wild: bool = False
    ace_low: bool = True
    ace_high: bool = True
    sets_repeat_suits: bool = False
    largest_set: int = 4  # four cards of a rank, one of each suit (or any four where suits may repeat)
    shortest_run: int = 3  # the fewest cards a run may have (Contract Rummy's runs have four)
    melds_score: bool = True
    lay_off_own_melds_only: bool = False
    target: int | None = None
    # the game and every option (as table_settings filled them in) in one string: every field is determined by it,
    # which the hand memo (engine.hands) and the card tables (engine.card_tables) are keyed by; a copy with another
    # field must have another key ("" for rules made by hand, which nothing shares)
    key: str = ""

    @property
    def name(self) -> str:
        """The game's name as players say it."""
        return self.variant.name

    def option(self, name: str) -> Any:
        """The value of an option, the table's choice or the default."""
        return self.options[name]

    def is_wild(self, card: Card, wild_rank: int | None = None) -> bool:
        """True when the card may stand for another card in this game (and this hand)."""
        if card.is_joker:
            return self.jokers_wild
        if self.deuces_wild and card.rank == 2:
            return True
        return self.variant.asks_wild_rank and wild_rank is not None and card.rank == wild_rank


def _options_key(options: Mapping[str, Any] | None) -> tuple[tuple[str, type, Any], ...] | None:
    """The options as a key of Game._kept_rules, or None when they cannot be one (not a mapping, a value unhashable).

    Each value's type is in the key: ``True == 1``, but an option taking a number refuses True. The order is
    kept: of several wrong options, the first is the one named.
    """
    if not isinstance(options, Mapping):
        return None
    key = tuple((name, type(value), value) for name, value in options.items() if isinstance(name, str))
    if len(key) != len(options):
        return None
    try:
        hash(key)
    except TypeError:
        return None
    return key


def read_options(game: Game, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option of `game`, the table's choice or the default; InputError naming an option it lacks or a bad value."""
    specs = game.option_specs()
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InputError("`options` must be an object of option names and values")
    chosen = {name: spec.default for name, spec in specs.items()}
    for name, value in options.items():
        spec = specs.get(name)
        if value is None and spec is not None:
            continue  # null asks for the default
        if spec is None:
            known = ", ".join(specs) or "none"
            raise InputError(f"{game.name} has no option `{name}`; its options are {known}")
        if not spec.allows(value):
            raise InputError(
                f"option `{name}` of {game.name} must be {spec.described()}, not {shown(value)}"
            )
        chosen[name] = value
    return chosen


# the card lists of a player's entry: null in a file means none entered
CARD_LISTS = ("melds", "layoffs", "in_hand")


def _empty_for_null(entry: Any, keys: Sequence[str]) -> Any:
    """`entry` with each of `keys` that is null as an empty list (anything not an object as it is)."""
    if not isinstance(entry, Mapping):
        return entry
    return {key: [] if value is None and key in keys else value for key, value in entry.items()}
