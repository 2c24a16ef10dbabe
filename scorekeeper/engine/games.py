"""The eight games: their ids, options, decks, meld rules and card values.

:func:`table_rules` turns a game id, the options a table chose and the number of
players into one frozen :class:`Rules` that melds and scoring consult.

>>> rules = table_rules("rummy500", {}, players=5)
>>> rules.decks, rules.jokers, rules.target
(2, 4, 500)
>>> table_rules("gin", {"knock_limit": 7}).option("knock_limit")
7
>>> table_rules("gin", {"decks": 2})
Traceback (most recent call last):
...
scorekeeper.engine.errors.InputError: Gin Rummy has no option `decks`; its options are target, knock_limit, gin_bonus, undercut_bonus, big_gin_bonus, game_bonus, box_bonus, shutout_double
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine.cards import ACE, QUEEN, RANKS, SUITS, Card, rank_name
from scorekeeper.engine.errors import InputError

GAME_NAMES = {
    "rummy500": "500 Rum",
    "persian": "Persian Rummy",
    "oklahoma": "Oklahoma",
    "michigan": "Michigan Rummy",
    "rummy5000": "5000 Rummy",
    "basic": "Basic Rummy",
    "penalty": "Rummy to 100",
    "gin": "Gin Rummy",
}
GAMES = tuple(GAME_NAMES)

# (fewest, most) players each game is played with
PLAYERS = {
    "rummy500": (2, 8),
    "persian": (4, 4),
    "oklahoma": (2, 8),
    "michigan": (2, 8),
    "rummy5000": (2, 8),
    "basic": (2, 4),
    "penalty": (2, 6),
    "gin": (2, 2),
}


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
            return " or ".join(_shown(c) for c in self.choices)
        if self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        return f"a whole number, {self.minimum} or more"


def _shown(value: Any) -> str:
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

OPTIONS: dict[str, dict[str, Option]] = {
    game: {o.name: o for o in specs}
    for game, specs in {
        "rummy500": (
            _target(500),
            *_500_OPTIONS,
            Option(
                "must_go_out_to_win", "Must go out to win", "bool", False,
                "Only the player who goes out can win, once at or above the target.",
            ),
        ),
        "persian": (_target(500),),
        "oklahoma": (
            _target(1000),
            Option("jokers", "Jokers", "int", 0, "Oklahoma with jokers: add 1 to 4 wild jokers.", maximum=4),
        ),
        "michigan": _500_OPTIONS,
        "rummy5000": (_target(5000), _DECKS),
        "basic": (
            _target(None, "100 for 2 players, 150 for 3, 200 for 4."),
            Option("jokers", "Jokers", "choice", 0, "Play with 2 wild jokers.", choices=(0, 2)),
        ),
        "penalty": (_target(100, "The game ends when a total reaches it; the lowest total wins."),),
        "gin": (
            _target(100),
            _bonus("knock_limit", "Knock with at most", 10, "The most deadwood a player may knock with."),
            _bonus("gin_bonus", "Gin bonus", 25, "For going gin, with no deadwood."),
            _bonus("undercut_bonus", "Undercut bonus", 25, "For the defender whose deadwood is no more than the knocker's."),
            _bonus("big_gin_bonus", "Big gin bonus", 0, "For gin with all 11 cards (31 is common); 0 scores it as gin."),
            _bonus("game_bonus", "Game bonus", 0, "For winning the game (100 is common)."),
            _bonus("box_bonus", "Box bonus", 0, "At the end, for every hand won (25 is common)."),
            Option("shutout_double", "Double a shutout", "bool", False, "When the loser scored nothing, the winner's whole score doubles, game and box bonuses included."),
        ),
    }.items()
}

_TARGETS = {"rummy500": 500, "persian": 500, "oklahoma": 1000, "rummy5000": 5000, "penalty": 100, "gin": 100}
_BASIC_TARGETS = {2: 100, 3: 150, 4: 200}


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about one table's game."""

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    decks: int = 1
    jokers: int = 0
    jokers_wild: bool = True
    deuces_wild: bool = False
    ace_low: bool = True
    ace_high: bool = True
    sets_repeat_suits: bool = False
    melds_score: bool = True
    lay_off_own_melds_only: bool = False
    target: int | None = None
    key: str = ""  # the game and every option in one string: what memos of pure functions are keyed by

    @property
    def name(self) -> str:
        """The game's name as players say it."""
        return GAME_NAMES[self.game]

    def option(self, name: str) -> Any:
        """The value of an option, the table's choice or the default."""
        return self.options[name]

    def is_wild(self, card: Card, wild_rank: int | None = None) -> bool:
        """True when the card may stand for another card in this game (and this hand)."""
        if card.is_joker:
            return self.jokers_wild
        if self.deuces_wild and card.rank == 2:
            return True
        return self.game == "rummy5000" and wild_rank is not None and card.rank == wild_rank


_RULES: dict[tuple, Rules] = {}


def table_rules(game: str, options: Mapping[str, Any] | None = None, players: int | None = None) -> Rules:
    """The rules of `game` with the table's `options`, for `players` players when known.

    Memoised on the arguments (when they can be a key): every meld check and
    session asks for its rules, and the answer never changes.
    """
    try:
        # types too: 1 and True are equal keys, but only one of them is a valid value for an option
        chosen = None if options is None else tuple((k, type(v), v) for k, v in options.items())  # type: ignore[union-attr]
        key: tuple | None = (type(game), game, chosen, players)
        known = _RULES.get(key)  # type: ignore[arg-type]
    except (AttributeError, TypeError):  # not a mapping, or values that cannot be a key: read afresh
        key = known = None
    if known is not None:
        return known
    rules = _table_rules(game, options, players)
    if key is not None and len(_RULES) < 10_000:
        _RULES[key] = rules
    return rules


def _table_rules(game: str, options: Mapping[str, Any] | None, players: int | None) -> Rules:
    if not isinstance(game, str) or game not in GAME_NAMES:
        raise InputError(f"`{game}` is not a game we know: games are {', '.join(GAMES)}")
    chosen = _read_options(game, options)
    specs = OPTIONS[game]
    settings: dict[str, Any] = {"game": game}
    many = players is not None and players > 4

    if game in ("rummy500", "michigan"):
        decks = chosen["decks"] or (2 if many else 1)
        chosen["decks"] = decks
        settings |= {"decks": decks, "jokers": chosen["jokers"] * decks}
    elif game == "persian":
        settings |= {"jokers": 4, "jokers_wild": False, "ace_low": False}
    elif game == "oklahoma":
        settings |= {"decks": 2, "jokers": chosen["jokers"], "deuces_wild": True, "sets_repeat_suits": True}
        settings["lay_off_own_melds_only"] = True
    elif game == "rummy5000":
        decks = chosen["decks"] or (2 if many else 1)
        chosen["decks"] = decks
        settings |= {"decks": decks, "sets_repeat_suits": True}
    elif game == "basic":
        settings |= {"jokers": chosen["jokers"], "ace_high": False, "melds_score": False}
    else:  # penalty and gin
        settings |= {"ace_high": False, "melds_score": False}
    if game == "gin":
        settings["lay_off_own_melds_only"] = True

    if "target" in specs:
        if chosen["target"] is None:
            if game == "basic":
                chosen["target"] = _BASIC_TARGETS.get(players or 2, 200)
            else:
                chosen["target"] = _TARGETS[game]
        settings["target"] = chosen["target"]
    settings["key"] = repr((game, sorted(chosen.items()), players is not None and players > 4))
    return Rules(options=chosen, **settings)


def _read_options(game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    specs = OPTIONS[game]
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
            raise InputError(f"{GAME_NAMES[game]} has no option `{name}`; its options are {known}")
        if not spec.allows(value):
            raise InputError(
                f"option `{name}` of {GAME_NAMES[game]} must be {spec.described()}, not {_shown(value)}"
            )
        chosen[name] = value
    return chosen


@dataclass(frozen=True)
class GameSpec:
    """A game as pages and forms describe it: id, name, a one-line summary, player counts and options."""

    id: str
    name: str
    summary: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]


SUMMARIES = {
    "rummy500": "Score what you meld, lose what you hold; first past 500 with the top total wins.",
    "persian": "Two partnerships of two; jokers meld only together, four of a kind scores double.",
    "oklahoma": "Two decks, every deuce wild, the queen of spades worth 50; play to 1000.",
    "michigan": "Scored like 500 Rum, but every hand is a game of its own: count hands won.",
    "rummy5000": "A wild rank each hand; whoever goes out collects the cards left in other hands.",
    "basic": "Whoever goes out scores the cards left in everyone else's hand.",
    "penalty": "Cards left in your hand count against you; lowest total when someone reaches 100 wins.",
    "gin": "Two players, knock or go gin, deadwood decides; play to 100.",
}


def game_ids() -> tuple[str, ...]:
    """Every game id, in the order pages list them."""
    return GAMES


def get_game(game: str) -> GameSpec:
    """The description of one game; InputError for an id we do not know.

    >>> spec = get_game("persian")
    >>> spec.name, spec.min_players, spec.max_players, [o.name for o in spec.options]
    ('Persian Rummy', 4, 4, ['target'])
    """
    if not isinstance(game, str) or game not in GAME_NAMES:
        raise InputError(f"`{game}` is not a game we know: games are {', '.join(GAMES)}")
    low, high = PLAYERS[game]
    return GameSpec(game, GAME_NAMES[game], SUMMARIES[game], low, high, tuple(OPTIONS[game].values()))


def check_players(game: str, players: int) -> None:
    """InputError unless `game` is played by that many players."""
    spec = get_game(game)
    low, high = spec.min_players, spec.max_players
    if low <= players <= high:
        return
    wanted = f"exactly {low}" if low == high else f"{low} to {high}"
    raise InputError(f"{spec.name} is played by {wanted} players, not {players}")


def resolve_options(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> dict[str, Any]:
    """The table's options with every default filled in, checked against the game and player count.

    >>> resolve_options("basic", {}, n_players=3)
    {'target': 150, 'jokers': 0}
    """
    if n_players is not None:
        check_players(game, n_players)
    return dict(table_rules(game, options, n_players).options)


def deck_counts(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> dict[str, int]:
    """How many copies of each card the table's decks hold, jokers as ``JK``.

    >>> counts = deck_counts("oklahoma", {"jokers": 2})
    >>> counts["QS"], counts["JK"], len(counts)
    (2, 2, 53)
    """
    rules = table_rules(game, options, n_players)
    counts = {f"{rank_name(rank)}{suit}": rules.decks for suit in SUITS for rank in RANKS}
    counts["JK"] = rules.jokers
    return counts


def card_values(game: str, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The game's card values as a table: one row per card or kind of card, melded and left in hand.

    ``melded`` is None where melds do not score; ``in_hand`` is signed as it
    counts for the card's holder where holding costs them, else what the
    card is worth to whoever collects it (Basic, 5000 Rummy) or as deadwood.

    >>> [(r["card"], r["melded"], r["in_hand"]) for r in card_values("rummy500")][:2]
    [('A', 15, -15), ('A low in a run (A-2-3)', 1, None)]
    """
    rules = table_rules(game, options)
    loses = game in ("rummy500", "michigan", "persian", "oklahoma")
    sign = -1 if loses else 1
    rows: list[dict[str, Any]] = []

    def add(label: str, card: Card, melded: bool = True, in_hand: bool = True, low_ace: bool = False) -> None:
        rows.append({
            "card": label,
            "melded": meld_card_points(rules, card, card, low_ace, None) if melded and rules.melds_score else None,
            "in_hand": sign * hand_card_points(rules, card) if in_hand else None,
        })

    for rank in RANKS:
        name = rank_name(rank)
        if game == "oklahoma" and rank == 2:
            rows.append({"card": "2 (wild: scores as the card it stands for)", "melded": None, "in_hand": -20})
        elif game == "oklahoma" and rank == QUEEN:
            add("Q♠", Card(QUEEN, "S"))
            add("Q♥ Q♦ Q♣", Card(QUEEN, "H"))
        else:
            add(name, Card(rank, "H"))
        if rank == ACE and rules.ace_low and game in ("rummy500", "michigan") and rules.option("ace_points") is None:
            add("A low in a run (A-2-3)", Card(ACE, "H"), in_hand=False, low_ace=True)
    if game == "rummy5000":
        rows.append({"card": "wild card", "melded": 100, "in_hand": 100})
        rows.append({"card": "wild card, when aces are wild", "melded": 200, "in_hand": 200})
    elif rules.jokers or "jokers" in OPTIONS[game]:
        add("JK", Card(0, ""))
    return rows


# card values -----------------------------------------------------------------


def _face_value(rank: int) -> int:
    """2-10 at face value, J Q K 10."""
    return 10 if rank >= 10 else rank


def meld_card_points(rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
    """What one card scores when melded or laid off, read as `stands_for`.

    `low_ace` says the card stands for an ace at the low end of a run (A-2-3).
    """
    game = rules.game
    if not rules.melds_score:
        return 0
    if game in ("rummy500", "michigan"):
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
        return _face_value(rank)
    if game == "persian":
        if card.is_joker:
            return 20
        return 15 if card.rank == ACE else _face_value(card.rank)
    if game == "oklahoma":
        if card.is_joker:
            return 100
        # a deuce scores as the card it stands for; a deuce standing for a two scores 5
        return _oklahoma_melded(stands_for)
    # rummy5000
    return _rummy5000_value(card, wild_rank)


def _oklahoma_melded(card: Card) -> int:
    if card.rank == ACE:
        return 20
    if card.rank == QUEEN:
        return 50 if card.suit == "S" else 10
    if card.rank >= 8:
        return 10
    return 5


def _rummy5000_value(card: Card, wild_rank: int | None) -> int:
    if wild_rank is not None and card.rank == wild_rank:
        return 200 if wild_rank == ACE else 100
    if card.rank == ACE:
        return 100
    return 5 if card.rank <= 9 else 10


def hand_card_points(rules: Rules, card: Card, wild_rank: int | None = None) -> int:
    """What one card left in a hand is worth: a loss to its holder, or a gain to the player who went out."""
    game = rules.game
    if game in ("rummy500", "michigan", "persian"):
        return meld_card_points(rules, card, card, False, wild_rank)
    if game == "oklahoma":
        if card.is_joker:
            return 200
        if card.rank == 2:
            return 20
        if card.rank == QUEEN and card.suit == "S":
            return 100
        return _oklahoma_melded(card)
    if game == "rummy5000":
        return _rummy5000_value(card, wild_rank)
    # basic, penalty and gin count deadwood: ace 1, faces 10, a joker 20
    if card.is_joker:
        return 20
    return 1 if card.rank == ACE else min(card.rank, 10)


class CardTable(dict):
    """One answer per card at one table and hand, worked out by its one rule the first time, then looked up.

    Meld checks and hand sums ask the same questions (is this card wild, what
    is it worth left in hand) of every card of every hand, so each answer is
    asked of its rule once per card and kept.
    """

    def __init__(self, rule: Callable[[Rules, Card, int | None], Any], rules: Rules, wild_rank: int | None) -> None:
        super().__init__()
        self.rule = rule
        self.rules = rules
        self.wild_rank = wild_rank

    def __missing__(self, card: Card) -> Any:
        answer = self[card] = self.rule(self.rules, card, self.wild_rank)
        return answer


# the questions a table answers, each by the one function that states its rule
_QUESTIONS: dict[str, Callable[[Rules, Card, int | None], Any]] = {
    "wild": Rules.is_wild,
    "in_hand_points": hand_card_points,
}
_CARD_TABLES: dict[tuple[str, int | None, str], CardTable] = {}


def clear_memo() -> None:
    """Forget the rules and card tables worked out so far (for benchmarks that time a table never seen before)."""
    _RULES.clear()
    _CARD_TABLES.clear()


def card_table(rules: Rules, wild_rank: int | None, question: str) -> CardTable:
    """The table of `question` ("wild" or "in_hand_points") for every card under `rules` and the hand's wild rank."""
    if not rules.key:  # rules made by hand, not by table_rules: no key to share a table under
        return CardTable(_QUESTIONS[question], rules, wild_rank)
    key = (rules.key, wild_rank, question)
    table = _CARD_TABLES.get(key)
    if table is None:
        if len(_CARD_TABLES) >= 10_000:
            _CARD_TABLES.clear()
        table = _CARD_TABLES[key] = CardTable(_QUESTIONS[question], rules, wild_rank)
    return table
